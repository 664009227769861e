"""Benchmarks of the adjudicator: prints figures, asserts nothing.

    python bench/run.py                 # 10,000 synthetic records
    python bench/run.py --records 50000 --rounds 5

Each task runs in a fresh process (so that its peak memory is its own) over a file of
synthetic records (bench/synthetic.py: about 600 bytes and 46 lines a record). A task's time
is the median of its rounds; records/s and MB/s are from that median. Peak memory is the
process's peak resident size minus its size after start-up (imports, parser built), measured
on the full file and on a quarter of it: equal figures mean memory does not grow with the file.
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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

TASKS = {
    "read": "read every record (parse into the model)",
    "read+write": "read every record and write it in canonical form",
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
        if task == "read":
            for _record in adjudicator.read(Path(path)):
                records += 1
        elif task == "read+write":
            for record in adjudicator.read(Path(path)):
                adjudicator.write(record)
                records += 1
        else:
            raise SystemExit(f"unknown task {task}")
        times.append(time.perf_counter() - start)
    print(
        json.dumps(
            {
                "records": records,
                "seconds": statistics.median(times),
                "peak_mb": _rss_mb() - baseline,
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
        print(f"{'task':<12} {'records/s':>10} {'MB/s':>7} {'peak MB':>8} {'peak MB (1/4)':>14}")
        for task in TASKS:
            r = run_task(task, full, args.rounds)
            q = run_task(task, quarter, 1)
            rate = r["records"] / r["seconds"]
            mbs = size / r["seconds"] / 1e6
            print(
                f"{task:<12} {rate:>10,.0f} {mbs:>7.2f} {r['peak_mb']:>8.1f} {q['peak_mb']:>14.1f}"
            )


if __name__ == "__main__":
    main()
