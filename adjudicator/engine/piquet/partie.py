"""The partie and its settlement (laws 71-73).

A partie is six deals, or by agreement four with the first and last counting double (law 71).
:func:`partie_state` adds up the deals so far and says whether the partie is over and who won;
:func:`settle` turns the final scores into the points won, with the rubicon (laws 72, 73).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from adjudicator.notation.cards import Player

RUBICON = 100
"""The score a loser must reach to save the rubicon (law 73)."""
BONUS = 100
"""What the winner adds to the difference, or to the sum (laws 72, 73)."""


class PartieLength(StrEnum):
    """How many deals the partie has (law 71)."""

    SIX = "six deals"
    """The law's partie: six deals, all counting single."""
    FOUR = "four deals"
    """By agreement (the note to law 71): four deals, the first and the last counting double."""

    @property
    def deals(self) -> int:
        """The deals of the partie before any tie."""
        return 6 if self is PartieLength.SIX else 4

    def multiplier(self, deal: int) -> int:
        """What the score of deal number ``deal`` (1 for the first) is multiplied by: 2 for the
        first and last of a four-deal partie, 1 otherwise; the deals played after a tie count
        single in either partie (law 71 and its note)."""
        if deal < 1:
            raise ValueError("deals are numbered from 1")
        return 2 if self is PartieLength.FOUR and deal in (1, self.deals) else 1


@dataclass(frozen=True)
class PartieState:
    """The partie after the deals played so far."""

    totals: Mapping[Player, int]
    """Each player's score, with the doubled deals doubled."""
    deals_played: int
    """How many deals have been played."""
    deals_due: int
    """How many deals the partie runs to, as far as is known: the partie's deals, and two more
    (one dealt by each player) once the scores are level after them (law 71)."""
    finished: bool
    """Whether the partie is over."""
    winner: Player | None
    """The player with the higher score once the partie is over; ``None`` while it is being
    played, or when it ends level (drawn)."""


def partie_state(
    deals: Iterable[Mapping[Player, int]],
    players: tuple[Player, Player],
    length: PartieLength = PartieLength.SIX,
) -> PartieState:
    """Add up a partie's deals and say whether it is over (law 71).

    ``deals`` is each deal's score for each player, as scored (single), in the order played; a
    player missing from a deal scored nothing in it. The partie is won by the higher score after
    its six deals (or four). If the scores are level then, each player deals once more and the
    partie ends after those two deals even if they are level again: the law says it is then
    concluded, and the Description says "the partie is drawn", so the state has no winner.
    Raises ``ValueError`` for a deal played after the partie ended, or a score for someone
    else."""
    a, b = players
    if a is b:
        raise ValueError("a partie has two players")
    totals = {a: 0, b: 0}
    due = length.deals
    played = 0
    for number, deal in enumerate(deals, start=1):
        if number > due:
            raise ValueError(f"the partie was over after {due} deals")
        if not set(deal) <= {a, b}:
            raise ValueError(f"a deal scores only {a} and {b}")
        for player in players:
            totals[player] += deal.get(player, 0) * length.multiplier(number)
        played = number
        if played == length.deals and totals[a] == totals[b]:
            due = length.deals + 2
    finished = played == due
    winner = None
    if finished and totals[a] != totals[b]:
        winner = a if totals[a] > totals[b] else b
    return PartieState(MappingProxyType(totals), played, due, finished, winner)


@dataclass(frozen=True)
class Settlement:
    """What the partie is worth (laws 72, 73)."""

    winner: Player | None
    """Who won the partie; ``None`` for a drawn partie."""
    loser: Player | None
    """Who lost it; ``None`` for a drawn partie."""
    points: int
    """The points the winner wins (0 for a drawn partie)."""
    rubicon: bool
    """Whether the loser failed to reach a hundred (law 73)."""


def settle(scores: Mapping[Player, int]) -> Settlement:
    """The points won on a partie's final scores (laws 72, 73).

    The winner takes the loser's score from his own and adds a hundred (law 72). If the loser
    scored less than a hundred he is rubiconed: the winner adds the loser's score to his own, and
    a hundred, whether or not he himself reached a hundred (law 73; so when both are under a
    hundred the higher still wins the sum and a hundred). Level scores are a drawn partie
    (law 71, the Description): the project's reading, the laws giving no settlement for it, is
    that nothing is won."""
    if len(scores) != 2 or any(s < 0 for s in scores.values()):
        raise ValueError("a partie settles two players' scores, none below zero")
    (a, mine), (b, theirs) = sorted(scores.items())
    if mine == theirs:
        return Settlement(None, None, 0, False)
    winner, loser = (a, b) if mine > theirs else (b, a)
    won, lost = max(mine, theirs), min(mine, theirs)
    if lost < RUBICON:
        return Settlement(winner, loser, won + lost + BONUS, True)
    return Settlement(winner, loser, won - lost + BONUS, False)
