"""Laws 1 to 45, the chapters before the scoring, in order: collected here once, for the law
table (:data:`laws.LAWS`) and for laws 50 and 51, which weigh the other laws' findings and so
cannot be collected with them in ``laws/__init__`` without a cycle."""

from __future__ import annotations

from . import (
    cutting,
    dealing,
    discarding,
    incorrect_packs,
    king,
    new_cards,
    playing,
    proposing,
    revoking,
    shuffling,
)
from .base import Law

BEFORE_SCORING: tuple[Law, ...] = (
    *shuffling.LAWS,
    *cutting.LAWS,
    *dealing.LAWS,
    *king.LAWS,
    *proposing.LAWS,
    *discarding.LAWS,
    *playing.LAWS,
    *revoking.LAWS,
    *new_cards.LAWS,
    *incorrect_packs.LAWS,
)
"""Laws 1 to 45, in order."""

__all__ = ["BEFORE_SCORING"]
