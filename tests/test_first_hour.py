"""A newcomer's first hour at the command line (issue 23, item 6): the rule profiles' rules
found by their marks, several files to ``rule``, a position ``solve`` cannot find refused at
the record's line, ``solve`` saying why it gives no chances, the same exit status from
``replay``, ``solve`` and ``advise``, a refused value said in the project's words, ``check``'s
lines in line order, and a claim's hint that names no line the record lacks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import read_each
from adjudicator.court.ecarte.api import EVERY
from adjudicator.shell.cli import app

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases" / "ecarte"
TUTORIAL = ROOT / "docs" / "examples" / "tutorial.etn"
FINDINGS = CASES / "law-15-non-dealer-too-many" / "claim-after-proposing.etn"


def run(*args: str) -> tuple[int, str, str]:
    """Exit status, standard output and standard error of ``ecarte ARGS``."""
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("query", "heading"),
    [
        ("P1", "Pool rule P1 (101)"),
        ("p1", "Pool rule P1 (101)"),
        ("pool rule P1", "Pool rule P1 (101)"),
        ("rule D1", "Doubling rule D1 (121)"),
        ("b1", "Bystanders' rule B1 (111)"),
        ("O1", "Offering rule O1 (131)"),
        ("law 43", "Law 43:"),
    ],
)
def test_a_rule_is_found_as_rulings_cite_it(query: str, heading: str) -> None:
    status, out, _ = run("laws", *query.split())
    assert status == 0
    assert out.startswith(heading), out[:200]


def test_laws_pool_finds_the_pool_rule_and_a_mark_no_rule_has_finds_nothing() -> None:
    status, out, _ = run("laws", "pool")
    assert status == 0 and "101. Pool" in out and "Shuffling" not in out
    status, out, err = run("laws", "P9")
    assert (status, out) == (2, "") and "no law speaks of 'P9'" in err


def test_rule_takes_several_files_and_folders(tmp_path: Path) -> None:
    status, out, _ = run("rule", str(TUTORIAL), str(FINDINGS))
    assert status == 1
    assert out.count("Ruling on the record at ") == 2
    assert f"Ruling on the record at {TUTORIAL}:1" in out
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "a.etn").write_text(TUTORIAL.read_text(encoding="utf-8"), encoding="utf-8")
    status, out, _ = run("rule", "--format", "md", str(folder), str(FINDINGS))
    assert status == 1
    assert out.count("Portland Club, Tuesday evening") >= 1 and "law 15" in out.lower()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--deal", "9"], "docs/examples/tutorial.etn:1:1: no deal 9 in this record to solve"),
        (["--at", "99"], ":1:1: line 99 is past the record's end (line 21)"),
        (["--at", "3"], ":1:1: line 3 is not in a deal; '--at' takes a line of a deal"),
        (
            ["--deal", "1", "--at", "3"],
            "line 3 is not in deal 1; '--at' takes a line of a deal (deal 1: lines 8 to 21)",
        ),
    ],
)
def test_solve_refuses_a_position_the_record_lacks(
    monkeypatch: pytest.MonkeyPatch, args: list[str], said: str
) -> None:
    monkeypatch.chdir(ROOT)
    for form in ("text", "json"):
        status, out, err = run("solve", *args, "--format", form, "docs/examples/tutorial.etn")
        assert status == 2, err
        assert said in err
        assert "Perfect play" not in out


def test_solve_within_the_record_is_still_solved() -> None:
    status, out, err = run("solve", "--at", "17", str(TUTORIAL))
    assert (status, err) == (0, "")
    assert "before line 17: A to lead" in out


MID_DEAL = """[Event "Mid-deal"]
[A "Mr. Anstey"]
[B "Mr. Bourke"]

deal 1 A
  turn 7H
  B plays
  1. B KS A 8H
  2. A QD B 9D
  3. A ?? B 7C
  4. A 8C B JS
  5. A 7S B QS
"""


def test_solve_mid_deal_with_cards_unknown_says_why_there_are_no_chances(
    tmp_path: Path,
) -> None:
    path = tmp_path / "mid.etn"
    path.write_text(MID_DEAL, encoding="utf-8")
    status, out, _ = run("solve", "--at", "9", str(path))
    assert status == 0
    assert "not solved: 1 of A's cards are not recorded" in out
    why = "no chances over the deals the record allows: chances are worked out where the play "
    assert why + "begins" in out
    status, out, _ = run("solve", str(path))  # where the play begins: the chances
    assert "over every one of the" in out and "no chances" not in out


def test_replay_solve_and_advise_exit_alike_on_the_same_record() -> None:
    """Each shows the record; findings are for ``check`` and ``rule`` to report."""
    statuses = {
        command: run(command, str(FINDINGS))[0] for command in ("replay", "solve", "advise")
    }
    assert statuses == {"replay": 0, "solve": 0, "advise": 0}
    assert run("check", str(FINDINGS))[0] == run("rule", str(FINDINGS))[0] == 1
    bad = {
        command: run(command, "no-such-file.etn")[0] for command in ("replay", "solve", "advise")
    }
    assert bad == {"replay": 2, "solve": 2, "advise": 2}


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["check", "--format", "xml", "."], "'xml' was given; accepted: 'text' or 'json'"),
        (["rule", "-f", "pdf", "x.etn"], "'pdf' was given; accepted: 'text', 'json', 'html' or"),
        (["check", "-j", "0", "."], "'0' was given; accepted: a whole number at least 1"),
        (["solve", "--deal", "x", "x.etn"], "'x' was given; accepted: a whole number"),
        (["serve", "--budget", "q"], "'q' was given; accepted: a number (such as 10 or 2.5)"),
        (["serve", "--budget", "0"], "'0' was given; accepted: a number at least 0.1"),
        (["serve", "--port", "70000"], "accepted: a whole number at most 65535"),
    ],
)
def test_a_refused_value_is_said_in_the_projects_words(args: list[str], said: str) -> None:
    status, _, err = run(*args)
    assert status == 2
    assert said in err
    assert "Value error" not in err and "Input should" not in err


def _places(lines: list[str]) -> list[tuple[int, int]]:
    out = []
    for line in lines:
        found = re.match(r".*?\.etn:(\d+):(\d+): (law \d|law -|record|[\w']+ rule )", line)
        if found:
            out.append((int(found.group(1)), int(found.group(2))))
    return out


def test_check_lists_a_records_findings_in_line_order() -> None:
    """Findings, corrections and claims not upheld, each record's in the order of its lines
    (the games won and the series follow them)."""
    unsorted = 0
    for path in sorted(CASES.glob("*/*.etn")):
        if sum(1 for _ in read_each(path)) != 1:
            continue
        _, out, _ = run("check", "-j", "1", str(path))
        places = _places(out.splitlines())
        assert places == sorted(places), path
        unsorted += len(places) > 1
    assert unsorted > 50  # records with more than one line: the order is tested


def test_the_tutorials_record_checks_its_correction_after_its_finding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    _, out, _ = run("check", "docs/examples/tutorial.etn")
    assert _places(out.splitlines()) == [(15, 3), (20, 3)]


@pytest.mark.parametrize(
    ("line", "wanted", "unwanted"),
    [
        ("A claims point", "If A marked it, write the mark he made", "points are marked"),
        ("A claims the point", "if he only said it, keep his words in a comment", None),
        ("B claims king", "if he did neither, keep his words in a comment", None),
    ],
)
def test_a_claims_hint_is_true_to_the_record(line: str, wanted: str, unwanted: str | None) -> None:
    [error] = [x for x in read_each(f"deal 1 A\n  turn KS\n  {line}\n") if isinstance(x, Exception)]
    hint = getattr(error, "hint", None) or ""
    assert wanted in hint
    assert unwanted is None or unwanted not in hint


UNFOLLOWABLE = re.compile(
    r"`|\bS\d+\b|§|\.py\b|\b[a-z]+_[a-z_]+\b|\b[A-Z][a-z]+\.[a-z_]+|\bthe (?:engine|finder|court)\b"
)
"""What a member cannot follow in a law's reading: a name in backticks, a source by its id
(``S2``), a section of the project's reference (``§6.7``), a file, a name from the code
(``cut_tie``, ``Table.next_dealer``), the layers of the program."""


@pytest.mark.parametrize("law", [law.number for law in EVERY])
def test_a_laws_reading_is_written_for_members(law: int) -> None:
    status, out, _ = run("laws", str(law))
    assert status == 0
    reading = out.split("How the project reads it:\n", 1)[1].split("\n\n", 1)[0]
    assert reading.strip()
    found = UNFOLLOWABLE.findall(reading)
    assert not found, f"law {law}: {found} in\n{reading}"
    assert "Looks at:" not in out


def test_the_sources_are_kept_for_developers() -> None:
    status, out, _ = run("laws", "5", "--sources")
    assert status == 0
    assert "Sources and the code (for the project's developers):" in out
    assert "`cut_tie`" in out and "§6.20" in out and "Looks at: cut_tie" in out
    plain = run("laws", "5")[1]
    assert "the adjudicator notes the tie" in plain and "Hoyle's Games Modernized, 1909" in plain
    page = (ROOT / "docs" / "laws.md").read_text(encoding="utf-8")
    assert "\n## Sources\n" in page and "S2 Hoyle's Games" not in page
    assert "S2 the club code's text" in page and "*Looks at:* cut_tie." in page


def _section(page: str, heading: str) -> str:
    """The text of a page's section, from its heading to the next of its level."""
    text = (ROOT / page).read_text(encoding="utf-8")
    start = text.index(heading + "\n")
    end = text.find("\n## ", start + len(heading))
    return text[start : end if end != -1 else len(text)]


def test_the_readme_opens_with_a_first_section_for_referees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Install, activate, one ruling explained, then the tutorial, the HTML report and
    ``serve``; the casebook's findings said to be by design."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.index("## For referees") < readme.index("## Quick start")
    first = _section("README.md", "## For referees")
    for said in (
        "python3 -m venv .venv",
        ". .venv/bin/activate",
        "pip install -q .",
        "ecarte rule docs/examples/tutorial.etn",
        "docs/tutorial.md",
        "--format html --referee",
        "ecarte serve",
        "by design",
    ):
        assert said in first, said
    monkeypatch.chdir(ROOT)
    status, out, _ = run("rule", "docs/examples/tutorial.etn")
    assert status == 1 and "As corrected: A 1, B 0" in out  # as the section says
    assert "line 15: law 43" in out


def test_the_tutorial_ends_with_the_html_report_and_serve() -> None:
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## .*$", text, re.M)
    assert headings[-2:] == ["## 9. The signed ruling", "## 10. Rule as you write: `ecarte serve`"]
    signed = _section("docs/tutorial.md", headings[-2])
    assert 'ecarte rule --format html --referee "Mr. Clay" docs/examples/tutorial.etn' in signed
    assert "Print" in _section("docs/tutorial.md", headings[-1])
    status, out, _ = run(
        "rule", "--format", "html", "--referee", "Mr. Clay", str(TUTORIAL)
    )  # what the section says the report holds
    assert status == 1 and "Mr. Clay" in out and 'data-line="15"' in out
