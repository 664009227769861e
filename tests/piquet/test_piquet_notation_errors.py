"""Bad input to the Piquet notation's reader: every fault is a located NotationError (path, line,
column, what was expected in words, a hint for the common mistakes), never a traceback; an empty
file, a wrong encoding, a binary file and a file of 100 MB are read in bounded memory and time."""

from __future__ import annotations

import io
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from adjudicator.notation.errors import MAX_ERRORS, NotationError
from adjudicator.notation.lines import MAX_LINE_BYTES, MAX_RECORD_LINES
from adjudicator.notation.piquet import read, read_each, read_one
from adjudicator.notation.piquet.model import Record


def error_of(text: str | bytes, path: str = "game.ptn") -> NotationError:
    source = io.BytesIO(text) if isinstance(text, bytes) else text
    items = list(read_each(source, path=path))
    errors = [i for i in items if isinstance(i, NotationError)]
    assert errors, items
    return errors[0]


@pytest.mark.parametrize(
    ("text", "line", "column", "message", "hint"),
    [
        ("deal 1 B\n  B: KX 7S\n", 2, 6, "unknown word 'KX'", "a card is its rank"),
        ("deal 1 B\n  A: 1H\n", 2, 6, "unknown word '1H'", "a card is its rank"),
        ("deal 1 B\n  A: quatre major\n", 2, 6, "unknown word 'quatre'", "'quart'"),
        ("deal 1 B\n  A: tierse\n", 2, 6, "unknown word 'tierse'", "'tierce'"),
        ("deal 1 B\n  A: quint to the kign\n", 2, 19, "unknown word 'kign'", "'king'"),
        ("deal 1 B\n  A: three knavs\n", 2, 12, "unknown word 'knavs'", "'knaves'"),
        ("deal 1 B\n  A dealer\n", 2, 5, "unknown word 'dealer'", "'deals'"),
        ("deal 1 B\n  B: goood\n", 2, 6, "unknown word 'goood'", "'good'"),
        ("deal 1 B\n  A claims B fresh deal\n", 2, 12, "'claims a fresh deal'", None),
        ("deal 1 B\n  A takes back 0 from his discard\n", 2, 16, "a count of no cards", None),
        ("deal 1 B\n  A mixes 0 with his hand\n", 2, 11, "a count of no cards", None),
        ("deal 1 B\n  A waives the penalti\n", 2, 16, "unknown word 'penalti'", "'penalty'"),
        ("deal 1 B\n  A: retracts AH\n", 2, 6, "'retracts' is not expected here", None),
        ("deal 1 B\n  A: good good\n", 2, 11, "'good' is not expected here", None),
        ("deal 1 B\n  A: five cards making\n", 2, 23, "the line ends too soon", None),
        ("deal 1 B\n  A holds 99\n", 2, 11, "a count of 99 cards; the pack has 32", "??"),
        ("score A 1234567890 B 1\n", 1, 9, "a number of 10 digits", None),
        ("deal 1 B\n  A: ٤٩\n", 2, 6, "not written in the digits 0-9", None),
        ("deal 1 C\n", 1, 8, "unknown word 'C'", None),
        ("deal one B\n", 1, 6, "'one' is not expected here", None),
        ("deal 1 B\n  B: 0 tens\n", 2, 6, "a set of no cards", None),
        ('[Game "ecarte"]\n', 1, 7, 'the record is of the game "ecarte"', 'Game "piquet"'),
        ('[Partie "six"]\n', 1, 9, "the Partie tag", "law 71"),
        ("[Event unquoted]\ndeal 1 B\n", 1, 1, "a tag line is written", "double quotes"),
        ("deal 1 B { never closed\n  A: 5\n", 1, 10, "never closed", "'}'"),
    ],
)
def test_a_fault_is_located_and_explained(
    text: str, line: int, column: int, message: str, hint: str | None
) -> None:
    error = error_of(text)
    assert (error.line, error.column) == (line, column), str(error)
    assert message in error.message, str(error)
    assert error.location == f"game.ptn:{line}:{column}"
    if hint is not None:
        assert error.hint is not None and hint in error.hint, str(error)
    assert str(error).startswith(f"game.ptn:{line}:{column}: ")


def test_what_was_expected_is_said_in_words() -> None:
    error = error_of("deal 1 B\n  A: goood\n")
    assert "a card such as KH or ??" in error.expected
    assert "'good'" in error.expected and "'point'" in error.expected
    error = error_of("deal 1 B\n  A elects to\n")
    assert error.expected == ["the end of the line"] or "'deal'" in error.expected
    shown = str(error_of("deal 1 B\n  B: KX\n"))
    assert "    2 |   B: KX\n      |      ^^\n" in shown


def test_every_error_of_a_record_is_reported_up_to_the_limit() -> None:
    text = "deal 1 B\n" + "  A: goood\n" * (MAX_ERRORS + 15)
    error = error_of(text)
    assert len(error.errors) == MAX_ERRORS
    assert [e.line for e in error.errors] == list(range(2, MAX_ERRORS + 2))
    assert error.unchecked == 15 and error.unchecked_line == MAX_ERRORS + 2
    assert "15 more lines not checked" in str(error)


def test_the_records_around_a_bad_one_are_read() -> None:
    text = '[Event "1"]\ndeal 1 B\n[Event "2"]\n  B: KX\n[Event "3"]\ndeal 2 A\n'
    first, bad, last = read_each(text)
    assert isinstance(first, Record) and isinstance(last, Record)
    assert isinstance(bad, NotationError) and bad.line == 4 and bad.record_line == 3


@pytest.mark.parametrize("text", ["", "\n\n  \n", "\ufeff"])
def test_an_empty_file_is_an_error_not_a_record(text: str) -> None:
    (error,) = read_each(text, path="empty.ptn")
    assert isinstance(error, NotationError)
    assert error.location == "empty.ptn:1:1" and "empty file" in error.message
    with pytest.raises(NotationError, match="empty file"):
        read_one(text)


def test_a_file_of_comments_only_is_no_record() -> None:
    (error,) = read_each("; a note\n{ another }\n")
    assert isinstance(error, NotationError) and "only comments" in error.message


def test_bytes_that_are_not_utf8_are_located() -> None:
    error = error_of("deal 1 B\n  A: caf\xe9\n".encode("latin-1"))
    assert (error.line, error.column) == (2, 9)
    assert "not UTF-8" in error.message and error.hint is not None and "Latin-1" in error.hint


def test_a_lone_surrogate_in_a_string_is_bytes_that_are_not_utf8() -> None:
    error = error_of("deal 1 B ; \ud800\n")
    assert error.line == 1 and "not UTF-8" in error.message


def test_utf16_and_binary_files_end_the_reading_with_an_error(tmp_path: Path) -> None:
    utf16 = tmp_path / "u16.ptn"
    utf16.write_bytes("deal 1 B\n".encode("utf-16"))
    (error,) = read_each(utf16)
    assert isinstance(error, NotationError) and "UTF-16" in error.message
    assert error.location == f"{utf16}:1:1"
    binary = error_of(b"deal 1 B\n\x00\x01\x02\x03" * 1000)
    assert "NUL byte" in binary.message and binary.line == 2


def test_a_file_that_cannot_be_opened_is_an_error(tmp_path: Path) -> None:
    (error,) = read_each(tmp_path / "missing.ptn")
    assert isinstance(error, NotationError) and "cannot open" in error.message


class Lazy(io.RawIOBase):
    """A stream of ``total`` bytes, ``head`` then ``pattern`` repeated, never held whole."""

    def __init__(self, pattern: bytes, total: int, head: bytes = b"") -> None:
        self.pattern, self.total, self.given = pattern, total, 0
        self.head = head

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        if self.head:
            head, self.head = self.head, b""
            self.total -= len(head)
            return head
        left = self.total - self.given
        n = min(size if size is not None and size > 0 else 1 << 16, left)
        if n <= 0:
            return b""
        start = self.given % len(self.pattern)
        repeated = self.pattern * (n // len(self.pattern) + 2)
        self.given += n
        return repeated[start : start + n]


def _measured(source: Any) -> tuple[list[Record | NotationError], float, int]:
    tracemalloc.start()
    began = time.perf_counter()
    try:
        items = list(read_each(source))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return items, time.perf_counter() - began, peak


def test_a_line_of_100_mb_is_an_error_read_in_bounded_memory() -> None:
    (error,), seconds, peak = _measured(Lazy(b"x", 100 << 20))
    assert isinstance(error, NotationError)
    assert f"line 1 is {100 << 20:,} bytes long" in error.message
    assert f"at most {MAX_LINE_BYTES:,} bytes" in error.message
    assert peak < 8 << 20, f"{peak / 1e6:.1f} MB"
    assert seconds < 30


def test_a_file_of_100_mb_of_long_lines_is_read_in_bounded_memory_and_time() -> None:
    line = b"  A: " + b"goood " * 170 + b"\n"  # about 1 KB a line: 100,000 lines
    (error,), seconds, peak = _measured(Lazy(line, 100 << 20, b'[Event "big"]\ndeal 1 B\n'))
    assert isinstance(error, NotationError)
    messages = [e.message for e in error.errors]
    assert any(f"more than {MAX_RECORD_LINES:,} lines" in m for m in messages)
    assert peak < 80 << 20, f"{peak / 1e6:.1f} MB"
    assert seconds < 60


def test_memory_does_not_grow_with_the_length_of_a_record_not_held() -> None:
    """Past the limit of a record's lines, ten times more lines cost no more memory."""
    peaks = []
    for lines in (2 * MAX_RECORD_LINES, 10 * MAX_RECORD_LINES):
        text = b"deal 1 B\n" + b"  B: good\n" * lines
        items, _, peak = _measured(io.BytesIO(text))
        (error,) = items
        assert isinstance(error, NotationError)
        peaks.append(peak - len(text))
    assert peaks[1] < peaks[0] + (2 << 20), peaks


def test_a_valid_record_of_many_lines_reads() -> None:
    text = "deal 1 B\n" + "  B: good\n  A: 9 ; said\n" * 2_000
    (record,) = read(text)
    assert len(record.deals()[0].events) == 4_000
