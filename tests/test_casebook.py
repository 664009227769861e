"""The casebook: every case's record receives the ruling written for it by hand, from the laws.

Each case is ``cases/law-NN-name/<case>.etn`` (or, for a rule profile's case,
``cases/profile-NAME/<case>.etn``) with ``<case>.ruling.toml`` beside it (see
``adjudicator.court.ecarte.casebook``). The expected rulings are the legal truth; they are never
regenerated from the program's output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import read_one
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.court.ecarte.casebook import (
    Case,
    ExpectedFinding,
    ExpectedNote,
    differences,
    load_cases,
)
from adjudicator.engine.ecarte.profiles import PROFILES, profile_named
from laws.ecarte import BY_NUMBER, LAWS, RULES

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"
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
        if case.name.startswith("profile-"):
            continue  # test_every_profile_case_says_its_profile
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


PROFILE_CASES = [c for c in ALL if c.name.startswith("profile-")]


def test_every_profile_case_says_its_profile() -> None:
    """A profile's case states the profile the ruling must use; it is the folder's, or (a near
    miss) the club code, or a combination holding the folder's; its law is a law or a rule."""
    for case in PROFILE_CASES:
        folder = case.name.split("/")[0].removeprefix("profile-")
        assert folder in PROFILES, case.name
        rules = case.expected.rules
        assert rules is not None, f"{case.name}: no rules"
        parts = {p.name for p in profile_named(rules).parts}
        assert folder in parts or rules == "club-1878" or folder == "french", case.name
        assert case.expected.law in BY_NUMBER, case.name


def test_every_profile_has_six_cases_with_triggers_and_near_misses() -> None:
    for name, profile in PROFILES.items():
        if not profile.departures():
            continue  # the club code
        mine = [c for c in PROFILE_CASES if c.name.startswith(f"profile-{name}/")]
        assert len(mine) >= 6, name
        assert any(c.expected.triggers for c in mine), name
        assert any(not c.expected.triggers for c in mine), name


def test_every_rule_has_a_trigger_and_a_near_miss() -> None:
    triggers = {c.expected.law for c in PROFILE_CASES if c.expected.triggers}
    misses = {c.expected.law for c in PROFILE_CASES if not c.expected.triggers}
    every = {rule.number for rule in RULES}
    assert every - triggers == set(), "rules with no triggering case"
    assert every - misses == set(), "rules with no near miss"
