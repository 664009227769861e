"""Exit statuses that tell the truth (issue 11, items 5 and 6).

A command whose output is cut short by a closed pipe (``ecarte check archive/ | head -1``)
ends with the status it had earned so far, quietly; a folder scan names every entry it does not
read; JSON names each record's own file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.shell import batch
from adjudicator.shell.cli import app

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"
FINDINGS = CASES / "law-15-non-dealer-too-many" / "claim-after-proposing.etn"
"""A record with findings (law 9, law 15)."""

BAD = "deal 1 A\n  B KH QH 9S\n"
"""A record that cannot be read."""

ECARTE = Path(sys.executable).parent / "ecarte"


def ecarte_closed(*args: str, cwd: Path | None = None) -> tuple[int, str]:
    """Run ``ecarte`` with its standard output a pipe whose reader has already gone away (the
    first write fails): its exit status and standard error."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [str(ECARTE), *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=cwd,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    return done.returncode, done.stderr.decode()


def many_findings(folder: Path, copies: int = 300) -> Path:
    """A file of many records with findings: more output than a pipe holds."""
    text = FINDINGS.read_text(encoding="utf-8")
    path = folder / "many.etn"
    path.write_text("\n".join([text] * copies), encoding="utf-8")
    return path


# --------------------------------------------------------------------------------------------
#  A closed pipe
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_check_piped_to_head_exits_1_not_0(tmp_path: Path, jobs: str, fmt: str) -> None:
    """``set -o pipefail; ecarte check archive | head -1``: the pipeline fails, as the
    archive has findings, quietly (no traceback, no "Exception ignored")."""
    path = many_findings(tmp_path)
    proc = subprocess.Popen(
        [str(ECARTE), "check", "-j", jobs, "-f", fmt, str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()  # head -1
    proc.stdout.close()
    try:
        status = proc.wait(timeout=120)
    except subprocess.TimeoutExpired:  # pragma: no cover - the failure this guards against
        proc.kill()
        proc.wait()
        raise
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert first
    assert status == 1, err
    assert err == ""


@pytest.mark.parametrize(
    "args",
    [
        ["check", "-j", "1", "{bad}", "{findings}"],
        ["check", "-j", "2", "{bad}", "{findings}"],
        ["check", "-f", "json", "{bad}", "{findings}"],
        ["parse", "{bad}", "{findings}"],
        ["parse", "-f", "jsonl", "{bad}", "{findings}"],
        ["rule", "{folder}"],
        ["rule", "-f", "json", "{folder}"],
        ["replay", "{folder}"],
        ["replay", "-f", "json", "{folder}"],
        ["fmt", "--check", "{folder}"],
    ],
)
def test_a_closed_output_ends_with_the_status_earned(tmp_path: Path, args: list[str]) -> None:
    """Each command writing results: an unreadable record met before the output was cut
    gives 2, not 0."""
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "a-bad.etn").write_text(BAD, encoding="utf-8")
    # with CR LF, not in canonical form: fmt --check writes its name
    crlf = FINDINGS.read_text(encoding="utf-8").replace("\n", "\r\n")
    (folder / "b-findings.etn").write_bytes(crlf.encode("utf-8"))
    names = {"bad": str(folder / "a-bad.etn"), "findings": str(folder / "b-findings.etn")}
    names["folder"] = str(folder)
    status, err = ecarte_closed(*(a.format(**names) for a in args))
    assert status == 2, err
    assert "Traceback" not in err and "Exception ignored" not in err
    assert "unexpected 'KH'" in err  # the diagnostic written before the output was cut


def test_rule_piped_to_head_exits_1(tmp_path: Path) -> None:
    status, err = ecarte_closed("rule", str(FINDINGS))
    assert (status, err) == (1, "")


@pytest.mark.parametrize("args", [["--help"], ["check", "--help"], ["-V"], []])
def test_help_and_version_cut_short_exit_0(args: list[str]) -> None:
    """Nothing went wrong but the reader leaving: 0 (click would say 1)."""
    status, err = ecarte_closed(*args)
    assert (status, err) == (0, "")


# --------------------------------------------------------------------------------------------
#  Folder scans name what they leave out
# --------------------------------------------------------------------------------------------


@pytest.fixture
def odd_folder(tmp_path: Path) -> Path:
    """A folder with a record file and each kind of entry a scan does not read."""
    folder = tmp_path / "scan"
    (folder / "sub").mkdir(parents=True)
    (folder / "x.etn").mkdir()
    (folder / ".git").mkdir()
    record = FINDINGS.read_text(encoding="utf-8")
    (folder / "a.etn").write_text(record, encoding="utf-8")
    (folder / "x.etn" / "c.etn").write_text(record, encoding="utf-8")
    (folder / ".git" / "hidden.etn").write_text(record, encoding="utf-8")
    (folder / "notes.txt").write_text("not a record\n", encoding="utf-8")
    (folder / "dangling.etn").symlink_to("nowhere.etn")
    (folder / "self.etn").symlink_to("self.etn")
    (folder / "sub" / "back").symlink_to("..")
    os.mkfifo(folder / "fifo.etn")
    return folder


def test_a_folder_scan_names_every_entry_it_does_not_read(odd_folder: Path) -> None:
    items = list(batch.inputs([str(odd_folder)]))
    read = [i.name for i in items if isinstance(i, batch.Input)]
    said = [(i.text, i.status, i.skipped) for i in items if isinstance(i, batch.Notice)]
    assert read == [str(odd_folder / "a.etn"), str(odd_folder / "x.etn" / "c.etn")]
    assert said == [
        (f"{odd_folder}/dangling.etn: a broken link (to nowhere.etn): not read", 2, True),
        (f"{odd_folder}/fifo.etn: not a regular file (a FIFO): not read", 2, True),
        (f"{odd_folder}/self.etn: a loop of links: not read", 2, True),
        (
            f"{odd_folder}/sub/back: a link to a folder that holds it (a loop): not searched again",
            0,
            True,
        ),
        (f"{odd_folder}/x.etn: a folder, not a record file: searched as a folder", 0, False),
    ]
    # each in its place, among the files, in the order of their paths
    names = [i.name if isinstance(i, batch.Input) else i.text.split(":")[0] for i in items]
    assert names == sorted(names, key=Path)


def test_a_link_to_a_folder_is_followed(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "r.etn").write_text(FINDINGS.read_text(encoding="utf-8"))
    (tmp_path / "scan").mkdir()
    (tmp_path / "scan" / "elsewhere").symlink_to(tmp_path / "real")
    items = list(batch.inputs([str(tmp_path / "scan")]))
    assert items == [
        batch.Input(str(tmp_path / "scan/elsewhere/r.etn"), tmp_path / "scan/elsewhere/r.etn")
    ]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_says_what_it_skipped_and_exits_2(odd_folder: Path, jobs: str) -> None:
    done = CliRunner().invoke(app, ["check", "-j", jobs, str(odd_folder)])
    assert done.exit_code == 2
    lines = done.stderr.splitlines()
    assert f"{odd_folder}/dangling.etn: a broken link (to nowhere.etn): not read" in lines
    assert f"{odd_folder}/fifo.etn: not a regular file (a FIFO): not read" in lines
    assert lines[-1] == (
        "2 file(s), 2 record(s): 0 clean; 4 finding(s), 0 correction(s); "
        "0 unreadable file(s); 4 skipped in folders"
    )


@pytest.mark.parametrize("command", ["parse", "rule", "replay"])
def test_every_command_says_what_a_scan_skipped(odd_folder: Path, command: str) -> None:
    done = CliRunner().invoke(app, [command, str(odd_folder)])
    assert done.exit_code == 2
    assert f"{odd_folder}/self.etn: a loop of links: not read" in done.stderr.splitlines()


def test_fmt_says_what_a_scan_skipped(odd_folder: Path) -> None:
    done = CliRunner().invoke(app, ["fmt", "--check", str(odd_folder)])
    assert done.exit_code == 2
    assert done.stderr.splitlines()[-1] == (
        "0 file(s) would be reformatted, 2 already in canonical form; 4 skipped in folders"
    )


def test_fmt_leaves_a_named_fifo_alone(tmp_path: Path) -> None:
    """A FIFO named to fmt is refused (in place, it would be replaced by a regular file)."""
    fifo = tmp_path / "pipe.etn"
    os.mkfifo(fifo)
    done = subprocess.run(
        [str(ECARTE), "fmt", str(fifo)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert f"{fifo}: not a regular file: fmt rewrites files in place" in done.stderr
    assert fifo.is_fifo()


# --------------------------------------------------------------------------------------------
#  JSON names each record's own file
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["rule", "-f", "json"],
        ["check", "-f", "json", "-j", "1"],
        ["check", "-f", "json", "-j", "2"],
        ["parse", "-f", "json"],
    ],
)
def test_json_of_a_folder_has_an_entry_per_file(tmp_path: Path, args: list[str]) -> None:
    record = FINDINGS.read_text(encoding="utf-8")
    for name, copies in (("one.etn", 1), ("two.etn", 2), ("three.etn", 3)):
        (tmp_path / name).write_text("\n".join([record] * copies), encoding="utf-8")
    done = CliRunner().invoke(app, [*args, str(tmp_path)])
    assert done.exit_code in (0, 1), done.stderr
    files = json.loads(done.stdout)
    assert [(f["file"], len(f["records"]), f["errors"]) for f in files] == [
        (str(tmp_path / "one.etn"), 1, []),
        (str(tmp_path / "three.etn"), 3, []),
        (str(tmp_path / "two.etn"), 2, []),
    ]
