"""Piquet's order of the cards and their values (the Description, "Dealing"; law 62)."""

from __future__ import annotations

import pytest

from adjudicator.engine.piquet.cards import (
    RANK_ORDER,
    SET_RANKS,
    beats,
    card_value,
    height,
    in_order,
    parse_cards,
)
from adjudicator.notation.cards import Card, Rank


def c(code: str) -> Card:
    return Card.parse(code)


def test_the_ace_is_highest_and_the_seven_lowest() -> None:
    assert [r.value for r in RANK_ORDER] == ["A", "K", "Q", "J", "T", "9", "8", "7"]
    assert height(Rank.ACE) == 7
    assert height(Rank.SEVEN) == 0
    assert height(Rank.ACE) > height(Rank.KING) > height(Rank.QUEEN) > height(Rank.KNAVE)


def test_card_values_for_the_point() -> None:
    """Law 62 and the Description: ace eleven, court cards ten, the others their pips."""
    values = [card_value(c(code)) for code in ("AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S")]
    assert values == [11, 10, 10, 10, 10, 9, 8, 7]


def test_only_tens_and_higher_make_sets() -> None:
    assert SET_RANKS == (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.KNAVE, Rank.TEN)


def test_a_higher_card_of_the_suit_led_wins() -> None:
    assert beats(c("AH"), c("KH"))
    assert not beats(c("KH"), c("AH"))
    assert not beats(c("AS"), c("7H"))  # no trumps: another suit never wins
    assert beats(c("8D"), c("7D"))


def test_parse_and_order() -> None:
    hand = parse_cards("9S AS / KH JS")
    assert hand == (c("9S"), c("AS"), c("KH"), c("JS"))
    assert in_order(hand) == (c("AS"), c("JS"), c("9S"), c("KH"))
    with pytest.raises(ValueError, match="twice"):
        parse_cards("AS KS AS")
    with pytest.raises(ValueError):
        parse_cards("AS 6S")
