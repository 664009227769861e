"""The laws' remedies carried out on the table: the engine's moves
(:mod:`adjudicator.engine.ecarte.remedy`), made when the court grants them, and the laws' data
that calls for them (``Option.remedy``, ``Law.remedy``).

The engine is driven here by a stand-in for the court that grants a given remedy at a given
line, so that each move is seen alone; the casebook (``cases/ecarte``) shows them ruled."""

from __future__ import annotations

from adjudicator import Card, Player, read_one
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.engine.ecarte.remedy import (
    DrawSurplus,
    PutOutSurplus,
    Remedy,
    ThrowAside,
    held_later,
    set_aside,
)
from adjudicator.engine.ecarte.replay import replay
from adjudicator.engine.ecarte.rules import mask
from adjudicator.engine.ecarte.table import DealState, Ending, Holding, Phase, Step
from laws.ecarte import LAWS
from laws.ecarte.base import Does, Finding, Outcome, Who
from laws.ecarte.base import Remedy as LawRemedy

A, B = Player.A, Player.B
CUT = "cut A KH B 9C\n"
SIX = "  B: KH QH 9S\n  A: JS 8S 7D\n  B: 7C 8C\n  A: TD AH 9C\n  turn 9D\n"
"""A deals 3-2 and gives himself three in the second round: he holds six."""
PLAY = "  1. B KH A AH\n  2. B QH A 7D\n  3. A JS B 9S\n  4. A 8S B 7C\n  5. A 9C B 8C\n"
"""Five tricks: A never plays the ten of trumps."""


class Grants:
    """A stand-in for the court: it allows every fact, and grants ``remedy`` at ``line``."""

    def __init__(self, line: int, remedy: Remedy) -> None:
        self.line = line
        self.remedy = remedy

    def allows(self, fact: Step) -> bool:
        return True

    def remedies(self, fact: Step) -> tuple[Remedy, ...]:
        return (self.remedy,) if fact.line == self.line else ()

    def ending(self, position: int) -> Ending | None:
        return None

    def unwon(self, position: int) -> bool:
        return False


def _line(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def _steps(text: str, fragment: str, remedy: Remedy) -> list[Step]:
    return list(replay(read_one(text), Grants(_line(text, fragment), remedy)))


def _deal(steps: list[Step], line: int) -> DealState:
    deal = next(s for s in steps if s.line == line).table.deal
    assert deal is not None
    return deal


def _kinds(steps: list[Step]) -> list[str]:
    return [d.kind for s in steps for d in s.deviations]


def _cards(*codes: str) -> int:
    return mask(Card.parse(c) for c in codes)


def test_a_surplus_drawn_is_the_card_the_hand_stated_after_leaves_out() -> None:
    text = CUT + "deal 1 A\n" + SIX + "  B claims draw\n  A holds JS 8S 7D AH 9C\n" + PLAY
    steps = _steps(text, "claims draw", DrawSurplus(A))
    drawn = _deal(steps, _line(text, "claims draw"))
    assert drawn.hand(A) == Holding(_cards("JS", "8S", "7D", "AH", "9C"))
    assert drawn.discards[0] == Holding(_cards("TD"))
    assert "holding_contradicts" not in _kinds(steps)


def test_a_surplus_drawn_without_a_word_is_the_card_never_played() -> None:
    text = CUT + "deal 1 A\n" + SIX + "  B claims draw\n  B plays\n" + PLAY
    steps = _steps(text, "claims draw", DrawSurplus(A))
    assert _deal(steps, _line(text, "claims draw")).hand(A).cards & _cards("TD") == 0
    assert "wrong_count_at_play" not in _kinds(steps)


def test_a_surplus_drawn_written_as_a_discard_is_no_discard_of_an_exchange() -> None:
    text = CUT + "deal 1 A\n" + SIX + "  B claims draw\n  A discards 9C\n  B proposes\n"
    steps = _steps(text, "claims draw", DrawSurplus(A))
    after = _deal(steps, _line(text, "discards 9C"))
    assert after.hand(A) == Holding(_cards("JS", "8S", "7D", "AH", "TD"))
    assert after.stage == ""
    assert _kinds(steps).count("discard_out_of_turn") == 0
    assert "proposal_out_of_turn" not in _kinds(steps)


def test_of_several_cards_that_may_have_been_drawn_none_is_named() -> None:
    hand = Holding(_cards("JS", "8S", "7D", "AH", "TD", "9C"))
    kept = _cards("JS", "8S", "7D", "AH")
    left, drawn = set_aside(hand, 1, kept)
    assert left == Holding(kept, 1) and drawn == Holding(0, 1)
    left, drawn = set_aside(hand, 1, kept | _cards("TD"))
    assert left == Holding(kept | _cards("TD")) and drawn == Holding(_cards("9C"))


def test_what_the_deal_shows_a_hand_holding_stops_at_a_card_given_unnamed() -> None:
    events = read_one(CUT + "deal 1 A\n" + SIX + "  A holds JS 8S ?? ?? ?? ??\n").deals[0].events
    turn = next(i for i, e in enumerate(events) if e.kind == "turn")
    assert held_later(events, turn, A) == _cards("JS", "8S")
    events = read_one(CUT + "deal 1 A\n" + SIX + "  A: ??\n  A holds JS 8S\n").deals[0].events
    assert held_later(events, turn, A) == 0


def test_a_surplus_put_out_is_his_next_discard_and_no_exchange() -> None:
    six = "  B: KH QH 9S\n  A: JS 8S 7D\n  B: 7C 8C 9C\n  A: TD AH\n  turn 9D\n"
    text = CUT + "deal 1 A\n" + six + "  B elects play\n  B discards ??\n  B proposes\n"
    text += "  A accepts\n  B discards 7C 8C\n"
    steps = _steps(text, "elects play", PutOutSurplus(B))
    assert _deal(steps, _line(text, "discards ??")).hand(B).size == 5
    assert _deal(steps, _line(text, "discards ??")).stage == ""
    assert _deal(steps, _line(text, "discards 7C")).stage == "elder draws"
    assert not {"proposal_out_of_turn", "discard_out_of_turn"} & set(_kinds(steps))


def test_a_surplus_not_put_out_stays_in_the_hand() -> None:
    six = "  B: KH QH 9S\n  A: JS 8S 7D\n  B: 7C 8C 9C\n  A: TD AH\n  turn 9D\n"
    text = CUT + "deal 1 A\n" + six + "  B elects play\n  B plays\n  1. B KH A AH\n"
    steps = _steps(text, "elects play", PutOutSurplus(B))
    assert "wrong_count_at_play" in _kinds(steps)


EXCHANGE = (
    "  B: KH QH 9D\n  A: AS JS 8C\n  B: 8D 7C\n  A: KD QD\n  turn 7S\n  B proposes\n"
    "  A accepts\n  B discards 8D 7C\n  B: QS *9H\n"
)
"""A gives B the nine of hearts face up (law 36)."""


def test_cards_thrown_aside_leave_the_hand_and_the_next_are_given_instead() -> None:
    text = CUT + "deal 1 A\n" + EXCHANGE + "  B claims refuse\n  B: 8H\n  A discards 8C\n  A: TS\n"
    steps = _steps(text, "claims refuse", ThrowAside(B, (Card.parse("9H"),)))
    assert _deal(steps, _line(text, "claims refuse")).hand(B).size == 4
    assert _deal(steps, _line(text, "B: 8H")).hand(B).cards & _cards("9H", "8H") == _cards("8H")
    assert not {"cards_given_out_of_turn", "discard_out_of_turn"} & set(_kinds(steps))


def test_cards_thrown_aside_may_be_written_as_a_discard() -> None:
    text = CUT + "deal 1 A\n" + EXCHANGE + "  B claims refuse\n  B discards 9H\n  B: 8H\n"
    text += "  A discards 8C\n  A: TS\n"
    steps = _steps(text, "claims refuse", ThrowAside(B, (Card.parse("9H"),)))
    assert not {"card_not_held", "discard_out_of_turn", "cards_given_out_of_turn"} & set(
        _kinds(steps)
    )
    assert _deal(steps, _line(text, "A: TS")).hand(B).size == 5


def test_every_remedy_of_a_law_keeps_the_deal_and_names_a_hand() -> None:
    for law in LAWS:
        remedies = [(o.outcome, o.remedy) for o in law.options if o.remedy is not None]
        if law.remedy is not None:
            remedies.append((Outcome.STANDS, law.remedy))
        for outcome, remedy in remedies:
            assert outcome is Outcome.STANDS, law.number
            assert remedy.hand in (Who.NON_DEALER, Who.DEALER, Who.OFFENDER), law.number


def test_a_remedy_binds_to_the_hand_it_names() -> None:
    deal = DealState(number=1, dealer=A, elder=B, pack=None, phase=Phase.EXCHANGE)
    found = Finding(1, 1, 1, 1, A, "x", "", evidence=(Card.parse("9H"),))
    assert LawRemedy(Does.DRAW_SURPLUS, Who.DEALER).on(deal, found) == DrawSurplus(A)
    assert LawRemedy(Does.PUT_OUT_SURPLUS, Who.NON_DEALER).on(deal, found) == PutOutSurplus(B)
    thrown = LawRemedy(Does.THROW_ASIDE, Who.NON_DEALER).on(deal, found)
    assert thrown == ThrowAside(B, (Card.parse("9H"),))
    assert LawRemedy(Does.DRAW_SURPLUS, Who.ADVERSARY).on(deal, found) == DrawSurplus(B)


def test_the_court_carries_out_a_draw_it_upholds() -> None:
    # Law 17: B draws A's surplus; the hand stated after it is the hand the law leaves.
    text = CUT + "deal 1 A\n" + SIX + "  B takes up\n  B claims draw\n  A holds JS 8S 7D AH 9C\n"
    text += "  B plays\n" + PLAY
    ruling = adjudicate(read_one(text), fast=False)
    assert [c.upheld for c in ruling.claims] == [True]
    assert all(f.law is not None for f in ruling.findings)
    assert [d.outcome for d in ruling.deals] == ["stands"]
