"""The 78 laws of rubicon piquet of the Portland and Turf clubs (8th edition numbering), as
data and pure functions: one :class:`~laws.piquet.base.Law` object per law, in modules that
follow the sections of the printed code, collected in :data:`LAWS` in numeric order."""

from __future__ import annotations

from adjudicator.engine.piquet.irregular import Retraction

from . import (
    bystanders,
    calling,
    carte_blanche,
    changing_cards,
    cutting,
    dealing,
    discarding,
    incorrect_packs,
    miscalling,
    playing,
    scoring,
    shuffling,
)
from .base import Choice, Effect, Fate, Finding, Law, Option, Outcome, Section, Who, Window
from .view import DealView

LAWS: tuple[Law, ...] = (
    *shuffling.LAWS,
    *cutting.LAWS,
    *dealing.LAWS,
    *carte_blanche.LAWS,
    *discarding.LAWS,
    *calling.LAWS,
    *miscalling.LAWS,
    *playing.LAWS,
    *scoring.LAWS,
    *incorrect_packs.LAWS,
    *changing_cards.LAWS,
    *bystanders.LAWS,
)
"""The laws, 1 to 78, in order."""

BY_NUMBER: dict[int, Law] = {law.number: law for law in LAWS}


def leave(asked: Retraction) -> bool | None:
    """The laws' leave for a card taken back from the play: the first answer of a law that
    has one (:attr:`Law.leave`), ``None`` if none speaks."""
    for law in LAWS:
        if law.leave is not None:
            answer = law.leave(asked)
            if answer is not None:
                return answer
    return None


__all__ = [
    "BY_NUMBER",
    "LAWS",
    "Choice",
    "DealView",
    "Effect",
    "Fate",
    "Finding",
    "Law",
    "Option",
    "Outcome",
    "Section",
    "Who",
    "Window",
    "leave",
]
