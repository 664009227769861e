"""The casebook: records with the rulings a referee must give, one folder per law.

A case is ``cases/law-NN-name/<case>.etn`` and, beside it, ``<case>.ruling.toml``: the expected
ruling, written by hand from the laws. :class:`Expected` validates it (unknown keys are errors)
and :func:`differences` compares it with what the adjudicator rules.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from adjudicator.court.ecarte.ruling import DealRuling, RecordRuling
from laws.ecarte.base import Outcome


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ExpectedFinding(_Strict):
    """A finding the ruling must contain (``law`` omitted: the court's own finding on a record
    that contradicts itself, or a slip of the pen)."""

    law: int | None = None
    deal: int | None = None
    line: int
    offender: Literal["A", "B", "C"] | None = None
    kind: str | None = None
    options: dict[str, Literal["taken", "declined", "expired", "open", "imposed"]] | None = None
    """What must become of the finding's options, by name (those listed)."""


class ExpectedNote(_Strict):
    """A note the ruling must contain: a right exercised, which a law speaks of."""

    law: int
    line: int


class ExpectedClaim(_Strict):
    """A claim of the record and how it must be judged."""

    line: int
    upheld: bool
    law: int | None = None
    undetermined: bool = False
    """Neither upheld nor rejected, for want of a fact the record does not give."""


class ExpectedPerfectPlay(_Strict):
    """The result a replay the record does not show must be given under perfect play."""

    tricks: dict[Literal["A", "B", "C"], int]
    winner: Literal["A", "B", "C"]
    how: str
    """As the ruling words it (``point``, ``vole`` ...)."""
    marks: dict[Literal["A", "B", "C"], int]


class ExpectedWorth(_Strict):
    """What an option must be found worth to its chooser. ``law``, ``option`` and ``chooser``
    name it; of the rest, only what the case states is compared (a fresh deal's average comes
    from the table, not from the law, so a case states the side the law decides and which
    choice is better)."""

    law: int
    option: str
    chooser: Literal["A", "B", "C"]
    worth: int | None = None
    taken: dict[Literal["A", "B", "C"], int] | None = None
    declined: dict[Literal["A", "B", "C"], int] | None = None
    taken_by: Literal["perfect_play", "as_played", "played_on", "fresh_deal"] | None = None
    declined_by: Literal["perfect_play", "as_played", "played_on", "fresh_deal"] | None = None
    better: Literal["take", "decline", "either", "unknown"] | None = None
    """Which choice is worth more (``unknown``: the record does not show one side)."""


class ExpectedDeal(_Strict):
    """What must become of a deal."""

    number: int
    outcome: Outcome
    marks: dict[Literal["A", "B", "C"], int] | None = None
    needs: list[str] | None = None
    """For an undetermined deal: the facts that would settle it, as the ruling words them."""
    perfect_play: ExpectedPerfectPlay | None = None
    """For a replay of the hands the record does not show: its result under perfect play."""
    advice: list[ExpectedWorth] | None = None
    """What the deal's options are worth (those the ruling values)."""


class ExpectedCorrection(_Strict):
    """A correction the ruling must make."""

    player: Literal["A", "B", "C"]
    points: int
    law: int
    deal: int | None = None
    """The deal whose marks it corrects (a mark written in a later deal is corrected as the
    deal's it was made for); compared when given."""


class ExpectedGame(_Strict):
    """A game the ruling must report as won."""

    number: int
    """Which game of the record (1 for the first)."""
    winner: Literal["A", "B", "C"]
    value: int
    """What it counts: 1, or under law 46's scale 3, 2 or 1."""


class ExpectedSeries(_Strict):
    """A pool or a rubber the ruling must report."""

    kind: Literal["pool", "rubber"]
    winner: Literal["A", "B", "C"] | None = None
    """Who won it (``None``: not yet decided when the record ends)."""
    wins: dict[Literal["A", "B", "C"], int] | None = None
    """Games each player won in it."""


class Expected(_Strict):
    """The ruling a case must receive."""

    description: str
    law: int
    triggers: bool
    findings: list[ExpectedFinding] = []
    notes: list[ExpectedNote] = []
    claims: list[ExpectedClaim] = []
    deals: list[ExpectedDeal] = []
    corrections: list[ExpectedCorrection] = []
    score: dict[Literal["A", "B", "C"], int] | None = None
    winner: Literal["A", "B", "C"] | None = None
    rules: str | None = None
    """The rule profile the ruling must say it used (``docs/profiles.md``)."""
    games: list[ExpectedGame] | None = None
    """Every game the ruling must report as won, in order (those and no others)."""
    series: list[ExpectedSeries] | None = None
    """Every pool or rubber the ruling must report, in order."""

    @model_validator(mode="before")
    @classmethod
    def _winner_in_score(cls, data: object) -> object:
        # A `winner` written after the [score] table lands inside it in TOML.
        if isinstance(data, dict) and isinstance(data.get("score"), dict):
            score = dict(data["score"])
            if "winner" in score:
                data = {**data, "score": score, "winner": score.pop("winner")}
        return data


class Case(_Strict):
    """One case of the casebook."""

    name: str
    """``law-NN-name/case``, or ``profile-name/case`` for a rule profile's case."""
    record: Path
    ruling: Path
    expected: Expected


def load_cases(root: Path) -> list[Case]:
    """Every case under ``root`` (sorted by path). Raises ``ValueError`` for a ruling file that
    does not validate, or a record without its ruling."""
    cases = []
    records = [*root.glob("law-*/*.etn"), *root.glob("profile-*/*.etn")]
    for record in sorted(records):
        ruling = record.with_suffix(".ruling.toml")
        if not ruling.exists():
            raise ValueError(f"{record}: no {ruling.name} beside it")
        with ruling.open("rb") as f:
            data = tomllib.load(f)
        try:
            expected = Expected.model_validate(data)
        except Exception as e:
            raise ValueError(f"{ruling}: {e}") from e
        name = f"{record.parent.name}/{record.stem}"
        cases.append(Case(name=name, record=record, ruling=ruling, expected=expected))
    return cases


def differences(expected: Expected, ruling: RecordRuling) -> list[str]:
    """How ``ruling`` differs from what the case expects (empty: it agrees): its findings,
    notes, claims, deals, and what the record comes to (corrections, games, series, score)."""
    return [
        *_finding_differences(expected, ruling),
        *_note_differences(expected, ruling),
        *_claim_differences(expected, ruling),
        *_deal_differences(expected, ruling),
        *_total_differences(expected, ruling),
    ]


def _finding_differences(expected: Expected, ruling: RecordRuling) -> Iterator[str]:
    """The findings missing, those not expected, and the offender, kind and options of each
    finding expected that differ."""
    got = {(f.law, f.deal, f.line): f for f in ruling.findings}
    want = {(f.law, f.deal, f.line): f for f in expected.findings}
    for key, f in want.items():
        g = got.get(key)
        if g is None:
            yield f"missing finding: law {f.law}, deal {f.deal}, line {f.line}"
            continue
        if f.offender is not None and g.offender != f.offender:
            yield f"law {f.law} line {f.line}: offender {g.offender}, expected {f.offender}"
        if f.kind is not None and g.kind != f.kind:
            yield f"law {f.law} line {f.line}: kind {g.kind}, expected {f.kind}"
        for name, status in (f.options or {}).items():
            fate = next((o.status for o in g.options if o.name == name), None)
            if fate != status:
                yield (
                    f"law {f.law} line {f.line}: option {name} {fate or 'not given'}, "
                    f"expected {status}"
                )
    for key, g in got.items():
        if key not in want:
            yield f"unexpected finding: law {g.law}, deal {g.deal}, line {g.line}: {g.message}"


def _note_differences(expected: Expected, ruling: RecordRuling) -> Iterator[str]:
    """The notes missing, and those not expected."""
    got_notes = {(n.law, n.line) for n in ruling.notes}
    want_notes = {(n.law, n.line) for n in expected.notes}
    for law, line in sorted(want_notes - got_notes):
        yield f"missing note: law {law}, line {line}"
    for law, line in sorted(got_notes - want_notes):
        yield f"unexpected note: law {law}, line {line}"


def _claim_differences(expected: Expected, ruling: RecordRuling) -> Iterator[str]:
    """The claims not judged, judged otherwise (upheld, by another law, undetermined), or
    judged but not expected."""
    claims = {c.line: c for c in ruling.claims}
    want_claims = {c.line: c for c in expected.claims}
    for line, c in want_claims.items():
        gc = claims.get(line)
        if gc is None:
            yield f"claim at line {line}: not judged"
            continue
        if gc.upheld != c.upheld:
            verdict = "upheld" if gc.upheld else "rejected"
            yield f"claim at line {line}: {verdict} ({gc.reason}); expected otherwise"
        if c.law is not None and gc.law != c.law:
            yield f"claim at line {line}: law {gc.law}, expected {c.law}"
        if gc.undetermined != c.undetermined:
            word = "undetermined" if gc.undetermined else "determined"
            yield f"claim at line {line}: {word} ({gc.reason}); expected otherwise"
    for line in claims:
        if line not in want_claims:
            yield f"claim at line {line}: judged but not in the expected ruling"


def _deal_differences(expected: Expected, ruling: RecordRuling) -> Iterator[str]:
    """The deals expected that the ruling lacks or rules otherwise, and the deals not listed
    that do not stand."""
    deals = {d.number: d for d in ruling.deals}
    listed = {d.number for d in expected.deals}
    for d in expected.deals:
        gd = deals.get(d.number)
        if gd is None:
            yield f"deal {d.number}: not in the ruling"
            continue
        yield from _one_deal(d, gd)
    for number, gd in deals.items():
        if number not in listed and gd.outcome is not Outcome.STANDS:
            yield f"deal {number}: outcome {gd.outcome}, expected stands (not listed)"


def _one_deal(d: ExpectedDeal, gd: DealRuling) -> Iterator[str]:
    """How the ruling of a deal (``gd``) differs from the case's: its outcome, marks, what it
    needs, its perfect play, the advice."""
    if gd.outcome != d.outcome:
        yield f"deal {d.number}: outcome {gd.outcome} ({gd.how}), expected {d.outcome}"
    if d.marks is not None:
        marks = {p: gd.marks.get(p, 0) for p in d.marks}
        if marks != dict(d.marks):
            yield f"deal {d.number}: marks {gd.marks}, expected {dict(d.marks)}"
    if d.needs is not None and gd.needs != d.needs:
        yield f"deal {d.number}: needs {gd.needs}, expected {d.needs}"
    if d.perfect_play is not None:
        perfect = gd.perfect_play.model_dump() if gd.perfect_play is not None else None
        if perfect != d.perfect_play.model_dump():
            yield f"deal {d.number}: perfect play {perfect}, expected {d.perfect_play}"
    if d.advice is not None:
        wanted = [w.model_dump(exclude_none=True) for w in d.advice]
        given = [
            {k: _worth_field(a, k) for k in w} for a, w in zip(gd.advice, wanted, strict=False)
        ]
        if len(gd.advice) != len(wanted) or given != wanted:
            given = [a.model_dump(exclude_none=True) for a in gd.advice]
            yield f"deal {d.number}: advice {given}, expected {wanted}"


def _total_differences(expected: Expected, ruling: RecordRuling) -> Iterator[str]:
    """What the record comes to: the corrections of the score, the rules, the games won, the
    series (pools, rubbers), the score and the winner."""
    got_corr = Counter((c.player, c.points, c.law) for c in ruling.corrections)
    want_corr = Counter((c.player, c.points, c.law) for c in expected.corrections)
    if got_corr != want_corr:
        yield f"corrections {sorted(got_corr.elements())}, expected {sorted(want_corr.elements())}"
    got_deals = Counter((c.player, c.points, c.law, c.deal) for c in ruling.corrections)
    for c in expected.corrections:
        if c.deal is not None and got_deals[(c.player, c.points, c.law, c.deal)] == 0:
            yield f"correction {c.player} {c.points:+d} (law {c.law}): not for deal {c.deal}"
    if expected.rules is not None and ruling.rules != expected.rules:
        yield f"rules {ruling.rules}, expected {expected.rules}"
    if expected.games is not None:
        got_games = [(g.number, g.winner, g.value) for g in ruling.games]
        want_games = [(g.number, g.winner, g.value) for g in expected.games]
        if got_games != want_games:
            yield f"games {got_games}, expected {want_games}"
    if expected.series is not None:
        got_series = [(s.kind, s.winner, s.wins) for s in ruling.series]
        want_series = [
            (e.kind, e.winner, {p: n for p, n in (e.wins or {}).items()}) for e in expected.series
        ]
        compared = [
            (kind, winner, {p: wins.get(p, 0) for p in want[2]})
            for (kind, winner, wins), want in zip(got_series, want_series, strict=False)
        ]
        if len(got_series) != len(want_series) or compared != want_series:
            yield f"series {got_series}, expected {want_series}"
    if expected.score is not None:
        score = {p: ruling.score.get(p, 0) for p in expected.score}
        if score != dict(expected.score):
            yield f"score {ruling.score}, expected {dict(expected.score)}"
        if ruling.winner != expected.winner:
            yield f"winner {ruling.winner}, expected {expected.winner}"


def _worth_field(worth: Any, name: str) -> Any:
    """A field of a ruled worth as a case states it (``better`` ``unknown`` for none)."""
    value = getattr(worth, name)
    if name == "better" and value == "":
        return "unknown"
    return value
