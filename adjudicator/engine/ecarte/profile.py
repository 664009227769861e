"""Rule profiles: the ways of playing écarté the adjudicator knows besides the London clubs' code.

The club code (``club-1878``) is the base. A profile is named data: the features it switches on,
what it changes, why, and its source, in the project's words. Profiles combine with ``+``
(``pool+french``); a combination switches on every feature of its parts. The record chooses its
profile with the ``Rules`` tag; a caller may choose one for every record (``--rules``), which
:func:`with_rules` writes into the record as its tag, so that everything downstream reads one
place. ``docs/profiles.md`` is the full statement of each profile and of the readings made where
the sources are silent.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.notation.ecarte.model import Record, Tag


class Feature(StrEnum):
    """One thing a profile changes in the club code."""

    POOL = "pool"
    """Three players; the loser of a game gives his seat to the one sitting out (pool rule P1)."""
    ADVICE = "advice"
    """Bystanders may advise the players (bystanders' rule B1 finds advice lawful)."""
    RUBBER = "rubber"
    """Games are played in rubbers, best of N, each counting treble, double or single (law 46)."""
    ACE_HIGH = "ace-high"
    """The ace ranks above the king, in play and in the cut."""
    DOUBLING = "doubling"
    """Either player may offer to double the hand's value (doubling rule D1)."""
    OFFERING = "offering"
    """Either player may offer the point to his adversary (offering rule O1)."""


@dataclass(frozen=True)
class Profile:
    """A rule profile, or a combination of them."""

    name: str
    """Its name, as the ``Rules`` tag and ``--rules`` give it (``pool+french`` for a
    combination, its parts in the order of :data:`PROFILES`)."""
    title: str
    """A few words."""
    changes: str
    """What it changes in the club code, in the project's words."""
    source: str
    """Where it comes from, and the readings made where the source is silent."""
    features: frozenset[Feature] = frozenset()
    """What it switches on (none: the club code)."""

    def has(self, feature: Feature) -> bool:
        """Whether the profile switches ``feature`` on."""
        return feature in self.features

    @property
    def parts(self) -> tuple[Profile, ...]:
        """The named profiles it combines (itself if it is one)."""
        names = self.name.split("+")
        return tuple(PROFILES[n] for n in names)


CLUB = Profile(
    name="club-1878",
    title="The London clubs' code: the Turf and Portland, 1878",
    changes="Nothing: the 51 laws as Cavendish printed them in 1886.",
    source="Cavendish, The Laws of Écarté (1886), the 51 laws of the Turf and Portland clubs.",
)

PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        CLUB,
        Profile(
            name="pool",
            title="Pool écarté: three players, two at the table",
            changes=(
                "Three players; two play and the third sits out. After each game the loser "
                "gives his seat to the one sitting out, who also takes his turn to deal. The "
                'first to win two games running (three with [Pool "3"]) wins the pool. A '
                "player who sits down out of his turn is found under pool rule P1; the deal "
                "stands."
            ),
            source=(
                "The Encyclopaedia Britannica (9th ed. and 1911) and the International "
                "Encyclopedia. Readings: the newcomer takes the loser's turn to deal; a deal "
                "played by the wrong pair stands, as law 14 lets a deal out of turn stand once "
                "played."
            ),
            features=frozenset({Feature.POOL}),
        ),
        Profile(
            name="french",
            title="French écarté: bystanders may advise",
            changes=(
                "Bystanders may advise the players, by word or by pointing to cards; the player "
                "need not follow the advice. Bystanders' rule B1 notes it instead of finding it."
            ),
            source=(
                "The Encyclopaedia Britannica: at French écarté, but not at English, betting "
                "bystanders may advise. The older English Hoyle: the player is not obliged to "
                "follow it."
            ),
            features=frozenset({Feature.ADVICE}),
        ),
        Profile(
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
            features=frozenset({Feature.RUBBER}),
        ),
        Profile(
            name="ace-high",
            title="Modern ranks: the ace above the king",
            changes=(
                "The cards rank A K Q J T 9 8 7 in every suit: in the play (laws 39-43) and in "
                "the cut for deal (law 5). The king of trumps still scores one. The advisor "
                "values no option under it."
            ),
            source="The project's seed text: in a more modern form the ace ranks highest.",
            features=frozenset({Feature.ACE_HIGH}),
        ),
        Profile(
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
            features=frozenset({Feature.DOUBLING}),
        ),
        Profile(
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
            features=frozenset({Feature.OFFERING}),
        ),
    )
}
"""The named profiles, the club code first."""

ALIASES: dict[str, str] = {"club": "club-1878"}
"""Other names a record may give a profile."""


class UnknownProfile(ValueError):
    """A profile name that names no profile."""

    def __init__(self, name: str, part: str) -> None:
        known = ", ".join(PROFILES)
        super().__init__(f"no rule profile is called {part!r}; the profiles are {known}")
        self.name = name
        self.part = part


def profile_named(name: str) -> Profile:
    """The profile ``name`` names: one profile, or several joined by ``+`` (order and case do
    not matter, nor does the club code among others). Raises :class:`UnknownProfile`."""
    parts: list[Profile] = []
    for word in name.split("+"):
        key = word.strip().lower()
        key = ALIASES.get(key, key)
        found = PROFILES.get(key)
        if found is None:
            raise UnknownProfile(name, word.strip())
        if found is not CLUB and found not in parts:
            parts.append(found)
    if not parts:
        return CLUB
    if len(parts) == 1:
        return parts[0]
    order = list(PROFILES.values())
    parts.sort(key=order.index)
    features: frozenset[Feature] = frozenset().union(*(p.features for p in parts))
    return Profile(
        name="+".join(p.name for p in parts),
        title=" and ".join(p.title for p in parts),
        changes=" ".join(p.changes for p in parts),
        source=" ".join(p.source for p in parts),
        features=features,
    )


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
    "CLUB",
    "PROFILES",
    "Feature",
    "Profile",
    "UnknownProfile",
    "profile_named",
    "profile_of",
    "with_rules",
]
