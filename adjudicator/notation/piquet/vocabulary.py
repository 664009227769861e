"""The small closed vocabularies of the Piquet Transcript Notation: piquet's order of the
ranks, the names the notation gives ranks, suits, sequences and numbers, and the enumerations
the model's fields take their values from."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from adjudicator.notation.cards import Player, Rank, Suit

# --------------------------------------------------------------------------------------------
#  The small vocabularies
# --------------------------------------------------------------------------------------------

RANK_ORDER: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.KNAVE,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
"""Piquet's ranks from high to low: the ace is highest (laws 4, 63)."""

RANK_NAMES: dict[Rank, str] = {
    Rank.ACE: "ace",
    Rank.KING: "king",
    Rank.QUEEN: "queen",
    Rank.KNAVE: "knave",
    Rank.TEN: "ten",
    Rank.NINE: "nine",
    Rank.EIGHT: "eight",
    Rank.SEVEN: "seven",
}
"""Each rank's name as the notation spells it (``jack`` is read for the knave)."""

SUIT_NAMES: dict[Suit, str] = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}
"""Each suit's name as the notation spells it."""

SEQUENCE_NAMES: dict[int, str] = {
    3: "tierce",
    4: "quart",
    5: "quint",
    6: "sixième",
    7: "septième",
    8: "huitième",
}
"""A sequence's name by its length (law 63), as the notation spells it."""

NUMBER_WORDS: dict[int, str] = {
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
    12: "twelve",
}
"""The numbers the notation reads in words (``five cards``, ``three knaves``)."""

Seat = Literal[Player.A, Player.B]
"""A player at a table of piquet: A or B (their names are in the record's tags)."""

Number = Annotated[int, Field(ge=0, le=999_999_999)]
"""A number of the notation: written in at most nine ASCII digits
(:mod:`adjudicator.notation.numbers`)."""

MAX_CARD_COUNT = 32
"""The largest count of unknown cards a line may give (``A takes 5``): the pack's 32 cards.
A larger count is no fact of a game of 32 cards, and would be held as that many unknowns."""


class Choice(StrEnum):
    """What the player who won the cut chose (law 4)."""

    DEAL = "deal"
    """To deal (and so to be the younger hand)."""
    ELDER = "elder"
    """To be the elder hand (the other deals)."""


class ExchangeWord(StrEnum):
    """How the elder states the cards he exchanges (law 32)."""

    TAKE = "take"
    """How many he takes."""
    LEAVE = "leave"
    """How many he leaves."""


class LookAt(StrEnum):
    """What a player looks at in the exchange."""

    LEFT_CARDS = "left cards"
    """The cards left in the stock (laws 33, 36)."""
    DISCARD = "discard"
    """His own discard (law 45)."""


class Reply(StrEnum):
    """A player's answer to his adversary's call (laws 46-51)."""

    GOOD = "good"
    NOT_GOOD = "not good"
    EQUAL = "equal"


class Asked(StrEnum):
    """What a player's question asks."""

    VALUE = "value"
    """``what do they make?``: what the point is worth (law 46)."""
    NOT_COUNTED = "not counted"
    """``which queen do you not count?``: which card of the rank called is not reckoned
    (Cases VII, VIII)."""
    HOW_HIGH = "how high"
    """``to what?``: the card a sequence runs to (law 48)."""
    HOW_MANY = "how many"
    """``how many diamonds?``: how many cards of a suit (Cases XV, XVI)."""
