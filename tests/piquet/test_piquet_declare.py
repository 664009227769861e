"""The dialogue read under the laws of calling (``adjudicator.engine.piquet.declare``): what
each player declared once the corrections, the questions and the order of the calls are
taken into account (laws 46, 50, 51, 53), each held against the hands of one deal."""

from __future__ import annotations

from adjudicator.engine.piquet.calls import Dialogue
from adjudicator.engine.piquet.declare import Declared, declarations
from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.engine.piquet.holdings import Point, RankSet
from adjudicator.engine.piquet.holdings import Sequence as Run
from adjudicator.notation.cards import Card, Player, Rank, Suit
from adjudicator.notation.piquet.reader import read_one

A_HAND = "AD KD QD JD 8D 9C 8C 7C KH JH QS KS"
B_HAND = "AS JS TS 9S QH TH AH TD 9D 7D AC TC"
A_SEEN = A_HAND + " KC QC JC 8S 7S"


def _cards(text: str) -> frozenset[Card]:
    return frozenset(Card.parse(c) for c in text.split())


def _read(*lines: str, seen: str = A_SEEN) -> Declared:
    record = read_one("deal 1 B\n" + "".join(f"  {line}\n" for line in lines))
    dialogue = Dialogue()
    for event in record.deals()[0].events:
        dialogue.add(event, 0)  # type: ignore[arg-type]
    hands = {Player.A: _cards(A_HAND), Player.B: _cards(B_HAND)}
    return declarations(dialogue, hands, 1, {Player.A: _cards(seen)}, Player.A)


def _kinds(read: Declared) -> list[DeviationKind]:
    return [d.kind for d in read.deviations]


def test_the_point_after_a_sequence_is_not_reckoned() -> None:
    read = _read("A: quart major", "B: good", "A: five cards", "B: good")
    assert read.declarations[Player.A].point is None
    assert _kinds(read) == [DeviationKind.CALL_ORDER]
    assert read.deviations[0].line == 2


def test_an_under_call_put_right_before_the_reply_replaces_it() -> None:
    read = _read("A: tierce major", "A: quart major", "B: good")
    assert read.declarations[Player.A].sequences == (Run(Suit.DIAMONDS, 4, Rank.ACE),)
    assert "before the younger replied" in read.deviations[0].message


def test_an_under_call_put_right_after_the_reply_stands() -> None:
    read = _read("A: tierce major", "B: good", "A: quart major")
    assert read.declarations[Player.A].sequences == (Run(Suit.DIAMONDS, 3, Rank.ACE),)
    assert "too late" in read.deviations[0].message


def test_an_answer_put_right_after_the_next_call_is_too_late() -> None:
    read = _read("A: three kings", "B: good", "A: quart major", "B: good", "B: four tens")
    assert read.declarations[Player.B].sets == ()
    assert read.declarations[Player.A].sets == (RankSet(Rank.KING, 3),)
    assert DeviationKind.CORRECTION in _kinds(read)


def test_an_answer_put_right_in_time_declares_the_better_set() -> None:
    read = _read("A: three kings", "B: good", "B: not good")
    assert read.declarations[Player.B].sets == (RankSet(Rank.TEN, 4),)
    assert "in time" in read.deviations[-1].message


def test_a_misnomer_is_reckoned_as_held() -> None:
    read = _read("A: five cards in hearts", "B: good")
    assert read.declarations[Player.A].point == Point(Suit.DIAMONDS, 5, 49)
    assert _kinds(read) == [DeviationKind.MISNOMER]


def test_no_misnomer_when_hand_and_discard_could_hold_it() -> None:
    read = _read("A: five cards in hearts", "B: good", seen=A_HAND + " 9H 8H 7H 8S 7S")
    assert read.declarations[Player.A].point is None
    assert _kinds(read) == [DeviationKind.MISNOMER, DeviationKind.CALL]


def test_an_equal_to_fewer_cards_bars_only() -> None:
    read = _read("A: three cards", "B: equal")
    assert read.declarations[Player.B].bars_only == {"point"}
    assert DeviationKind.QUESTION in _kinds(read)
