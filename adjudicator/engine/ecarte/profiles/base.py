"""What a rule profile is: one object that carries, by name, everything a way of playing écarté
changes in the London clubs' code, and how profiles combine.

A :class:`Profile` owns the order of the ranks (in the play and in the cut for deal), the seats
(two players, or the pool's three), the offers a player may make (to double, the point), whether
a bystander may advise, the series the games form (single games, pools, rubbers) and whether a
game counts treble, double or single (law 46), and the rules it adds to the code by name. The
replay, the laws, the court and the shells ask it these things; none asks which profile it is.
What the advisor and the solver can value under it follows from them (:attr:`Profile.solvable`,
:attr:`Profile.valued`).

Each profile is a module of :mod:`adjudicator.engine.ecarte.profiles` defining ``PROFILE``, made
from the club code's by naming only what it changes; the package registers them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from adjudicator.engine.ecarte.rules import CLUB_RANKS, RankOrder
from adjudicator.notation.cards import Player


class Offer(StrEnum):
    """An offer a player may make to his adversary during a hand, where a profile allows it."""

    DOUBLE = "double"
    """To double the hand's value (doubling rule D1)."""
    POINT = "point"
    """The point, offered to the adversary (offering rule O1)."""


class Series(StrEnum):
    """What the games are played for."""

    GAMES = "games"
    """Single games, each on its own (the club code)."""
    POOL = "pool"
    """Pools: the first to win two games running (three with ``[Pool "3"]``) takes the pool."""
    RUBBER = "rubber"
    """Rubbers: best of N games (``[Rubber "N"]``, odd, default 3)."""


@dataclass(frozen=True)
class Seats:
    """Who plays, and how the seats at the table change."""

    players: tuple[Player, ...]
    """The players of the record: A and B, or A, B and C."""
    rotation: bool
    """Whether, of three players, two sit at the table and the loser of a game gives his seat,
    and his turn to deal, to the one sitting out (pool rule P1)."""


FACE_TO_FACE = Seats((Player.A, Player.B), rotation=False)
"""The club code's seats: two players, the same two throughout."""

POOL_OF_THREE = Seats((Player.A, Player.B, Player.C), rotation=True)
"""Pool écarté's seats: three players, two at the table, the loser going out after a game."""


@dataclass(frozen=True)
class Profile:
    """A rule profile, or a combination of them: its name and its words, and each thing it
    changes in the club code, by name (the club code's by default)."""

    name: str
    """Its name, as the ``Rules`` tag and ``--rules`` give it (``pool+french`` for a
    combination, its parts in the order of the registry)."""
    title: str
    """A few words."""
    changes: str
    """What it changes in the club code, in the project's words."""
    source: str
    """Where it comes from, and the readings made where the source is silent."""
    ranks: RankOrder = CLUB_RANKS
    """The order of the ranks in every suit, in the play (laws 39-43) and in the cut for deal
    (law 5)."""
    seats: Seats = FACE_TO_FACE
    """Who plays, and whether the seats rotate after each game."""
    offers: frozenset[Offer] = frozenset()
    """The offers a player may make during a hand (none in the club code: an offer there has
    no effect)."""
    advice_lawful: bool = False
    """Whether a bystander may advise the players (bystanders' rule B1 notes it instead of
    finding it)."""
    series: Series = Series.GAMES
    """What the games are played for: single games, pools or rubbers."""
    counts_by_law46: bool = False
    """Whether each game counts treble, double or single by the loser's score, law 46's
    agreement taken as made (the record's ``[Scoring "law46"]`` tag asks the same)."""
    added_rules: tuple[str, ...] = ()
    """The rules it adds to the code, by their names (``P1``, ``B1``, ``D1``, ``O1``:
    ``laws.ecarte.profiles``)."""
    combined: tuple[Profile, ...] = field(default=(), compare=False, repr=False)
    """The profiles a combination is made of (none for a profile of its own)."""

    @property
    def parts(self) -> tuple[Profile, ...]:
        """The profiles it combines (itself if it is one)."""
        return self.combined or (self,)

    @property
    def solvable(self) -> bool:
        """Whether the double-dummy solver and the table of fresh deals can play its hands:
        they play the club code's ranks."""
        return self.ranks == CLUB_RANKS

    @property
    def valued(self) -> bool:
        """Whether the advisor can value every option under it: the solver plays its hands,
        and it allows no offer, whose hands the solver does not score (ace-high, doubling and
        offering are not)."""
        return self.solvable and not self.offers

    def departures(self) -> tuple[str, ...]:
        """The names of the things it changes in the club code, in the order of its fields
        (none: the club code itself)."""
        return tuple(name for name in BEHAVIOURS if getattr(self, name) != _BASE[name])


BEHAVIOURS: tuple[str, ...] = tuple(
    f.name
    for f in fields(Profile)
    if f.name not in ("name", "title", "changes", "source", "combined")
)
"""The things a profile may change in the club code, by the names of its fields."""

_BASE = {f.name: f.default for f in fields(Profile) if f.name in BEHAVIOURS}
"""The club code's value of each (the fields' defaults)."""


class UnknownProfile(ValueError):
    """A profile name that names no profile."""

    def __init__(self, name: str, part: str, known: Sequence[str] = ()) -> None:
        super().__init__(f"no rule profile is called {part!r}; the profiles are {', '.join(known)}")
        self.name = name
        self.part = part


class ProfileConflict(UnknownProfile):
    """Profiles that cannot be combined: two of them change one thing differently."""

    def __init__(self, name: str, behaviour: str, parts: Sequence[str]) -> None:
        ValueError.__init__(
            self,
            f"the rule profiles {' and '.join(parts)} cannot be combined: each changes the "
            f"{behaviour.replace('_', ' ')} its own way",
        )
        self.name = name
        self.part = parts[-1]


def combine(parts: Sequence[Profile]) -> Profile:
    """The profile that plays under each of ``parts`` (two or more, in the registry's order):
    its name, title, changes and source are theirs joined; each thing it changes is taken from
    the part that changes it, the offers and the rules added from all of them. Raises
    :class:`ProfileConflict` if two parts change one thing differently."""
    name = "+".join(p.name for p in parts)
    taken: dict[str, Any] = {}
    for behaviour in BEHAVIOURS:
        changers = [p for p in parts if getattr(p, behaviour) != _BASE[behaviour]]
        values = [getattr(p, behaviour) for p in changers]
        if behaviour == "offers":
            taken[behaviour] = frozenset().union(*values)
        elif behaviour == "added_rules":
            taken[behaviour] = tuple(rule for value in values for rule in value)
        elif any(value != values[0] for value in values):
            raise ProfileConflict(name, behaviour, [p.name for p in changers])
        elif values:
            taken[behaviour] = values[0]
    words = Profile(
        name=name,
        title=" and ".join(p.title for p in parts),
        changes=" ".join(p.changes for p in parts),
        source=" ".join(p.source for p in parts),
        combined=tuple(parts),
    )
    return replace(words, **taken)


__all__ = [
    "BEHAVIOURS",
    "FACE_TO_FACE",
    "POOL_OF_THREE",
    "Offer",
    "Profile",
    "ProfileConflict",
    "Seats",
    "Series",
    "UnknownProfile",
    "combine",
]
