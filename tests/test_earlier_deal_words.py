"""The words of a ruling on a mark or a claim made in one deal for an earlier one (issue 23, item
4): each is explained against the deal it concerns ("for deal 1, marked in deal 2") and under the
law that decides it, in the text ruling, the Markdown and HTML reports, the JSON and ``check``'s
lines alike. The faults they had: a forgotten two marked after the next turn-up explained by
law 49's words as an overscore of the deal it was written in, and a replay claimed too late
rejected with no law, as though the deal had no irregularity."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.shell.cli import app

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"
FORMATS = ("text", "md", "html")

LATE_TWO = "law-50-omitted-mark/two-marked-after-next-turn.etn"
LATE_VOLE = "law-50-omitted-mark/vole-marked-after-next-turn.etn"
CLAIM_NEXT_DEAL = "law-43-revoke/replay-claimed-after-next-turn-by-law-43.etn"
CLAIM_TWO_DEALS_LATER = "law-43-revoke/replay-claimed-two-deals-later.etn"
CLAIM_LAW_25 = "law-25-false-king/replay-claimed-after-next-turn-by-law-25.etn"


def ruled(case: str, fmt: str) -> str:
    """The ruling of a casebook record in a format, its words on one line (HTML: its text,
    tags dropped, entities decoded; Markdown: its escapes dropped), as
    ``tests/test_verdict_words.py`` reads it."""
    out = CliRunner().invoke(app, ["rule", "--format", fmt, str(CASES / case)]).stdout
    if fmt == "html":
        out = html.unescape(re.sub(r"<[^>]+>", " ", out))
    if fmt == "md":
        out = re.sub(r"\\(.)", r"\1", out).replace("**", "")
    return " ".join(out.split())


def verdict(text: str) -> str:
    """The verdict: from its heading to the first deal."""
    start = text.index("Verdict")
    ends = [text.find(mark, start) for mark in ("Before the first deal", "Deal 1 (", "Deal 1:")]
    return text[start : min(e for e in ends if e >= 0)]


def _json(case: str) -> dict[str, object]:
    """The JSON ruling of a casebook record's (one) record."""
    out = CliRunner().invoke(app, ["rule", "--format", "json", str(CASES / case)]).stdout
    record: dict[str, object] = json.loads(out)[0]["records"][0]
    return record


@pytest.mark.parametrize("case", [LATE_TWO, LATE_VOLE])
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_mark_made_too_late_is_corrected_for_its_deal_under_law_50(fmt: str, case: str) -> None:
    said = verdict(ruled(case, fmt))
    assert "Deal 1, line 33:" in said
    assert "under law 50 (An omitted mark)" in said
    assert "in deal 2 for deal 1, after deal 2's trump was turned up (line 32)" in said
    assert "law 49 makes it two" not in said and "under law 51" not in said


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_overscore_found_at_a_late_mark_names_the_deal_it_was_for(fmt: str) -> None:
    text = ruled(LATE_TWO, fmt)
    assert "for deal 1, marked in deal 2 after its trump was turned up (line 32): too late" in text
    assert "for deal 2, beyond what the deal entitles him to" not in text


def test_check_and_json_give_the_late_mark_to_its_deal_and_to_law_50() -> None:
    lines = CliRunner().invoke(app, ["check", str(CASES / LATE_TWO)]).stdout.splitlines()
    assert any(":33:3: law 50: score correction A -2 (deal 1): " in line for line in lines)
    corrections = _json(LATE_TWO)["corrections"]
    assert isinstance(corrections, list) and len(corrections) == 1
    fix = corrections[0]
    assert (fix["law"], fix["deal"], fix["line"], fix["points"]) == (50, 1, 33, -2)
    assert "for deal 1" in fix["reason"]


@pytest.mark.parametrize(
    ("case", "law", "where"),
    [
        (CLAIM_NEXT_DEAL, 43, "claimed in deal 2 for deal 1, after deal 2's trump was turned up"),
        (CLAIM_TWO_DEALS_LATER, 43, "claimed in deal 3 for deal 1"),
        (CLAIM_LAW_25, 25, "claimed in deal 2 for deal 1, after deal 2's trump was turned up"),
    ],
)
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_replay_claimed_too_late_is_refused_under_the_law_whose_time_ran_out(
    fmt: str, case: str, law: int, where: str
) -> None:
    text = ruled(case, fmt)
    assert where in text
    assert f"law {law} allow" in text
    assert f"law {law} sets no time for it: the cut-off is the project's reading" in text
    assert "no irregularity for which" not in text


@pytest.mark.parametrize("case", [CLAIM_NEXT_DEAL, CLAIM_TWO_DEALS_LATER, CLAIM_LAW_25])
def test_the_json_of_a_replay_claimed_too_late_cites_its_law(case: str) -> None:
    record = _json(case)
    claims = record["claims"]
    assert isinstance(claims, list) and len(claims) == 1
    claim = claims[0]
    assert claim["upheld"] is False and claim["law"] in (25, 43)
    assert "too late: claimed in deal" in claim["reason"]
    assert "the project's reading" in claim["reason"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_mark_made_again_before_the_next_turn_up_is_the_deal_before_s_overscore(
    fmt: str,
) -> None:
    case = "law-51-overscore/point-marked-again-before-next-turn.etn"
    said = verdict(ruled(case, fmt))
    assert "Deal 1, line 27:" in said and "under law 51 (An overscore)" in said
    assert "in deal 2, before its trump was turned up, for deal 1" in said
    assert "for deal 2" not in said
    corrections = _json(case)["corrections"]
    assert isinstance(corrections, list) and len(corrections) == 1
    fix = corrections[0]
    assert (fix["law"], fix["deal"], fix["line"]) == (51, 1, 27)
