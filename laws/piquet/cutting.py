"""Cutting (laws 3-8): the cut for deal, and the cut to the dealer. The cut for deal and the
choice are replayed by the engine (law 4); the others are data until the partie's opening is
judged."""

from __future__ import annotations

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.notation.piquet.vocabulary import Claimed

from .base import Choice, Effect, Law, Option, Section, Who, Window

LAWS: tuple[Law, ...] = (
    Law(
        3,
        Section.CUTTING,
        "Size of a cut",
        "A cut takes off at least two cards and leaves at least two below.",
        "The notation records the card cut, not the size of the packet: nothing is found under it.",
    ),
    Law(
        4,
        Section.CUTTING,
        "The higher cut chooses",
        "In the cut the ace ranks highest. Whoever cuts the higher card chooses whether to "
        "deal; the dealer picks which pack is used at the start of each partie.",
        "The engine replays the cut and the choice (a choice by the lower cutter is its "
        "deviation of kind 'cut'); equal cuts cut again. The clubs' rule, not the lower-deals "
        "rule of piquet au cent, which some later books give.",
        keywords=("deal", "choice"),
        judges=(DeviationKind.CUT,),
        applied_by="adjudicator.engine.piquet.replay._first_dealer",
    ),
    Law(
        5,
        Section.CUTTING,
        "Several cards shown in cutting for deal",
        "A player who shows more than one card when cutting for deal must cut again.",
        "Only the card a player cut is written; a second cut line is his cut again.",
    ),
    Law(
        6,
        Section.CUTTING,
        "The cut for deal stands",
        "The cut for deal holds even if the pack proves incorrect.",
        "Read with law 75: an incorrect pack voids the deal in which it is found, never the "
        "cut that chose the dealer.",
    ),
    Law(
        7,
        Section.CUTTING,
        "A card exposed in the cut to the dealer",
        "If a card is shown, or the cards are confused, in cutting to the dealer or in putting "
        "the two packets together again, the pack is cut afresh.",
        "The remedy is compulsory; the project reads a claim of a fresh cut as the record of "
        "it. Judged when the partie's opening is: not yet.",
        choices=(
            Choice(
                Option.FRESH_CUT,
                Who.EITHER,
                Window.BEFORE_TAKING_UP,
                (Claimed.FRESH_CUT,),
                "the pack is cut again",
                (Effect.CORRECTED,),
            ),
        ),
    ),
    Law(
        8,
        Section.CUTTING,
        "The cutter abides by his cut",
        "Once a player has parted the pack in cutting, he must keep to that cut.",
        "Nothing in the notation records a cut taken back: data only.",
    ),
)
