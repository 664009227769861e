"""Faults around ``ecarte fmt`` and the ``check --jobs N`` pool (issue 11): what another program,
a signal or the file system does while they run.

* ``fmt`` renames its text over a file only if the file is still the one it read (a writer
  appending meanwhile: the file is left alone, exit 2, and why);
* no temporary file for a file that will not change (a canonical file in a read-only folder:
  exit 0), none left by SIGTERM or SIGHUP (exit 128 + the signal), and one left by SIGKILL is
  never taken for a record;
* a loop of symbolic links is a located error, and the files after it are still done;
* SIGTERM, SIGHUP or SIGKILL to ``check --jobs 2`` leave no worker behind.

The tests with real processes wait for a sign (a temporary file appearing, a first result
line), never a fixed sleep, and give every wait tens of seconds: the machine may be loaded.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import write
from adjudicator.engine.ecarte.generate import generate
from adjudicator.shell import batch
from adjudicator.shell.cli import app

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases" / "ecarte"
ECARTE = Path(sys.executable).parent / "ecarte"
WAIT = 60.0
"""Seconds any wait is given before the test fails (a loaded machine is slow, not stuck)."""

needs_ecarte = pytest.mark.skipif(not ECARTE.exists(), reason="no ecarte command beside Python")
needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc")

UNTIDY = "deal 1 A\n   b:  kh qh 9s   ; untidy\n"
TIDY = "deal 1 A\n  B: KH QH 9S                 ; untidy\n"


def _untidy(seed: int) -> str:
    """A generated game as a person might write it: lower case, indented by hand."""
    lines = write(generate(seed).record).splitlines()
    return "\n".join(line if line.startswith("[") else "   " + line.lower() for line in lines)


@pytest.fixture(scope="module")
def big_untidy() -> bytes:
    """About 8 MB of records, none in canonical form from the first line: ``fmt`` makes its
    temporary file at once and takes seconds to write it."""
    games = "\n\n".join(_untidy(seed) for seed in range(40)) + "\n\n"
    return (games * max(1, (8 << 20) // len(games))).encode("utf-8")


def _temporaries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".tmp"))


def _wait_for(what: Callable[[], object], proc: subprocess.Popen[bytes], why: str) -> None:
    """Wait (polling) until ``what()`` is true while ``proc`` runs; fail if it ends first."""
    deadline = time.monotonic() + WAIT
    while not what():
        assert proc.poll() is None, f"the process ended before {why}"
        assert time.monotonic() < deadline, f"no sign of {why} in {WAIT:.0f} s"
        time.sleep(0.005)


# --------------------------------------------------------------------------------------------
#  fmt: the file is still what was read
# --------------------------------------------------------------------------------------------


def test_a_file_written_to_just_before_the_rename_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.etn"
    path.write_text(UNTIDY, encoding="utf-8")
    appended = '\n[Event "written meanwhile"]\ndeal 1 B\n  A: KS\n'
    real_fsync = os.fsync

    def fsync_then_append(fd: int) -> None:  # the last moment before the check
        real_fsync(fd)
        with open(path, "a", encoding="utf-8") as f:
            f.write(appended)

    monkeypatch.setattr(os, "fsync", fsync_then_append)
    result = CliRunner().invoke(app, ["fmt", str(path)])
    assert result.exit_code == 2, result.output
    assert f"{path}: the file changed while it was being formatted" in result.stderr
    assert "reformatted: " not in result.stdout
    assert path.read_text(encoding="utf-8") == UNTIDY + appended
    assert _temporaries(tmp_path) == []


def test_a_file_replaced_while_fmt_runs_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.etn"
    path.write_text(UNTIDY, encoding="utf-8")
    other = UNTIDY.replace("kh", "ah")  # the same size: only the inode tells
    real_fsync = os.fsync

    def fsync_then_replace(fd: int) -> None:
        real_fsync(fd)
        newer = tmp_path / "newer"
        newer.write_text(other, encoding="utf-8")
        os.replace(newer, path)

    monkeypatch.setattr(os, "fsync", fsync_then_replace)
    result = CliRunner().invoke(app, ["fmt", str(path)])
    assert result.exit_code == 2, result.output
    assert path.read_text(encoding="utf-8") == other


@needs_ecarte
def test_an_appending_writer_during_fmt_loses_nothing(tmp_path: Path) -> None:
    """The attack of issue 11: a big file appended to every 10 ms while ``fmt`` runs."""
    path = tmp_path / "archive.etn"
    original = "\n\n".join(_untidy(seed) for seed in range(40)) + "\n"
    path.write_text(original * 40, encoding="utf-8")  # about 2 MB
    record = "\n" + write(generate(99).record)
    done = threading.Event()
    appended: list[bool] = []  # for each append: was fmt's temporary file there?

    def writer() -> None:
        while not done.is_set():
            with open(path, "a", encoding="utf-8") as f:
                f.write(record)
            appended.append(bool(_temporaries(tmp_path)))
            done.wait(0.01)

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        proc = subprocess.run(
            [str(ECARTE), "fmt", str(path)], capture_output=True, timeout=10 * WAIT
        )
    finally:
        done.set()
        thread.join()
    assert any(appended), "no append while fmt was writing: the test proved nothing"
    assert proc.returncode == 2, proc.stderr.decode()
    assert f"{path}: the file changed while it was being formatted" in proc.stderr.decode()
    assert path.read_text(encoding="utf-8") == original * 40 + record * len(appended)
    assert _temporaries(tmp_path) == []


# --------------------------------------------------------------------------------------------
#  fmt: temporary files
# --------------------------------------------------------------------------------------------


def _cannot_make_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder refuses new files, as a read-only one does for a user (not for root)."""

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)


def test_no_temporary_file_for_a_canonical_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only folder by other means than permissions (which do not bind root)."""
    path = tmp_path / "game.etn"
    path.write_text(TIDY, encoding="utf-8")
    _cannot_make_files(monkeypatch)
    result = CliRunner().invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    assert "0 file(s) reformatted, 1 already in canonical form" in result.stderr


def test_a_file_to_change_in_a_folder_that_refuses_files_is_left_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.etn"
    path.write_text(UNTIDY, encoding="utf-8")
    _cannot_make_files(monkeypatch)
    result = CliRunner().invoke(app, ["fmt", str(path)])
    assert result.exit_code == 2
    assert f"{path}: cannot write the file (left as it was): Permission denied" in result.stderr
    assert path.read_text(encoding="utf-8") == UNTIDY


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0,
    reason="permissions do not bind root (the test above refuses the files by other means)",
)
def test_a_read_only_folder(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "a.etn").write_text(TIDY, encoding="utf-8")
    (folder / "b.etn").write_text(UNTIDY, encoding="utf-8")
    folder.chmod(0o555)
    try:
        canonical = CliRunner().invoke(app, ["fmt", str(folder / "a.etn")])
        untidy = CliRunner().invoke(app, ["fmt", str(folder / "b.etn")])
    finally:
        folder.chmod(0o755)
    assert canonical.exit_code == 0, canonical.output
    assert untidy.exit_code == 2 and "cannot write the file" in untidy.stderr
    assert (folder / "b.etn").read_text(encoding="utf-8") == UNTIDY


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (TIDY + "\n" + UNTIDY, "the first record canonical, the second not"),
        (TIDY + "\n\n\n", "the canonical text, then blank lines"),
        (UNTIDY + "\n" + TIDY, "the first record not canonical"),
    ],
)
def test_what_was_canonical_before_the_first_difference_is_kept(
    tmp_path: Path, text: str, why: str
) -> None:
    path = tmp_path / "game.etn"
    path.write_text(text, encoding="utf-8")
    expected = CliRunner().invoke(app, ["fmt", "-"], input=text).stdout
    result = CliRunner().invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == expected, why
    assert _temporaries(tmp_path) == []


@needs_ecarte
@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP")
@pytest.mark.parametrize("signum", [signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)])
def test_a_signal_during_fmt_leaves_no_temporary_file(
    tmp_path: Path, big_untidy: bytes, signum: int
) -> None:
    path = tmp_path / "archive.etn"
    path.write_bytes(big_untidy)
    proc = subprocess.Popen(
        [str(ECARTE), "fmt", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        _wait_for(lambda: _temporaries(tmp_path), proc, "a temporary file")
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    name = signal.Signals(signum).name
    assert proc.returncode == 128 + signum, err.decode()
    assert err.decode() == f"ecarte: terminated ({name})\n"
    assert _temporaries(tmp_path) == []
    assert path.read_bytes() == big_untidy


@needs_ecarte
def test_a_temporary_file_left_by_sigkill_is_never_read_as_a_record(
    tmp_path: Path, big_untidy: bytes
) -> None:
    path = tmp_path / "archive.etn"
    path.write_bytes(big_untidy)
    proc = subprocess.Popen([str(ECARTE), "fmt", str(path)], stderr=subprocess.DEVNULL)
    try:
        _wait_for(lambda: _temporaries(tmp_path), proc, "a temporary file")
    finally:
        proc.kill()
        proc.wait()
    (left,) = _temporaries(tmp_path)  # nothing can remove it after SIGKILL...
    assert left.name.startswith(".archive.etn.") and left.suffix not in batch.RECORD_SUFFIXES
    path.write_text(TIDY, encoding="utf-8")
    found = [i.name for i in batch.inputs([str(tmp_path)]) if isinstance(i, batch.Input)]
    assert found == [str(path)]  # ...but no folder scan takes it for a record
    result = CliRunner().invoke(app, ["fmt", "--check", str(tmp_path)])
    assert result.exit_code == 0, result.output


# --------------------------------------------------------------------------------------------
#  fmt: symbolic links
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("check", [False, True])
def test_a_symlink_loop_is_a_located_error_and_the_next_files_are_done(
    tmp_path: Path, check: bool
) -> None:
    loop = tmp_path / "loop.etn"
    loop.symlink_to(loop)
    good = tmp_path / "good.etn"
    good.write_text(UNTIDY, encoding="utf-8")
    args = ["fmt", "--check"] if check else ["fmt"]
    result = CliRunner().invoke(app, [*args, str(loop), str(good)])
    assert result.exit_code == 2, result.output
    assert f"{loop}: cannot read the file: a loop of symbolic links\n" in result.stderr
    assert "internal error" not in result.output
    if check:
        assert result.stdout == f"would reformat: {good}\n"
    else:
        assert result.stdout == f"reformatted: {good}\n"
        assert good.read_text(encoding="utf-8") == TIDY


def test_a_symlinked_file_is_rewritten_where_it_is(tmp_path: Path) -> None:
    real = tmp_path / "real.etn"
    real.write_text(UNTIDY, encoding="utf-8")
    link = tmp_path / "link.etn"
    link.symlink_to(real)
    result = CliRunner().invoke(app, ["fmt", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and real.read_text(encoding="utf-8") == TIDY


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
