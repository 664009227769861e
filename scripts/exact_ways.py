"""Measure what solving a deal played on in every way costs, to choose ``EXACT_WAYS``.

A deal played on under perfect play (the exchange closed) is solved in every way the cards the
record does not show can lie when they are few enough (``adjudicator.engine.ecarte.fresh.
EXACT_WAYS``), else a sample of ``ON_SAMPLES`` ways is drawn. This script prints:

1. for positions with one, two and three of the elder's cards not shown (22, 253 and 2,024
   ways), the time to solve them in every way, per way, and the time the sample of 64 takes
   (after the ways solved: the solver's memory makes it cheaper than it would be alone);
2. over the casebook (``cases/ecarte``, ruled with advice), how many ways each position the
   advisor played on under perfect play had: the largest, and how many were past the threshold.

    PYTHONPATH=. python scripts/exact_ways.py
"""

from __future__ import annotations

import time
from pathlib import Path

from adjudicator import read, read_one
from adjudicator.court.ecarte.api import adjudicate
from adjudicator.engine.ecarte import fresh
from adjudicator.engine.ecarte.replay import replay

DEAL = "deal 1 A\n  B: {elder}\n  A: JS 8S 7D\n  B: 7C 8C\n  A: TD AH\n  turn 9D\n  B plays\n"
"""A deal played on once play is declared; ``elder`` the first three of the elder's cards."""


def timing() -> None:
    """Part 1: solving every way against drawing 64."""
    for elder in ("KH QH ??", "KH ?? ??", "?? ?? ??"):
        deal = [s.table.deal for s in replay(read_one(DEAL.format(elder=elder)))][-1]
        assert deal is not None
        hand, other = deal.hand(deal.elder), deal.hand(deal.dealer)
        top = sum(1 << c.index for c in deal.turned if c is not None)
        known = hand.cards | other.cards | top
        ways = fresh.ways_to_place(hand, other, top, known, False)
        start = time.perf_counter()
        every = fresh._solved_every_way(deal, top, known, False)
        spent = time.perf_counter() - start
        start = time.perf_counter()
        fresh._played_on(deal, top, 0, known, False, True, fresh.ON_SAMPLES)
        sampled = time.perf_counter() - start
        assert every is not None and sum(every.counts) == ways
        print(
            f"{ways:>6,} ways: every way {spent:6.3f} s ({1000 * spent / ways:.3f} ms a way); "
            f"a sample of {fresh.ON_SAMPLES}: {sampled:.3f} s"
        )


def casebook() -> None:
    """Part 2: the ways of the positions the advisor plays on in the casebook."""
    seen: list[int] = []
    counted = fresh.ways_to_place

    def count(*args: object) -> int:
        ways = counted(*args)  # type: ignore[arg-type]
        seen.append(ways)
        return ways

    fresh.ways_to_place = count  # type: ignore[assignment]
    start = time.perf_counter()
    paths = sorted(Path("cases/ecarte").rglob("*.etn"))
    for path in paths:
        for record in read(path.read_text(encoding="utf-8")):
            adjudicate(record, advise=True)
    spent = time.perf_counter() - start
    fresh.ways_to_place = counted  # type: ignore[assignment]
    past = sum(w > fresh.EXACT_WAYS for w in seen)
    print(
        f"casebook: {len(paths)} records ruled with advice in {spent:.1f} s; {len(seen)} "
        f"positions played on under perfect play, at most {max(seen, default=0):,} ways, "
        f"{past} past {fresh.EXACT_WAYS:,}"
    )


if __name__ == "__main__":
    timing()
    casebook()
