"""The 51 laws of écarté of the London clubs (Turf and Portland, 1878; Cavendish, 1886), as
data and pure functions: one :class:`~laws.ecarte.base.Law` object per law, in modules that follow
the headings of the printed code, collected in :data:`LAWS` in numeric order."""

from __future__ import annotations

from . import profiles, scoring
from .base import Finding, Heading, Law, LawIndex, Option, Outcome, Who, Window, citation
from .chapters import BEFORE_SCORING
from .view import DealView, remember

LAWS: tuple[Law, ...] = (*BEFORE_SCORING, *scoring.LAWS)
"""The laws, 1 to 51, in order."""

RULES: tuple[Law, ...] = profiles.RULES
"""The rules the profiles add (``docs/profiles.md``), numbered from 101."""

EVERY: tuple[Law, ...] = (*LAWS, *RULES)
"""The laws and the profiles' rules: what the court asks of every deal."""

BY_NUMBER: dict[int, Law] = {law.number: law for law in EVERY}


def cite(number: int) -> str:
    """How a ruling cites the law or rule numbered ``number``: "law 43", "pool rule P1"."""
    law = BY_NUMBER.get(number)
    return citation(law) if law is not None else f"law {number}"


_INDEX = LawIndex(EVERY)


def that_may_find(view: DealView) -> tuple[Law, ...]:
    """The laws, in numeric order, that may find anything in the view
    (:func:`laws.ecarte.base.may_find`), worked out once per view."""
    return remember(view, "that may find", lambda: _INDEX.that_may_find(view))


__all__ = [
    "BY_NUMBER",
    "EVERY",
    "LAWS",
    "RULES",
    "DealView",
    "Finding",
    "Heading",
    "Law",
    "Option",
    "Outcome",
    "Who",
    "Window",
    "cite",
]
