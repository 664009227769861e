"""Faults around the ``check --jobs N`` pool (issue 11): what a signal does while it runs.

* SIGTERM, SIGHUP or SIGKILL to ``check --jobs 2`` leave no worker behind.

The tests with real processes wait for a sign (a first result line), never a fixed sleep, and
give every wait tens of seconds: the machine may be loaded.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"
ECARTE = Path(sys.executable).parent / "ecarte"
WAIT = 60.0
"""Seconds any wait is given before the test fails (a loaded machine is slow, not stuck)."""

needs_ecarte = pytest.mark.skipif(not ECARTE.exists(), reason="no ecarte command beside Python")
needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc")


# --------------------------------------------------------------------------------------------
#  check --jobs: no worker outlives its parent
# --------------------------------------------------------------------------------------------


def _stat(pid: int) -> tuple[str, int] | None:
    """The state and the parent of a process (``None``: no such process)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1])


def _children(parent: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            st = _stat(int(entry.name))
            if st is not None and st[1] == parent:
                out.append(int(entry.name))
    return out


def _running(pid: int) -> bool:
    """Whether the process is still there and not a zombie (a zombie has ended; in a container
    whose first process reaps no child, an orphan's zombie may stay)."""
    st = _stat(pid)
    return st is not None and st[0] not in ("Z", "X")


@pytest.fixture(scope="module")
def casebook_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The casebook many times over: findings from the first records, seconds of work."""
    texts = [p.read_text(encoding="utf-8") for p in sorted(CASES.rglob("*.etn"))]
    path = tmp_path_factory.mktemp("archive") / "many.etn"
    path.write_text(("\n".join(texts) + "\n") * 40, encoding="utf-8")
    return path


def _signals() -> Iterator[int]:
    yield signal.SIGTERM
    if hasattr(signal, "SIGHUP"):
        yield signal.SIGHUP
    if hasattr(signal, "SIGKILL"):
        yield signal.SIGKILL


@needs_ecarte
@needs_proc
@pytest.mark.parametrize("signum", list(_signals()))
def test_no_worker_outlives_check_jobs(casebook_archive: Path, signum: int) -> None:
    proc = subprocess.Popen(
        [str(ECARTE), "check", "--jobs", "2", str(casebook_archive)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # the signal goes to the parent alone, as a supervisor sends it
    )
    workers: list[int] = []
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline(), "no finding came from the pool"  # the pool is at work
        workers = _children(proc.pid)
        assert len(workers) == 2, workers
        os.kill(proc.pid, signum)
        _, err = proc.communicate(timeout=WAIT)  # (a worker left would hold the pipes open)
        deadline = time.monotonic() + WAIT
        while any(_running(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert [w for w in workers if _running(w)] == [], "workers left behind"
    finally:
        for pid in [proc.pid, *workers]:  # never leave one on the machine, even failing
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.wait()
    if signum == signal.SIGKILL:
        assert proc.returncode == -signum
    else:
        assert proc.returncode == 128 + signum, err.decode()
        assert err.decode() == f"ecarte: terminated ({signal.Signals(signum).name})\n"
