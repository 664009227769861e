"""Perfect play when some cards at play are not known: a distribution over every deal the record
allows.

Where the record does not name every card still to be played (the dealer's hand when the elder
plays without proposing and only his own cards are written; a hand described by its count
alone), :func:`chances` deals the unseen cards to the places the record leaves unknown in every
way it allows, solves each deal exactly (:mod:`adjudicator.engine.ecarte.solve`: perfect play, every
card
seen), and counts the results: how often each player takes each number of tricks, wins the point
or the vole, and what he marks on average. When the ways are few enough (the 65,780 five-card
hands of 26 unseen cards are), every one is solved; past ``limit``, a seeded sample is solved and
each chance comes with its 95% interval.

Each deal is solved double dummy, both players seeing every card: the distribution is that of
perfect play over the deals the record allows, each counted once, not a forecast of play by
players who see only their own hands.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from adjudicator.engine.ecarte.hand_score import hand_score
from adjudicator.engine.ecarte.queries import Unknown, hand_terms, tricks_won
from adjudicator.engine.ecarte.rules import ALL, HAND
from adjudicator.engine.ecarte.solve import leader_tricks
from adjudicator.engine.ecarte.table import DealState, Phase
from adjudicator.notation.cards import Player, Suit

LIMIT = 100_000
"""Deals solved one by one at most; past it, a sample is solved."""

SAMPLE = 10_000
"""Deals drawn when there are more than :data:`LIMIT` (a chance then within about a point,
95% of the time)."""


class Chances(NamedTuple):
    """What perfect play gives over the deals the record allows (:func:`chances`)."""

    deals: int
    """How many deals the record allows (the ways to place the unseen cards)."""
    solved: int
    """How many were solved: all of them, or a sample."""
    exact: bool
    """Whether every deal was solved (else a seeded sample was)."""
    tricks: dict[Player, dict[int, int]]
    """For each player: how many deals solved give him each number of tricks in the hand."""
    wins: dict[Player, int]
    """Deals solved in which he wins the hand (the point or the vole)."""
    voles: dict[Player, int]
    """Deals solved in which he wins the vole."""
    marks: dict[Player, float]
    """What he marks for the hand on average (law 49 counted)."""

    def chance(self, player: Player) -> float:
        """The share of the deals solved that ``player`` wins."""
        return self.wins[player] / self.solved if self.solved else 0.0

    def interval(self, player: Player) -> tuple[float, float]:
        """The 95% interval of :meth:`chance` (Wilson's); the chance itself twice when exact."""
        p = self.chance(player)
        if self.exact or not self.solved:
            return (p, p)
        return wilson(p, self.solved)


def wilson(p: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """Wilson's interval (95% with the default ``z``) of a share ``p`` of ``n`` trials: the
    chances ``solve`` gives, and the advisor's (:mod:`adjudicator.engine.ecarte.spread`, where
    ``n`` is a sample's effective size)."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def unseen(deal: DealState) -> int:
    """The cards of the pack that the table shows nowhere: not known in a hand or a discard,
    not turned up, not played."""
    seen = 0
    for h in (*deal.hands, *deal.discards):
        seen |= h.cards
    for c in deal.turned:
        if c is not None:
            seen |= 1 << c.index
    for t in deal.tricks:
        for c in (t.lead, t.follow):
            if c is not None:
                seen |= 1 << c.index
    if deal.lead is not None and deal.lead[1] is not None:
        seen |= 1 << deal.lead[1].index
    return ALL & ~seen


def hands_of(pool: int, size: int) -> Iterator[int]:
    """Every set of ``size`` cards of ``pool``, as a bitmask."""
    bits = [1 << i for i in range(32) if pool >> i & 1]
    for combo in itertools.combinations(bits, size):
        yield sum(combo)


def chances(
    deal: DealState, *, limit: int = LIMIT, sample: int = SAMPLE, seed: int = 0, jobs: int = 1
) -> Chances | Unknown:
    """Perfect play over every deal the record allows from the start of the play (before the
    first card, the exchange over: each hand of five cards, some of them unknown). Past
    ``limit`` ways, ``sample`` of them drawn at random (with ``seed``: the same every run).
    ``jobs``: processes that share the deals among them (the answer does not depend on it)."""
    if deal.phase not in (Phase.EXCHANGE, Phase.PLAY) or deal.tricks or deal.lead is not None:
        return Unknown("chances are worked out where the play begins")
    leader = deal.leader
    if leader is None or deal.trump is None:
        return Unknown("who leads, or the trump, is not known")
    follower = deal.dealer if leader is deal.elder else deal.elder
    lh, fh = deal.hand(leader), deal.hand(follower)
    if lh.size != HAND or fh.size != HAND:
        return Unknown("the hands do not hold five cards each")
    won = tricks_won(deal)
    if isinstance(won, Unknown):
        return won
    pool = unseen(deal)
    count = pool.bit_count()
    ways = math.comb(count, lh.unknown) * math.comb(count - lh.unknown, fh.unknown)
    trump = deal.trump
    tally = {leader: dict.fromkeys(range(HAND + 1), 0), follower: dict.fromkeys(range(HAND + 1), 0)}
    worth = _worth(deal, leader, follower)
    wins = dict.fromkeys((leader, follower), 0)
    voles = dict.fromkeys((leader, follower), 0)
    marks = dict.fromkeys((leader, follower), 0)
    exact = ways <= limit
    solved = 0
    job = (lh.cards, fh.cards, trump, pool, lh.unknown, fh.unknown, exact, sample, seed)
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as workers:
            shares = list(workers.map(_share, [(*job, k, jobs) for k in range(jobs)]))
    else:
        shares = [_share((*job, 0, 1))]
    counts = [sum(col) for col in zip(*shares, strict=True)]
    for mine, times in enumerate(counts):
        if not times:
            continue
        solved += times
        for player, n in ((leader, mine), (follower, HAND - mine)):
            tally[player][n] += times
            if n >= 3:
                wins[player] += times
                voles[player] += times if n == HAND else 0
                marks[player] += times * worth[player, n]
    mean = {p: marks[p] / solved if solved else 0.0 for p in marks}
    return Chances(ways, solved, exact, tally, wins, voles, mean)


def _worth(deal: DealState, leader: Player, follower: Player) -> dict[tuple[Player, int], int]:
    """What each player marks for the hand in this deal if he takes ``n`` tricks of the five,
    by the club code's scoring (law 49 counted; :func:`~adjudicator.engine.ecarte.hand_score.
    hand_score`): nothing under three."""
    terms = hand_terms(deal, club=True)
    worth = {}
    for p in (leader, follower):
        for n in range(HAND + 1):
            won = (n, HAND - n) if p is deal.elder else (HAND - n, n)
            score = hand_score(terms, won)
            worth[p, n] = score.points if score.winner is p else 0
    return worth


_Job = tuple[int, int, Suit, int, int, int, bool, int, int, int, int]


def _share(job: _Job) -> list[int]:
    """One process's share of the deals (every ``jobs``-th, from the ``k``-th): how many give
    the leader each number of tricks."""
    lh, fh, trump, pool, left, right, exact, sample, seed, k, jobs = job
    counts = [0] * (HAND + 1)
    placed = _placements(pool, left, right, exact, sample, seed)
    for i, (extra_l, extra_f) in enumerate(placed):
        if i % jobs == k:
            counts[leader_tricks(lh | extra_l, fh | extra_f, trump)] += 1
    return counts


def _placements(
    pool: int, left: int, right: int, exact: bool, limit: int, seed: int
) -> Iterator[tuple[int, int]]:
    """The unseen cards for the two unknown places: every way, or ``limit`` drawn at random."""
    if exact:
        for first in hands_of(pool, left):
            for second in hands_of(pool & ~first, right):
                yield first, second
        return
    rng = random.Random(seed)
    bits = [1 << i for i in range(32) if pool >> i & 1]
    for _ in range(limit):
        drawn = rng.sample(bits, left + right)
        yield sum(drawn[:left]), sum(drawn[left:])


__all__ = ["LIMIT", "SAMPLE", "Chances", "chances", "hands_of", "unseen", "wilson"]
