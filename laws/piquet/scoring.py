"""Scoring (laws 61-74): what each head scores, in which order, the pique and repique, errors
corrected, the partie and its settlement, and written scores that differ. Laws 61 to 69 and
71 to 73 define the score: the engine applies them (``applied_by``) and their finders find
nothing; the court reckons a deal again with them when a law's effect changes it."""

from __future__ import annotations

from .base import Law, Section
from .score_sheets import CORRECTED, SHEETS

_SCORE = "adjudicator.engine.piquet.scoring.score_deal"
_ENGINE = "Defines the score: the engine reckons it, and a finding is never made under it."


def _defines(number: int, title: str, summary: str, applied_by: str = _SCORE, **more: str) -> Law:
    """A law that defines part of the score, applied by the engine's ``applied_by``."""
    return Law(
        number,
        Section.SCORING,
        title,
        summary,
        more.get("reading", _ENGINE),
        applied_by=applied_by,
        keywords=tuple(more.get("keywords", "").split(",")) if more.get("keywords") else (),
    )


LAWS: tuple[Law, ...] = (
    _defines(61, "Carte blanche scores ten", "A carte blanche scores ten."),
    _defines(
        62,
        "The point",
        "The longest point is good and scores one a card; between points of as many cards the "
        "one that makes more (ace eleven, court cards ten, the others their pips) is good, and "
        "points equal in both score nothing.",
        "adjudicator.engine.piquet.rulings.rule_point",
    ),
    _defines(
        63,
        "Sequences",
        "The longest sequence is good, and between sequences of one length the higher; good, "
        "a huitième scores eighteen, a septième seventeen, a sixième sixteen, a quint fifteen, "
        "a quart four and a tierce three.",
        "adjudicator.engine.piquet.rulings.rule_sequences",
        keywords="huitieme,septieme,sixieme,quint,quart,tierce,sequence",
    ),
    _defines(
        64,
        "Quatorzes and trios",
        "The highest quatorze is good, and any quatorze beats any trio; between trios the "
        "highest is good. A good quatorze scores fourteen, a good trio three; only tens and "
        "higher count.",
        "adjudicator.engine.piquet.rulings.rule_sets",
        keywords="set,fourteen",
    ),
    _defines(
        65,
        "Points in play",
        "In the play each player scores one for every card he leads and for every trick he "
        "wins with a card played to his adversary's lead; the last trick scores two instead "
        "of one.",
        "adjudicator.engine.piquet.play.score_play",
        keywords="lead,trick,last",
    ),
    _defines(
        66,
        "The cards",
        "Winning more than six tricks scores ten for the cards; six each divides them and "
        "scores nothing; winning all twelve is a capot and scores forty instead of ten.",
        "adjudicator.engine.piquet.play.score_cards",
        keywords="capot,tricks",
    ),
    _defines(
        67,
        "The order of reckoning",
        "The scores reckon in this order: carte blanche, the point, sequences, quatorzes and "
        "trios, points in play, the cards.",
        keywords="order",
    ),
    _defines(
        68,
        "Repique",
        "A player who reaches thirty in hand alone, by scores that reckon before his adversary "
        "can count anything, adds sixty: a repique.",
        keywords="repique,thirty,sixty",
        reading=(
            "The engine's: an equality is not a reckoning. Under 'reckons nothing' the "
            "repique is judged on the adversary's scores alone, and the offender is not "
            "repiqued if his barring cards would have scored first (the Description)."
        ),
    ),
    _defines(
        69,
        "Pique",
        "An elder who reaches thirty in hand and play, before his adversary has reckoned "
        "anything, adds thirty: a pique. The cards and a capot reckon after the play and do "
        "not count toward it.",
        keywords="pique,thirty",
    ),
    CORRECTED,
    _defines(
        71,
        "The partie",
        "A partie is six deals; if the totals are then equal each deals once more, and the "
        "partie ends there even if they are equal again. By agreement a partie may be four "
        "deals, the first and last counting double and any deals after a tie single.",
        "adjudicator.engine.piquet.replay.replay_partie",
        keywords="partie,six,four,tie",
    ),
    _defines(
        72,
        "The winner's score",
        "The winner takes the loser's total from his own and adds a hundred.",
        "adjudicator.engine.piquet.partie.settle",
        keywords="settlement,win,hundred",
    ),
    _defines(
        73,
        "Rubicon",
        "If the loser has not reached a hundred, the winner, whether he has or not, adds the "
        "loser's total to his own and a hundred more: a rubicon.",
        "adjudicator.engine.piquet.partie.settle",
        keywords="rubicon,hundred,settlement",
    ),
    SHEETS,
)
"""The laws of scoring, 61 to 74."""
