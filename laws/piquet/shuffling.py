"""Shuffling (laws 1-2): who may shuffle, and how. No line of the notation records a shuffle,
so these laws are data only: their finders find nothing."""

from __future__ import annotations

from .base import Law, Section

LAWS: tuple[Law, ...] = (
    Law(
        1,
        Section.SHUFFLING,
        "Who shuffles",
        "Either player may shuffle both packs, his own and his adversary's; the dealer is "
        "entitled to shuffle last.",
        "A right, not an irregularity: nothing is found under it. The notation writes no "
        "shuffle, so a dispute over it is a matter for the table.",
        keywords=("shuffle",),
    ),
    Law(
        2,
        Section.SHUFFLING,
        "Shuffling exposes no card",
        "The pack may not be shuffled under the table, nor so as to show the faces of the cards.",
        "The code sets no penalty. A card exposed in shuffling is not a card exposed in "
        "cutting or dealing (laws 7, 13): the project reads it as calling for a fresh shuffle "
        "only, which the notation does not record.",
        readings=("a card shown in shuffling calls only for a fresh shuffle",),
    ),
)
