"""The ruling a club pins up (issue 23), in a real browser (Debian's Chromium, headless, as in
:mod:`tests.test_browser`): the verdict opens every report, before any deal; every casebook
record prints to A4 within a page budget; no word is broken across lines at a phone's width or
a desk's (table headers, line numbers, the verdict); the card at fault is marked in the trick
grid and links to its finding; the winning card of each trick is marked; the step-through of
the play moves from trick to trick with no script.

Skipped, saying why, where Chromium or ChromeDriver is not installed.
"""

from __future__ import annotations

import base64
import math
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from test_browser import (
    CASES,
    HEIGHT,
    RECORDS,
    WIDTHS,
    _print,
    assert_fits,
    browser,
    pdf_pages,
    pytestmark,
    show,
)
from typer.testing import CliRunner

from adjudicator.shell.cli import app

__all__ = ["browser", "pytestmark"]

EVERY = sorted(CASES.rglob("*.etn"))
"""Every casebook record."""

FAULT = CASES / "law-43-revoke" / "replay-worth-two.etn"
"""A revoke in the first trick: the card at fault is A's seven of spades (a trump)."""

MIDWORD_JS = """
// Each word of the text in the elements matched, that the browser lays out on more than one
// line (a word broken mid-way): its element, and the word. A word is what lies between
// spaces, hyphens, dashes and slashes (a line may end after any of them).
const broken = [];
for (const el of document.querySelectorAll(arguments[0])) {
  if (!el.offsetParent && getComputedStyle(el).position !== "fixed") continue;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest("code, .hash, .hash-full")) continue;  // code wraps anywhere
    const text = node.textContent;
    const re = /[^\\s\\-\u2010\u2013\u2014\\/]+/g;  // a break after a hyphen or slash is no break
    let m;
    while ((m = re.exec(text)) !== null) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
        .map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(`${el.tagName.toLowerCase()}.${el.className}: ${m[0]}`);
    }
  }
}
return broken;
"""

WORDS = "th, td, .listing .ln, h1, h2, h3, h4, .verdict, .fate, .beside, #signature p"
"""Where no word may break: headers and cells, line numbers, headings, the verdict, the
signature (the record's own lines and the hash may wrap anywhere: they are code)."""


LINES_A_PAGE = 45
"""The lines of a record that one A4 page of its ruling is sure to hold beside the rest."""


def budget(deals: int, lines: int = 0) -> int:
    """The A4 pages a ruling of ``deals`` deals, of a record of ``lines`` lines, may take: one
    for one or two deals (or none), then about one more for each three deals beyond; and a
    long record a page for each :data:`LINES_A_PAGE` lines (a ruling prints its record's
    lines whole, none split across pages)."""
    return max(1 + math.ceil(max(0, deals - 2) / 3), math.ceil(lines / LINES_A_PAGE))


def test_the_budget_is_one_page_for_two_deals_then_one_for_three() -> None:
    assert [budget(n) for n in (0, 1, 2, 3, 5, 6, 8, 9)] == [1, 1, 1, 2, 2, 3, 3, 4]
    assert [budget(2, n) for n in (30, 45, 46, 91)] == [1, 1, 2, 3]


def _report(record: Path, folder: Path) -> str:
    """The record's report, written to a file: its URL."""
    result = CliRunner().invoke(app, ["rule", "--format", "html", str(record)])
    assert result.stdout.startswith("<!DOCTYPE html>"), result.stdout[:200]
    page = folder / f"{record.parent.name}-{record.stem}.html"
    page.write_text(result.stdout, encoding="utf-8")
    return page.as_uri()


def _has_page(browser: webdriver.Chrome, page: int) -> bool:
    """Whether the page printed has a page ``page``: that page alone printed, which Chromium
    refuses ("Page range exceeds page count") when the print is shorter. A quarter cheaper
    than printing every page, and as exact: a record over its budget is then printed whole to
    say by how much."""
    try:
        browser.execute_cdp_cmd(
            "Page.printToPDF",
            {"printBackground": False, "preferCSSPageSize": True, "pageRanges": str(page)},
        )
    except WebDriverException as e:
        if "Page range exceeds page count" in str(e):
            return False
        raise
    return True


def test_a_page_beyond_the_print_is_told_apart(browser: webdriver.Chrome, tmp_path: Path) -> None:
    """The check can fail: a one-page ruling has a page 1 and no page 2."""
    show(browser, _report(EVERY[0], tmp_path), WIDTHS[-1])
    assert pdf_pages(base64.b64decode(_print(browser))) == 1
    assert _has_page(browser, 1)
    assert not _has_page(browser, 2)


PARTS = 4
"""The casebook is printed in this many parts, so that the workers of ``pytest -n`` share it."""


@pytest.mark.parametrize("part", range(PARTS))
def test_every_casebook_record_opens_with_its_verdict_and_prints_within_the_budget(
    browser: webdriver.Chrome, tmp_path: Path, part: int
) -> None:
    over = []
    browser.set_window_size(WIDTHS[-1], HEIGHT)  # once: the records open in the same window
    for record in EVERY[part::PARTS]:
        browser.get(_report(record, tmp_path))
        sections = browser.find_elements(By.CSS_SELECTOR, "section.verdict, section.deal")
        assert sections and "verdict" in (sections[0].get_attribute("class") or ""), record
        verdict = browser.find_element(By.CSS_SELECTOR, "section.verdict")
        assert "As corrected:" in verdict.text and verdict.is_displayed(), record
        deals = len(browser.find_elements(By.CSS_SELECTOR, "section.deal"))
        lines = len(record.read_text(encoding="utf-8").splitlines())
        if _has_page(browser, budget(deals, lines) + 1):
            pages = pdf_pages(base64.b64decode(_print(browser)))
            over.append(f"{record.relative_to(CASES)}: {pages} pages, {deals} deals, {lines} lines")
    assert not over, f"{len(over)} of part {part} over the page budget:\n" + "\n".join(over)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_no_word_breaks_mid_way(
    browser: webdriver.Chrome, tmp_path: Path, record: Path, width: int
) -> None:
    show(browser, _report(record, tmp_path), width)
    assert_fits(browser, width, "the report")
    broken = browser.execute_script(MIDWORD_JS, WORDS)
    assert not broken, f"words broken across lines at {width} px: {broken[:8]}"


def test_the_card_at_fault_and_each_trick_s_winner_are_marked(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    show(browser, _report(FAULT, tmp_path), WIDTHS[-1])
    (fault,) = browser.find_elements(By.CSS_SELECTOR, "table.tricks a.card-link .card.fault")
    assert fault.get_attribute("data-card") == "7S"
    assert "trump" in (fault.get_attribute("class") or "").split()
    link = browser.find_element(By.CSS_SELECTOR, "table.tricks a.card-link")
    target = (link.get_attribute("href") or "").split("#")[1]
    finding = browser.find_element(By.ID, target)
    assert "finding" in (finding.get_attribute("class") or "") and "law 43" in finding.text
    assert fault.value_of_css_property("outline-style") == "solid"
    rows = browser.find_elements(By.CSS_SELECTOR, "table.tricks tbody tr")
    for row in rows:  # one winning card in each trick, the winner's
        won = row.find_elements(By.CSS_SELECTOR, ".card.won")
        assert len(won) == 1, row.text


def test_the_step_through_goes_from_trick_to_trick_without_a_script(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    show(browser, _report(FAULT, tmp_path), WIDTHS[0])
    assert not browser.find_elements(By.TAG_NAME, "script")
    steps = browser.find_element(By.CSS_SELECTOR, "details.step-through")
    steps.find_element(By.TAG_NAME, "summary").click()
    first = browser.find_element(By.CSS_SELECTOR, ".step")
    assert first.is_displayed() and "Before trick 1" in first.text
    held = [
        len(h.find_elements(By.CSS_SELECTOR, ".card"))
        for h in first.find_elements(By.CSS_SELECTOR, ".hand")
    ]
    assert held == [5, 5]
    first.find_element(By.LINK_TEXT, "next ▶").click()
    current = browser.find_element(By.CSS_SELECTOR, ".step:target")
    assert "Before trick 2" in current.text
    held = [
        len(h.find_elements(By.CSS_SELECTOR, ".card"))
        for h in current.find_elements(By.CSS_SELECTOR, ".hand")
    ]
    assert held == [4, 4]
    assert current.value_of_css_property("background-color") != first.value_of_css_property(
        "background-color"
    )
    assert_fits(browser, WIDTHS[0], "the step-through")
