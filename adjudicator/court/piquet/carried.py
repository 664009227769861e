"""The laws' effects on a deal's score that the table's written figures carry, applied to the
partie's deals once each is judged (a finding may concern the deal before its own): a count
corrected in time, or standing as written in the deal a late correction concerns (law 70),
and each player's own written record of his score where the sheets differ (law 74). The
court reads the effects, never the laws' numbers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from adjudicator.notation.cards import Player
from laws.piquet import DealView, Effect
from laws.piquet.score_sheets import own_records

from .effects import Allowed

if TYPE_CHECKING:
    from .judge import DealJudgement


def carry(views: Sequence[DealView], deals: Sequence[DealJudgement]) -> list[DealJudgement]:
    """The deals with the effects their own or later deals' findings carry to them."""
    out = list(deals)
    for index, deal in enumerate(deals):
        for judged in deal.findings:
            finding = judged.finding
            target = finding.concerns
            if Effect.COUNT_STANDS in judged.effects and target is not None and finding.offender:
                out[target] = _count_stands(out[target], finding.offender)
            if Effect.CORRECTED in judged.effects and target is not None and finding.amends:
                out[target] = _corrected(out[target], finding.amends)
            if Effect.OWN_RECORD in judged.effects:
                out[index] = _own_record(views, index, out[index])
    return out


def _count_stands(deal: DealJudgement, offender: Player) -> DealJudgement:
    """``deal`` with the offender's score as the table wrote it."""
    score, written = deal.allowed.score, deal.written
    if score is None or written is None or offender not in written:
        return deal
    kept = {**score, offender: written[offender]}
    how = f"{deal.allowed.how}; {offender}'s count stands as written (a correction too late)"
    return replace(deal, allowed=Allowed(kept, deal.allowed.steps, how))


def _corrected(deal: DealJudgement, amends: Sequence[tuple[Player, int]]) -> DealJudgement:
    """``deal`` with a correction of the table's figures made in time; a deal the engine
    reckoned from its cards is already right and keeps its reckoning."""
    score = deal.allowed.score
    if score is None or deal.allowed.steps:
        return deal
    kept = dict(score)
    for player, points in amends:
        kept[player] = kept.get(player, 0) + points
    return replace(deal, allowed=Allowed(kept, (), f"{deal.allowed.how}, corrected"))


def _own_record(views: Sequence[DealView], index: int, deal: DealJudgement) -> DealJudgement:
    """``deal`` scored from each player's own sheet: his total after it less his total after
    the deal before (nothing before the first)."""
    after = own_records(views[index])
    before: Mapping[Player, int] | None = {} if index == 0 else own_records(views[index - 1])
    if after is None or before is None:
        return deal
    points = {p: n - before.get(p, 0) for p, n in after.items()}
    return replace(deal, allowed=Allowed(points, (), "each player's own sheet"))
