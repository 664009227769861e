"""Facts of a deal the laws of piquet read, worked out from its view: how many cards each
player was dealt and the stock held, what each discarded and took in, and the events that say
when (a player taking up his cards, the elder's first card of the stock, the first lead)."""

from __future__ import annotations

from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import Discard, Event, Lead, Packet, Take, Trick
from adjudicator.notation.piquet.irregularities import Announce, Counted, Mix, TakeBack
from adjudicator.notation.piquet.vocabulary import Heap, MixedWith

from .view import DealView

HAND = 12
"""Cards each player is dealt (law 9)."""
STOCK = 8
"""Cards of the stock (law 9)."""
ELDER_MOST = 5
"""The most the elder may take (law 21)."""


def dealt_size(view: DealView, player: Player) -> int | None:
    """How many cards ``player`` was dealt: his hand as dealt if every card is known, else his
    packets, else what he announced (law 38); ``None`` if the record does not say."""
    whole = view.replay.dealt.get(player)
    if whole is not None:
        return len(whole)
    packets = [e for _, e in view.of_type(Packet) if e.player is player]
    if packets:
        return sum(len(e.cards) for e in packets)
    announced = [e.count for _, e in view.of_type(Announce) if e.player is player]
    return announced[0] if announced else None


def stock_size(view: DealView) -> int | None:
    """How many cards the stock held as dealt: counted before any card was taken from it, or
    what is left when both hands' sizes are known."""
    takes = view.of_type(Take)
    first = takes[0][0] if takes else None
    for at, e in view.of_type(Counted):
        if e.heap is Heap.STOCK and (first is None or at < first):
            return e.count
    sizes = [dealt_size(view, p) for p in (view.elder, view.younger)]
    if None in sizes:
        return None
    return 2 * HAND + STOCK - sum(s for s in sizes if s is not None)


def discarded(view: DealView, player: Player) -> int:
    """How many cards ``player``'s discard holds: those he put out or mixed with it (law 26),
    less those he took back into his hand."""
    put = sum(len(e.cards) for _, e in view.of_type(Discard) if e.player is player)
    put += sum(
        len(e.cards)
        for _, e in view.of_type(Mix)
        if e.player is player and e.into is MixedWith.DISCARD
    )
    back = sum(len(e.cards) for _, e in view.of_type(TakeBack) if e.player is player)
    return put - back


def taken(view: DealView, player: Player) -> int:
    """How many cards ``player`` took in."""
    return sum(len(e.cards) for _, e in view.of_type(Take) if e.player is player)


def first_take(view: DealView, player: Player) -> int | None:
    """The place of ``player``'s first line taking cards of the stock."""
    return next((at for at, e in view.of_type(Take) if e.player is player), None)


def first_lead(view: DealView) -> int | None:
    """The place of the first card led."""
    places = [found[0][0] for found in (view.of_type(Lead), view.of_type(Trick)) if found]
    return min(places) if places else None


def line_at(view: DealView, place: int | None) -> int:
    """The line of the event at ``place`` (the deal's heading if none)."""
    if place is None or not 0 <= place < len(view.events):
        return view.deal.line
    event: Event = view.events[place]
    return event.line


def played_with(view: DealView, player: Player) -> int | None:
    """How many cards ``player`` held when the play began, if the record tells."""
    hand = view.replay.hands.get(player)
    if hand is not None:
        return len(hand)
    size = dealt_size(view, player)
    if size is None:
        return None
    return size - discarded(view, player) + taken(view, player)
