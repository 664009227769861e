"""The laws of scoring as findings of fact (``laws/piquet/reckoning.py``; the casebook's
contract, "The laws of scoring"): where each score is made, what the ruling cites, what
settles a partie, and that a fact is never a fault."""

from __future__ import annotations

from pathlib import Path

from adjudicator.court.piquet.casebook import acted, cited
from adjudicator.court.piquet.ruling import RecordRuling, rule_record
from adjudicator.notation.piquet.reader import read_one

CASES = Path(__file__).resolve().parents[2] / "cases" / "piquet"


def _ruling(path: str) -> RecordRuling:
    return rule_record(read_one((CASES / path).read_text(encoding="utf-8")))


def test_each_score_of_the_example_deal_at_its_line() -> None:
    """Cavendish's example: A's point (called at line 15) and quart (19), B's four tens (26)
    and three queens (27), the play from the first trick (24), the cards at the twelfth; no
    pique or repique, and nobody reaches thirty before the cards (A 9 + 9 in play, B 17 + 6)."""
    ruling = _ruling("examples/e1-example-deal.ptn")
    facts = {(f.law, f.line) for f in ruling.reckoned}
    assert {(62, 15), (63, 19), (64, 26), (64, 27), (65, 24)} <= facts
    assert not {f for f in ruling.reckoned if f.law in (67, 68, 69)}
    cards = [f for f in ruling.reckoned if f.law == 66]
    assert len(cards) == 1 and cards[0].kind == "cards_won"
    assert "A" in cards[0].message
    assert ruling.clean, "a finding of fact is not a fault"
    assert ruling.reported == 0


def test_a_repique_where_thirty_is_reached() -> None:
    """A carte blanche (line 14) counts toward the repique; the huitième (line 22) brings A to
    36 in hand before B reckons anything: law 67 and law 68 act there, law 69 nowhere."""
    ruling = _ruling("law-68-repique/x-carte-blanche-counts-toward-repique.ptn")
    by_law = {f.law: f for f in ruling.reckoned}
    assert by_law[61].line == 14
    assert by_law[67].line == by_law[68].line == 22
    assert "repique" in by_law[67].message
    assert 69 not in by_law
    assert by_law[66].kind == "capot"


def test_points_equal_are_cited_but_score_nothing() -> None:
    """Through an equal point: law 62 weighs (the points are compared and equal) and is cited,
    but no score is made under it, so it does not act."""
    ruling = _ruling("law-69-pique/x-pique-through-an-equal-point.ptn")
    assert 62 in cited(ruling)
    assert 62 not in acted(ruling)
    assert 69 in acted(ruling)


def test_the_laws_that_settle_a_partie() -> None:
    """The Description's two settlements: the one where both passed a hundred is law 72's, the
    rubicon law 73's; both finish the partie (law 71). An unfinished partie is settled by none."""
    difference = _ruling("examples/e3-settlement-difference.ptn").judged[0]
    rubicon = _ruling("examples/e3-settlement-rubicon.ptn").judged[0]
    assert difference.settled_by == (71, 72)
    assert rubicon.settled_by == (71, 73)
    unfinished = _ruling("law-68-repique/x-carte-blanche-counts-toward-repique.ptn").judged[0]
    assert unfinished.settled_by == ()


def test_a_barred_player_s_good_declaration_bars_only() -> None:
    """The younger took three for two and reckons nothing (law 35): his good four tens and three
    queens are found as made, scoring nothing but barring; the elder's scores stand."""
    ruling = _ruling("law-35-younger-takes-more/takes-three-for-two.ptn")
    barring = [f for f in ruling.reckoned if "only bars" in f.message]
    assert {f.law for f in barring} == {64}, [f.message for f in ruling.reckoned]
    assert all(f.message.startswith("B would score") for f in barring)
