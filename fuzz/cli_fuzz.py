"""Mutated casebook records through every command of the CLI, for as long as one likes: the
long run of ``tests/test_cli_fuzz.py`` (the harness is ``tests/cli_fuzz.py``).

    python fuzz/cli_fuzz.py --count 100000 --jobs 2 --rotate

``--rotate`` sends each mutant through one command, the next in turn (eleven times faster than
through all of them); without it every mutant goes through every command. Prints the figures,
and each crash (command, exit status, the mutant's first bytes, the last of its output) with
the mutant written to ``--out``. Exit status 1 if anything crashed.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from cli_fuzz import COMMANDS, Crash, fuzz


def _share(args: tuple[int, int, int, bool]) -> tuple[int, list[Crash]]:
    seed, start, count, rotate = args
    return fuzz(seed, count, rotate=rotate, start=start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rotate", action="store_true")
    parser.add_argument("--out", default="/tmp/ecarte-clifuzz-crashes")
    a = parser.parse_args()
    share = -(-a.count // a.jobs)
    tasks = [(a.seed, j * share, min(share, a.count - j * share), a.rotate) for j in range(a.jobs)]
    began = time.perf_counter()
    if a.jobs == 1:
        results = [_share(tasks[0])]
    else:  # not multiprocessing.Pool: its daemonic workers may not start processes, as check does
        with concurrent.futures.ProcessPoolExecutor(a.jobs) as pool:
            results = list(pool.map(_share, tasks))
    ran = sum(r[0] for r in results)
    crashes = [c for r in results for c in r[1]]
    runs = ran if a.rotate else ran * len(COMMANDS)
    seconds = time.perf_counter() - began
    print(f"{ran:,} mutants, {runs:,} command runs, {len(crashes)} crash(es), {seconds:,.0f} s")
    out = Path(a.out)
    for i, c in enumerate(crashes):
        out.mkdir(parents=True, exist_ok=True)
        (out / f"crash-{i}.etn").write_bytes(c.text)
        print(f"{' '.join(c.command)} exit {c.status}: {c.text[:120]!r}\n{c.output[-600:]}\n")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
