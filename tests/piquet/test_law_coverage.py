"""Issue 24's measure of the casebook: every one of the 78 laws has a case that triggers it and
a near miss that must not, both ruled as written (not pending), as ``adjudicator laws --game
piquet --format json`` lists them (``cases`` and ``near_misses``)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.shell.cli import app

PENDING = frozenset(
    line
    for line in (Path(__file__).parent / "pending_cases.txt").read_text("utf-8").splitlines()
    if line and not line.startswith("#")
)

LACKING: dict[int, str] = {
    18: "both",
    19: "both",
    20: "both",
    21: "both",
    22: "both",
    23: "both",
    24: "both",
    26: "both",
    27: "both",
    29: "both",
    32: "trigger",
    33: "both",
    34: "both",
    36: "both",
    37: "both",
    38: "both",
    39: "both",
    40: "both",
    41: "both",
    42: "both",
    43: "both",
    45: "both",
    61: "both",
    64: "near miss",
    65: "near miss",
    67: "trigger",
    71: "near miss",
}
"""The laws still without a passing trigger or near miss, and which (``trigger``, ``near
miss`` or ``both``): strict, so that a law that gains them must leave this list."""


def _name(path: str) -> str:
    """A case's name as the pending list writes it: its folder and stem."""
    return path.removesuffix(".ptn")


def test_every_law_has_a_passing_trigger_and_near_miss() -> None:
    result = CliRunner().invoke(app, ["laws", "--game", "piquet", "--format", "json"])
    assert result.exit_code == 0, result.output
    laws = json.loads(result.stdout)["laws"]
    assert [law["number"] for law in laws] == list(range(1, 79))
    lacking = {}
    for law in laws:
        near = {p for p in law["near_misses"] if _name(p) not in PENDING}
        trigger = {p for p in law["cases"] if p not in law["near_misses"]}
        trigger = {p for p in trigger if _name(p) not in PENDING}
        missing = [what for what, have in (("trigger", trigger), ("near miss", near)) if not have]
        if missing:
            lacking[law["number"]] = "both" if len(missing) == 2 else missing[0]
    assert lacking == LACKING
