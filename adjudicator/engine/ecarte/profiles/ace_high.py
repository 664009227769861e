"""Modern ranks (``ace-high``): the ace above the king, in the play and in the cut for deal; the
king of trumps still scores one. The advisor's solver plays the club code's ranks, so it values
nothing under it (``docs/profiles.md``)."""

from __future__ import annotations

from adjudicator.engine.ecarte.profiles.base import Profile
from adjudicator.engine.ecarte.rules import ACE_HIGH_RANKS

PROFILE = Profile(
    name="ace-high",
    title="Modern ranks: the ace above the king",
    changes=(
        "The cards rank A K Q J T 9 8 7 in every suit: in the play (laws 39-43) and in "
        "the cut for deal (law 5). The king of trumps still scores one. The advisor "
        "values no option under it."
    ),
    source="The project's seed text: in a more modern form the ace ranks highest.",
    ranks=ACE_HIGH_RANKS,
)
"""The ace-high ranks."""
