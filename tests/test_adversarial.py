"""Hostile input sizes (issue 5): the reader, the adjudicator and the command line on inputs
built to hurt them.

The inputs: many records in one file, a very long line, one record of many deals, braces
nested deep or never closed (at the start, in the middle, at the end of a file), NUL bytes,
bytes that are not UTF-8, byte-order marks, every kind of line end, and files with no record
in them at all. The full sizes (100 MB, a 10 MB line, 100,000 deals, braces 100,000 deep) are
measured by ``bench/adversarial.py``; here they are scaled down to run in seconds.

What is asserted:

* time linear in the size: the CPU time at n and at 4n (or 8n), each the best of a few
  measures over enough runs to take a twentieth of a second, within a generous ratio (CPU
  time, not wall time: the other processes of a shared machine slow the wall clock, not this
  process's CPU time);
* memory that does not grow with the number of records: the tracemalloc peak at n and at 4n
  records of one file;
* where the input is not a record, a :class:`NotationError` with the file, line and column,
  the message and the hint; ``ecarte check`` and ``ecarte fmt`` exit with status 2 and never
  print a traceback;
* a record with CRLF line ends or a byte-order mark reads as its LF twin.

* the reader's limits (a line of at most ``MAX_LINE_BYTES``, a deal of at most
  ``MAX_DEAL_EVENTS`` events), the same from a file, bytes or a str, and what a deal at the
  limit costs.
"""

from __future__ import annotations

import functools
import gc
import io
import math
import os
import random
import re
import shutil
import subprocess
import sysconfig
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from adjudicator import NotationError, Record, read_each, read_one, write
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.engine.ecarte.generate import generate
from adjudicator.engine.ecarte.replay import replay
from adjudicator.notation.ecarte.reader import MAX_DEAL_EVENTS, MAX_LINE_BYTES
from adjudicator.shell.cli import app

NOT_UTF8_HINT = "records are UTF-8 text; was this file saved as Latin-1 or cp1252?"
NEVER_CLOSED = "a brace comment opened here is never closed (no '}' before the end of the file)"
CLOSE_IT_HINT = "close it with '}', or write a ';' comment, which ends with its line"
STRAY_BRACE = "'}' is not a word of the notation"
STRAY_BRACE_HINT = "a '}' closes a brace comment, but no '{' opened one"
NUL = "a NUL byte: this is a binary file, not a record of the notation"
LONG_LINE_HINT = "is this a record? one event a line, and a line is short"

LINEAR_4X = 10.0
"""The largest ratio of times accepted for 4 times the data (linear work gives about 4)."""
LINEAR_8X = 20.0
"""The largest ratio of times accepted for 8 times the data (linear work gives about 8)."""
MEASURE_SECONDS = 0.05
"""The least CPU time over which a time is measured (short work is run several times)."""


# --------------------------------------------------------------------------------------------
#  Helpers: records, clocks, memory
# --------------------------------------------------------------------------------------------


def rec(name: str) -> bytes:
    """A small record that reads: four lines, its tag line first."""
    return f'[Event "{name}"]\ndeal 1 A\n  turn KS\n  B proposes\n'.encode()


@functools.cache
def game() -> str:
    """A lawful game of six deals from the generator, in canonical form."""
    return write(generate(0).record)


def archive(n: int) -> bytes:
    """``n`` lawful records, each with its own Event tag (no two records are the same text)."""
    texts = (
        re.sub(r'^\[Event "[^"]*"\]', f'[Event "Archive {i}"]', game(), count=1) for i in range(n)
    )
    return "\n".join(texts).encode()


def long_record(deals: int) -> str:
    """One record of ``deals`` lawful deals: the six deals of :func:`game` over and over,
    renumbered (an even number of deals, so that the deal alternates across the repeats)."""
    head, *bodies = re.split(r"(?m)^(?=deal \d+ )", game())
    assert len(bodies) % 2 == 0
    parts = [head]
    for i in range(deals):
        parts.append(re.sub(r"^deal \d+", f"deal {i + 1}", bodies[i % len(bodies)], count=1))
    return "".join(parts)


def irregular(text: str) -> str:
    """The record with its first point marked as two: every later score differs from the
    marks, so that every deal has a finding and the adjudicator takes its full path."""
    return text.replace(" marks 1 point", " marks 2 point", 1)


def cpu_time(work: Callable[[], object], repeats: int = 2) -> float:
    """The CPU time of one run of ``work``, in seconds: the best of ``repeats`` measures, each
    over enough runs to take at least :data:`MEASURE_SECONDS` (a run of a millisecond alone
    is at the mercy of one page fault or one collection).

    The objects alive before are frozen (``gc.freeze``) while it runs: the collector still
    runs, but on what ``work`` makes, not on the heap of the test session (which made the
    collections of a big run cost more than the work in a full run of the suite)."""
    gc.collect()
    gc.freeze()
    try:
        start = time.process_time()
        work()
        once = time.process_time() - start
        runs = max(1, math.ceil(MEASURE_SECONDS / max(once, 1e-5)))
        best = once if runs == 1 else math.inf
        for _ in range(repeats - (runs == 1)):
            start = time.process_time()
            for _ in range(runs):
                work()
            best = min(best, (time.process_time() - start) / runs)
    finally:
        gc.unfreeze()
    return best


def assert_linear(
    small: Callable[[], object],
    big: Callable[[], object],
    factor: int,
    *,
    repeats: int = 2,
) -> None:
    """Assert that ``big`` (``factor`` times the data of ``small``) takes at most a generous
    multiple of ``factor`` times as long: 10 for 4 times the data, 20 for 8 times."""
    bound = {4: LINEAR_4X, 8: LINEAR_8X}[factor]
    t_small = cpu_time(small, repeats)
    t_big = cpu_time(big, repeats)
    ratio = t_big / max(t_small, 1e-4)
    assert ratio < bound, (
        f"{factor} times the data took {ratio:.1f} times as long "
        f"({t_small:.3f} s, then {t_big:.3f} s): not linear"
    )


def peak_bytes(work: Callable[[], object]) -> int:
    """The peak of memory allocated while ``work`` runs, over what was allocated before."""
    tracing = tracemalloc.is_tracing()
    if not tracing:
        tracemalloc.start()
    gc.collect()
    base = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        if not tracing:
            tracemalloc.stop()


def assert_flat(at_n: int, at_4n: int) -> None:
    """Assert that the peak at 4n records is not much above the peak at n (50% and 1 MB of
    slack): memory does not grow with the number of records."""
    assert at_4n < 1.5 * at_n + (1 << 20), (
        f"peak {at_n / 1e6:.1f} MB at n records, {at_4n / 1e6:.1f} MB at 4n: memory grows "
        "with the number of records"
    )


def read_all(data: bytes, path: str = "f.etn") -> list[Record | NotationError]:
    """Every record of ``data`` (read as a file's bytes), or the error in its place."""
    return list(read_each(io.BytesIO(data), path=path))


def count(path: Path) -> int:
    """How many records and errors the file at ``path`` gives."""
    return sum(1 for _ in read_each(path))


def outcomes(items: list[Record | NotationError]) -> list[tuple[Any, ...]]:
    """Each item as ``("record", line)`` or ``("error", line, column, message)``."""
    return [
        ("error", i.line, i.column, i.message)
        if isinstance(i, NotationError)
        else ("record", i.line)
        for i in items
    ]


def error(items: list[Record | NotationError], index: int = 0) -> NotationError:
    """The item at ``index``, which must be an error."""
    item = items[index]
    assert isinstance(item, NotationError), f"expected an error, got a record at {item.line}"
    return item


def invoke(*args: str, input: bytes | None = None) -> Result:
    """Run the ``ecarte`` command in this process; it must not end in an exception."""
    result = CliRunner().invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.output
    return result


# --------------------------------------------------------------------------------------------
#  Many records: linear time, flat memory
# --------------------------------------------------------------------------------------------


def test_an_archive_is_read_in_time_linear_in_its_size(tmp_path: Path) -> None:
    small, big = tmp_path / "small.etn", tmp_path / "big.etn"
    small.write_bytes(archive(80))
    big.write_bytes(archive(320))
    assert count(big) == 320
    assert_linear(lambda: count(small), lambda: count(big), 4)


def test_reading_an_archive_takes_memory_bounded_by_its_largest_record(tmp_path: Path) -> None:
    small, big = tmp_path / "small.etn", tmp_path / "big.etn"
    small.write_bytes(archive(40))
    big.write_bytes(archive(160))
    count(big)  # the reader's caches (lines, shapes) filled before measuring
    assert_flat(peak_bytes(lambda: count(small)), peak_bytes(lambda: count(big)))


def test_checking_an_archive_takes_memory_bounded_by_its_largest_record(tmp_path: Path) -> None:
    small, big = tmp_path / "small.etn", tmp_path / "big.etn"
    small.write_bytes(archive(25))
    big.write_bytes(archive(100))
    # One job: the records are ruled in this process (with more, workers would rule them).
    assert invoke("check", "-j", "1", str(big)).exit_code == 0
    at_n = peak_bytes(lambda: invoke("check", "-j", "1", str(small)))
    at_4n = peak_bytes(lambda: invoke("check", "-j", "1", str(big)))
    assert_flat(at_n, at_4n)


def test_formatting_an_archive_takes_memory_bounded_by_its_largest_record(
    tmp_path: Path,
) -> None:
    small, big = tmp_path / "small.etn", tmp_path / "big.etn"
    small.write_bytes(archive(20))
    big.write_bytes(archive(80))
    assert invoke("fmt", "--check", str(big)).exit_code in (0, 1)
    at_n = peak_bytes(lambda: invoke("fmt", "--check", str(small)))
    at_4n = peak_bytes(lambda: invoke("fmt", "--check", str(big)))
    assert_flat(at_n, at_4n)


def _distinct_long_lines(n: int, seed: int) -> bytes:
    """``n`` records, each with one line of 1,500 words that no other line repeats."""
    rng = random.Random(seed)
    words = ["x", "A", "1", "turn", "KS"]
    out = []
    for i in range(n):
        line = " ".join(rng.choice(words) for _ in range(1500))
        out.append(f'[Event "{seed} {i}"]\ndeal 1 A\n  {line}\n')
    return "".join(out).encode()


def test_long_lines_that_do_not_repeat_take_memory_bounded_by_the_largest_record(
    tmp_path: Path,
) -> None:
    small, big = tmp_path / "small.etn", tmp_path / "big.etn"
    seed = random.randrange(1 << 30)  # lines the process's caches have never seen
    small.write_bytes(_distinct_long_lines(5, seed))
    big.write_bytes(_distinct_long_lines(20, seed + 1))
    assert_flat(peak_bytes(lambda: count(small)), peak_bytes(lambda: count(big)))


def test_many_unreadable_records_are_reported_in_linear_time(tmp_path: Path) -> None:
    def bad(n: int) -> bytes:
        # Records that cannot be read, in turn: a byte that is not UTF-8, a word that is not
        # the notation's, a brace closed twice.
        kinds = [b"  A ref\xe9uses\n", b"  B propose\n", b"  A refuses { x } }\n"]
        return b"".join(rec(f"r{i}") + kinds[i % 3] for i in range(n))

    small, big = tmp_path / "small.etn", tmp_path / "big.etn"
    small.write_bytes(bad(50))
    big.write_bytes(bad(200))
    items = list(read_each(big))
    assert len(items) == 200
    assert all(isinstance(i, NotationError) for i in items)
    assert_linear(lambda: count(small), lambda: count(big), 4)


# --------------------------------------------------------------------------------------------
#  One record of many deals: read, replay, adjudicate in linear time
# --------------------------------------------------------------------------------------------


def _read(text: str) -> Callable[[], object]:
    """Reading ``text`` (a record)."""
    return lambda: read_one(text)


def _replay(text: str) -> Callable[[], object]:
    """Replaying the record of ``text`` (read beforehand), every step."""
    record = read_one(text)
    return lambda: sum(1 for _ in replay(record))


def _adjudicate(text: str) -> Callable[[], object]:
    """Ruling on the record of ``text`` (read beforehand)."""
    record = read_one(text)
    return lambda: adjudicate(record)


def _adjudicate_full(text: str) -> Callable[[], object]:
    """Ruling on the record of ``text`` by the full path (no fast path)."""
    record = read_one(text)
    return lambda: adjudicate(record, fast=False)


def _write(text: str) -> Callable[[], object]:
    """Writing the record of ``text`` (read beforehand) in canonical form."""
    record = read_one(text)
    return lambda: write(record)


@pytest.mark.parametrize(
    ("task", "deals"),
    [
        (_read, 150),
        (_replay, 120),
        (_adjudicate, 150),
        (_adjudicate_full, 80),
        (_write, 150),
    ],
    ids=["read", "replay", "adjudicate", "adjudicate-full-path", "write"],
)
def test_a_record_of_many_deals_takes_time_linear_in_its_deals(
    task: Callable[[str], Callable[[], object]], deals: int
) -> None:
    assert_linear(task(long_record(deals)), task(long_record(4 * deals)), 4)


def test_a_record_of_many_irregular_deals_is_adjudicated_in_linear_time() -> None:
    small, big = irregular(long_record(60)), irregular(long_record(240))
    ruling = adjudicate(read_one(big))
    assert len(ruling.deals) == 240
    assert ruling.findings  # the full path: the laws had something to find
    assert_linear(_adjudicate(small), _adjudicate(big), 4, repeats=3)


def _bare_deals(n: int) -> str:
    """A record of ``n`` deal lines and nothing else: no trump is ever turned."""
    return "".join(f"deal {i + 1} {'AB'[i % 2]}\n" for i in range(n))


def test_the_laws_views_of_a_record_take_time_linear_in_its_deals() -> None:
    # Deals in which no trump is turned: the next turn-up after each deal is not in the next
    # deal (it was looked for in every later deal, for every deal: quadratic).
    from laws.ecarte.view import deal_views

    small, big = read_one(_bare_deals(200)), read_one(_bare_deals(1600))
    assert len(deal_views(small)) == 200
    assert_linear(lambda: deal_views(small), lambda: deal_views(big), 8)


def test_the_replay_shown_deal_by_deal_holds_one_deal_at_a_time() -> None:
    # ecarte replay prints each deal as the replay passes it: the summaries of the deals
    # before are not kept (10,000 deals: 190 MB for the command, against 278 MB when the
    # whole summary was built first; the rest is the record).
    from adjudicator.court.ecarte.adjudicate import ruled_replay
    from adjudicator.shell.show import deal_summaries, render_deal, summarise

    record = read_one(long_record(400))

    def show() -> None:
        for deal in deal_summaries(record):
            render_deal(deal)

    def replay_alone() -> None:  # the replay the command shows: the table as the laws allow
        for _ in ruled_replay(record):
            pass

    shown, replayed = peak_bytes(show), peak_bytes(replay_alone)
    assert shown < replayed + (1 << 17), f"{shown / 1e6:.2f} MB, replay {replayed / 1e6:.2f} MB"
    assert peak_bytes(lambda: summarise(record)) > 5 * shown  # every deal's summary kept
    assert [d["number"] for d in deal_summaries(record)] == list(range(1, 401))


def test_a_record_of_many_bare_deals_is_adjudicated() -> None:
    ruling = adjudicate(read_one(_bare_deals(300)))
    assert len(ruling.deals) == 300


DEALT = "deal 1 A\n  B: KH QH 9S\n  A: 7S 8S 9D\n  B: 7H 8H\n  A: AS AD\n  turn KS\n"
"""A deal dealt and its trump turned, for one event repeated after it."""


def test_a_deal_of_more_events_than_the_reader_takes_is_a_located_error() -> None:
    # A deal of écarté has a few dozen events. Some of a deal's state grows with its events
    # (its marks, proposals, announcements) and the replay keeps the state after each: a
    # deal of 20,000 marks (400 KB) would take 1.9 GB. The reader takes at most
    # MAX_DEAL_EVENTS in a deal, and reports the record that has more.
    at_limit = DEALT + "  A marks 1 point\n" * (MAX_DEAL_EVENTS - 5)  # 5 events in DEALT
    assert len(read_one(at_limit).deals[0].events) == MAX_DEAL_EVENTS
    over = at_limit + "  A marks 1 point\n"
    items = list(read_each(rec("one").decode() + over + rec("two").decode(), path="f.etn"))
    assert [o[0] for o in outcomes(items)] == ["error", "record"]  # the next record is read
    e = error(items)
    assert (e.line, e.column) == (5 + MAX_DEAL_EVENTS + 1, 3)
    assert e.message == (
        f"deal 1 has {MAX_DEAL_EVENTS + 1:,} events; a deal of écarté has a few dozen, and "
        f"the reader takes at most {MAX_DEAL_EVENTS:,}"
    )
    assert e.hint == "is this a record of a game? one line for each thing done at the table"
    opening = "cut A 7H B KS\n" * (MAX_DEAL_EVENTS + 1)
    e = error(list(read_each(opening, path="f.etn")))
    assert e.message.startswith(f"the record's opening has {MAX_DEAL_EVENTS + 1:,} events")


@pytest.mark.parametrize(
    "line",
    [
        "  A marks 1 point\n",
        "  B announces king\n",
        "  A proposes\n  B refuses\n",
        "  A retracts 7H\n",
        "  B: 7C\n",
        "  B claims new deal\n",  # each asks the court's leave, judged on the deal so far
        "  A refuses\n",  # each asks the laws' leave
    ],
    ids=["marks", "announcements", "proposals", "retractions", "packets", "claims", "refusals"],
)
def test_a_deal_at_the_limit_is_adjudicated_in_bounded_memory(line: str) -> None:
    record = read_one(DEALT + line * ((MAX_DEAL_EVENTS - 6) // line.count("\n")))
    assert len(record.deals[0].events) > MAX_DEAL_EVENTS - 2
    assert peak_bytes(lambda: adjudicate(record)) < 64 << 20


def test_one_deal_of_many_retractions_is_adjudicated_in_linear_time() -> None:
    small = read_one(DEALT + "  A retracts 7H\n" * 200)
    big = read_one(DEALT + "  A retracts 7H\n" * 1600)
    assert_linear(lambda: adjudicate(small), lambda: adjudicate(big), 8, repeats=3)


# --------------------------------------------------------------------------------------------
#  Long lines
# --------------------------------------------------------------------------------------------


def test_a_line_too_long_is_an_error_and_the_next_record_is_read() -> None:
    length = 1_000_000
    data = rec("one") + b"x" * length + b"\n" + rec("two")
    items = read_all(data)
    assert outcomes(items)[1] == ("record", 6)
    e = error(items)
    assert (e.path, e.line, e.column) == ("f.etn", 5, 1)
    assert e.message == (
        f"line 5 is {length + 1:,} bytes long; a line of the notation is at most "
        f"{MAX_LINE_BYTES:,} bytes"
    )
    assert e.hint == LONG_LINE_HINT
    assert "xxxxxxxxxx" not in str(e)  # the line is not printed


def test_a_line_too_long_is_read_in_linear_time_and_never_held_whole() -> None:
    def data(megabytes: float) -> bytes:
        return rec("one") + b"KS " * int(megabytes * 1_000_000 // 3) + b"\n" + rec("two")

    small, big = data(2.5), data(10)  # the line of 10 MB
    assert outcomes(read_all(big))[1] == ("record", 6)
    assert_linear(lambda: read_all(small), lambda: read_all(big), 4, repeats=3)
    at_n = peak_bytes(lambda: read_all(small))
    at_4n = peak_bytes(lambda: read_all(big))
    assert at_4n < at_n + (1 << 20), f"{at_n / 1e6:.1f} MB, then {at_4n / 1e6:.1f} MB"
    assert at_4n < 4 << 20  # a few blocks, not the line


def test_a_line_within_the_limit_is_read_in_linear_time() -> None:
    def data(words: int) -> bytes:
        return rec("one") + b"  " + b" ".join([b"x", b"A", b"1"] * (words // 3)) + b"\n"

    small, big = data(8000), data(32000)
    assert len(big) < MAX_LINE_BYTES
    assert_linear(lambda: read_all(small), lambda: read_all(big), 4, repeats=3)


def test_a_line_too_long_in_a_str_is_reported_as_in_a_file() -> None:
    text = rec("one").decode() + "x " * MAX_LINE_BYTES + "\n" + rec("two").decode()
    from_str = outcomes(list(read_each(text, path="f.etn")))
    from_bytes = outcomes(read_all(text.encode()))
    assert from_str == from_bytes
    from_stream = outcomes(list(read_each(io.StringIO(text), path="f.etn")))
    assert from_stream == from_bytes
    errors = [e for e in read_each(text, path="f.etn") if isinstance(e, NotationError)]
    assert [(e.line, e.column) for e in errors] == [(5, 1)]
    assert "a line of the notation is at most" in errors[0].message


def test_a_lone_surrogate_in_a_str_is_a_located_error() -> None:
    # No UTF-8 file can hold one; a str can (decoded with surrogateescape, say).
    text = rec("one").decode() + "deal 2 B\n  turn K\udce9\n" + rec("two").decode()
    items = list(read_each(text, path="f.etn"))
    assert outcomes(items) == [("error", 6, 9, "bytes that are not UTF-8 (ed)"), ("record", 7)]


# --------------------------------------------------------------------------------------------
#  Braces: nested (they do not nest), deep, never closed
# --------------------------------------------------------------------------------------------


def test_nested_braces_close_at_the_first_closing_brace() -> None:
    items = read_all(b"{ { { x } } }\n" + rec("after"))
    assert outcomes(items)[1] == ("record", 2)
    e = error(items)
    assert (e.line, e.column, e.message, e.hint) == (1, 11, STRAY_BRACE, STRAY_BRACE_HINT)
    assert "    1 | { { { x } } }\n" in str(e)


@pytest.mark.parametrize("depth", [1_000, 20_000])
def test_braces_deep_one_a_line(depth: int) -> None:
    items = read_all(b"{\n" * depth + b"}\n" * depth + rec("after"))
    assert outcomes(items) == [
        ("error", depth + 2, 1, STRAY_BRACE),
        ("record", 2 * depth + 1),
    ]
    assert error(items).hint == STRAY_BRACE_HINT


def test_braces_deep_one_a_line_are_read_in_linear_time() -> None:
    def data(depth: int) -> bytes:
        return b"{\n" * depth + b"}\n" * depth + rec("after")

    small, big = data(5_000), data(20_000)
    assert_linear(lambda: read_all(small), lambda: read_all(big), 4)


def test_braces_deep_on_one_line() -> None:
    depth = 20_000  # 80 KB: within the line limit
    items = read_all(b"{ " * depth + b"} " * depth + b"\n" + rec("after"))
    assert outcomes(items) == [("error", 1, 2 * depth + 3, STRAY_BRACE), ("record", 2)]
    shown = str(error(items))
    assert max(len(line) for line in shown.splitlines()) < 200  # the line is cut around it


def test_braces_too_deep_for_one_line() -> None:
    depth = 100_000
    items = read_all(b"{" * depth + b"}" * depth + b"\n" + rec("after"))
    e = error(items)
    assert (e.line, e.column) == (1, 1)
    assert e.message.startswith(f"line 1 is {2 * depth + 1:,} bytes long")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"{ never closed\n" + rec("one") + rec("two"), [("error", 1, 1, NEVER_CLOSED)]),
        (
            rec("one") + rec("two").replace(b"turn KS", b"turn KS { oops") + rec("three"),
            [("record", 1), ("error", 7, 11, NEVER_CLOSED)],
        ),
        (rec("one") + rec("two") + b"{", [("record", 1), ("error", 9, 1, NEVER_CLOSED)]),
        (
            rec("one") + rec("two") + b"{\n" * 100_000,
            [("record", 1), ("error", 9, 1, NEVER_CLOSED)],
        ),
        (b"{\n" * 100_000, [("error", 1, 1, NEVER_CLOSED)]),
    ],
    ids=["at-the-start", "in-the-middle", "at-the-end", "100000-deep-at-the-end", "only-braces"],
)
def test_a_brace_never_closed(data: bytes, expected: list[tuple[Any, ...]]) -> None:
    items = read_all(data)
    assert outcomes(items) == expected
    e = error(items, -1)
    assert e.hint == CLOSE_IT_HINT
    assert e.path == "f.etn"


# --------------------------------------------------------------------------------------------
#  NUL bytes, bytes that are not UTF-8
# --------------------------------------------------------------------------------------------


def test_a_nul_byte_on_the_first_line() -> None:
    items = read_all(b"\0" + rec("one") + rec("two"))
    assert outcomes(items) == [("error", 1, 1, NUL)]


def test_a_nul_byte_on_a_later_line_stops_the_reading_where_it_is() -> None:
    items = read_all(rec("one") + b"  A refuses\0\n" + rec("two"))
    assert outcomes(items) == [("error", 5, 12, NUL)]


def test_the_records_before_a_nul_byte_are_read() -> None:
    data = rec("one") + rec("two") + rec("three").replace(b"turn KS", b"turn K\0S") + rec("four")
    assert outcomes(read_all(data)) == [("record", 1), ("record", 5), ("error", 11, 9, NUL)]


def test_the_record_before_a_nul_byte_on_a_tag_line_is_read() -> None:
    data = rec("one") + rec("two") + rec("three").replace(b"Event", b"Ev\0ent")
    assert outcomes(read_all(data)) == [("record", 1), ("record", 5), ("error", 9, 4, NUL)]


def test_a_nul_byte_error_has_a_hint() -> None:
    assert error(read_all(rec("one") + b"\0\n")).hint


@pytest.mark.parametrize(
    ("data", "line", "column", "bad"),
    [
        (b"\xff" + rec("one"), 1, 1, "ff"),
        (rec("one").replace(b'"one"', b'"on\xe9"'), 1, 11, "e9"),
        (rec("one") + b"  A ref\xe9uses\n", 5, 8, "e9"),
        (rec("one") + b"  A refuses ; caf\xe9\n", 5, 18, "e9"),
        (rec("one") + b"  A refuses ; \xed\xa0\x80\n", 5, 15, "ed"),  # a surrogate
        (rec("one") + b"  A refuses ; \xc0\xaf\n", 5, 15, "c0"),  # an overlong '/'
        (rec("one") + b"  A refuses \xe2\x99", 5, 13, "e2 99"),  # cut off by the end
    ],
    ids=["first-byte", "in-a-tag", "in-a-word", "in-a-comment", "surrogate", "overlong", "at-eof"],
)
def test_bytes_that_are_not_utf8(data: bytes, line: int, column: int, bad: str) -> None:
    whole = data.endswith(b"\n")  # else the bad bytes end the file
    items = read_all(data + rec("next") if whole else data)
    if whole:
        assert outcomes(items)[1:] == [("record", data.count(b"\n") + 1)]
    else:
        assert len(items) == 1
    e = error(items)
    assert (e.path, e.line, e.column) == ("f.etn", line, column)
    assert e.message == f"bytes that are not UTF-8 ({bad})"
    assert e.hint == NOT_UTF8_HINT
    assert f"{e.line:>5} | " in str(e)  # the line is shown, the bad bytes replaced


def test_bytes_that_are_not_utf8_deep_in_a_big_file_are_found(tmp_path: Path) -> None:
    path = tmp_path / "big.etn"
    body = archive(300)
    path.write_bytes(body + b"\n" + rec("bad").replace(b"turn KS", b"turn K\xe9S") + rec("ok"))
    items = list(read_each(path))
    assert len(items) == 302
    e = error(items, 300)
    line = body.count(b"\n") + 4
    assert (e.path, e.line, e.column, e.message) == (
        str(path),
        line,
        9,
        "bytes that are not UTF-8 (e9)",
    )


# --------------------------------------------------------------------------------------------
#  Files with no record: empty, blank lines only, comments only
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty file: no record in it"),
        (b"\xef\xbb\xbf", "empty file: no record in it"),
        (b"\n \t\n\r\n" * 100_000, "empty file: no record in it"),
        (b"; a comment\n" * 100_000, "no record here: only comments and blank lines"),
        (
            b"{ a comment }\n{ on\ntwo lines }\n" * 10_000,
            "no record here: only comments and blank lines",
        ),
    ],
    ids=["empty", "byte-order-mark-only", "blank-lines", "line-comments", "brace-comments"],
)
def test_a_file_with_no_record(data: bytes, message: str) -> None:
    items = read_all(data)
    assert outcomes(items) == [("error", 1, 1, message)]
    assert error(items).expected == ["tags", "a cut for deal", "a deal"]


def test_a_file_of_blank_lines_is_read_in_linear_time() -> None:
    small, big = b"\n  \n" * 50_000, b"\n  \n" * 200_000
    assert_linear(lambda: read_all(small), lambda: read_all(big), 4)


def test_a_file_of_comments_is_read_in_linear_time() -> None:
    small, big = b"; a comment\n" * 20_000, b"; a comment\n" * 80_000
    assert_linear(lambda: read_all(small), lambda: read_all(big), 4)


# --------------------------------------------------------------------------------------------
#  Byte-order marks and line ends: a record reads as its LF twin
# --------------------------------------------------------------------------------------------

TWINS = {
    "crlf": lambda b: b.replace(b"\n", b"\r\n"),
    "bom": lambda b: b"\xef\xbb\xbf" + b,
    "bom-crlf": lambda b: b"\xef\xbb\xbf" + b.replace(b"\n", b"\r\n"),
    "mixed-lf-crlf": lambda b: b.replace(b"turn KS\n", b"turn KS\r\n"),
    "cr-cr-lf": lambda b: b.replace(b"\n", b"\r\r\n"),
    "no-final-line-end": lambda b: b.rstrip(b"\n"),
    "no-final-line-end-crlf": lambda b: b.replace(b"\n", b"\r\n").rstrip(b"\r\n"),
    "lone-cr": lambda b: b.replace(b"\n", b"\r"),
    "mixed-cr-lf-crlf": lambda b: b.replace(b"turn KS\n", b"turn KS\r").replace(
        b"proposes\n", b"proposes\r\n"
    ),
}


@pytest.mark.parametrize("twin", TWINS.values(), ids=TWINS.keys())
def test_a_record_reads_as_its_lf_twin(twin: Callable[[bytes], bytes]) -> None:
    lf = rec("one") + b"; a comment\n" + archive(3) + b"\n" + rec("two")
    expected = read_all(lf)
    assert all(isinstance(r, Record) for r in expected)
    assert read_all(twin(lf)) == expected


@pytest.mark.parametrize(
    "twin",
    [pytest.param(twin, id=name) for name, twin in TWINS.items()],
)
def test_a_big_file_reads_as_its_lf_twin(twin: Callable[[bytes], bytes]) -> None:
    lf = archive(60)  # 118 KB: more than a block of the reader, more than a line may hold
    assert len(lf) > MAX_LINE_BYTES
    assert read_all(twin(lf)) == read_all(lf)


def test_a_byte_order_mark_and_crlf_are_checked_as_the_lf_twin(tmp_path: Path) -> None:
    lf = tmp_path / "lf.etn"
    # The dealer proposes in each: a finding (the record contradicts itself).
    lf.write_bytes((rec("one") + rec("two")).replace(b"B proposes", b"A proposes"))
    twin = tmp_path / "twin.etn"
    twin.write_bytes(b"\xef\xbb\xbf" + lf.read_bytes().replace(b"\n", b"\r\n"))
    a, b = invoke("check", str(lf)), invoke("check", str(twin))
    assert (a.exit_code, a.stdout.replace(str(lf), "F")) == (
        b.exit_code,
        b.stdout.replace(str(twin), "F"),
    )
    assert a.exit_code == 1  # findings
    fmt = invoke("fmt", str(twin))
    assert fmt.exit_code == 0
    assert twin.read_bytes() == invoke("fmt", "-", input=lf.read_bytes()).stdout.encode()


@pytest.mark.parametrize("twin", [TWINS["lone-cr"], TWINS["mixed-cr-lf-crlf"]])
def test_line_ends_read_the_same_from_a_file_as_from_a_str(
    twin: Callable[[bytes], bytes],
) -> None:
    data = twin(rec("one") + rec("two"))
    assert read_all(data) == list(read_each(data.decode(), path="f.etn"))


def test_files_joined_with_their_byte_order_marks_read_as_their_twins() -> None:
    bom = b"\xef\xbb\xbf"
    joined = bom + rec("one") + bom + rec("two")
    assert outcomes(read_all(joined)) == [("record", 1), ("record", 5)]


# --------------------------------------------------------------------------------------------
#  The command line: exit status 2 for unreadable input, never a traceback
# --------------------------------------------------------------------------------------------

UNREADABLE = {
    "empty": (b"", "1:1: empty file: no record in it"),
    "blank-lines": (b"\n\n  \n" * 1000, "1:1: empty file: no record in it"),
    "comments-only": (b"; one\n{ two }\n", "1:1: no record here: only comments and blank lines"),
    "brace-never-closed": (rec("one") + b"{\n" * 10_000, f"5:1: {NEVER_CLOSED}"),
    "braces-nested": (b"{ { { x } } }\n" + rec("one"), f"1:11: {STRAY_BRACE}"),
    "nul-first-line": (b"\0" + rec("one"), f"1:1: {NUL}"),
    "nul-later-line": (rec("one") + b"  A\0\n", f"5:4: {NUL}"),
    "not-utf8": (rec("one") + b"  A ref\xe9uses\n", "5:8: bytes that are not UTF-8 (e9)"),
    "line-too-long": (
        rec("one") + b"x" * 2_000_000 + b"\n",
        f"5:1: line 5 is 2,000,001 bytes long; a line of the notation is at most "
        f"{MAX_LINE_BYTES:,} bytes",
    ),
    "utf16": (rec("one").decode().encode("utf-16"), "the file is UTF-16 text"),
}


@pytest.mark.parametrize("command", [["check"], ["fmt", "--check"], ["fmt"], ["parse"]])
@pytest.mark.parametrize("case", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_unreadable_input_exits_2(
    tmp_path: Path, case: tuple[bytes, str], command: list[str]
) -> None:
    data, message = case
    path = tmp_path / "hostile.etn"
    path.write_bytes(data)
    result = invoke(*command, str(path))
    assert result.exit_code == 2, result.stderr
    assert f"{path}:{message}" in result.stderr or message in result.stderr
    assert path.read_bytes() == data  # fmt leaves it as it was


@pytest.mark.parametrize("command", [["check"], ["fmt", "--check"], ["fmt"]])
@pytest.mark.parametrize("case", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_unreadable_standard_input_exits_2(case: tuple[bytes, str], command: list[str]) -> None:
    data, message = case
    result = invoke(*command, "-", input=data)
    assert result.exit_code == 2, result.stderr
    assert message in result.stderr


def test_an_unreadable_file_does_not_stop_the_others(tmp_path: Path) -> None:
    good = tmp_path / "a-good.etn"
    good.write_bytes(archive(2))
    bad = tmp_path / "b-bad.etn"
    bad.write_bytes(b"\0")
    after = tmp_path / "c-good.etn"
    after.write_bytes(archive(3))
    result = invoke("check", str(tmp_path))
    assert result.exit_code == 2
    assert f"{bad}:1:1: {NUL}" in result.stderr
    assert "3 file(s), 5 record(s): 5 clean" in result.stderr


class Trickle:
    """A stream that gives at most ``size`` bytes a read, as a pipe or a socket may."""

    def __init__(self, data: bytes, size: int = 64) -> None:
        self.data = io.BytesIO(data)
        self.size = size

    def read(self, n: int) -> bytes:
        return self.data.read(min(n, self.size))


@pytest.mark.parametrize(
    "head, line",
    [(b"\0\n", b"x" * 63 + b"\n"), (b'[Event "one big record"]\n', b"  A marks 1 point\n")],
    ids=["behind-a-nul-byte", "one-big-record"],
)
def test_standard_input_that_cannot_be_cut_is_left_to_be_streamed(head: bytes, line: bytes) -> None:
    # Standard input that offers no place to cut it into runs is not gathered whole: the
    # cutting gives up after a bounded read, and the rest is streamed by the caller.
    from adjudicator.shell.batch import CHUNK_BYTES, cut

    big = head + line * (40_000_000 // len(line))
    stream = Trickle(big, size=1 << 16)
    runs = [run for _offset, _line, run in cut(stream.read, CHUNK_BYTES, seekable=False)]
    assert runs[-1] is None
    start = b"".join(r for r in runs if r is not None)
    assert big.startswith(start)
    read = stream.data.tell()
    assert read == len(start) < len(big) // 2  # the rest is still in the stream


def test_standard_input_that_cannot_be_cut_is_ruled_alike_with_jobs() -> None:
    from adjudicator.shell import batch

    # Games with an overscore each (law 51), so that each ruling prints something.
    games = (
        write(generate(s).record).replace("marks 1 point", "marks 2 point", 1) for s in range(3)
    )
    good = "\n".join(games).encode()
    data = good + b'\n[Event "cr"]\ndeal 1 A\r  turn KS\r\n' + good * 40  # no cut after it

    def output(jobs: int) -> str:
        stdin = io.BytesIO(data)
        items = [batch.Input("-", None)]
        ruled = batch.rulings(items, fmt="text", jobs=jobs, stdin=stdin, chunk_bytes=2_000)
        return "".join(text for r in ruled for _kind, text in r.chunks)

    one = output(1)
    assert one.count("law 51") > 40  # the records after the place with no cut were ruled
    assert output(2) == one


def _console_script() -> list[str] | None:
    """The installed ``ecarte`` command beside this interpreter, or on PATH."""
    scripts = sysconfig.get_path("scripts")
    found = shutil.which("ecarte", path=os.pathsep.join([scripts, os.environ.get("PATH", "")]))
    return [found] if found else None


def test_the_console_script_checks_every_hostile_file_at_once(tmp_path: Path) -> None:
    script = _console_script()
    if script is None:
        pytest.skip("the ecarte console script is not installed")
    paths = []
    for name, (data, _message) in UNREADABLE.items():
        path = tmp_path / f"{name}.etn"
        path.write_bytes(data)
        paths.append(path)
    big = tmp_path / "zz-big.etn"  # big enough for the batch to cut it and use its workers
    big.write_bytes(archive(200))
    done = subprocess.run(
        [*script, "check", *map(str, paths), str(big)],
        capture_output=True,
        timeout=300,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, stderr
    assert "Traceback" not in stderr
    for path, (_data, message) in zip(paths, UNREADABLE.values(), strict=True):
        assert f"{path}:{message}" in stderr or (message in stderr and str(path) in stderr)
    summary = re.search(rb"(\d+) file\(s\), (\d+) record\(s\).*; (\d+) unreadable", done.stderr)
    assert summary is not None, done.stderr[-300:]
    assert int(summary[1]) == len(paths) + 1
    assert int(summary[3]) == len(paths)
    assert int(summary[2]) >= 200  # the big file's records, and one after the braces
