"""The ``adjudicator`` command: both games from one command line. On écarté records it prints
exactly what ``ecarte`` prints; on piquet records (``.ptn``) it checks, replays, parses and
formats them; the commands that are écarté's alone refuse a piquet file with a word."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.shell.cli import app as ecarte
from adjudicator.shell.main import app as adjudicator

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "docs/examples/piquet-example.ptn"
TWO = "docs/examples/piquet-two-parties.ptn"


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(app: object, *words: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(words))  # type: ignore[arg-type]
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    "words",
    [
        ("check", "cases/ecarte/law-43-revoke"),
        ("check", "--format", "json", "cases/ecarte/law-17-dealer-too-many"),
        ("fmt", "--check", "cases/ecarte/law-46-game"),
        ("parse", "docs/examples/tutorial.etn"),
        ("replay", "docs/examples/tutorial.etn"),
        ("rule", "docs/examples/tutorial.etn"),
    ],
)
def test_ecarte_records_print_exactly_what_ecarte_prints(words: tuple[str, ...]) -> None:
    assert run(adjudicator, *words) == run(ecarte, *words)


def test_check_scores_the_example_deal_and_exits_0() -> None:
    status, out, err = run(adjudicator, "check", EXAMPLE)
    assert status == 0
    assert f"{EXAMPLE}:6:1: deal 1: A 28 (point 5, sequences 4, play 9, cards 10), B 23" in out
    assert "1 clean" in err


def test_check_settles_two_parties_with_the_rubicon_where_due() -> None:
    status, out, _ = run(adjudicator, "check", TWO)
    assert status == 0
    assert "partie 1: A 131, B 113: A wins 118\n" in out
    assert "partie 2: A 125, B 81: A wins 306 rubicon\n" in out


def test_check_json_gives_the_score_and_the_settlement() -> None:
    status, out, _ = run(adjudicator, "check", "--format", "json", TWO)
    assert status == 0
    (entry,) = json.loads(out)
    (record,) = entry["records"]
    first, second = record["parties"]
    assert first["settlement"] == {"winner": "A", "loser": "B", "points": 118, "rubicon": False}
    assert second["settlement"]["rubicon"] is True
    assert record["score"] == {"A": 125, "B": 81}
    assert record["deviations"] == []


def test_deviations_are_findings_with_exit_1() -> None:
    status, out, _ = run(adjudicator, "check", "tests/piquet/data/case-xxii.ptn")
    assert status == 1
    # the engine's deviations of the long hand are judged by laws 35 and 58, which replace them
    assert ":11:1: law 35: B discards 2 and takes in 3: he plays with more than twelve" in out
    assert ":24:1: law 58: B plays with 13 cards: he reckons nothing that deal" in out
    assert "taken: B discards 2" not in out
    assert "partie: A 91, B 92: B wins 283 rubicon" in out


def test_a_folder_is_searched_for_both_games(tmp_path: Path) -> None:
    shutil.copy(ROOT / EXAMPLE, tmp_path / "deal.ptn")
    shutil.copy(ROOT / "docs/examples/tutorial.etn", tmp_path / "tutorial.etn")
    status, out, err = run(adjudicator, "check", str(tmp_path))
    assert status == 1  # the écarté record has findings
    assert "deal.ptn:6:1: deal 1: A 28" in out and "tutorial.etn:15:3: law 43" in out
    assert err.startswith("2 file(s), 2 record(s)")
    # ecarte searches only for its own records
    assert run(ecarte, "check", str(tmp_path))[2].startswith("1 file(s), 1 record(s)")


def test_fmt_puts_a_piquet_record_in_canonical_form_and_keeps_every_fact(tmp_path: Path) -> None:
    canonical = (ROOT / EXAMPLE).read_text(encoding="utf-8")
    messy = tmp_path / "messy.ptn"
    messy.write_text(canonical.replace("  A discards", "A   discards").lower(), encoding="utf-8")
    assert run(adjudicator, "fmt", "--check", str(messy))[0] == 1
    assert run(adjudicator, "fmt", str(messy))[0] == 0
    assert run(adjudicator, "fmt", "--check", str(messy))[0] == 0
    assert run(adjudicator, "check", str(messy))[1] == run(adjudicator, "check", EXAMPLE)[
        1
    ].replace(EXAMPLE, str(messy))


def test_parse_and_replay_read_piquet() -> None:
    status, out, _ = run(adjudicator, "parse", EXAMPLE)
    assert status == 0
    (entry,) = json.loads(out)
    assert entry["records"][0]["parties"][0]["deals"][0]["dealer"] == "B"
    status, out, _ = run(adjudicator, "replay", EXAMPLE)
    assert status == 0
    assert "  A: the cards 10, making 28\n" in out


def test_the_ecarte_command_rules_a_piquet_file_named_on_its_line() -> None:
    """A .ptn file named to ``ecarte`` is read as piquet, as ``adjudicator`` reads it."""
    status, out, err = run(ecarte, "rule", EXAMPLE)
    assert (status, err) == run(adjudicator, "rule", EXAMPLE)[::2]
    assert out == run(adjudicator, "rule", EXAMPLE)[1]
    assert "Verdict" in out and "Declarations" in out
    status, out, _ = run(ecarte, "check", EXAMPLE)
    assert status == 0 and "deal 1: A 28" in out


@pytest.mark.parametrize("command", ["solve", "advise"])
def test_the_ecarte_only_commands_refuse_a_piquet_file(command: str) -> None:
    status, out, err = run(adjudicator, command, EXAMPLE)
    assert status == 2
    assert out == ""
    assert f"{EXAMPLE}:1:1: this command reads écarté records only" in err


@pytest.mark.parametrize(
    ("content", "expected"),
    [(b"", "empty file"), (b"deal 1 B\n  A holds ZZ\n", ":2:"), (b"\xff\xfe bad", ":1:")],
)
def test_an_unreadable_piquet_file_is_named_with_its_place_and_exit_2(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    bad = tmp_path / "bad.ptn"
    bad.write_bytes(content)
    status, _, err = run(adjudicator, "check", str(bad))
    assert status == 2
    assert expected in err and "Traceback" not in err
