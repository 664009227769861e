"""Rubbers (``rubber``): games played best of N, each counting treble, double or single by the
loser's score (law 46's agreement, taken as made; ``docs/profiles.md``)."""

from __future__ import annotations

from adjudicator.engine.ecarte.profiles.base import Profile, Series

PROFILE = Profile(
    name="rubber",
    title="Rubbers: best of N games",
    changes=(
        'Games are played in rubbers, best of N ([Rubber "N"], odd, default 3); the '
        "first to win (N+1)/2 games wins the rubber. Each game counts treble, double or "
        "single by the loser's score (law 46's agreement, taken as made)."
    ),
    source=(
        "The project's seed text says games are sometimes part of a rubber or set. No "
        "recovered text defines an écarté rubber: best of N is the project's reading."
    ),
    series=Series.RUBBER,
    counts_by_law46=True,
)
"""Rubbers: the rubber's series, each game valued by law 46."""
