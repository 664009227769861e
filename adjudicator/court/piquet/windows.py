"""When each window of the laws of piquet closes: the event of the deal, found from the facts
(a player taking up his cards, the elder's first card of the stock, the younger's reply, the
first lead, the younger's card to the first trick, ...). A claim is in time when it is written
before that event; a window that no event of the deal closes is still open."""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.notation.piquet.events import (
    Answer,
    Discard,
    Event,
    ExchangeCall,
    Lead,
    Play,
    PointCall,
    Question,
    SequenceCall,
    SetCall,
    Take,
    Trick,
)
from adjudicator.notation.piquet.irregularities import TakesUp
from laws.piquet import DealView, Window

_CALLS = (PointCall, SequenceCall, SetCall)


def _taking_up(view: DealView, after: int) -> int | None:
    """A player takes up his cards: said so, or shown by his exchange or the play."""
    kinds = (TakesUp, Discard, Take, ExchangeCall, Lead, Trick)
    return view.first(lambda e: isinstance(e, kinds))


def _elder_stock(view: DealView, after: int) -> int | None:
    return view.first(lambda e: isinstance(e, Take) and e.player is view.elder)


def _younger_stock(view: DealView, after: int) -> int | None:
    return view.first(lambda e: isinstance(e, Take) and e.player is view.younger)


def _reply(view: DealView, after: int) -> int | None:
    return view.first(
        lambda e: isinstance(e, Answer | Question) and e.player is view.younger, after + 1
    )


def _next_call(view: DealView, after: int) -> int | None:
    return view.first(
        lambda e: (isinstance(e, _CALLS) and e.player is view.elder) or _leads(e), after + 1
    )


def _leads(e: Event) -> bool:
    return isinstance(e, Lead | Trick)


def _lead(view: DealView, after: int) -> int | None:
    return view.first(_leads)


def _first_play(view: DealView, after: int) -> int | None:
    return view.first(
        lambda e: isinstance(e, Play) or (isinstance(e, Trick) and e.follower is not None)
    )


def _played_to(view: DealView, after: int) -> int | None:
    return view.first(
        lambda e: isinstance(e, Play) or (isinstance(e, Trick) and e.follower is not None),
        after,
    )


def _next_hand(view: DealView, after: int) -> int | None:
    """A player sees his hand of the deal: he takes it up, exchanges, or plays (closing a
    correction of the deal before's count; one of the deal's own closes in no event of it)."""
    kinds = (TakesUp, Discard, Take, ExchangeCall, Lead, Play, Trick)
    seen = view.first(lambda e: isinstance(e, kinds))
    return seen if seen is not None and seen < after else None


def _never(view: DealView, after: int) -> int | None:
    return None


def _at_once(view: DealView, after: int) -> int | None:
    return after


_CLOSING: dict[Window, Callable[[DealView, int], int | None]] = {
    Window.BEFORE_CUT: lambda view, after: 0,
    Window.BEFORE_TAKING_UP: _taking_up,
    Window.BEFORE_STOCK: _elder_stock,
    Window.BEFORE_YOUNGER_STOCK: _younger_stock,
    Window.BEFORE_REPLY: _reply,
    Window.BEFORE_NEXT_CALL: _next_call,
    Window.BEFORE_LEAD: _lead,
    Window.BEFORE_FIRST_PLAY: _first_play,
    Window.BEFORE_PLAYED_TO: _played_to,
    Window.BEFORE_NEXT_HAND: _next_hand,
    Window.DURING_DEAL: _never,
    Window.AT_ONCE: _at_once,
}
"""The event that closes each window, as a function of the deal's view and the place of the
fact the finding rests on."""


def closes_at(view: DealView, window: Window, after: int) -> int | None:
    """The place among the deal's events of the event that closes ``window`` for a finding
    made at place ``after``; ``None`` if no event of the deal closes it."""
    return _CLOSING[window](view, after)


def in_time(view: DealView, window: Window, after: int, at: int) -> bool:
    """Whether something done at place ``at`` is in time for ``window``."""
    closing = closes_at(view, window, after)
    return closing is None or at < closing
