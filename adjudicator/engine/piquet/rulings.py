"""Whose declaration is good: the answers "good", "not good" and "equal" (laws 62-64).

Each category (point, sequences, quatorzes and trios) is ruled on what the two players
*declared* (:class:`~adjudicator.engine.piquet.holdings.Declaration`), so a sunk holding neither
scores nor bars. The player whose best declaration is good reckons everything he declared in the
category; when the best are equal neither reckons anything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from adjudicator.engine.piquet.holdings import Declaration, Point, RankSet, Sequence
from adjudicator.notation.cards import Player


class Verdict(StrEnum):
    """The answer to a call: the adversary's "good", "not good" or "equal" (laws 46-51)."""

    GOOD = "good"
    NOT_GOOD = "not good"
    EQUAL = "equal"


def _verdict(mine: tuple[int, ...], theirs: tuple[int, ...]) -> Verdict:
    if mine > theirs:
        return Verdict.GOOD
    return Verdict.EQUAL if mine == theirs else Verdict.NOT_GOOD


def compare_points(mine: Point, theirs: Point) -> Verdict:
    """Whether ``mine`` is good against ``theirs``: more cards is good; between equal numbers of
    cards the point making more is good; the same number making the same is equal (law 62 and
    the Description). The suits do not matter."""
    return _verdict(mine.precedence, theirs.precedence)


def compare_sequences(mine: Sequence, theirs: Sequence) -> Verdict:
    """Whether ``mine`` is good against ``theirs``: the longer is good; between equal lengths the
    one with the higher top card; the same length to the same card is equal (law 63)."""
    return _verdict(mine.precedence, theirs.precedence)


def compare_sets(mine: RankSet, theirs: RankSet) -> Verdict:
    """Whether ``mine`` is good against ``theirs``: any quatorze beats any trio; between two
    quatorzes, or two trios, the higher rank is good (law 64). Two of one rank cannot both be
    held (there are four cards of a rank), so that comparison raises ``ValueError`` rather than
    answer "equal", which law 64 does not know (the Description: "there can be no equality")."""
    if mine.rank is theirs.rank:
        raise ValueError(f"both players cannot hold {mine.describe()} and {theirs.describe()}")
    return _verdict(mine.precedence, theirs.precedence)


Reckonable = Point | Sequence | RankSet
"""Any one combination reckoned in hand."""


@dataclass(frozen=True)
class Ruling:
    """Whose declaration is good in one of the categories point, sequences, sets."""

    good: Player | None
    """The player whose best declaration is good; ``None`` if the best are equal or nothing was
    declared."""
    equal: bool
    """The two best declarations are equal: neither player reckons anything in the category."""
    reckoned: tuple[Reckonable, ...] = ()
    """What the good player reckons, best first: every declaration of his in the category."""

    @property
    def points(self) -> int:
        """What the good player reckons in the category (before any penalty)."""
        return sum(item.value for item in self.reckoned)


def _two(declarations: Mapping[Player, Declaration]) -> tuple[Player, Player]:
    if len(declarations) != 2:
        raise ValueError(f"piquet has two players, not {len(declarations)}")
    first, second = sorted(declarations)
    return first, second


def rule_point(declarations: Mapping[Player, Declaration]) -> Ruling:
    """Who scores the point, from the points the two players called (law 62): the good one
    reckons one a card; equal points reckon nothing for either (the Description); a point called
    against none is good."""
    first, second = _two(declarations)
    mine, theirs = declarations[first].point, declarations[second].point
    if mine is None or theirs is None:
        alone = mine or theirs
        if alone is None:
            return Ruling(None, False)
        return Ruling(first if mine else second, False, (alone,))
    verdict = compare_points(mine, theirs)
    if verdict is Verdict.EQUAL:
        return Ruling(None, True)
    return (
        Ruling(first, False, (mine,))
        if verdict is Verdict.GOOD
        else Ruling(second, False, (theirs,))
    )


def rule_sequences(declarations: Mapping[Player, Declaration]) -> Ruling:
    """Who scores for sequences (law 63): the player whose best declared sequence is good reckons
    every sequence he declared, the smaller ones too, even if the adversary holds one between
    them; the adversary reckons none. When the two best are equal the equality annuls every
    sequence of both (the Description, "Calling and showing"). Law 49 (a first call good against
    the cards lets the elder reckon larger sequences too) is a question of what may be declared,
    settled before this ruling: here every declared sequence is reckoned."""
    return _rule_many(declarations, lambda d: d.sequences)


def rule_sets(declarations: Mapping[Player, Declaration]) -> Ruling:
    """Who scores for quatorzes and trios (law 64): the player whose best declared set is good
    reckons every set he declared, the lesser ones too; the adversary reckons none, even a set
    ranking between them (the Description's example: four tens and three knaves against three
    aces score fourteen and three). Equality cannot arise (see :func:`compare_sets`)."""
    return _rule_many(declarations, lambda d: d.sets)


_T = TypeVar("_T", Sequence, RankSet)


def _rule_many(
    declarations: Mapping[Player, Declaration],
    declared: Callable[[Declaration], tuple[_T, ...]],
) -> Ruling:
    first, second = _two(declarations)
    mine = sorted(declared(declarations[first]), key=lambda held: held.precedence, reverse=True)
    theirs = sorted(declared(declarations[second]), key=lambda held: held.precedence, reverse=True)
    if not mine or not theirs:
        if not mine and not theirs:
            return Ruling(None, False)
        return Ruling(first, False, tuple(mine)) if mine else Ruling(second, False, tuple(theirs))
    best, rival = mine[0], theirs[0]
    if isinstance(best, RankSet) and isinstance(rival, RankSet):
        compare_sets(best, rival)  # raises for two sets of one rank
    verdict = _verdict(best.precedence, rival.precedence)
    if verdict is Verdict.EQUAL:
        return Ruling(None, True)
    if verdict is Verdict.GOOD:
        return Ruling(first, False, tuple(mine))
    return Ruling(second, False, tuple(theirs))
