"""The replay's driver: :class:`_Replay`, made of the phases of the deal, plays the record's
events one at a time through the handler of each kind (:data:`_HANDLERS`), asking the court's
leave (:class:`~adjudicator.engine.ecarte.replay.leave.Leave`) before a fact that needs it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final, TypeVar, cast

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.replay.dealing import _Dealing
from adjudicator.engine.ecarte.replay.ending import _Ending
from adjudicator.engine.ecarte.replay.exchange import _Exchange
from adjudicator.engine.ecarte.replay.inference import later_holdings
from adjudicator.engine.ecarte.replay.offers import _Offers
from adjudicator.engine.ecarte.replay.seating import _Seating
from adjudicator.engine.ecarte.replay.state import _Deal, _tuple_new, _with_deal
from adjudicator.engine.ecarte.replay.tricks import _Tricks
from adjudicator.engine.ecarte.replay.working import _Deviated
from adjudicator.engine.ecarte.table import Deviation, Step, Table
from adjudicator.notation.ecarte.model import (
    Abandon,
    Accept,
    Advise,
    Announce,
    Ask,
    CallNewCards,
    Claim,
    Cut,
    CutForDeal,
    DeclarePlay,
    Discard,
    Double,
    DoubleAnswer,
    ElectPlay,
    Event,
    Faced,
    Holds,
    Lead,
    Line,
    Look,
    Mark,
    OfferPoint,
    Order,
    Packet,
    PackFault,
    PermitComplete,
    Play,
    PointAnswer,
    Propose,
    Refuse,
    Retract,
    Score,
    Show,
    Shuffle,
    SitOut,
    TakeUp,
    Trick,
    Turn,
    Unmark,
)


class _Replay(_Seating, _Dealing, _Exchange, _Tricks, _Ending, _Offers):
    """One replay: the working state (:class:`~adjudicator.engine.ecarte.replay.working._Working`)
    with the handlers of every phase of the deal, and the driving of the events through them."""

    # -- driving ----------------------------------------------------------------------------

    def run(self) -> Iterator[Step]:
        index = 0
        for event in self.record.opening:
            yield self._step(index, event)
            index += 1
        leave = self.leave
        for position, deal in enumerate(self.deals):
            if position and leave is not None:
                ending = leave.ending(position - 1)
                if ending is not None:
                    self._annul(ending)
                if self.pool and self.table.over and leave.unwon(position - 1):
                    self._unwin()
            self._begin(deal)
            yield Step(index, deal, deal.line, deal.column, self._now(), tuple(self.devs))
            index += 1
            self.inferred = later_holdings(deal.events)
            for self.local, event in enumerate(deal.events):
                yield self._step(index, event)
                index += 1

    def ends(self) -> Iterator[Table | None]:
        """The table at the end of each deal, replaying without steps; ``None``, and no more,
        at the first deviation (see :func:`deal_ends`)."""
        self.strict = True
        try:
            for event in self.record.opening:
                self._apply(event)
            handlers = _HANDLERS
            for deal in self.record.deals:
                self._begin(deal)
                working = self.deal
                assert working is not None
                # Every card is named (an unnamed one stops this replay): nothing to infer.
                for event in deal.events:
                    handlers[event.kind](self, event, working)
                yield self._now()
        except _Deviated:
            yield None

    def _now(self) -> Table:
        """The whole table as it stands (the deal frozen)."""
        deal = self.deal
        return _with_deal(self.table, deal.freeze() if deal is not None else None)

    def _step(self, index: int, event: Event) -> Step:
        devs: list[Deviation] = []
        self.devs = devs
        kind = event.kind
        deal = self.deal
        if (
            self.leave is not None
            and event.kind in _BY_LEAVE
            and deal is not None
            and self._moves(event, deal)
        ):
            fact = Step(index, event, event.line, event.column, self._now(), (), kind, True)
            if not self.leave.allows(fact):
                if event.kind != "refuse":
                    return fact  # refused: the fact stands in the record and changes nothing
                # A refusal the dealer may not make: a proposal has two answers, so it stands
                # as the other.
                self._accept_refused(event, deal)
                self._resolve(deal)
                return Step(
                    index, event, event.line, event.column, self._now(), tuple(devs), kind, True
                )
            self._apply(event)
            for remedy in self.leave.remedies(fact):
                self._remedy(remedy, deal)
        else:
            self._apply(event)
        return _tuple_new(
            Step,
            (
                index,
                event,
                event.line,
                event.column,
                self._now(),
                tuple(devs) if devs else (),
                kind,
                False,
            ),
        )

    def _apply(self, event: Event) -> None:
        """Play ``event`` on the table."""
        deal = self.deal
        if deal is None:
            anywhere = _OUTSIDE_A_DEAL.get(event.kind)
            if anywhere is not None:
                anywhere(self, event, None)
            else:
                self._dev(DeviationKind.OUTSIDE_A_DEAL, None, f"'{event.kind}' before any deal")
        else:
            _HANDLERS[event.kind](self, event, deal)
            if self.inferred is not None:
                self._resolve(deal)

    def _moves(
        self, event: Claim | PermitComplete | ElectPlay | Retract | Refuse, deal: _Deal
    ) -> bool:
        """Whether a fact that needs leave may change the table (else nothing is asked): a
        card taken back that is not too late; any claim, permission or election, which may
        take a law's option or remedy."""
        if event.kind == "retract":
            return self._taken_back(event, deal) is not None
        return True


_BY_LEAVE: Final = ("claim", "permit_complete", "elect_play", "retract", "refuse")
"""The facts that change the table only with a law's leave (:class:`Leave`). A tuple, not a
set: ``event.kind in _BY_LEAVE`` then narrows the event's type."""


# -- the handlers, by event kind ------------------------------------------------------------

_Handler = Callable[[_Replay, Event, _Deal], None]
"""A handler of the table: the event and the deal in progress, which it changes in place."""
_Anywhere = Callable[[_Replay, Event, _Deal | None], None]
"""A handler of an event that may also come before any deal (``None`` for the deal)."""

_E = TypeVar("_E", bound=Line)


def _kind(event: type[Line]) -> str:
    """The ``kind`` an event model's values carry (its ``Literal`` default)."""
    kind = event.model_fields["kind"].default
    if not isinstance(kind, str):
        raise TypeError(f"{event.__name__} is not an event")
    return kind


def _in_deal(
    event: type[_E], handler: Callable[[_Replay, _E, _Deal], None]
) -> tuple[str, _Handler]:
    """``handler``, filed under the kind of ``event``. The table's type cannot say that the
    handler under each kind takes the event of that kind (the value's type depends on the key):
    that is what this pairing guarantees, so the cast is sound."""
    return _kind(event), cast(_Handler, handler)


def _anywhere(
    event: type[_E], handler: Callable[[_Replay, _E, _Deal | None], None]
) -> tuple[str, _Anywhere]:
    """As :func:`_in_deal`, for an event that may also come before any deal."""
    return _kind(event), cast(_Anywhere, handler)


_OUTSIDE_A_DEAL: dict[str, _Anywhere] = dict(
    (
        _anywhere(CutForDeal, _Replay._cut_for_deal),
        _anywhere(Score, _Replay._score),
        _anywhere(CallNewCards, _Replay._call_new_cards),
        _anywhere(Shuffle, _Replay._shuffle),
        _anywhere(Order, _Replay._order),
        _anywhere(PackFault, _Replay._pack_fault),
        _anywhere(SitOut, _Replay._sit_out),
    )
)
"""The handlers of the events that may come before any deal (they are in :data:`_HANDLERS`
too)."""

_HANDLERS: dict[str, _Handler] = {
    **_OUTSIDE_A_DEAL,
    **dict(
        (
            _in_deal(Cut, _Replay._cut),
            _in_deal(Packet, _Replay._packet),
            _in_deal(Turn, _Replay._turn),
            _in_deal(Faced, _Replay._faced),
            _in_deal(TakeUp, _Replay._take_up),
            _in_deal(Look, _Replay._look),
            _in_deal(Mark, _Replay._mark),
            _in_deal(Unmark, _Replay._unmark),
            _in_deal(Announce, _Replay._announce),
            _in_deal(Propose, _Replay._propose),
            _in_deal(Accept, _Replay._accept),
            _in_deal(Refuse, _Replay._refuse),
            _in_deal(DeclarePlay, _Replay._declare_play),
            _in_deal(Discard, _Replay._discard),
            _in_deal(Ask, _Replay._ask),
            _in_deal(Holds, _Replay._holds),
            _in_deal(Trick, _Replay._trick),
            _in_deal(Lead, _Replay._lead),
            _in_deal(Play, _Replay._play),
            _in_deal(Retract, _Replay._retract),
            _in_deal(Abandon, _Replay._abandon),
            _in_deal(Show, _Replay._show),
            _in_deal(Claim, _Replay._claim),
            _in_deal(PermitComplete, _Replay._permit_complete),
            _in_deal(ElectPlay, _Replay._elect_play),
            _in_deal(Advise, _Replay._advise),
            _in_deal(Double, _Replay._double),
            _in_deal(DoubleAnswer, _Replay._double_answer),
            _in_deal(OfferPoint, _Replay._offer_point),
            _in_deal(PointAnswer, _Replay._point_answer),
        )
    ),
}
"""Every event kind's handler, by the kind (``tests/test_engine_types.py`` holds it complete)."""
