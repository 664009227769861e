"""The adjudicator skips the laws for a deal ``laws.ecarte.view.quiet`` calls quiet; here every law
is run on such deals anyway, over the casebook and over generated and mutated games, and must
find nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_mutations import MUTATIONS

from adjudicator import Record, read_one, write
from adjudicator.court.ecarte.casebook import load_cases
from adjudicator.engine.ecarte.generate import generate
from laws.ecarte import LAWS
from laws.ecarte.view import deal_views, quiet

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"


def _check(record: Record) -> int:
    """Assert no law finds anything in a quiet deal; return how many deals were quiet."""
    n = 0
    for view in deal_views(record):
        if not quiet(view):
            continue
        n += 1
        for law in LAWS:
            found = list(law.find(view))
            assert not found, f"law {law.number} finds {found[0].message!r} in a quiet deal"
    return n


def test_quiet_deals_of_the_casebook() -> None:
    for case in load_cases(CASES):
        _check(read_one(case.record))


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_quiet_deals_of_mutated_games(name: str) -> None:
    quiet_deals = 0
    for seed in range(40):
        got = MUTATIONS[name](generate(seed).record, random.Random(seed))
        if got is not None:
            quiet_deals += _check(read_one(write(got[0])))
    assert quiet_deals > 0


def test_most_deals_of_lawful_games_are_quiet() -> None:
    quiet_deals = total = 0
    for seed in range(100):
        record = read_one(write(generate(seed).record))
        quiet_deals += _check(record)
        total += len(record.deals)
    assert quiet_deals >= total // 3, (quiet_deals, total)
