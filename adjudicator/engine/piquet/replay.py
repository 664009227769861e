"""A record of rubicon piquet replayed: each partie's cut, its deals in turn, its running
account and its settlement (laws 4, 9, 16, 71-74).

:func:`replay_record` is a pure function of the record model. Each deal is replayed by
:func:`~adjudicator.engine.piquet.deal.replay_deal`; the partie checks who deals (the higher cut
chooses, law 4; then the players deal in turn), adds up the deals (the first and last of a
four-deal partie counting double, law 71), checks the running totals and the partie's end as
written, and settles the partie (laws 72, 73) when it is over and its totals are known.

A record may begin in the middle of a partie: the first ``score`` line written then gives the
totals, which are not otherwise known; a deal whose points are not known (neither reckoned nor
written) leaves the totals unknown until the next ``score`` line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from adjudicator.engine.piquet.cards import height
from adjudicator.engine.piquet.deal import DealReplay, replay_deal
from adjudicator.engine.piquet.deviations import Deviation, DeviationKind
from adjudicator.engine.piquet.irregular import RetractLeave, is_irregularity, untried
from adjudicator.engine.piquet.partie import PartieLength, Settlement, settle
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import (
    CutForDeal,
    Elect,
    Event,
    PartieScore,
    Score,
    Tally,
)
from adjudicator.notation.piquet.events import (
    Settlement as SettlementLine,
)
from adjudicator.notation.piquet.model import Partie, Record
from adjudicator.notation.piquet.vocabulary import Choice

PLAYERS = (Player.A, Player.B)
"""The two players of a table of piquet."""


@dataclass(frozen=True)
class PartieReplay:
    """A partie as the replay found it."""

    number: int | None
    """The partie's number as written in its heading (``None`` without one)."""
    length: PartieLength
    """Six deals, or four by agreement (law 71)."""
    first_dealer: Player | None
    """Who dealt first, as the cut decided it (``None`` if the record has no cut)."""
    deals: tuple[DealReplay, ...]
    """Its deals, in order."""
    totals: Mapping[Player, int] | None
    """Each player's total after its last deal, the doubled deals doubled; ``None`` when a deal's
    points are not known and no ``score`` line gives them."""
    finished: bool
    """Whether its last deal ends the partie (six deals, or eight after a tie; law 71)."""
    settlement: Settlement | None
    """What the partie settles at (laws 72, 73), when it is over and its totals are known."""
    deviations: tuple[Deviation, ...]
    """Every departure from lawful play in the partie, its deals' included, in record order."""
    running: tuple[Mapping[Player, int] | None, ...] = ()
    """The account after each deal, in order (the partie sheet): each player's total with the
    doubled deals doubled, or the totals a ``score`` line gives where the deals' points are not
    known; ``None`` where neither is known."""
    irregularities: tuple[Event, ...] = ()
    """The lines of irregularities of its opening (before its first deal: new packs called
    for, a card exposed in cutting), in order: facts recorded for the laws to judge."""


@dataclass(frozen=True)
class RecordReplay:
    """A whole record replayed."""

    parties: tuple[PartieReplay, ...]
    """Its parties, in order."""

    @property
    def deviations(self) -> tuple[Deviation, ...]:
        """Every departure from lawful play in the record, in the order of its lines."""
        return tuple(d for partie in self.parties for d in partie.deviations)

    def deals(self) -> list[DealReplay]:
        """Every deal of the record, partie after partie."""
        return [deal for partie in self.parties for deal in partie.deals]


def replay_record(record: Record, leave: RetractLeave | None = None) -> RecordReplay:
    """Replay every partie of ``record`` (``leave``: the laws' leave for a card taken back,
    :data:`~adjudicator.engine.piquet.irregular.RetractLeave`)."""
    length = PartieLength.FOUR if record.partie_length() == 4 else PartieLength.SIX
    return RecordReplay(tuple(replay_partie(p, length, leave) for p in record.parties))


@dataclass
class _Account:
    """A partie's running account while its deals are replayed."""

    length: PartieLength
    totals: dict[Player, int] | None
    due: int
    found: list[Deviation] = field(default_factory=list)
    last: int = 0

    def note(self, kind: DeviationKind, message: str, event: Event, deal: int | None) -> None:
        """Note a departure from lawful play in the partie's account."""
        self.found.append(Deviation(kind, message, event.line, event.column, None, deal))

    def add(self, deal: DealReplay) -> None:
        """Add a deal's points (doubled where law 71's note doubles them); a tie after the
        partie's deals brings two more (law 71)."""
        points = deal.points
        if points is None or self.totals is None:
            self.totals = None
        else:
            times = self.length.multiplier(deal.number) if deal.number >= 1 else 1
            for player in PLAYERS:
                self.totals[player] += points.get(player, 0) * times
        self.last = deal.number
        totals = self.totals
        if deal.number == self.length.deals and totals and totals[Player.A] == totals[Player.B]:
            self.due = self.length.deals + 2

    def check(self, line: Score | PartieScore, deal: int, what: str) -> None:
        """Check written totals against the account; where the account is not known, the
        written totals become it."""
        written = _tallies(line.tallies)
        if self.totals is None:
            if len(written) == 2:
                self.totals = dict(written)
            return
        wrong = [p for p, n in sorted(written.items()) if n != self.totals[p]]
        if wrong:
            kind = DeviationKind.SCORE if isinstance(line, Score) else DeviationKind.PARTIE
            said = ", ".join(f"{p} {written[p]}" for p in wrong)
            right = ", ".join(f"{p} {self.totals[p]}" for p in wrong)
            self.note(kind, f"{what} written {said}; the deals add up to {right}", line, deal)


def replay_partie(
    partie: Partie, length: PartieLength = PartieLength.SIX, leave: RetractLeave | None = None
) -> PartieReplay:
    """Replay one partie: its cut, its deals and its account."""
    found: list[Deviation] = []
    first = _first_dealer(partie.opening, found)
    irregular = tuple(e for e in partie.opening if is_irregularity(e))
    found.extend(d for d in (untried(e, None) for e in irregular) if d is not None)
    starts_at_one = bool(partie.deals) and partie.deals[0].number == 1
    account = _Account(length, dict.fromkeys(PLAYERS, 0) if starts_at_one else None, length.deals)
    method: list[int | None] = [None]
    deals = []
    running: list[Mapping[Player, int] | None] = []
    for index, deal in enumerate(partie.deals):
        expected = _dealer_of(first, partie, index)
        if expected is not None and deal.dealer is not expected:
            found.append(
                Deviation(
                    DeviationKind.DEALER,
                    f"deal {deal.number} is dealt by "
                    f"{deal.dealer}; it is {expected}'s deal (laws 4, 16)",
                    deal.line,
                    deal.column,
                    deal.dealer,
                    deal.number,
                )
            )
        if deal.number > account.due or (index and deal.number != account.last + 1):
            found.append(
                Deviation(
                    DeviationKind.PARTIE,
                    f"deal {deal.number} follows deal "
                    f"{account.last} of a partie of {account.due} deals "
                    "(law 71)",
                    deal.line,
                    deal.column,
                    None,
                    deal.number,
                )
            )
        replayed = replay_deal(deal, method, leave)
        deals.append(replayed)
        found.extend(replayed.deviations)
        for line in replayed.statements:
            if isinstance(line, Score) and line.line in replayed.before:
                account.check(line, deal.number, "the score before the deal is")
        account.add(replayed)
        for line in replayed.statements:
            if isinstance(line, Score) and line.line not in replayed.before:
                account.check(line, deal.number, "the score is")
        _partie_end(account, replayed)
        totals_now = account.totals
        running.append(MappingProxyType(dict(totals_now)) if totals_now is not None else None)
    finished = account.last == account.due
    totals = MappingProxyType(dict(account.totals)) if account.totals is not None else None
    settlement = settle(totals) if finished and totals is not None else None
    found.extend(account.found)
    return PartieReplay(
        partie.number,
        length,
        first,
        tuple(deals),
        totals,
        finished,
        settlement,
        tuple(sorted(found, key=lambda d: (d.line, d.column))),
        tuple(running),
        irregular,
    )


def _partie_end(account: _Account, deal: DealReplay) -> None:
    """Check the lines that close the partie, written in its last deal."""
    for line in deal.statements:
        if isinstance(line, Score):
            continue
        if deal.number < account.due:
            account.note(
                DeviationKind.PARTIE,
                f"the partie's end is written after deal {deal.number} of {account.due} (law 71)",
                line,
                deal.number,
            )
            continue
        if isinstance(line, PartieScore):
            account.check(line, deal.number, "the partie's totals are")
        elif isinstance(line, SettlementLine) and account.totals is not None:
            due = settle(account.totals)
            if (due.winner, due.points, due.rubicon) != (line.player, line.points, line.rubicon):
                rubicon = " rubicon" if due.rubicon else ""
                right = f"{due.winner} wins {due.points}{rubicon}" if due.winner else "drawn"
                account.note(
                    DeviationKind.PARTIE,
                    f"the partie is settled as {line.player} "
                    f"winning {line.points}; it settles as {right} (laws 72, 73)",
                    line,
                    deal.number,
                )


def _first_dealer(opening: tuple[Event, ...], found: list[Deviation]) -> Player | None:
    """Who deals first: the player with the higher cut chooses (law 4)."""
    higher: Player | None = None
    for event in opening:
        if isinstance(event, CutForDeal):
            cuts = {c.player: c.cards[-1] for c in event.cuts}
            known = {p: c for p, c in cuts.items() if c is not None}
            if len(known) == 2:
                a, b = known[Player.A], known[Player.B]
                if height(a.rank) == height(b.rank):
                    higher = None  # they cut again (law 4)
                else:
                    higher = Player.A if height(a.rank) > height(b.rank) else Player.B
        elif isinstance(event, Elect):
            if higher is not None and event.player is not higher:
                found.append(
                    Deviation(
                        DeviationKind.CUT,
                        f"{event.player} chooses, but {higher} cut the higher card (law 4)",
                        event.line,
                        event.column,
                        event.player,
                    )
                )
            chooser = event.player
            other = Player.B if chooser is Player.A else Player.A
            return chooser if event.choice is Choice.DEAL else other
    return None


def _dealer_of(first: Player | None, partie: Partie, index: int) -> Player | None:
    """Who should deal the ``index``-th deal: the players deal in turn (law 16)."""
    if first is None:
        if not partie.deals:
            return None
        first = partie.deals[0].dealer
        number = partie.deals[0].number
        turn = partie.deals[index].number - number
    else:
        turn = partie.deals[index].number - 1
    return first if turn % 2 == 0 else (Player.B if first is Player.A else Player.A)


def _tallies(tallies: tuple[Tally, ...]) -> dict[Player, int]:
    return {t.player: t.points for t in tallies}
