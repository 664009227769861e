"""Start-up of the command line: ``ecarte check`` on one small record, as an editor, a hook or
the page that rules as you type would run it. Prints figures, asserts nothing.

    python bench/startup.py [--runs 15]

Times whole processes (python start, imports, the parser's tables, the ruling, the output):
with the parser's tables cached in the user's cache folder (every run after the first), and
with the cache switched off (``ECARTE_NO_CACHE``, the tables built each time).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASE = HERE.parent / "cases" / "ecarte" / "law-48-point-and-vole" / "point.etn"


def _times(runs: int, env: dict[str, str]) -> list[float]:
    command = shutil.which("ecarte", path=str(Path(sys.executable).parent)) or "ecarte"
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([command, "check", str(CASE)], env=env, capture_output=True, check=False)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    cached = _times(runs, dict(os.environ))
    uncached = _times(runs, {**os.environ, "ECARTE_NO_CACHE": "1"})
    for name, times in (("tables cached", cached), ("tables built", uncached)):
        print(
            f"ecarte check, one record, {name}: median {statistics.median(times):.3f} s, "
            f"best {min(times):.3f} s ({runs} runs)"
        )
    print("target (issue 9): 0.3 s")


if __name__ == "__main__":
    main()
