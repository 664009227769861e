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
* :mod:`~adjudicator.engine.piquet.partie`: the partie and its settlement (laws 71-73).

Nothing here is écarté's: only :mod:`adjudicator.notation.cards` is imported.
"""
