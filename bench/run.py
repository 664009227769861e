"""Benchmarks of the adjudicator, side by side with python-chess reading PGN: prints figures,
asserts nothing.

    python bench/run.py                          # 1,000 records, 3 rounds (~3 minutes)
    python bench/run.py --records 10000 --rounds 5

With python-chess (installed in the benchmark's environment only, never the project's):

    python3 -m venv .bench && .bench/bin/pip install -e . -r bench/requirements.txt
    .bench/bin/python bench/run.py

The records: N games of écarté to five points from adjudicator.engine.ecarte.generate (lawful, and
the same games with two irregularities each), N synthetic records (bench/synthetic.py, those of the
README's earlier figures) and N games of chess in PGN (bench/pgn.py). Every task runs one round
at a time in a fresh process (so that its peak memory is its own), and the rounds go round-robin
over the tasks, each round in another order, so that this shared machine's drift hits every task
alike. A task's figure is the median of its rounds, with the best round beside it; "x chess" is
its MB/s over python-chess's MB/s in the same run. "replay" replays records read beforehand (not
streamed, so no memory figure); its MB/s is that of the file they came from.

Memory: the process's peak resident size after start-up (imports, parser built), and its peak
over the file of N records and over one of N/4. Equal peaks mean memory does not grow with the
file; the reader's bounded caches fill over the first thousand or so records, so the two peaks
meet only from --records of a few thousand.
"""

from __future__ import annotations

import argparse
import json
import os
import random
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

# (row, worker task, corpus, streamed: whether peak memory is measured on N and N/4 records)
ROWS = [
    ("split (calibration)", "split", "synthetic", False),
    ("read, synthetic", "read", "synthetic", True),
    ("read", "read", "lawful", True),
    ("read+write", "read+write", "lawful", True),
    ("replay (read before)", "replay", "lawful", False),
    ("read+replay", "read+replay", "lawful", True),
    ("read+adjudicate lawful", "read+adjudicate", "lawful", True),
    ("read+adjudicate irregular", "read+adjudicate", "irregular", True),
    ("read+adjudicate distinct", "read+adjudicate", "distinct", True),
    ("read+adj. distinct irreg.", "read+adjudicate", "distinct-irregular", True),
    ("piquet read", "piquet-read", "piquet", True),
    ("piquet read+rule lawful", "piquet-rule", "piquet", True),
    ("piquet read+rule irregular", "piquet-rule", "piquet-irregular", True),
    ("chess read_game (PGN)", "chess", "pgn", True),
]
TARGETS = {
    # issue 9: read + adjudicate, in times python-chess's MB/s reading PGN in the same run
    "read+adjudicate lawful": 5.0,
    "read+adjudicate irregular": 3.0,
    "read+adjudicate distinct": 1.5,
    # issue 24: piquet parties read and ruled under the 78 laws
    "piquet read+rule lawful": 4.0,
    "piquet read+rule irregular": 2.0,
}


def _rss_mb() -> float:
    """This process's peak resident size so far, in MB: VmHWM, which starts afresh at exec
    (ru_maxrss keeps the peak of the forked parent, the benchmark's driver, before the exec)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def worker(task: str, path: str) -> None:
    """Run one round of one task in this process and print its figures as JSON."""
    extra: dict[str, int] = {}
    if task == "chess":
        import chess.pgn  # noqa: F401  (imported before the baseline)
        from pgn import read_all

        baseline = _rss_mb()
        start = time.perf_counter()
        records, extra["errors"] = read_all(path)
        seconds = time.perf_counter() - start
    elif task.startswith("piquet"):
        baseline, seconds, records = _piquet(task, path)
    else:
        import adjudicator
        from adjudicator.court.ecarte.adjudicate import adjudicate
        from adjudicator.engine.ecarte.replay import replay

        adjudicator.read_one("deal 1 A\n")  # build the parser before the baseline
        baseline = _rss_mb()
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
            for record in adjudicator.read(Path(path)):
                for _step in replay(record):
                    pass
                records += 1
        elif task == "read+adjudicate":
            for record in adjudicator.read(Path(path)):
                adjudicate(record)
                records += 1
        elif task == "replay":
            loaded = list(adjudicator.read(Path(path)))
            start = time.perf_counter()
            for record in loaded:
                for _step in replay(record):
                    pass
            records = len(loaded)
            extra["deals"] = sum(len(r.deals) for r in loaded)
            extra["plays"] = sum(
                2 if e.kind == "trick" else 1
                for r in loaded
                for d in r.deals
                for e in d.events
                if e.kind in ("trick", "lead", "play")
            )
        else:
            raise SystemExit(f"unknown task {task}")
        seconds = time.perf_counter() - start
    print(
        json.dumps(
            {"records": records, "seconds": seconds, "start_mb": baseline, "peak_mb": _rss_mb()}
            | extra
        )
    )


def _piquet(task: str, path: str) -> tuple[float, float, int]:
    """One round of a piquet task: the parties of ``path`` streamed through the reader, and
    ruled under the 78 laws for ``piquet-rule``: the baseline MB, the seconds, the records."""
    from adjudicator.court.piquet.ruling import rule_record
    from adjudicator.notation.piquet.reader import parser, read_each, read_one

    rule_record(read_one('[Game "piquet"]\n\ndeal 1 A\n'))  # the laws loaded
    parser()  # the grammar's parser built (the reader's fast path reads the line above)
    baseline = _rss_mb()
    start = time.perf_counter()
    records = 0
    for record in read_each(Path(path)):
        if task == "piquet-rule" and not isinstance(record, Exception):
            rule_record(record)
        records += 1
    return baseline, time.perf_counter() - start, records


def run_task(task: str, path: Path) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--worker", task, str(path)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def write_corpora(tmp: Path, n: int) -> dict[str, tuple[Path, Path]]:
    """The écarté files of ``n`` records and of ``n // 4``, for each corpus."""
    from synthetic import synthetic_record

    from adjudicator import write
    from adjudicator.engine.ecarte.generate import generate

    rng = random.Random(1)
    texts: dict[str, list[str]] = {
        "synthetic": [synthetic_record(rng, i) for i in range(n)],
        "lawful": [],
        "irregular": [],
        "distinct": [],
        "distinct-irregular": [],
    }
    for seed in range(n):
        record = generate(seed).record
        texts["lawful"].append(write(record))
        texts["irregular"].append(write(_with_irregularities(record)))
    from adjudicator.engine.piquet.generate import generate_text

    texts["piquet"] = [generate_text(seed) for seed in range(n)]
    texts["piquet-irregular"] = [_piquet_irregularities(text) for text in texts["piquet"]]
    texts["distinct"] = _distinct(texts["lawful"])
    texts["distinct-irregular"] = _distinct(texts["irregular"])
    files = {}
    for corpus, records in texts.items():
        suffix = "ptn" if corpus.startswith("piquet") else "etn"
        full, quarter = tmp / f"{corpus}.{suffix}", tmp / f"{corpus}-quarter.{suffix}"
        full.write_text("\n".join(records), encoding="utf-8")
        quarter.write_text("\n".join(records[: max(1, n // 4)]), encoding="utf-8")
        files[corpus] = (full, quarter)
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", nargs=2, metavar=("TASK", "FILE"))
    args = parser.parse_args()
    if args.worker:
        worker(args.worker[0], args.worker[1])
        return

    import pgn

    began = time.perf_counter()
    n = args.records
    rows = ROWS
    made = ""
    with tempfile.TemporaryDirectory() as tmp:
        files = write_corpora(Path(tmp), n)
        if pgn.available():
            t = time.perf_counter()
            full, quarter, cached = pgn.pgn_files(n)
            files["pgn"] = (full, quarter)
            made = "cached" if cached else f"generated in {time.perf_counter() - t:.0f} s"
        else:
            rows = [row for row in ROWS if row[2] != "pgn"]
        sizes = {corpus: full.stat().st_size for corpus, (full, _) in files.items()}
        print(
            f"{n:,} records a file; {args.rounds} rounds, round-robin; "
            f"python {sys.version.split()[0]}, {os.cpu_count()} cores"
        )
        for corpus, about in (
            ("synthetic", "synthetic écarté records (bench/synthetic.py)"),
            ("lawful", "écarté games to 5 points (adjudicator.engine.ecarte.generate), lawful"),
            ("irregular", "the same games, two irregularities in each (laws 13, 51)"),
            ("distinct", "the lawful games, no line repeating (a numbered comment on each)"),
            ("distinct-irregular", "the irregular games, no line repeating"),
            ("piquet", "parties of piquet (adjudicator.engine.piquet.generate), lawful"),
            ("piquet-irregular", "the same parties, two irregularities each (laws 32, 70)"),
            ("pgn", f"chess games in PGN, seeded random legal moves ({made})"),
        ):
            if corpus in sizes:
                print(
                    f"  {corpus:<9} {sizes[corpus] / 1e6:5.2f} MB, "
                    f"{sizes[corpus] / n:4.0f} bytes a record: {about}"
                )
        if "pgn" not in files:
            print("  pgn       skipped: python-chess is not installed in this environment; for the")
            print(f"            side-by-side figures: {pgn.INSTALL}")
            print("            and run .bench/bin/python bench/run.py")

        results: dict[str, list[dict[str, float]]] = {row[0]: [] for row in rows}
        for r in range(args.rounds):
            shift = r % len(rows)
            for name, task, corpus, _ in rows[shift:] + rows[:shift]:
                results[name].append(run_task(task, files[corpus][0]))
        quarters = {
            name: run_task(task, files[corpus][1])
            for name, task, corpus, streamed in rows
            if streamed
        }
    _report(rows, results, quarters, sizes)
    print(f"(the whole run took {time.perf_counter() - began:.0f} s)")


def _report(
    rows: list[tuple[str, str, str, bool]],
    results: dict[str, list[dict[str, float]]],
    quarters: dict[str, dict[str, float]],
    sizes: dict[str, int],
) -> None:
    mbs = {}
    for name, _, corpus, _ in rows:
        mbs[name] = sizes[corpus] / statistics.median(x["seconds"] for x in results[name]) / 1e6
    chess = mbs.get("chess read_game (PGN)")
    print()
    print(
        f"{'task':<26} {'records/s':>9} {'MB/s':>6} {'best':>6} {'x chess':>7} "
        f"{'start MB':>8} {'peak N':>7} {'peak N/4':>8}"
    )
    for name, _, corpus, streamed in rows:
        runs = results[name]
        seconds = statistics.median(x["seconds"] for x in runs)
        best = sizes[corpus] / min(x["seconds"] for x in runs) / 1e6
        ratio = f"{mbs[name] / chess:.2f}" if chess else "-"
        peak = f"{max(x['peak_mb'] for x in runs):.1f}" if streamed else "-"
        q = f"{quarters[name]['peak_mb']:.1f}" if streamed else "-"
        mark = " *" if name in TARGETS else ""
        rate = statistics.median(x["records"] for x in runs) / seconds
        print(
            f"{name:<26} {rate:>9,.0f} {mbs[name]:>6.2f} {best:>6.2f} {ratio:>7} "
            f"{statistics.median(x['start_mb'] for x in runs):>8.1f} {peak:>7} {q:>8}{mark}"
        )
    replay = results["replay (read before)"]
    seconds = statistics.median(x["seconds"] for x in replay)
    print(
        f"replay alone: {replay[0]['deals'] / seconds:,.0f} deals/s, "
        f"{replay[0]['plays'] / seconds:,.0f} card plays/s"
    )
    if chess and any(x.get("errors") for x in results["chess read_game (PGN)"]):
        print("warning: python-chess found errors in the generated PGN")
    # The numbered comments that keep lines distinct add half again to the bytes, and cost
    # little to read: a distinct file's MB/s flatters it. Its figure against the targets is its
    # records/s times the bytes of the same records without the comments.
    for name, plain in (
        ("read+adjudicate distinct", "lawful"),
        ("read+adj. distinct irreg.", "irregular"),
    ):
        if name in results:
            runs = results[name]
            rate = statistics.median(x["records"] for x in runs) / statistics.median(
                x["seconds"] for x in runs
            )
            per = sizes[plain] / statistics.median(x["records"] for x in results[name])
            mbs[name] = rate * per / 1e6
            ratio = f" ({mbs[name] / chess:.2f}x chess)" if chess else ""
            print(
                f"{name}: {rate:,.0f} records/s, {mbs[name]:.2f} MB/s of the same records "
                f"without their comments{ratio}"
            )
    print()
    print("* targets (issue 9): read+adjudicate at these times python-chess's MB/s reading PGN,")
    print("  in the same run")
    for name, target in TARGETS.items():
        line = f"  {name:<26} {mbs[name]:.2f} MB/s"
        if chess:
            ratio = mbs[name] / chess
            line += f"; {ratio:.2f}x chess, target {target:g}x: "
            line += "met" if ratio >= target else "NOT met"
        else:
            line += "; x chess: not measured (python-chess not installed)"
        print(line)


def _distinct(texts: list[str]) -> list[str]:
    """The records with a numbered comment on every line of events, so that no line of the
    file repeats and the reader's line cache never hits (the worst case for reading)."""
    out = []
    k = 0
    for text in texts:
        lines = []
        for line in text.split("\n"):
            if line.startswith("  ") and ";" not in line:
                k += 1
                line = f"{line} ; {k}"
            lines.append(line)
        out.append("\n".join(lines))
    return out


def _piquet_irregularities(text: str) -> str:
    """The partie with two irregularities in its first deal: the elder touches the stock before
    he says how many cards he takes or leaves (law 32), and the deal's result is written two
    points too many for A (an error of counting, law 70)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        words = line.split()
        if len(words) == 3 and words[1] in ("take", "leave") and words[0] in ("A:", "B:"):
            lines.insert(i, f"  {words[0][0]} touches the stock")
            break
    for i, line in enumerate(lines):
        words = line.split()
        if words[:2] == ["result", "A"]:
            words[2] = str(int(words[2]) + 2)
            lines[i] = "  " + " ".join(words)
            break
    return "\n".join(lines)


def _with_irregularities(record: Any) -> Any:
    """The game with two irregularities in its first deal: a card of the non-dealer's exposed in
    dealing (law 13), and its first point marked as two (law 51)."""
    from adjudicator.notation.ecarte.model import Mark, MarkReason, Packet

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
