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
    """What a player looks at: in the exchange, or the tricks in the play."""

    LEFT_CARDS = "left cards"
    """The cards left in the stock (laws 33, 36)."""
    DISCARD = "discard"
    """His own discard (law 45)."""
    ADVERSARY_DISCARD = "adversary's discard"
    """His adversary's discard (law 37)."""
    TRICKS = "tricks"
    """The tricks played, his own and his adversary's (law 60)."""


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


class PackDealt(StrEnum):
    """Which of the two packs a deal was dealt with, as the record says it (laws 15, 16)."""

    SAME = "same"
    """The pack of the deal before."""
    OTHER = "other"
    """The other pack: the one not dealt with in the deal before."""


class Place(StrEnum):
    """Where a card exposed was (laws 7, 13, 27)."""

    PACK = "the pack"
    """The pack, in cutting or in dealing."""
    STOCK = "the stock"
    """The stock."""
    LEFT_CARDS = "the left cards"
    """The cards left in the stock by a player who took fewer than he might."""
    OWN = "his cards"
    """The cards of the player who exposed it."""
    ADVERSARY = "his adversary's cards"
    """His adversary's cards (in dealing: a card dealt to the adversary)."""
    DISCARD = "his discard"
    """His own discard."""
    ADVERSARY_DISCARD = "his adversary's discard"
    """His adversary's discard."""


class Heap(StrEnum):
    """What a card or a pack counted is: the stock or the whole pack."""

    STOCK = "stock"
    """The stock (laws 11, 38, 39)."""
    PACK = "pack"
    """The pack (law 75)."""


class MixedWith(StrEnum):
    """What cards were mixed with (laws 26, 28, 29, 37)."""

    HAND = "hand"
    """The player's hand."""
    DISCARD = "discard"
    """The player's discard."""


class Damage(StrEnum):
    """What is wrong with a card found damaged (law 77)."""

    TORN = "torn"
    """The card is torn."""
    MARKED = "marked"
    """The card is marked."""


class Claimed(StrEnum):
    """What a player claims of his adversary, or proposes to him."""

    FRESH_DEAL = "a fresh deal"
    """A fresh deal (laws 11, 13, 28, 29; Case III: a proposal)."""
    FRESH_CUT = "a fresh cut"
    """A fresh cut (law 7)."""
    RECKONS_NOTHING = "reckons nothing"
    """That a player reckons nothing that deal (laws 25-35, 54, 58)."""
    STOCK_COUNTED = "the stock counted"
    """That the stock be counted (law 38)."""
    ALTER_DISCARD = "to alter his discard"
    """To alter his discard (laws 11, 32; Case V)."""
    PLAY_AGAIN = "to play again"
    """That the cards be played again (law 59 II, IV, V; Cases X, XV)."""
    PUT_RIGHT = "the deal put right"
    """That a wrong deal be put right by consent, before either player takes up his cards
    (law 10)."""


class Consent(StrEnum):
    """The adversary's answer to a claim."""

    ACCEPTS = "accepts"
    """He accepts it."""
    REFUSES = "refuses"
    """He refuses it."""
