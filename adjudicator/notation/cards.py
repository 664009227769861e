"""Cards, ranks, suits and players: the small value types every other module speaks in.

The 32 cards are built once; :func:`Card.parse` and :data:`CARD_SPELLINGS` look them up, so a
card is compared by identity and costs nothing to pass around. An unknown card (written ``??``)
is ``None`` wherever a card may stand: the model never guesses.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema


class Player(StrEnum):
    """A seat at the table: A, B and C. Names are in the record's tags."""

    A = "A"
    B = "B"
    C = "C"


class Suit(StrEnum):
    """A suit, by its canonical letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


class Rank(StrEnum):
    """A rank, by its canonical letter. The order of declaration is the order of
    :attr:`Card.index` within a suit, and ranks no card above another: each game states its
    own order of the ranks (``adjudicator.engine.<game>``)."""

    KING = "K"
    QUEEN = "Q"
    KNAVE = "J"
    ACE = "A"
    TEN = "T"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"


_SUIT_SPELLINGS = {"s": "S", "h": "H", "d": "D", "c": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_RANK_SPELLINGS = {r.value.lower(): r.value for r in Rank} | {"10": "T"}


class Card:
    """One of the 32 cards of the pack (seven to ace in four suits). Immutable; there is exactly
    one object per card.

    In JSON (and in the notation) a card is its canonical code: rank letter then suit letter,
    e.g. ``"KH"``, ``"TD"``, ``"7S"``.
    """

    __slots__ = ("code", "index", "rank", "suit")

    rank: Rank
    """The card's rank."""
    suit: Suit
    """The card's suit."""
    code: str
    """The canonical code, e.g. ``"KH"``."""
    index: int
    """0-31: suits in the order S H D C, ranks from king down; a stable key for bitmasks."""

    def __init__(self, rank: Rank, suit: Suit, index: int) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "code", rank.value + suit.value)
        object.__setattr__(self, "index", index)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return (Card.parse, (self.code,))

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card spelt ``text`` in any spelling the notation accepts (``KH``, ``kh``, ``10H``,
        ``K♥``). Raises ``ValueError`` for anything else, including ``??``."""
        card = CARD_SPELLINGS.get(text)
        if card is None:
            card = CARD_SPELLINGS.get(text.lower())
        if card is None:
            raise ValueError(f"not a card: {text!r}")
        return card

    # -- pydantic integration: a card validates from its code and serialises to it ---------

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        from_str = core_schema.no_info_plain_validator_function(_card_from_any)
        return core_schema.json_or_python_schema(
            json_schema=from_str,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), from_str]),
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda card: card.code, when_used="always"
            ),
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {
            "type": "string",
            "pattern": "^[KQJAT987][SHDC]$",
            "description": "A card: rank (K Q J A T 9 8 7) then suit (S H D C).",
        }


def _card_from_any(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise ValueError(f"a card is written as a string such as 'KH', not {value!r}")


PACK = 32
"""Cards in the pack."""

ALL_CARDS: tuple[Card, ...] = tuple(
    Card(rank, suit, si * 8 + ri) for si, suit in enumerate(Suit) for ri, rank in enumerate(Rank)
)
"""The 32 cards, in the order of :attr:`Card.index`."""

CARD_SPELLINGS: dict[str, Card] = {}
"""Every spelling of every card that the notation accepts (lower-case form and canonical
form), mapped to the card."""

for _card in ALL_CARDS:
    for _r, _rv in _RANK_SPELLINGS.items():
        if _rv != _card.rank.value:
            continue
        for _s, _sv in _SUIT_SPELLINGS.items():
            if _sv == _card.suit.value:
                CARD_SPELLINGS[_r + _s] = _card
    CARD_SPELLINGS[_card.code] = _card

SUIT_SPELLINGS: dict[str, Suit] = {k: Suit(v) for k, v in _SUIT_SPELLINGS.items()}
"""Every spelling of a suit the notation accepts (lower case and symbols), mapped to the suit."""
