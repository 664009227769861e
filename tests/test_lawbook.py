"""``ecarte laws``: by number or by word, as text, JSON or Markdown, with the casebook's cases
from any folder; ``docs/laws.md`` is what ``ecarte laws --format md`` prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.shell import lawbook
from adjudicator.shell.cli import app
from laws.ecarte import BY_NUMBER, LAWS

ROOT = Path(__file__).resolve().parent.parent
LAWS_PAGE = ROOT / "docs" / "laws.md"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def numbers(text: str) -> list[int]:
    """The law numbers of a listing (``  43. Revoke, ...``)."""
    return [int(line.split(".")[0]) for line in text.splitlines() if line.startswith("  ")]


@pytest.mark.parametrize("word", ["revoke", "revoking", "Revoked", "REVOKES"])
def test_a_word_finds_the_laws_that_speak_of_it(runner: CliRunner, word: str) -> None:
    result = runner.invoke(app, ["laws", word])
    assert result.exit_code == 0, result.output
    assert numbers(result.stdout) == [39, 43]
    assert "Revoking and Not Winning the Trick\n  43. Revoke, or failing" in result.stdout


def test_keywords_find_a_law_its_words_do_not(runner: CliRunner) -> None:
    assert "renege" not in (BY_NUMBER[43].title + BY_NUMBER[43].summary).lower()
    assert numbers(runner.invoke(app, ["laws", "renege"]).stdout) == [43]
    assert 9 in numbers(runner.invoke(app, ["laws", "misdeal"]).stdout)


def test_several_words_must_all_be_spoken_of(runner: CliRunner) -> None:
    assert numbers(runner.invoke(app, ["laws", "false", "king"]).stdout) == [25]
    both = set(numbers(runner.invoke(app, ["laws", "vole"]).stdout))
    assert {48} <= both and len(both) > 1


def test_stems() -> None:
    assert lawbook.stem("revoking") == lawbook.stem("revoked") == lawbook.stem("revoke")
    assert lawbook.stem("king") == "king" and lawbook.stem("kings") == "king"
    assert lawbook.stem("cutting") == "cut"
    assert [law.number for law in lawbook.matching("")] == []


def test_no_law_answers(runner: CliRunner) -> None:
    for args in (["laws", "xylophone"], ["laws", "0"], ["laws", "52"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert result.stdout == "" and result.stderr.startswith("ecarte laws: "), args


def test_a_number_shows_the_law(runner: CliRunner) -> None:
    result = runner.invoke(app, ["laws", "43"])
    assert result.exit_code == 0
    assert result.stdout.startswith("Law 43: Revoke, or failing to win the trick  [Revoking")
    assert "Looks at:" not in result.stdout  # the code's names: for developers, --sources
    result = runner.invoke(app, ["laws", "43", "--sources"])
    assert "Looks at: not_following_suit, not_winning" in result.stdout


def test_the_cases_are_listed_from_any_folder(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["laws", "43"])
    root = lawbook.casebook_root()
    assert root is not None
    assert f"\nCases (in {root}):\n  law-43-revoke/" in result.stdout
    for line in result.stdout.split("Cases (in ")[1].splitlines()[1:]:
        assert (root / line.strip()).is_file()


def test_the_cases_folder_is_shown_relative_to_the_working_folder(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = lawbook.casebook_root()
    assert root is not None
    monkeypatch.chdir(root.parent.parent)
    assert "\nCases (in cases/ecarte):\n" in runner.invoke(app, ["laws", "43"]).stdout


def test_a_casebook_named_on_the_command_line(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "law-43-mine").mkdir()
    (tmp_path / "law-43-mine" / "one.etn").write_text("deal 1 A\n")
    result = runner.invoke(app, ["laws", "43", "--cases", str(tmp_path)])
    assert result.stdout.endswith(f"Cases (in {tmp_path}):\n  law-43-mine/one.etn\n")
    empty = runner.invoke(app, ["laws", "42", "--cases", str(tmp_path)])
    assert "Cases" not in empty.stdout


def test_json(runner: CliRunner) -> None:
    every = json.loads(runner.invoke(app, ["laws", "--format", "json"]).stdout)
    assert [law["number"] for law in every["laws"]] == [*range(1, 52), 101, 111, 121, 131]
    assert every["casebook"] == str(lawbook.casebook_root())
    one = json.loads(runner.invoke(app, ["laws", "-f", "json", "43"]).stdout)
    (law,) = one["laws"]
    assert law["title"] == BY_NUMBER[43].title and law["keywords"] == ["renounce", "renege"]
    assert [o["name"] for o in law["options"]] == [o.name for o in BY_NUMBER[43].options]
    assert law["cases"] and all(c.startswith("law-43-") for c in law["cases"])
    found = json.loads(runner.invoke(app, ["laws", "-f", "json", "revoke"]).stdout)
    assert [law["number"] for law in found["laws"]] == [39, 43]


def test_every_law_is_in_the_listing(runner: CliRunner) -> None:
    """The 51 laws, then the rules the profiles add."""
    listed = numbers(runner.invoke(app, ["laws"]).stdout)
    assert listed == [law.number for law in LAWS] + [101, 111, 121, 131]


def test_docs_laws_md_is_current(runner: CliRunner) -> None:
    """docs/laws.md is generated: run `ecarte laws --format md > docs/laws.md` after changing
    a law."""
    result = runner.invoke(app, ["laws", "--format", "md"])
    assert result.exit_code == 0
    assert LAWS_PAGE.read_text(encoding="utf-8") == result.stdout


def test_docs_laws_md_links_every_case_and_law() -> None:
    text = LAWS_PAGE.read_text(encoding="utf-8")
    for law in LAWS:
        assert f'<a id="law-{law.number}"></a>\n### {law.number}. {law.title}\n' in text
        assert f"](#law-{law.number})" in text
    root = lawbook.casebook_root()
    assert root is not None
    cases = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.etn"))
    linked = sorted(part.split(")")[0] for part in text.split("](../cases/ecarte/")[1:])
    assert linked == cases
    for name in linked:
        assert (LAWS_PAGE.parent / "../cases/ecarte" / name).is_file()
