"""A partie of a piquet ruling as the referee's report shows it (issue 23, item 8): its score
as written and as reckoned, each difference with its reason, who won it and by how much, the
rubicon, the settlement, and the partie sheet (deal by deal running totals).

:func:`partie_sheet` states a replayed partie
(:class:`~adjudicator.court.piquet.ruling.PartieRuling`) and the record's partie as plain
values for the shells to print. The differences are the replay's deviations on the score
(a ``result``, ``score`` or ``partie`` line, a count said aloud, the settlement) as they
stand; the settlement is the engine's (laws 72, 73).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.court.piquet.deal_sheet import DealSheet, deal_sheet
from adjudicator.court.piquet.ruling import PartieRuling
from adjudicator.engine.piquet.deviations import Deviation, DeviationKind
from adjudicator.engine.piquet.partie import Settlement as Settlement_
from adjudicator.engine.piquet.replay import PLAYERS
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import PartieScore, Score, Settlement, Tally
from adjudicator.notation.piquet.model import Partie

SCORING = frozenset(
    {DeviationKind.RESULT, DeviationKind.SCORE, DeviationKind.PARTIE, DeviationKind.COUNT}
)
"""The deviations that are differences between the score as written and as reckoned."""

Totals = Mapping[Player, int]
"""Each player's points."""


@dataclass(frozen=True)
class SheetRow:
    """One deal on the partie sheet."""

    deal: int
    dealer: Player
    points: Totals | None
    """What the deal scores for each: reckoned, or as its ``result`` line writes it."""
    source: str
    """``reckoned``, ``written`` (its ``result`` line), ``from the score`` (the difference of
    the running totals written before and after it) or ``unknown``."""
    times: int
    """What the deal counts for: 2 for the first and last of a partie of four (law 71)."""
    written: Totals | None
    """The running totals written after it (its last ``score`` line), if any."""
    reckoned: Totals | None
    """The account after it: the deals added up (or the totals written, where a deal's points
    are not known)."""

    @property
    def differs(self) -> bool:
        """Whether the totals written after the deal differ from the account."""
        return (
            self.written is not None
            and self.reckoned is not None
            and any(self.written.get(p, self.reckoned[p]) != self.reckoned[p] for p in PLAYERS)
        )


@dataclass(frozen=True)
class Settled:
    """How a partie settles (laws 72, 73): the winner, the points, the rubicon, and the totals
    that make them."""

    winner: Player | None
    """``None``: a drawn partie."""
    loser: Player | None
    points: int
    """What the winner wins: his total less the loser's and a hundred, or, the loser rubiconed
    (under a hundred), the two totals and a hundred."""
    rubicon: bool
    totals: Totals
    """The partie's final totals."""


@dataclass(frozen=True)
class PartieSheet:
    """A partie as the report shows it."""

    number: int | None
    """The partie's number as written (``None``: a first partie written without a heading)."""
    deals_due: int
    """Six, or four by agreement (law 71)."""
    deals: tuple[DealSheet, ...]
    rows: tuple[SheetRow, ...]
    opening: Totals | None
    """The totals written before its first deal, where the record begins in mid-partie."""
    written: Totals | None
    """The partie's totals as written: its ``partie`` line, else its last ``score`` line."""
    reckoned: Totals | None
    """As reckoned: the deals added up (``None``: not known)."""
    finished: bool
    settled: Settled | None
    """As reckoned, once the partie is over and its totals known."""
    settled_written: str | None
    """The settlement as written (``B wins 283 rubicon``), if the record has one."""
    differences: tuple[Deviation, ...]
    """Each difference between the score as written and as reckoned, with its reason, in the
    order of the record."""


def partie_sheet(ruling: PartieRuling, partie: Partie) -> PartieSheet:
    """The partie ``ruling`` of the record's ``partie`` as the report shows it."""
    replay = ruling.replay
    deals = tuple(deal_sheet(r, d) for r, d in zip(ruling.deals, partie.deals, strict=True))
    rows: list[SheetRow] = []
    opening: Totals | None = None
    last_written: Totals | None = None
    partie_line: Totals | None = None
    settlement: str | None = None
    for index, deal in enumerate(replay.deals):
        before = _written(deal.statements, deal.before, before=True)
        if index == 0:
            opening = before
        after = _written(deal.statements, deal.before, before=False)
        previous = before or last_written or (opening if index == 0 else None)
        rows.append(_row(ruling, index, previous, after, replay.length.multiplier(deal.number)))
        last_written = after or last_written
        for line in deal.statements:
            if isinstance(line, PartieScore):
                partie_line = _tallies(line.tallies)
            elif isinstance(line, Settlement):
                rubicon = " rubicon" if line.rubicon else ""
                settlement = f"{line.player} wins {line.points}{rubicon}"
    return PartieSheet(
        number=replay.number,
        deals_due=replay.length.deals,
        deals=deals,
        rows=tuple(rows),
        opening=opening if replay.deals and replay.deals[0].number != 1 else None,
        written=partie_line or last_written,
        reckoned=replay.totals,
        finished=replay.finished,
        settled=_settled(replay.settlement, replay.totals),
        settled_written=settlement,
        differences=tuple(d for d in replay.deviations if d.kind in SCORING),
    )


def _row(
    ruling: PartieRuling,
    index: int,
    previous: Totals | None,
    after: Totals | None,
    times: int,
) -> SheetRow:
    """The sheet's row of the ``index``-th deal."""
    deal = ruling.replay.deals[index]
    points = deal.points
    source = "reckoned" if deal.score is not None else "written" if points else "unknown"
    if points is None and previous is not None and after is not None and len(after) == 2:
        points = {p: after[p] - previous.get(p, 0) for p in PLAYERS}
        source = "from the score"
    running = ruling.replay.running
    return SheetRow(
        deal=deal.number,
        dealer=deal.dealer,
        points=points,
        source=source,
        times=times if deal.number >= 1 else 1,
        written=after,
        reckoned=running[index] if index < len(running) else None,
    )


def _written(
    statements: tuple[Score | PartieScore | Settlement, ...],
    written_before: frozenset[int],
    *,
    before: bool,
) -> Totals | None:
    """The totals of the deal's last ``score`` line written before anything else of it
    (``before``), or after it; ``None`` if it has none."""
    found: Totals | None = None
    for line in statements:
        if isinstance(line, Score) and (line.line in written_before) == before:
            found = _tallies(line.tallies)
    return found


def _tallies(tallies: tuple[Tally, ...]) -> dict[Player, int]:
    return {t.player: t.points for t in tallies}


def _settled(settlement: Settlement_ | None, totals: Totals | None) -> Settled | None:
    """The engine's settlement of the partie (laws 72, 73), with the totals that make it."""
    if settlement is None or totals is None:
        return None
    return Settled(
        settlement.winner, settlement.loser, settlement.points, settlement.rubicon, totals
    )
