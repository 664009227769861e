"""The same dispute written three ways (issue 10): with its packets, with the hands stated whole
(``holds``), and with the dealing not written down at all. Where the facts a law needs are in
each, the ruling is the same: the same findings (law, kind, offender), outcomes, marks,
corrections and score; only the lines differ."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import read_one
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.court.ecarte.ruling import RecordRuling

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"

WAYS = [
    (
        "law-43-revoke/revoke-offender-wins-point.etn",
        "law-43-revoke/i10-revoke-hands-stated-whole.etn",
        "law-43-revoke/i10-revoke-dealing-not-written.etn",
    ),
    (
        "law-38-stock-short/stock-runs-out.etn",
        "law-38-stock-short/i10-stock-runs-out-hands-stated-whole.etn",
        "law-38-stock-short/i10-stock-runs-out-dealing-not-written.etn",
    ),
    (
        "law-37-card-turned-in-error/forced-acceptance.etn",
        "law-37-card-turned-in-error/i10-turned-in-error-written-so.etn",
    ),
]


def _substance(ruling: RecordRuling) -> object:
    """The ruling without its lines: what a referee would read out."""
    return (
        sorted((f.law, f.kind, f.offender) for f in ruling.findings),
        [(d.number, d.outcome, d.marks) for d in ruling.deals],
        sorted((c.player, c.points, c.law) for c in ruling.corrections),
        ruling.score,
        ruling.winner,
    )


@pytest.mark.parametrize("ways", WAYS, ids=lambda ways: Path(ways[0]).stem)
def test_a_dispute_written_each_way_is_ruled_alike(ways: tuple[str, ...]) -> None:
    rulings = [adjudicate(read_one((CASES / way).read_text(encoding="utf-8"))) for way in ways]
    assert rulings[0].findings, "the dispute has an irregularity to rule on"
    first = _substance(rulings[0])
    for way, ruling in zip(ways[1:], rulings[1:], strict=True):
        assert _substance(ruling) == first, way
