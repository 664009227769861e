"""The referee's report (``ecarte rule --format html``) in a real browser: Debian's Chromium,
headless, driven by Selenium through Debian's ChromeDriver (nothing is downloaded).

For casebook records chosen to cover many features (a replay and its worth, a card exposed in
dealing, several cards turned with a fresh deal required, a fresh deal claimed and taken, an
overscore over four deals, a vole claimed on abandoning, a deal with four findings, a game of
seven deals): at a phone's width and a desk's, nothing runs off the side of the page; every
finding's line is marked and shown; and the page prints to A4 a deal to a page.

Skipped, saying why, where Chromium or ChromeDriver is not installed; .ci/run installs both, so
in CI these tests run. Not covered yet: the page that ``ecarte serve`` serves.
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from typer.testing import CliRunner

from adjudicator.court.adjudicate import adjudicate
from adjudicator.notation.reader import read_one
from adjudicator.shell.cli import app

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def _installed(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


pytestmark = pytest.mark.skipif(
    not (_installed(CHROMIUM) and _installed(CHROMEDRIVER)),
    reason=(
        f"the browser tests need Debian's Chromium and ChromeDriver ({CHROMIUM}, {CHROMEDRIVER});"
        " install them with `apt-get install chromium chromium-driver` (.ci/run does)"
    ),
)

CASES = Path(__file__).resolve().parent.parent / "cases"
RECORDS = [
    CASES / "law-43-revoke" / "replay-worth-two.etn",
    CASES / "law-13-exposed-in-dealing" / "exposed-played-on-lost.etn",
    CASES / "law-11-several-turned" / "looked-before-choosing.etn",
    CASES / "law-15-non-dealer-too-many" / "fresh-deal-before-proposing.etn",
    CASES / "law-51-overscore" / "x9-overscore-to-five-game-not-won.etn",
    CASES / "law-42-abandoning" / "hoyle-position-vole-claimed.etn",
    CASES / "law-20-non-dealer-plays-wrong-number" / "six-cards-played-out.etn",
    CASES / "law-46-game" / "i10-game-won-by-a-king-during-the-play.etn",
]
WIDTHS = [390, 1280]
"""A phone's width and a desk's, in CSS pixels."""

HEIGHT = 900

OVERFLOW_JS = """
// What runs off the right (or left) of the page: the page's scroll width, and each element
// whose box ends beyond the viewport, unless it is inside a box that scrolls sideways (a wide
// table in a .wrap). The viewport is the document's client width: the window's inner width
// less a scroll bar, if the window shows one.
const view = document.documentElement.clientWidth;
function inScroller(el) {
  for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
    const o = getComputedStyle(p).overflowX;
    if (o === "auto" || o === "scroll") return true;
  }
  return false;
}
const offenders = [];
for (const el of document.body.querySelectorAll("*")) {
  const box = el.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) continue;
  if ((box.right > view + 1 || box.left < -1) && !inScroller(el)) {
    const text = (el.textContent || "").replace(/\\s+/g, " ").trim().slice(0, 60);
    offenders.push(`<${el.tagName.toLowerCase()} class="${el.getAttribute("class") || ""}">`
      + ` left ${box.left.toFixed(1)}, right ${box.right.toFixed(1)}: ${text}`);
  }
}
return {
  innerWidth: window.innerWidth,
  clientWidth: view,
  scrollWidth: document.documentElement.scrollWidth,
  offenders: offenders,
};
"""


@dataclass(frozen=True)
class Report:
    """One record's report, written to a file, and the ruling it shows."""

    record: Path
    url: str
    finding_lines: list[int]
    deals: int


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    """One headless Chromium for the module, quit at the end."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, Report]:
    """Each record's report as ``ecarte rule --format html --referee "A. Referee"`` writes it."""
    folder = tmp_path_factory.mktemp("reports")
    out: dict[Path, Report] = {}
    for record in RECORDS:
        result = CliRunner().invoke(
            app, ["rule", "--format", "html", "--referee", "A. Referee", str(record)]
        )
        assert result.exit_code in (0, 1), result.output
        assert result.stdout.startswith("<!DOCTYPE html>"), result.stdout[:200]
        page = folder / f"{record.stem}.html"
        page.write_text(result.stdout, encoding="utf-8")
        ruling = adjudicate(read_one(record), advise=True)
        out[record] = Report(
            record=record,
            url=page.as_uri(),
            finding_lines=sorted({f.line for f in ruling.findings}),
            deals=len(ruling.deals),
        )
    return out


def show(driver: webdriver.Chrome, url: str, width: int) -> None:
    """Open ``url`` in a window ``width`` CSS pixels wide."""
    driver.set_window_size(width, HEIGHT)
    driver.get(url)
    inner = driver.execute_script("return window.innerWidth")
    assert inner == width, f"the window is {inner} px wide inside, not {width}"


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF: its page objects (``/Type /Page``, not ``/Pages``), checked
    against the page tree's ``/Count`` where there is one. A PDF whose pages cannot be counted
    so (its objects compressed into streams) fails rather than counting as none."""
    assert pdf.startswith(b"%PDF-"), pdf[:20]
    pages = len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))
    assert pages > 0, "no page object found: the PDF's objects may be compressed"
    counts = [int(n) for n in re.findall(rb"/Count\s+(\d+)", pdf)]
    if counts:
        assert max(counts) == pages, f"{pages} page objects, but the page tree says {max(counts)}"
    return pages


def test_pdf_pages_counts_page_objects_not_the_page_tree() -> None:
    pdf = (
        b"%PDF-1.4\n1 0 obj << /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >> endobj\n"
        b"2 0 obj << /Type /Page /Parent 1 0 R >> endobj\n"
        b"3 0 obj <</Type/Page/Parent 1 0 R>> endobj\n%%EOF\n"
    )
    assert pdf_pages(pdf) == 2


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_nothing_runs_off_the_page(
    browser: webdriver.Chrome, reports: dict[Path, Report], record: Path, width: int
) -> None:
    show(browser, reports[record].url, width)
    found: dict[str, Any] = browser.execute_script(OVERFLOW_JS)
    assert found["scrollWidth"] <= found["clientWidth"] + 1, (
        f"the page scrolls sideways at {width} px: scroll width {found['scrollWidth']},"
        f" client width {found['clientWidth']}, inner width {found['innerWidth']}; offenders:\n"
        + "\n".join(found["offenders"][:10])
    )
    assert not found["offenders"], (
        f"{len(found['offenders'])} element(s) run off the page at {width} px:\n"
        + "\n".join(found["offenders"][:10])
    )


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_every_finding_line_is_marked(
    browser: webdriver.Chrome, reports: dict[Path, Report], record: Path
) -> None:
    report = reports[record]
    show(browser, report.url, WIDTHS[-1])
    assert len(browser.find_elements(By.CSS_SELECTOR, "section.deal")) == report.deals
    plain = browser.find_elements(By.CSS_SELECTOR, ".listing .line:not(.irregular)")
    assert plain, "no unmarked line to compare the marked ones with"
    plain_background = plain[0].value_of_css_property("background-color")
    for line in report.finding_lines:
        marked = browser.find_elements(By.CSS_SELECTOR, f'.irregular[data-line="{line}"]')
        assert any(m.is_displayed() for m in marked), f"line {line} is not marked, or not shown"
        for m in marked:
            assert m.value_of_css_property("background-color") != plain_background, (
                f"line {line} is marked but not highlighted"
            )
        findings = browser.find_elements(By.CSS_SELECTOR, f'.finding[data-line="{line}"]')
        assert any(f.is_displayed() for f in findings), f"no finding shown for line {line}"


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_prints_a_deal_to_a_page(
    browser: webdriver.Chrome, reports: dict[Path, Report], record: Path
) -> None:
    report = reports[record]
    show(browser, report.url, WIDTHS[-1])
    printed = browser.execute_cdp_cmd(
        "Page.printToPDF", {"printBackground": False, "preferCSSPageSize": True}
    )
    pages = pdf_pages(base64.b64decode(printed["data"]))
    # Each deal but the first begins a page (the print styles' break-before), and a deal fits
    # on one. The one page allowed beyond the deals: the first deal shares its page with the
    # heading (the players, the lines before the first deal), and the score sheet, the
    # corrections, the trace of the laws and the signature follow the last deal on its page
    # and may run on to one more.
    assert pages <= report.deals + 1, (
        f"{record.name}: {pages} pages for {report.deals} deal(s): a deal, or the first with"
        " the heading, runs over an A4 page"
    )
