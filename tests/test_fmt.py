"""``ecarte fmt`` keeps what a comment means, and ``fmt --diff`` shows what it would change.

Where a comment standing on a line of its own belongs (see
:class:`~adjudicator.notation.ecarte.lexer.LineTok`):

* right below a line with a comment, beginning in the column of one of its comments: it
  continues that comment, and is written aligned under it;
* before a blank line: it is a note on what came before, and stays before the blank line;
* otherwise (after a blank line, or right above the next line): it belongs to the next line.

The casebook is kept in canonical form (a test fails on any case file that is not), and writing
is idempotent on the casebook and on generated records with comments in every such place.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import read, read_one, write, write_all
from adjudicator.engine.ecarte.generate import generate
from adjudicator.notation.ecarte.model import Record
from adjudicator.shell import formatting
from adjudicator.shell.cli import app
from adjudicator.shell.formatting import unified_diff

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"


def _round_trip(text: str) -> str:
    """The canonical text of ``text``, checked to read back as the same record and to be a
    fixed point of reading and writing."""
    record = read_one(text)
    canonical = write(record)
    assert read_one(canonical) == record
    assert write(read_one(canonical)) == canonical
    return canonical


# --------------------------------------------------------------------------------------------
#  Continued comments
# --------------------------------------------------------------------------------------------

# The user's report: the second line of a note on the last line of a deal, aligned under it,
# was written flush left after the blank line, where it reads as a note on the next deal.
REPORTED = """\
deal 1 A
  B: KH QH 9S
  turn 7C
  A marks 2 vole       ; all five tricks: the vole,
                       ; and A reaches five

deal 2 B
  A: ?? ?? ??
"""


def test_a_continued_comment_is_read_as_part_of_its_line() -> None:
    mark = read_one(REPORTED).deals[0].events[-1]
    assert mark.comments == ("; all five tricks: the vole,",)
    assert mark.comments_continued == ("; and A reaches five",)
    assert read_one(REPORTED).deals[1].comments_before == ()


def test_a_continued_comment_is_written_aligned_under_its_line_and_before_the_blank_line() -> None:
    assert _round_trip(REPORTED) == (
        "deal 1 A\n"
        "  B: KH QH 9S\n"
        "  turn 7C\n"
        "  A marks 2 vole              ; all five tricks: the vole,\n"
        "                              ; and A reaches five\n"
        "\n"
        "deal 2 B\n"
        "  A: ?? ?? ??\n"
    )


def test_a_comment_continued_over_several_lines_and_after_a_long_line() -> None:
    text = (
        "cut A KS B 9H  {first} ; A cuts the king\n"
        "               ; and deals\n"
        "               {a brace comment\n"
        "that spans lines}\n"
        "               ; and a last one\n"
        "deal 1 A\n"
        "  1. A KH names S B 7H  ; a line that reaches past the comment column\n"
        "                        ; its comment continued\n"
    )
    record = read_one(text)
    cut = record.opening[0]
    assert cut.comments == ("{first}", "; A cuts the king")
    assert cut.comments_continued == (
        "; and deals",
        "{a brace comment\nthat spans lines}",
        "; and a last one",
    )
    trick = record.deals[0].events[0]
    assert trick.comments_continued == ("; its comment continued",)
    # written under the column where the line's comments begin: 31, or two spaces after a
    # text that reaches it
    assert _round_trip(text) == (
        "cut A KS B 9H                 {first} ; A cuts the king\n"
        "                              ; and deals\n"
        "                              {a brace comment\n"
        "that spans lines}\n"
        "                              ; and a last one\n"
        "\n"
        "deal 1 A\n"
        "  1. A KH names S B 7H        ; a line that reaches past the comment column\n"
        "                              ; its comment continued\n"
    )


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("deal 1 A\n  B: KH QH 9S\n              ; x\n  turn 7C\n", "the line above has none"),
        ("deal 1 A\n  B: KH  ; y\n       ; x\n  turn 7C\n", "another column"),
        ("deal 1 A\n  B: KH ; y\n\n        ; x\n  turn 7C\n", "a blank line between"),
        ("deal 1 A\n  B: KH ; y\n  ; z\n        ; x\n  turn 7C\n", "a comment between"),
    ],
)
def test_what_does_not_continue_a_comment(text: str, why: str) -> None:
    record = read_one(text)
    packet, turn = record.deals[0].events
    assert packet.comments_continued == (), why
    assert "; x" in turn.comments_before + packet.comments_after, why
    _round_trip(text)


# --------------------------------------------------------------------------------------------
#  Blank lines
# --------------------------------------------------------------------------------------------


def test_a_note_before_a_blank_line_stays_with_the_deal_it_ends() -> None:
    text = (
        "deal 1 A\n"
        "  B: ?? ??\n"
        "                              ; B notices before the turn-up;\n"
        "                              ; the cards are gathered\n"
        "\n"
        "deal 2 A\n"
        "  B: ?? ??\n"
    )
    record = read_one(text)
    assert record.deals[0].events[-1].comments_after == (
        "; B notices before the turn-up;",
        "; the cards are gathered",
    )
    assert record.deals[1].comments_before == ()
    assert _round_trip(text) == (
        "deal 1 A\n"
        "  B: ?? ??\n"
        "  ; B notices before the turn-up;\n"
        "  ; the cards are gathered\n"
        "\n"
        "deal 2 A\n"
        "  B: ?? ??\n"
    )


def test_a_note_after_a_blank_line_stays_with_the_deal_it_begins() -> None:
    text = "deal 1 A\n  B: ?? ??\n\n; the deal passes\ndeal 2 B\n"
    record = read_one(text)
    assert record.deals[0].events[-1].comments_after == ()
    assert record.deals[1].comments_before == ("; the deal passes",)
    assert _round_trip(text) == text
    # no blank line at all: the note is right above the deal, and stays right above it
    assert _round_trip("deal 1 A\n  B: ?? ??\n; the deal passes\ndeal 2 B\n") == text


def test_notes_on_both_sides_of_a_blank_line() -> None:
    text = "cut A KS B 9H\n; A deals\n\n\n  ; first deal\n\ndeal 1 A\n"
    record = read_one(text)
    assert record.opening[0].comments_after == ("; A deals",)
    assert record.deals[0].comments_before == ("; first deal",)
    assert _round_trip(text) == "cut A KS B 9H\n; A deals\n\n; first deal\ndeal 1 A\n"


def test_a_blank_line_after_a_note_inside_a_deal_is_kept() -> None:
    text = "deal 1 A\n  turn 7C\n  ; the hands are shown\n\n  B takes up\n"
    record = read_one(text)
    turn, take_up = record.deals[0].events
    assert turn.comments_after == ("; the hands are shown",)
    assert take_up.comments_before == ()
    assert _round_trip(text) == text
    # a blank line with no note before it is not
    assert _round_trip("deal 1 A\n  turn 7C\n\n  B takes up\n") == (
        "deal 1 A\n  turn 7C\n  B takes up\n"
    )


def test_a_note_after_the_last_line_is_the_records() -> None:
    for text in ("deal 1 A\n  turn 7C\n  ; end\n", "deal 1 A\n  turn 7C\n\n  ; end\n\n"):
        record = read_one(text)
        assert record.comments_after == ("; end",)
        assert record.deals[0].events[-1].comments_after == ()
        assert _round_trip(text) == "deal 1 A\n  turn 7C\n  ; end\n"


def test_notes_between_records_keep_their_side_of_the_blank_line() -> None:
    text = '[Event "one"]\n\ndeal 1 A\n  turn 7C\n  ; end of one\n\n; two\n[Event "two"]\n'
    one, two = read(text)
    assert one.comments_after == ("; end of one",)
    assert two.tags[0].comments_before == ("; two",)
    assert write_all([one, two]) == text
    assert list(read(write_all([one, two]))) == [one, two]


def test_a_record_model_is_unchanged_by_its_own_comments_moving() -> None:
    # the model keeps where each comment belongs, not where it stood: a record built by hand
    # with a continued comment writes it aligned, and reads back as itself
    record = read_one("deal 1 A\n  turn 7C  ; a\n           ; b\n")
    built = Record.model_validate(record.model_dump())
    assert built == record
    assert write(built) == "deal 1 A\n  turn 7C                     ; a\n" + " " * 30 + "; b\n"


# --------------------------------------------------------------------------------------------
#  Idempotence
# --------------------------------------------------------------------------------------------


def _case_files() -> list[Path]:
    files = sorted(CASES.rglob("*.etn"))
    assert len(files) >= 170
    return files


def test_writing_the_casebook_is_idempotent() -> None:
    for path in _case_files():
        records = list(read(path))
        text = write_all(records)
        assert list(read(text)) == records, path
        assert write_all(read(text)) == text, path


def _with_notes(text: str, seed: int) -> str:
    """A generated record's text with comments as a person adds them: on lines, continued
    below them, standing alone before and after lines, around blank lines."""
    out: list[str] = []
    for i, line in enumerate(text.splitlines()):
        if line.startswith("deal ") and seed % 3 == 0:
            out[-1:] = [out[-1], f"; note {i} on the deal just begun"] if out[-1] else [""]
        if i % 5 == 2 and line and not line.startswith("["):
            at = max(len(line) + 3, 24 + seed % 9)
            out.append(line.ljust(at) + f"; note {i}")
            out.extend(" " * at + f"; note {i}, continued {k}" for k in range(seed % 3))
            if i % 3 == 0:
                out.append(f"   ; after {i}")
                out.append("")
            continue
        if i % 7 == 4:
            out.append(f" {{alone {i}}}")
        out.append(line)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("seed", range(20))
def test_writing_generated_records_with_notes_is_idempotent(seed: int) -> None:
    text = _with_notes(write(generate(seed).record), seed)
    record = read_one(text)
    canonical = write(record)
    assert read_one(canonical) == record
    assert write(read_one(canonical)) == canonical
    assert any(line.comments_continued for _, line in record.events()) == (seed % 3 > 0)
    assert any(line.comments_after for _, line in record.events())


# --------------------------------------------------------------------------------------------
#  The casebook is canonical
# --------------------------------------------------------------------------------------------


def test_every_casebook_file_is_in_canonical_form() -> None:
    not_canonical = [
        str(path.relative_to(CASES))
        for path in _case_files()
        if write_all(read(path)) != path.read_text(encoding="utf-8")
    ]
    assert not_canonical == [], "run `ecarte fmt cases/`"


# --------------------------------------------------------------------------------------------
#  fmt --diff
# --------------------------------------------------------------------------------------------

UNTIDY = "deal 1 A\n  b: kh qh 9s   ; a note\n                ; its second line\n  turn 7c"
TIDY = (
    "deal 1 A\n"
    "  B: KH QH 9S                 ; a note\n"
    "                              ; its second line\n"
    "  turn 7C\n"
)


def test_diff_shows_the_change_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.etn"
    path.write_text(UNTIDY, encoding="utf-8")
    result = CliRunner().invoke(app, ["fmt", "--diff", str(path)])
    assert result.exit_code == 1, result.output
    label = str(path).lstrip("/")
    assert result.stdout == (
        f"--- a/{label}\n"
        f"+++ b/{label}\n"
        "@@ -1,4 +1,4 @@\n"
        " deal 1 A\n"
        "-  b: kh qh 9s   ; a note\n"
        "-                ; its second line\n"
        "-  turn 7c\n"
        "\\ No newline at end of file\n"
        "+  B: KH QH 9S                 ; a note\n"
        "+                              ; its second line\n"
        "+  turn 7C\n"
    )
    assert "1 file(s) would be reformatted, 0 already in canonical form" in result.stderr
    assert path.read_text(encoding="utf-8") == UNTIDY


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git apply")
def test_diff_applies_as_a_patch_and_gives_what_fmt_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir()
    for i, text in enumerate([UNTIDY, TIDY, UNTIDY.replace("\n", "\r\n")]):
        (tmp_path / "a" / f"g{i}.etn").write_text(text, encoding="utf-8", newline="")
    monkeypatch.chdir(tmp_path)  # the diff names the files as given: relative to here
    result = CliRunner().invoke(app, ["fmt", "--diff", "a"])
    assert result.exit_code == 1, result.output
    assert result.stdout.count("--- a/a/") == 2  # g1 is already canonical
    subprocess.run(["git", "apply", "-p1"], input=result.stdout_bytes, cwd=tmp_path, check=True)
    for i in range(3):
        assert (tmp_path / "a" / f"g{i}.etn").read_bytes() == TIDY.encode()


def test_diff_of_canonical_files_is_empty(tmp_path: Path) -> None:
    path = tmp_path / "game.etn"
    path.write_text(TIDY, encoding="utf-8")
    result = CliRunner().invoke(app, ["fmt", "--diff", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "0 file(s) would be reformatted, 1 already in canonical form" in result.stderr


def test_diff_of_standard_input() -> None:
    result = CliRunner().invoke(app, ["fmt", "--diff", "-"], input=UNTIDY)
    assert result.exit_code == 1
    assert result.stdout.startswith("--- a/")
    assert "+  turn 7C\n" in result.stdout
    assert CliRunner().invoke(app, ["fmt", "--diff", "-"], input=TIDY).exit_code == 0


def test_diff_with_an_unreadable_file_exits_2_and_shows_the_others(tmp_path: Path) -> None:
    bad = tmp_path / "bad.etn"
    bad.write_text("deal 1 A\n  B KH\n", encoding="utf-8")
    good = tmp_path / "untidy.etn"
    good.write_text(UNTIDY, encoding="utf-8")
    result = CliRunner().invoke(app, ["fmt", "--diff", str(bad), str(good)])
    assert result.exit_code == 2
    assert "bad.etn:2:" in result.stderr
    assert "untidy.etn" in result.stdout and "bad.etn" not in result.stdout
    assert bad.read_text(encoding="utf-8") == "deal 1 A\n  B KH\n"


def test_unified_diff_marks_line_ends() -> None:
    # a CRLF file: every line changes (its line end does), and a missing last line end shows
    assert unified_diff("/x.etn", b"deal 1 A\r\n  turn 7C", "deal 1 A\n  turn 7C\n") == (
        "--- a/x.etn\n"
        "+++ b/x.etn\n"
        "@@ -1,2 +1,2 @@\n"
        "-deal 1 A\r\n"
        "-  turn 7C\n"
        "\\ No newline at end of file\n"
        "+deal 1 A\n"
        "+  turn 7C\n"
    )
    assert unified_diff("x.etn", b"deal 1 A\n", "deal 1 A\n") == ""


# --------------------------------------------------------------------------------------------
#  A bug met on one file: said, and the run goes on
# --------------------------------------------------------------------------------------------

BOOM = '[Event "boom"]\n\ndeal 1 A\n  b: kh\n'
"""A record the writer is made to fail on (:func:`_crash_on_boom`)."""


def _crash_on_boom(monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer fmt uses raises, as a bug would, on a record whose Event is ``boom``."""

    def broken(record: Record) -> str:
        if record.tag("Event") == "boom":
            raise ValueError("boom")
        return write(record)

    def broken_all(records: Iterable[Record]) -> str:
        return "\n".join(broken(r) for r in records)

    monkeypatch.setattr(formatting, "write", broken)
    monkeypatch.setattr(formatting, "write_all", broken_all)


def _games(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Three untidy files, the second of which fmt fails on part way, after its first record
    (its temporary file already made)."""
    paths = (tmp_path / "a.etn", tmp_path / "b.etn", tmp_path / "c.etn")
    paths[0].write_text(UNTIDY, encoding="utf-8")
    paths[1].write_text(UNTIDY + "\n" + BOOM, encoding="utf-8")
    paths[2].write_text(UNTIDY, encoding="utf-8")
    return paths


def test_a_bug_on_one_file_is_said_and_the_others_are_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b, c = _games(tmp_path)
    _crash_on_boom(monkeypatch)
    result = CliRunner().invoke(app, ["fmt", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert result.stdout == f"reformatted: {a}\nreformatted: {c}\n"
    assert result.stderr == (
        f"ecarte: internal error (a bug; please report it): {b}: ValueError: boom\n"
        "2 file(s) reformatted, 0 already in canonical form; 1 left as they were "
        "(1 internal error(s))\n"
    )
    assert a.read_text(encoding="utf-8") == c.read_text(encoding="utf-8") == TIDY
    assert b.read_text(encoding="utf-8") == UNTIDY + "\n" + BOOM
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.etn", "b.etn", "c.etn"]


@pytest.mark.parametrize("option", ["--check", "--diff"])
def test_a_bug_on_one_file_does_not_stop_check_or_diff(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, option: str
) -> None:
    a, b, c = _games(tmp_path)
    _crash_on_boom(monkeypatch)
    result = CliRunner().invoke(app, ["fmt", option, str(a), str(b), str(c)])
    assert result.exit_code == 3, result.output
    if option == "--check":
        assert result.stdout == f"would reformat: {a}\nwould reformat: {c}\n"
    else:
        assert result.stdout.count("--- a/") == 2 and f"{b}".lstrip("/") not in result.stdout
    assert "Traceback" not in result.stderr
    assert result.stderr == (
        f"ecarte: internal error (a bug; please report it): {b}: ValueError: boom\n"
        "2 file(s) would be reformatted, 0 already in canonical form; 1 unreadable file(s) "
        "(1 internal error(s))\n"
    )


def test_a_bug_on_standard_input_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    _crash_on_boom(monkeypatch)
    result = CliRunner().invoke(app, ["fmt", "-"], input=BOOM)
    assert result.exit_code == 3
    assert result.stdout == ""
    assert result.stderr.startswith(
        "ecarte: internal error (a bug; please report it): <stdin>: ValueError: boom\n"
    )


def test_a_bug_in_the_per_file_work_is_caught_whatever_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any exception of the per-file work, not only the writer's: here the whole of it."""
    a, _, c = _games(tmp_path)
    real = formatting.rewrite

    def rewrite(name: str, path: Path, **options: bool) -> formatting.Outcome:
        if path == a:
            raise KeyError("no such thing")
        return real(name, path, **options)

    monkeypatch.setattr(formatting, "rewrite", rewrite)
    result = CliRunner().invoke(app, ["fmt", str(a), str(c)])
    assert result.exit_code == 3
    assert result.stderr.splitlines()[0] == (
        f"ecarte: internal error (a bug; please report it): {a}: KeyError: 'no such thing'"
    )
    assert result.stdout == f"reformatted: {c}\n"
    assert a.read_text(encoding="utf-8") == UNTIDY


def test_the_summary_counts_the_files_left_as_they_were(tmp_path: Path) -> None:
    bad = tmp_path / "bad.etn"
    bad.write_text("deal 1 A\n  B KH\n", encoding="utf-8")
    good = tmp_path / "good.etn"
    good.write_text(TIDY, encoding="utf-8")
    missing = tmp_path / "missing.etn"
    args = [str(bad), str(missing), str(good)]
    result = CliRunner().invoke(app, ["fmt", *args])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "0 file(s) reformatted, 1 already in canonical form; 2 left as they were"
    )
    check = CliRunner().invoke(app, ["fmt", "--check", *args])
    assert check.exit_code == 2
    assert check.stderr.splitlines()[-1] == (
        "0 file(s) would be reformatted, 1 already in canonical form; 2 unreadable file(s)"
    )
