"""The laws of piquet applied to a record: each deal's view given to every law's finder, the
findings one law overrides set aside, the claims judged against the options, the effects
applied, the deal reckoned as the laws allow, and each partie's totals and settlement from the
allowed scores (laws 71-73). The court knows no law by number: it reads the law objects."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.engine.piquet.deal import DealReplay
from adjudicator.engine.piquet.deviations import Deviation, DeviationKind
from adjudicator.engine.piquet.partie import Settlement, settle
from adjudicator.engine.piquet.replay import PLAYERS, PartieReplay, RecordReplay
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import PartieScore, Score
from adjudicator.notation.piquet.irregularities import Claim, ClaimReply, Stand, Waive
from adjudicator.notation.piquet.model import Partie, Record
from laws.piquet import BY_NUMBER, LAWS, DealView, Effect, Fate, Finding, Outcome, PartieFacts

from .carried import carry
from .claims import ClaimJudged, Fates, judge_claims
from .effects import Allowed, allowed_score, apply
from .windows import closes_at


@dataclass(frozen=True)
class OptionFate:
    """An option of a finding and what became of it."""

    option: str
    who: str
    window: str
    fate: Fate
    law: int
    """The law that gives it."""
    closes: int | None
    """The line of the event that closed its window (``None``: not closed in the deal)."""


@dataclass(frozen=True)
class Judged:
    """A finding of a law, with its options' fates and the effects it has."""

    finding: Finding
    options: tuple[OptionFate, ...]
    effects: frozenset[Effect]


@dataclass(frozen=True)
class DealJudgement:
    """What the laws make of one deal."""

    number: int
    line: int
    elder: Player
    outcome: Outcome
    findings: tuple[Judged, ...]
    claims: tuple[ClaimJudged, ...]
    reckons_nothing: tuple[Player, ...]
    """Who reckons nothing that deal, the elder first (nobody in a deal annulled: it scores
    nothing for either)."""
    allowed: Allowed
    written: Mapping[Player, int] | None
    """The deal's points as the table had them: its result line, else reckoned by the engine as
    the cards fell, else from the running totals written."""
    cleared: frozenset[int]
    """The lines whose deviations the laws have judged (they leave the ruling)."""
    reckoned: tuple[Finding, ...] = ()
    """Where the laws of scoring make a score in the deal as the laws allow it: findings of
    fact, never of fault, in the order of the laws (61-69)."""
    weighed: tuple[int, ...] = ()
    """The laws of scoring that decide something in the deal's reckoning (a score made or
    refused: points equal, the cards divided), which the ruling cites."""


@dataclass(frozen=True)
class PartieJudgement:
    """A partie as the laws settle it."""

    number: int | None
    deals: tuple[DealJudgement, ...]
    totals: Mapping[Player, int] | None
    finished: bool
    settlement: Settlement | None
    settled_by: tuple[int, ...] = ()
    """The laws of the partie that settle it (71-73), in order."""
    weighed: tuple[int, ...] = ()
    """The laws of the partie that decide something of it without settling it as the table
    had it (a rubicon the table counted that the laws do not), which the ruling cites."""


def judge_record(record: Record, replayed: RecordReplay) -> tuple[PartieJudgement, ...]:
    """Every partie of ``record`` judged under the laws."""
    return tuple(
        judge_partie(partie, replay)
        for partie, replay in zip(record.parties, replayed.parties, strict=True)
    )


def judge_partie(partie: Partie, replay: PartieReplay) -> PartieJudgement:
    """A partie's deals judged, and its totals and settlement from the allowed scores."""
    dealers = tuple(d.dealer for d in partie.deals)
    numbers = tuple(d.number for d in partie.deals)
    deals, views = [], []
    for index, (deal, replayed) in enumerate(zip(partie.deals, replay.deals, strict=True)):
        view = DealView(
            deal,
            replayed,
            replay.length.deals,
            index,
            dealers,
            numbers,
            replay.first_dealer,
            () if index else partie.opening,
            replay.deals[index - 1] if index else None,
        )
        views.append(view)
        deals.append(judge_deal(view, _as_written(replay, index)))
    deals = carry(views, deals)
    totals = _totals(replay, deals)
    finished = replay.finished and not _short(numbers, deals)
    settled = settle(totals) if finished and totals is not None else None
    facts = PartieFacts(
        len(set(numbers)), replay.length.deals, finished, settled, _table_settles(replay)
    )
    by = tuple(law.number for law in LAWS if law.settles(facts))
    weighed = tuple(law.number for law in LAWS if law.weighs_partie(facts))
    return PartieJudgement(replay.number, tuple(deals), totals, finished, settled, by, weighed)


def _table_settles(replay: PartieReplay) -> tuple[Settlement, ...]:
    """How the table's own figures settle the partie: each of the totals written (a ``partie``
    or ``score`` line) in its last deal, settled, when it wrote as many deals as are due."""
    if len({d.number for d in replay.deals}) < replay.length.deals or not replay.deals:
        return ()
    out = []
    for line in replay.deals[-1].statements:
        if isinstance(line, Score | PartieScore):
            tallies: dict[Player, int] = {t.player: t.points for t in line.tallies}
            if len(tallies) == 2:
                out.append(settle(tallies))
    return tuple(out)


def _short(numbers: Sequence[int], deals: Sequence[DealJudgement]) -> bool:
    """Whether a deal annulled was not dealt again in its place (the next deal written bears
    the next number): the partie is then a deal short of those law 71 counts."""
    return any(
        deal.outcome is not Outcome.STANDS
        and deal.outcome is not Outcome.UNDETERMINED
        and (index + 1 >= len(numbers) or numbers[index + 1] != numbers[index])
        for index, deal in enumerate(deals)
    )


def judge_deal(view: DealView, written: Mapping[Player, int] | None) -> DealJudgement:
    """One deal judged: findings, claims, fates, effects and the score as the laws allow."""
    findings = _kept([f for law in LAWS for f in law.find(view)])
    fates = Fates(findings)
    claims = judge_claims(view, findings, fates)
    fate_of = {(i, option.value): fate for (i, option), fate in fates.taken.items()}
    applied = apply(findings, fate_of)
    judged = tuple(
        Judged(finding, _options(view, fates, index, finding), effects)
        for index, (finding, effects) in enumerate(applied.effects)
    )
    cleared = {line for f in findings for line in f.judges}
    cleared |= {e.line for e in view.events if isinstance(e, Claim | ClaimReply | Stand | Waive)}
    cleared |= {asked.line for asked, leave in view.replay.retracted if leave}
    annulled = applied.outcome is not Outcome.STANDS
    barred = frozenset() if annulled else applied.against(Effect.RECKONS_NOTHING)
    allowed = allowed_score(view, applied, written)
    reckoning = allowed.reckoning
    reckoned: tuple[Finding, ...] = ()
    weighed: tuple[int, ...] = ()
    if reckoning is not None:
        reckoned = tuple(f for law in LAWS for f in law.reckon(view, reckoning))
        weighed = tuple(law.number for law in LAWS if law.weighs(view, reckoning))
    return DealJudgement(
        view.number,
        view.deal.line,
        view.elder,
        applied.outcome,
        judged,
        tuple(claims),
        tuple(p for p in (view.elder, view.younger) if p in barred),
        allowed,
        written,
        frozenset(cleared),
        reckoned,
        weighed,
    )


def _kept(findings: Sequence[Finding]) -> list[Finding]:
    """The findings no other finding of the deal overrides (the same offender: a law that
    overrides another replaces its finding, the only way one law sets aside another)."""
    return [
        f
        for f in findings
        if not any(
            f.law in BY_NUMBER[g.law].overrides and g.offender is f.offender for g in findings
        )
    ]


def _options(view: DealView, fates: Fates, index: int, finding: Finding) -> tuple[OptionFate, ...]:
    out = []
    after = view.place_of(finding.line)
    for choice in finding.choices:
        closing = closes_at(view, choice.window, after)
        line = (
            view.events[closing].line
            if closing is not None and closing < len(view.events)
            else None
        )
        out.append(
            OptionFate(
                choice.option.value,
                choice.who.value,
                choice.window.value,
                fates.of(view, index, choice),
                choice.law(finding),
                line,
            )
        )
    return tuple(out)


def _before(deal: DealReplay) -> dict[Player, int] | None:
    """The totals written before the deal's first line, if any."""
    for line in deal.statements:
        if isinstance(line, Score) and line.line in deal.before:
            tallies: dict[Player, int] = {t.player: t.points for t in line.tallies}
            if len(tallies) == 2:
                return tallies
    return None


def _as_written(replay: PartieReplay, index: int) -> Mapping[Player, int] | None:
    """The deal's points as the table had them: its ``result`` line where it has one (the
    casebook's ``written``: as the table wrote it), else as the engine reckons the cards as they
    fell, else the difference of the running totals written before and after it."""
    deal = replay.deals[index]
    if deal.written is not None:
        return deal.written
    if deal.points is not None:
        return deal.points
    after = replay.running[index] if index < len(replay.running) else None
    before = replay.running[index - 1] if index else _before(deal)
    if before is None:
        before = _before(deal)
    if before is None and index == 0 and deal.number == 1:
        before = dict.fromkeys(PLAYERS, 0)
    if after is None or before is None:
        return None
    times = replay.length.multiplier(deal.number) if deal.number >= 1 else 1
    return {p: (after[p] - before[p]) // times for p in PLAYERS}


def _totals(replay: PartieReplay, deals: Sequence[DealJudgement]) -> Mapping[Player, int] | None:
    """The partie's totals from each deal's allowed score (doubled where law 71 doubles it),
    from the totals before its first deal."""
    if not replay.deals:
        return None
    first = replay.deals[0]
    totals = dict.fromkeys(PLAYERS, 0) if first.number == 1 else _before(first)
    if totals is None:
        return None
    for deal in deals:
        score = deal.allowed.score
        if score is None:
            return None
        times = replay.length.multiplier(deal.number) if deal.number >= 1 else 1
        for player in PLAYERS:
            totals[player] += score.get(player, 0) * times
    return totals


def remaining(
    deviations: Sequence[Deviation], parties: Sequence[PartieJudgement]
) -> tuple[Deviation, ...]:
    """The deviations the laws have not judged: those of kind "not yet judged" on a line a
    finding or a claim judged leave the ruling, as do those of a kind a finding's law judges
    on the lines it judges."""
    cleared: set[int] = set()
    judged: set[tuple[DeviationKind, int]] = set()
    for partie in parties:
        for deal in partie.deals:
            cleared |= deal.cleared
            for j in deal.findings:
                for kind in BY_NUMBER[j.finding.law].judges:
                    judged.update((kind, line) for line in j.finding.judges)
    return tuple(
        d
        for d in deviations
        if not (d.kind is DeviationKind.NOT_YET_JUDGED and d.line in cleared)
        and (d.kind, d.line) not in judged
    )
