"""What a deal's later lines tell of the hands before them: the cards a player is known to hold
because he plays, discards or is said to hold them later (:func:`later_holdings`), and how many
cards he was dealt where the dealing is not written down (:func:`counts_stated_later`)."""

from __future__ import annotations

from adjudicator.engine.ecarte.rules import CARD_BIT
from adjudicator.engine.ecarte.table import SEAT
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import Event


def later_holdings(events: tuple[Event, ...]) -> list[tuple[int, int, int]] | None:
    """For each event of a deal, the cards each seat is known to hold just after it because he
    plays, discards or is said to hold them later without being given them in between (and
    without being given, in between, a card nobody recorded, which could have been any of
    them). ``None`` when the deal names every card and writes its dealing down (nothing to
    infer)."""
    if not any(_has_unknown(e) for e in events) and any(e.kind == "packet" for e in events):
        return None
    pending = [0, 0, 0]
    out: list[tuple[int, int, int]] = [(0, 0, 0)] * len(events)
    for i in range(len(events) - 1, -1, -1):
        out[i] = (pending[0], pending[1], pending[2])
        e = events[i]
        if e.kind in ("play", "lead", "discard", "holds"):
            seat = SEAT[e.player]
            cards = (e.card,) if e.kind == "play" or e.kind == "lead" else e.cards
            for c in cards:
                if c is not None:
                    pending[seat] |= CARD_BIT[c]
        elif e.kind == "trick":
            if e.lead is not None:
                pending[SEAT[e.leader]] |= CARD_BIT[e.lead]
            if e.follower is not None and e.follow is not None:
                pending[SEAT[e.follower]] |= CARD_BIT[e.follow]
        elif e.kind in ("packet", "retract"):
            seat = SEAT[e.player]
            cards = e.cards if e.kind == "packet" else (e.card,)
            for c in cards:
                if c is None:
                    # He was given a card nobody recorded: any card he shows later may be that
                    # one, so none of them is known to have been in his hand before it.
                    pending[seat] = 0
                    break
                pending[seat] &= ~CARD_BIT[c]
    return out


def counts_stated_later(events: tuple[Event, ...]) -> dict[Player, int]:
    """For a deal whose dealing is not written down (no packet before the turn-up): how many
    cards a player was dealt, where a ``holds`` line after the turn-up says so: the cards it
    states, and those he gave up since the turn-up (played, discarded), less those he was given
    (drawn, taken back). Empty when the dealing is written down."""
    turned = False
    out: dict[Player, int] = {}
    gone: dict[Player, int] = {}
    for e in events:
        if e.kind == "packet" and not turned:
            return {}
        if e.kind == "turn":
            turned = True
        elif not turned:
            continue
        elif e.kind == "play" or e.kind == "lead":
            gone[e.player] = gone.get(e.player, 0) + 1
        elif e.kind == "trick":
            gone[e.leader] = gone.get(e.leader, 0) + 1
            if e.follower is not None:
                gone[e.follower] = gone.get(e.follower, 0) + 1
        elif e.kind == "discard":
            gone[e.player] = gone.get(e.player, 0) + len(e.cards)
        elif e.kind == "packet":
            gone[e.player] = gone.get(e.player, 0) - len(e.cards)
        elif e.kind == "retract":
            gone[e.player] = gone.get(e.player, 0) - 1
        elif e.kind == "holds" and e.player not in out:
            out[e.player] = len(e.cards) + gone.get(e.player, 0)
    return out


def _has_unknown(e: Event) -> bool:
    if e.kind in ("packet", "discard", "turn", "holds"):
        return None in e.cards
    if e.kind == "trick":
        return e.lead is None or (e.follower is not None and e.follow is None)
    if e.kind in ("play", "lead"):
        return e.card is None
    return False
