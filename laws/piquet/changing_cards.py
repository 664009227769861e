"""Changing cards (laws 76-77): new packs called for, and torn or marked cards."""

from __future__ import annotations

from .base import Law, Section

LAWS: tuple[Law, ...] = (
    Law(
        76,
        Section.CHANGING_CARDS,
        "New packs",
        "Before the pack is cut for the deal, either player may call for two new packs at his "
        "own expense; the dealer chooses which of them to use.",
        "A right; law 16's double deal is dealt with the new packs then. Not yet found.",
        keywords=("new cards", "fresh packs"),
    ),
    Law(
        77,
        Section.CHANGING_CARDS,
        "Torn or marked cards",
        "Cards torn or marked are replaced at the cost of both players.",
        "A fact recorded (``7D is torn``) with no effect on the score.",
        keywords=("damaged", "marked", "torn"),
    ),
)
