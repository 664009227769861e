"""Incorrect packs (law 75): a pack found to hold other than the thirty-two cards voids the
deal in which it is found."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.notation.piquet.irregularities import Counted
from adjudicator.notation.piquet.vocabulary import Heap

from .base import Effect, Finding, Law, Section
from .view import DealView

PACK = 32
"""The cards of a correct pack (law 9: twelve to each player and eight in the stock)."""


def _incorrect(view: DealView) -> Sequence[Finding]:
    """The pack counted other than thirty-two in the deal: the deal is void."""
    return [
        INCORRECT.finding(
            view,
            e.line,
            None,
            "incorrect_pack",
            f"the pack is counted {e.count}, not {PACK}: it is incorrect, the deal in which "
            "it is found is void and the deals before it stand (law 75)",
            judges=(e.line,),
        )
        for _, e in view.of_type(Counted)
        if e.heap is Heap.PACK and e.count != PACK
    ]


INCORRECT = Law(
    75,
    Section.INCORRECT_PACKS,
    "An incorrect pack",
    "A pack found incorrect voids the deal in which it is found; the deals before stand.",
    "Found when the pack is counted at other than thirty-two: the deal in which the count is "
    "written is void (its scores count for nothing, and it is dealt again in its place, "
    "which the record shows as a deal of the same number), whenever in the deal the count "
    "is made, even after the play. A card seen twice (the engine's deviation of kind 'pack') "
    "is not judged under it: the notation cannot say that the card is of the other pack, and "
    "Cases XVII and XVIII weigh a stranger card against reckoning nothing.",
    find=_incorrect,
    effects=(Effect.VOID,),
    keywords=("pack", "void", "duplicate"),
    readings=("found where the pack is counted at other than thirty-two",),
)

LAWS: tuple[Law, ...] = (INCORRECT,)
