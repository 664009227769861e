"""The exact solver's speed (issue 12's targets): prints figures, asserts nothing.

    python bench/solve.py [--deals 10000] [--seed 1]

Random deals: ten cards from the pack, five to each player, a random trump suit, the first
player to lead; one core. Each figure is per deal, mean and 99th percentile:

* ``value``: the tricks under perfect play from the first trick (the transposition table shared
  by all deals, as in a run over an archive: endings common to many deals are searched once);
* ``value, cold``: the same with the table emptied before every deal (no deal profits from
  another: the worst case);
* ``solve``: :func:`adjudicator.engine.ecarte.solve.solve`, the value of every lead, the cost of
every
  card, and the principal line;
* ``analysis``: the per-card analysis of a whole deal: ``solve`` at each of its ten plays along
  the principal line (what ``replay --analyse`` needs for a deal).

Then the chances of an elder who stands without proposing when the dealer's cards are not known:
every one of the 65,780 hands the dealer may hold solved (``chances``), cold and once more.

Targets: value mean <= 0.1 ms and p99 <= 1 ms; analysis of a whole deal <= 1 ms; the 65,780
dealer hands of one advisory question <= 10 s on one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.engine.ecarte import solve as solver
from adjudicator.engine.ecarte.rules import mask
from adjudicator.notation.cards import ALL_CARDS, Player, Suit


def deals(count: int, seed: int) -> list[solver.Position]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = rng.sample(ALL_CARDS, 10)
        trump = rng.choice(list(Suit))
        out.append(solver.Position(trump, Player.A, Player.B, (mask(cards[:5]), mask(cards[5:]))))
    return out


def value(position: solver.Position) -> None:
    solver.leader_tricks(*position.hands, position.trump)


def cold(position: solver.Position) -> None:
    solver.clear()
    value(position)


def analysis(position: solver.Position) -> None:
    """``solve`` at every play of the principal line."""
    first = solver.solve(position)
    leader, follower = position.leader, position.follower
    hands = {leader: position.hands[0], follower: position.hands[1]}
    lead = None
    for player, card in first.line:
        if lead is None:
            pos = solver.Position(
                position.trump, player, _other(player), (hands[player], hands[_other(player)])
            )
            solver.solve(pos)
            hands[player] &= ~(1 << card.index)
            lead = (player, card)
        else:
            led_by, led = lead
            pos = solver.Position(
                position.trump, led_by, player, (hands[led_by], hands[player]), led
            )
            solver.solve(pos)
            hands[player] &= ~(1 << card.index)
            lead = None


def _other(p: Player) -> Player:
    return Player.B if p is Player.A else Player.A


def measure(
    name: str, work: Callable[[solver.Position], None], positions: list[solver.Position]
) -> None:
    solver.clear()
    times = []
    for position in positions:
        start = time.perf_counter()
        work(position)
        times.append(time.perf_counter() - start)
    times.sort()
    mean = statistics.fmean(times) * 1000
    p99 = times[int(len(times) * 0.99)] * 1000
    print(f"{name:<14} mean {mean:7.3f} ms   p99 {p99:7.3f} ms   max {times[-1] * 1000:7.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    positions = deals(args.deals, args.seed)
    print(f"python {sys.version.split()[0]}; {args.deals:,} random deals, seed {args.seed}")
    measure("value", value, positions)
    measure("value, cold", cold, positions)
    measure("solve", solver.solve, positions)
    measure("analysis", analysis, positions)
    from adjudicator import read_one
    from adjudicator.engine.ecarte.chances import chances
    from adjudicator.engine.ecarte.replay import replay

    rng = random.Random(args.seed)
    for _ in range(3):
        cards = rng.sample(ALL_CARDS, 6)
        mine, turned = " ".join(c.code for c in cards[:5]), cards[5].code
        text = f"deal 1 A\n  B: {mine}\n  A: ?? ?? ?? ?? ??\n  turn {turned}\n  B plays\n"
        deal = list(replay(read_one(text)))[-1].table.deal
        assert deal is not None
        took = {}
        for jobs in (1, 2):
            solver.clear()
            start = time.perf_counter()
            spread = chances(deal, jobs=jobs)
            took[jobs] = time.perf_counter() - start
            assert not isinstance(spread, solver.Unknown) and spread.exact
        print(
            f"chances        {spread.deals:,} dealer hands against B's {mine} ({turned} turned): "
            f"{took[1]:.2f} s, with 2 jobs {took[2]:.2f} s ({took[1] / took[2]:.2f}x); "
            f"B wins {100 * spread.chance(Player.B):.1f}%"
        )
    print(
        "targets: value mean <= 0.1 ms, p99 <= 1 ms; analysis of a whole deal <= 1 ms; "
        "65,780 dealer hands <= 10 s"
    )


if __name__ == "__main__":
    main()
