"""The generic reading machinery (``adjudicator/notation/lines.py``) that the Piquet reader uses:
it knows no game's words; it decodes, splits lines, finds comments, puts each comment with its
line, reads tag lines and cuts a file into records."""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest

from adjudicator.notation.errors import NotationError
from adjudicator.notation.lines import (
    RecordLines,
    emit,
    escape,
    parse_tag,
    physical_lines,
    records,
    scan,
)
from adjudicator.notation.nodes import Line

MODULE = Path(__file__).resolve().parents[2] / "adjudicator" / "notation" / "lines.py"

GAME_WORDS = [
    "deal", "dealer", "dealt", "trick", "trump", "turn-up", "turn up", "point", "piquet",
    "écarté", "ecarte", "repique", "pique", "capot", "partie", "rubicon", "card", "suit",
    "stock", "discard", "score", "king", "vole", "elder", "younger", "player", "game",
    "hand", "lead", "play", "cut", "shuffle", "pack", "carte", "quatorze", "tierce",
]  # fmt: skip


def test_the_generic_module_names_no_game_word() -> None:
    text = MODULE.read_text(encoding="utf-8").lower()
    found = [w for w in GAME_WORDS if re.search(rf"(?<![a-z]){re.escape(w)}", text)]
    assert not found, f"lines.py speaks of a game: {found}"


def test_the_generic_module_imports_no_game() -> None:
    tree = ast.parse(MODULE.read_text(encoding="utf-8"))
    modules = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
    assert all(not m.startswith("adjudicator.notation.") or m.count(".") == 2 for m in modules)
    assert "adjudicator.notation.cards" not in modules


def cut(text: str) -> list[RecordLines]:
    return list(records(physical_lines(text)))


def fields(text: str) -> list[tuple[str, dict[str, tuple[str, ...]]]]:
    """Each line of the text's one record, with its comments."""
    (record,) = cut(text)
    return [(line.code.strip(), line.comment_fields()) for line in record.lines]


# --------------------------------------------------------------------------------------------
#  Lines and their ends
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_any_line_end_splits_lines(end: str) -> None:
    items = list(physical_lines(end.join(["one", "", "three"]) + end))
    assert items == [(1, "one"), (2, ""), (3, "three")]


def test_a_byte_order_mark_is_skipped_and_other_separators_are_text() -> None:
    items = list(physical_lines(io.BytesIO("\ufeffa\u2028b\x0bc\x1cd\nz".encode())))
    assert items == [(1, "a\u2028b\x0bc\x1cd"), (2, "z")]


def test_a_cr_lf_cut_between_two_blocks_is_one_line_end() -> None:
    from adjudicator.notation.lines import BLOCK_BYTES

    data = b"x" * (BLOCK_BYTES - 1) + b"\r\n" + b"y\n"
    assert [n for n, _ in physical_lines(io.BytesIO(data))] == [1, 2]  # type: ignore[misc]


def test_a_bad_byte_is_a_located_fault_and_the_line_is_read_as_blank() -> None:
    items = list(physical_lines(io.BytesIO(b"ok\nbad \xff here\nok\n"), "f.txt"))
    assert isinstance(items[1], NotationError)
    assert items[1].location == "f.txt:2:5"
    assert items[2] == (2, "") and items[3] == (3, "ok")


# --------------------------------------------------------------------------------------------
#  Comments
# --------------------------------------------------------------------------------------------


def test_scan_blanks_comments_and_keeps_columns() -> None:
    code, comments, open_at = scan("x {a} y ; z {w}")
    assert code == "x     y        " and comments == [("{a}", 3), ("; z {w}", 9)]
    assert open_at is None
    assert scan("x {open")[2] == 3
    assert scan('[T "a;b{c}"] ; real')[1] == [("; real", 14)]


def test_each_comment_goes_with_its_line() -> None:
    text = (
        "; before the first line\n"
        "first                ; on it\n"
        "                     ; continuing it\n"
        "; after it, before a blank line\n"
        "\n"
        "; before the second, after a blank line\n"
        "second {a brace\n"
        "over two lines} ; and more\n"
        "third\n"
        "; after the last line\n"
    )
    (record,) = cut(text)
    first, second, third = record.lines
    assert first.comments == ["; on it"]
    assert first.comments_before == ["; before the first line"]
    assert first.comments_continued == ["; continuing it"]
    assert first.comments_after == ["; after it, before a blank line"]
    assert second.comments_before == ["; before the second, after a blank line"]
    assert second.comments == ["{a brace\nover two lines}", "; and more"]
    assert third.comment_fields() == {
        "comments": (),
        "comments_continued": (),
        "comments_before": (),
        "comments_after": (),
    }
    assert record.comments_after == ["; after the last line"]


def test_a_brace_comment_alone_goes_with_the_text_that_follows_it_on_its_last_line() -> None:
    assert fields("{one\ntwo} text\n")[0] == (
        "text",
        {
            "comments": ("{one\ntwo}",),
            "comments_continued": (),
            "comments_before": (),
            "comments_after": (),
        },
    )


def test_an_unterminated_brace_is_a_located_fault() -> None:
    (record,) = cut("text\nmore { never\nclosed\n")
    (fault,) = record.errors
    assert (fault.line, fault.column) == (2, 6) and "never closed" in fault.message


# --------------------------------------------------------------------------------------------
#  Tags and records
# --------------------------------------------------------------------------------------------


def test_tag_lines_and_their_escapes() -> None:
    assert parse_tag('[Name "a \\"b\\" \\\\ \\x"]') == ("Name", 'a "b" \\ \\x')
    assert parse_tag('  [ Name   "v" ]  ') == ("Name", "v")
    assert parse_tag("[Name v]") is None
    assert parse_tag('[1Name "v"]') is None
    value = 'q"\\'
    assert parse_tag(f'[N "{escape(value)}"]') == ("N", value)


def test_a_tag_line_after_other_lines_begins_the_next_record() -> None:
    text = '[A "1"]\n[B "2"]\nx\n; note on the first record\n\n; before the second\n[A "3"]\ny\n'
    first, second = cut(text)
    assert [line.tag for line in first.lines if line.is_tag] == [("A", "1"), ("B", "2")]
    assert first.comments_after == ["; note on the first record"]
    assert second.lines[0].tag == ("A", "3")
    assert second.lines[0].comments_before == ["; before the second"]


def test_a_bad_tag_line_is_a_fault_and_still_begins_a_record() -> None:
    first, second = cut("x\n[bad tag\ny\n")
    assert not first.errors and second.errors[0].line == 2


def test_nothing_gives_no_record_and_comments_alone_give_one() -> None:
    assert cut("") == [] and cut("\n \n") == []
    (record,) = cut("; alone\n")
    assert record.lines == [] and record.comments_after == ["; alone"]


# --------------------------------------------------------------------------------------------
#  Writing comments back
# --------------------------------------------------------------------------------------------


def test_emit_puts_comments_where_reading_finds_them() -> None:
    item = Line(
        comments=("; on", "{b}"),
        comments_continued=("; more",),
        comments_before=("; before",),
        comments_after=("; after",),
    )
    out: list[str] = []
    emit(out, "  ", item, "text")
    assert out == [
        "  ; before",
        "  text                        {b} ; on",
        "                              ; more",
        "  ; after",
        "",
    ]
    (record,) = cut("\n".join([*out, "next"]) + "\n")
    line = record.lines[0]
    assert line.comments == ["{b}", "; on"] and line.comments_continued == ["; more"]
    assert line.comments_before == ["; before"] and line.comments_after == ["; after"]
