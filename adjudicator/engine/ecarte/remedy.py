"""What a law's remedy does to the cards on the table: a small closed set of moves the engine
makes when the court tells it a law's remedy has been taken (``Leave.remedies``), so that the
record after it is read against the table the law leaves.

The engine knows what each move does to the hands, not which law calls for it: the laws say
that (``laws.ecarte.base.Remedy``), and the court, judging the claim, tells the engine.

The notation has no line for a card drawn out of a hand or thrown aside. A record shows it, if
at all, by a ``discards`` line of the hand the cards leave, written next, or by a statement of
the hand (``holds``) after it, or only by the play, which never shows the cards again:
:func:`held_later` reads what the rest of the deal shows a hand holding, and :func:`set_aside`
takes the surplus out of it accordingly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from adjudicator.engine.ecarte.rules import CARD_BIT, HAND, mask
from adjudicator.engine.ecarte.table import Holding
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.ecarte.model import (
    Discard,
    Event,
    EventKind,
    Holds,
    Lead,
    Packet,
    Play,
    Retract,
    Trick,
)


class DrawSurplus(NamedTuple):
    """The adversary draws the cards of ``player``'s hand beyond five out of it, at random
    (laws 17, 29, 33). The cards drawn are those the record writes as his next ``discards``
    line, if that is the next thing it says of his hand; else those the rest of the deal never
    shows him holding (:func:`set_aside`)."""

    player: Player


class PutOutSurplus(NamedTuple):
    """``player`` puts the cards of his hand beyond five out himself, face down (laws 15, 31):
    his next ``discards`` line is that, not a discard of an exchange. If he puts nothing out,
    he keeps them (and plays with too many)."""

    player: Player


class ThrowAside(NamedTuple):
    """``cards`` of ``player``'s hand are thrown aside, and as many of the next cards of the
    stock given him instead (law 36: exposed cards refused). A ``discards`` line of his naming
    only cards thrown aside is the record's writing of it; the next packet to him, up to as
    many cards, is the cards given instead."""

    player: Player
    cards: tuple[Card, ...]


Remedy = DrawSurplus | PutOutSurplus | ThrowAside
"""A move of the table a law's remedy makes."""


_SILENT: frozenset[EventKind] = frozenset(
    {
        "take_up",
        "mark",
        "unmark",
        "announce",
        "score",
        "look",
        "advise",
        "claim",
        "elect_play",
        "permit_complete",
        "shuffle",
        "call_new_cards",
        "sit_out",
    }
)
"""Kinds of event that say nothing of the cards in a hand."""


def discards_next(events: Sequence[Event], after: int, player: Player) -> bool:
    """Whether the next event after ``events[after]`` that says anything of the cards is a
    ``discards`` line of ``player``'s."""
    for e in events[after + 1 :]:
        if e.kind in _SILENT:
            continue
        return isinstance(e, Discard) and e.player is player
    return False


def held_later(events: Sequence[Event], after: int, player: Player) -> int:
    """The cards the deal's events after ``events[after]`` show ``player`` holding at that
    moment: those he plays, discards or is said to hold later, and was not given in between.
    A card given him that nobody recorded stops the reading (any card after it may be that
    one)."""
    held = 0
    given = 0
    for e in events[after + 1 :]:
        cards: tuple[Card | None, ...] = ()
        if isinstance(e, Packet) and e.player is player:
            if None in e.cards:
                break
            given |= mask(e.cards)
        elif isinstance(e, Retract) and e.player is player and e.card is not None:
            given |= CARD_BIT[e.card]
        elif isinstance(e, (Play, Lead)) and e.player is player:
            cards = (e.card,)
        elif isinstance(e, (Discard, Holds)) and e.player is player:
            cards = e.cards
        elif isinstance(e, Trick):
            cards = tuple(
                c for who, c in ((e.leader, e.lead), (e.follower, e.follow)) if who is player
            )
        held |= mask(cards) & ~given
    return held


def set_aside(hand: Holding, count: int, kept: int) -> tuple[Holding, Holding]:
    """``hand`` with ``count`` cards taken out of it, none of ``kept`` (the cards the record
    shows him holding later), and the cards taken. Where more cards than ``count`` may be the
    ones taken, all of them leave the known cards and as many stay, not known, as are not
    taken; where fewer, the rest are taken from the cards not known."""
    if count <= 0:
        return hand, Holding()
    candidates = hand.cards & ~kept
    n = candidates.bit_count()
    rest = hand.cards & ~candidates
    if n == count:
        return Holding(rest, hand.unknown), Holding(candidates, 0)
    if n > count:
        return Holding(rest, hand.unknown + n - count), Holding(0, count)
    unknown = min(hand.unknown, count - n)
    return Holding(rest, hand.unknown - unknown), Holding(candidates, unknown)


def surplus(hand: Holding) -> int:
    """How many cards ``hand`` holds beyond five."""
    return max(0, hand.size - HAND)


__all__ = [
    "DrawSurplus",
    "PutOutSurplus",
    "Remedy",
    "ThrowAside",
    "discards_next",
    "held_later",
    "set_aside",
    "surplus",
]
