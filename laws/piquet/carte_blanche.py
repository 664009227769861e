"""Carte blanche (laws 18-20): a hand dealt without a court card, which scores first."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.piquet.deviations import DeviationKind

from .base import Finding, Law, Section
from .view import DealView


def _false_blanche(view: DealView) -> Sequence[Finding]:
    return [
        BLANCHE.finding(
            view,
            d.line,
            d.player,
            "carte_blanche_not_held",
            f"{d.message}: it does not score",
            judges=(d.line,),
        )
        for d in view.deviations(DeviationKind.CARTE_BLANCHE)
    ]


BLANCHE = Law(
    18,
    Section.CARTE_BLANCHE,
    "Carte blanche",
    "A hand dealt of twelve cards or more with no king, queen or knave is a carte blanche. It "
    "reckons before anything else, so it saves its holder from a pique or a repique, and it "
    "counts toward his own.",
    "The engine scores it first (law 67, I) and counts it toward pique and repique; a carte "
    "blanche announced of a hand that holds a court card is found here and scores nothing. "
    "A player who reckons nothing still scores a carte blanche he showed (Case XXI: it "
    "accrues before any card is taken in).",
    find=_false_blanche,
    keywords=("blank",),
    judges=(DeviationKind.CARTE_BLANCHE,),
    readings=("a carte blanche shown scores even for a player who reckons nothing",),
)

LAWS: tuple[Law, ...] = (
    BLANCHE,
    Law(
        19,
        Section.CARTE_BLANCHE,
        "Showing carte blanche",
        "A carte blanche is shown by dealing its cards one at a time face up on the table.",
        "The notation writes the cards shown (``B shows ...``); the engine checks they were "
        "dealt him. How they were laid down is not recorded.",
    ),
    Law(
        20,
        Section.CARTE_BLANCHE,
        "Announcing carte blanche",
        "A player who finds he holds carte blanche must tell his adversary at once, but need "
        "not show it until the adversary has discarded.",
        "Its timing (Cases V, VI, XX, XXI) will be judged from the place of the announcement "
        "among the exchange's lines; not yet found.",
    ),
)
