"""Errors a person can act on: one test per kind of notation error.

Each test checks the message, the line and column, where the caret stands in ``str(err)``,
what was expected (in words) and the hint. Tests marked ``xfail(strict=True)`` assert the
correct behaviour where the reader does not have it yet (see each ``reason``).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from adjudicator import NotationError, Record, read, read_each
from adjudicator.notation.ecarte.reader import MAX_LINE_BYTES, Source

CARD = "a card such as KH or ??"
PLAYER = "a player A or B"
TRICK_HINT = "a trick names each player before his card: '1. B KH A 7H'"
PACKET_HINT = "a packet has a colon after the player: 'B: KH QH 9S'"
TAG_HINT = 'a tag is a name and a value in double quotes: [Event "Portland Club"]'
STRAY_BRACE_HINT = "a '}' closes a brace comment, but no '{' opened one"
LATIN1_HINT = "records are UTF-8 text; was this file saved as Latin-1 or cp1252?"


# --------------------------------------------------------------------------------------------
#  Helpers
# --------------------------------------------------------------------------------------------


def record(name: str, *body: str) -> str:
    """A small good record: a tag, a deal line and ``body`` (default: one event)."""
    lines = [f'[Event "{name}"]', "deal 1 A", *(body or ("  turn KS",))]
    return "\n".join(lines) + "\n"


def in_deal(*lines: str) -> str:
    """``lines`` as the events of a deal, so that the first of them is line 2."""
    return "deal 1 A\n" + "".join(f"  {line}\n" for line in lines)


def items_of(source: Source, *, path: str | None = None) -> list[Record | NotationError]:
    return list(read_each(source, path=path))


def only_error(source: Source, *, path: str | None = None) -> NotationError:
    """The single error ``read_each`` yields for ``source`` (and there must be no other)."""
    errors = [x for x in items_of(source, path=path) if isinstance(x, NotationError)]
    assert len(errors) == 1, [str(e) for e in errors]
    return errors[0]


def kinds(items: list[Record | NotationError]) -> list[str]:
    return ["error" if isinstance(x, NotationError) else "record" for x in items]


def caret(err: NotationError) -> tuple[int, int, str]:
    """Where the caret stands in ``str(err)``: its column in the line shown above it, its
    width, and the text it underlines."""
    lines = str(err).splitlines()
    assert len(lines) >= 3, str(err)
    shown, marks = lines[1], lines[2]
    bar = shown.index(" | ") + 3  # where the line's own text begins
    assert marks.index("| ") + 2 == bar, "the caret line's gutter is not aligned"
    start = marks.index("^")
    width = len(marks) - start
    assert marks[start:] == "^" * width, marks
    return start - bar + 1, width, shown[start : start + width]


def assert_shown(err: NotationError) -> None:
    """``str(err)`` is the location and message, the line, the caret, ``expected`` and
    ``hint`` lines, in that order."""
    text = str(err)
    lines = text.splitlines()
    assert lines[0] == f"{err.path}:{err.line}:{err.column}: {err.message}"
    assert lines[1].startswith(f"{err.line:>5} | ")
    if err.expected:
        assert "  expected: " + _or_list(err.expected) in lines
    else:
        assert "expected:" not in text
    if err.hint:
        assert lines[-1] == "  hint: " + err.hint
    else:
        assert "hint:" not in text


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


# --------------------------------------------------------------------------------------------
#  Tricks
# --------------------------------------------------------------------------------------------


def test_trick_without_the_leader() -> None:
    err = only_error(in_deal("1. KH A 7H"))
    assert err.message == "unexpected 'KH'"
    assert (err.line, err.column, err.width) == (2, 6, 2)
    assert caret(err) == (6, 2, "KH")
    assert err.expected == [PLAYER]
    assert err.hint == TRICK_HINT
    assert err.path == "<string>"
    assert_shown(err)


def test_trick_without_the_second_player_gives_the_trick_form() -> None:
    err = only_error(in_deal("1. B KH 7H"))
    assert err.line == 2
    assert err.hint == TRICK_HINT
    assert_shown(err)


def test_trick_without_the_second_player_points_at_the_second_card() -> None:
    err = only_error(in_deal("1. B KH 7H"))
    assert err.message == "unexpected '7H'"
    assert (err.line, err.column) == (2, 11)
    assert caret(err) == (11, 2, "7H")
    assert err.expected[0] == PLAYER  # then the end of the line, or 'names'
    assert err.hint == TRICK_HINT


def test_trick_that_ends_too_soon() -> None:
    err = only_error(in_deal("1. B"))
    assert err.message == "the line ends too soon"
    assert (err.line, err.column) == (2, 7)
    assert caret(err)[0] == 7
    assert err.expected == [CARD]
    assert err.hint == TRICK_HINT


# --------------------------------------------------------------------------------------------
#  Cards
# --------------------------------------------------------------------------------------------

RANK_11 = (
    "'11H' is not a card: '11' is not a rank (ranks are K Q J A T 9 8 7, and 10 may stand for T)"
)
SUIT_X = "'KX' is not a card: 'X' is not a suit (suits are S H D C, or ♠ ♥ ♦ ♣)"


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("B: 11H QH 9S", 6),
        ("turn 11H", 8),
        ("1. B 11H A 7H", 8),
        ("B discards 11H", 14),
        ("B plays 11H", 11),
    ],
)
def test_eleven_is_not_a_rank(line: str, column: int) -> None:
    err = only_error(in_deal(line))
    assert err.message == "'11H' is not a word of the notation"
    assert (err.line, err.column, err.width) == (2, column, 3)
    assert caret(err) == (column, 3, "11H")
    assert CARD in err.expected
    assert err.hint == RANK_11
    assert_shown(err)


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("B: KX QH 9S", 6),
        ("turn KX", 8),
        ("1. B KX A 7H", 8),
        ("A leads KX", 11),
        ("B claims trump KX", 18),
    ],
)
def test_x_is_not_a_suit(line: str, column: int) -> None:
    err = only_error(in_deal(line))
    assert err.message == "'KX' is not a word of the notation"
    assert (err.line, err.column, err.width) == (2, column, 2)
    assert caret(err) == (column, 2, "KX")
    assert CARD in err.expected
    assert err.hint == SUIT_X
    assert_shown(err)


def test_bad_card_in_a_packet_expects_a_card_an_exposed_card_or_a_count() -> None:
    err = only_error(in_deal("B: KX QH 9S"))
    assert err.expected == [CARD, "an exposed card such as *KH", "a number"]


@pytest.mark.parametrize(
    ("line", "word", "column", "hint"),
    [
        ("B: KH 11H", "11H", 9, RANK_11),
        ("B: KH KX 9S", "KX", 9, SUIT_X),
        ("turn KS KX", "KX", 11, SUIT_X),
    ],
)
def test_bad_card_after_a_good_card(line: str, word: str, column: int, hint: str) -> None:
    err = only_error(in_deal(line))
    assert (err.line, err.column) == (2, column)
    assert caret(err) == (column, len(word), word)
    assert err.expected[0] == "another card"
    assert err.hint == hint


# --------------------------------------------------------------------------------------------
#  Packets
# --------------------------------------------------------------------------------------------


def test_packet_without_a_colon() -> None:
    err = only_error(in_deal("B KH QH 9S"))
    assert err.message == "unexpected 'KH'"
    assert (err.line, err.column, err.width) == (2, 5, 2)
    assert caret(err) == (5, 2, "KH")
    assert err.expected[0] == "':' after the player"
    assert err.hint == PACKET_HINT
    assert_shown(err)


@pytest.mark.parametrize(("line", "word"), [("A 3", "3"), ("B ?? ??", "??")])
def test_other_packets_without_a_colon(line: str, word: str) -> None:
    err = only_error(in_deal(line))
    assert err.message == f"unexpected '{word}'"
    assert (err.line, err.column) == (2, 5)
    assert caret(err)[:2] == (5, len(word))
    assert "':' after the player" in err.expected
    assert err.hint == PACKET_HINT


# --------------------------------------------------------------------------------------------
#  Keywords
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "word", "column", "meant"),
    [
        ("B propose", "propose", 5, "proposes"),
        ("A acepts", "acepts", 5, "accepts"),
        ("A mark king", "mark", 5, "marks"),
        ("shufle A", "shufle", 3, "shuffle"),
        ("dael 2 B", "dael", 3, "deal"),
    ],
)
def test_unknown_keyword(line: str, word: str, column: int, meant: str) -> None:
    err = only_error(in_deal(line))
    assert err.message == f"'{word}' is not a word of the notation"
    assert (err.line, err.column, err.width) == (2, column, len(word))
    assert caret(err) == (column, len(word), word)
    assert err.hint == f"unknown word '{word}': did you mean '{meant}'?"
    assert_shown(err)


def test_unknown_keyword_after_a_player_lists_the_verbs() -> None:
    err = only_error(in_deal("B propose"))
    assert "':' after the player" in err.expected
    assert "'accepts'" in err.expected
    assert err.expected[-1] == "another keyword"


@pytest.mark.parametrize(
    ("line", "word", "meant"),
    [
        ("A refuse", "refuse", "refuses"),
        ("B play", "play", "plays"),
        ("B discard 9D", "discard", "discards"),  # 'discard' is a word (B looks at discard)
    ],
)
def test_wrong_keyword_suggests_the_right_one(line: str, word: str, meant: str) -> None:
    err = only_error(in_deal(line))
    assert (err.line, err.column) == (2, 5)
    assert err.hint is not None
    assert f"'{meant}'" in err.hint
    assert "colon" not in err.hint


def test_unknown_word_at_the_start_of_a_line_gets_no_tag_hint() -> None:
    err = only_error(in_deal("foo KS"))
    assert err.message == "'foo' is not a word of the notation"
    assert (err.line, err.column) == (2, 3)
    assert "tag" not in (err.hint or "")


# --------------------------------------------------------------------------------------------
#  Tags
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tag", ['[Event Portland"]', "[Event]", '[Event "x]'])
def test_malformed_tag_gives_the_tag_form(tag: str) -> None:
    err = only_error(tag + "\ndeal 1 A\n")
    assert err.line == 1
    assert err.hint == TAG_HINT
    assert_shown(err)


def test_malformed_tag_points_at_the_value() -> None:
    err = only_error('[Event Portland"]\ndeal 1 A\n')
    assert "'Event'" not in err.message
    assert (err.line, err.column) == (1, 8)
    assert caret(err)[0] == 8
    assert 'a value in double quotes, such as "Mr. Anstey"' in err.expected


def test_tag_without_its_closing_bracket() -> None:
    err = only_error('[Event "x"]\n[Site "y"\ndeal 1 A\n')
    assert err.line == 2
    assert err.column == 10
    assert "']' closing the tag" in err.expected
    assert "suit" not in (err.hint or "")


# --------------------------------------------------------------------------------------------
#  Braces
# --------------------------------------------------------------------------------------------


def test_stray_closing_brace_after_an_event() -> None:
    err = only_error(in_deal("turn KS }"))
    assert err.message == "'}' is not a word of the notation"
    assert (err.line, err.column, err.width) == (2, 11, 1)
    assert caret(err) == (11, 1, "}")
    assert err.expected == ["the end of the line", "'in'"]  # turn KS in error
    assert err.hint == STRAY_BRACE_HINT
    assert_shown(err)


def test_stray_closing_brace_on_its_own_line() -> None:
    err = only_error(in_deal("B proposes") + "}\n")
    assert err.message == "'}' is not a word of the notation"
    assert (err.line, err.column) == (3, 1)
    assert caret(err) == (1, 1, "}")
    assert PLAYER in err.expected
    assert "'deal'" in err.expected
    assert err.hint == STRAY_BRACE_HINT


def test_unterminated_brace_comment_points_at_the_brace() -> None:
    text = in_deal("turn KS { never closed", "B proposes", "A refuses", "1. B KH A 7H")
    err = only_error(text)
    assert err.message == (
        "a brace comment opened here is never closed (no '}' before the end of the file)"
    )
    assert (err.line, err.column) == (2, 11)
    assert caret(err) == (11, 1, "{")
    assert err.expected == []
    assert err.hint == "close it with '}', or write a ';' comment, which ends with its line"
    assert_shown(err)


def test_unterminated_brace_comment_in_a_later_record() -> None:
    text = record("one") + '[Event "two"]\n{ a comment\ndeal 1 A\n  turn KS\n'
    items = items_of(text)
    assert kinds(items) == ["record", "error"]
    err = items[1]
    assert isinstance(err, NotationError)
    assert (err.line, err.column) == (5, 1)
    assert err.record_line == 4
    assert caret(err) == (1, 1, "{")


# --------------------------------------------------------------------------------------------
#  Facts that cannot be: a player twice on one line
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["score A 3 A 2", "score A 3 a 2"])
def test_player_scored_twice(line: str) -> None:
    err = only_error(in_deal(line))
    assert err.message == "a player's score is written twice on one line"
    assert err.line == 2
    assert err.expected == []
    assert_shown(err)


def test_player_scored_twice_points_at_the_second_mention() -> None:
    err = only_error(in_deal("score A 3 A 2"))
    assert (err.line, err.column) == (2, 13)
    assert caret(err) == (13, 1, "A")


def test_player_cut_twice() -> None:
    err = only_error("cut A JS A AH\n")
    assert err.message == "a player's cut is written twice on one line"
    assert err.line == 1


# --------------------------------------------------------------------------------------------
#  Long lines on screen
# --------------------------------------------------------------------------------------------


def test_caret_in_a_long_line_is_under_the_fault() -> None:
    text = "  { " + "c" * 200 + " } turn KX\n"
    err = only_error(text)
    assert (err.line, err.column) == (1, 213)
    lines = str(err).splitlines()
    assert lines[1].startswith("    1 | ...")  # the line is cut around the fault
    assert len(lines[1]) < 200
    _, width, under = caret(err)
    assert (width, under) == (2, "KX")
    assert err.hint == SUIT_X


def test_caret_under_a_very_long_word_stays_within_the_line_shown() -> None:
    err = only_error(in_deal("turn " + "Z" * 500))
    lines = str(err).splitlines()
    assert len(lines[2]) <= len(lines[1])
    assert len(lines[0]) < 300


# --------------------------------------------------------------------------------------------
#  Encodings and files that are not records
# --------------------------------------------------------------------------------------------


def test_invalid_utf8_reports_the_byte_and_the_other_records_are_read(tmp_path: Path) -> None:
    path = tmp_path / "latin1.etn"
    second = b'[Event "two"]\n[Site "Caf\xe9 Royal"]\ndeal 1 A\n  turn KS\n'
    path.write_bytes(record("one").encode() + second + record("three").encode())
    items = items_of(path)
    assert kinds(items) == ["record", "error", "record"]
    err = items[1]
    assert isinstance(err, NotationError)
    assert err.message == "bytes that are not UTF-8 (e9)"
    assert err.path == str(path)
    assert (err.line, err.column) == (5, 11)
    assert err.record_line == 4
    assert caret(err) == (11, 1, "\ufffd")
    assert err.hint == LATIN1_HINT
    assert_shown(err)
    first, third = items[0], items[2]
    assert isinstance(first, Record) and isinstance(third, Record)
    assert first.tags[0].value == "one"
    assert third.tags[0].value == "three"
    assert third.line == 8


def test_invalid_utf8_column_counts_characters_not_bytes(tmp_path: Path) -> None:
    path = tmp_path / "mixed.etn"
    path.write_bytes("deal 1 A\n  turn KS ; ♠♠ caf".encode() + b"\xe9\n")
    err = only_error(path)
    assert (err.line, err.column) == (2, 19)
    assert caret(err)[0] == 19


def test_invalid_utf8_in_the_first_tag_of_a_record(tmp_path: Path) -> None:
    path = tmp_path / "latin1.etn"
    second = b'[Event "Caf\xe9"]\ndeal 2 A\n  turn KS\n'
    path.write_bytes(record("one").encode() + second + record("three").encode())
    items = items_of(path)
    assert kinds(items) == ["record", "error", "record"]
    err = items[1]
    assert isinstance(err, NotationError)
    assert (err.line, err.column) == (4, 12)
    assert err.record_line == 4


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_file(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "wide.etn"
    text = record("one")
    data = text.encode(encoding)
    if encoding != "utf-16":  # the plain codec writes its own byte order mark
        data = "\ufeff".encode(encoding) + data
    path.write_bytes(data)
    items = items_of(path)
    assert kinds(items) == ["error"]  # nothing more is read from the file
    err = items[0]
    assert isinstance(err, NotationError)
    assert err.message == "the file is UTF-16 text; records must be UTF-8"
    assert (err.line, err.column) == (1, 1)
    assert err.hint == "convert it, e.g. iconv -f UTF-16 -t UTF-8"
    assert str(err).splitlines()[0] == f"{path}:1:1: {err.message}"


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "picture.etn"
    path.write_bytes(b"deal 1 A\n  tu\x00rn KS\n\x89PNG\x00\x00\x00\rIHDR\n" * 3)
    items = items_of(path)
    assert kinds(items) == ["error"]  # reading stops at the first NUL
    err = items[0]
    assert isinstance(err, NotationError)
    assert err.message == "a NUL byte: this is a binary file, not a record of the notation"
    assert (err.line, err.column) == (2, 5)
    assert str(err).splitlines()[0] == f"{path}:2:5: {err.message}"


@pytest.mark.parametrize("how", ["path", "bytes", "str"])
def test_empty_file(tmp_path: Path, how: str) -> None:
    path = tmp_path / "empty.etn"
    path.write_bytes(b"")
    sources: dict[str, Source] = {"path": path, "bytes": io.BytesIO(b""), "str": ""}
    source = sources[how]
    err = only_error(source, path="empty.etn")
    assert err.message == "empty file: no record in it"
    assert (err.line, err.column) == (1, 1)
    assert err.expected == ["tags", "a cut for deal", "a deal"]
    assert str(err).splitlines() == [
        "empty.etn:1:1: empty file: no record in it",
        "  expected: tags, a cut for deal or a deal",
    ]
    with pytest.raises(NotationError):
        list(read(source))


def test_file_of_comments_and_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "notes.etn"
    path.write_text("; only a comment\n\n{ and another\n  over two lines }\n\n", encoding="utf-8")
    items = items_of(path)
    assert kinds(items) == ["error"]
    err = items[0]
    assert isinstance(err, NotationError)
    assert err.message == "no record here: only comments and blank lines"
    assert err.expected == ["tags", "a cut for deal", "a deal"]
    assert str(err).startswith(f"{path}:")


def test_file_of_comments_is_reported_where_it_begins(tmp_path: Path) -> None:
    path = tmp_path / "notes.etn"
    path.write_text("; only a comment\n\n{ and another\n  over two lines }\n\n", encoding="utf-8")
    err = only_error(path)
    assert err.line == 1


@pytest.mark.parametrize("how", ["path", "bytes", "str"])
def test_utf8_byte_order_mark_is_accepted(tmp_path: Path, how: str) -> None:
    text = record("one", "  turn KS", "  B proposes")
    path = tmp_path / "bom.etn"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    sources: dict[str, Source] = {
        "path": path,
        "bytes": io.BytesIO(path.read_bytes()),
        "str": "\ufeff" + text,
    }
    source = sources[how]
    records = list(read(source))
    assert len(records) == 1
    tag = records[0].tags[0]
    assert (tag.name, tag.value) == ("Event", "one")
    assert (tag.line, tag.column) == (1, 1)
    assert records[0] == next(read(text))


def test_byte_order_mark_does_not_shift_columns(tmp_path: Path) -> None:
    path = tmp_path / "bom.etn"
    path.write_bytes(b"\xef\xbb\xbfdeal 1 A\n  B propose\n")
    err = only_error(path)
    assert (err.line, err.column) == (2, 5)
    path.write_bytes(b"\xef\xbb\xbfdael 1 A\n")
    err = only_error(path)
    assert (err.line, err.column) == (1, 1)
    assert caret(err) == (1, 4, "dael")


def test_very_long_line_is_an_error_and_the_rest_is_read(tmp_path: Path) -> None:
    path = tmp_path / "long.etn"
    long_line = b"  ; " + b"x" * (MAX_LINE_BYTES + 10) + b"\n"
    second = b'[Event "two"]\ndeal 1 A\n' + long_line + b"  turn KS\n"
    path.write_bytes(record("one").encode() + second + record("three").encode())
    items = items_of(path)
    assert kinds(items) == ["record", "error", "record"]
    err = items[1]
    assert isinstance(err, NotationError)
    assert (err.line, err.column) == (6, 1)
    assert err.message == (
        f"line 6 is {len(long_line):,} bytes long; a line of the notation is at most "
        f"{MAX_LINE_BYTES:,} bytes"
    )
    assert err.hint == "is this a record? one event a line, and a line is short"
    assert err.record_line == 4
    assert len(str(err)) < 1000  # the line itself is not printed
    third = items[2]
    assert isinstance(third, Record)
    assert third.tags[0].value == "three"
    assert third.line == 8


def test_line_of_exactly_the_limit_is_read_as_a_line(tmp_path: Path) -> None:
    path = tmp_path / "limit.etn"
    comment = b"  ; " + b"x" * (MAX_LINE_BYTES - 5) + b"\n"  # MAX_LINE_BYTES with its newline
    assert len(comment) == MAX_LINE_BYTES
    path.write_bytes(b"deal 1 A\n" + comment + b"  turn KS\n")
    [rec] = read(path)
    assert rec.deals[0].events[0].comments_before == (comment.decode().strip(),)


def test_very_long_first_tag_line_of_a_record(tmp_path: Path) -> None:
    path = tmp_path / "long.etn"
    tag = b'[Event "' + b"x" * (MAX_LINE_BYTES + 10) + b'"]\n'
    second = tag + b"deal 1 A\n  turn KS\n"
    path.write_bytes(record("one").encode() + second + record("three").encode())
    items = items_of(path)
    assert kinds(items) == ["record", "error", "record"]
    err = items[1]
    assert isinstance(err, NotationError)
    assert err.line == 4


# --------------------------------------------------------------------------------------------
#  Batches: many records in a file
# --------------------------------------------------------------------------------------------


def three_records(tmp_path: Path) -> Path:
    path = tmp_path / "three.etn"
    text = (
        record("one", "  turn KS", "  B proposes", "  A refuses")
        + "\n"
        + record("two", "  turn KS", "  B propose", "  A refuses")
        + "\n"
        + record("three", "  turn KS", "  B proposes", "  A accepts")
    )
    path.write_text(text, encoding="utf-8")
    return path


def test_read_each_goes_on_after_a_bad_record(tmp_path: Path) -> None:
    path = three_records(tmp_path)
    items = items_of(path)
    assert kinds(items) == ["record", "error", "record"]
    err = items[1]
    assert isinstance(err, NotationError)
    # record two stands on lines 7 to 11
    assert err.record_line == 7
    assert 7 <= err.line <= 11
    assert (err.line, err.column) == (10, 5)
    assert err.hint == "unknown word 'propose': did you mean 'proposes'?"
    one, three = items[0], items[2]
    assert isinstance(one, Record) and isinstance(three, Record)
    assert [t.value for t in one.tags] == ["one"]
    assert [t.value for t in three.tags] == ["three"]
    assert three.line == 13
    assert three.deals[0].events[2].line == 17


def test_read_raises_at_the_second_record(tmp_path: Path) -> None:
    path = three_records(tmp_path)
    got: list[Record] = []
    with pytest.raises(NotationError) as info:
        for rec in read(path):
            got.append(rec)
    assert [r.tags[0].value for r in got] == ["one"]
    assert (info.value.line, info.value.column) == (10, 5)
    assert str(info.value).startswith(f"{path}:10:5: 'propose' is not a word")


def test_path_argument_names_the_file_in_errors() -> None:
    err = only_error(in_deal("B propose"), path="games/evening.etn")
    assert err.path == "games/evening.etn"
    assert str(err).startswith("games/evening.etn:2:5: ")


def long_record(name: str, deals: int) -> str:
    """A good record of many deals made of the same lines (so the lexer's cache of repeated
    lines is used throughout)."""
    out = [f'[Event "{name}"]', "", "cut A JS B AH"]
    for n in range(1, deals + 1):
        out += [
            "",
            f"deal {n} {'AB'[n % 2]}",
            "  B: ?? ?? ??",
            "  A: ?? ?? ??",
            "  B: ?? ??",
            "  A: ?? ??",
            "  turn KS",
            "  B proposes",
            "  A refuses",
            "  1. B KH A 7H",
            "  2. A QS B 7S",
            "  score A 1 B 0",
        ]
    return "\n".join(out) + "\n"


def test_error_after_many_repeated_lines_has_its_absolute_line() -> None:
    good = long_record("one", 40)
    before = good.count("\n")
    bad = '[Event "two"]\ndeal 1 A\n  B: ?? ?? ??\n  turn KS\n  1. B KH 7H\n  B proposes\n'
    items = items_of(good + bad)
    assert kinds(items) == ["record", "error"]
    err = items[1]
    assert isinstance(err, NotationError)
    assert err.record_line == before + 1
    assert err.line == before + 5
    assert err.source == "  1. B KH 7H"
    assert str(err).splitlines()[1] == f"{before + 5:>5} |   1. B KH 7H"
    assert err.hint == TRICK_HINT


@pytest.mark.parametrize("kind", ["str", "path"])
def test_errors_in_the_second_and_third_records(tmp_path: Path, kind: str) -> None:
    one = long_record("one", 3)
    two = long_record("two", 2).replace("  A refuses\n  1.", "  A refuses\n  1. KH A 7H\n  1.", 1)
    three = long_record("three", 2).replace("  turn KS\n", "  turn KX\n", 1)
    text = one + "\n" + two + "\n" + three
    lines = text.splitlines()
    want_two = lines.index("  1. KH A 7H") + 1
    want_three = lines.index("  turn KX") + 1
    path = tmp_path / "games.etn"
    path.write_text(text, encoding="utf-8")
    source: Source = text if kind == "str" else path
    items = items_of(source)
    assert kinds(items) == ["record", "error", "error"]
    e2, e3 = items[1], items[2]
    assert isinstance(e2, NotationError) and isinstance(e3, NotationError)
    assert (e2.line, e2.column) == (want_two, 6)
    assert e2.record_line == lines.index('[Event "two"]') + 1
    assert caret(e2) == (6, 2, "KH")
    assert (e3.line, e3.column) == (want_three, 8)
    assert e3.record_line == lines.index('[Event "three"]') + 1
    assert caret(e3) == (8, 2, "KX")
    assert e3.hint == SUIT_X


def test_same_bad_line_in_several_records_reports_each_line() -> None:
    # The lexer remembers the tokens of a line by its text; the second (and third) time the
    # same faulty line is met, the error must still name its own line.
    text = (
        record("one", "  turn KS", "  B propose")  # bad line 4
        + record("two", "  turn KS", "  B proposes")  # good
        + record("three", "  turn KS", "  B propose")  # bad line 12
        + record("four", "  turn KS", "  B propose", "  A refuses")  # bad line 16
    )
    items = items_of(text)
    assert kinds(items) == ["error", "record", "error", "error"]
    errors = [x for x in items if isinstance(x, NotationError)]
    assert [(e.line, e.column) for e in errors] == [(4, 5), (12, 5), (16, 5)]
    assert [e.record_line for e in errors] == [1, 9, 13]
    for e in errors:
        assert caret(e) == (5, 7, "propose")
        assert str(e).splitlines()[1] == f"{e.line:>5} |   B propose"


def test_error_on_a_line_whose_text_was_read_before_in_a_good_record() -> None:
    # '  1. B KH A 7H' is met first in a good record, then again in the bad record, where the
    # fault is on the same text's neighbour: every position must be the line's own.
    trick = "  1. B KH A 7H"
    text = (
        record("one", "  turn KS", trick, "  2. A QS B 7S")
        + record("two", "  turn KS", trick, "  2. A QS 7S", trick)
        + record("three", "  turn KS", trick)
    )
    items = items_of(text)
    assert kinds(items) == ["record", "error", "record"]
    err = items[1]
    assert isinstance(err, NotationError)
    assert err.line == 10
    assert err.source == "  2. A QS 7S"
    assert err.record_line == 6
    assert err.hint == TRICK_HINT
    three = items[2]
    assert isinstance(three, Record)
    assert [e.line for e in three.deals[0].events] == [14, 15]
    assert three.deals[0].events[1].column == 3
