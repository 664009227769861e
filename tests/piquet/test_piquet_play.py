"""The points made in play (law 65, Case XIX), playing short (laws 30, 57), the cards (law 66)."""

from __future__ import annotations

import pytest

from adjudicator.engine.piquet.cards import parse_cards
from adjudicator.engine.piquet.play import (
    Trick,
    score_cards,
    score_play,
    tricks_in_turn,
)
from adjudicator.notation.cards import Card, Player

A, B = Player.A, Player.B


def pairs(text: str) -> list[tuple[Card, Card]]:
    """``"AH TH, KH 7D"``: each trick's card led and card played to it."""
    out = []
    for trick in text.split(","):
        led, played = parse_cards(trick)
        out.append((led, played))
    return out


# E1, Cavendish's Example, as played: A leads the first six, B wins the sixth and leads five,
# A wins the eleventh and leads the last.
E1_PLAY = pairs(
    "AH TH, KH 7D, QH TD, JH JD, 8H QD, KD AD, AC 9C, KC JC, QC 8S, TC 9S, QS AS, JS TS"
)
# The same deal, but A throws the ace of spades on a club: B wins the eleventh, leads the ten of
# spades to the last trick, and A wins it with the knave.
LAST_LOST_BY_LEADER = pairs(
    "AH TH, KH 7D, QH TD, JH JD, 8H QD, KD AD, AC 9C, KC JC, QC 8S, TC AS, QS 9S, TS JS"
)


def test_e1_play() -> None:
    tricks = tricks_in_turn(A, B, E1_PLAY)
    assert [t.leader for t in tricks] == [A] * 6 + [B] * 5 + [A]
    play = score_play(tricks, (A, B))
    # A: six leads, the eleventh trick won on B's lead, two for leading and winning the last.
    assert play.total(A) == 6 + 1 + 2
    # B: the sixth trick won on A's lead, then five leads.
    assert play.total(B) == 1 + 5
    assert dict(play.tricks) == {A: 7, B: 5}
    assert play.last == 12
    assert [p.describe() for p in play.points[-2:]] == [
        "wins with AS",
        "leads JS and wins the last trick",
    ]


def test_the_last_trick_lost_by_its_leader() -> None:
    """Law 65: the leader scores one for his card led; the winner two instead of one."""
    tricks = tricks_in_turn(A, B, LAST_LOST_BY_LEADER)
    assert tricks[-1].leader is B and not tricks[-1].leader_wins
    play = score_play(tricks, (A, B))
    last = [p for p in play.points if p.trick == 12]
    assert [(p.player, p.points, p.led) for p in last] == [(B, 1, True), (A, 2, False)]
    assert play.total(A) == 6 + 2
    assert play.total(B) == 1 + 6
    assert dict(play.tricks) == {A: 6, B: 6}


def test_case_xix_the_twelfth_trick_is_the_last() -> None:
    """With thirteen cards against twelve, the twelfth trick is the last (Case XIX): the
    thirteenth card is never played to. Were a thirteenth trick played (both players holding
    thirteen), the project's reading keeps the twelfth as the last."""
    tricks = tricks_in_turn(A, B, LAST_LOST_BY_LEADER)
    assert score_play(tricks, (A, B)).last == 12
    thirteen = (*tricks, Trick(A, Card.parse("7S"), Card.parse("7H")))
    play = score_play(thirteen, (A, B))
    assert play.last == 12
    assert [p.points for p in play.points if p.trick == 13] == [1]


def test_playing_short_the_adversary_counts_the_cards_not_played_to() -> None:
    """Laws 30 and 57: B plays with eleven cards; A's twelfth card cannot be played to and A
    counts it as a trick. The project's reading: it scores nothing in play, and the eleventh
    trick, the last played, is the last."""
    tricks = tricks_in_turn(A, B, E1_PLAY[:11])
    play = score_play(tricks, (A, B), unanswered={A: 1})
    assert play.last == 11
    assert play.total(A) == 6 + 2  # A wins the eleventh, the last, on B's lead
    assert play.total(B) == 1 + 5
    assert dict(play.tricks) == {A: 6 + 1, B: 5}
    assert score_cards(play.tricks).winner is A


def test_the_cards_law_66() -> None:
    assert (score_cards({A: 7, B: 5}).winner, score_cards({A: 7, B: 5}).points) == (A, 10)
    divided = score_cards({A: 6, B: 6})
    assert (divided.winner, divided.points) == (None, 0)
    capot = score_cards({A: 0, B: 12})
    assert (capot.winner, capot.points, capot.capot) == (B, 40, True)
    assert score_cards({A: 11, B: 1}).points == 10


def test_a_capot_when_every_trick_is_won() -> None:
    """The Description's capot: A leads every card and wins every trick: twelve leads, one
    more for the last, forty for the cards."""
    tricks = tricks_in_turn(
        A,
        B,
        pairs("AS 7S, KS 9S, QS TS, JS 8D, 8S 9D, AH 9H, KH QH, JH 7C, TH KC, 8H AC, 7H QD, AD KD"),
    )
    play = score_play(tricks, (A, B))
    assert play.total(A) == 13
    assert play.total(B) == 0
    cards = score_cards(play.tricks)
    assert (cards.winner, cards.points, cards.capot) == (A, 40, True)


def test_a_capot_counting_the_cards_not_played_to() -> None:
    tricks = tricks_in_turn(A, B, E1_PLAY[:5])
    play = score_play(tricks, (A, B), unanswered={A: 7})
    assert score_cards(play.tricks).capot


def test_errors() -> None:
    tricks = tricks_in_turn(A, B, E1_PLAY)
    with pytest.raises(ValueError, match="twice"):
        score_play((*tricks, tricks[0]), (A, B))
    with pytest.raises(ValueError):
        score_play(tricks, (A, Player.C))
    with pytest.raises(ValueError):
        score_play(tricks, (A, B), unanswered={A: -1})
    with pytest.raises(ValueError):
        score_cards({A: 7})
