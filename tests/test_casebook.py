"""The casebook: every case's record receives the ruling written for it by hand, from the laws.

Each case is ``cases/law-NN-name/<case>.etn`` with ``<case>.ruling.toml`` beside it (see
``adjudicator.court.casebook``). The expected rulings are the legal truth; they are never
regenerated from the program's output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import read_one
from adjudicator.court.adjudicate import adjudicate
from adjudicator.court.casebook import (
    Case,
    ExpectedFinding,
    ExpectedNote,
    differences,
    load_cases,
)
from laws import LAWS

CASES = Path(__file__).resolve().parent.parent / "cases"
ALL = load_cases(CASES)
DEFINITIONAL = {law.number for law in LAWS if law.definitional}
"""Laws that define (the deal, the scoring) rather than govern an irregularity: a case
triggers them by their applying, with no finding of theirs (law data, ``Law.definitional``)."""


@pytest.mark.parametrize("case", ALL, ids=[c.name for c in ALL])
def test_case(case: Case) -> None:
    advise = any(d.advice is not None for d in case.expected.deals)  # valuing takes time
    ruling = adjudicate(read_one(case.record), advise=advise)
    problems = differences(case.expected, ruling)
    assert not problems, f"{case.record}:\n  " + "\n  ".join(problems)


def test_every_case_names_its_own_law() -> None:
    for case in ALL:
        folder_law = int(case.name.split("-")[1])
        assert case.expected.law == folder_law, case.name
        if case.expected.triggers:
            spoken: list[ExpectedFinding | ExpectedNote] = [
                *case.expected.findings,
                *case.expected.notes,
            ]
            assert any(f.law == folder_law for f in spoken) or folder_law in DEFINITIONAL, (
                f"{case.name}: a triggering case lists no finding of law {folder_law}"
            )
        else:
            assert not any(f.law == folder_law for f in case.expected.findings), case.name


def test_every_law_has_a_trigger_and_a_near_miss() -> None:
    """The README's promise: each law is shown by a case where it applies and one where it
    does not (a near miss)."""
    triggers = {c.expected.law for c in ALL if c.expected.triggers}
    misses = {c.expected.law for c in ALL if not c.expected.triggers}
    every = {law.number for law in LAWS}
    assert every - triggers == set(), "laws with no triggering case"
    assert every - misses == set(), "laws with no near miss"
