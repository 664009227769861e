"""The law table: 51 laws in order, each stated, interpreted, and shown by the casebook."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from adjudicator.court.ecarte.casebook import load_cases
from laws.ecarte import LAWS, Heading, Window

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"

HEADINGS = {
    Heading.SHUFFLING: range(1, 3),
    Heading.CUTTING: range(3, 8),
    Heading.DEALING: range(8, 22),
    Heading.MARKING_THE_KING: range(22, 26),
    Heading.PROPOSING: range(26, 28),
    Heading.DISCARDING: range(28, 39),
    Heading.PLAYING: range(39, 43),
    Heading.REVOKING: range(43, 44),
    Heading.NEW_CARDS: range(44, 45),
    Heading.INCORRECT_PACKS: range(45, 46),
    Heading.SCORING: range(46, 52),
}


def test_fifty_one_laws_in_order() -> None:
    assert [law.number for law in LAWS] == list(range(1, 52))


def test_each_law_under_its_heading() -> None:
    for law in LAWS:
        assert law.number in HEADINGS[law.heading], (law.number, law.heading)


def test_each_law_is_stated_and_interpreted() -> None:
    for law in LAWS:
        assert law.title.strip(), law.number
        assert len(law.summary) >= 40, f"law {law.number}: summary too short"
        assert len(law.interpretation) >= 40, f"law {law.number}: interpretation too short"


def test_options_are_well_formed() -> None:
    for law in LAWS:
        for option in law.options:
            assert isinstance(option.window, Window), (law.number, option.name)
            assert option.effect, (law.number, option.name)
            assert option.window is Window.AT_ONCE or option.claims, (law.number, option.name)


def test_overrides_name_real_laws() -> None:
    numbers = {law.number for law in LAWS}
    for law in LAWS:
        assert set(law.overrides) <= numbers - {law.number}, law.number


def test_no_two_laws_override_each_other() -> None:
    """The court resolves overrides law by law at a step (``_resolve_conflicts``): which of
    two laws gives way must not depend on the order of their findings."""
    by_number = {law.number: law for law in LAWS}
    for law in LAWS:
        for other in law.overrides:
            assert law.number not in by_number[other].overrides, (law.number, other)


def test_each_law_cited_by_at_least_two_cases() -> None:
    cases = load_cases(CASES)
    cited = Counter(case.expected.law for case in cases)
    missing = [law.number for law in LAWS if cited[law.number] < 2]
    assert not missing, f"laws with fewer than two cases: {missing}"


def test_casebook_size() -> None:
    assert len(load_cases(CASES)) >= 120


REFERENCE = Path(__file__).resolve().parent.parent.parent / "shared" / "reference"


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


def test_laws_are_stated_in_our_own_words() -> None:
    """No summary or interpretation repeats ten words running of the printed laws (a standard
    phrase such as "before the trump card is turned up" is shorter)."""
    path = REFERENCE / "laws-of-ecarte.md"
    if not path.exists():
        pytest.skip("the reference text is not beside this checkout")
    text = path.read_text(encoding="utf-8")
    text = text[text.index("## 2.") : text.index("## 3.")]  # the 51 laws as printed
    printed = _words(text)
    grams = {tuple(printed[i : i + 10]) for i in range(len(printed) - 9)}
    for law in LAWS:
        for field in ("summary", "interpretation"):
            ours = _words(getattr(law, field))
            for i in range(len(ours) - 9):
                assert tuple(ours[i : i + 10]) not in grams, (
                    f"law {law.number} {field} repeats the printed text: "
                    + " ".join(ours[i : i + 10])
                )
