"""Issue 11, items 1 and 2: what the reader holds and reads is bounded, whatever the input.

* an unreadable record is held only up to its first errors (the most reported) and skipped to
  the next record: memory does not grow with the run of bad lines, and the next record is read;
* a deal of a million comment lines, and ten million lone CRs, take bounded memory;
* a line too long is skipped a block at a time, and an endless one (``/dev/zero``, an endless
  stream) ends the reading with a located error, at once;
* a file of NUL bytes is a binary file, never "empty", never "UTF-16".

The sizes are scaled down from ``bench/adversarial.py``'s (which prints the full ones beside
their budgets); the margins are generous (tracemalloc's peak, in this process; the peak
resident size of a fresh process for the command line).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_adversarial import assert_linear, outcomes, peak_bytes, read_all, rec

from adjudicator import NotationError, Record, read_each
from adjudicator.notation.ecarte import lexer, reader
from adjudicator.notation.ecarte.lexer import MAX_DEAL_LINES
from adjudicator.notation.ecarte.reader import MAX_LINE_BYTES, MAX_SKIP_BYTES
from adjudicator.notation.errors import MAX_ERRORS

NUL = "a NUL byte: this is a binary file, not a record of the notation"
GOOD = rec("after")


def junk(lines: int) -> bytes:
    """A record, then an unreadable one of ``lines`` lines no rule accepts, then a record."""
    return rec("before") + b'[Event "bad"]\n' + b"junk\n" * lines + GOOD


def items_and_peak(data: bytes) -> tuple[list[Record | NotationError], int]:
    """What the reader gives for ``data``, and the peak of memory it allocated."""
    found: list[list[Record | NotationError]] = []
    peak = peak_bytes(lambda: found.append(read_all(data)))
    return found[0], peak


# --------------------------------------------------------------------------------------------
#  An unreadable record is not held
# --------------------------------------------------------------------------------------------


def test_a_long_run_of_bad_lines_is_not_held_and_the_next_record_is_read() -> None:
    lines = 200_000  # 1 MB; every line was held, 600 bytes each (120 MB)
    items, peak = items_and_peak(junk(lines))
    assert [o[0] for o in outcomes(items)] == ["record", "error", "record"]
    e = items[1]
    assert isinstance(e, NotationError)
    assert len(e.errors) == MAX_ERRORS
    assert [x.line for x in e.errors] == list(range(6, 6 + MAX_ERRORS))
    assert e.unchecked == lines - MAX_ERRORS  # the rest counted, not held
    assert e.unchecked_line == 6 + MAX_ERRORS
    assert peak < 8 << 20, f"{peak / 1e6:.1f} MB"


def test_the_memory_of_a_bad_record_does_not_grow_with_its_bad_lines() -> None:
    _, small = items_and_peak(junk(25_000))
    _, big = items_and_peak(junk(200_000))
    assert big < small + (1 << 20), f"{small / 1e6:.1f} MB, then {big / 1e6:.1f} MB"


@pytest.mark.parametrize(
    "bad",
    [b"}\n", b"B B B\n", b"proposes proposes\n", b"\xe9t\xe9\n", b'x "y" {z}\n'],
    ids=["stray-brace", "bad-shape", "bad-order", "not-utf8", "careful-lexer"],
)
def test_bad_lines_of_every_kind_are_not_held(bad: bytes) -> None:
    data = rec("before") + b"deal 1 A\n" + bad * 100_000 + GOOD
    items, peak = items_and_peak(data)
    assert [o[0] for o in outcomes(items)] == ["error", "record"]
    e = items[0]
    assert isinstance(e, NotationError)
    assert len(e.errors) == MAX_ERRORS
    if bad.isascii():  # (a line that cannot be decoded reaches the lexer blank: not counted)
        assert e.unchecked > 90_000
    assert peak < 8 << 20, f"{peak / 1e6:.1f} MB"


def test_braces_deep_then_stray_ones_are_not_held() -> None:
    depth = 200_000
    items, peak = items_and_peak(b"{\n" * depth + b"}\n" * depth + GOOD)
    assert [o[0] for o in outcomes(items)] == ["error", "record"]
    assert peak < 32 << 20, f"{peak / 1e6:.1f} MB"  # the brace comment is held to its limit


def test_junk_between_deals_is_not_held() -> None:
    # A deal line starts a new part of the record, but the record's errors still add up.
    data = rec("before") + b"deal 1 A\njunk\n" * 100_000 + GOOD
    items, peak = items_and_peak(data)
    assert [o[0] for o in outcomes(items)] == ["error", "record"]
    assert peak < 8 << 20, f"{peak / 1e6:.1f} MB"


# --------------------------------------------------------------------------------------------
#  Comments and blank lines
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("comment", [b"; a note\n", b"  ; a note\n", b"{ a }\n"])
def test_a_deal_of_too_many_comment_lines_is_an_error_in_bounded_memory(
    comment: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Scaled down: the limit made 10,000 lines; twice it and ten times it cost the same.
    limit = 10_000
    monkeypatch.setattr(lexer, "MAX_DEAL_LINES", limit)
    monkeypatch.setattr(reader, "MAX_DEAL_LINES", limit)

    def data(lines: int) -> bytes:
        return b'[Event "c"]\ndeal 1 A\n  turn KS  ; the turn\n' + comment * lines + GOOD

    items, small = items_and_peak(data(2 * limit))
    _, big = items_and_peak(data(10 * limit))
    assert [o[0] for o in outcomes(items)] == ["error", "record"]
    e = items[0]
    assert isinstance(e, NotationError)
    assert (e.line, e.message) == (
        4 + limit,
        f"deal 1 has {2 * limit:,} lines of comments; a deal of écarté has a few dozen lines, "
        f"and the reader takes at most {limit:,} lines of comments in one",
    )
    assert big < small + (1 << 20), f"{small / 1e6:.1f} MB, then {big / 1e6:.1f} MB"


def test_comment_lines_up_to_the_limit_are_read_and_kept() -> None:
    data = b'[Event "c"]\ndeal 1 A\n  turn KS\n' + b"; a note\n" * MAX_DEAL_LINES + GOOD
    items = read_all(data)
    assert [o[0] for o in outcomes(items)] == ["record", "record"]
    second = items[1]
    assert isinstance(second, Record)
    assert len(second.tags[0].comments_before) == MAX_DEAL_LINES  # (no blank line before it)


def test_aligned_comment_lines_are_gathered_in_linear_time() -> None:
    # Each comment line aligned under the line above continues its comment; they were
    # gathered a tuple per line (quadratic).
    def data(n: int) -> bytes:
        return b"deal 1 A\n  turn KS  ; a\n" + b"           ; b\n" * n

    small, big = data(12_500), data(MAX_DEAL_LINES)
    record = read_all(big)[0]
    assert isinstance(record, Record)
    assert len(record.deals[0].events[0].comments_continued) == MAX_DEAL_LINES
    assert_linear(lambda: read_all(small), lambda: read_all(big), 8, repeats=1)


def test_ten_million_lone_crs_take_bounded_memory() -> None:
    # Scaled down: a million; each blank line was held (a pointer or more each).
    _, small = items_and_peak(rec("one") + b"\r" * 100_000 + GOOD)
    items, big = items_and_peak(rec("one") + b"\r" * 400_000 + GOOD)
    assert [o[0] for o in outcomes(items)] == ["record", "record"]
    assert big < small + (1 << 20), f"{small / 1e6:.1f} MB, then {big / 1e6:.1f} MB"


# --------------------------------------------------------------------------------------------
#  Lines too long, endless input, NUL bytes
# --------------------------------------------------------------------------------------------


class Endless(io.RawIOBase):
    """An endless stream of one byte (a pipe from ``yes``), which counts what is read of it and
    fails past ``limit`` bytes (so that a reader that reads it to its end fails, not hangs)."""

    def __init__(self, byte: bytes, limit: int, head: bytes = b"") -> None:
        self.byte, self.limit, self.head, self.given = byte, limit, head, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self.given > self.limit:
            raise AssertionError(f"read {self.given:,} bytes of an endless stream")
        n = min(len(buffer), 1 << 16)
        data = (self.head + self.byte * n)[:n]
        self.head = self.head[n:]
        buffer[:n] = data
        self.given += n
        return n


@pytest.mark.parametrize("byte", [b"x", b" "])
def test_an_endless_line_ends_the_reading_with_a_located_error(byte: bytes) -> None:
    stream = Endless(byte, 4 * MAX_SKIP_BYTES, head=rec("one") + b'[Event "two"]\n')
    items = list(read_each(io.BufferedReader(stream), path="<stdin>"))
    assert [o[0] for o in outcomes(items)] == ["record", "error"]
    e = items[1]
    assert isinstance(e, NotationError)
    assert (e.path, e.line, e.column) == ("<stdin>", 6, 1)
    assert e.message == (
        f"line 6 is more than {MAX_SKIP_BYTES:,} bytes long and goes on; a line of the "
        f"notation is at most {MAX_LINE_BYTES:,} bytes: the rest of the input is not read"
    )
    assert stream.given < MAX_SKIP_BYTES + (4 << 20)


def test_an_endless_stream_of_nul_bytes_is_binary_at_once() -> None:
    stream = Endless(b"\0", 4 * MAX_SKIP_BYTES)
    items = list(read_each(io.BufferedReader(stream), path="<stdin>"))
    assert outcomes(items) == [("error", 1, 1, NUL)]
    assert stream.given < 4 * MAX_LINE_BYTES


@pytest.mark.parametrize(
    "data",
    [b"\0" * 1000, b"\0" * (3 * MAX_LINE_BYTES), b"\0" * 5000 + b"\n"],
    ids=["short", "longer-than-a-line", "a-line"],
)
def test_a_file_of_nul_bytes_is_binary(data: bytes) -> None:
    assert outcomes(read_all(data)) == [("error", 1, 1, NUL)]


def test_a_nul_byte_deep_in_a_line_too_long_is_binary() -> None:
    data = rec("one") + b"x" * (3 * MAX_LINE_BYTES) + b"\0" + b"x" * 10 + b"\n" + GOOD
    assert outcomes(read_all(data))[-1] == ("error", 5, 3 * MAX_LINE_BYTES + 1, NUL)


def test_a_file_of_one_line_too_long_is_that_error_not_an_empty_file() -> None:
    items = read_all(b"x" * (2 * MAX_LINE_BYTES))
    assert [(o[0], o[1]) for o in outcomes(items)] == [("error", 1)]
    e = items[0]
    assert isinstance(e, NotationError)
    assert e.message.startswith(f"line 1 is {2 * MAX_LINE_BYTES:,} bytes long")


# --------------------------------------------------------------------------------------------
#  The command line, in a fresh process: peak resident size, and /dev/zero
# --------------------------------------------------------------------------------------------


def _ecarte(*args: str, stdin: int | None = None, timeout: float = 60) -> tuple[int, str, int]:
    """Run ``ecarte`` in a fresh process: exit status, standard error, peak resident KB of the
    process (its workers included)."""
    code = (
        "import resource, sys\n"
        "from adjudicator.shell.cli import app\n"
        "try:\n"
        "    app(sys.argv[1:])\n"
        "finally:\n"
        "    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "    print(f'peak-kb {rss}', file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    lines = done.stderr.splitlines()
    peak = int(lines[-1].split()[1]) if lines and lines[-1].startswith("peak-kb") else 0
    return done.returncode, "\n".join(lines[:-1]), peak


def test_check_rules_the_record_after_megabytes_of_junk_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "junk.etn"
    path.write_bytes(b'[Event "bad"]\n' + b"junk\n" * 600_000 + GOOD)  # 3 MB: was 400 MB
    (tmp_path / "one.etn").write_bytes(GOOD)
    _, _, base_kb = _ecarte("check", "-j", "1", str(tmp_path / "one.etn"))
    status, err, peak_kb = _ecarte("check", "-j", "1", str(path))
    assert status == 2
    assert "junk.etn:2:1: 'junk' is not a word of the notation" in err
    assert "1 record(s): 1 clean" in err  # the record after the junk is ruled
    assert peak_kb < base_kb + (32 << 10), f"peak {peak_kb / 1024:.0f} MB, {base_kb / 1024:.0f} MB"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_check_dev_zero_ends_with_a_located_error() -> None:
    status, err, _ = _ecarte("check", "/dev/zero", timeout=30)
    assert status == 2
    assert f"/dev/zero:1:1: {NUL}" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("byte", [b"x", b"\0"], ids=["x", "nul"])
def test_check_an_endless_pipe_on_standard_input_ends(byte: bytes) -> None:
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"import sys\nwhile True: sys.stdout.buffer.write({byte!r} * (1 << 20))",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert writer.stdout is not None
        status, err, _ = _ecarte("check", "-j", "1", "-", stdin=writer.stdout.fileno(), timeout=30)
    finally:
        writer.kill()
        writer.wait()
    assert status == 2
    assert "<stdin>:1:1: " in err
