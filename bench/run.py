"""Benchmarks of the adjudicator: prints figures, asserts nothing.

    python bench/run.py                 # 10,000 synthetic records
    python bench/run.py --records 50000 --rounds 5

Each task runs in a fresh process (so that its peak memory is its own) over a file of
synthetic records (bench/synthetic.py: about 600 bytes and 46 lines a record). A task's time
is the median of its rounds (records/s and MB/s) and, beside it, the best round: this shared
machine's speed drifts by a third from minute to minute, so compare figures of one run. Memory
is the process's resident size after start-up (imports, parser built) and its peak, on the
full file and on a quarter of it: equal peaks mean memory does not grow with the file.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

TASKS = {
    "read": "read every record (parse into the model)",
    "read+write": "read every record and write it in canonical form",
    "read+replay": "read every record and replay it (the state after every event)",
}


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def worker(task: str, path: str, rounds: int) -> None:
    """Run one task in this process and print its figures as JSON."""
    import adjudicator

    adjudicator.read_one("deal 1 A\n")  # build the parser before the baseline
    baseline = _rss_mb()
    times = []
    records = 0
    for _ in range(rounds):
        start = time.perf_counter()
        records = 0
        if task == "split":
            # A calibration: the pure-Python floor of reading (lines split into words), to
            # compare this machine's speed with the figures in performance-anchors.md.
            with open(path, encoding="utf-8") as f:
                for line in f:
                    words = line.split()
                    if words and words[0].startswith("["):
                        records += 1
                records //= 4  # four tags a synthetic record
        elif task == "read":
            for _record in adjudicator.read(Path(path)):
                records += 1
        elif task == "read+write":
            for record in adjudicator.read(Path(path)):
                adjudicator.write(record)
                records += 1
        elif task == "read+replay":
            from adjudicator.replay import replay

            for record in adjudicator.read(Path(path)):
                for _step in replay(record):
                    pass
                records += 1
        elif task == "read+adjudicate":
            from adjudicator.adjudicate import adjudicate

            for record in adjudicator.read(Path(path)):
                adjudicate(record)
                records += 1
        elif task == "replay":
            from adjudicator.replay import replay

            loaded = list(adjudicator.read(Path(path)))
            start = time.perf_counter()
            for record in loaded:
                for _step in replay(record):
                    pass
            records = len(loaded)
        else:
            raise SystemExit(f"unknown task {task}")
        times.append(time.perf_counter() - start)
    extra = {}
    if task == "replay":
        loaded = list(adjudicator.read(Path(path)))
        extra["deals"] = sum(len(r.deals) for r in loaded)
        extra["plays"] = sum(
            2 if e.kind == "trick" else 1
            for r in loaded
            for d in r.deals
            for e in d.events
            if e.kind in ("trick", "lead", "play")
        )
    print(
        json.dumps(
            {
                **extra,
                "records": records,
                "seconds": statistics.median(times),
                "best": min(times),
                "peak_mb": _rss_mb(),
                "start_mb": baseline,
            }
        )
    )


def run_task(task: str, path: Path, rounds: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--worker", task, str(path), "--rounds", str(rounds)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", nargs=2, metavar=("TASK", "FILE"))
    args = parser.parse_args()
    if args.worker:
        worker(args.worker[0], args.worker[1], args.rounds)
        return

    from synthetic import synthetic_text

    from adjudicator import write
    from adjudicator.generate import generate

    with tempfile.TemporaryDirectory() as tmp:
        full = Path(tmp) / "full.etn"
        quarter = Path(tmp) / "quarter.etn"
        full.write_text(synthetic_text(args.records), encoding="utf-8")
        quarter.write_text(synthetic_text(args.records // 4), encoding="utf-8")
        size = full.stat().st_size
        print(
            f"{args.records:,} synthetic records, {size / 1e6:.1f} MB, "
            f"{size / args.records:.0f} bytes a record; median of {args.rounds} rounds; "
            f"python {sys.version.split()[0]}, {os.cpu_count()} cores"
        )
        print(
            f"{'task':<12} {'records/s':>10} {'MB/s':>7} {'best MB/s':>10} {'start MB':>9} "
            f"{'peak MB':>8} {'peak MB (1/4 file)':>19}"
        )
        for task in ("split", "read", "read+write"):
            r = run_task(task, full, args.rounds)
            q = run_task(task, quarter, 1)
            rate = r["records"] / r["seconds"]
            mbs = size / r["seconds"] / 1e6
            best = size / r["best"] / 1e6
            print(
                f"{task:<12} {rate:>10,.0f} {mbs:>7.2f} {best:>10.2f} {r['start_mb']:>9.1f} "
                f"{r['peak_mb']:>8.1f} {q['peak_mb']:>19.1f}"
            )

        n_games = max(1, args.records // 10)
        games = Path(tmp) / "games.etn"
        games.write_text(
            "\n".join(write(generate(seed).record) for seed in range(n_games)), encoding="utf-8"
        )
        gsize = games.stat().st_size
        print()
        print(
            f"{n_games:,} generated lawful games (bench: adjudicator.generate), "
            f"{gsize / 1e6:.1f} MB, {gsize / n_games:.0f} bytes a game"
        )
        r = run_task("replay", games, args.rounds)
        print(
            f"replay alone: {r['records'] / r['seconds']:,.0f} games/s, "
            f"{r['deals'] / r['seconds']:,.0f} deals/s, "
            f"{r['plays'] / r['seconds']:,.0f} card plays/s"
        )
        r = run_task("read+replay", games, args.rounds)
        print(
            f"read+replay:  {r['records'] / r['seconds']:,.0f} games/s, "
            f"{gsize / r['seconds'] / 1e6:.2f} MB/s, peak {r['peak_mb']:.1f} MB"
        )

        irregular = Path(tmp) / "irregular.etn"
        irregular.write_text(
            "\n".join(
                write(_with_irregularities(generate(seed).record)) for seed in range(n_games)
            ),
            encoding="utf-8",
        )
        isize = irregular.stat().st_size
        for label, file, fsize in (("lawful", games, gsize), ("irregular", irregular, isize)):
            r = run_task("read+adjudicate", file, args.rounds)
            print(
                f"read+adjudicate, {label + ' games:':<17} {r['records'] / r['seconds']:,.0f} "
                f"games/s, {fsize / r['seconds'] / 1e6:.2f} MB/s, peak {r['peak_mb']:.1f} MB"
            )


def _with_irregularities(record: Any) -> Any:
    """The game with two irregularities in its first deal: a card of the non-dealer's exposed in
    dealing (law 13), and its first point marked as two (law 51)."""
    from adjudicator.model import Mark, MarkReason, Packet

    deal = record.deals[0]
    events = list(deal.events)
    for i, e in enumerate(events):
        if isinstance(e, Packet) and e.player is not deal.dealer:
            events[i] = e.model_copy(update={"exposed": (0,)})
            break
    for i, e in enumerate(events):
        if isinstance(e, Mark) and e.reason is MarkReason.POINT and e.points == 1:
            events[i] = e.model_copy(update={"points": 2})
            break
    deals = (deal.model_copy(update={"events": tuple(events)}), *record.deals[1:])
    return record.model_copy(update={"deals": deals})


if __name__ == "__main__":
    main()
