"""``ecarte advise`` and the worth beside each option in ``ecarte rule``: a replay of the hands
valued exactly (the hand as played against the hands played again under perfect play, each
marked as the laws allow); other options listed, said not to be valued yet."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.shell.cli import app

CASES = Path(__file__).resolve().parent.parent / "cases"
WORTH_TWO = CASES / "law-43-revoke" / "replay-worth-two.etn"


def test_advise_values_the_replay() -> None:
    result = CliRunner().invoke(app, ["advise", "--format", "json", str(WORTH_TWO)])
    assert result.exit_code == 1  # the record has findings
    (deal,) = json.loads(result.stdout)[0]["records"][0]["deals"]
    (option,) = deal["options"]
    assert (option["law"], option["option"], option["who"], option["status"]) == (
        43,
        "replay",
        "B",
        "taken",
    )
    worth = option["worth"]
    # As played A wins the point (two by law 49, one as offender); replayed under perfect
    # play B wins three tricks to two: one for B. Worth two marks to B.
    assert worth["worth"] == 2 and worth["taken"] == {"A": 0, "B": 1}
    assert worth["declined"] == {"A": 1, "B": 0}
    assert worth["perfect_play"]["tricks"] == {"A": 2, "B": 3}
    text = CliRunner().invoke(app, ["advise", str(WORTH_TWO)]).stdout
    assert "worth to B: +2 marks for the hand" in text and "the better choice: take it" in text


def test_rule_shows_the_worth_beside_the_option() -> None:
    text = CliRunner().invoke(app, ["rule", str(WORTH_TWO)]).stdout
    at = text.index("- option replay")
    assert "worth to B: +2 marks" in text[at : at + 600]


def test_options_not_valued_say_so_and_no_option_no_advice(tmp_path: Path) -> None:
    folder = CASES / "law-17-dealer-too-many"
    text = CliRunner().invoke(app, ["advise", str(folder)]).stdout
    assert "may take fresh_deal" in text and "not valued yet" in text
    plain = tmp_path / "plain.etn"
    plain.write_text("deal 1 A\n  B: KH QH 9S\n  A: 7H 8H 7C\n  B: AC TC\n  A: JS JD\n  turn 8C\n")
    text = CliRunner().invoke(app, ["advise", str(plain)]).stdout
    assert "no option: no law gives either player a choice in this record" in text
