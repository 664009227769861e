"""Offering the point (``offering``): either player may offer his adversary the point, in the
same window as doubling's. Offering rule O1 judges the offers (``docs/profiles.md``)."""

from __future__ import annotations

from adjudicator.engine.ecarte.profiles.base import Offer, Profile

PROFILE = Profile(
    name="offering",
    title="Offering the point",
    changes=(
        "Either player may offer his adversary the point, from the turn-up until the first "
        "card of the third trick is led. Accepted, the hand ends and the adversary marks "
        "as for the point; refused, the refuser must win the vole, or the offerer marks "
        "two. Offering rule O1 finds an offer out of time."
    ),
    source=(
        "The project's seed text. It leaves open when the offer may be made; the "
        "project reads the same window as doubling's."
    ),
    offers=frozenset({Offer.POINT}),
    added_rules=("O1",),
)
"""Offering: the point may be offered."""
