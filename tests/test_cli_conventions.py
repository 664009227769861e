"""The command line's conventions, as ruff and pip-audit keep them: ``ecarte`` alone is help
(exit 0), ``-V``/``--version``, ``-h``/``--help``, shell completion, help texts in plain words
(no ``<bool>`` or ``<list[str]>``, paragraphs wrapped by the formatter, not by the source) with
one example per command, ``check`` without a path reads the current folder, and the summary
line of a run on standard error, counting the files that could not be read."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.shell.cli import EXAMPLES, app

ROOT = Path(__file__).resolve().parent.parent
POINT = ROOT / "cases" / "ecarte" / "law-48-point-and-vole" / "point.etn"
BAD = '[Event "bad"]\n\ndeal 1 A\n  B KH QH 9S\n'

COMMANDS = [
    "fmt",
    "parse",
    "check",
    "rule",
    "laws",
    "rules",
    "replay",
    "solve",
    "advise",
    "serve",
    "schema",
]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_ecarte_alone_prints_help_and_succeeds(runner: CliRunner) -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: ecarte [OPTIONS] COMMAND [ARGS]...")
    for command in COMMANDS:
        assert re.search(rf"^  {command} +\S", result.stdout, re.M), command
    assert result.stdout == runner.invoke(app, ["--help"]).stdout


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_version_short_and_long(runner: CliRunner, flag: str) -> None:
    result = runner.invoke(app, [flag])
    assert result.exit_code == 0
    assert re.fullmatch(r"ecarte \S+ \(adjudicator\)\n", result.stdout)


@pytest.mark.parametrize("command", COMMANDS)
def test_short_help_flag(runner: CliRunner, command: str) -> None:
    short, long = runner.invoke(app, [command, "-h"]), runner.invoke(app, [command, "--help"])
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout


def test_shell_completion_is_on(runner: CliRunner) -> None:
    help_text = runner.invoke(app, ["--help"]).stdout
    assert "--install-completion" in help_text and "--show-completion" in help_text
    env = {**os.environ, "_ECARTE_COMPLETE": "complete_bash", "COMP_WORDS": "ecarte ch"}
    env["COMP_CWORD"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", "from adjudicator.shell.cli import app; app(prog_name='ecarte')"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout.split()) == (0, ["check"]), done.stderr


def _helps(runner: CliRunner) -> dict[str, str]:
    helps = {"": runner.invoke(app, ["--help"]).stdout}
    helps.update({c: runner.invoke(app, [c, "--help"]).stdout for c in COMMANDS})
    return helps


def test_help_has_no_type_labels(runner: CliRunner) -> None:
    for command, text in _helps(runner).items():
        for label in ("<bool>", "<list[", "<int", "<str>", "<path>", "{paths}", "PATHS..."):
            if command == "fmt" and label == "PATHS...":
                continue  # fmt's argument is its own engineer's; no type label, still
            assert label not in text, (command, label)


def test_every_command_has_one_example(runner: CliRunner) -> None:
    assert set(EXAMPLES) == set(COMMANDS)
    for command in COMMANDS:
        text = runner.invoke(app, [command, "--help"]).stdout
        assert text.count("Example:") == 1, command
        assert f"Example:\n    {EXAMPLES[command]}\n" in text
        assert EXAMPLES[command].startswith(f"ecarte {command} ") or EXAMPLES[command] == (
            f"ecarte {command}"
        )


def test_examples_are_valid_usage(runner: CliRunner) -> None:
    """Each example parses: its options and arguments are the command's (run with --help
    appended, so that nothing is read)."""
    for command, example in EXAMPLES.items():
        words = example.split(">")[0].split()[1:]
        result = runner.invoke(app, [*words, "--help"])
        assert result.exit_code == 0, (command, result.output)


def test_command_list_shows_whole_sentences(runner: CliRunner) -> None:
    text = runner.invoke(app, ["--help"]).stdout
    listing = text[text.index("Commands:") :].split("\n\n")[0].splitlines()[1:]
    assert len(listing) == len(COMMANDS)
    for line in listing:
        assert line.rstrip().endswith(".") and not line.rstrip().endswith("..."), line


def test_help_paragraphs_are_wrapped_by_the_formatter(runner: CliRunner) -> None:
    """A line of a paragraph breaks only where the next word would not fit on it (the help is
    wrapped at 78 columns), never where the docstring's source line happened to end."""
    checked = 0
    for command, text in _helps(runner).items():
        assert "╭" not in text and text.startswith("Usage: ecarte "), command  # plain layout
        description = text.split("\n\n", 1)[1].split("\nArguments:")[0].split("\nOptions:")[0]
        for paragraph in description.split("\n\n"):
            lines = paragraph.splitlines()
            assert all(line.startswith("  ") for line in lines), (command, paragraph)
            for line, after in itertools.pairwise(lines):
                first = after.split()[0]
                assert len(line) + 1 + len(first) > 78, (command, line, after)
                checked += 1
    assert checked > 10


def test_check_without_a_path_reads_the_current_folder(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "point.etn").write_bytes(POINT.read_bytes())
    (tmp_path / "games" / "notes.txt").write_text("not a record")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("1 file(s), 1 record(s): 1 clean;")
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    result = runner.invoke(app, ["check"])
    assert "no record files" in result.stderr


def test_the_summary_is_on_stderr_and_counts_unreadable_files(
    runner: CliRunner, tmp_path: Path
) -> None:
    (tmp_path / "a.etn").write_bytes(POINT.read_bytes())
    (tmp_path / "b.etn").write_text(BAD + "\n" + BAD)  # one file, two bad records
    result = runner.invoke(app, ["check", str(tmp_path), str(tmp_path / "missing.etn")])
    assert result.exit_code == 2
    assert "file(s)" not in result.stdout
    assert result.stderr.splitlines()[-1] == (
        "3 file(s), 1 record(s): 1 clean; 0 finding(s), 0 correction(s); 2 unreadable file(s)"
    )
    as_json = runner.invoke(app, ["check", "--format", "json", str(tmp_path)])
    assert "file(s)" not in as_json.stdout + as_json.stderr  # the document says it all


def test_fmt_and_check_put_their_summaries_on_the_same_stream(
    runner: CliRunner, tmp_path: Path
) -> None:
    (tmp_path / "a.etn").write_bytes(POINT.read_bytes())
    for command in (["fmt", "--check"], ["check"]):
        result = runner.invoke(app, [*command, str(tmp_path)])
        assert "file(s)" in result.stderr.splitlines()[-1], command
        assert "file(s)" not in result.stdout, command
