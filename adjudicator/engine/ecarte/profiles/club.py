"""The London clubs' code (``club-1878``, also ``club``): the base every other profile changes,
and the default. It changes nothing."""

from __future__ import annotations

from adjudicator.engine.ecarte.profiles.base import Profile

PROFILE = Profile(
    name="club-1878",
    title="The London clubs' code: the Turf and Portland, 1878",
    changes="Nothing: the 51 laws as Cavendish printed them in 1886.",
    source="Cavendish, The Laws of Écarté (1886), the 51 laws of the Turf and Portland clubs.",
)
"""The club code: every behaviour the code's own."""
