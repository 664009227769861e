"""``ecarte serve``'s Print, Save and reload (issue 23, items 7 and 9), in a real browser
(Debian's Chromium, headless, as in :mod:`tests.test_browser`, which tests the buttons at a
desk's width): at a phone's width the buttons are within reach and nothing runs off the page;
the report saved opens alone, from the file, with its verdict first, fetching nothing, and
prints on one A4 page; a draft that cannot yet be ruled survives a reload with its error, and
the buttons stay off until there is a report. And the report of ``rule --analyse`` (item 3):
the cost of each card beside it in the trick grid and the step-through, and the labels of the
project's readings (item 4), shown without running off the page or breaking a word.

Skipped, saying why, where Chromium or ChromeDriver is not installed.
"""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from test_browser import (
    CASES,
    READY_JS,
    RESOURCES_JS,
    TYPED,
    TYPO,
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
from typer.testing import CliRunner

from adjudicator.shell.cli import app
from adjudicator.shell.serve import Server

__all__ = ["browser", "pytestmark", "served"]

PHONE = WIDTHS[0]

SAVED = "ruling-casebook-law-43-what-the-replay-is-worth-to-the-non-offender.html"
"""The name Save gives the report of :data:`TYPED` (its event)."""


def test_at_a_phone_s_width_the_report_is_saved_and_opens_alone_on_one_page(
    browser: webdriver.Chrome, served: Server, tmp_path: Path
) -> None:
    record = open_page(browser, served, PHONE)
    printing, saving = browser.find_element(By.ID, "print"), browser.find_element(By.ID, "save")
    record.send_keys(TYPED)
    waiting(browser).until(lambda d: d.execute_script(READY_JS), "the ruling is not shown")
    assert printing.is_displayed() and printing.is_enabled()
    assert saving.is_displayed() and saving.is_enabled()
    assert_fits(browser, PHONE, "the report and its buttons")

    browser.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)}
    )
    saving.click()
    saved = tmp_path / SAVED
    waiting(browser).until(lambda d: saved.is_file(), f"nothing saved: {list(tmp_path.iterdir())}")

    # The file alone, as a club member opens it: verdict first, nothing fetched, one page.
    show(browser, saved.as_uri(), PHONE)
    body = browser.find_element(By.TAG_NAME, "body").text
    assert body.index("Verdict") < body.index("Deal 1:"), body[:400]
    fetched: list[str] = browser.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name);"
    )
    assert fetched == [], f"the saved report fetched {fetched}"
    assert_fits(browser, PHONE, "the saved report")
    assert pdf_pages(base64.b64decode(_print(browser))) == 1
    browser.get(served.url)
    browser.execute_script("localStorage.clear();")


def test_a_draft_that_cannot_be_ruled_survives_a_reload_with_its_error(
    browser: webdriver.Chrome, served: Server
) -> None:
    record = open_page(browser, served, PHONE)
    record.send_keys(TYPO)
    waiting(browser).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".notation-error"), "no error listed"
    )
    browser.refresh()
    errors = waiting(browser).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".notation-error"),
        "the draft's error is not listed again after the reload",
    )
    assert browser.find_element(By.ID, "record").get_property("value") == TYPO
    assert [e.get_attribute("data-line") for e in errors] == ["11"]
    for button in ("print", "save"):  # nothing to print or save: no report
        assert not browser.find_element(By.ID, button).is_enabled(), button
    assert not browser.find_element(By.ID, "report").is_displayed()
    fetched: list[str] = browser.execute_script(RESOURCES_JS)
    assert all(n.startswith((served.url, "about:", "data:")) for n in fetched), fetched
    browser.execute_script("localStorage.clear();")


ANALYSED = CASES / "law-43-revoke" / "replay-worth-two.etn"
"""A revoke (a card no lawful play), and two cards that each cost a trick."""


def _analysed(folder: Path) -> str:
    """The report of ``rule --format html --analyse`` on :data:`ANALYSED`, written to a
    file: its URL."""
    result = CliRunner().invoke(app, ["rule", "--format", "html", "--analyse", str(ANALYSED)])
    page = folder / "analysed.html"
    page.write_text(result.stdout, encoding="utf-8")
    return page.as_uri()


@pytest.mark.parametrize("width", WIDTHS)
def test_each_card_s_cost_is_shown_beside_it_and_fits(
    browser: webdriver.Chrome, tmp_path: Path, width: int
) -> None:
    show(browser, _analysed(tmp_path), width)
    grid = browser.find_elements(By.CSS_SELECTOR, "table.tricks .cost")
    assert len(grid) == 10 and all(c.is_displayed() for c in grid)
    lost = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "table.tricks .cost.lost")]
    assert lost == [
        "not a lawful card; best 7♥",
        "costs 1 trick; best K♣ A♣",
        "costs 1 trick; best K♣ A♣",
    ]
    browser.find_element(By.CSS_SELECTOR, "details.step-through > summary").click()
    step = browser.find_element(By.CSS_SELECTOR, ".step")
    assert "not a lawful card; best 7♥" in step.text
    assert_fits(browser, width, "the costs beside the cards")
    broken = browser.execute_script(MIDWORD_JS, ".cost, .reading, .verdict, th, td")
    assert not broken, f"words broken across lines at {width} px: {broken[:8]}"


def test_a_reading_s_label_is_shown_apart_from_the_law(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    show(browser, _analysed(tmp_path), WIDTHS[-1])
    label = browser.find_element(By.CSS_SELECTOR, ".option .reading")
    assert label.text == "[the project's reading, docs/laws.md, law 43]"
    assert label.value_of_css_property("font-style") == "italic"
    law = browser.find_element(By.CSS_SELECTOR, "blockquote.law")
    assert law.text.startswith("Law 43, paraphrased.")
