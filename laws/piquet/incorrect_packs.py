"""Incorrect packs (law 75)."""

from __future__ import annotations

from adjudicator.engine.piquet.deviations import DeviationKind

from .base import Effect, Law, Section

LAWS: tuple[Law, ...] = (
    Law(
        75,
        Section.INCORRECT_PACKS,
        "An incorrect pack",
        "A pack found incorrect voids the deal in which it is found; the deals before stand.",
        "Found when the pack is counted other than thirty-two or a card shows twice: not yet "
        "found (Cases XVII, XVIII weigh it against reckoning nothing).",
        effects=(Effect.VOID,),
        judges=(DeviationKind.PACK,),
        keywords=("pack", "void", "duplicate"),
    ),
)
