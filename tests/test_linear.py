"""Time and memory linear in the size of the input (issue 21, part 3): doubling the cards of one
step (findings made at one step) or the claims of a deal at most doubles the time and the
memory of ruling it.

Each measure is a ratio in one run (the record of size 2n against the record of size n, the
least of three timings of each), so that a loaded machine slows both alike. A quadratic cost
gives a ratio near 4 at these sizes (it did: the conflicts between findings of one step were
resolved pairwise, and each claim was judged on every claim refused before it); the bound is 3.
The cost the sizes share (the rest of the record) is taken off first: ruled at size 0."""

from __future__ import annotations

import functools
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from adjudicator.court.ecarte.adjudicate import adjudicate, adjudicate_parts
from adjudicator.notation.ecarte.model import Record
from adjudicator.notation.ecarte.reader import parse_text

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "cases/ecarte/law-46-game/i10-game-won-by-a-king-during-the-play.etn").read_text(
    encoding="utf-8"
)
BOUND = 3.0


def _cards_after_turn(n: int) -> Record:
    """The record with a packet of ``n`` cards dealt after the turn-up: ``n`` findings at one
    step."""
    extra = f"  A: {' '.join(['7H'] * n)}\n" if n else ""
    return parse_text(TEXT.replace("  A takes up\n", extra + "  A takes up\n", 1))


def _claims(n: int, deals: int = 2) -> Record:
    """The record's first deal ``deals`` times, each with ``n`` claims of a fresh deal (refused:
    nothing gives one) after the turn-up."""
    first = TEXT[TEXT.index("deal 1 B") : TEXT.index("deal 2 A")]
    body = "\n".join(ln for ln in first.splitlines() if "score" not in ln and "marks" not in ln)
    body = body.replace("  turn AH", "  turn AH" + "\n  A claims new deal" * n)
    head = TEXT[: TEXT.index("deal 1 B")]
    out = [head]
    for i in range(deals):
        out.append(body.replace("deal 1 B", f"deal {i + 1} B") + "\n\n")
    return parse_text("".join(out))


def _seconds(rule: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        rule()
        best = min(best, time.perf_counter() - start)
    return best


def _peak(rule: Callable[[], object]) -> int:
    tracing = tracemalloc.is_tracing()
    if not tracing:
        tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        rule()
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        if not tracing:
            tracemalloc.stop()


def _ratios(make: Callable[[int], Record], n: int) -> tuple[float, float]:
    """Time and memory of ruling ``make(2n)`` over those of ``make(n)``, the cost of
    ``make(0)`` taken off each: the least of three tries (the other worker of the suite can
    slow one timing; a quadratic cost is slow in every try)."""
    tries = [_ratios_once(make, n) for _ in range(3)]
    return min(t for t, _ in tries), min(p for _, p in tries)


def _ratios_once(make: Callable[[int], Record], n: int) -> tuple[float, float]:
    records = {k: make(k) for k in (0, n, 2 * n)}
    rulings = {k: functools.partial(adjudicate, r, fast=False) for k, r in records.items()}
    times = {k: _seconds(rule) for k, rule in rulings.items()}
    peaks = {k: _peak(rule) for k, rule in rulings.items()}
    time_ratio = (times[2 * n] - times[0]) / max(times[n] - times[0], 1e-9)
    peak_ratio = (peaks[2 * n] - peaks[0]) / max(peaks[n] - peaks[0], 1)
    return time_ratio, peak_ratio


def test_findings_of_one_step_are_linear() -> None:
    record = _cards_after_turn(3000)
    assert len(adjudicate(record, fast=False).findings) > 3000  # one a card, at one step
    time_ratio, peak_ratio = _ratios(_cards_after_turn, 3000)
    assert time_ratio < BOUND, time_ratio
    assert peak_ratio < BOUND, peak_ratio


def test_claims_of_a_deal_are_linear() -> None:
    ruling = adjudicate(_claims(600), fast=False)
    assert len(ruling.claims) == 1200 and not any(c.upheld for c in ruling.claims)
    time_ratio, peak_ratio = _ratios(_claims, 600)
    assert time_ratio < BOUND, time_ratio
    assert peak_ratio < BOUND, peak_ratio


def test_a_long_ruling_holds_few_claims_at_once() -> None:
    """A long record's ruling comes in pieces (``adjudicate_parts``) of a bounded number of
    claims and findings, whatever the number of deals: deals of a thousand claims each are not
    held 64 deals at a time."""
    record = _claims(1000, deals=12)
    head = record.model_copy(update={"deals": ()})
    sizes = [len(p.claims) for p in adjudicate_parts(head, iter(record.deals))]
    assert sum(sizes) == 12_000
    assert max(sizes) <= 5_000, sizes
