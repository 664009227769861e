"""Make the table of fresh deals shipped with the program (adjudicator/engine/fresh_deals.json).

Deals ``--chunks`` chunks of 2,500 deals, each from its own seed, plays each by the policy of
adjudicator/engine/ecarte/policy.py and counts how they end; ``--jobs`` processes deal the chunks
side by
side (the result does not depend on them). Prints the time taken and what the table says (the
worth of a deal to each seat, the chance of the game from love-all) on standard error, and writes
the table to ``--out`` (standard output with ``-``).

    python scripts/fresh_deals.py --chunks 40 --jobs 2 --out adjudicator/engine/fresh_deals.json
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

from adjudicator.engine.ecarte.fresh import CHUNK, POLICY, SEED, FreshDeals, deal_chunk, table_json


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", default="-")
    args = parser.parse_args()
    start = time.perf_counter()
    work = partial(deal_chunk, args.seed)
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            chunks = list(pool.map(work, range(args.chunks)))
    else:
        chunks = [work(i) for i in range(args.chunks)]
    took = time.perf_counter() - start
    totals = [sum(col) for col in zip(*chunks, strict=True)]
    fresh = FreshDeals(totals, deals=args.chunks * CHUNK, seed=args.seed, policy=POLICY)
    text = table_json(fresh, chunks)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
    deals = args.chunks * CHUNK
    print(
        f"{deals:,} deals in {took:.1f} s with {args.jobs} job(s) "
        f"({took / deals * 1000:.3f} ms a deal)\n"
        f"a deal's worth to the dealer: {fresh.marks(True):+.4f} marks; to the elder: "
        f"{fresh.marks(False):+.4f}\n"
        f"the chance of the game at love-all: {fresh.game(0, 0, True):.4f} for the first "
        f"dealer, {fresh.game(0, 0, False):.4f} for the first elder",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
