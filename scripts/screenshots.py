"""Take the screenshots of the referee's report shown in the README (docs/screenshots/).

Renders three casebook rulings with ``ecarte rule --format html`` (a revoke whose replay is
worth two marks, an overscore taken down in the next deal, a fresh deal claimed and taken)
and takes each page whole, 1280 CSS pixels wide, in Debian's headless Chromium driven by
Selenium through Debian's ChromeDriver (nothing is downloaded); the first also 390 pixels
wide, as on a phone, and with ``--analyse`` (each card's cost beside it). Then the page of
``ecarte serve`` (a server on a free port of 127.0.0.1, for the time of the shot) with the
first record typed in and its report shown. Then two Piquet reports (``.ptn`` files are
ruled as Piquet by the same command): Cavendish's example deal, and his Case XXII at 390
pixels.

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots]

Needs /usr/bin/chromium and /usr/bin/chromedriver (``apt-get install chromium chromium-driver``)
and Selenium (the ``test`` extra).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import sys
import tempfile
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from typer.testing import CliRunner

from adjudicator.shell.cli import app
from adjudicator.shell.serve import make_server, serve

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases" / "ecarte"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

SHOTS: list[tuple[Path, str, int, tuple[str, ...]]] = [
    # (record, picture, width in CSS pixels, what ``rule`` is told besides)
    (CASES / "law-43-revoke" / "replay-worth-two.etn", "replay-worth-two.png", 1280, ()),
    (CASES / "law-43-revoke" / "replay-worth-two.etn", "replay-worth-two-390.png", 390, ()),
    (
        CASES / "law-43-revoke" / "replay-worth-two.etn",
        "replay-worth-two-analysed.png",
        1280,
        ("--analyse",),
    ),
    (
        CASES / "law-51-overscore" / "i9-overscore-taken-down-next-deal.etn",
        "overscore-taken-down-next-deal.png",
        1280,
        (),
    ),
    (
        CASES / "law-15-non-dealer-too-many" / "fresh-deal-before-proposing.etn",
        "fresh-deal-taken.png",
        1280,
        (),
    ),
    # Piquet: Cavendish's example deal (the declarations, the step-through with the count) and
    # his Case XXII (thirteen cards in the last deal, a rubicon)
    (ROOT / "docs" / "examples" / "piquet-example.ptn", "piquet-example.png", 1280, ()),
    (ROOT / "tests" / "piquet" / "data" / "case-xxii.ptn", "piquet-case-xxii-390.png", 390, ()),
]

SERVED = (CASES / "law-43-revoke" / "replay-worth-two.etn", "serve.png", 1280)
"""The record typed into ``ecarte serve``'s page, the picture, its width."""

TYPE_JS = """
// Put the record in the page's textarea and the referee's name in its field, as typing would.
const record = document.getElementById("record");
record.value = arguments[0];
record.dispatchEvent(new Event("input"));
const referee = document.getElementById("referee");
referee.value = arguments[1];
referee.dispatchEvent(new Event("input"));
"""

READY_JS = """
// The report shown in the page's frame.
const frame = document.getElementById("report");
const inner = frame.contentDocument;
return !frame.hidden && inner !== null && inner.readyState === "complete"
  && inner.querySelector(".verdict") !== null;
"""

REFEREE = "A. Referee"


def browser() -> webdriver.Chrome:
    """A headless Chromium."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)


def report(record: Path, folder: Path, given: tuple[str, ...] = ()) -> Path:
    """The record's report, as ``ecarte rule --format html --referee REFEREE`` writes it (with
    the options ``given``), in a file of ``folder``. The report names the record by the path it
    was given: relative to the repository, as the README's readers would give it."""
    name = record.relative_to(ROOT).as_posix()
    with contextlib.chdir(ROOT):
        args = ["rule", "--format", "html", "--referee", REFEREE, *given, name]
        result = CliRunner().invoke(app, args)
    if result.exit_code not in (0, 1) or not result.stdout.startswith("<!DOCTYPE html>"):
        sys.exit(f"ecarte rule --format html {name} failed ({result.exit_code}):\n{result.output}")
    page = folder / f"{record.stem}{''.join(given)}.html"
    page.write_text(result.stdout, encoding="utf-8")
    return page


def screenshot(driver: webdriver.Chrome, page: Path | str, width: int) -> bytes:
    """The whole page (a file, or an address already open: ``""``) as a PNG, ``width`` CSS
    pixels wide and as tall as the page."""
    driver.set_window_size(width, 900)
    # No scroll bar: the page is laid out across the whole width.
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
    if isinstance(page, Path):
        driver.get(page.as_uri())
    # The page's own width (the window less a scroll bar) and its whole height.
    size = driver.execute_script(
        "const e = document.documentElement; return [e.clientWidth, e.scrollHeight]"
    )
    clip = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"format": "png", "captureBeyondViewport": True, "fromSurface": True, "clip": clip},
    )
    return base64.b64decode(shot["data"])


def served(driver: webdriver.Chrome) -> bytes:
    """The page of ``ecarte serve`` with :data:`SERVED`'s record typed in and its report
    shown, as a PNG: a server on a free port for the time of the shot, the page's draft
    cleared after it."""
    record, _, width = SERVED
    server = make_server(0)
    thread = threading.Thread(target=serve, args=(server,), kwargs={"say": lambda _: None})
    thread.start()
    try:
        driver.set_window_size(width, 900)
        driver.get(server.url)
        driver.execute_script(TYPE_JS, record.read_text(encoding="utf-8"), REFEREE)
        deadline = time.monotonic() + 10
        while not driver.execute_script(READY_JS):
            if time.monotonic() > deadline:
                sys.exit("ecarte serve did not show the report within 10 s")
            time.sleep(0.1)
        png = screenshot(driver, "", width)
        driver.execute_script("localStorage.clear();")
        return png
    finally:
        server.shutdown()  # (serve closes its socket and its ruling processes)
        thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    for needed in (CHROMIUM, CHROMEDRIVER):
        if not needed.is_file():
            sys.exit(f"{needed} is missing: apt-get install chromium chromium-driver")
    args.out.mkdir(parents=True, exist_ok=True)
    driver = browser()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for record, picture, width, given in SHOTS:
                png = screenshot(driver, report(record, Path(folder), given), width)
                (args.out / picture).write_bytes(png)
                print(f"{args.out / picture}: {width} px wide, {len(png) // 1024} KB")
        png = served(driver)
        (args.out / SERVED[1]).write_bytes(png)
        print(f"{args.out / SERVED[1]}: {SERVED[2]} px wide, {len(png) // 1024} KB")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
