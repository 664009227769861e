"""Doubling (``doubling``): either player may offer to double the hand's value, from the turn-up
until the first card of the third trick is led. Doubling rule D1 judges the offers
(``docs/profiles.md``)."""

from __future__ import annotations

from adjudicator.engine.ecarte.profiles.base import Offer, Profile

PROFILE = Profile(
    name="doubling",
    title="Doubling the hand's value",
    changes=(
        "Either player may offer to double, from the turn-up until the first card of the "
        "third trick is led. Accepted, the hand's points count double (law 49's included); "
        "refused, the hand ends and the offerer marks one, or two if the refuser is in law "
        "49's case. Doubling rule D1 finds an offer out of time or a second offer."
    ),
    source=(
        "The project's seed text (the Russian article on écarté and its betting). "
        "Reading: the king is not the hand's and is not doubled; one doubling a hand."
    ),
    offers=frozenset({Offer.DOUBLE}),
    added_rules=("D1",),
)
"""Doubling: the offer to double allowed."""
