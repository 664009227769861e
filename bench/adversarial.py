"""Hostile input sizes (issue 5): figures for the reader, the adjudicator and the command line on
inputs built to hurt them. Prints figures, asserts nothing.

    python bench/adversarial.py                    # the full sizes (an hour or more)
    python bench/adversarial.py --mb 10 --line-mb 1 --deals 10000 --depth 10000 --quick

The inputs, built in a temporary folder:

* ``archive``: ``--mb`` MB of lawful records (games from adjudicator.engine.ecarte.generate, each
with its
  own Event tag), and the same file behind a NUL byte on its first line (given on standard input,
  where ``ecarte check`` cannot seek: it must hold what it cannot cut);
* ``long-line``: a record, a line of ``--line-mb`` MB of cards, a record; the same line given
  to the reader as a ``str`` (which has the same line limit as a file since this was written);
* ``deals``: one record of ``--deals`` deals (the deals of a generated game over and over,
  renumbered: every deal lawful); the same with its first point marked as two (every later
  score then differs from the marks: the adjudicator's full path); and ``--deals`` deal lines
  with nothing in them;
* ``deep``: braces ``--depth`` deep, one a line, then as many closing braces, then a record; a
  record and then ``--depth`` opening braces never closed; ``--depth`` braces deep on one line.
* issue 11's hostile inputs, each with its budget printed beside it: ``--junk-mb`` MB of
  ``junk`` lines in one record, then a record (at most 100 MB, the record after ruled);
  ``--brace-lines`` lines of ``{`` then as many of ``}``, then a record; ``--comment-lines``
  comment lines in one deal; ``--crs`` lone CRs between two records; a file of NUL bytes;
  ``/dev/zero``; and endless standard input (a pipe from ``yes``, with and without line ends).

Each task runs in a fresh process, under a wrapper process that waits for it and reads
``resource.getrusage(RUSAGE_CHILDREN)``: wall time, CPU time (user and system, workers
included), the peak resident size of the largest process of the task, and its exit status. A
task that runs past ``--timeout`` is killed (its process group) and shown as such. The outcome
is the number of records read and the first line of the first error (library tasks), or the
first line of standard error and the exit status (command-line tasks).

``--scaling`` times reading, replaying and adjudicating one record of 10,000, 20,000 and 40,000
deals (and the other sizes given) and prints each size's time over the previous one's: about
2 for each doubling when the work is linear, about 4 when it is quadratic.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

MEMORY_LIMIT = 12 << 30
"""Address space a task may use (a task that needs more fails with MemoryError, shown)."""


# --------------------------------------------------------------------------------------------
#  Building the inputs
# --------------------------------------------------------------------------------------------


def _game_texts(n: int) -> list[str]:
    """``n`` lawful games from the generator, in canonical form, Event tag first."""
    from adjudicator import write
    from adjudicator.engine.ecarte.generate import generate

    return [write(generate(seed).record) for seed in range(n)]


def write_archive(path: Path, megabytes: float, *, prefix: bytes = b"") -> int:
    """A file of about ``megabytes`` MB of lawful records, each with its own Event tag (so that
    no two records are the same text); returns the number of records."""
    games = _game_texts(500)
    limit = int(megabytes * 1e6)
    written = records = 0
    with path.open("wb") as f:
        f.write(prefix)
        while written < limit:
            text = games[records % len(games)]
            text = re.sub(r'^\[Event "[^"]*"\]', f'[Event "Archive {records}"]', text, count=1)
            data = (text + "\n").encode("utf-8")
            f.write(data)
            written += len(data)
            records += 1
    return records


def long_record(deals: int, seed: int = 0) -> str:
    """One record of ``deals`` lawful deals: the deals of a generated game (an even number of
    them, so that the deal alternates across the repeats) over and over, renumbered."""
    from adjudicator import write
    from adjudicator.engine.ecarte.generate import generate

    text = write(generate(seed).record)
    head, *bodies = re.split(r"(?m)^(?=deal \d+ )", text)
    if len(bodies) % 2:
        raise ValueError(f"game {seed} has an odd number of deals")
    out = [head]
    for i in range(deals):
        out.append(re.sub(r"^deal \d+", f"deal {i + 1}", bodies[i % len(bodies)], count=1))
    return "".join(out)


def irregular(text: str) -> str:
    """The record with its first point marked as two (law 51): every later score line then
    differs from the marks, and the adjudicator takes its full path on every deal."""
    return text.replace(" marks 1 point", " marks 2 point", 1)


def bare_deals(deals: int) -> str:
    """A record of ``deals`` deal lines and nothing else (no trump is ever turned)."""
    return "".join(f"deal {i + 1} {'AB'[i % 2]}\n" for i in range(deals))


RECORD = '[Event "after"]\ndeal 1 A\n  turn KS\n  B proposes\n'
"""A small record that reads."""


def card_line(megabytes: float) -> str:
    """A packet line of about ``megabytes`` MB of cards (without its line end)."""
    ranks, suits = "KQJAT987", "SHDC"
    cards = [r + s for s in suits for r in ranks]
    n = int(megabytes * 1e6) // 3
    return "  B: " + " ".join(cards[(i * 7) % 32] for i in range(n))


def build_inputs(folder: Path, args: argparse.Namespace) -> dict[str, Path]:
    """Write every input file into ``folder``; returns them by name."""
    files: dict[str, Path] = {}

    def put(name: str, data: bytes | str) -> None:
        path = folder / name
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        files[name] = path

    files["archive"] = folder / "archive.etn"
    write_archive(files["archive"], args.mb)
    files["archive-nul"] = folder / "archive-nul.etn"
    write_archive(files["archive-nul"], args.mb, prefix=b"\0\n")
    put("long-line", RECORD + card_line(args.line_mb) + "\n" + RECORD)
    text = long_record(args.deals)
    put("deals", text)
    put("deals-irregular", irregular(text))
    put("deals-bare", bare_deals(args.deals))
    d = args.depth
    put("deep-lines", "{\n" * d + "}\n" * d + RECORD)
    put("deep-unterminated", RECORD + "{\n" * d)
    put("deep-one-line", "{ " * d + "} " * d + "\n" + RECORD)
    put("junk", '[Event "bad"]\n' + "junk\n" * int(args.junk_mb * 1e6 / 5) + RECORD)
    put("brace-lines", "{\n" * args.brace_lines + "}\n" * args.brace_lines + RECORD)
    put(
        "comment-lines",
        '[Event "c"]\ndeal 1 A\n  turn KS\n' + "; a note\n" * args.comment_lines + RECORD,
    )
    put("crs", RECORD + "\r" * args.crs + RECORD)
    put("nul", b"\0" * 1_000_000)
    files["/dev/zero"] = Path("/dev/zero")
    return files


BUDGETS = {
    "deals": "<= 200 MB (the command line, and the library in parts)",
    "deals-irregular": "<= 200 MB (the command line, and the library in parts)",
    "junk": "<= 100 MB; the record after it ruled",
    "brace-lines": "bounded memory; the record after it ruled",
    "comment-lines": "linear time, bounded memory",
    "crs": "linear time, bounded memory",
    "nul": "binary: exit 2, located",
    "/dev/zero": "< 1 s, exit 2, located",
    "yes": "bounded memory; read to the stream's end, as grep does",
    "yes | tr -d": "< 1 s, exit 2, located",
}
"""Issue 11's budget for each hostile input, printed beside its figures."""


# --------------------------------------------------------------------------------------------
#  Tasks (each runs in its own process)
# --------------------------------------------------------------------------------------------


def _outcome(items: Iterator[Any]) -> dict[str, Any]:
    """Records read, errors, and the first line of the first error."""
    from adjudicator import NotationError

    records = errors = 0
    first = ""
    for item in items:
        if isinstance(item, NotationError):
            errors += 1
            first = first or str(item).splitlines()[0]
        else:
            records += 1
    return {"records": records, "errors": errors, "first_error": first}


def task(name: str, path: str) -> dict[str, Any]:
    """Run library task ``name`` on the file at ``path``; returns what it found, and the CPU
    time of the work alone (``cpu``: the start-up and the parser's construction left out)."""
    from adjudicator import read_one

    read_one("deal 1 A\n")  # the parser is built before the clock starts
    start = time.process_time()
    found = _run_task(name, Path(path))
    return {**found, "cpu": round(time.process_time() - start, 3)}


def _run_task(name: str, file: Path) -> dict[str, Any]:
    """The work of library task ``name`` on ``file``."""
    from adjudicator import read_each, read_one

    if name == "read":
        return _outcome(read_each(file))
    if name == "read-parts":
        from adjudicator.notation.ecarte.reader import Portion, read_parts

        parts = records = errors = 0
        for item in read_parts(file):
            if isinstance(item, Portion):
                parts += 1
                records += item.last
                errors += item.error is not None
            else:
                records += 1
                errors += not hasattr(item, "deals")
        return {"records": records, "parts": parts, "errors": errors}
    if name == "adjudicate-parts":
        from adjudicator.court.ecarte.adjudicate import adjudicate_parts
        from adjudicator.notation.ecarte.reader import Portion, PortionDeals, read_parts

        items = read_parts(file)
        first = next(items)
        assert isinstance(first, Portion) and first.record is not None
        head = first.record.model_copy(update={"deals": ()})
        deals = findings = 0
        for piece in adjudicate_parts(head, PortionDeals(first, items)):
            deals += len(piece.deals)
            findings += len(piece.findings)
        return {"deals": deals, "findings": findings}
    if name == "read-str":
        return _outcome(read_each(file.read_text(encoding="utf-8")))
    if name == "replay":
        from adjudicator import read
        from adjudicator.engine.ecarte.replay import replay

        steps = sum(1 for record in read(file) for _ in replay(record))
        return {"steps": steps}
    if name == "adjudicate":
        from adjudicator.court.ecarte.adjudicate import adjudicate

        ruling = adjudicate(read_one(file))
        return {"deals": len(ruling.deals), "findings": len(ruling.findings)}
    raise SystemExit(f"unknown task {name}")


def measure(command: list[str], timeout: float, stdin: str | None) -> dict[str, Any]:
    """Run ``command`` (in its own process group), and return its exit status, wall and CPU
    time, peak resident size, and the first line of its standard error."""
    start = time.perf_counter()
    feeder = None
    if stdin is not None and stdin.startswith("|"):  # a shell pipeline feeds standard input
        feeder = subprocess.Popen(
            stdin[1:], shell=True, stdout=subprocess.PIPE, start_new_session=True
        )
    with (
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
        open(os.devnull if stdin is None or feeder else stdin, "rb") as given,
    ):
        child = subprocess.Popen(
            command,
            stdin=feeder.stdout if feeder is not None else given,
            stdout=out,
            stderr=err,
            start_new_session=True,
            preexec_fn=_limit_memory,
        )
        try:
            status: int | str = child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            status = f"killed after {timeout:.0f} s"
        wall = time.perf_counter() - start
        if feeder is not None:
            os.killpg(feeder.pid, signal.SIGKILL)
            feeder.wait()
        err.seek(0)
        stderr = err.read(1 << 20).decode("utf-8", "replace")
        out.seek(max(0, out.seek(0, os.SEEK_END) - 4096))
        tail = out.read().decode("utf-8", "replace").splitlines()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    lines = [line for line in stderr.splitlines() if line.strip()]
    return {
        "status": status,
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "peak_mb": usage.ru_maxrss / 1024,
        "stderr": lines[0] if lines else "",
        "last": lines[-1] if lines else "",
        "stdout": tail[-1] if tail else "",
    }


def _limit_memory() -> None:
    """Keep a task's address space under :data:`MEMORY_LIMIT`."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def wrapped(command: list[str], timeout: float, stdin: str | None = None) -> dict[str, Any]:
    """Measure ``command`` from a fresh wrapper process, so that the children's peak memory is
    this command's alone."""
    wrapper = [sys.executable, __file__, "--measure", json.dumps([command, timeout, stdin])]
    done = subprocess.run(wrapper, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


# --------------------------------------------------------------------------------------------
#  The report
# --------------------------------------------------------------------------------------------


def _ecarte() -> list[str]:
    """The console script beside this interpreter, else ``python -m adjudicator.shell.cli``."""
    script = Path(sys.executable).with_name("ecarte")
    if script.exists():
        return [str(script)]
    found = shutil.which("ecarte")
    return (
        [found] if found else [sys.executable, "-c", "from adjudicator.shell.cli import app; app()"]
    )


def _library(name: str, path: Path) -> list[str]:
    return [sys.executable, __file__, "--task", name, str(path)]


def run_all(files: dict[str, Path], timeout: float, quick: bool, only: list[str]) -> None:
    """Measure every task on its input (those of the inputs named in ``only``, if any) and
    print one line each."""
    ecarte = _ecarte()
    slow = min(timeout, 300.0)
    rows: list[tuple[str, str, list[str], float, str | None]] = [
        ("archive", "read", _library("read", files["archive"]), timeout, None),
        ("archive", "ecarte check", [*ecarte, "check", str(files["archive"])], timeout, None),
        (
            "archive",
            "ecarte check -j 1",
            [*ecarte, "check", "-j", "1", str(files["archive"])],
            timeout,
            None,
        ),
        (
            "archive",
            "ecarte check - (stdin)",
            [*ecarte, "check", "-"],
            timeout,
            str(files["archive"]),
        ),
        (
            "archive",
            "ecarte fmt --check",
            [*ecarte, "fmt", "--check", str(files["archive"])],
            timeout,
            None,
        ),
        ("archive-nul", "read", _library("read", files["archive-nul"]), timeout, None),
        (
            "archive-nul",
            "ecarte check",
            [*ecarte, "check", str(files["archive-nul"])],
            timeout,
            None,
        ),
        (
            "archive-nul",
            "ecarte check - (stdin)",
            [*ecarte, "check", "-"],
            timeout,
            str(files["archive-nul"]),
        ),
        ("long-line", "read", _library("read", files["long-line"]), timeout, None),
        ("long-line", "read a str", _library("read-str", files["long-line"]), slow, None),
        ("long-line", "ecarte check", [*ecarte, "check", str(files["long-line"])], timeout, None),
        (
            "long-line",
            "ecarte fmt --check",
            [*ecarte, "fmt", "--check", str(files["long-line"])],
            timeout,
            None,
        ),
        ("deals", "read (whole)", _library("read", files["deals"]), timeout, None),
        ("deals", "read in parts", _library("read-parts", files["deals"]), timeout, None),
        ("deals", "replay (whole)", _library("replay", files["deals"]), timeout, None),
        ("deals", "adjudicate (whole)", _library("adjudicate", files["deals"]), timeout, None),
        (
            "deals",
            "adjudicate in parts",
            _library("adjudicate-parts", files["deals"]),
            timeout,
            None,
        ),
        ("deals", "ecarte check", [*ecarte, "check", str(files["deals"])], timeout, None),
        (
            "deals",
            "ecarte check -f json",
            [*ecarte, "check", "-f", "json", str(files["deals"])],
            timeout,
            None,
        ),
        (
            "deals",
            "ecarte parse -f jsonl",
            [*ecarte, "parse", "-f", "jsonl", str(files["deals"])],
            timeout,
            None,
        ),
        ("deals", "ecarte rule", [*ecarte, "rule", str(files["deals"])], timeout, None),
        (
            "deals",
            "ecarte fmt --check",
            [*ecarte, "fmt", "--check", str(files["deals"])],
            timeout,
            None,
        ),
        ("deals", "ecarte replay", [*ecarte, "replay", str(files["deals"])], timeout, None),
        (
            "deals-irregular",
            "adjudicate (whole)",
            _library("adjudicate", files["deals-irregular"]),
            timeout,
            None,
        ),
        (
            "deals-irregular",
            "adjudicate in parts",
            _library("adjudicate-parts", files["deals-irregular"]),
            timeout,
            None,
        ),
        (
            "deals-irregular",
            "ecarte rule",
            [*ecarte, "rule", str(files["deals-irregular"])],
            timeout,
            None,
        ),
        (
            "deals-irregular",
            "ecarte check",
            [*ecarte, "check", str(files["deals-irregular"])],
            timeout,
            None,
        ),
        ("deals-bare", "read", _library("read", files["deals-bare"]), timeout, None),
        ("deals-bare", "adjudicate", _library("adjudicate", files["deals-bare"]), slow, None),
        ("deals-bare", "ecarte check", [*ecarte, "check", str(files["deals-bare"])], slow, None),
    ]
    for name in ("junk", "brace-lines", "comment-lines", "crs", "nul", "/dev/zero"):
        if name not in ("nul", "/dev/zero"):
            rows.append((name, "read", _library("read", files[name]), timeout, None))
        rows.append((name, "ecarte check", [*ecarte, "check", str(files[name])], slow, None))
    endless = "yes x | head -c 10000000000"
    rows.append(("yes", "ecarte check - (stdin)", [*ecarte, "check", "-"], 30.0, "|" + endless))
    rows.append(
        ("yes", "ecarte check -j 1 -", [*ecarte, "check", "-j", "1", "-"], 30.0, "|" + endless)
    )
    flat = "yes x | tr -d '\\n' | head -c 10000000000"
    rows.append(
        ("yes | tr -d", "ecarte check -j 1 -", [*ecarte, "check", "-j", "1", "-"], 30.0, "|" + flat)
    )
    for name in ("deep-lines", "deep-unterminated", "deep-one-line"):
        rows.append((name, "read", _library("read", files[name]), timeout, None))
        rows.append((name, "ecarte check", [*ecarte, "check", str(files[name])], timeout, None))
        rows.append(
            (
                name,
                "ecarte fmt --check",
                [*ecarte, "fmt", "--check", str(files[name])],
                timeout,
                None,
            )
        )
    if quick:
        rows = [r for r in rows if "-j 1" not in r[1]]
    if only:
        rows = [r for r in rows if r[0] in only]
    print(
        f"{'input':<18} {'MB':>7}  {'task':<24} {'wall s':>8} {'cpu s':>8} {'MB/s':>7} "
        f"{'peak MB':>8}  {'exit':<6} outcome"
    )
    for input_name, label, command, limit, stdin in rows:
        size = files[input_name].stat().st_size if input_name in files else 0
        r = wrapped(command, limit, stdin)
        outcome = r["stderr"]
        library = ("read", "read a str", "replay", "adjudicate")
        if label.split(" ")[0] in library and r["status"] == 0:
            found = _last_json(r["last"])
            outcome = ", ".join(f"{k} {v}" for k, v in found.items() if v != "" and k != "cpu")
        elif label.startswith("ecarte check") and r["stdout"]:
            outcome = f"{r['stdout'][:80]} | {r['stderr'][:90]}" if r["stderr"] else r["stdout"]
        elif label.startswith("ecarte") and r["last"] and r["last"] != r["stderr"]:
            outcome = f"{r['stderr'][:90]} | {r['last'][:80]}"
        rate = size / 1e6 / r["wall"] if r["wall"] else 0.0
        budget = BUDGETS.get(input_name)
        print(
            f"{input_name:<18} {size / 1e6:>7.1f}  {label:<24} {r['wall']:>8.1f} {r['cpu']:>8.1f} "
            f"{rate:>7.2f} {r['peak_mb']:>8.0f}  {r['status']!s:<6} {outcome[:170]}"
            + (f"   [budget: {budget}]" if budget else ""),
            flush=True,
        )


def _last_json(line: str) -> dict[str, Any]:
    """The JSON a library task printed (on standard error, its last line)."""
    try:
        found: dict[str, Any] = json.loads(line)
    except ValueError:
        return {"output": line}
    return found


def scaling(sizes: list[int], timeout: float) -> None:
    """Time read, replay and adjudicate on one record of each size of deals, and print each
    size's time over the previous size's."""
    print()
    print("one record of N deals: CPU seconds of the work alone (and the ratio to the size before)")
    kinds = [
        ("lawful", "read"),
        ("lawful", "replay"),
        ("lawful", "adjudicate"),
        ("irregular", "adjudicate"),
        ("bare", "adjudicate"),
    ]
    with tempfile.TemporaryDirectory(prefix="ecarte-scaling-") as tmp:
        paths: dict[tuple[str, int], Path] = {}
        for n in sizes:
            text = long_record(n)
            for kind, content in (
                ("lawful", text),
                ("irregular", irregular(text)),
                ("bare", bare_deals(n)),
            ):
                path = Path(tmp) / f"{kind}-{n}.etn"
                path.write_text(content, encoding="utf-8")
                paths[(kind, n)] = path
        print(f"{'record':<10} {'task':<11}" + "".join(f"{n:>18,}" for n in sizes))
        for kind, name in kinds:
            cells = []
            previous = None
            for n in sizes:
                r = wrapped(_library(name, paths[(kind, n)]), timeout)
                if r["status"] != 0:
                    cells.append(f"{str(r['status'])[:18]:>18}")
                    previous = None
                    continue
                cpu = float(_last_json(r["last"]).get("cpu", r["cpu"]))
                ratio = f" (x{cpu / previous:.1f})" if previous else ""
                cells.append(f"{cpu:>10.2f}{ratio:>8}")
                previous = cpu
            print(f"{kind:<10} {name:<11}" + "".join(cells), flush=True)


def _revision() -> str:
    """The commit of the working tree, and whether it has changes (for the record)."""
    try:
        head = subprocess.run(
            ["git", "-C", str(HERE.parent), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "commit unknown"
    return f"commit {head}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=100.0, help="size of the archive")
    parser.add_argument("--line-mb", type=float, default=10.0, help="length of the long line")
    parser.add_argument("--deals", type=int, default=100_000, help="deals in one record")
    parser.add_argument("--depth", type=int, default=100_000, help="depth of the braces")
    parser.add_argument("--junk-mb", type=float, default=12.0, help="MB of junk lines")
    parser.add_argument(
        "--brace-lines", type=int, default=2_000_000, help="lines of '{', then of '}'"
    )
    parser.add_argument(
        "--comment-lines", type=int, default=1_000_000, help="comment lines in one deal"
    )
    parser.add_argument("--crs", type=int, default=10_000_000, help="lone CRs")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds a task may run")
    parser.add_argument(
        "--scaling",
        default="10000,20000,40000",
        help="sizes (deals) for the scaling table; empty for none",
    )
    parser.add_argument("--no-sizes", action="store_true", help="only the scaling table")
    parser.add_argument("--quick", action="store_true", help="skip the slowest rows")
    parser.add_argument(
        "--only", default="", help="inputs to measure, by name, comma-separated (default: all)"
    )
    parser.add_argument("--task", nargs=2, metavar=("TASK", "FILE"), help=argparse.SUPPRESS)
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.task:
        found = task(*args.task)
        print(json.dumps(found), file=sys.stderr)
        return
    if args.measure:
        command, timeout, stdin = json.loads(args.measure)
        print(json.dumps(measure(command, timeout, stdin)))
        return

    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.1f} at the start; {_revision()}"
    )
    if not args.no_sizes:
        with tempfile.TemporaryDirectory(prefix="ecarte-adversarial-") as tmp:
            start = time.perf_counter()
            files = build_inputs(Path(tmp), args)
            print(f"inputs built in {time.perf_counter() - start:.0f} s")
            only = [name.strip() for name in args.only.split(",") if name.strip()]
            run_all(files, args.timeout, args.quick, only)
    sizes = [int(s) for s in args.scaling.split(",") if s.strip()]
    if sizes:
        scaling(sizes, args.timeout)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
