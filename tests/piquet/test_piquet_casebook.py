"""The Piquet casebook: every record under ``cases/piquet`` with a ``.ruling.toml`` beside it
receives the ruling written for it by hand from the laws (``cases/piquet/README.md``). The
expected rulings are the legal truth; they are never regenerated from the program's output."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from adjudicator.court.piquet.casebook import Case, Expected, differences, load_cases
from adjudicator.court.piquet.ruling import rule_record
from adjudicator.notation.piquet.reader import read_one

CASES = Path(__file__).resolve().parents[2] / "cases" / "piquet"
ALL = load_cases(CASES)
README = (CASES / "README.md").read_text(encoding="utf-8")
PENDING = frozenset(
    line
    for line in (Path(__file__).parent / "pending_cases.txt").read_text("utf-8").splitlines()
    if line and not line.startswith("#")
)
"""Cases written before the laws they turn on were encoded (``pending_cases.txt``): each is a
strict xfail, so that a case that comes to pass must leave the list."""


def _marked(case: Case) -> Any:
    if case.name not in PENDING:
        return case
    why = "pending: a law this case turns on is not encoded yet (issue 24)"
    return pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=why))


@pytest.mark.parametrize("case", [_marked(c) for c in ALL], ids=[c.name for c in ALL])
def test_case(case: Case) -> None:
    ruling = rule_record(read_one(case.record.read_text(encoding="utf-8")))
    problems = differences(case.expected, ruling)
    assert not problems, f"{case.record}:\n  " + "\n  ".join(problems)


def test_every_pending_case_exists() -> None:
    assert not PENDING - {c.name for c in ALL}


def test_every_case_is_filed_where_the_contract_says() -> None:
    """A case is in a law folder of the README's list (its number its ``law``), a Cavendish
    case's folder, or ``examples``."""
    folders = {line[3:-1] for line in README.splitlines() if line.startswith("- `law-")}
    for case in ALL:
        folder = case.record.parent.name
        if folder.startswith("law-"):
            assert folder in folders, folder
            assert int(folder[4:6]) == case.expected.law, case.name
        else:
            assert folder.startswith("case-") or folder == "examples", folder


def test_the_readme_example_is_a_valid_expectation() -> None:
    """The contract's own example validates (the checker reads the keys the README lists)."""
    import tomllib

    block = README.split("```toml\n", 1)[1].split("```", 1)[0]
    Expected.model_validate(tomllib.loads(block))


def test_unknown_keys_and_wrong_types_are_errors() -> None:
    base = {"description": "d", "law": 58, "triggers": True, "written_before_run": True}
    Expected.model_validate(base)
    with pytest.raises(ValidationError):
        Expected.model_validate(base | {"verdict": "x"})
    with pytest.raises(ValidationError):
        Expected.model_validate(base | {"law": "58"})
    with pytest.raises(ValidationError):
        Expected.model_validate(base | {"deals": [{"number": 6, "outcome": "misdeal"}]})


def test_a_wrong_expectation_is_reported() -> None:
    """The checker can fail: Case XXII with the settlement changed reports it."""
    text = (Path(__file__).parent / "data" / "case-xxii.ptn").read_text(encoding="utf-8")
    wrong = Expected.model_validate(
        {
            "description": "d",
            "law": 58,
            "triggers": True,
            "written_before_run": False,
            "partie": {"winner": "A", "settlement": 298},
            "deals": [{"number": 6, "outcome": "stands", "reckons_nothing": []}],
        }
    )
    problems = differences(wrong, rule_record(read_one(text)))
    assert len(problems) == 3, problems


def test_each_law_finds_only_under_its_own_number() -> None:
    """A finder shared by two laws, or a law finding under another's number, would make one
    finding twice: every finding a law makes on the casebook's deals carries its number."""
    from adjudicator.engine.piquet.replay import replay_record
    from laws.piquet import LAWS, DealView

    for case in ALL:
        record = read_one(case.record.read_text(encoding="utf-8"))
        for partie, replayed in zip(record.parties, replay_record(record).parties, strict=True):
            dealers = tuple(d.dealer for d in partie.deals)
            numbers = tuple(d.number for d in partie.deals)
            for index, (deal, replay) in enumerate(zip(partie.deals, replayed.deals, strict=True)):
                view = DealView(deal, replay, 6, index, dealers, numbers, replayed.first_dealer)
                for law in LAWS:
                    assert {f.law for f in law.find(view)} <= {law.number}, (case.name, law.number)
