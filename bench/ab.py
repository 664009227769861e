"""A/B speed of two checkouts of the project, in one run: prints figures, asserts nothing.

    python bench/ab.py A_DIR B_DIR [--records 300] [--rounds 7]

Issue 22 asks that its change make no path slower by more than 5% and start-up no slower,
measured against the commit before the change in one run. This harness writes the benchmark's
corpora once (``bench/run.py``: lawful generated games, the same with two irregularities each,
and both with every line made distinct), then times each task on each checkout in fresh
processes, A and B alternately (which goes first alternates too), with ``PYTHONPATH`` naming
the checkout. A task's figure is the median over rounds of B's time over A's in the same round:
a ratio per round holds on a loaded machine where medians of each side drift apart.

Tasks: ``read`` (the reader alone), ``adjudicate`` (read and rule, as ``check`` does, on each
corpus) and ``start-up`` (a whole ``check`` of one small record in a new interpreter, the
modules' ``.pyc`` already written). The worker imports only names every checkout since the
layout change has had, and falls back to the names before it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPORA = ("lawful", "irregular", "distinct", "distinct-irregular")
ONE = HERE.parent / "cases" / "ecarte" / "law-48-point-and-vole" / "point.etn"


def worker(task: str, path: str) -> None:
    """Run one task once in this process (the checkout is on ``PYTHONPATH``); print seconds."""
    import adjudicator

    try:
        from adjudicator.court.ecarte.adjudicate import adjudicate
    except ImportError:  # before the layout change
        from adjudicator.court.adjudicate import adjudicate  # type: ignore[import-not-found,no-redef]

    adjudicator.read_one("deal 1 A\n")  # the parser built before the clock starts
    start = time.perf_counter()
    for record in adjudicator.read(Path(path)):
        if task == "adjudicate":
            adjudicate(record)
    print(time.perf_counter() - start)


def _env(checkout: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(checkout))


def _timed(checkout: Path, task: str, path: Path) -> float:
    if task == "start-up":
        code = (
            "import sys; from adjudicator.shell.cli import app; "
            f"sys.argv = ['ecarte', 'check', {str(path)!r}]; app()"
        )
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], env=_env(checkout), capture_output=True)
        return time.perf_counter() - start
    out = subprocess.run(
        [sys.executable, __file__, "--worker", task, str(path)],
        env=_env(checkout),
        capture_output=True,
        text=True,
        check=True,
        cwd=checkout,
    )
    return float(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", nargs="?", type=Path)
    parser.add_argument("b", nargs="?", type=Path)
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--worker", nargs=2, metavar=("TASK", "FILE"))
    args = parser.parse_args()
    if args.worker:
        worker(*args.worker)
        return
    if args.a is None or args.b is None:
        parser.error("name two checkouts")
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent))
    from run import write_corpora

    with tempfile.TemporaryDirectory() as tmp:
        files = write_corpora(Path(tmp), args.records)
        one = Path(tmp) / "one.etn"
        one.write_bytes(ONE.read_bytes())
        jobs = [("read", "lawful", files["lawful"][0])]
        jobs += [("adjudicate", c, files[c][0]) for c in CORPORA]
        jobs += [("start-up", "one record", one)]
        for checkout in (args.a, args.b):  # the .pyc written before any round is timed
            _timed(checkout, "start-up", one)
        print(f"A = {args.a}\nB = {args.b}\n{args.records} records, {args.rounds} rounds")
        print(f"{'task':32} {'A s':>8} {'B s':>8} {'B/A':>7} {'range':>13}")
        for task, corpus, path in jobs:
            ratios, times_a, times_b = [], [], []
            for round_ in range(args.rounds):
                order = (args.a, args.b) if round_ % 2 == 0 else (args.b, args.a)
                got = {c: _timed(c, task, path) for c in order}
                times_a.append(got[args.a])
                times_b.append(got[args.b])
                ratios.append(got[args.b] / got[args.a])
            print(
                f"{task + ', ' + corpus:32} {statistics.median(times_a):8.3f} "
                f"{statistics.median(times_b):8.3f} {statistics.median(ratios):7.3f} "
                f"{min(ratios):6.3f}-{max(ratios):.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
