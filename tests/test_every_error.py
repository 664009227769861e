"""Every error of a record at once, compiler style: after a line that cannot be read, the
reader goes on at the next line, and reports at most ``MAX_ERRORS`` errors for a record, then
how many lines it did not check. The record is not ruled; the next record is read as always.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import NotationError, Record, read, read_each
from adjudicator.engine.ecarte.generate import generate
from adjudicator.notation.ecarte import reader
from adjudicator.notation.ecarte.writer import write
from adjudicator.notation.errors import MAX_ERRORS
from adjudicator.shell.cli import app

SUIT_X = "'KX' is not a card: 'X' is not a suit (suits are S H D C, or ♠ ♥ ♦ ♣)"
BRACE = "a brace comment opened here is never closed (no '}' before the end of the file)"

THREE_TYPOS = (
    '[Event "three typos"]\n'  # 1
    "deal 1 A\n"  # 2
    "  B: KH QH 9S\n"  # 3
    "  turn KX\n"  # 4: a card that is not a card
    "  B propose\n"  # 5: an unknown word
    "  A refuses\n"  # 6
    "  1. B KH A 7H { never closed\n"  # 7: a brace comment that runs to the end
    "  2. A QS B 7S\n"  # 8
)

GOOD = '[Event "good"]\ndeal 1 A\n  turn KS\n  B proposes\n  A refuses\n'


def the_error(text: str) -> NotationError:
    [err] = [x for x in read_each(text) if isinstance(x, NotationError)]
    return err


def places(err: NotationError) -> list[tuple[int, int]]:
    return [(e.line, e.column) for e in err.errors]


# --------------------------------------------------------------------------------------------
#  The reader
# --------------------------------------------------------------------------------------------


def test_three_typos_are_three_errors() -> None:
    err = the_error(THREE_TYPOS)
    assert places(err) == [(4, 8), (5, 5), (7, 16)]
    assert err.errors[0] is err  # the first is the error itself: callers of one error work on
    assert [e.message for e in err.errors] == [
        "'KX' is not a word of the notation",
        "'propose' is not a word of the notation",
        BRACE,
    ]
    assert [e.hint for e in err.errors][:2] == [
        SUIT_X,
        "unknown word 'propose': did you mean 'proposes'?",
    ]
    assert {e.record_line for e in err.errors} == {1}
    assert err.unchecked == 0


def test_each_error_is_shown_with_its_line_and_caret() -> None:
    err = the_error(THREE_TYPOS)
    text = str(err).splitlines()
    heads = [i for i, line in enumerate(text) if line.startswith("<string>:")]
    assert [text[i] for i in heads] == [
        "<string>:4:8: 'KX' is not a word of the notation",
        "<string>:5:5: 'propose' is not a word of the notation",
        f"<string>:7:16: {BRACE}",
    ]
    for i, line in zip(heads, (4, 5, 7), strict=True):
        assert text[i + 1].startswith(f"{line:>5} | ")
        assert text[i + 2].strip().startswith("| ") and "^" in text[i + 2]
    assert str(err) == "\n".join(e.block() for e in err.errors)


def test_errors_on_neighbouring_lines_do_not_hide_each_other() -> None:
    text = "deal 1 A\n  turn KX\n  B propose\n  1. B KH 7H\n  A acepts\n  B: 11H\n"
    err = the_error(text)
    assert [e.line for e in err.errors] == [2, 3, 4, 5, 6]


def test_a_bad_deal_line_does_not_hide_the_deal_after_it() -> None:
    text = "deal 1 A\n  turn KS\ndeal two B\n  B: KH QH 9S\n  B propose\n  A refuses\n"
    err = the_error(text)
    assert places(err) == [(3, 6), (5, 5)]


def test_a_bad_tag_does_not_hide_the_body() -> None:
    text = '[Event "x"]\n[Site Paris]\n[A "Mr. A"]\ndeal 1 A\n  turn KX\n'
    err = the_error(text)
    assert [e.line for e in err.errors] == [2, 5]


def test_a_line_that_ends_too_soon_and_an_unknown_word() -> None:
    err = the_error("deal 1 A\n  1. B\n  2. A QS B 7S\n  B discrad 9D\n")
    assert [e.message for e in err.errors] == [
        "the line ends too soon",
        "'discrad' is not a word of the notation",
    ]
    assert [e.line for e in err.errors] == [2, 4]


def test_facts_that_cannot_be_are_found_among_the_other_errors() -> None:
    # A line the grammar accepts but whose values cannot be a fact is found as the next line
    # begins; it is left out and the line after it read from where it would have been.
    text = (
        "deal 1 A\n"
        "  B: 40\n"  # 2: more cards than the pack holds
        "  B propose\n"  # 3
        "  score A 3 A 2\n"  # 4: a player scored twice
        "  turn KX\n"  # 5
        "  score B 1 B 2\n"  # 6: the last line, found at the record's end
    )
    err = the_error(text)
    assert [(e.line, e.message) for e in err.errors] == [
        (2, "40 cards: the pack has only 32"),
        (3, "'propose' is not a word of the notation"),
        (4, "a player's score is written twice on one line"),
        (5, "'KX' is not a word of the notation"),
        (6, "a player's score is written twice on one line"),
    ]


def test_one_error_is_one_error() -> None:
    err = the_error("deal 1 A\n  B propose\n")
    assert err.errors == [err]
    assert (err.unchecked, err.unchecked_line) == (0, 0)
    assert err.to_json_list() == [err.to_json()]


def twenty_five_bad_lines() -> str:
    lines = ['[Event "many"]', "deal 1 A"]
    lines += [f"  B propose  ; bad line {n}" for n in range(1, 26)]  # lines 3 to 27
    return "\n".join(lines) + "\n"


def test_twenty_five_bad_lines_give_twenty_errors_and_say_the_rest_was_not_checked() -> None:
    err = the_error(twenty_five_bad_lines())
    assert MAX_ERRORS == 20
    assert [e.line for e in err.errors] == list(range(3, 23))
    assert (err.unchecked, err.unchecked_line) == (5, 23)
    last = str(err).splitlines()[-1]
    assert last == (
        "<string>:23:1: too many errors in this record: 5 more lines not checked "
        "(at most 20 errors are reported for a record)"
    )
    assert str(err).count(": 'propose' is not a word of the notation") == 20


def test_twenty_errors_exactly_leave_nothing_unchecked() -> None:
    text = "deal 1 A\n" + "".join(f"  B propose ; {n}\n" for n in range(20)) + "  turn KS\n"
    err = the_error(text)
    assert len(err.errors) == 20
    assert (err.unchecked, err.unchecked_line) == (1, 22)
    text = "deal 1 A\n" + "".join(f"  B propose ; {n}\n" for n in range(20))
    err = the_error(text)
    assert len(err.errors) == 20
    assert err.unchecked == 0
    assert "not checked" not in str(err)


def test_the_next_record_is_read_and_the_one_after_the_errors_too() -> None:
    text = GOOD + THREE_TYPOS.replace("{ never closed", "") + GOOD + twenty_five_bad_lines() + GOOD
    items = list(read_each(text))
    assert ["error" if isinstance(x, NotationError) else "record" for x in items] == [
        "record",
        "error",
        "record",
        "error",
        "record",
    ]
    two, three, five = items[1], items[2], items[4]
    assert isinstance(two, NotationError) and isinstance(three, Record)
    assert [e.line for e in two.errors] == [9, 10]
    assert three.line == 14
    assert [e.line for e in three.deals[0].events] == [16, 17, 18]
    assert isinstance(five, Record) and five.line == 14 + 5 + 27


def test_bytes_that_are_not_utf8_and_parse_errors_of_one_record(tmp_path: Path) -> None:
    path = tmp_path / "mixed.etn"
    path.write_bytes(
        b'[Event "Caf\xe9"]\ndeal 1 A\n  turn KX\n  B propose\n' + GOOD.encode("utf-8")
    )
    items = list(read_each(path))
    err, good = items
    assert isinstance(err, NotationError) and isinstance(good, Record)
    assert [(e.line, e.column) for e in err.errors] == [(1, 12), (3, 8), (4, 5)]
    assert err.errors[0].message == "bytes that are not UTF-8 (e9)"


def test_an_unclosed_brace_hides_no_error_before_it() -> None:
    text = "deal 1 A\n  turn KX\n  B propose\n  A refuses { to the end\n  B: KH\n"
    err = the_error(text)
    assert [e.line for e in err.errors] == [2, 3, 4]
    assert err.errors[-1].message == BRACE


def test_read_raises_with_every_error() -> None:
    with pytest.raises(NotationError) as info:
        list(read(THREE_TYPOS))
    assert len(info.value.errors) == 3
    assert str(info.value).count("<string>:") == 3


def test_good_records_never_take_the_lenient_path(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object, **kwargs: object) -> NotationError:
        raise AssertionError("the lenient path ran on a good record")

    monkeypatch.setattr(reader, "_record_errors", forbidden)
    text = "\n".join(write(generate(seed).record) for seed in range(20))
    assert len(list(read(text))) == 20
    with pytest.raises(AssertionError, match="lenient path"):
        list(read(THREE_TYPOS))


# --------------------------------------------------------------------------------------------
#  The command line
# --------------------------------------------------------------------------------------------

FILE = GOOD + "\n" + THREE_TYPOS.replace("{ never closed", "; closed") + "\n" + GOOD


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def games(tmp_path: Path) -> Path:
    path = tmp_path / "games.etn"
    path.write_text(FILE, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["check", "parse", "rule", "fmt"])
def test_commands_print_every_error_and_exit_2(games: Path, command: str) -> None:
    status, _, err = run(command, str(games))
    assert status == 2
    assert f"{games}:10:8: 'KX' is not a word of the notation" in err
    assert f"{games}:11:5: 'propose' is not a word of the notation" in err
    assert "Traceback" not in err


def test_check_rules_the_good_records_around_the_bad_one(games: Path) -> None:
    status, _, err = run("check", "-j", "1", str(games))
    assert status == 2
    assert "2 record(s)" in err.splitlines()[-1]  # the summary, on standard error


def test_check_json_lists_every_error(games: Path) -> None:
    status, out, _ = run("check", "-j", "1", "--format", "json", str(games))
    assert status == 2
    [entry] = json.loads(out)
    assert len(entry["records"]) == 2
    assert [(e["line"], e["column"]) for e in entry["errors"]] == [(10, 8), (11, 5)]


def test_parse_and_rule_json_list_every_error(games: Path) -> None:
    _, out, _ = run("parse", str(games))
    [entry] = json.loads(out)
    assert [e["line"] for e in entry["errors"]] == [10, 11]
    assert len(entry["records"]) == 2
    _, out, _ = run("parse", "--format", "jsonl", str(games))
    lines = [json.loads(x) for x in out.splitlines()]
    assert [x["error"]["line"] for x in lines if "error" in x] == [10, 11]
    _, out, _ = run("rule", "--format", "json", str(games))
    [entry] = json.loads(out)
    assert [e["line"] for e in entry["errors"]] == [10, 11]


def test_json_says_how_many_lines_were_not_checked(tmp_path: Path) -> None:
    path = tmp_path / "many.etn"
    path.write_text(twenty_five_bad_lines() + "\n" + GOOD, encoding="utf-8")
    status, out, err = run("check", "-j", "1", "--format", "json", str(path))
    assert status == 2
    [entry] = json.loads(out)
    assert len(entry["records"]) == 1
    errors = entry["errors"]
    assert len(errors) == 21
    assert [e["line"] for e in errors[:20]] == list(range(3, 23))
    assert errors[20]["line"] == 23
    assert errors[20]["message"].startswith("too many errors in this record: 5 more lines")
    assert f"{path}:23:1: too many errors in this record: 5 more lines not checked" in err
