"""The tokens of a parsed line of the Piquet notation read as values: a player, a number, a
card or cards, a count said, and the fault of a line its grammar accepts (:class:`BuildError`).

Shared by the builders of :mod:`~adjudicator.notation.piquet.build` and
:mod:`~adjudicator.notation.piquet.build_irregularities`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from lark import Token

from adjudicator.notation.cards import Card, Player
from adjudicator.notation.nodes import Cards
from adjudicator.notation.numbers import number, number_problem
from adjudicator.notation.piquet.vocabulary import MAX_CARD_COUNT, Seat


class Count(NamedTuple):
    """A number of cards said (``five``, ``5``) and the token it was said in."""

    value: int
    token: Token


def count_of(children: Sequence[Any]) -> Count | None:
    """The count said among a rule's children (the value of its sub-rule ``count``), if any."""
    found = [c for c in children if isinstance(c, Count)]
    return found[0] if found else None


class BuildError(Exception):
    """A fault of a line that its grammar accepts: where it is, and what is wrong."""

    def __init__(self, message: str, token: Token, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.column = token.column or 1
        self.width = len(token.value)
        self.hint = hint


def player_of(token: Token) -> Seat:
    """The player of a ``PLAYER`` token (the grammar reads only A and B)."""
    return Player.A if token.value.upper() == "A" else Player.B


def number_of(token: Token) -> int:
    """The number of an ``INT`` or ``TRICK_NUMBER`` token; a :class:`BuildError` at it if it
    has more digits than the notation reads."""
    text = token.value.rstrip(".")
    problem = number_problem(text)
    if problem is not None:
        raise BuildError(problem, token)
    return number(text)


def card_of(token: Token) -> Card | None:
    """The card of a ``CARD`` token (``None`` for ``??``)."""
    return None if token.value == "??" else Card.parse(token.value)


def cards_of(tokens: Sequence[Token]) -> Cards:
    """The cards of a line's ``CARD`` tokens, or a count of unknown cards (its ``INT``)."""
    cards = [t for t in tokens if t.type == "CARD"]
    if cards:
        return tuple(card_of(t) for t in cards)
    (count,) = [t for t in tokens if t.type == "INT"]
    n = number_of(count)
    if n > MAX_CARD_COUNT:
        raise BuildError(
            f"a count of {n:,} cards; the pack has {MAX_CARD_COUNT}",
            count,
            hint="a number here counts cards nobody recorded; write the cards, or ?? for each",
        )
    return (None,) * n


def tokens_of(children: Sequence[Any], kind: str) -> list[Token]:
    """The tokens of the terminal ``kind`` among a rule's children."""
    return [c for c in children if isinstance(c, Token) and c.type == kind]


def token_of(children: Sequence[Any], kind: str) -> Token | None:
    """The first token of the terminal ``kind`` among a rule's children, if any."""
    found = tokens_of(children, kind)
    return found[0] if found else None


def some_cards(tokens: Sequence[Any]) -> Cards:
    """The cards of a line that names at least one (a count of none is a fault at it)."""
    found = cards_of([t for t in tokens if isinstance(t, Token) and t.type in ("CARD", "INT")])
    if not found:
        (count,) = tokens_of(tokens, "INT")
        raise BuildError("a count of no cards: say how many, or name them", count)
    return found
