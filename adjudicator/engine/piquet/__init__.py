"""Rubicon piquet's scoring under the Portland and Turf clubs' laws (8th edition, "Cavendish").

Pure functions over the notation's cards, cited by law number:

* :mod:`~adjudicator.engine.piquet.cards`: piquet's order of the ranks and the cards' values;
* :mod:`~adjudicator.engine.piquet.holdings`: what a hand holds (point, sequences, quatorzes and
  trios, carte blanche) and what a player declares (laws 18, 61-64);
* :mod:`~adjudicator.engine.piquet.rulings`: whose declaration is good, not good or equal
  (laws 62-64);
* :mod:`~adjudicator.engine.piquet.play`: the points made in play and the cards (laws 57, 65,
  66);
* :mod:`~adjudicator.engine.piquet.scoring`: a deal reckoned in law 67's order, with the pique
  and repique and the penalty of reckoning nothing (laws 67-69);
* :mod:`~adjudicator.engine.piquet.partie`: the partie and its settlement (laws 71-73);
* :mod:`~adjudicator.engine.piquet.replay`: a record replayed, partie by partie, deal by deal
  (:mod:`~adjudicator.engine.piquet.deal`, :mod:`~adjudicator.engine.piquet.walk`,
  :mod:`~adjudicator.engine.piquet.table`, :mod:`~adjudicator.engine.piquet.calls`), with its
  departures from lawful play (:mod:`~adjudicator.engine.piquet.deviations`);
* :mod:`~adjudicator.engine.piquet.generate`: lawful parties generated from a seed.

Nothing here is écarté's: only the generic notation core and piquet's own notation are
imported.
"""

from adjudicator.engine.piquet.cards import (
    CARD_VALUE,
    RANK_ORDER,
    SUIT_NAMES,
    beats,
    card_value,
    height,
    in_order,
    parse_cards,
)
from adjudicator.engine.piquet.holdings import (
    Declaration,
    Holdings,
    Point,
    RankSet,
    Sequence,
    declare_everything,
    holdings,
    is_carte_blanche,
)
from adjudicator.engine.piquet.partie import (
    PartieLength,
    PartieState,
    Settlement,
    partie_state,
    settle,
)
from adjudicator.engine.piquet.play import (
    Cards,
    Play,
    PlayPoint,
    Trick,
    score_cards,
    score_play,
    tricks_in_turn,
)
from adjudicator.engine.piquet.rulings import (
    Ruling,
    Verdict,
    compare_points,
    compare_sequences,
    compare_sets,
    rule_point,
    rule_sequences,
    rule_sets,
)
from adjudicator.engine.piquet.scoring import Category, DealScore, Step, score_deal

__all__ = [
    "CARD_VALUE",
    "RANK_ORDER",
    "SUIT_NAMES",
    "Cards",
    "Category",
    "DealScore",
    "Declaration",
    "Holdings",
    "PartieLength",
    "PartieState",
    "Play",
    "PlayPoint",
    "Point",
    "RankSet",
    "Ruling",
    "Sequence",
    "Settlement",
    "Step",
    "Trick",
    "Verdict",
    "beats",
    "card_value",
    "compare_points",
    "compare_sequences",
    "compare_sets",
    "declare_everything",
    "height",
    "holdings",
    "in_order",
    "is_carte_blanche",
    "parse_cards",
    "partie_state",
    "rule_point",
    "rule_sequences",
    "rule_sets",
    "score_cards",
    "score_deal",
    "score_play",
    "settle",
    "tricks_in_turn",
]
