"""Benchmark of ``ecarte check`` over archives, one job against two: prints figures, asserts
nothing.

    python bench/batch.py                         # 10,000 files, and one file of 100,000 records
    python bench/batch.py --files 2000 --records 20000 --jobs 1 2

It builds, in a temporary folder, a folder of ``--files`` files of one synthetic record each
and one file of ``--records`` synthetic records (bench/synthetic.py: plausible deals, not
lawful, so the laws find plenty), then times ``ecarte check`` on each with every ``--jobs``
(a fresh process each time, output to /dev/null). For each run: wall time, records/s, MB/s,
the CPU time of the run (all its processes), the speed-up over the first number of jobs, and
the peak resident memory of the largest process of the run (``ru_maxrss`` of the children of a
fresh measuring process: the parent or one worker, not their sum).

On a shared machine the speed-up is what the other processes leave: ``cores`` (CPU time over
wall time) shows how many cores a run had. With two idle cores, two jobs take about half
their CPU time; the CPU columns of one job and of two show what the workers cost.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

ECARTE = [sys.executable, "-c", "from adjudicator.shell.cli import app; app(prog_name='ecarte')"]


def measure(args: list[str]) -> None:
    """Run ``ecarte`` with ``args`` (output to /dev/null) and print its figures as JSON."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        status = subprocess.run([*ECARTE, *args], stdout=null, stderr=null).returncode
    seconds = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        json.dumps(
            {
                "status": status,
                "seconds": seconds,
                "cpu": usage.ru_utime + usage.ru_stime,
                "peak_mb": usage.ru_maxrss / 1024,
            }
        )
    )


def run(args: list[str]) -> dict[str, float]:
    """Measure a run in a fresh process, so that its peak memory is its own."""
    out = subprocess.run(
        [sys.executable, __file__, "--measure", *args], check=True, capture_output=True, text=True
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def build(folder: Path, files: int, records: int) -> tuple[Path, int, Path, int]:
    """The folder of small files and the big file; their sizes in bytes."""
    from synthetic import synthetic_record, synthetic_text

    many = folder / "many"
    many.mkdir()
    rng = random.Random(7)
    size_many = 0
    for i in range(files):
        text = synthetic_record(rng, i).encode("utf-8")
        (many / f"{i:06d}.etn").write_bytes(text)
        size_many += len(text)
    big = folder / "big.etn"
    with open(big, "w", encoding="utf-8") as f:
        step = 10_000
        for start in range(0, records, step):
            n = min(step, records - start)
            if start:
                f.write("\n")
            f.write(synthetic_text(n, seed=start + 1))
    return many, size_many, big, big.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=10_000, help="small files in the folder")
    parser.add_argument("--records", type=int, default=100_000, help="records in the big file")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--measure", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure is not None:
        measure(args.measure)
        return

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        many, size_many, big, size_big = build(Path(tmp), args.files, args.records)
        print(
            f"built in {time.perf_counter() - start:.0f} s: {args.files:,} files of one synthetic "
            f"record ({size_many / 1e6:.1f} MB), and one file of {args.records:,} records "
            f"({size_big / 1e6:.1f} MB); python {sys.version.split()[0]}, {cores} cores, "
            f"load average {os.getloadavg()[0]:.1f}"
        )
        print(
            f"{'input':<26} {'jobs':>4} {'status':>6} {'seconds':>8} {'records/s':>10} "
            f"{'MB/s':>6} {'CPU s':>7} {'cores':>5} {'speed-up':>8} {'peak MB':>8}"
        )
        datasets = [
            (f"{args.files:,} files", many, args.files, size_many),
            (f"1 file of {args.records:,} records", big, args.records, size_big),
        ]
        for label, path, records, size in datasets:
            first: float | None = None
            for jobs in args.jobs:
                r = run(["check", "--jobs", str(jobs), str(path)])
                first = first or r["seconds"]
                print(
                    f"{label:<26} {jobs:>4} {r['status']:>6} {r['seconds']:>8.1f} "
                    f"{records / r['seconds']:>10,.0f} {size / r['seconds'] / 1e6:>6.2f} "
                    f"{r['cpu']:>7.1f} {r['cpu'] / r['seconds']:>5.2f} "
                    f"{first / r['seconds']:>7.2f}x {r['peak_mb']:>8.1f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
