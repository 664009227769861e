"""Cutting (laws 3-8): the cut for deal, and the cut to the dealer. The cut for deal and the
choice are replayed by the engine (law 4); the laws read the partie's opening, which the view
of its first deal carries, and find there, before the first deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from adjudicator.engine.piquet.cards import height
from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import CutForDeal, Deals, Elect, Event, Holds, Packet, Stock
from adjudicator.notation.piquet.irregularities import Counted, Cuts, Expose, Shuffles
from adjudicator.notation.piquet.vocabulary import Claimed, Heap

from .base import Choice, Effect, Finding, Law, Option, Section, Who, Window
from .view import DealView

PACK = 32
"""The cards of the pack cut."""
MIN_CUT = 2
"""The fewest cards a cut may take off, or leave (law 3)."""


def _before_the_deal(found: Finding) -> Finding:
    """A finding made in the partie's opening: before its first deal."""
    return replace(found, deal=None)


def _higher(cut: CutForDeal) -> Player | None:
    """Who cut the higher card (the ace high; the last card each showed), if both are known
    and they differ."""
    cards = {c.player: c.cards[-1] for c in cut.cuts}
    a, b = cards.get(Player.A), cards.get(Player.B)
    if a is None or b is None or height(a.rank) == height(b.rank):
        return None
    return Player.A if height(a.rank) > height(b.rank) else Player.B


def _wrong_choice(view: DealView) -> Sequence[Finding]:
    higher: Player | None = None
    for event in view.opening:
        if isinstance(event, CutForDeal):
            higher = _higher(event)
        elif isinstance(event, Elect) and higher is not None and event.player is not higher:
            message = (
                f"{event.player} chooses whether to deal, but {higher} cut the higher card: the "
                "choice is his (law 4)"
            )
            found = HIGHER.finding(
                view, event.line, event.player, "lower_cut_chooses", message, judges=(event.line,)
            )
            return [_before_the_deal(found)]
    return []


def _several_shown(view: DealView) -> Sequence[Finding]:
    found = []
    for event in view.opening:
        if not isinstance(event, CutForDeal):
            continue
        for cut in event.cuts:
            if len(cut.cards) > 1:
                message = (
                    f"{cut.player} shows {len(cut.cards)} cards in cutting for deal: he must cut "
                    "again (law 5)"
                )
                finding = SEVERAL.finding(view, event.line, cut.player, "several_shown", message)
                found.append(_before_the_deal(finding))
    return found


def _cut_stands(view: DealView) -> Sequence[Finding]:
    """The first deal of the partie found with an incorrect pack: the cut for deal still
    holds, and the same dealer deals again."""
    if view.index != 0 or not any(isinstance(e, CutForDeal) for e in view.opening):
        return []
    return [
        STANDS.finding(
            view,
            e.line,
            None,
            "cut_stands",
            "the pack proves incorrect in the first deal: the cut for deal stands, and the "
            "player it made dealer deals again (law 6)",
            fault=False,
        )
        for _, e in view.of_type(Counted)
        if e.heap is Heap.PACK and e.count != 32
    ]


def segments(view: DealView) -> list[list[Event]]:
    """The lines where the pack is cut to a dealer: the partie's opening, and the deal's own
    lines before its dealing begins."""
    dealing = (Deals, Packet, Holds, Stock)
    start = view.first(lambda e: isinstance(e, dealing))
    return [list(view.opening), list(view.events[: len(view.events) if start is None else start])]


def opening_or_deal(view: DealView, found: Finding, event: Event) -> Finding:
    return _before_the_deal(found) if event in view.opening else found


def _cut_size(view: DealView) -> Sequence[Finding]:
    """A cut to the dealer that takes off, or leaves, fewer than two cards (law 3)."""
    found = []
    for segment in segments(view):
        for event in segment:
            if isinstance(event, Cuts) and not MIN_CUT <= event.count <= PACK - MIN_CUT:
                message = (
                    f"{event.player} cuts {event.count}, leaving {PACK - event.count}: a cut "
                    f"takes off at least {MIN_CUT} cards and leaves at least {MIN_CUT}; the pack "
                    "is cut again (law 3)"
                )
                finding = SIZE.finding(
                    view, event.line, event.player, "cut_size", message, judges=(event.line,)
                )
                found.append(opening_or_deal(view, finding, event))
    return found


def _cut_changed(view: DealView) -> Sequence[Finding]:
    """A player who cuts again when his cut stood (law 8): the first cut stands. A cut again
    after a cut too small (law 3) or a card shown (law 7) is the fresh cut those laws call
    for."""
    found = []
    for segment in segments(view):
        standing: dict[Player, Cuts] = {}
        for event in segment:
            if isinstance(event, Expose):
                standing.clear()
            elif isinstance(event, Cuts):
                first = standing.get(event.player)
                if first is not None:
                    message = (
                        f"{event.player} cuts again ({event.count}) after his cut of "
                        f"{first.count}: having parted the pack he must abide by his cut (law 8)"
                    )
                    finding = ABIDES.finding(
                        view, event.line, event.player, "cut_changed", message, judges=(event.line,)
                    )
                    found.append(opening_or_deal(view, finding, event))
                elif MIN_CUT <= event.count <= PACK - MIN_CUT:
                    standing[event.player] = event
    return found


def _exposed_in_cut(view: DealView) -> Sequence[Finding]:
    """A card shown in cutting to the dealer (law 7): in the partie's opening after the choice
    of dealer, or in a deal after a cut to the dealer is written and before the dealing."""
    found = []
    for segment in segments(view):
        cutting = False
        for event in segment:
            if isinstance(event, Elect | Cuts):
                cutting = True
            elif isinstance(event, Shuffles):
                cutting = False  # a card shown in shuffling is law 2's
            elif isinstance(event, Expose) and cutting:
                message = (
                    f"{event.player} exposes a card in cutting to the dealer: the pack must be "
                    "cut again (law 7)"
                )
                finding = FRESH_CUT.finding(
                    view, event.line, event.player, "exposed_in_cut", message, judges=(event.line,)
                )
                found.append(opening_or_deal(view, finding, event))
    return found


HIGHER = Law(
    4,
    Section.CUTTING,
    "The higher cut chooses",
    "In the cut the ace ranks highest. Whoever cuts the higher card chooses whether to "
    "deal; the dealer picks which pack is used at the start of each partie.",
    "The engine replays the cut and the choice; equal cuts cut again. A choice made by the "
    "lower cutter is found as his fault: the code sets no penalty, and the choice as made "
    "decides who deals (the project's reading). The clubs' rule, not the lower-deals rule of "
    "piquet au cent, which some later books give.",
    find=_wrong_choice,
    judges=(DeviationKind.CUT,),
    keywords=("deal", "choice"),
    readings=("a choice by the lower cutter is a fault without effect",),
)

SEVERAL = Law(
    5,
    Section.CUTTING,
    "Several cards shown in cutting for deal",
    "A player who shows more than one card when cutting for deal must cut again.",
    "A cut line naming several cards for a player is found; his cut again is the next cut "
    "line, and the engine takes the last cut written.",
    find=_several_shown,
)

STANDS = Law(
    6,
    Section.CUTTING,
    "The cut for deal stands",
    "The cut for deal holds even if the pack proves incorrect.",
    "Read with law 75: an incorrect pack voids the deal in which it is found, never the cut "
    "that chose the dealer. Found (a note, no fault) when the pack proves incorrect in the "
    "partie's first deal after a cut for deal is written: the same dealer deals again.",
    find=_cut_stands,
)

FRESH_CUT = Law(
    7,
    Section.CUTTING,
    "A card exposed in the cut to the dealer",
    "If a card is shown, or the cards are confused, in cutting to the dealer or in putting "
    "the two packets together again, the pack is cut afresh.",
    "The remedy is compulsory: a fresh cut, imposed. A card exposed in the partie's opening "
    "after the choice of dealer is read as exposed in the cut to the dealer (the notation "
    "writes the cut to the dealer in no other way); a claim of a fresh cut takes it.",
    find=_exposed_in_cut,
    choices=(
        Choice(
            Option.FRESH_CUT,
            Who.NOBODY,
            Window.AT_ONCE,
            (Claimed.FRESH_CUT,),
            "the pack is cut again",
            (Effect.CORRECTED,),
        ),
    ),
)

SIZE = Law(
    3,
    Section.CUTTING,
    "Size of a cut",
    "A cut takes off at least two cards and leaves at least two below.",
    "Read from the cut to the dealer as written ('B cuts 5': the cards he took off, of the "
    "32): a cut of fewer than two, or leaving fewer than two, is found; the code sets no "
    "penalty, and the project reads it as no cut, to be made again (law 8 then does not "
    "bar the second cut).",
    find=_cut_size,
    readings=("a cut of the wrong size is made again",),
)

ABIDES = Law(
    8,
    Section.CUTTING,
    "The cutter abides by his cut",
    "Once a player has parted the pack in cutting, he must keep to that cut.",
    "A second cut to the dealer by the same player, where his first was good and no card was "
    "shown (law 7), is found: the first cut stands.",
    find=_cut_changed,
    readings=("the first cut stands",),
)

LAWS: tuple[Law, ...] = (SIZE, HIGHER, SEVERAL, STANDS, FRESH_CUT, ABIDES)
