"""Shuffling (laws 1-2): who may shuffle, and how. The notation writes a shuffle (``A
shuffles``) in a partie's opening or before a deal's dealing; the laws read those lines."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.notation.piquet.irregularities import Cuts, Expose, Shuffles

from .base import Finding, Law, Section
from .cutting import opening_or_deal, segments
from .view import DealView


def _last_shuffle(view: DealView) -> Sequence[Finding]:
    """The pack cut after a shuffle by the player who is not to deal: the dealer was entitled
    to shuffle last (a note: he may shuffle again, or let it pass)."""
    found = []
    for segment in segments(view):
        shuffles = [e for e in segment if isinstance(e, Shuffles)]
        if not shuffles or shuffles[-1].player is view.younger:
            continue
        last = shuffles[-1]
        message = (
            f"{last.player} shuffles last, but the dealer, {view.younger}, is entitled to "
            "shuffle last: he may shuffle again (law 1)"
        )
        finding = WHO.finding(view, last.line, last.player, "dealer_not_last", message, fault=False)
        found.append(opening_or_deal(view, finding, last))
    return found


def _shown_in_shuffling(view: DealView) -> Sequence[Finding]:
    """A card shown while the pack is being shuffled, before it is cut (law 2)."""
    found = []
    for segment in segments(view):
        shuffler = None
        for event in segment:
            if isinstance(event, Shuffles):
                shuffler = event.player
            elif isinstance(event, Cuts):
                shuffler = None
            elif isinstance(event, Expose) and shuffler is not None:
                message = (
                    f"{event.player} shows a card in shuffling: the pack may not be shuffled so "
                    "as to show the faces of the cards; it is shuffled again (law 2)"
                )
                finding = SHOWN.finding(
                    view,
                    event.line,
                    event.player,
                    "shown_in_shuffling",
                    message,
                    judges=(event.line,),
                )
                found.append(opening_or_deal(view, finding, event))
    return found


WHO = Law(
    1,
    Section.SHUFFLING,
    "Who shuffles",
    "Either player may shuffle both packs, his own and his adversary's; the dealer is "
    "entitled to shuffle last.",
    "A right, not an irregularity. Where the last shuffle written before the cut is the "
    "non-dealer's, it is noted (no fault): the dealer may shuffle again.",
    find=_last_shuffle,
    keywords=("shuffle",),
)

SHOWN = Law(
    2,
    Section.SHUFFLING,
    "Shuffling exposes no card",
    "The pack may not be shuffled under the table, nor so as to show the faces of the cards.",
    "The code sets no penalty. A card exposed after a shuffle and before the cut is found as "
    "the shuffler's fault; the project reads it as calling for a fresh shuffle only (not a "
    "card exposed in cutting or dealing, laws 7 and 13). A shuffle under the table has no "
    "line in the notation.",
    find=_shown_in_shuffling,
    readings=("a card shown in shuffling calls only for a fresh shuffle",),
)

LAWS: tuple[Law, ...] = (WHO, SHOWN)
