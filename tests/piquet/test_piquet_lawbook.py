"""``adjudicator laws --game piquet``: the 78 laws listed, looked up by number and by word, as
text, JSON and Markdown; ``docs/laws-piquet.md`` is what the command prints; every law is an
object of the shape every game's laws share."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.shell.main import app
from laws.core.law import LawLike
from laws.ecarte import LAWS as ECARTE
from laws.piquet import LAWS, Section

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "laws-piquet.md"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def numbers(text: str) -> list[int]:
    return [int(line.split(".")[0]) for line in text.splitlines() if line.startswith("  ")]


def test_the_78_laws_are_objects_of_the_shared_shape() -> None:
    assert [law.number for law in LAWS] == list(range(1, 79))
    assert all(isinstance(law, LawLike) for law in (*LAWS, *ECARTE))
    assert {law.heading for law in LAWS} == set(Section)
    assert all(law.summary and law.interpretation for law in LAWS)


def test_json_lists_78_laws(runner: CliRunner) -> None:
    result = runner.invoke(app, ["laws", "--game", "piquet", "--format", "json"])
    assert result.exit_code == 0, result.output
    laws = json.loads(result.stdout)["laws"]
    assert len(laws) == 78 and laws[57]["number"] == 58
    assert laws[57]["options"][0] == laws[57]["options"][0] | {"name": "waive", "law": 44}


@pytest.mark.parametrize(
    ("words", "expected"),
    [(["58"], [58]), (["law", "58"], [58]), (["repique"], [18, 68]), (["misnomer"], [53, 54])],
)
def test_lookup_by_number_and_word(
    runner: CliRunner, words: list[str], expected: list[int]
) -> None:
    result = runner.invoke(app, ["laws", "-g", "piquet", *words])
    assert result.exit_code == 0, result.output
    if len(expected) == 1:
        assert result.stdout.startswith(f"Law {expected[0]}:")
    else:
        assert numbers(result.stdout) == expected


def test_revoke_finds_the_law_of_taking_back(runner: CliRunner) -> None:
    result = runner.invoke(app, ["laws", "-g", "piquet", "revoke"])
    assert result.stdout.startswith("Law 59:"), result.stdout


def test_no_law_answers(runner: CliRunner) -> None:
    for args in (["79"], ["xylophone"]):
        assert runner.invoke(app, ["laws", "-g", "piquet", *args]).exit_code == 2


def test_a_law_lists_its_cases(runner: CliRunner) -> None:
    result = runner.invoke(app, ["laws", "-g", "piquet", "16"])
    assert "law-16-deal-out-of-turn/found-too-late.ptn" in result.stdout


def test_the_page_is_current(runner: CliRunner) -> None:
    result = runner.invoke(app, ["laws", "--game", "piquet", "--format", "md"])
    assert result.exit_code == 0
    assert PAGE.read_text(encoding="utf-8") == result.stdout, (
        "docs/laws-piquet.md is stale: adjudicator laws --game piquet --format md > "
        "docs/laws-piquet.md"
    )
