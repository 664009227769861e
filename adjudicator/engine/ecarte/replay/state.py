"""The deal in progress as the replay works on it (:class:`_Deal`, changed in place and frozen
into a :class:`~adjudicator.engine.ecarte.table.DealState` only when a step is asked for), and the
quick ways of making a table or a seat's triple with one field changed."""

from __future__ import annotations

from typing import TypeVar

from adjudicator.engine.ecarte.table import (
    SEAT,
    DealState,
    Ending,
    Holding,
    Phase,
    Proposal,
    Result,
    Stage,
    Table,
    TrickPlayed,
)
from adjudicator.notation.cards import PACK, Card, Player, Suit

_tuple_new = tuple.__new__


class _Deal:
    """The deal in progress as the engine works on it: the fields of :class:`DealState`,
    changed in place as events come. A step's table holds a :meth:`freeze` of it, made only
    when a step is asked for, so that a replay that wants no steps (:func:`deal_ends`) makes
    no copy of the deal per event (``tests/test_engine_types.py`` holds the fields alike)."""

    __slots__ = (
        "announced",
        "asked",
        "dealer",
        "declared",
        "discards",
        "doubled",
        "elder",
        "ended_by",
        "hands",
        "lead",
        "leader",
        "looked",
        "marks",
        "number",
        "offer",
        "pack",
        "packets",
        "phase",
        "play_hands",
        "played",
        "point_refused",
        "proposals",
        "result",
        "seen",
        "stage",
        "stock",
        "tricks",
        "trump",
        "turned",
        "unrecorded",
    )

    def __init__(self, number: int, dealer: Player, elder: Player, pack: Player | None) -> None:
        self.number = number
        self.dealer = dealer
        self.elder = elder
        self.pack = pack
        self.phase: Phase = Phase.DEALING
        self.packets: tuple[tuple[Player, int], ...] = ()
        self.hands: tuple[Holding, Holding, Holding] = (Holding(), Holding(), Holding())
        self.discards: tuple[Holding, Holding, Holding] = (Holding(), Holding(), Holding())
        self.turned: tuple[Card | None, ...] = ()
        self.trump: Suit | None = None
        self.stock = PACK
        self.seen = 0
        self.proposals: tuple[Proposal, ...] = ()
        self.stage: Stage = ""
        self.asked: int | None = None
        self.declared: Player | None = None
        self.looked: frozenset[Player] = frozenset()
        self.announced: tuple[tuple[Player, int, bool], ...] = ()
        self.tricks: tuple[TrickPlayed, ...] = ()
        self.lead: tuple[Player, Card | None, Suit | None] | None = None
        self.leader: Player | None = elder
        self.played: tuple[int, int, int] = (0, 0, 0)
        self.play_hands: tuple[Holding, Holding, Holding] | None = None
        self.marks: tuple[tuple[Player, int], ...] = ()
        self.result: Result | None = None
        self.ended_by: Ending | None = None
        self.offer: tuple[str, Player] | None = None
        self.doubled: Player | None = None
        self.point_refused: Player | None = None
        self.unrecorded: tuple[tuple[str, Player | None], ...] = ()

    def freeze(self) -> DealState:
        """The deal as it stands, as an immutable :class:`DealState`."""
        return _tuple_new(
            DealState,
            (
                self.number,
                self.dealer,
                self.elder,
                self.pack,
                self.phase,
                self.packets,
                self.hands,
                self.discards,
                self.turned,
                self.trump,
                self.stock,
                self.seen,
                self.proposals,
                self.stage,
                self.asked,
                self.declared,
                self.looked,
                self.announced,
                self.tricks,
                self.lead,
                self.leader,
                self.played,
                self.play_hands,
                self.marks,
                self.result,
                self.ended_by,
                self.offer,
                self.doubled,
                self.point_refused,
                self.unrecorded,
            ),
        )

    def hand(self, player: Player) -> Holding:
        """The player's hand now."""
        return self.hands[SEAT[player]]


_DEAL = Table._fields.index("deal")


def _with_deal(table: Table, deal: DealState | None) -> Table:
    """``table._replace(deal=deal)``, faster."""
    values = list(table)
    values[_DEAL] = deal
    return _tuple_new(Table, values)


_SHEET = Table._fields.index("sheet")


def _with_sheet(table: Table, sheet: tuple[int, int, int]) -> Table:
    """``table._replace(sheet=sheet)``, faster."""
    values = list(table)
    values[_SHEET] = sheet
    return _tuple_new(Table, values)


def _partner(pair: tuple[Player, Player], p: Player) -> Player:
    """The other player of the pair at the table."""
    return pair[1] if p is pair[0] else pair[0]


_T = TypeVar("_T")


def _set(t: tuple[_T, _T, _T], seat: int, value: _T) -> tuple[_T, _T, _T]:
    if seat == 0:
        return (value, t[1], t[2])
    if seat == 1:
        return (t[0], value, t[2])
    return (t[0], t[1], value)
