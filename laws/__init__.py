"""The 51 laws of écarté of the London clubs (Turf and Portland, 1878; Cavendish, 1886), as
data and pure functions: one :class:`~laws.base.Law` object per law, in modules that follow
the headings of the printed code, collected in :data:`LAWS` in numeric order."""

from __future__ import annotations

from . import scoring
from .base import Finding, Heading, Law, LawIndex, Option, Outcome, Who, Window
from .chapters import BEFORE_SCORING
from .view import DealView, remember

LAWS: tuple[Law, ...] = (*BEFORE_SCORING, *scoring.LAWS)
"""The laws, 1 to 51, in order."""

BY_NUMBER: dict[int, Law] = {law.number: law for law in LAWS}


_INDEX = LawIndex(LAWS)


def that_may_find(view: DealView) -> tuple[Law, ...]:
    """The laws, in numeric order, that may find anything in the view
    (:func:`laws.base.may_find`), worked out once per view."""
    return remember(view, "that may find", lambda: _INDEX.that_may_find(view))


__all__ = [
    "BY_NUMBER",
    "LAWS",
    "DealView",
    "Finding",
    "Heading",
    "Law",
    "Option",
    "Outcome",
    "Who",
    "Window",
]
