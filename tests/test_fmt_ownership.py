"""``ecarte fmt`` keeps what it does not own (issue 21): a rewritten file keeps its owner, group
and mode; a file with several names (hard links) is left as it was, and so is a read-only file
unless ``--force`` is given; a file whose owner cannot be kept, or that cannot be read, is left
as it was, said at its name, and the run goes on.

Owners need root to be given: the tests that give them are skipped for another user, and those
that run ``fmt`` as another user (``nobody``, 65534) run it in a process of its own started by
root.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.shell.cli import app

UNTIDY = "deal 1 A\n   b:  kh qh 9s   ; untidy\n"
TIDY = "deal 1 A\n  B: KH QH 9S                 ; untidy\n"
NOBODY = 65534
"""The user and group ``nobody`` and ``nogroup`` (their numbers, which are the same on every
Linux)."""

root_only = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root gives files to others"
)


def _untidy(path: Path, *, mode: int = 0o644, owner: tuple[int, int] | None = None) -> Path:
    path.write_text(UNTIDY, encoding="utf-8")
    if owner is not None:
        os.chown(path, *owner)
    path.chmod(mode)
    return path


def _owned(path: Path) -> tuple[int, int, int]:
    st = path.stat()
    return st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --------------------------------------------------------------------------------------------
#  Owner, group and mode
# --------------------------------------------------------------------------------------------


@root_only
@pytest.mark.parametrize(
    ("owner", "mode"),
    [((NOBODY, NOBODY), 0o640), ((NOBODY, 0), 0o604), ((0, NOBODY), 0o2750)],
)
def test_a_rewritten_file_keeps_its_owner_group_and_mode(
    tmp_path: Path, owner: tuple[int, int], mode: int
) -> None:
    """The audit's case: as root, a ``nobody:nogroup 0640`` file became ``root:root``, and its
    owner could no longer read it. (The set-group-ID bit: given after the owner, which clears
    it.)"""
    path = _untidy(tmp_path / "game.etn", mode=mode, owner=owner)
    result = CliRunner().invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == TIDY
    assert _owned(path) == (*owner, mode)
    assert _temporaries(tmp_path) == []


@pytest.mark.parametrize("mode", [0o600, 0o755, 0o664])
def test_a_rewritten_file_keeps_its_mode(tmp_path: Path, mode: int) -> None:
    """For any user: the new file is made 0600 (``mkstemp``), and given the old one's mode."""
    path = _untidy(tmp_path / "game.etn", mode=mode)
    before = _owned(path)
    result = CliRunner().invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == TIDY
    assert _owned(path) == before


@root_only
def test_the_owner_kept_through_a_symbolic_link(tmp_path: Path) -> None:
    real = _untidy(tmp_path / "real.etn", mode=0o640, owner=(NOBODY, NOBODY))
    link = tmp_path / "link.etn"
    link.symlink_to(real)
    result = CliRunner().invoke(app, ["fmt", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and real.read_text(encoding="utf-8") == TIDY
    assert _owned(real) == (NOBODY, NOBODY, 0o640)


# --------------------------------------------------------------------------------------------
#  Hard links: left as they were
# --------------------------------------------------------------------------------------------


def test_a_file_with_hard_links_is_left_as_it_was_and_the_run_goes_on(tmp_path: Path) -> None:
    """A new file renamed over one name would part it from the others (which kept the old
    text), and rewriting the file in place cannot be atomic: fmt leaves it, and says so."""
    linked = _untidy(tmp_path / "a.etn")
    other = tmp_path / "copy.etn"
    os.link(linked, other)
    later = _untidy(tmp_path / "b.etn")
    inode = linked.stat().st_ino
    result = CliRunner().invoke(app, ["fmt", str(linked), str(later)])
    assert result.exit_code == 2, result.output
    assert (
        f"{linked}: the file has 2 names (hard links): left as it was (a new file in its place "
        f"would part them; 'ecarte fmt - < {linked}' writes its canonical form)\n"
    ) in result.stderr
    assert result.stdout == f"reformatted: {later}\n"
    assert later.read_text(encoding="utf-8") == TIDY
    for name in (linked, other):
        assert name.read_text(encoding="utf-8") == UNTIDY
        assert name.stat().st_ino == inode and name.stat().st_nlink == 2
    assert _temporaries(tmp_path) == []
    assert result.stderr.splitlines()[-1] == (
        "1 file(s) reformatted, 0 already in canonical form; 1 left as they were"
    )
    # --force is for read-only files: a linked file is still left
    forced = CliRunner().invoke(app, ["fmt", "--force", str(linked)])
    assert forced.exit_code == 2 and "hard links" in forced.stderr
    assert other.read_text(encoding="utf-8") == UNTIDY


def test_a_file_with_hard_links_is_checked_and_if_canonical_fine(tmp_path: Path) -> None:
    linked = _untidy(tmp_path / "a.etn")
    os.link(linked, tmp_path / "copy.etn")
    check = CliRunner().invoke(app, ["fmt", "--check", str(linked)])
    assert (check.exit_code, check.stdout) == (1, f"would reformat: {linked}\n")
    canonical = tmp_path / "tidy.etn"
    canonical.write_text(TIDY, encoding="utf-8")
    os.link(canonical, tmp_path / "tidy-copy.etn")
    result = CliRunner().invoke(app, ["fmt", str(canonical)])
    assert result.exit_code == 0, result.output
    assert result.stderr == "0 file(s) reformatted, 1 already in canonical form\n"


# --------------------------------------------------------------------------------------------
#  Read-only files: --force
# --------------------------------------------------------------------------------------------


def test_a_read_only_file_is_left_without_force_and_rewritten_with_it(tmp_path: Path) -> None:
    """Mode 0444 binds even root, who could write it: fmt asks for --force."""
    path = _untidy(tmp_path / "game.etn", mode=0o444)
    later = _untidy(tmp_path / "later.etn")
    result = CliRunner().invoke(app, ["fmt", str(path), str(later)])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[0] == (
        f"{path}: the file is read-only (mode 0444): left as it was ('ecarte fmt --force' "
        "rewrites it, keeping its mode)"
    )
    assert path.read_text(encoding="utf-8") == UNTIDY
    assert later.read_text(encoding="utf-8") == TIDY
    assert _temporaries(tmp_path) == []

    forced = CliRunner().invoke(app, ["fmt", "--force", str(path)])
    assert forced.exit_code == 0, forced.output
    assert forced.stdout == f"reformatted: {path}\n"
    assert path.read_text(encoding="utf-8") == TIDY
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


def test_a_read_only_file_already_canonical_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "game.etn"
    path.write_text(TIDY, encoding="utf-8")
    path.chmod(0o444)
    result = CliRunner().invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    check = CliRunner().invoke(
        app, ["fmt", "--check", str(_untidy(tmp_path / "u.etn", mode=0o444))]
    )
    assert check.exit_code == 1 and "read-only" not in check.stderr  # --check writes nothing


# --------------------------------------------------------------------------------------------
#  fmt run by another user than the files' owner
# --------------------------------------------------------------------------------------------

_ECARTE = "from adjudicator.shell.cli import app; app(prog_name='ecarte')"


def _run_as_nobody(args: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``args`` as ``nobody:nogroup`` with no other group: through ``setpriv`` where there
    is one (it can start an interpreter that lies under a folder only root may search, as a
    virtual environment's may), else by Python's own ``user``/``group``."""
    setpriv = shutil.which("setpriv")
    if setpriv is not None:
        ids = [f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
        return subprocess.run(
            [setpriv, *ids, *args],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    return subprocess.run(
        args,
        cwd=cwd,
        user=NOBODY,
        group=NOBODY,
        extra_groups=[],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _as_nobody(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``ecarte ARGS...`` run by ``nobody`` in ``cwd``."""
    return _run_as_nobody([sys.executable, "-c", _ECARTE, *args], cwd=cwd)


@pytest.fixture
def shared() -> Iterator[Path]:
    """A folder ``nobody`` can write to (pytest's own are root's alone), or a skip if
    ``nobody`` cannot run this Python there."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("only root can run fmt as another user")
    folder = Path(tempfile.mkdtemp(prefix="ecarte-fmt-"))
    try:
        folder.chmod(0o777)
        make = "import adjudicator.shell.cli, os, pathlib, sys; pathlib.Path('probe').touch()"
        try:
            probe = _run_as_nobody([sys.executable, "-c", make], cwd=folder)
        except PermissionError as e:
            pytest.skip(f"nobody cannot run this Python: {e}")
        if probe.returncode != 0 or not (folder / "probe").exists():
            pytest.skip(f"nobody cannot run this Python here: {probe.stderr[-300:]}")
        assert (folder / "probe").stat().st_uid == NOBODY
        (folder / "probe").unlink()
        yield folder
    finally:
        shutil.rmtree(folder)


def test_as_another_user_a_file_of_anothers_is_left_and_the_run_goes_on(shared: Path) -> None:
    """A user who may write in the folder could rename a new file over root's, which would then
    be his: fmt leaves it, and says why; his own files are done. A file he cannot read is
    said, and the run goes on too."""
    theirs = _untidy(shared / "a-theirs.etn", mode=0o666)  # writable by all, root's
    secret = _untidy(shared / "b-secret.etn", mode=0o600)
    mine = _untidy(shared / "c-mine.etn", mode=0o640, owner=(NOBODY, NOBODY))
    done = _as_nobody("fmt", theirs.name, secret.name, mine.name, cwd=shared)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert lines[0] == (
        f"{theirs.name}: cannot give the new text the file's owner and group (0:0): Operation "
        "not permitted: left as it was (fmt writes a new file: run it as the file's owner, or "
        "as root)"
    )
    assert lines[1] == f"{secret.name}: cannot read the file: Permission denied"
    assert lines[-1] == "1 file(s) reformatted, 0 already in canonical form; 2 left as they were"
    assert done.stdout == f"reformatted: {mine.name}\n"
    assert theirs.read_text(encoding="utf-8") == UNTIDY and _owned(theirs) == (0, 0, 0o666)
    assert secret.read_text(encoding="utf-8") == UNTIDY
    assert mine.read_text(encoding="utf-8") == TIDY
    assert _owned(mine) == (NOBODY, NOBODY, 0o640)
    assert _temporaries(shared) == []


def test_as_another_user_read_only_files_and_force(shared: Path) -> None:
    """His own file of mode 0444 he may replace with --force (its mode kept); root's file of
    mode 0644 is not writable by him, and with --force its owner still cannot be kept."""
    mine = _untidy(shared / "mine.etn", mode=0o444, owner=(NOBODY, NOBODY))
    theirs = _untidy(shared / "theirs.etn", mode=0o644)
    done = _as_nobody("fmt", mine.name, theirs.name, cwd=shared)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[:2] == [
        f"{mine.name}: the file is read-only (mode 0444): left as it was ('ecarte fmt --force' "
        "rewrites it, keeping its mode)",
        f"{theirs.name}: the file is not writable by this user (mode 0644, owner 0): left as it "
        "was ('ecarte fmt --force' rewrites it, keeping its mode)",
    ]
    forced = _as_nobody("fmt", "--force", mine.name, theirs.name, cwd=shared)
    assert forced.returncode == 2, forced.stderr
    assert forced.stdout == f"reformatted: {mine.name}\n"
    assert "theirs.etn: cannot give the new text the file's owner and group (0:0)" in forced.stderr
    assert mine.read_text(encoding="utf-8") == TIDY
    assert _owned(mine) == (NOBODY, NOBODY, 0o444)
    assert theirs.read_text(encoding="utf-8") == UNTIDY and _owned(theirs) == (0, 0, 0o644)
    assert _temporaries(shared) == []
