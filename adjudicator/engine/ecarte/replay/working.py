"""The working state of one replay (:class:`_Working`), which every phase of the deal shares: the
table but for the deal, the deal in progress, the deviations found, and what a law's remedy or a
claim left pending; and the few helpers every phase uses (a deviation reported, a card the record
does not name, the tricks won so far)."""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.hand_score import UNDETERMINED
from adjudicator.engine.ecarte.profiles import Profile, profile_of
from adjudicator.engine.ecarte.queries import hand_result
from adjudicator.engine.ecarte.replay.leave import Leave
from adjudicator.engine.ecarte.replay.state import _Deal
from adjudicator.engine.ecarte.table import SEAT, Deviation, Result, Table
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.ecarte.model import Deal, Event, Record
from adjudicator.notation.numbers import is_number, number


def game_target(record: Record) -> int:
    """Points that win a game: the ``Game`` tag, else 5 (law 46)."""
    value = record.tag("Game")
    if value is not None and is_number(value.strip()) and number(value.strip()) > 0:
        return number(value.strip())
    return 5


def counts_by_law46(record: Record, profile: Profile) -> bool:
    """Whether the record's games count treble, double or single by the loser's score (law 46):
    its ``[Scoring "law46"]`` tag, or its profile's agreement (the rubber's)."""
    return (record.tag("Scoring") or "").strip().lower() == "law46" or profile.counts_by_law46


class _Deviated(Exception):
    """Raised by a replay without steps (:func:`deal_ends`) at the first deviation, or the
    first card the record does not name."""


class _Working:
    """Working state of one replay, shared by the phases of the deal (the mixins that
    :class:`~adjudicator.engine.ecarte.replay.driver._Replay` is made of). Each handler takes an
    event and the deal in progress, and changes the deal in place; deviations found on the way
    are collected in ``self.devs``. ``self.table`` is the table but for the deal, which is
    ``self.deal`` (its ``deal`` field is not kept up to date: ``_now`` gives the whole
    table)."""

    def __init__(
        self,
        record: Record,
        leave: Leave | None = None,
        deals: Iterable[Deal] | None = None,
        profile: Profile | None = None,
    ) -> None:
        self.record = record
        self.deals: Iterable[Deal] = record.deals if deals is None else deals
        self.leave = leave
        if profile is None:
            profile = profile_of(record)
        self.ranks = profile.ranks
        """The order of the ranks, in the play and in the cut (read once: the play is hot)."""
        self.pool = profile.seats.rotation
        """Whether the seats rotate after each game (pool écarté)."""
        self.offers = profile.offers
        """The offers the profile allows."""
        self.table = Table(
            target=game_target(record),
            sheet=(0, 0, 0),
            law46=counts_by_law46(record, profile),
            profile=profile,
            out=profile.seats.players[-1] if self.pool else None,
        )
        self.deal: _Deal | None = None
        self._putting_out: dict[int, int] = {}
        """By seat: the surplus cards a remedy has his next discard put out (not an exchange's
        discard: :meth:`_remedy`)."""
        self._aside: dict[int, int] = {}
        """By seat: cards a remedy threw aside, whose ``discards`` line may follow."""
        self._replacing: dict[int, int] = {}
        """By seat: how many cards are to be given him instead of those thrown aside."""
        self.devs: list[Deviation] = []
        self.strict = False
        """Whether a deviation or an unnamed card stops the replay (:class:`_Deviated`)."""
        self.inferred: list[tuple[int, int, int]] | None = None
        self.local = 0  # index of the current event within its deal
        self._seating_known = False
        """Pool: whether the players at the table are known (a cut for deal or a ``sits out``
        line in the opening, or a deal played); until then the first deal's players sit."""
        self._rotation_out: Player | None = None
        """Pool: who the rotation had sitting out in the deal in progress."""

    _cut_made = False  # the pack of the deal in progress has been cut
    _dealer_discarded_before = 0
    _due_dealer: Player | None = None
    _completing: Player | None = None  # whose short hand a claim called to be completed
    _loose = 0  # cards turned up or faced in error, which may yet be given (laws 35, 37)
    _order_used: tuple[int, int] | None = None
    _events: tuple[Event, ...] = ()  # the events of the deal in progress
    _void_offer: tuple[int, str, Player] | None = None
    """The last offer made void (its deal, what, and who made it): its answer changes
    nothing, and is no departure of its own."""

    def _dev(
        self,
        kind: DeviationKind,
        player: Player | None,
        message: str,
        cards: tuple[Card, ...] = (),
        legal: tuple[Card, ...] = (),
    ) -> None:
        if self.strict:
            raise _Deviated
        self.devs.append(Deviation(kind, player, message, cards, legal))

    def _unnamed(self) -> None:
        """A card the record does not name: a replay without steps stops (:meth:`ends`)."""
        if self.strict:
            raise _Deviated

    def _result(self, deal: _Deal, won: list[int], undetermined: bool) -> Result:
        tricks = (won[0], won[1], won[2])
        if undetermined:
            return Result(tricks, UNDETERMINED)
        return hand_result(deal.freeze(), tricks)

    @staticmethod
    def _tricks_won(deal: _Deal) -> tuple[int, int, int]:
        """The tricks each seat has won so far (a trick whose winner is unknown counts none)."""
        won = [0, 0, 0]
        for t in deal.tricks:
            if t.winner is not None:
                won[SEAT[t.winner]] += 1
        return (won[0], won[1], won[2])
