"""How sure a figure of the advice is: exact, or from a sample, with its 95% interval.

The advisor's figures (:mod:`adjudicator.court.ecarte.worth`) rest on three kinds of source:

* **exact**: read from the record, solved once with every card known, or solved in every way the
  cards not shown can lie (:data:`~adjudicator.engine.ecarte.fresh.EXACT_WAYS`);
* **this deal's sample**: the deal played on a seeded number of ways
  (:data:`~adjudicator.engine.ecarte.fresh.ON_SAMPLES`), where it is not played on in every way;
* **the table of fresh deals**: a fresh deal's average, and the chance of the game over the
  deals after this one, read from a table of deals played by the policy (its size is known).

An :class:`Estimate` carries a figure with what its variance needs: how it moves with the
table's share of each way a deal can end (its derivative, so that two figures read from the same
table, whose errors go together, are subtracted before their variance is taken), and the variance
that this deal's sample adds. The table's share of the variance is the delta method's: the table
is a sample of ``N`` deals, its shares ``p`` a multinomial estimate, so a figure ``f(p)`` with
derivative ``g`` varies by ``(sum p g^2 - (sum p g)^2) / N``. This deal's sample adds the
variance of its mean, ``s^2 / n`` over its ``n`` ways.

The intervals (95%):

* a worth in marks, or the difference of two chances: the figure ± 1.96 standard errors;
* a chance: Wilson's interval, as ``ecarte solve`` gives its chances
  (:func:`~adjudicator.engine.ecarte.chances.wilson`), at the sample's effective size: the number
  of games won or lost, ``p(1-p) / variance``, whose share would vary as much.

These cover the sampling only: not the policy the deals are played by, which is a model of
play, not a forecast.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import zip_longest
from math import sqrt
from typing import Literal, NamedTuple

from adjudicator.engine.ecarte.chances import wilson
from adjudicator.engine.ecarte.fresh import OUTCOMES, FreshDeals, score_after

Z = 1.96
"""Standard errors either side of a figure for its 95% interval."""

Verdict = Literal["better", "about even"]


class Estimate(NamedTuple):
    """A figure of the advice and what its uncertainty needs (see the module's docstring)."""

    value: float
    table: tuple[float, ...] = ()
    """How the figure moves with the table's share of each of :data:`OUTCOMES` (nothing if it
    is not read from the table)."""
    own: float = 0.0
    """The variance this deal's sample adds (0 where it is not sampled)."""
    sampled: bool = False
    """Whether this deal was sampled (not played on in every way) for it."""

    @property
    def exact(self) -> bool:
        """Whether nothing was sampled for it: not this deal, and not the table."""
        return not self.sampled and not any(self.table)

    def minus(self, other: Estimate) -> Estimate:
        """This figure less ``other``: what they share of the table cancels, the samples of
        this deal (each side its own) add."""
        table = tuple(a - b for a, b in zip_longest(self.table, other.table, fillvalue=0.0))
        return Estimate(
            self.value - other.value, table, self.own + other.own, self.sampled or other.sampled
        )


def variance(e: Estimate, fresh: FreshDeals) -> float:
    """The variance of ``e``: the table's share (the delta method) and this deal's sample's."""
    if not any(e.table):
        return e.own
    shares = [n / fresh.deals for n in fresh.counts]
    mean = sum(p * g for p, g in zip(shares, e.table, strict=False))
    square = sum(p * g * g for p, g in zip(shares, e.table, strict=False))
    return max(0.0, square - mean * mean) / fresh.deals + e.own


def interval(e: Estimate, fresh: FreshDeals) -> tuple[float, float]:
    """The 95% interval of a worth in marks or a difference of chances: ± 1.96 standard
    errors (the figure twice when exact)."""
    half = Z * sqrt(variance(e, fresh))
    return (e.value - half, e.value + half)


def chance_interval(e: Estimate, fresh: FreshDeals) -> tuple[float, float]:
    """The 95% interval of a chance: Wilson's, at the effective size of its sample (the
    figure twice when exact)."""
    var, p = variance(e, fresh), min(1.0, max(0.0, e.value))
    if var <= 0.0:
        return (p, p)
    if p * (1 - p) <= 0.0:  # a chance of nought or one that still varies: the plain interval
        low, high = interval(e, fresh)
        return (max(0.0, low), min(1.0, high))
    return wilson(p, p * (1 - p) / var)


def verdict(low: float, high: float, value: float) -> Verdict:
    """Better (one choice shown worth more: the interval of the difference excludes nought),
    else about even. An exact difference is better unless it is nought."""
    if low == high:
        return "better" if value != 0 else "about even"
    return "better" if low > 0 or high < 0 else "about even"


def seat_net(seat: str) -> tuple[float, ...]:
    """What each of :data:`OUTCOMES` gives ``seat`` (``dealer`` or ``elder``): his marks less
    his adversary's, king included."""
    out = []
    for o in OUTCOMES:
        king = 0 if not o.king else 1 if o.king == seat else -1
        out.append(float(king + (o.marks if o.winner == seat else -o.marks)))
    return tuple(out)


def fresh_marks(fresh: FreshDeals, seat: str) -> Estimate:
    """What a fresh deal gives ``seat`` on average, less his adversary's, from the table."""
    return Estimate(fresh.marks(seat == "dealer"), seat_net(seat))


def counted_marks(counts: Iterable[int], seat: str, exact: bool) -> Estimate:
    """What deals that end as ``counts`` say give ``seat`` on average, less his adversary's:
    exact if they are every way, else the mean of a sample."""
    counts = tuple(counts)
    n = sum(counts)
    net = seat_net(seat)
    mean = sum(c * x for c, x in zip(counts, net, strict=True)) / n
    if exact:
        return Estimate(mean)
    spread = sum(c * (x - mean) ** 2 for c, x in zip(counts, net, strict=True)) / n
    return Estimate(mean, own=spread / n, sampled=True)


def game(fresh: FreshDeals, mine: int, his: int, dealing: bool, target: int) -> Estimate:
    """A player's chance of the game from a score, the next deal his (``dealing``) or his
    adversary's, by the table (:meth:`FreshDeals.game`), with how it moves with the table."""
    shares = tuple(n / fresh.deals for n in fresh.counts)
    value, table = _game(shares, max(0, mine), max(0, his), dealing, target)
    return Estimate(value, table)


def game_after(
    fresh: FreshDeals,
    counts: Iterable[int],
    exact: bool,
    score: tuple[int, int],
    dealing: bool,
    target: int,
) -> Estimate:
    """A player's chance of the game when this deal ends as ``counts`` say (every way, if
    ``exact``; else a sample) and those after it as the table says
    (:meth:`FreshDeals.after`)."""
    counts = tuple(counts)
    n = sum(counts)
    shares = tuple(c / fresh.deals for c in fresh.counts)
    this = tuple(c / n for c in counts)
    mine, his = (max(0, n) for n in score)
    value, table, values = _step(this, shares, False, mine, his, dealing, target)
    if exact:
        return Estimate(value, table)
    spread = sum(p * (v - value) ** 2 for p, v in zip(this, values, strict=True))
    return Estimate(value, table, spread / n, sampled=True)


_Graded = tuple[float, tuple[float, ...]]


@cache
def _game(shares: tuple[float, ...], mine: int, his: int, dealing: bool, target: int) -> _Graded:
    value, table, _ = _step(shares, shares, True, mine, his, dealing, target)
    return value, table


def _step(
    this: tuple[float, ...],
    shares: tuple[float, ...],
    table_first: bool,
    mine: int,
    his: int,
    dealing: bool,
    target: int,
) -> tuple[float, tuple[float, ...], tuple[float, ...]]:
    """The chance of the game when the next deal ends as ``this`` says and those after it as
    the table's ``shares`` say (``table_first``: the next deal too is the table's), with its
    derivative by each share, and the chance after each way the next deal can end."""
    if mine >= target or his >= target:
        done = 1.0 if mine >= target else 0.0
        return done, (0.0,) * len(OUTCOMES), (done,) * len(OUTCOMES)
    value, table, values = 0.0, [0.0] * len(OUTCOMES), []
    for i, (o, p) in enumerate(zip(OUTCOMES, this, strict=True)):
        after = score_after(o, mine, his, dealing, target)
        v, g = (
            (after, ()) if isinstance(after, float) else _game(shares, *after, not dealing, target)
        )
        values.append(v)
        value += p * v
        for k, d in enumerate(g):
            table[k] += p * d
        if table_first:
            table[i] += v
    return value, tuple(table), tuple(values)


__all__ = [
    "Estimate",
    "Verdict",
    "Z",
    "chance_interval",
    "counted_marks",
    "fresh_marks",
    "game",
    "game_after",
    "interval",
    "seat_net",
    "variance",
    "verdict",
]
