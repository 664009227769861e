"""Piquet's view of the 32 cards: the order of the ranks and what each card is worth.

Piquet is played with the same 32 cards as écarté (:data:`~adjudicator.notation.cards.ALL_CARDS`),
but ranks them differently: the ace is highest, then king, queen, knave, ten, nine, eight, seven
(the Description of the Game, "Dealing"). Écarté's order is not used here. The order and the
names of the ranks and suits are the notation's
(:mod:`~adjudicator.notation.piquet.vocabulary`), stated once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from adjudicator.notation.cards import Card, Rank, Suit
from adjudicator.notation.piquet.vocabulary import RANK_NAMES, RANK_ORDER, SUIT_NAMES

__all__ = [
    "CARD_VALUE",
    "COURT_RANKS",
    "HEIGHT",
    "RANK_NAMES",
    "RANK_ORDER",
    "SET_RANKS",
    "SUIT_NAMES",
    "beats",
    "card_value",
    "height",
    "in_order",
    "parse_cards",
]

HEIGHT: Mapping[Rank, int] = MappingProxyType(
    {rank: len(RANK_ORDER) - 1 - i for i, rank in enumerate(RANK_ORDER)}
)
"""A rank's height in piquet: ace 7, king 6, ..., seven 0. Higher beats lower, and a sequence is
a run of consecutive heights in one suit."""

CARD_VALUE: Mapping[Rank, int] = MappingProxyType(
    {
        Rank.ACE: 11,
        Rank.KING: 10,
        Rank.QUEEN: 10,
        Rank.KNAVE: 10,
        Rank.TEN: 10,
        Rank.NINE: 9,
        Rank.EIGHT: 8,
        Rank.SEVEN: 7,
    }
)
"""What a card adds to the value of a point (law 62 and the Description): ace 11, king, queen and
knave 10, the others their pips."""

COURT_RANKS: frozenset[Rank] = frozenset({Rank.KING, Rank.QUEEN, Rank.KNAVE})
"""The court cards: a dealt hand without any of them is a carte blanche (law 18)."""

SET_RANKS: tuple[Rank, ...] = RANK_ORDER[:5]
"""The ranks that make quatorzes and trios, highest first: aces, kings, queens, knaves, tens
(law 64; the Description says that fours or threes below the ten count nothing)."""

_SUIT_PLACE = {suit: i for i, suit in enumerate(Suit)}


def height(rank: Rank) -> int:
    """The rank's place in piquet's order, ace 7 down to seven 0 (the Description, "Dealing")."""
    return HEIGHT[rank]


def card_value(card: Card) -> int:
    """What the card counts toward the value of a point: ace 11, court cards and ten 10, the
    others their pips (law 62 and the Description)."""
    return CARD_VALUE[card.rank]


def beats(card: Card, led: Card) -> bool:
    """Whether ``card``, played to ``led``, wins the trick: only a higher card of the suit led
    wins; there are no trumps (the Description, "Playing")."""
    return card.suit is led.suit and HEIGHT[card.rank] > HEIGHT[led.rank]


def in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards sorted for display: by suit (spades, hearts, diamonds, clubs, the notation's
    order), highest rank first within a suit."""
    return tuple(sorted(cards, key=lambda c: (_SUIT_PLACE[c.suit], -HEIGHT[c.rank])))


def parse_cards(text: str) -> tuple[Card, ...]:
    """The cards written in ``text``, in order: card codes separated by spaces, with ``/`` (a
    break between suits, as the reference writes hands) ignored. Raises ``ValueError`` for a word
    that is not a card and for a card written twice."""
    cards = tuple(Card.parse(word) for word in text.replace("/", " ").split())
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card is written twice in {text!r}")
    return cards
