"""The words of a ruling a referee signs (issue 13): each class of wording, on the text ruling
and on the HTML report. Each test names the fault the wording once had."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.shell.cli import app

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"


def _outputs(case: str, *given: str) -> tuple[str, str]:
    """The text ruling, and the HTML report's text (tags kept, entities decoded); ``given``:
    options of ``rule`` for both."""
    path = str(CASES / case)
    text = CliRunner().invoke(app, ["rule", *given, path]).stdout
    page = html.unescape(CliRunner().invoke(app, ["rule", "--format", "html", *given, path]).stdout)
    return " ".join(text.split()), " ".join(page.split())


def test_the_innocent_party_of_a_replay_is_not_booked_as_an_offender() -> None:
    text, page = _outputs("law-43-revoke/replay-after-the-innocent-marked.etn")
    for out in (text, page):
        assert "B marked 1 more than he may" not in out
        assert "the replay takes the place of the hand first played" in out
    assert "law 51" not in text  # no overscore of his
    assert 'data-law="51"' not in page


def test_a_score_that_waits_on_a_replay_is_pending_not_final() -> None:
    text, page = _outputs("law-43-revoke/replay-not-written.etn")
    assert "Corrected score" not in text and "Corrected score" not in page
    assert "Pending: the replay of deal 1 is not in the record" in text
    assert "A would mark 1" in text and "A would mark 1" in page
    assert "Pending:" in page


def test_an_option_taken_says_who_took_it_and_what_it_does() -> None:
    text, page = _outputs("law-43-revoke/replay-not-written.etn")
    assert "by the option law" not in text and "(laws 43)" not in text
    assert "outcome: B took the option law 43 gives (line 24): the hands are played again" in text
    assert "B took the option law 43 gives (line 24)" in page


def test_the_trace_does_not_repeat_a_claim_that_took_an_option() -> None:
    text, _ = _outputs("law-43-revoke/replay-not-written.etn", "--trace")
    trace = text[text.index("Trace") :]
    assert "law 43: option: replay: taken (line 24)" in trace
    assert "claim: B claims replay" not in trace
    assert "outcome: replay (law 43)" in trace


def test_a_mark_taken_off_says_which_law_and_why() -> None:
    text, page = _outputs("law-20-non-dealer-plays-wrong-number/six-cards-played-out.etn")
    for out in (text, page):
        assert "the deal was dealt afresh (law 20), so it gives no marks" in out
    text, page = _outputs("law-17-dealer-too-many/king-marked-then-fresh-deal.etn")
    for out in (text, page):
        assert "the deal was dealt afresh (law 17), so it gives no marks" in out


def test_a_point_marked_two_gives_law_49s_reason() -> None:
    found = []
    for case in sorted((CASES / "law-51-overscore").glob("*.etn")):
        text, page = _outputs(f"law-51-overscore/{case.name}")
        if "the point he won is worth one: law 49 makes it two only" in text:
            assert "the point he won is worth one: law 49 makes it two only" in page
            found.append(case.name)
    assert found  # the casebook has such a case


def test_a_fresh_deal_the_law_requires_is_not_called_an_option() -> None:
    text, page = _outputs("law-12-faced-card/faced-card-fresh-deal-claimed.etn")
    assert "- option fresh_deal" not in text
    assert "- the law requires (before the trump card is turned up)" in text and "DONE" in text
    assert "law 12 requires it" in text  # the claim calls for what the law requires
    assert 'class="option required"' in page and "The law requires it" in page


def test_a_claim_rejected_cites_the_law_that_decides_it() -> None:
    text, page = _outputs("law-02-faulty-shuffle/below-table-claim-rejected.etn")
    assert "no irregularity in this deal gives" not in text
    expected = "aw 2 governs what was found (line 10), and it gives no claim 'new deal'"
    assert f"rejected. l{expected}" in text and f"L{expected}" in page


@pytest.mark.parametrize("case", ["law-43-revoke/replay-worth-two.etn"])
def test_the_ruling_is_headed_with_the_event_and_the_players(case: str) -> None:
    text, page = _outputs(case)
    assert text.startswith(f"Ruling on the record at {CASES / case}:1 Casebook: law 43")
    assert "(Portland Club, 1886.06.18) A: Mr. Anstey; B: Mr. Bourke" in text
    assert "Mr. Anstey" in page and "Portland Club" in page and "1886.06.18" in page
