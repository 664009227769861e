"""The Piquet casebook: records with the rulings a referee must give (``cases/piquet``).

A case is ``<name>.ptn`` and, beside it, ``<name>.ruling.toml``: the expected ruling, written
by hand from the laws (its keys: ``cases/piquet/README.md``). :class:`Expected` validates it
strictly (unknown keys and wrong types are errors) and :func:`differences` compares it with
the ruling the court gives, one sentence a difference.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from adjudicator.court.piquet.judge import DealJudgement
from adjudicator.court.piquet.ruling import RecordRuling
from adjudicator.notation.cards import Player
from laws.piquet import LAWS, Finding

Seat = Literal["A", "B"]
FateName = Literal["taken", "declined", "expired", "open", "imposed"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ExpectedFinding(_Strict):
    """A finding the ruling must hold (others may be there too)."""

    law: int
    deal: int | None = None
    line: int
    offender: Seat | None = None
    kind: str | None = None
    options: dict[str, FateName] = {}
    """What must become of the finding's options, by name (those listed)."""


class ExpectedClaim(_Strict):
    """A claim line of the record, judged."""

    line: int
    upheld: bool
    law: int | None = None


class ExpectedDeal(_Strict):
    """What the ruling must say of a deal."""

    number: int
    outcome: Literal["stands", "fresh_deal", "void", "undetermined"]
    reckons_nothing: list[Seat] = []
    score: dict[Seat, int] | None = None
    """What each scores in the deal as the laws allow."""
    written: dict[Seat, int] | None = None
    """As the table wrote it, where it differs."""


class ExpectedPartie(_Strict):
    """The partie as the laws settle it."""

    number: int = 1
    """Which partie of the record, counting from 1."""
    totals: dict[Seat, int] | None = None
    winner: Literal["A", "B", "none"] | None = None
    settlement: int | None = None
    rubicon: bool | None = None


class Expected(_Strict):
    """An expected ruling (``<name>.ruling.toml``)."""

    description: str
    law: int
    laws: list[int] = []
    triggers: bool
    source: str | None = None
    written_before_run: bool
    findings: list[ExpectedFinding] = []
    claims: list[ExpectedClaim] = []
    deals: list[ExpectedDeal] = []
    partie: ExpectedPartie | None = None


@dataclass(frozen=True)
class Case:
    """A record of the casebook and its expected ruling."""

    record: Path
    expected: Expected

    @property
    def name(self) -> str:
        """The case's name: its folder and file, e.g. ``law-58-playing-long/case-xxii``."""
        return f"{self.record.parent.name}/{self.record.stem}"


def load_cases(root: Path) -> list[Case]:
    """Every case under ``root`` (each ``.ptn`` with a ``.ruling.toml`` beside it), sorted."""
    cases = []
    for record in sorted(root.rglob("*.ptn")):
        ruling = record.with_suffix(".ruling.toml")
        if ruling.exists():
            data = tomllib.loads(ruling.read_text(encoding="utf-8"))
            cases.append(Case(record, Expected.model_validate(data)))
    return cases


def found(ruling: RecordRuling) -> tuple[Finding, ...]:
    """What the ruling finds: the laws' findings (of fault, and notes) and the findings of
    fact of the laws of scoring (where a score is made)."""
    return tuple(j.finding for j in ruling.findings) + ruling.reckoned


def acted(ruling: RecordRuling) -> set[int]:
    """The laws that act in the ruling: those that find, and those that settle a partie
    (71-73), which have no line (``cases/piquet/README.md``, "The laws of scoring")."""
    return {f.law for f in found(ruling)} | {n for p in ruling.judged for n in p.settled_by}


def cited(ruling: RecordRuling) -> set[int]:
    """The laws the ruling cites: those that act, those that weigh in a deal's reckoning,
    the laws of the findings' options, those its claims are judged under (and the laws a claim
    no finding gives was weighed under), and the laws by whose leave a card was taken back into
    the hand."""
    laws = acted(ruling)
    laws |= {n for p in ruling.judged for d in p.deals for n in d.weighed}
    laws |= {o.law for j in ruling.findings for o in j.options}
    laws |= {c.law for c in ruling.claims if c.law is not None}
    laws |= {n for c in ruling.claims for n in c.weighed}
    laws |= {
        law.number
        for partie in ruling.parties
        for deal in partie.replay.deals
        for asked, answer in deal.retracted
        for law in LAWS
        if answer is not None and law.leave is not None and law.leave(asked) is not None
    }
    return laws


def differences(expected: Expected, ruling: RecordRuling) -> list[str]:
    """How ``ruling`` differs from ``expected``, one sentence a difference (none: it agrees)."""
    out = _law_differences(expected, ruling)
    out += [d for f in expected.findings for d in _finding_differences(f, ruling)]
    out += [d for c in expected.claims for d in _claim_differences(c, ruling)]
    out += [d for e in expected.deals for d in _deal_number_differences(e, ruling)]
    if expected.partie is not None:
        out += _partie_differences(expected.partie, ruling)
    return out


def _law_differences(expected: Expected, ruling: RecordRuling) -> list[str]:
    out = []
    acting = acted(ruling)
    if expected.triggers and expected.law not in acting:
        out.append(f"law {expected.law} finds nothing; the case says it triggers")
    if not expected.triggers and expected.law in acting:
        out.append(f"law {expected.law} makes a finding in a near miss")
    missing = sorted(set(expected.laws) - cited(ruling))
    if missing:
        out.append(f"the ruling does not cite law {', '.join(str(n) for n in missing)}")
    judged = {c.line for c in ruling.claims}
    unlisted = sorted(judged - {c.line for c in expected.claims})
    if unlisted:
        out.append(f"the claims of line {unlisted} are judged but not expected")
    return out


def _finding_differences(e: ExpectedFinding, ruling: RecordRuling) -> list[str]:
    candidates = [
        f
        for f in found(ruling)
        if f.law == e.law
        and f.line == e.line
        and (e.deal is None or f.deal == e.deal)
        and (e.offender is None or _seat(f.offender) == e.offender)
        and (e.kind is None or f.kind == e.kind)
    ]
    if not candidates:
        said = [f"law {f.law} line {f.line}" for f in found(ruling) if f.fault or f.law == e.law]
        return [f"no finding of law {e.law} at line {e.line} as expected (found: {said})"]
    judged = next((j for j in ruling.findings if j.finding is candidates[0]), None)
    fates = {o.option: o.fate.value for o in judged.options} if judged else {}
    return [
        f"law {e.law} line {e.line}: option {name} is {fates.get(name, 'not given')}, not {fate}"
        for name, fate in e.options.items()
        if fates.get(name) != fate
    ]


def _claim_differences(e: ExpectedClaim, ruling: RecordRuling) -> list[str]:
    claim = next((c for c in ruling.claims if c.line == e.line), None)
    if claim is None:
        return [f"the claim of line {e.line} is not judged"]
    out = []
    if claim.upheld != e.upheld:
        out.append(f"the claim of line {e.line} is {'' if claim.upheld else 'not '}upheld")
    if e.law is not None and claim.law != e.law:
        out.append(f"the claim of line {e.line} is judged under law {claim.law}, not {e.law}")
    return out


def _seat(player: Player | None) -> str | None:
    return None if player is None else player.value


def _scores(scores: Mapping[Player, int] | None) -> dict[str, int] | None:
    return None if scores is None else {p.value: n for p, n in scores.items()}


def _deal_number_differences(e: ExpectedDeal, ruling: RecordRuling) -> list[str]:
    """How the deals of ``e``'s number differ from it: none if one of them agrees (a deal
    annulled and dealt again repeats its number), else the last one's differences."""
    found = [d for p in ruling.judged for d in p.deals if d.number == e.number]
    said = [_deal_differences(e, deal) for deal in found] or [_deal_differences(e, None)]
    return [] if any(not s for s in said) else said[-1]


def _deal_differences(e: ExpectedDeal, deal: DealJudgement | None) -> list[str]:
    if deal is None:
        return [f"deal {e.number} is not in the ruling"]
    out = []
    if deal.outcome.value != e.outcome:
        out.append(f"deal {e.number}: outcome {deal.outcome.value}, not {e.outcome}")
    nothing = sorted(p.value for p in deal.reckons_nothing)
    if nothing != sorted(e.reckons_nothing):
        out.append(f"deal {e.number}: reckons nothing {nothing}, not {sorted(e.reckons_nothing)}")
    allowed = _scores(deal.allowed.score)
    if e.score is not None and allowed != e.score:
        out.append(f"deal {e.number}: scores {allowed} as the laws allow, not {e.score}")
    written = _scores(deal.written)
    if e.written is not None and written != e.written:
        out.append(f"deal {e.number}: written {written}, not {e.written}")
    return out


def _partie_differences(e: ExpectedPartie, ruling: RecordRuling) -> list[str]:
    if not 1 <= e.number <= len(ruling.judged):
        return [f"partie {e.number} is not in the ruling"]
    partie = ruling.judged[e.number - 1]
    out = []
    totals = _scores(partie.totals)
    if e.totals is not None and totals != e.totals:
        out.append(f"the partie's totals are {totals}, not {e.totals}")
    settled = partie.settlement
    winner = "none" if settled is None or settled.winner is None else settled.winner.value
    if e.winner is not None and winner != e.winner:
        out.append(f"the partie's winner is {winner}, not {e.winner}")
    points = settled.points if settled is not None else None
    if e.settlement is not None and points != e.settlement:
        out.append(f"the partie settles at {points}, not {e.settlement}")
    rubicon = settled.rubicon if settled is not None else None
    if e.rubicon is not None and rubicon != e.rubicon:
        out.append(f"the partie's rubicon is {rubicon}, not {e.rubicon}")
    return out
