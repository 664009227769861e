"""Rule profiles: the ways of playing écarté the adjudicator knows besides the London clubs' code.

The club code (``club-1878``) is the base. Each other profile is one module of this package
defining its :class:`~adjudicator.engine.ecarte.profiles.base.Profile` as ``PROFILE``: what it
changes, by name (the ranks, the seats, the offers, a bystander's advice, the series of games,
law 46's counting, the rules it adds), what it changes in words, why, and its source. This
module registers them (:data:`PROFILES`), and resolves a name or a record to its profile.

Profiles combine with ``+`` (``pool+french``): a combination takes each thing from the part that
changes it (:func:`~adjudicator.engine.ecarte.profiles.base.combine`). The record chooses its
profile with the ``Rules`` tag; a caller may choose one for every record (``--rules``), which
:func:`with_rules` writes into the record as its tag. The court resolves the profile once
(:func:`profile_of`) and passes it on: to the replay, whose table carries it to the laws.
``docs/profiles.md`` is the full statement of each profile and of the readings made where the
sources are silent.
"""

from __future__ import annotations

from adjudicator.engine.ecarte.profiles import (
    ace_high,
    club,
    doubling,
    french,
    offering,
    pool,
    rubber,
)
from adjudicator.engine.ecarte.profiles.base import (
    BEHAVIOURS,
    FACE_TO_FACE,
    POOL_OF_THREE,
    Offer,
    Profile,
    ProfileConflict,
    Seats,
    Series,
    UnknownProfile,
    combine,
)
from adjudicator.notation.ecarte.model import Record, Tag

CLUB = club.PROFILE
"""The club code: the base and the default."""

PROFILES: dict[str, Profile] = {
    m.PROFILE.name: m.PROFILE for m in (club, pool, french, rubber, ace_high, doubling, offering)
}
"""The named profiles, the club code first: the order of a combination's parts."""

ALIASES: dict[str, str] = {"club": "club-1878"}
"""Other names a record may give a profile."""


def profile_named(name: str) -> Profile:
    """The profile ``name`` names: one profile, or several joined by ``+`` (order and case do
    not matter, nor does the club code among others). Raises :class:`UnknownProfile` for a
    name that names none, and :class:`ProfileConflict` for parts that cannot be combined."""
    parts: list[Profile] = []
    for word in name.split("+"):
        key = word.strip().lower()
        key = ALIASES.get(key, key)
        found = PROFILES.get(key)
        if found is None:
            raise UnknownProfile(name, word.strip(), list(PROFILES))
        if found is not CLUB and found not in parts:
            parts.append(found)
    if not parts:
        return CLUB
    if len(parts) == 1:
        return parts[0]
    order = list(PROFILES.values())
    parts.sort(key=order.index)
    return combine(parts)


def profile_of(record: Record) -> Profile:
    """The record's profile (its ``Rules`` tag; the club code without one). Raises
    :class:`UnknownProfile` for a tag that names none (the reader checks the tag, so a record
    read from a file never does)."""
    value = record.tag("Rules")
    return CLUB if value is None or not value.strip() else profile_named(value)


def with_rules(record: Record, name: str) -> Record:
    """``record`` ruled under the profile ``name`` (checked: :func:`profile_named`): its
    ``Rules`` tag set to the profile's name, replacing the record's own."""
    profile = profile_named(name)
    tags = [t for t in record.tags if t.name.lower() != "rules"]
    line = record.tags[-1].line if record.tags else 0
    tags.append(Tag(name="Rules", value=profile.name, line=line, column=1))
    return record.model_copy(update={"tags": tuple(tags)})


__all__ = [
    "ALIASES",
    "BEHAVIOURS",
    "CLUB",
    "FACE_TO_FACE",
    "POOL_OF_THREE",
    "PROFILES",
    "Offer",
    "Profile",
    "ProfileConflict",
    "Seats",
    "Series",
    "UnknownProfile",
    "combine",
    "profile_named",
    "profile_of",
    "with_rules",
]
