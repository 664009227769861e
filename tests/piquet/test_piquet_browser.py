"""The piquet ruling a club pins up (issue 23, item 8), in a real browser (Debian's Chromium,
headless, as in :mod:`tests.test_browser_verdict`): the verdict opens the report, before any
deal; each piquet record of the docs and the tests prints to A4 within a page budget (one or
two deals to a page); nothing runs off the page and no word breaks mid-way at a phone's width
or a desk's; the winning card of each trick is marked; ``serve``'s page rules a piquet record
typed in it as piquet.

Skipped, saying why, where Chromium or ChromeDriver is not installed.
"""

from __future__ import annotations

import base64
import math
import sys
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_browser import (
    WIDTHS,
    _print,
    assert_fits,
    browser,
    open_page,
    pdf_pages,
    pytestmark,
    served,
    show,
    waiting,
)
from test_browser_verdict import MIDWORD_JS

from adjudicator.engine.piquet.generate import generate_text
from adjudicator.shell.main import app
from adjudicator.shell.serve import Server

__all__ = ["browser", "pytestmark", "served"]

ROOT = Path(__file__).resolve().parents[2]
RECORDS = [
    ROOT / "docs" / "examples" / "piquet-example.ptn",
    ROOT / "docs" / "examples" / "piquet-two-parties.ptn",
    ROOT / "tests" / "piquet" / "data" / "case-xxii.ptn",
]
"""Every piquet record of the docs and the tests' data."""

WORDS = "th, td, h1, h2, h3, h4, .verdict, #signature p, .hand .who"
"""Where no word may break: headers and cells, headings, the verdict, the signature."""


def budget(deals: int, played: int) -> int:
    """The A4 pages a piquet ruling may take: one for the verdict, the sheet and a deal or two
    whose play is written (``played``: the deals with tricks and hands, the long ones), then
    one more for each two such deals beyond; a deal written only as its result takes a line
    of the sheet and a few of its own, a page for each eight of them."""
    return 1 + math.ceil(max(0, played - 2) / 2) + (deals - played) // 8


def test_the_budget_is_one_page_for_two_deals_played() -> None:
    assert [budget(n, n) for n in (1, 2, 3, 4, 6)] == [1, 1, 2, 2, 3]
    assert budget(12, 0) == 2


def _report(record: Path, folder: Path) -> str:
    """The record's report, written to a file: its URL."""
    result = CliRunner().invoke(app, ["rule", "--format", "html", str(record)])
    assert result.stdout.startswith("<!DOCTYPE html>"), result.stdout[:200]
    page = folder / f"{record.stem}.html"
    page.write_text(result.stdout, encoding="utf-8")
    return page.as_uri()


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_the_verdict_comes_first_and_the_ruling_prints_within_the_budget(
    browser: webdriver.Chrome, tmp_path: Path, record: Path
) -> None:
    show(browser, _report(record, tmp_path), WIDTHS[-1])
    sections = browser.find_elements(By.CSS_SELECTOR, "section.verdict, section.deal")
    assert "verdict" in (sections[0].get_attribute("class") or "")
    assert "As reckoned:" in browser.find_element(By.CSS_SELECTOR, "section.verdict").text
    deals = browser.find_elements(By.CSS_SELECTOR, "section.deal")
    played = [d for d in deals if d.find_elements(By.CSS_SELECTOR, "table.tricks")]
    pages = pdf_pages(base64.b64decode(_print(browser)))
    assert pages <= budget(len(deals), len(played)), (pages, len(deals), len(played))


def test_a_partie_played_in_full_prints_two_deals_a_page(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    record = tmp_path / "six-deals.ptn"
    record.write_text(generate_text(0), encoding="utf-8")  # six deals, every card written
    show(browser, _report(record, tmp_path), WIDTHS[-1])
    assert len(browser.find_elements(By.CSS_SELECTOR, "table.tricks")) == 6
    assert pdf_pages(base64.b64decode(_print(browser))) <= budget(6, 6) == 3
    for width in WIDTHS:
        show(browser, record.with_suffix(".html").as_uri(), width)
        assert_fits(browser, width, record.name)
        assert browser.execute_script(MIDWORD_JS, WORDS) == []


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_nothing_runs_off_the_page_and_no_word_breaks(
    browser: webdriver.Chrome, tmp_path: Path, record: Path, width: int
) -> None:
    show(browser, _report(record, tmp_path), width)
    assert_fits(browser, width, record.name)
    assert browser.execute_script(MIDWORD_JS, WORDS) == []
    for summary in browser.find_elements(By.CSS_SELECTOR, "details.step-through > summary"):
        summary.click()  # every step of every deal shown
    assert_fits(browser, width, f"{record.name}, its steps shown")
    if width > 1000:  # at a desk's width every table is seen whole, none scrolled in its box
        assert browser.execute_script(SCROLLED_JS) == [], record.name


SCROLLED_JS = """
return Array.from(document.querySelectorAll('.wrap'))
  .filter(e => e.scrollWidth > e.clientWidth + 1)
  .map(e => (e.querySelector('table') || e).className);
"""
"""The boxes whose content is wider than they are (scrolled sideways), by their table's class."""


def test_the_winning_card_of_each_trick_is_marked(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    show(browser, _report(RECORDS[0], tmp_path), WIDTHS[-1])
    rows = browser.find_elements(By.CSS_SELECTOR, "table.tricks tbody tr")
    assert len(rows) == 12
    won = [r.find_element(By.CSS_SELECTOR, ".card.won").get_attribute("data-card") for r in rows]
    assert won[0] == "AH" and won[5] == "AD" and won[10] == "AS"  # trick 6: B's ace takes A's king


SHOWN_JS = """
// The report shown in the page's frame: its verdict's text, once the frame's document is loaded.
const frame = document.getElementById("report");
const inner = frame.contentDocument;
if (frame.hidden || inner === null || inner.readyState !== "complete") return null;
const verdict = inner.querySelector("section.verdict");
return verdict === null ? null : verdict.textContent;
"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_served_page_rules_a_piquet_record_as_piquet(
    browser: webdriver.Chrome, served: Server, width: int
) -> None:
    record = open_page(browser, served, width)
    text = RECORDS[2].read_text(encoding="utf-8")
    browser.execute_script(
        "arguments[0].value = arguments[1];"
        " arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
        record,
        text,
    )
    verdict = waiting(browser).until(
        lambda d: d.execute_script(SHOWN_JS), "the piquet ruling is not shown"
    )
    assert "B wins the partie by 283, a rubicon" in " ".join(verdict.split())
    assert browser.find_element(By.ID, "status").text == "1 piquet record ruled: 2 findings."
    assert not browser.find_elements(By.CSS_SELECTOR, ".notation-error")
    assert_fits(browser, width, "a piquet ruling shown")


def test_the_step_through_goes_to_the_last_trick_and_is_not_printed(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """At a phone's width: the step-through opens, "next" goes from trick to trick to the step
    after the last (each shown as the step aimed at, the hands one card shorter), nothing runs
    off the page on the way; in print it is not shown."""
    show(browser, _report(RECORDS[0], tmp_path), WIDTHS[0])
    assert not browser.find_elements(By.TAG_NAME, "script")
    steps = browser.find_element(By.CSS_SELECTOR, "details.step-through")
    assert not browser.find_element(By.CSS_SELECTOR, ".step").is_displayed()
    steps.find_element(By.TAG_NAME, "summary").click()
    current = browser.find_element(By.CSS_SELECTOR, ".step")
    assert current.is_displayed() and "Before trick 1" in current.text
    held = [12, 12]
    for trick in range(2, 14):
        current.find_element(By.LINK_TEXT, "next ▶").click()
        current = browser.find_element(By.CSS_SELECTOR, ".step:target")
        title = f"Before trick {trick}" if trick < 13 else "After the last trick"
        assert title in current.text
        held = [n - 1 for n in held]
        hands = current.find_elements(By.CSS_SELECTOR, ".hand")
        assert [len(h.find_elements(By.CSS_SELECTOR, ".card")) for h in hands] == held
        assert_fits(browser, WIDTHS[0], f"the step-through at step {trick}")
    assert not current.find_elements(By.LINK_TEXT, "next ▶")
    assert "The count of the deal: A 28, B 23." in current.text
    assert current.value_of_css_property("background-color") != "rgba(0, 0, 0, 0)"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not steps.is_displayed()
        assert browser.find_element(By.CSS_SELECTOR, "table.tricks").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_card_at_fault_links_to_its_finding(browser: webdriver.Chrome, tmp_path: Path) -> None:
    record = tmp_path / "revoke.ptn"
    source = RECORDS[0].read_text(encoding="utf-8")
    record.write_text(
        source.replace("  B plays TH\n  2. A KH B 7D\n", "  B plays 7D\n  2. A KH B TH\n"),
        encoding="utf-8",
    )
    show(browser, _report(record, tmp_path), WIDTHS[0])
    (fault,) = browser.find_elements(By.CSS_SELECTOR, "table.tricks a.card-link .card.fault")
    assert fault.get_attribute("data-card") == "7D"
    assert fault.value_of_css_property("outline-style") == "solid"
    browser.find_element(By.CSS_SELECTOR, "table.tricks a.card-link").click()
    finding = browser.find_element(By.CSS_SELECTOR, "li.finding:target")
    assert "revoke" in finding.text and "B plays 7D to AH" in finding.text
    assert_fits(browser, WIDTHS[0], "a card at fault")
