"""The advisor says how sure it is (issue 23, item 5): every worth and chance carries its 95%
interval or is said to be exact; "the better choice" is named only where the interval of the
difference that decides leaves out nought, else the choice is "about even"; a deal played on
under perfect play is solved in every way the cards not shown can lie when they are few.

Checked on every casebook record the advisor values (its JSON and the text of ``advise``, from
one ruling each), on a constructed record whose two sides are near nought apart, and on the
text, Markdown and HTML of ``rule --advice``."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator import read
from adjudicator.court.ecarte.api import adjudicate
from adjudicator.engine.ecarte import spread
from adjudicator.engine.ecarte.fresh import fresh_deals
from adjudicator.shell.cli import app
from adjudicator.shell.report import advice_data, render_advice

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"

NEAR = """[Event "Near nought: a short hand put right, or a fresh deal"]
[A "Mr. Anstey"]
[B "Mr. Bourke"]

deal 1 A
  B: KD 8H 7S
  A: QS JS 9D
  B: QD
  A: 8C 7C
  B claims new deal
"""
"""B is dealt four cards and claims a fresh deal (law 9): going on, the short hand put right
and the deal played on at random, is worth +0.07 marks to B against the fresh deal, and +0.7
points of his chance of the game, each well inside its sample's noise."""

SIX = CASES / "law-17-dealer-too-many" / "claim-after-refusal.etn"
"""The dealer holds six once the exchange is closed: law 17's card drawn from his six."""

BETTER = re.compile(
    r"the better choice: (take|decline) it \(by (?:the chance of the game, taken less "
    r"declined: [+-][\d.]+ points, 95% interval ([+-][\d.]+) to ([+-][\d.]+)|the marks, "
    r"(?:exactly|95% interval ([+-][\d.]+) to ([+-][\d.]+)))\)"
)
"""A better choice as the advice words it, with the interval of the difference that decides."""


def _plain(text: str) -> str:
    """Text, Markdown or HTML as one line of words (tags dropped, entities read)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def _honest_words(text: str) -> int:
    """Check each "the better choice" of ``text``: its interval (if not exact) leaves out
    nought, on the side the choice says. How many there were."""
    words = _plain(text)
    found = BETTER.findall(words)
    assert len(found) == words.count("the better choice"), "a better choice without its interval"
    for choice, *ends in found:
        low, high = (float(x) for x in ends if x) if any(ends) else (None, None)
        if low is None or high is None:
            continue  # exact
        assert low > 0 or high < 0, f"the better choice on an interval {low} to {high}"
        assert (low > 0) == (choice == "take")
    return len(found)


def _honest_worth(worth: dict[str, Any]) -> None:
    """A worth's JSON: a basis, an interval, and a verdict the interval that decides bears."""
    assert worth["basis"] in ("exact", "sampled")
    if worth["worth"] is None:
        assert worth["verdict"] == "" and worth["better"] == ""
        return
    low, high = worth["interval"]
    assert low <= worth["worth"] <= high
    assert (low == high) == (worth["basis"] == "exact")
    if worth["decided_by"] == "game":
        low, high = worth["game_gain_interval"]
        value = worth["game_gain"]
    else:
        value = worth["worth"]
    if worth["verdict"] == "better":
        assert (low > 0 or high < 0) if low != high else value != 0
        assert worth["better"] == ("take" if value > 0 else "decline")
    else:
        assert worth["verdict"] == "about even" and worth["better"] == "either"
        assert low <= 0 <= high if low != high else value == 0
    for name in ("game_taken", "game_declined"):
        if worth[name] is not None:
            band = worth[f"{name}_interval"]
            assert band[0] <= worth[name] <= band[1]


def test_the_casebook_advice_never_names_a_better_choice_inside_its_noise() -> None:
    verdicts: dict[str, int] = {}
    bases: set[tuple[str, str]] = set()
    better = 0
    for path in sorted(CASES.rglob("*.etn")):
        for record in read(path.read_text(encoding="utf-8")):
            ruling = adjudicate(record, advise=True)
            if not any(d.advice for d in ruling.deals):
                continue
            data = advice_data(ruling)
            for deal in data["deals"]:
                for option in deal["options"]:
                    if "worth" in option:
                        worth = option["worth"]
                        _honest_worth(worth)
                        verdicts[worth["verdict"]] = verdicts.get(worth["verdict"], 0) + 1
                        bases.add((worth["basis"], worth["decided_by"]))
            better += _honest_words(render_advice(str(path), ruling))
    # The casebook has choices of each kind: shown better, and about even.
    assert verdicts.get("better", 0) > 50 and verdicts.get("about even", 0) > 10
    assert better == verdicts["better"]
    assert ("exact", "game") in bases and ("sampled", "game") in bases


def test_a_choice_near_nought_is_about_even_everywhere(tmp_path: Path) -> None:
    path = tmp_path / "near.etn"
    path.write_text(NEAR, encoding="utf-8")
    runner = CliRunner()
    data = json.loads(runner.invoke(app, ["advise", "-f", "json", str(path)]).stdout)
    (deal,) = data[0]["records"][0]["deals"]
    worths = {o["option"]: o["worth"] for o in deal["options"]}
    rectify = worths["rectify"]
    assert 0 < rectify["worth"] < 0.1 and rectify["basis"] == "sampled"
    assert rectify["verdict"] == "about even" and rectify["better"] == "either"
    assert rectify["interval"][0] < 0 < rectify["interval"][1]
    assert rectify["taken_basis"] == "sampled" and rectify["taken_ways"] == 64
    assert rectify["declined_ways"] == fresh_deals().deals
    for worth in worths.values():
        _honest_worth(worth)
    text = runner.invoke(app, ["advise", str(path)]).stdout
    assert _honest_words(text) == 0 and "about even" in _plain(text)
    for fmt in ("text", "md", "html"):
        out = runner.invoke(app, ["rule", "--advice", "-f", fmt, str(path)]).stdout
        assert _honest_words(out) == 0 and "about even: neither choice is shown" in _plain(out)


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_rule_with_advice_names_a_better_choice_only_with_its_interval(fmt: str) -> None:
    out = CliRunner().invoke(app, ["rule", "--advice", "-f", fmt, str(SIX)]).stdout
    assert _honest_words(out) == 4
    json_out = CliRunner().invoke(app, ["rule", "--advice", "-f", "json", str(SIX)]).stdout
    (record,) = json.loads(json_out)[0]["records"]
    for worth in record["deals"][0]["advice"]:
        _honest_worth(worth)


def test_a_draw_from_six_known_cards_is_solved_every_way() -> None:
    data = json.loads(CliRunner().invoke(app, ["advise", "-f", "json", str(SIX)]).stdout)
    (deal,) = data[0]["records"][0]["deals"]
    draw = next(o["worth"] for o in deal["options"] if o["option"] == "draw")
    # The dealer's six known, one drawn at random (law 17): six ways, each solved.
    assert draw["taken_by"] == "played_on" and draw["taken_basis"] == "exact"
    assert draw["taken_ways"] == 6 and draw["taken"] == {"A": 1.167, "B": 0}
    # Against a fresh deal (the table's): sampled, with the table's narrow interval.
    assert draw["basis"] == "sampled" and draw["worth"] == pytest.approx(-1.117)
    assert -1.14 < draw["interval"][0] < draw["interval"][1] < -1.09
    assert draw["verdict"] == "better" and draw["better"] == "decline"


def test_an_exact_difference_is_better_unless_nought_and_a_noisy_one_about_even() -> None:
    table = fresh_deals()
    assert spread.verdict(2.0, 2.0, 2.0) == "better"
    assert spread.verdict(0.0, 0.0, 0.0) == "about even"
    noisy = spread.Estimate(0.05, own=0.04, sampled=True)  # 0.05 +- 0.39
    low, high = spread.interval(noisy, table)
    assert low < 0 < high and spread.verdict(low, high, noisy.value) == "about even"
    sure = spread.Estimate(0.05, own=0.0001, sampled=True)  # 0.05 +- 0.0196
    low, high = spread.interval(sure, table)
    assert low > 0 and spread.verdict(low, high, sure.value) == "better"
    # Two chances read from the same table: their shared uncertainty cancels.
    a, b = spread.game(table, 2, 3, True, 5), spread.game(table, 2, 3, True, 5)
    assert spread.variance(a.minus(b), table) == 0 < spread.variance(a, table)
