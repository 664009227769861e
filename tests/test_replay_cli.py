"""``ecarte replay``: the specification's example game shown deal by deal, as text and as JSON.

The figures are worked out by hand from the example (``notation.md``):

* deal 1, A deals 3-2: B holds TS KH TD 7D 9C, A holds QS JS AS AD 8H; KS turned (trumps
  spades, stock 21) and marked by A; B takes KD 7S 7H (stock 18), A takes 9S 8S (stock 16);
  A wins all five tricks (B's KH is trumped by 9S) and marks the vole: A 3, B 0;
* deal 2, B deals 2-3, every card unrecorded but known from the play: A held KS QS 9H JD 7C,
  B held 8S 7S 8H TD AC; 9D turned (trumps diamonds, stock 21); B wins only trick 4 (AC over
  7C); A marks the point: A 4, B 0;
* deal 3, A deals 2-3 though he chose 3-2 in deal 1 (law 8): an ``order_changed`` deviation
  at line 48; B claims a new deal.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from adjudicator.shell.cli import app

EXAMPLE = (
    Path(__file__).resolve().parent.parent
    / "cases"
    / "ecarte"
    / "law-09-misdeal"
    / ("notation-spec-example.etn")
)

HANDS = {
    1: {"B": "TS KH TD 7D 9C", "A": "QS JS AS AD 8H"},
    2: {"A": "KS QS 9H JD 7C", "B": "8S 7S 8H TD AC"},
}
TRUMPS = {1: ("KS", "S"), 2: ("9D", "D")}
TRICKS = {
    1: [
        ("B", "KH", "A", "9S", "A"),
        ("A", "QS", "B", "7S", "A"),
        ("A", "JS", "B", "TS", "A"),
        ("A", "AS", "B", "7H", "A"),
        ("A", "8S", "B", "KD", "A"),
    ],
    2: [
        ("A", "KS", "B", "7S", "A"),
        ("A", "QS", "B", "8S", "A"),
        ("A", "JD", "B", "TD", "A"),
        ("A", "7C", "B", "AC", "B"),
        ("B", "8H", "A", "9H", "A"),
    ],
}
MARKS = {  # player, points, reason, score after the mark
    1: [("A", 1, "king", (1, 0)), ("A", 2, "vole", (3, 0))],
    2: [("A", 1, "point", (4, 0))],
}
SCORES = {1: (3, 0), 2: (4, 0), 3: (4, 0)}


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """A copy of the specification's example game."""
    copy = tmp_path / "example.etn"
    copy.write_bytes(EXAMPLE.read_bytes())
    return copy


def run(*args: str) -> Result:
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.output
    return result


def sections(text: str) -> dict[int, str]:
    """The text output cut into deals: deal number -> its lines."""
    out: dict[int, str] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        m = re.match(r"deal (\d+)\b", line)
        if m:
            current = []
            out[int(m.group(1))] = ""
        if current is not None:
            current.append(line)
            out[max(out)] = "\n".join(current)
    return out


def card_set(text: str) -> set[str]:
    return set(text.split())


def shown_hands(section: str) -> list[dict[str, set[str]]]:
    """Every pair of hands the section shows (``A: ...`` / ``B: ...`` lines), in order."""
    found: list[dict[str, set[str]]] = []
    current: dict[str, set[str]] = {}
    for line in section.splitlines():
        m = re.match(r"\s+([AB]): ((?:(?:[KQJAT987][SHDC]|\?\?) ?)+)$", line)
        if m:
            current[m.group(1)] = card_set(m.group(2))
            if len(current) == 2:
                found.append(current)
                current = {}
    return found


def test_text_shows_the_example_deal_by_deal(example: Path) -> None:
    result = run("replay", str(example))
    assert result.exit_code == 0, result.output
    deals = sections(result.stdout)
    assert sorted(deals) == [1, 2, 3]
    for number in (1, 2):
        text = deals[number]
        # The hands after the deal, the trump, the stock.
        first = shown_hands(text)[0]
        assert first == {p: card_set(h) for p, h in HANDS[number].items()}
        turned, suit = TRUMPS[number]
        assert re.search(rf"turned {turned}\b", text)
        assert re.search(rf"trumps {suit}\b", text)
        assert re.search(r"stock 21\b", text)
        # Each trick and its winner.
        for n, (leader, lead, follower, follow, winner) in enumerate(TRICKS[number], start=1):
            pattern = rf"trick {n}: {leader} {lead}, {follower} {follow}: {winner} wins"
            assert re.search(pattern, text), pattern
        # The marks and the running score.
        for player, points, reason, (a, b) in MARKS[number]:
            pattern = rf"{player} marks {points} {reason}\b.*score A {a}, B {b}"
            assert re.search(pattern, text), pattern
        a, b = SCORES[number]
        assert re.search(rf"score after the deal: A {a}, B {b}", text)
    # The exchange of deal 1: the stock after each player took his cards, and the new hands.
    assert re.search(r"B takes KD 7S 7H; stock 18", deals[1])
    assert re.search(r"A takes 9S 8S; stock 16", deals[1])
    assert shown_hands(deals[1])[1] == {
        "B": card_set("TS 7S KH 7H KD"),
        "A": card_set("QS JS AS 9S 8S"),
    }
    # Deal 3: the changed packet order, where it happened, and the score unchanged.
    assert re.search(r"line 48\b.*\[order_changed\]", deals[3])
    assert "order_changed" not in deals[1] + deals[2]
    assert re.search(r"score after the deal: A 4, B 0", deals[3])
    assert re.search(r"claims new deal", deals[3])


def items(deal: dict[str, Any], what: str) -> list[dict[str, Any]]:
    return [item for item in deal["lines"] if item["what"] == what]


def test_json_gives_the_same_facts(example: Path) -> None:
    result = run("replay", "--format", "json", str(example))
    assert result.exit_code == 0, result.output
    files = json.loads(result.stdout)
    assert len(files) == 1
    deals = files[0]["deals"]
    assert [(d["number"], d["dealer"], d["elder"]) for d in deals] == [
        (1, "A", "B"),
        (2, "B", "A"),
        (3, "A", "B"),
    ]
    for number in (1, 2):
        deal = deals[number - 1]
        (dealt,) = items(deal, "dealt")
        assert {p: card_set(h) for p, h in dealt["hands"].items()} == {
            p: card_set(h) for p, h in HANDS[number].items()
        }
        turned, suit = TRUMPS[number]
        assert dealt["turned"] == [turned]
        assert dealt["trump"] == suit
        assert dealt["stock"] == 21
        tricks = [
            (t["leader"], t["lead"], t["follower"], t["follow"], t["winner"])
            for t in items(deal, "trick")
        ]
        assert tricks == TRICKS[number]
        assert [t["number"] for t in items(deal, "trick")] == [1, 2, 3, 4, 5]
        marks = [
            (m["player"], m["points"], m["reason"], (m["score"]["A"], m["score"]["B"]))
            for m in items(deal, "mark")
        ]
        assert marks == MARKS[number]
        assert deal["deviations"] == []
    for number, (a, b) in SCORES.items():
        assert deals[number - 1]["score"] == {"A": a, "B": b}
    assert deals[0]["result"] == {
        "winner": "A",
        "tricks": {"B": 0, "A": 5},
        "how": "vole",
        "points": 2,
    }
    assert deals[1]["result"]["winner"] == "A"
    assert deals[1]["result"]["tricks"] == {"A": 4, "B": 1}
    assert deals[1]["result"]["points"] == 1
    (exchanged,) = items(deals[0], "hands")
    assert {p: card_set(h) for p, h in exchanged["hands"].items()} == {
        "B": card_set("TS 7S KH 7H KD"),
        "A": card_set("QS JS AS 9S 8S"),
    }
    devs = deals[2]["deviations"]
    assert [(d["kind"], d["line"]) for d in devs] == [("order_changed", 48)]
    assert "result" not in deals[2]


def test_a_broken_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "broken.etn"
    path.write_text("deal 1 A\n  B propose\n", encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert result.stdout.strip() == ""
    assert f"{path}:2:5" in result.stderr
    result = run("replay", "--format", "json", str(path))
    assert result.exit_code == 2
    assert json.loads(result.stdout) == []


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nowhere.etn"))
    assert result.exit_code == 2
    assert "nowhere.etn" in result.stderr


def test_the_hand_worked_games_replay_from_the_command_line() -> None:
    games = Path(__file__).resolve().parent / "data" / "games"
    result = run("replay", "--format", "json", str(games / "05-law49-refused-king-wins.etn"))
    assert result.exit_code == 0
    (summary,) = json.loads(result.stdout)
    assert [d["score"] for d in summary["deals"]] == [
        {"A": 3, "B": 0},
        {"A": 3, "B": 2},
        {"A": 4, "B": 2},
        {"A": 5, "B": 2},
    ]
    assert all(d["deviations"] == [] for d in summary["deals"])
