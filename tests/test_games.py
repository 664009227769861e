"""Games won, and what each counts (law 46's treble, double and single under the
``Scoring "law46"`` tag), in the ruling's JSON, the text ruling and the replay."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.engine.ecarte.generate import generate
from adjudicator.notation.ecarte.model import Tag
from adjudicator.shell.cli import app

TREBLE = Path(__file__).resolve().parent.parent / "cases" / "ecarte" / "law-46-game" / "treble.etn"


def test_a_treble_is_reported_in_the_json_the_ruling_and_the_replay() -> None:
    out = CliRunner().invoke(app, ["check", "-f", "json", str(TREBLE)]).stdout
    (game,) = json.loads(out)[0]["records"][0]["games"]
    assert game == {
        "number": 1,
        "winner": "A",
        "against": "B",
        "score": {"A": 5, "B": 0},
        "deal": 2,
        "value": 3,
        "counts": "treble",
        "law": 46,
    }
    text = CliRunner().invoke(app, ["rule", str(TREBLE)]).stdout
    assert "game 1: A won it 5 to 0 against B, in deal 2; it counts 3, a treble (law 46)" in text
    replayed = CliRunner().invoke(app, ["replay", str(TREBLE)]).stdout
    assert "game 1 won by A, 5 to 0 against B; it counts 3, a treble (law 46)" in replayed


def test_without_the_tag_every_game_counts_one(tmp_path: Path) -> None:
    plain = tmp_path / "plain.etn"
    text = TREBLE.read_text(encoding="utf-8").replace('[Scoring "law46"]\n', "")
    assert text != TREBLE.read_text(encoding="utf-8")
    plain.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", "-f", "json", str(plain)]).stdout
    (game,) = json.loads(out)[0]["records"][0]["games"]
    assert (game["value"], game["counts"], game["law"]) == (1, "", None)
    assert "it counts one game" in CliRunner().invoke(app, ["rule", str(plain)]).stdout


def test_the_games_of_a_long_lawful_record_by_both_paths() -> None:
    made = generate(7, games=3)
    record = made.record.model_copy(
        update={"tags": (*made.record.tags, Tag(name="Scoring", value="law46"))}
    )
    fast, full = adjudicate(record), adjudicate(record, fast=False)
    assert fast.games == full.games and len(fast.games) == 3
    for game, (winner, score) in zip(fast.games, made.games, strict=True):
        assert game.winner == winner.value
        assert game.score == {p.value: n for p, n in score.items() if p.value in "AB"}
        loser = min(game.score.values())
        assert game.value == (3 if loser == 0 else 2 if loser <= 2 else 1)


def test_the_report_names_the_games_won() -> None:
    page = CliRunner().invoke(app, ["rule", "--format", "html", str(TREBLE)]).stdout
    won = "Game 1: Mr. Anstey (A) won it 5 to 0 against Mr. Bourke (B), in deal 2; it counts 3"
    assert f"{won}, a treble" in page
    minutes = CliRunner().invoke(app, ["rule", "--format", "md", str(TREBLE)]).stdout
    assert "**Games won:** Game 1: Mr. Anstey (A) won it 5 to 0" in minutes
