"""The words of the verdict a ruling opens with (issue 23, items 1 and 4), each class of wording
tested on the text ruling, the Markdown report and the HTML report alike. Each test names the
fault the wording had, or the part of the verdict it checks."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.shell.cli import app

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"
FORMATS = ("text", "md", "html")


def ruled(case: str, fmt: str, *given: str) -> str:
    """The ruling of a casebook record in a format, its words on one line (HTML: its text,
    tags dropped, entities decoded; Markdown: its escapes dropped)."""
    out = CliRunner().invoke(app, ["rule", "--format", fmt, *given, str(CASES / case)]).stdout
    if fmt == "html":
        out = html.unescape(re.sub(r"<[^>]+>", " ", out))
    if fmt == "md":
        out = re.sub(r"\\(.)", r"\1", out).replace("**", "")
    return " ".join(out.split())


def verdict(text: str) -> str:
    """The verdict: from its heading to the first deal or the lines before it."""
    start = text.index("Verdict")
    ends = [text.find(mark, start) for mark in ("Before the first deal", "Deal 1 (", "Deal 1:")]
    return text[start : min(e for e in ends if e >= 0)]


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_verdict_comes_before_any_deal(fmt: str) -> None:
    text = ruled("law-43-revoke/replay-worth-two.etn", fmt)
    assert text.index("Verdict") < text.index("Deal 1:" if fmt != "text" else "Deal 1 (")
    said = verdict(text)
    assert "As marked at the table:" in said and "As corrected:" in said
    assert "deals next" in said


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_game_the_table_thought_won_is_said_to_be_undone(fmt: str) -> None:
    said = verdict(ruled("law-51-overscore/x9-overscore-to-five-game-not-won.etn", fmt))
    assert re.search(
        r"The game (Mr\. Anstey \(A\)|A) was thought to have won in deal 3 is undone", said
    )
    assert "of the 5 points that win it" in said


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_correction_names_the_law_that_decides_it_not_a_bare_law_51(fmt: str) -> None:
    said = verdict(ruled("law-17-dealer-too-many/king-marked-then-fresh-deal.etn", fmt))
    assert "under law 17 (Dealer with too many, found after the turn-up)" in said
    assert "under law 51" not in said


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_correction_says_its_own_effect_and_the_score_after_it(fmt: str) -> None:
    said = verdict(ruled("law-17-dealer-too-many/king-marked-then-fresh-deal.etn", fmt))
    assert re.search(r"(Mr\. Anstey \(A\)|A) takes down 1 mark", said)
    assert re.search(r"the game then stands at (Mr\. Anstey \(A\)|A) 0", said)
    assert "the laws allow him nothing in all" in said  # not "the laws allow 0"


@pytest.mark.parametrize("fmt", FORMATS)
def test_nothing_is_said_as_nothing_not_as_only_0(fmt: str) -> None:
    text = ruled("law-43-revoke/replay-claimed-too-late.etn", fmt)
    assert "as offender he marks nothing for the hand" in text
    assert "marks only 0" not in text and "allow 0" not in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_after_a_game_the_corrected_score_says_which_game_and_the_game_in_progress(
    fmt: str,
) -> None:
    said = verdict(ruled("law-46-game/hand-played-on-after-game-won.etn", fmt))
    assert re.search(r"game 1 won by [^;]+; the game in progress \(game 2\) stands at", said)
    assert "has won the game" not in said


@pytest.mark.parametrize("fmt", FORMATS)
def test_advice_and_game_chances_only_with_advice(fmt: str) -> None:
    case = "law-43-revoke/replay-worth-two.etn"
    plain, advised = ruled(case, fmt), ruled(case, fmt, "--advice")
    for words in ("worth to B", "chance of the game", "the better choice"):
        assert words not in plain, words
    assert "worth to B" in advised


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_law_s_paraphrase_is_labelled_so(fmt: str) -> None:
    text = ruled("law-43-revoke/replay-worth-two.etn", fmt)
    assert "Law 43, paraphrased" in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_open_option_says_who_holds_it_and_until_when(fmt: str) -> None:
    said = verdict(ruled("law-43-revoke/replay-worth-two.etn", fmt, "--date", "1886.06.19"))
    assert "Still open" not in said or "may still take the option" in said
    text = ruled("law-43-revoke/not-winning-replay.etn", fmt)
    if "Still open" in text:
        assert re.search(r"may still take the option \w+ \(law \d+, line \d+\), ", text)


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_ruling_is_dated_from_the_option_or_the_record_never_the_clock(fmt: str) -> None:
    case = "law-43-revoke/replay-worth-two.etn"
    assert "Ruled on: 1886.06.18" in ruled(case, fmt).replace("Ruled on 1886", "Ruled on: 1886")
    dated = ruled(case, fmt, "--date", "1886.07.01").replace("Ruled on 1886", "Ruled on: 1886")
    assert "Ruled on: 1886.07.01" in dated


def test_the_trace_is_behind_trace_in_text_and_an_appendix_in_the_reports() -> None:
    case = "law-43-revoke/replay-worth-two.etn"
    assert "Trace of the laws" not in ruled(case, "text")
    assert "Trace of the laws" in ruled(case, "text", "--trace")
    for fmt in ("md", "html"):
        text = ruled(case, fmt)
        assert "Appendix: the trace of the laws" in text
        assert text.index("Appendix: the trace") > text.index("Deal 1")


@pytest.mark.parametrize("fmt", ("md", "html"))
def test_the_report_has_a_line_for_each_player_to_sign_and_the_hash_small(fmt: str) -> None:
    text = ruled("law-43-revoke/replay-worth-two.etn", fmt)
    assert "Mr. Anstey (A):" in text and "Mr. Bourke (B):" in text
    assert "SHA-256 of its canonical text" in text


LABEL_43 = "[the project's reading, docs/laws.md, law 43]"


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_deadline_the_laws_leave_open_is_labelled_the_project_s_reading(fmt: str) -> None:
    """Law 43 sets no time for requiring the replay: the deadline (the next deal's turn-up) is
    the project's, and says so where the option is still open and under the finding."""
    text = ruled("law-43-revoke/revoke-offender-wins-point.etn", fmt)
    said = verdict(text)
    assert f"before the trump card of the next deal is turned up {LABEL_43}" in said
    deals = text[text.index("Deal 1") :]
    assert f"before the trump card of the next deal is turned up {LABEL_43}" in deals


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_claim_upheld_within_a_deadline_the_laws_leave_open_says_it_is_a_reading(
    fmt: str,
) -> None:
    text = ruled("law-43-revoke/replay-worth-two.etn", fmt)
    said = f"gives B this option before the trump card of the next deal is turned up {LABEL_43}:"
    assert said in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_deadline_the_law_sets_is_not_labelled(fmt: str) -> None:
    """Law 9's options close at the turn-up by the law's own words: no label."""
    text = ruled("law-09-misdeal/short-hand-rectified.etn", fmt)
    assert "before the trump card is turned up" in text
    assert "the project's reading, docs/laws.md" not in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_finding_that_rests_on_a_reading_says_so_and_where(fmt: str) -> None:
    """The laws do not mention a tie in the cut: that it is cut again is the project's."""
    text = ruled("law-05-higher-cut-deals/cut-tie.etn", fmt)
    assert "The project's reading, docs/laws.md, law 5: a tie in the cut is cut again." in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_correction_that_rests_on_a_reading_says_so_in_the_verdict(fmt: str) -> None:
    """Law 51 takes down an admitted overscore; that the ruling stands in for the admission
    is the project's reading, labelled on the correction."""
    said = verdict(ruled("law-51-overscore/x9-overscore-to-five-game-not-won.etn", fmt))
    assert (
        "[the project's reading, docs/laws.md, law 51: the ruling stands in for the table's "
        "admission of the overscore]" in said
    )


def test_each_reading_names_an_option_or_a_finding_of_its_law() -> None:
    """A reading labels an option's deadline only for an option its law gives, a finding only
    of a kind its law makes (found in the casebook), so no label is written for nothing."""
    from adjudicator.court.ecarte.api import EVERY, Rests

    kinds = {
        (f.get("law"), f.get("kind"))
        for path in CASES.rglob("*.ruling.toml")
        for f in _findings(path)
    }
    labelled = 0
    for law in EVERY:
        for reading in law.readings:
            labelled += 1
            if reading.rests is Rests.WINDOW:
                assert reading.name in {o.name for o in law.options}, (law.number, reading)
            elif reading.rests is Rests.FINDING:
                assert (law.number, reading.name) in kinds, (law.number, reading)
            else:
                assert reading.name == "", (law.number, reading)
            assert reading.what and not reading.what.endswith("."), (law.number, reading)
    assert labelled >= 8


def _findings(path: Path) -> list[dict[str, object]]:
    """The findings a casebook ruling expects (law and kind)."""
    import tomllib

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found = data.get("findings", [])
    return [f for f in found if isinstance(f, dict)]
