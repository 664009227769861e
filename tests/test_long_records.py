"""A long record is read, ruled and written a part at a time (issue 11, item 7), and gives exactly
what it gives held whole.

* The reader (``read_parts``) cuts a record of more than ``PART_LINES`` lines into parts of whole
  deals; joined, the parts are the record ``read_each`` gives, comments and positions included.
* The court rules a record whose deals come one at a time (``adjudicate_parts``) in pieces;
  joined, the pieces are the ruling of the whole record, also when a later deal of a game
  settles a correction made earlier (law 51) and when a claim in one deal changes who deals
  the next.
* ``ecarte check`` (text and JSON, one job or several) and ``ecarte parse --format jsonl`` print
  the same bytes for a record read in parts as for the record read whole.
* A part that cannot be read ends the ruling there, with a located error and exit status 2;
  the deals before it are ruled.
* What is held does not grow with the number of deals (measured with ``tracemalloc``).
"""

from __future__ import annotations

import io
import random
import re
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator import NotationError, Record, read_each, write
from adjudicator.court.ecarte.adjudicate import adjudicate, adjudicate_parts, join_rulings
from adjudicator.engine.ecarte.generate import generate
from adjudicator.notation.ecarte import reader
from adjudicator.notation.ecarte.reader import Portion, join_portions, read_parts
from adjudicator.notation.ecarte.writer import write_parts
from adjudicator.shell import batch
from adjudicator.shell.cli import app

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases" / "ecarte"


def casebook_text() -> str:
    """Every casebook record in one file (comments of every kind, continued comments, blank
    lines, comments after a record)."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(CASES.rglob("*.etn")))


def long_record(deals: int, seed: int = 0) -> str:
    """One record of ``deals`` lawful deals: a generated game's deals over and over, renumbered,
    with a comment in each deal and comments after the record."""
    text = write(generate(seed).record)
    head, *bodies = re.split(r"(?m)^(?=deal \d+ )", text)
    out = [head]
    for i in range(deals):
        body = re.sub(r"^deal \d+", f"deal {i + 1}", bodies[i % len(bodies)], count=1)
        out.append(body.replace("\n", f" ; deal {i + 1}\n", 1))
    return "".join(out) + "; the end\n;   of the record\n"


def irregular(text: str) -> str:
    """The record with its first point marked as two: a correction under law 51, and every
    later score line then differs from the marks."""
    return text.replace("marks 1 point", "marks 2 point", 1)


def generated_games(count: int, games: int = 3) -> list[Record]:
    """Records of several games each (a game won ends, the next begins in the same record)."""
    return [generate(seed, games=games).record for seed in range(count)]


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parts of a few lines: every record of more than one deal comes in parts."""
    monkeypatch.setattr(reader, "PART_LINES", 7)


def plain(items: Any) -> list[Any]:
    return [str(i) if isinstance(i, NotationError) else i for i in items]


def whole_records(items: Any) -> list[Any]:
    """``read_parts``' items with each record's portions joined (an unreadable part: the
    portions as they are)."""
    out: list[Any] = []
    portions: list[Portion] = []
    for item in items:
        if isinstance(item, Portion):
            portions.append(item)
            if item.last:
                if all(p.error is None for p in portions):
                    out.append(join_portions(portions))
                else:
                    out.append([str(p.error) for p in portions if p.error is not None])
                portions = []
        elif isinstance(item, NotationError):
            out.append(str(item))
        else:
            out.append(item)
    return out


# --------------------------------------------------------------------------------------------
#  The reader
# --------------------------------------------------------------------------------------------


def test_parts_joined_are_the_records_read_whole(small_parts: None) -> None:
    text = casebook_text() + "\n" + long_record(60) + '\n[Event "after"]\ndeal 1 A\n'
    items = list(read_parts(text))
    assert sum(isinstance(i, Portion) for i in items) > 200
    assert whole_records(items) == plain(read_each(text))


def test_only_long_records_come_in_parts() -> None:
    text = long_record(3) + '\n[Event "two"]\n' + long_record(400).split("\n", 1)[1]
    items = list(read_parts(text))
    assert isinstance(items[0], Record)  # 3 deals: held whole
    portions = [i for i in items if isinstance(i, Portion)]
    assert len(portions) >= 4 and portions[-1].last and not portions[0].last
    assert [p.index for p in portions] == list(range(len(portions)))
    assert all(not p.record.tags for p in portions[1:] if p.record is not None)
    assert all(p.record is not None and p.record.deals for p in portions)
    assert len(join_portions(portions).deals) == 400


def test_a_part_that_cannot_be_read_is_located(small_parts: None) -> None:
    lines = long_record(40).split("\n")
    bad = next(i for i, line in enumerate(lines) if line.startswith("deal 20 "))
    lines.insert(bad + 2, "  B KH QH 9S")
    items = list(read_parts("\n".join(lines)))
    portions = [i for i in items if isinstance(i, Portion)]
    errors = [p.error for p in portions if p.error is not None]
    assert len(errors) == 1 and errors[0].line == bad + 3 and errors[0].record_line == 1
    assert portions[-1].last and portions[-1].record is not None  # the parts after it are read


def test_written_in_parts_is_written_whole(small_parts: None) -> None:
    text = casebook_text() + "\n" + long_record(60)
    portions: list[Portion] = []
    for item in read_parts(text):
        if isinstance(item, Portion):
            portions.append(item)
            if item.last:
                parts = [p.record for p in portions if p.record is not None]
                assert "".join(write_parts(parts)) == write(join_portions(portions))
                portions = []
        elif isinstance(item, Record):
            assert "".join(write_parts([item])) == write(item)


# --------------------------------------------------------------------------------------------
#  The court
# --------------------------------------------------------------------------------------------


def pieces_joined(record: Record, every: int) -> Any:
    head = record.model_copy(update={"deals": ()})
    return join_rulings(adjudicate_parts(head, iter(record.deals), every=every)).model_dump()


@pytest.mark.parametrize("every", [1, 2, 5])
def test_pieces_joined_are_the_ruling_of_the_casebook(every: int) -> None:
    count = 0
    for item in read_each(casebook_text()):
        if isinstance(item, Record) and item.deals:
            assert pieces_joined(item, every) == adjudicate(item, fast=False).model_dump()
            count += 1
    assert count > 200


def test_pieces_joined_are_the_ruling_of_games_won_and_damaged() -> None:
    rng = random.Random(7)
    for record in generated_games(30):
        damaged = record
        for _ in range(3):  # marks changed: corrections, some settled by a later deal
            d = rng.randrange(len(record.deals))
            deal = damaged.deals[d]
            events = [
                e.model_copy(update={"points": rng.choice((0, 2, 3))})
                if e.kind == "mark" and rng.random() < 0.5
                else e
                for e in deal.events
            ]
            deals = list(damaged.deals)
            deals[d] = deal.model_copy(update={"events": tuple(events)})
            damaged = damaged.model_copy(update={"deals": tuple(deals)})
        for r in (record, damaged):
            assert pieces_joined(r, 1) == adjudicate(r, fast=False).model_dump()
            assert pieces_joined(r, 4) == adjudicate(r, fast=False).model_dump()


def test_a_piece_holds_back_a_correction_a_later_deal_may_settle() -> None:
    # Law 51: B overscores in deal 1 and the ruling takes the mark down; B takes it down
    # himself in deal 2, which settles the ruling's correction. A piece cut after deal 1
    # must not have given that correction out already.
    path = CASES / "law-51-overscore" / "i9-overscore-taken-down-next-deal.etn"
    text = path.read_text(encoding="utf-8")
    deal_1 = text[text.index("deal 1 B") : text.index("deal 2 A")]
    deal_2 = text[text.index("deal 2 A") :]
    deal_3 = deal_1.replace("deal 1 B", "deal 3 B").replace("A marks 2 point", "A marks 1 point")
    deal_3 = deal_3.replace("score A 2 B 0", "score A 2 B 1")
    deal_4 = deal_2.replace("deal 2 A", "deal 4 A").replace("  A unmarks 1", "  ;")
    deal_4 = deal_4.replace("score A 1 B 1", "score A 2 B 2")
    (record,) = read_each(text + "\n" + deal_3 + "\n" + deal_4)
    assert isinstance(record, Record) and len(record.deals) == 4
    whole = adjudicate(record, fast=False)
    head = record.model_copy(update={"deals": ()})
    pieces = list(adjudicate_parts(head, iter(record.deals), every=1))
    # A deal is ruled once the next deal's claims are judged: deal 1 at deal 3's turn-up, so
    # the first piece is cut at deal 4's heading, before deal 2 (which settles) is ruled.
    assert [len(p.deals) for p in pieces] == [1, 3]
    assert not pieces[0].corrections and not whole.corrections  # it waited, then was settled
    assert any(f.law == 51 for f in pieces[0].findings)
    assert join_rulings(pieces).model_dump() == whole.model_dump()


# --------------------------------------------------------------------------------------------
#  The command line: the same bytes
# --------------------------------------------------------------------------------------------


def run(path: Path, **kw: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = batch.check(batch.inputs([str(path)]), out=out, err=err, **kw)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def long_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("long") / "long.etn"
    games = "\n".join(write(r) for r in generated_games(3))
    text = irregular(long_record(300)) + "\n" + games + "\n" + long_record(200, seed=3)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_check_prints_the_same_bytes_for_a_record_read_in_parts(
    long_file: Path, fmt: batch.Format, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reader, "PART_LINES", 10**9)
    whole = run(long_file, fmt=fmt, jobs=1)
    assert whole[0] == 1 and whole[1].count("law 51") >= 1
    monkeypatch.setattr(reader, "PART_LINES", 50)
    assert run(long_file, fmt=fmt, jobs=1) == whole
    assert run(long_file, fmt=fmt, jobs=2, chunk_bytes=4000) == whole  # records in workers
    monkeypatch.setattr(batch, "MAX_LINE_BYTES", 1000)  # no cut in 64,000 bytes: the rest
    assert run(long_file, fmt=fmt, jobs=2, chunk_bytes=4000) == whole  # ruled here


def test_the_rest_of_a_file_that_cannot_be_cut_is_ruled_here(
    long_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "MAX_LINE_BYTES", 1000)  # no cut in 32,000 bytes: the rest
    tasks = list(batch.plan(batch.inputs([str(long_file)]), chunk_bytes=2000))
    rest = [p for t in tasks for p in t if p.rest]
    assert len(rest) == 1 and rest[0].path == str(long_file)


def test_parse_jsonl_prints_the_same_bytes(
    long_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = CliRunner()
    monkeypatch.setattr(reader, "PART_LINES", 10**9)
    whole = runner.invoke(app, ["parse", "--format", "jsonl", str(long_file)])
    whole_json = runner.invoke(app, ["parse", "--format", "json", str(long_file)])
    monkeypatch.setattr(reader, "PART_LINES", 50)
    parts = runner.invoke(app, ["parse", "--format", "jsonl", str(long_file)])
    parts_json = runner.invoke(app, ["parse", "--format", "json", str(long_file)])
    assert whole.exit_code == parts.exit_code == 0
    assert parts.stdout == whole.stdout and parts.stdout.count("\n") == 5
    assert parts_json.stdout == whole_json.stdout


@pytest.mark.parametrize(
    "command",
    [
        ["rule"],
        ["rule", "--format", "json"],
        ["replay"],
        ["replay", "--format", "json"],
        ["fmt", "--check"],
        ["fmt", "-"],
    ],
)
def test_rule_replay_and_fmt_print_the_same_bytes(
    long_file: Path, command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = CliRunner()
    data = long_file.read_text(encoding="utf-8")
    arguments = [*command, str(long_file)] if command[-1] != "-" else command
    monkeypatch.setattr(reader, "PART_LINES", 10**9)
    whole = runner.invoke(app, arguments, input=data)
    monkeypatch.setattr(reader, "PART_LINES", 50)
    parts = runner.invoke(app, arguments, input=data)
    assert (parts.exit_code, parts.stdout, parts.stderr) == (
        whole.exit_code,
        whole.stdout,
        whole.stderr,
    )
    assert (whole.exit_code in (0, 1) and len(whole.stdout) > 1000) or command[0] == "fmt"


def test_fmt_rewrites_a_long_record_as_it_would_whole(
    long_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = CliRunner()
    whole, parts = tmp_path / "whole.etn", tmp_path / "parts.etn"
    whole.write_bytes(long_file.read_bytes())
    parts.write_bytes(long_file.read_bytes())
    monkeypatch.setattr(reader, "PART_LINES", 10**9)
    assert runner.invoke(app, ["fmt", str(whole)]).exit_code == 0
    monkeypatch.setattr(reader, "PART_LINES", 50)
    assert runner.invoke(app, ["fmt", str(parts)]).exit_code == 0
    assert parts.read_bytes() == whole.read_bytes() != long_file.read_bytes()
    assert runner.invoke(app, ["fmt", "--check", str(parts)]).exit_code == 0
    # A part that cannot be read: the file is left as it was.
    broken = long_file.read_text(encoding="utf-8").replace("deal 150 ", "deal 150 A\n  B KH\n", 1)
    parts.write_text(broken, encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(parts)])
    assert result.exit_code == 2 and "left as it was" in result.stderr
    assert parts.read_text(encoding="utf-8") == broken


def test_a_part_that_cannot_be_read_ends_the_ruling_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reader, "PART_LINES", 50)
    lines = irregular(long_record(100)).split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("deal 60 ")) + 2
    lines.insert(at, "  B KH QH 9S")
    path = tmp_path / "broken.etn"
    path.write_text("\n".join(lines) + '\n[Event "next"]\ndeal 1 A\n  turn KS\n', "utf-8")
    status, out, err = run(path, jobs=1)
    assert status == 2
    assert f"{path}:{at + 1}: the record at line 1 is ruled only up to its deal " in err
    assert f"{path}:{at + 1}:" in err.split("\n", 1)[1]  # the error itself, located
    ruled = [int(m) for m in re.findall(r"\(deal (\d+)\)", out)]
    found = [int(line.split(":")[1]) for line in out.splitlines()]
    assert found and max(found) < at + 1 and ruled  # only deals before the bad part
    assert "2 record(s): 1 clean; " in err and "; 1 unreadable file(s)" in err
    parse = CliRunner().invoke(app, ["parse", "--format", "jsonl", str(path)])
    assert parse.exit_code == 2 and '"error"' in parse.stdout
    assert parse.stdout.count('"record"') == 1  # the next record, not the broken one


# --------------------------------------------------------------------------------------------
#  Memory: bounded by a part, not by the record
# --------------------------------------------------------------------------------------------


def _peak(path: Path, command: str) -> int:
    """Peak bytes traced while ``command`` runs on ``path`` (output to a null sink)."""
    sink = io.StringIO()
    tracemalloc.start()
    try:
        if command == "check":
            batch.check(batch.inputs([str(path)]), out=sink, err=io.StringIO(), jobs=1)
        else:
            for item in read_parts(path):
                del item
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("command", ["check", "read"])
def test_what_is_held_does_not_grow_with_the_deals(tmp_path: Path, command: str) -> None:
    short, long = tmp_path / "short.etn", tmp_path / "long.etn"
    short.write_text(long_record(600), "utf-8")
    long.write_text(long_record(2400), "utf-8")
    _peak(short, command)  # caches filled
    small, big = _peak(short, command), _peak(long, command)
    # Four times the deals; held whole, the peak would be about four times as big.
    assert big < 1.5 * small, (small, big)


def test_deals_without_a_turn_up_wait_in_bounded_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Deal lines with nothing in them: no trump is ever turned up, so no deal could be ruled
    # before the record's end; past MAX_WAITING the oldest are ruled as at the end.
    from adjudicator.court.ecarte import adjudicate as court

    bare = "".join(f"deal {i + 4} {'AB'[(i + 1) % 2]}\n" for i in range(300))
    (whole,) = list(read_each(irregular(long_record(3)) + bare))
    assert isinstance(whole, Record)
    expected = adjudicate(whole, fast=False).model_dump()
    monkeypatch.setattr(court, "MAX_WAITING", 4)
    assert adjudicate(whole, fast=False).model_dump() == expected
    assert pieces_joined(whole, 10) == expected
    short, long = tmp_path / "short.etn", tmp_path / "long.etn"
    # (a comment on each line: the reader's cache of plain lines, bounded, is left out)
    short.write_text("".join(f"deal {i + 1} {'AB'[i % 2]} ;\n" for i in range(2000)), "utf-8")
    long.write_text("".join(f"deal {i + 1} {'AB'[i % 2]} ;\n" for i in range(6000)), "utf-8")
    monkeypatch.setattr(court, "MAX_WAITING", 100)
    monkeypatch.setattr(reader, "PART_LINES", 500)  # many parts in both
    _peak(long, "check")  # the bounded caches (lines, the laws' memos) filled
    small, big = _peak(short, "check"), _peak(long, "check")
    assert big < 1.5 * small, (small, big)
