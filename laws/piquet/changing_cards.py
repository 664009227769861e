"""Changing cards (laws 76-77): new packs called for, and torn or marked cards. Both read the
deal's lines and, with the partie's first deal, its opening."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from adjudicator.notation.piquet.events import Event
from adjudicator.notation.piquet.irregularities import Damaged, NewPacks

from .base import Finding, Law, Section
from .view import DealView


def _lines(view: DealView) -> list[tuple[bool, Event]]:
    """The opening's lines (marked as such), then the deal's."""
    return [(True, e) for e in view.opening] + [(False, e) for e in view.events]


def _new_packs(view: DealView) -> Sequence[Finding]:
    found = []
    damaged = False
    begun = False
    for opening, event in _lines(view):
        if isinstance(event, Damaged):
            damaged = True
        elif isinstance(event, NewPacks) and not damaged:
            late = begun and not opening
            if late:
                message = (
                    f"{event.player} calls for new packs once the deal has begun: they may be "
                    "called for only before the pack is cut for a deal (law 76)"
                )
            else:
                message = (
                    f"{event.player} calls for two new packs before the cut, at his own expense; "
                    "the dealer chooses which to use (law 76)"
                )
            finding = NEW_PACKS.finding(
                view,
                event.line,
                event.player,
                "new_packs_late" if late else "new_packs",
                message,
                judges=(event.line,),
                fault=late,
            )
            found.append(replace(finding, deal=None) if opening else finding)
        elif not opening:
            begun = True
    return found


def _damaged(view: DealView) -> Sequence[Finding]:
    found = []
    for opening, event in _lines(view):
        if not isinstance(event, Damaged):
            continue
        called = [
            e.line
            for o, e in _lines(view)
            if isinstance(e, NewPacks) and e.line > event.line and o == opening
        ]
        finding = DAMAGED.finding(
            view,
            event.line,
            None,
            "damaged_card",
            f"{event.card or 'a card'} is found {event.damage.value}: the cards are replaced at "
            "the cost of both players (law 77)",
            judges=(event.line, *called),
            fault=False,
        )
        found.append(replace(finding, deal=None) if opening else finding)
    return found


NEW_PACKS = Law(
    76,
    Section.CHANGING_CARDS,
    "New packs",
    "Before the pack is cut for the deal, either player may call for two new packs at his "
    "own expense; the dealer chooses which of them to use.",
    "A right, found as a note where it is used: in the partie's opening, or as the first "
    "line of a deal (before the cut, which the notation does not write). Called for after "
    "the deal has begun it is out of time, a fault without effect. A call that follows a "
    "card found torn or marked is law 77's. Law 16's double deal is dealt with the new "
    "packs then.",
    find=_new_packs,
    keywords=("new cards", "fresh packs"),
    readings=("new packs called for once the deal has begun are out of time",),
)

DAMAGED = Law(
    77,
    Section.CHANGING_CARDS,
    "Torn or marked cards",
    "Cards torn or marked are replaced at the cost of both players.",
    "A card written torn or marked is found (a note: nobody is at fault), with the new packs "
    "called for after it; no effect on the score.",
    find=_damaged,
    keywords=("damaged", "marked", "torn"),
)

LAWS: tuple[Law, ...] = (NEW_PACKS, DAMAGED)
