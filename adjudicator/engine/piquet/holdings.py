"""What a hand holds, and what a player declares of it.

The three combinations that are called and reckoned in hand (laws 62-64) are the point, the
sequences, and the quatorzes and trios; a fourth, the carte blanche, belongs to the hand as
dealt (laws 18, 61). :func:`holdings` finds them in a hand. What is compared, though, is what
each player *declares*: a player need not call everything he holds (the Description: "A player
is not bound to call anything unless he pleases"; sinking), so the rulings
(:mod:`~adjudicator.engine.piquet.rulings`) take a :class:`Declaration` for each player, and
:func:`declare_everything` builds the common one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.engine.piquet.cards import (
    COURT_RANKS,
    RANK_NAMES,
    RANK_ORDER,
    SET_RANKS,
    SUIT_NAMES,
    card_value,
    height,
)
from adjudicator.notation.cards import Card, Rank, Suit

_SEQUENCE_NAMES = {
    3: "tierce",
    4: "quart",
    5: "quint",
    6: "sixième",
    7: "septième",
    8: "huitième",
}
_NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@dataclass(frozen=True)
class Point:
    """A point: the cards of one suit, reckoned one a card when good (law 62)."""

    suit: Suit
    """The suit the point is in."""
    cards: int
    """How many cards of the suit: compared first, and what the point scores when good."""
    pips: int
    """What the cards make (ace 11, king, queen, knave and ten 10, others their pips): compared
    when the numbers of cards are equal."""

    def __post_init__(self) -> None:
        if not 1 <= self.cards <= len(RANK_ORDER):
            raise ValueError(f"a point has 1 to 8 cards, not {self.cards}")

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Point:
        """The point made by ``cards``, which must all be of one suit."""
        held = frozenset(cards)
        suits = {card.suit for card in held}
        if len(suits) != 1:
            raise ValueError("a point is the cards of one suit")
        return cls(suits.pop(), len(held), sum(card_value(card) for card in held))

    @property
    def precedence(self) -> tuple[int, int]:
        """What is compared between two points (law 62): the number of cards, then the pips."""
        return (self.cards, self.pips)

    @property
    def value(self) -> int:
        """What the point scores when good: one a card (law 62)."""
        return self.cards

    def describe(self) -> str:
        """E.g. "point of five cards making 49 in hearts"."""
        cards = _NUMBER_WORDS.get(self.cards, str(self.cards))
        return f"point of {cards} cards making {self.pips} in {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True)
class Sequence:
    """A sequence: three or more cards of one suit next to each other in rank (law 63)."""

    suit: Suit
    """The suit the sequence is in."""
    length: int
    """How many cards, 3 (tierce) to 8 (huitième)."""
    top: Rank
    """The card that heads it: between sequences of one length, the higher top is good."""

    def __post_init__(self) -> None:
        if not 3 <= self.length <= len(RANK_ORDER):
            raise ValueError(f"a sequence has 3 to 8 cards, not {self.length}")
        if height(self.top) + 1 < self.length:
            raise ValueError(f"no sequence of {self.length} runs down from the {self.top.value}")

    @property
    def precedence(self) -> tuple[int, int]:
        """What is compared between two sequences (law 63): the length, then the top card."""
        return (self.length, height(self.top))

    @property
    def value(self) -> int:
        """What the sequence scores when good (law 63): a tierce 3, a quart 4, a quint 15, a
        sixième 16, a septième 17, a huitième 18 (one a card, and ten more from five cards)."""
        return self.length if self.length <= 4 else self.length + 10

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the sequence, highest first."""
        start = RANK_ORDER.index(self.top)
        return tuple(
            Card.parse(rank.value + self.suit.value)
            for rank in RANK_ORDER[start : start + self.length]
        )

    def describe(self) -> str:
        """E.g. "quart major in hearts", "tierce to the queen in diamonds", "tierce minor"."""
        name = _SEQUENCE_NAMES[self.length]
        if self.top is Rank.ACE:
            head = "major"
        elif height(self.top) + 1 == self.length:
            head = "minor"
        else:
            head = f"to the {RANK_NAMES[self.top]}"
        return f"{name} {head} in {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True)
class RankSet:
    """A quatorze (four cards of one rank) or a trio (three), of tens or higher (law 64)."""

    rank: Rank
    """The rank: ace, king, queen, knave or ten."""
    count: int
    """4 for a quatorze, 3 for a trio."""

    def __post_init__(self) -> None:
        if self.rank not in SET_RANKS:
            raise ValueError(f"only tens or higher make a quatorze or trio, not {self.rank}")
        if self.count not in (3, 4):
            raise ValueError(f"a quatorze has 4 cards and a trio 3, not {self.count}")

    @property
    def quatorze(self) -> bool:
        """Whether it is a quatorze (four of the rank) rather than a trio."""
        return self.count == 4

    @property
    def precedence(self) -> tuple[int, int]:
        """What is compared between two sets (law 64): a quatorze before a trio, then the
        rank."""
        return (self.count, height(self.rank))

    @property
    def value(self) -> int:
        """What it scores when good (law 64): a quatorze 14, a trio 3."""
        return 14 if self.quatorze else 3

    def describe(self) -> str:
        """E.g. "four tens", "three knaves"."""
        return f"{_NUMBER_WORDS[self.count]} {RANK_NAMES[self.rank]}s"


@dataclass(frozen=True)
class Holdings:
    """Everything a hand holds that can be called in hand: the combinations of laws 62-64."""

    point: Point | None
    """The player's point: his longest suit, and of two equally long the one making more
    (law 62, the Description). ``None`` only for a hand without cards."""
    sequences: tuple[Sequence, ...]
    """Every sequence of three or more, best first (longer, then higher)."""
    sets: tuple[RankSet, ...]
    """Every quatorze and trio of tens or higher, best first (quatorzes, then by rank)."""


_BY_HEIGHT = {height(rank): rank for rank in RANK_ORDER}


def holdings(hand: Iterable[Card]) -> Holdings:
    """The point, sequences and sets held in ``hand`` (laws 62, 63, 64).

    The point is the suit with most cards; between two of the player's own suits of equal length
    the one making more pips is his point (the Description, "Calling and showing"). If they also
    make the same, either is the same point to the rulings (only number and value count); the
    project's reading picks the first in the notation's suit order (spades, hearts, diamonds,
    clubs) so that the answer is deterministic. A sequence is a maximal run: ace to ten in one
    suit is one quint, never a quart and a tierce. Quatorzes and trios are counted in tens and
    higher only (the Description: fours or threes below the ten are of no value)."""
    cards = _distinct(hand)
    by_suit = {suit: [c for c in cards if c.suit is suit] for suit in Suit}
    suits = [s for s in Suit if by_suit[s]]
    point = None
    if suits:
        points = [Point.of(by_suit[s]) for s in suits]
        point = max(points, key=lambda p: p.precedence)  # max keeps the first of equals
    sequences: list[Sequence] = []
    for suit in suits:
        heights = sorted((height(c.rank) for c in by_suit[suit]), reverse=True)
        runs: list[list[int]] = []
        for h in heights:
            if runs and runs[-1][-1] == h + 1:
                runs[-1].append(h)
            else:
                runs.append([h])
        sequences += [Sequence(suit, len(r), _BY_HEIGHT[r[0]]) for r in runs if len(r) >= 3]
    sequences.sort(key=lambda s: s.precedence, reverse=True)
    sets = []
    for rank in SET_RANKS:
        count = sum(1 for c in cards if c.rank is rank)
        if count >= 3:
            sets.append(RankSet(rank, count))
    sets.sort(key=lambda s: s.precedence, reverse=True)
    return Holdings(point, tuple(sequences), tuple(sets))


def is_carte_blanche(dealt: Iterable[Card]) -> bool:
    """Whether a hand *as dealt* is a carte blanche: at least twelve cards and no king, queen or
    knave (law 18). It scores ten (law 61); the hand after the exchange does not matter."""
    cards = _distinct(dealt)
    return len(cards) >= 12 and not any(c.rank in COURT_RANKS for c in cards)


@dataclass(frozen=True)
class Declaration:
    """What one player declared in hand: the only thing the rulings compare. Anything he held
    but did not declare (sank) neither scores nor bars."""

    carte_blanche: bool = False
    """Whether he showed a carte blanche (laws 18-20)."""
    point: Point | None = None
    """The point he called, if any."""
    sequences: tuple[Sequence, ...] = ()
    """The sequences he called (in any order)."""
    sets: tuple[RankSet, ...] = ()
    """The quatorzes and trios he called (in any order)."""
    bars_only: frozenset[str] = frozenset()
    """The heads (``point``, ``sequences``, ``quatorzes and trios``) in which what he declared
    bars but does not score: a point longer than the one he asked the value of, or answered
    "equal" to (law 46, Case I); a combination his answer declared and he never reckoned
    before playing to the first trick (law 56)."""


def declare_everything(hand: Iterable[Card], *, dealt: Iterable[Card] | None = None) -> Declaration:
    """The declaration of a player who calls all he holds (laws 46-49): his point, every sequence
    and every set in ``hand`` (the hand after the exchange), and the carte blanche if ``dealt``
    (the hand as dealt) is one (law 18)."""
    held = holdings(hand)
    blanche = dealt is not None and is_carte_blanche(dealt)
    return Declaration(blanche, held.point, held.sequences, held.sets)


def _distinct(cards: Iterable[Card]) -> frozenset[Card]:
    held = tuple(cards)
    distinct = frozenset(held)
    if len(distinct) != len(held):
        raise ValueError("a hand holds each card once")
    return distinct
