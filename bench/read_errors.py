"""The reader's speed on good records, and on records with errors: prints figures, asserts
nothing.

    python bench/read_errors.py                   # 1,000 games, 7 rounds
    python bench/read_errors.py --records 300 --rounds 5

The good corpus is N games of écarté to five points (adjudicator.engine.ecarte.generate) in
canonical
form. The bad corpus is the same games with three lines of every tenth game spoilt (a card that
is not a card, an unknown word, a packet without its colon), so that the reader's lenient path,
which reports every error of a record, runs on one record in ten. Each figure is the median of
the rounds of ``list(read_each(text))`` on the whole corpus, with the best round beside it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator import read_each, write
from adjudicator.engine.ecarte.generate import generate


def spoil(text: str) -> str:
    """Three lines of ``text`` made unreadable, far apart."""
    lines = text.split("\n")
    body = [i for i, line in enumerate(lines) if line.startswith("  ")]
    for k, how in zip((1, 2, 3), ("card", "word", "colon"), strict=True):
        i = body[k * len(body) // 4]
        words = lines[i].split()
        if how == "card":
            lines[i] = lines[i] + " KX"
        elif how == "word":
            lines[i] = "  B revokes"
        else:
            lines[i] = "  " + " ".join(w.rstrip(":") for w in words) + " B 7H"
    return "\n".join(lines)


def timed(text: str, rounds: int) -> tuple[float, float, int, int]:
    """Median and best seconds over ``rounds`` reads of ``text``; records and errors read."""
    times = []
    records = errors = 0
    for _ in range(rounds):
        start = time.perf_counter()
        items = list(read_each(text))
        times.append(time.perf_counter() - start)
        records = sum(1 for x in items if not isinstance(x, Exception))
        errors = len(items) - records
    return statistics.median(times), min(times), records, errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    texts = [write(generate(seed).record) for seed in range(args.records)]
    good = "\n".join(texts)
    bad = "\n".join(spoil(t) if i % 10 == 0 else t for i, t in enumerate(texts))
    list(read_each(good))  # the parser built, the line cache warm
    for name, text in (("good", good), ("1 in 10 spoilt", bad)):
        median, best, records, errors = timed(text, args.rounds)
        rate = (records + errors) / median
        print(
            f"{name:>15}: {records:,} records, {errors:,} with errors, "
            f"median {median * 1000:.0f} ms (best {best * 1000:.0f} ms), {rate:,.0f} records/s, "
            f"{len(text.encode()) / median / 1e6:.2f} MB/s"
        )


if __name__ == "__main__":
    main()
