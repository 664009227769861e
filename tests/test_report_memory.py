"""The referee's report (``ecarte rule --format html`` and ``--format md``) is written as the
records are ruled, a deal at a time (issue 21, part 6), and a third player who acts in a game of
two is shown, not a crash (issue 21, part 1).

* What is held does not grow with the number of deals: the peak of memory (``tracemalloc``)
  while the report of a record of 4n deals is written is not much above that for n deals, and
  the HTML report holds no more than twice what the text of ``rule`` holds on the same record.
* A long record read in parts and ruled in pieces gives, byte for byte, the report of the
  record held whole and ruled at once: each deal is rendered only once nothing more can come
  for it (a finding or a claim about it, a correction of its game, the name of a third player
  who sits down later).
* Standard input gives the report of the file.
* ``C marks 1 point`` in a record of two players (crashed the report with an ``UndefinedError``,
  and ``serve`` answered 500) is shown as marked at the table and corrected.
"""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from test_adversarial import assert_flat, peak_bytes
from test_long_records import generated_games, irregular, long_record
from typer.testing import CliRunner

from adjudicator import NotationError, Record, read_each, write
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.notation.ecarte import reader
from adjudicator.shell import batch, referee, spool
from adjudicator.shell.cli import app
from adjudicator.shell.referee import (
    _Numbers,
    report_html,
    report_md,
    source_lines,
    write_report,
)
from adjudicator.shell.serve import rule_text

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"

N = 16
"""Deals in the shorter record of the memory tests."""


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> int:
    """Everything that is held up to a size held to a smaller one, so that records of a few
    dozen deals show what holds for thousands: parts of 100 lines (about 4 deals), spools of
    64 KB; returns the deals of a piece of the ruling to ask for."""
    monkeypatch.setattr(reader, "PART_LINES", 100)
    monkeypatch.setattr(spool, "SPOOL_BYTES", 1 << 16)
    monkeypatch.setattr(referee, "SPOOL_BYTES", 1 << 16)
    return 4


def _discard(text: str) -> None:
    del text


def _report(path: Path, *, markdown: bool, every: int = 64) -> str:
    out: list[str] = []
    assert write_report(str(path), path, out.append, markdown=markdown, every=every)
    return "".join(out)


def _held(path: Path, *, markdown: bool) -> str:
    """The report on the records of ``path`` held whole, each ruled at once."""
    data = path.read_bytes()
    items = list(read_each(io.BytesIO(data), path=str(path)))
    records = [item for item in items if isinstance(item, Record)]
    errors = [item for item in items if isinstance(item, NotationError)]
    render = report_md if markdown else report_html
    return render(str(path), records, source_lines(data), errors=errors)


# --------------------------------------------------------------------------------------------
#  Memory
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("markdown", [False, True], ids=["html", "md"])
def test_the_report_holds_no_more_for_four_times_the_deals(
    tmp_path: Path, markdown: bool, small: int
) -> None:
    short, long = tmp_path / "short.etn", tmp_path / "long.etn"
    # Irregular: a correction, and a finding on every later score line.
    short.write_text(irregular(long_record(N)), "utf-8")
    long.write_text(irregular(long_record(4 * N)), "utf-8")

    def report(path: Path) -> None:
        assert write_report(str(path), path, _discard, markdown=markdown, every=small)

    report(long)  # the bounded caches filled, the templates compiled
    at_n, at_4n = peak_bytes(lambda: report(short)), peak_bytes(lambda: report(long))
    # Held whole, the report of 4n deals took about four times as much as that of n (here
    # 1.5 MB and 5.8 MB).
    assert_flat(at_n, at_4n)


def test_the_html_report_holds_no_more_than_twice_the_text(tmp_path: Path, small: int) -> None:
    path = tmp_path / "long.etn"
    path.write_text(irregular(long_record(4 * N)), "utf-8")

    def text() -> None:  # what ``rule`` does for its text
        for ruled in batch.rule(batch.Part(0, str(path), str(path)), "text", full=True):
            assert ruled.status != batch.EXIT_INTERNAL

    def html() -> None:
        assert write_report(str(path), path, _discard, every=small)

    text()  # caches filled, the templates compiled
    html()
    at_text, at_html = peak_bytes(text), peak_bytes(html)
    assert at_html < 2 * at_text, (at_text, at_html)


# --------------------------------------------------------------------------------------------
#  Written deal by deal, the report is the report of the record held whole
# --------------------------------------------------------------------------------------------

C_DEALS = """
deal {n} C
  cut A 12
  A: KH QH QS
  C: JS TD KC
  A: AH 9D
  C: TC 9H
  turn 8S
  A plays
  1. A QS C JS
  2. A KH C 9H
  3. A QH C TC
  4. A AH C KC
  5. A 9D C TD
  A marks 2 point
"""
"""A deal that C deals (and A wins): in a record of A and B, a third player sits down."""


def c_sits_down_late(deals: int) -> str:
    """A record of A and B that names C, who advises B in the first deal and deals the last
    three: what the report calls him in the first deal is known only at the end."""
    text = long_record(deals).replace('[A "', '[C "Mr. Carew"]\n[A "', 1)
    text = re.sub(r"(?m)^(  1\. )", r"  C advises B: play\n\1", text, count=1)
    return text + "".join(C_DEALS.format(n=deals + i + 1) for i in range(3))


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Long records (one irregular from its first point on, one where C sits down late),
    games of several deals, casebook records of every kind, and a record that cannot be read,
    in one file."""
    cases = sorted(CASES.rglob("*.etn"))[::12]
    parts = [
        irregular(long_record(30)),
        *(write(r) for r in generated_games(2)),
        *(p.read_text(encoding="utf-8") for p in cases),
        '[Event "unreadable"]\ndeal 1 A\n  B KH\n',
        c_sits_down_late(24),
    ]
    path = tmp_path_factory.mktemp("mixed") / "mixed.etn"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


@pytest.mark.parametrize(("markdown", "every"), [(False, 1), (True, 1), (False, 3)])
def test_a_record_in_parts_gives_the_report_of_the_record_whole(
    mixed: Path, markdown: bool, every: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = _held(mixed, markdown=markdown)
    monkeypatch.setattr(reader, "PART_LINES", 7)  # every record of two deals comes in parts
    assert _report(mixed, markdown=markdown, every=every) == whole


def test_the_third_player_is_named_where_he_acts_before_he_sits_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "late.etn"
    path.write_text(c_sits_down_late(40), encoding="utf-8")
    monkeypatch.setattr(reader, "PART_LINES", 7)
    report = _report(path, markdown=True, every=1)
    first_deal = report.split("### Deal 1:", 1)[1].split("### Deal 2:", 1)[0]
    assert "(offender: Mr. Carew (C))" in first_deal
    assert report == _held(path, markdown=True)


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_standard_input_gives_the_report_of_the_file(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "two.etn"
    text = irregular(long_record(3)) + '\n[Event "unreadable"]\ndeal 1 A\n  B KH\n'
    path.write_text(text + "\n" + (CASES / "law-43-revoke" / "replay-worth-two.etn").read_text())
    data = path.read_bytes()
    result = CliRunner().invoke(app, ["rule", "--format", fmt, "-"], input=data)
    assert result.exit_code == 2  # a record cannot be read
    items = list(read_each(io.BytesIO(data), path="<stdin>"))
    records = [item for item in items if isinstance(item, Record)]
    errors = [item for item in items if isinstance(item, NotationError)]
    render = report_md if fmt == "md" else report_html
    assert result.stdout == render("<stdin>", records, source_lines(data), errors=errors)
    assert len(records) == 2 and "Records that could not be read" in result.stdout


def test_a_finding_is_shown_in_its_deal_and_beside_its_line_wherever_they_are() -> None:
    # A finding stands in the deal it is about (the last of its number beginning at or before
    # its line, else the first of that number, else the opening) and is marked beside its line,
    # the mark pointing at it: here one about deal 1 on the cut for deal (an opening line: its
    # mark is written with the heading, at the end), one about deal 2 on a line of deal 1 (its
    # mark written before the finding has its number), and one about a deal the record lacks.
    path = CASES / "law-13-exposed-in-dealing" / "non-dealer-card-exposed.etn"
    data = path.read_bytes()
    (record,) = [r for r in read_each(io.BytesIO(data)) if isinstance(r, Record)]
    ruling = adjudicate(record, advise=True)
    (found,) = ruling.findings
    cut, deal_2 = record.opening[0].line, record.deals[1]
    moved = [
        found.model_copy(update={"line": cut, "deal": 1}),
        found.model_copy(update={"line": found.line, "deal": deal_2.number}),
        found.model_copy(update={"line": deal_2.line + 1, "deal": 99}),
    ]
    ruling = ruling.model_copy(update={"findings": moved})
    page = report_html(str(path), [record], source_lines(data), rulings=[ruling])
    sections = re.split(r'<section class="(?:opening|deal[^"]*)" id="', page)[1:]
    opening, first, second = (
        re.findall(r'<article class="finding" id="([^"]+)"', s) for s in sections
    )
    assert (opening, first, second) == (["finding-1"], ["finding-2"], ["finding-3"])
    beside = {
        int(line): href
        for line, href in re.findall(
            r'id="line-(\d+)" data-line="\d+"[^>]*>.*?href="#([^"]+)"', page
        )
    }
    assert beside == {cut: "finding-2", found.line: "finding-3", deal_2.line + 1: "finding-1"}


@pytest.mark.parametrize("seed", range(20))
def test_deals_of_a_number_are_counted_as_a_dict_would(seed: int) -> None:
    # The ids of deals of the same number (deal-3, deal-3-2, ...) come from this count, held
    # as runs of numbers: it must be what a dict of every number would say.
    rng = random.Random(seed)
    numbers, counts = _Numbers(), Counter[int]()
    for _ in range(300):
        n = rng.choice([rng.randint(1, 20), rng.randint(1, 400)])
        counts[n] += 1
        assert numbers.count(n) == counts[n]
    ordered = _Numbers()
    assert [ordered.count(n) for n in range(1, 10_001)] == [1] * 10_000
    assert len(ordered.starts) == 1  # a record numbered in order holds one run


# --------------------------------------------------------------------------------------------
#  A third player acting in a game of two
# --------------------------------------------------------------------------------------------

C_MARKS = """[Event "C marks in a game of two"]
[A "Mr. Anstey"]
[B "Mr. Bourke"]

deal 1 A
  B: KH QH 9S
  A: JS 8S 7D
  B: 7C 8C
  A: TD AH
  turn 9D
  B plays
  1. B KH A AH
  2. B QH A 7D
  3. A JS B 9S
  4. A 8S B 7C
  5. A TD B 8C
  A marks 2 point
  C marks 1 point
"""
"""The smallest record found that crashed the report: C, who does not play, marks a point."""


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_a_mark_by_a_player_not_at_the_table_is_shown(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "c-marks.etn"
    path.write_text(C_MARKS, encoding="utf-8")
    result = CliRunner().invoke(app, ["rule", "--format", fmt, str(path)])
    assert result.exit_code == 1, result.stderr  # a finding (a correction), no crash
    marked = "marked at the table: Mr. Anstey (A) 2, Mr. Bourke (B) 0, C 1."
    assert marked in result.stdout
    assert "correction: C -1 (law 51)" in result.stdout
    if fmt == "md":  # the deal's row of the score sheet is marked as changed by the ruling
        assert "| 1 | A | stands | 2 | 0 | 2–0 | **2** | **0** | 2–0 |" in result.stdout


def test_serve_rules_on_a_mark_by_a_player_not_at_the_table() -> None:
    answer = rule_text(C_MARKS)
    assert answer["ok"] and "C 1." in answer["html"]
