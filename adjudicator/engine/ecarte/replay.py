"""The replay engine: a pure function from a record to the state of the table after every event.

:func:`replay` never refuses a record. It plays what the record says was done, lawful or not
(a revoked card is played, a sixth card is held, a card is exposed), and reports each departure
from lawful play as a :class:`~adjudicator.engine.ecarte.table.Deviation`: a fact for the laws to
judge. It judges nothing itself and knows nothing of the laws' options and penalties.

Unknown cards (``??``) are carried as counts. Holdings are inferred from the whole deal: a card
a player plays, discards or is said to hold later, and was not given after, was in his hand
before (:func:`later_holdings`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final, Protocol, TypeVar, cast

from adjudicator.engine.ecarte.hand_score import UNDETERMINED, End
from adjudicator.engine.ecarte.profile import Feature, profile_of
from adjudicator.engine.ecarte.queries import hand_result
from adjudicator.engine.ecarte.remedy import (
    DrawSurplus,
    PutOutSurplus,
    Remedy,
    ThrowAside,
    discards_next,
    held_later,
    set_aside,
    surplus,
)
from adjudicator.engine.ecarte.rules import (
    CARD_BIT,
    HAND,
    SUIT_MASK,
    above,
    beats,
    cards_of,
    cut_rank,
    game_value,
    legal_follows,
    mask,
    offer_in_time,
)
from adjudicator.engine.ecarte.table import (
    PLAYERS,
    SEAT,
    DealState,
    Deviation,
    Holding,
    Proposal,
    Result,
    Step,
    Table,
    TrickPlayed,
)
from adjudicator.notation.cards import PACK, Card, Player, Suit
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
    Deal,
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
    Record,
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
from adjudicator.notation.numbers import is_number, number

MARK_DEFAULT = {"king": 1, "point": 1, "vole": 2}
"""The points a mark without a number stands for, by its reason."""


def game_target(record: Record) -> int:
    """Points that win a game: the ``Game`` tag, else 5 (law 46)."""
    value = record.tag("Game")
    if value is not None and is_number(value.strip()) and number(value.strip()) > 0:
        return number(value.strip())
    return 5


class Leave(Protocol):
    """What the engine asks of whoever judges the record as it replays (the court), so that the
    table moves only as the laws allow. Without one, the engine plays every fact as recorded."""

    def allows(self, fact: Step) -> bool:
        """Whether ``fact`` takes effect: a claim or permission that would change the table (a
        fresh deal, a choice of trump, a replay of the hands, a completion from the stock), a
        card taken back, or a refusal of a proposal. ``fact`` is the step as it would stand if
        refused: the event, with the table just before it. Refused, it is a step that changes
        nothing, but for a refusal, which stands as an acceptance (a proposal has two
        answers)."""
        ...

    def remedies(self, fact: Step) -> tuple[Remedy, ...]:
        """Asked once ``fact`` has taken effect (:meth:`allows`): what the laws' remedies it
        takes do to the cards on the table (a surplus drawn or put out, cards thrown aside),
        which the engine does at once (:mod:`adjudicator.engine.ecarte.remedy`)."""
        ...

    def ending(self, position: int) -> str | None:
        """Asked when the deal at ``position`` (in ``record.deals``) is over, before the next
        deal begins: ``"fresh deal"`` or ``"void"`` if the laws annul it although no line of
        the record ended it so (the deal does not pass, and the same player deals again);
        ``None`` if it stands, or the record ended it itself."""
        ...

    def unwon(self, position: int) -> bool:
        """Pool écarté: asked, after :meth:`ending`, when the deal at ``position`` won a game
        by the sheet as marked: whether the laws take the game away (a mark they take down
        leaves the winner short of the game), so that no seat changes (pool rule P1)."""
        ...


def replay(
    record: Record, leave: Leave | None = None, deals: Iterable[Deal] | None = None
) -> Iterator[Step]:
    """The table after every event of ``record``, in order (a deal's heading is a step too).

    ``leave``: the court, asked before a fact that needs a law's leave changes the table, and
    at the end of each deal whether the laws annul it (:class:`Leave`). The engine judges
    nothing itself: without ``leave`` it plays every fact as the record gives it.

    ``deals``: the record's deals, if not ``record.deals`` (a long record read a part at a
    time gives its deals as they are read; the replay holds only the deal in progress)."""
    return _Replay(record, leave, deals).run()


def deal_ends(record: Record) -> Iterator[Table | None]:
    """The table at the end of each deal of ``record`` (after its last event), one deal at a
    time, until the replay meets a deviation from lawful play or a card the record does not
    name: then ``None``, and nothing more.

    The same replay as :func:`replay`, without its steps: nothing is copied per event. It plays
    every fact as recorded (no :class:`Leave`), so it answers for what the laws would allow only
    where the record holds no fact that needs their leave but those no law refuses where nothing
    deviates (a refusal of a proposal: law 37 forbids it only after a card turned up in error).
    The court's quick path reads it, and stops reading at the first deal it cannot take."""
    return _Replay(record).ends()


def final_table(record: Record) -> Table:
    """The table after the last event."""
    table = Table(target=game_target(record), sheet=(0, 0, 0))
    for step in replay(record):
        table = step.table
    return table


def later_holdings(events: tuple[Event, ...]) -> list[tuple[int, int, int]] | None:
    """For each event of a deal, the cards each seat is known to hold just after it because he
    plays, discards or is said to hold them later without being given them in between (and
    without being given, in between, a card nobody recorded, which could have been any of
    them). ``None`` when the deal names every card and writes its dealing down (nothing to
    infer)."""
    if not any(_has_unknown(e) for e in events) and any(e.kind == "packet" for e in events):
        return None
    pending = [0, 0, 0]
    out: list[tuple[int, int, int]] = [(0, 0, 0)] * len(events)
    for i in range(len(events) - 1, -1, -1):
        out[i] = (pending[0], pending[1], pending[2])
        e = events[i]
        if e.kind in ("play", "lead", "discard", "holds"):
            seat = SEAT[e.player]
            cards = (e.card,) if e.kind == "play" or e.kind == "lead" else e.cards
            for c in cards:
                if c is not None:
                    pending[seat] |= CARD_BIT[c]
        elif e.kind == "trick":
            if e.lead is not None:
                pending[SEAT[e.leader]] |= CARD_BIT[e.lead]
            if e.follower is not None and e.follow is not None:
                pending[SEAT[e.follower]] |= CARD_BIT[e.follow]
        elif e.kind in ("packet", "retract"):
            seat = SEAT[e.player]
            cards = e.cards if e.kind == "packet" else (e.card,)
            for c in cards:
                if c is None:
                    # He was given a card nobody recorded: any card he shows later may be that
                    # one, so none of them is known to have been in his hand before it.
                    pending[seat] = 0
                    break
                pending[seat] &= ~CARD_BIT[c]
    return out


def counts_stated_later(events: tuple[Event, ...]) -> dict[Player, int]:
    """For a deal whose dealing is not written down (no packet before the turn-up): how many
    cards a player was dealt, where a ``holds`` line after the turn-up says so: the cards it
    states, and those he gave up since the turn-up (played, discarded), less those he was given
    (drawn, taken back). Empty when the dealing is written down."""
    turned = False
    out: dict[Player, int] = {}
    gone: dict[Player, int] = {}
    for e in events:
        if e.kind == "packet" and not turned:
            return {}
        if e.kind == "turn":
            turned = True
        elif not turned:
            continue
        elif e.kind == "play" or e.kind == "lead":
            gone[e.player] = gone.get(e.player, 0) + 1
        elif e.kind == "trick":
            gone[e.leader] = gone.get(e.leader, 0) + 1
            if e.follower is not None:
                gone[e.follower] = gone.get(e.follower, 0) + 1
        elif e.kind == "discard":
            gone[e.player] = gone.get(e.player, 0) + len(e.cards)
        elif e.kind == "packet":
            gone[e.player] = gone.get(e.player, 0) - len(e.cards)
        elif e.kind == "retract":
            gone[e.player] = gone.get(e.player, 0) - 1
        elif e.kind == "holds" and e.player not in out:
            out[e.player] = len(e.cards) + gone.get(e.player, 0)
    return out


def _has_unknown(e: Event) -> bool:
    if e.kind in ("packet", "discard", "turn", "holds"):
        return None in e.cards
    if e.kind == "trick":
        return e.lead is None or (e.follower is not None and e.follow is None)
    if e.kind in ("play", "lead"):
        return e.card is None
    return False


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
        self.phase = "dealing"
        self.packets: tuple[tuple[Player, int], ...] = ()
        self.hands: tuple[Holding, Holding, Holding] = (Holding(), Holding(), Holding())
        self.discards: tuple[Holding, Holding, Holding] = (Holding(), Holding(), Holding())
        self.turned: tuple[Card | None, ...] = ()
        self.trump: Suit | None = None
        self.stock = PACK
        self.seen = 0
        self.proposals: tuple[Proposal, ...] = ()
        self.stage = ""
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
        self.ended_by = ""
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


def _rotate(t: Table) -> Table:
    """Pool écarté, after a game: the loser gives his seat, and his turn to deal, to the one
    sitting out (pool rule P1; ``docs/profiles.md``)."""
    if not t.games_played or t.out is None:
        return t
    winner, loser = t.games_played[-1]
    newcomer = t.out
    if winner not in t.seated or newcomer in (winner, loser):
        return t  # a "game" marked by one not at the table: nobody changes seats
    due = newcomer if t.next_dealer is loser else t.next_dealer
    return t._replace(seated=(winner, newcomer), out=loser, next_dealer=due)


_NOT_SEATED: Final = ("advise", "sit_out", "mark", "unmark", "score", "call_new_cards")
"""Kinds of event whose ``player`` need not be at the table (a bystander, one sitting out, a
mark for the deal before, which law 50 allows until the turn-up)."""


def _players_named(deal: Deal) -> Iterator[Player]:
    """The players a deal's lines name as acting in it, in order (bystanders left out)."""
    for e in deal.events:
        if e.kind in _NOT_SEATED:
            continue
        fields = e.__dict__  # (a model's fields: no exception for an event without them)
        for who in (fields.get("player"), fields.get("leader"), fields.get("follower")):
            if isinstance(who, Player):
                yield who


_T = TypeVar("_T")


def _set(t: tuple[_T, _T, _T], seat: int, value: _T) -> tuple[_T, _T, _T]:
    if seat == 0:
        return (value, t[1], t[2])
    if seat == 1:
        return (t[0], value, t[2])
    return (t[0], t[1], value)


class _Deviated(Exception):
    """Raised by a replay without steps (:func:`deal_ends`) at the first deviation, or the
    first card the record does not name."""


class _Replay:
    """Working state of one replay. Each handler takes an event and the deal in progress, and
    changes the deal in place; deviations found on the way are collected in ``self.devs``.
    ``self.table`` is the table but for the deal, which is ``self.deal`` (its ``deal`` field is
    not kept up to date: :meth:`_now` gives the whole table)."""

    def __init__(
        self, record: Record, leave: Leave | None = None, deals: Iterable[Deal] | None = None
    ) -> None:
        self.record = record
        self.deals: Iterable[Deal] = record.deals if deals is None else deals
        self.leave = leave
        profile = profile_of(record)
        self.ace_high = profile.has(Feature.ACE_HIGH)
        self.pool = profile.has(Feature.POOL)
        law46 = (record.tag("Scoring") or "").strip().lower() == "law46" or profile.has(
            Feature.RUBBER
        )
        self.table = Table(
            target=game_target(record),
            sheet=(0, 0, 0),
            law46=law46,
            profile=profile,
            out=Player.C if self.pool else None,
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
        self._rotation_out: Player | None = None
        """Pool: who the rotation had sitting out in the deal in progress."""
        """Pool: whether the players at the table are known (a cut for deal or a ``sits out``
        line in the opening, or a deal played); until then the first deal's players sit."""

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
                self._dev("outside_a_deal", None, f"'{event.kind}' before any deal")
        else:
            _HANDLERS[event.kind](self, event, deal)
            if self.inferred is not None:
                self._resolve(deal)

    def _annul(self, ending: str) -> None:
        """End the deal in progress as the laws annul it with no line of the record to say so,
        as a claimed fresh deal ends it (:meth:`_claim`): the deal does not pass; the player
        whose deal it was deals again. A deal the record already ended so (a claim, a faulty
        pack) is left as it is."""
        deal = self.deal
        if deal is None or deal.ended_by in ("fresh deal", "void"):
            return
        self.table = self.table._replace(next_dealer=self._due_dealer or deal.dealer)
        deal.ended_by = ending

    def _unwin(self) -> None:
        """The game the deal just ended seemed to win, taken away by the laws (a mark taken
        down): it goes on, and in pool écarté nobody changes seats. The sheet stays as marked
        (the court keeps the corrected score)."""
        t = self.table
        self.table = t._replace(
            over=False,
            games=t.games[:-1],
            game_values=t.game_values[:-1],
            games_played=t.games_played[:-1],
        )

    def _moves(
        self, event: Claim | PermitComplete | ElectPlay | Retract | Refuse, deal: _Deal
    ) -> bool:
        """Whether a fact that needs leave may change the table (else nothing is asked): a
        card taken back that is not too late; any claim, permission or election, which may
        take a law's option or remedy."""
        if event.kind == "retract":
            return self._taken_back(event, deal) is not None
        return True

    def _resolve(self, deal: _Deal) -> None:
        """Merge the inferred holdings into the hands."""
        if self.inferred is None:
            return
        later = self.inferred[self.local]
        hands = list(deal.hands)
        changed = False
        for seat in (0, 1, 2):
            extra = later[seat] & ~hands[seat].cards
            n = extra.bit_count()
            # More cards inferred than cards unaccounted for: the record contradicts itself
            # (the play will show it); infer nothing rather than guess.
            if extra and n <= hands[seat].unknown:
                hands[seat] = Holding(hands[seat].cards | extra, hands[seat].unknown - n)
                changed = True
        if changed:
            deal.hands = (hands[0], hands[1], hands[2])

    def _dev(
        self,
        kind: str,
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

    # -- the deal heading -------------------------------------------------------------------

    def _begin(self, deal: Deal) -> None:
        self.devs = []
        t = self.table
        won = t.over
        if won:  # the previous deal won the game: this deal begins the next
            t = t._replace(sheet=(0, 0, 0), game=t.game + 1, over=False)
            if self.pool:
                t = _rotate(t)
        pair = self._pair(deal, t)
        due = t.next_dealer
        self._rotation_out = t.out if self._seating_known else None
        seated = pair[0] in t.seated and pair[1] in t.seated
        if self.pool and self._seating_known and not seated:
            intruder = next(p for p in pair if p not in t.seated)
            kept_out = next((p for p in t.seated if p not in pair), t.seated[0])
            self._dev(
                "wrong_player_seated",
                intruder,
                f"{intruder} sat down in deal {deal.number}; {kept_out} should have played "
                f"and {intruder} sat out",
            )
            if due is kept_out:
                due = intruder  # he took the seat, and its turn to deal
                t = t._replace(next_dealer=intruder)
        self._seating_known = True
        if self.pool or not seated:
            out = next(p for p in PLAYERS if p not in pair)
            t = t._replace(seated=pair, out=out if self.pool else t.out)
        if due is not None and deal.dealer is not due:
            self._dev(
                "deal_out_of_turn",
                deal.dealer,
                f"{deal.dealer} dealt; it was {due}'s deal",
            )
        if deal.pack is not None and deal.pack is not deal.dealer:
            self._dev("wrong_pack", deal.dealer, f"{deal.dealer} dealt with {deal.pack}'s pack")
        previous = self.deal
        if (
            previous is not None
            and previous.result is None
            and previous.phase == "play"
            and not previous.ended_by
            and not won  # a game won by a king marked during the play ends the hand
        ):
            self._dev("hand_unfinished", None, f"deal {previous.number} was not played out")
        self._due_dealer = t.next_dealer
        self._cut_made = False
        self._loose = 0
        self._completing = None
        self._putting_out = {}
        self._aside = {}
        self._replacing = {}
        self.deal = _Deal(deal.number, deal.dealer, pair[1], deal.pack)
        self._events = deal.events
        self.table = t._replace(next_dealer=pair[1])

    @staticmethod
    def _pair(deal: Deal, t: Table) -> tuple[Player, Player]:
        """The two players of ``deal``, the dealer first: he and the other player its lines
        name; if they name none, he and the other of the pair at the table (or the first of
        it, if he is not at it)."""
        dealer = deal.dealer
        for who in _players_named(deal):
            if who is not dealer:
                return (dealer, who)
        seated = t.seated
        if dealer in seated:
            return (dealer, _partner(seated, dealer))
        return (dealer, seated[0])

    # -- shuffling and cutting --------------------------------------------------------------

    def _cut_for_deal(self, e: CutForDeal, deal: _Deal | None) -> None:
        cuts = e.cuts
        if any(len(cards) > 1 for cards in cuts.values()):
            who = [p for p, cards in cuts.items() if len(cards) > 1]
            self._dev("cut_exposed_several", who[0], f"{who[0]} exposed more than one card")
            return
        known = {p: cards[0] for p, cards in cuts.items() if cards and cards[0] is not None}
        if len(known) < 2:
            return
        high = self.ace_high
        ranked = sorted(known.items(), key=lambda pc: -cut_rank(pc[1], high))
        if self.pool and len(known) == 2:
            pair = (ranked[0][0], ranked[1][0])
            out = next(p for p in PLAYERS if p not in pair)
            self.table = self.table._replace(seated=pair, out=out)
            self._seating_known = True
        if cut_rank(ranked[0][1], high) == cut_rank(ranked[1][1], high):
            self._dev("cut_tie", None, f"the cut is a tie: {ranked[0][1]} and {ranked[1][1]}")
            return
        self.table = self.table._replace(next_dealer=ranked[0][0])

    def _shuffle(self, e: Shuffle, deal: _Deal | None) -> None:
        if e.exposed or e.below_table:
            how = "exposing cards" if e.exposed else "below the table"
            self._dev("faulty_shuffle", e.player, f"{e.player} shuffled {how}")
        if deal is not None and deal.phase == "play" and deal.result is None:
            self._dev("shuffle_during_play", e.player, f"{e.player} shuffled during the play")
        elif deal is not None and self._cut_made and not deal.packets and deal.phase == "dealing":
            self._dev("shuffled_after_cut", e.player, f"{e.player} shuffled after the cut")

    _cut_made = False  # the pack of the deal in progress has been cut

    def _cut(self, e: Cut, deal: _Deal) -> None:
        self._cut_made = True
        if e.player is deal.dealer:
            self._dev("cut_by_dealer", e.player, f"the dealer {e.player} cut his own pack")
        if e.count < 2 or e.count > PACK - 2:
            self._dev(
                "short_cut", e.player, f"{e.player} cut {e.count}; a cut leaves two cards each way"
            )
        if e.exposed:
            cards = tuple(c for c in e.exposed if c is not None)
            self._dev("cut_exposed", e.player, "a card was exposed in cutting", cards)
        if deal.packets:
            self._dev("cut_after_dealing", e.player, f"{e.player} cut after the dealing began")

    def _order(self, e: Order, deal: _Deal | None) -> None:
        if deal is not None and deal.packets:
            self._dev(
                "order_too_late", deal.dealer, "a new order announced after the dealing began"
            )
        self.table = self.table._replace(pending_order=(e.first, e.second))

    # -- dealing and giving cards -----------------------------------------------------------

    def _receive(self, deal: _Deal, player: Player, cards: tuple[Card | None, ...]) -> None:
        seat = SEAT[player]
        hand = deal.hands[seat]
        add = 0
        unknown = hand.unknown
        seen = deal.seen
        for c in cards:
            if c is None:
                self._unnamed()
                unknown += 1
                continue
            bit = CARD_BIT[c]
            if seen & bit:
                if self._loose & bit:  # a card turned or faced in error, now given (law 37)
                    self._loose &= ~bit
                else:
                    self._dev("card_seen_twice", player, f"{c} was already in play", (c,))
            seen |= bit
            add |= bit
        deal.hands = _set(deal.hands, seat, _tuple_new(Holding, (hand.cards | add, unknown)))
        deal.seen = seen

    def _packet(self, e: Packet, deal: _Deal) -> None:
        if e.exposed:
            exposed = tuple(c for i, c in enumerate(e.cards) if i in e.exposed and c is not None)
            whose = "his own" if e.player is deal.dealer else f"{e.player}'s"
            kind = "exposed_in_dealing" if deal.phase == "dealing" else "exposed_in_giving"
            self._dev(kind, deal.dealer, f"the dealer exposed {whose} card(s)", exposed)
        if deal.phase == "dealing":
            self._deal_packet(e, deal)
            return
        n = len(e.cards)
        stage = deal.stage
        seat = SEAT[e.player]
        if 0 < n <= self._replacing.get(seat, 0):
            # The cards given instead of those a remedy threw aside (law 36).
            self._replacing[seat] -= n
        elif stage == "elder draws" and e.player is deal.elder:
            asked = deal.asked if deal.asked is not None else n
            if n != asked:
                self._dev(
                    "wrong_number_given",
                    deal.dealer,
                    f"{e.player} asked for {asked} and was given {n}",
                )
            deal.stage = "dealer discards"
        elif stage == "dealer draws" and e.player is deal.dealer:
            wanted = deal.discards[SEAT[deal.dealer]].size - self._dealer_discarded_before
            if n != wanted:
                self._dev(
                    "dealer_took_wrong_number",
                    deal.dealer,
                    f"{e.player} discarded {wanted} and took {n}",
                )
            deal.stage = ""
        elif (
            (who := self._completing) is not None
            and e.player is who
            and deal.hand(who).size + n <= HAND
        ):
            # The completion of his short hand from the stock, which his claim (or the other
            # player's permission) called for: laws 16, 18, 32, 34. A claim the laws reject
            # never reaches here (:class:`Leave`).
            self._completing = None
        else:
            self._dev(
                "cards_given_out_of_turn",
                e.player,
                f"{e.player} was given {n} card(s) when no exchange called for it",
            )
        if n > deal.stock:
            self._dev("stock_exhausted", e.player, f"{n} card(s) given; the stock had {deal.stock}")
        loose = sum(1 for c in e.cards if c is not None and self._loose & CARD_BIT[c])
        deal.stock = max(0, deal.stock - (n - loose))  # loose cards left it already
        self._receive(deal, e.player, e.cards)

    _dealer_discarded_before = 0
    _due_dealer: Player | None = None
    _completing: Player | None = None  # whose short hand a claim called to be completed
    _loose = 0  # cards turned up or faced in error, which may yet be given (laws 35, 37)
    _order_used: tuple[int, int] | None = None
    _events: tuple[Event, ...] = ()  # the events of the deal in progress

    def _deal_packet(self, e: Packet, deal: _Deal) -> None:
        t = self.table
        k = len(deal.packets)
        n = len(e.cards)
        dealer_seat = SEAT[deal.dealer]
        order = t.orders[dealer_seat]
        if k == 0:
            chosen = t.pending_order or order
            if chosen is None:
                # His first packet selects his order (law 8). One of another size than two or
                # three is read as the lawful packet nearest it, with cards too many or too
                # few (as laws 15-18 read a wrong hand): four or more begin 3-2, one 2-3.
                chosen = (3, 2) if n >= 3 else (2, 3)
            if t.pending_order is not None or order is None:
                orders = list(t.orders)
                orders[dealer_seat] = chosen
                self.table = t = t._replace(orders=tuple(orders), pending_order=None)
            order = chosen
            self._order_used = order
            if order is not None and n != order[0] and n in (2, 3):
                self._dev(
                    "order_changed",
                    deal.dealer,
                    f"{deal.dealer} dealt {n}-{HAND - n}; his order this game is "
                    f"{order[0]}-{order[1]}",
                )
                self._order_used = (n, HAND - n)  # judge the rest of the deal by his new order
        if k < 4:
            expected_player = deal.elder if k % 2 == 0 else deal.dealer
            if e.player is not expected_player:
                self._dev(
                    "packet_to_wrong_player",
                    deal.dealer,
                    f"packet {k + 1} went to {e.player}; it was {expected_player}'s",
                )
            used = self._order_used
            if order is not None and used is not None:
                size = used[0] if k < 2 else used[1]
                if n != size:
                    self._dev(
                        "wrong_packet_size",
                        deal.dealer,
                        f"packet {k + 1} to {e.player} had {n} card(s), not {size}",
                    )
        else:
            self._dev("extra_packet", deal.dealer, f"a fifth packet, to {e.player}")
        deal.packets = (*deal.packets, (e.player, n))
        deal.stock = max(0, deal.stock - n)
        self._receive(deal, e.player, e.cards)

    def _turn(self, e: Turn, deal: _Deal) -> None:
        cards = e.cards
        known = tuple(c for c in cards if c is not None)
        if len(known) < len(cards):
            self._unnamed()
        seen = deal.seen
        for c in known:
            if seen & CARD_BIT[c]:
                self._dev("card_seen_twice", None, f"{c} was already in play", (c,))
            seen |= CARD_BIT[c]
        if deal.phase != "dealing" or e.in_error:
            self._dev(
                "card_turned_in_error",
                deal.dealer,
                f"{deal.dealer} turned up {' '.join(c.code for c in known) or 'a card'} "
                "after the trump was turned",
                known,
            )
            for c in known:
                self._loose |= CARD_BIT[c]
            deal.seen = seen
            deal.stock = max(0, deal.stock - len(cards))
            return
        if len(cards) > 1:
            self._dev("several_turned", deal.dealer, f"{len(cards)} cards turned up", known)
        if not deal.packets:
            self._dealing_unrecorded(deal)
        for p in (deal.elder, deal.dealer):
            size = deal.hand(p).size
            if size != HAND:
                self._dev(
                    "wrong_count_dealt", deal.dealer, f"{p} was dealt {size} cards, not {HAND}"
                )
        deal.phase = "exchange"
        deal.turned = tuple(cards)
        deal.trump = cards[0].suit if cards and cards[0] is not None else None
        deal.seen = seen
        deal.stock = max(0, deal.stock - len(cards))

    def _dealing_unrecorded(self, deal: _Deal) -> None:
        """No packet written down by the turn-up: the dealing is not recorded. A hand stated
        whole (``holds``) is what he was dealt; so is one a later ``holds`` line counts
        (:func:`counts_stated_later`); any other is taken as five cards not named (the play
        names them, :func:`later_holdings`), how many he was dealt not being known. Either way
        the cards left the pack."""
        facts: list[tuple[str, Player | None]] = [("packets", None)]
        counted = counts_stated_later(self._events)
        for p in (deal.elder, deal.dealer):
            seat = SEAT[p]
            hand = deal.hands[seat]
            if hand.size:
                continue  # stated whole; the stock gave them up then (:meth:`_holds`)
            self._unnamed()
            n = counted.get(p)
            if n is None:
                facts.append(("dealt", p))
                n = HAND
            deal.hands = _set(deal.hands, seat, Holding(0, max(0, n)))
            deal.stock = max(0, deal.stock - max(0, n))
        deal.unrecorded = (*deal.unrecorded, *facts)

    def _faced(self, e: Faced, deal: _Deal) -> None:
        where = "pack" if deal.phase == "dealing" else "stock"
        cards = (e.card,) if e.card is not None else ()
        self._dev("faced_card", None, f"a faced card in the {where}", cards)
        if where == "stock":
            deal.stock = max(0, deal.stock - 1)  # thrown aside (law 35)
        if e.card is not None:
            self._loose |= CARD_BIT[e.card]
            deal.seen |= CARD_BIT[e.card]

    def _look(self, e: Look, deal: _Deal) -> None:
        if e.at == "discard":
            self._dev("looked_at_discard", e.player, f"{e.player} looked at a discard")
        else:
            self._dev("looked_at_stock", e.player, f"{e.player} looked at cards of the stock")

    def _take_up(self, e: TakeUp, deal: _Deal) -> None:
        deal.looked = deal.looked | {e.player}

    # -- the king, proposing, discarding ----------------------------------------------------

    def _mark(self, e: Mark, deal: _Deal) -> None:
        points = e.points
        if points is None:
            reason = e.reason.value if e.reason is not None else ""
            points = MARK_DEFAULT.get(reason, 0)
            if reason not in MARK_DEFAULT:
                self._dev("mark_without_points", e.player, f"{e.player} marked without points")
        self._add_to_sheet(e.player, points)
        deal.marks = (*deal.marks, (e.player, points))

    def _unmark(self, e: Unmark, deal: _Deal) -> None:
        self._add_to_sheet(e.player, -e.points)
        deal.marks = (*deal.marks, (e.player, -e.points))

    def _add_to_sheet(self, player: Player, points: int) -> None:
        t = self.table
        seat = SEAT[player]
        sheet = _set(t.sheet, seat, t.sheet[seat] + points)
        if not t.over and sheet[seat] >= t.target:
            loser = max(v for i, v in enumerate(sheet) if i != seat)
            value = game_value(loser) if t.law46 else 1
            t = t._replace(
                over=True,
                games=(*t.games, (player, sheet)),
                game_values=(*t.game_values, value),
                games_played=(*t.games_played, (player, _partner(t.seated, player))),
            )
        elif t.over and points < 0 and sheet[seat] < t.target and t.games:
            # an overscore taken down: the game was not won after all
            last_winner, _ = t.games[-1]
            if last_winner is player:
                t = t._replace(
                    over=False,
                    games=t.games[:-1],
                    game_values=t.game_values[:-1],
                    games_played=t.games_played[:-1],
                )
        self.table = _with_sheet(t, sheet)

    def _announce(self, e: Announce, deal: _Deal) -> None:
        played = deal.played[SEAT[e.player]]
        awaiting = deal.lead is not None and deal.lead[0] is e.player
        deal.announced = (*deal.announced, (e.player, played, awaiting))

    def _propose(self, e: Propose, deal: _Deal) -> None:
        if e.player is not deal.elder:
            self._dev("proposal_by_dealer", e.player, f"the dealer {e.player} proposed")
        if deal.phase == "dealing":
            self._dev("proposal_before_turn", e.player, "a proposal before the trump was turned")
        elif deal.phase == "play":
            self._dev("proposal_during_play", e.player, "a proposal after the play began")
        elif deal.stage not in ("", "dealer discards"):
            self._dev("proposal_out_of_turn", e.player, f"a proposal while {deal.stage}")
        if deal.declared is not None:
            self._dev(
                "proposal_after_declaring",
                e.player,
                f"{e.player} proposed after declaring he would play",
            )
        deal.proposals = (*deal.proposals, Proposal(e.player))
        deal.stage = "answer"

    def _answer(self, e: Accept | Refuse, deal: _Deal, answer: str, conditional: bool) -> None:
        if e.player is not deal.dealer:
            self._dev("answer_by_elder", e.player, f"the non-dealer {e.player} answered")
        if deal.stage != "answer" or not deal.proposals:
            self._dev("answer_without_proposal", e.player, f"{e.player} {answer}s no proposal")
            return
        last = deal.proposals[-1]._replace(answer=answer, conditional=conditional)
        deal.proposals = (*deal.proposals[:-1], last)
        if answer == "accept":
            self._dealer_discarded_before = deal.discards[SEAT[deal.dealer]].size
            deal.stage = "elder discards"
            deal.asked = None
        else:
            deal.stage = ""

    def _accept(self, e: Accept, deal: _Deal) -> None:
        self._answer(e, deal, "accept", e.if_stock)

    def _refuse(self, e: Refuse, deal: _Deal) -> None:
        self._answer(e, deal, "refuse", False)

    def _accept_refused(self, e: Refuse, deal: _Deal) -> None:
        """A refusal that may not be made, as the acceptance it stands for."""
        self._answer(e, deal, "accept", False)

    def _declare_play(self, e: DeclarePlay, deal: _Deal) -> None:
        if e.player is not deal.elder:
            self._dev("declared_by_dealer", e.player, f"the dealer {e.player} declared play")
        if deal.stage == "answer":
            self._dev("declared_during_proposal", e.player, "declared while a proposal awaited")
        deal.declared = e.player
        deal.stage = ""

    def _discard(self, e: Discard, deal: _Deal) -> None:
        if self._remedied(e, deal):
            return
        seat = SEAT[e.player]
        stage = deal.stage
        expected = (
            deal.elder
            if stage == "elder discards"
            else deal.dealer
            if stage == "dealer discards"
            else None
        )
        if expected is not e.player:
            self._dev("discard_out_of_turn", e.player, f"{e.player} discarded out of turn")
        self._remove(deal, e.player, e.cards, "discarded")
        pile = deal.discards[seat]
        deal.discards = _set(
            deal.discards,
            seat,
            Holding(
                pile.cards | mask(e.cards),
                pile.unknown + sum(1 for c in e.cards if c is None),
            ),
        )
        n = len(e.cards)
        if not 1 <= n <= HAND:
            self._dev("discard_size", e.player, f"{e.player} discarded {n} card(s)")
        if e.player is deal.elder:
            deal.asked = deal.asked if deal.asked is not None else n
            deal.stage = "elder draws"
        else:
            deal.stage = "dealer draws"

    def _ask(self, e: Ask, deal: _Deal) -> None:
        if e.player is not deal.dealer:  # the dealer's is the number he wished (law 38)
            deal.asked = e.count

    def _holds(self, e: Holds, deal: _Deal) -> None:
        """A statement of the player's whole hand at this moment: the cards named, and as many
        more not named as it has ``??``. Cards known to be in his hand and not named must be
        among those not named, else the record contradicts itself. In a deal whose dealing is
        not written down (no packet yet), it is the hand he was dealt, and the stock is the
        smaller by it."""
        seat = SEAT[e.player]
        hand = deal.hands[seat]
        unnamed = sum(1 for c in e.cards if c is None)
        if unnamed:
            self._unnamed()
        named = [c for c in e.cards if c is not None]
        stated = mask(named)
        if stated.bit_count() < len(named):
            twice = sorted({c for c in named if named.count(c) > 1}, key=named.index)
            self._dev(
                "holding_contradicts",
                e.player,
                f"{e.player} is said to hold {' '.join(c.code for c in twice)} more than once",
                tuple(twice),
            )
        missing = hand.cards & ~stated
        if missing.bit_count() > unnamed:
            self._dev(
                "holding_contradicts",
                e.player,
                f"{e.player} is said to hold {len(e.cards)} cards without "
                f"{' '.join(c.code for c in cards_of(missing))}",
                tuple(cards_of(missing)),
            )
            missing = 0
        if deal.phase == "dealing" and not deal.packets:
            deal.stock = max(0, deal.stock - (len(e.cards) - hand.size))
        deal.seen |= stated
        deal.hands = _set(
            deal.hands, seat, Holding(stated | missing, unnamed - missing.bit_count())
        )

    def _remove(
        self, deal: _Deal, player: Player, cards: tuple[Card | None, ...], verb: str
    ) -> None:
        """Take cards out of a hand (played or discarded)."""
        seat = SEAT[player]
        hand = deal.hands[seat]
        known, unknown = hand.cards, hand.unknown
        seen = deal.seen
        for c in cards:
            if c is None:
                self._unnamed()
                if unknown:
                    unknown -= 1
                elif known:
                    # a card we cannot name left a hand we knew: it is no longer known which
                    unknown, known = known.bit_count() - 1, 0
                continue
            bit = CARD_BIT[c]
            seen |= bit
            if known & bit:
                known &= ~bit
            elif unknown:
                unknown -= 1
            else:
                self._dev(
                    "card_not_held", player, f"{player} {verb} {c}, which he did not hold", (c,)
                )
        deal.hands = _set(deal.hands, seat, Holding(known, unknown))
        deal.seen = seen

    def _remove_card(self, deal: _Deal, player: Player, card: Card | None, verb: str) -> None:
        """Take one card out of a hand (:meth:`_remove`, for the card of a trick)."""
        if card is None:
            self._remove(deal, player, (card,), verb)
            return
        seat = SEAT[player]
        hands = deal.hands
        hand = hands[seat]
        bit = CARD_BIT[card]
        deal.seen |= bit
        if hand.cards & bit:
            new = _tuple_new(Holding, (hand.cards & ~bit, hand.unknown))
        elif hand.unknown:
            new = _tuple_new(Holding, (hand.cards, hand.unknown - 1))
        else:
            self._dev(
                "card_not_held", player, f"{player} {verb} {card}, which he did not hold", (card,)
            )
            return
        if seat == 0:
            deal.hands = (new, hands[1], hands[2])
        elif seat == 1:
            deal.hands = (hands[0], new, hands[2])
        else:
            deal.hands = (hands[0], hands[1], new)

    # -- what a law's remedy does to the cards ----------------------------------------------

    def _remedy(self, remedy: Remedy, deal: _Deal) -> None:
        """Make the move a law's remedy makes (:mod:`adjudicator.engine.ecarte.remedy`), as
        the claim that takes it is upheld."""
        seat = SEAT[remedy.player]
        hand = deal.hands[seat]
        if isinstance(remedy, ThrowAside):
            out = mask(remedy.cards) & hand.cards
            if out:
                self._put_aside(deal, seat, Holding(hand.cards & ~out, hand.unknown), Holding(out))
                self._aside[seat] = self._aside.get(seat, 0) | out
                self._replacing[seat] = self._replacing.get(seat, 0) + out.bit_count()
            return
        n = surplus(hand)
        if not n:
            return
        if isinstance(remedy, PutOutSurplus) or discards_next(
            self._events, self.local, remedy.player
        ):
            self._putting_out[seat] = n  # his next discard line is the surplus leaving
            return
        assert isinstance(remedy, DrawSurplus)
        kept = held_later(self._events, self.local, remedy.player)
        left, drawn = set_aside(hand, n, kept)
        self._put_aside(deal, seat, left, drawn)

    @staticmethod
    def _put_aside(deal: _Deal, seat: int, hand: Holding, aside: Holding) -> None:
        """The hand at ``seat`` is now ``hand``; the cards ``aside`` left it, set aside with
        his discard, out of play."""
        pile = deal.discards[seat]
        deal.hands = _set(deal.hands, seat, hand)
        deal.discards = _set(
            deal.discards, seat, Holding(pile.cards | aside.cards, pile.unknown + aside.unknown)
        )
        deal.seen |= aside.cards

    def _remedied(self, e: Discard, deal: _Deal) -> bool:
        """Whether the discard line is a remedy's move written down, not a discard of an
        exchange: the surplus of his hand put out or drawn (up to as many cards as that), or
        cards already thrown aside (:meth:`_remedy`)."""
        seat = SEAT[e.player]
        n = len(e.cards)
        pending = self._putting_out.get(seat, 0)
        if 0 < n <= pending:
            self._putting_out[seat] = pending - n
            self._remove(deal, e.player, e.cards, "put out")
            gone = Holding(mask(e.cards), sum(1 for c in e.cards if c is None))
            self._put_aside(deal, seat, deal.hands[seat], gone)
            return True
        aside = self._aside.get(seat, 0)
        named = mask(e.cards)
        if aside and None not in e.cards and named and named & ~aside == 0:
            self._aside[seat] = aside & ~named
            return True
        return False

    # -- playing ------------------------------------------------------------------------------

    def _start_play(self, deal: _Deal, player: Player) -> None:
        if deal.phase == "dealing":
            self._dev("play_before_turn", player, "a card played before the trump was turned")
        if deal.stage == "answer":
            self._dev("play_during_proposal", player, "a card played while a proposal awaited")
        elif deal.stage in ("elder discards", "elder draws"):
            self._dev("play_during_exchange", player, "a card played during the exchange")
        for p in (deal.elder, deal.dealer):
            size = deal.hand(p).size
            if size != HAND:
                self._dev("wrong_count_at_play", p, f"{p} began the play with {size} cards")
        deal.phase = "play"
        deal.stage = ""
        deal.play_hands = deal.hands
        unnamed = [("cards", p) for p in (deal.elder, deal.dealer) if deal.hand(p).unknown]
        if unnamed:  # cards of a hand at play that nothing in the record names
            deal.unrecorded = (*deal.unrecorded, *(f for f in unnamed if f not in deal.unrecorded))

    def _lead(self, e: Lead, deal: _Deal) -> None:
        self._lead_card(deal, e.player, e.card, e.names)

    def _lead_card(
        self, deal: _Deal, player: Player, card: Card | None, names: Suit | None
    ) -> None:
        if deal.phase != "play":
            self._start_play(deal, player)
        if deal.result is not None:
            self._dev("play_after_hand", player, f"{player} led after the hand was over")
            return
        if deal.lead is not None:
            self._dev("lead_to_open_trick", player, f"{player} led while a card awaited reply")
        elif player is not deal.leader:
            self._dev("lead_out_of_turn", player, f"{player} led; it was {deal.leader}'s lead")
        self._remove_card(deal, player, card, "led")
        seat = SEAT[player]
        deal.lead = (player, card, names)
        deal.played = _set(deal.played, seat, deal.played[seat] + 1)

    def _play(self, e: Play, deal: _Deal) -> None:
        self._follow(deal, e.player, e.card)

    def _follow(self, deal: _Deal, player: Player, card: Card | None) -> None:
        if deal.lead is None:
            self._dev("play_without_lead", player, f"{player} played with no card led")
            self._lead_card(deal, player, card, None)
            return
        leader, lead, _names = deal.lead
        if player is leader:
            self._dev("played_to_own_lead", player, f"{player} played to his own lead")
        seat = SEAT[player]
        winner = None
        if lead is not None and card is not None:
            trump = deal.trump
            hand = deal.hands[seat]
            bit = CARD_BIT[card]
            high = self.ace_high
            if hand.unknown or not legal_follows(hand.cards | bit, lead, trump, high) & bit:
                self._check_follow(deal, player, hand, lead, card)
            winner = player if beats(card, lead, trump, high) else leader
        self._remove_card(deal, player, card, "played")
        tricks = deal.tricks
        deal.tricks = tricks = (
            *tricks,
            _tuple_new(TrickPlayed, (len(tricks) + 1, leader, lead, player, card, winner)),
        )
        deal.lead = None
        deal.leader = winner
        deal.played = _set(deal.played, seat, deal.played[seat] + 1)
        self._maybe_over(deal)

    def _check_follow(
        self, deal: _Deal, player: Player, hand: Holding, lead: Card, card: Card
    ) -> None:
        trump = deal.trump
        held = hand.cards | CARD_BIT[card]
        high = self.ace_high
        legal = legal_follows(held, lead, trump, high)
        if legal & CARD_BIT[card]:
            # Lawful by the cards we know. Unknown cards could make it unlawful only if the
            # card played did not both follow and win, and (following) a card that would win
            # could be among them: not one seen in the deal or known to be in a hand.
            placed = deal.seen
            for h in deal.hands:
                placed |= h.cards
            could_win = above(lead, high) & ~placed
            if hand.unknown and not (
                card.suit is lead.suit and (beats(card, lead, trump, high) or not could_win)
            ):
                self._dev(
                    "play_undetermined",
                    player,
                    f"whether {player} could have followed or won with {card} is not "
                    f"known: {hand.unknown} of his cards are not recorded",
                    (card,),
                )
            return
        legal_cards = tuple(cards_of(legal))
        words = " ".join(c.code for c in legal_cards)
        if card.suit is not lead.suit and held & SUIT_MASK[lead.suit]:
            kind = "not_following_suit"
        else:
            kind = "not_winning"
        self._dev(
            kind,
            player,
            f"{player} played {card} to {lead}; legal were {words}",
            (card,),
            legal_cards,
        )

    def _trick(self, e: Trick, deal: _Deal) -> None:
        expected = len(deal.tricks) + 1
        if e.number != expected:
            self._dev(
                "trick_number", e.leader, f"trick written as {e.number}; it is trick {expected}"
            )
        self._lead_card(deal, e.leader, e.lead, e.names)
        if e.follower is not None:
            self._follow(deal, e.follower, e.follow)

    def _maybe_over(self, deal: _Deal) -> None:
        """End the hand when no trick can follow: five played, or a hand empty (laws 30, 34:
        the other's remaining cards then count as his tricks)."""
        hands = deal.hands
        a, b = hands[SEAT[deal.elder]], hands[SEAT[deal.dealer]]
        if len(deal.tricks) < HAND and (a.cards or a.unknown) and (b.cards or b.unknown):
            return
        won = [0, 0, 0]
        undetermined = False
        for t in deal.tricks:
            if t.winner is None:
                undetermined = True
            else:
                won[SEAT[t.winner]] += 1
        if len(deal.tricks) < HAND:
            for p, h in ((deal.elder, a), (deal.dealer, b)):
                won[SEAT[p]] += h.size  # cards that cannot be played to (laws 30, 34)
        deal.phase = "over"
        deal.result = self._result(deal, won, undetermined)

    def _result(self, deal: _Deal, won: list[int], undetermined: bool) -> Result:
        tricks = (won[0], won[1], won[2])
        if undetermined:
            return Result(tricks, UNDETERMINED)
        return hand_result(deal.freeze(), tricks)

    @staticmethod
    def _taken_back(e: Retract, deal: _Deal) -> str | None:
        """What a card taken back would take back: ``lead`` (the card led, not yet played to),
        ``follow`` (the card played to the last trick, before another card is led), or ``None``
        (neither: it is too late)."""
        if deal.lead is not None and deal.lead[0] is e.player and deal.lead[1] == e.card:
            return "lead"
        if deal.tricks and deal.lead is None:
            last = deal.tricks[-1]
            if last.follower is e.player and last.follow == e.card:
                return "follow"
        return None

    def _retract(self, e: Retract, deal: _Deal) -> None:
        seat = SEAT[e.player]
        what = self._taken_back(e, deal)
        if what == "lead":
            self._receive_back(deal, e.player, e.card)
            deal.lead = None
            deal.played = _set(deal.played, seat, deal.played[seat] - 1)
        elif what == "follow":
            last = deal.tricks[-1]
            self._receive_back(deal, e.player, e.card)
            deal.tricks = deal.tricks[:-1]
            deal.lead = (last.leader, last.lead, None)
            deal.leader = last.leader
            deal.played = _set(deal.played, seat, deal.played[seat] - 1)
            deal.phase = "play"
            deal.result = None
        else:
            self._dev(
                "retract_too_late",
                e.player,
                f"{e.player} took back {e.card or 'a card'} after another card was led",
            )

    def _receive_back(self, deal: _Deal, player: Player, card: Card | None) -> None:
        seat = SEAT[player]
        hand = deal.hands[seat]
        if card is None:
            self._unnamed()
            new = Holding(hand.cards, hand.unknown + 1)
        else:
            new = Holding(hand.cards | CARD_BIT[card], hand.unknown)
        deal.hands = _set(deal.hands, seat, new)

    def _abandon(self, e: Abandon, deal: _Deal) -> None:
        tricks = self._tricks_won(deal)
        result = hand_result(deal.freeze(), tricks, End.ABANDONED, e.player)
        if result.score.end is End.PLAYED:  # given up with the point made (law 42)
            mine = tricks[SEAT[e.player]]
            self._dev("abandoned_with_point", e.player, f"{e.player} abandoned with {mine} tricks")
        deal.phase = "over"
        deal.result = result
        deal.ended_by = "abandoned"

    def _show(self, e: Show, deal: _Deal) -> None:
        won = list(self._tricks_won(deal))
        seat = SEAT[e.player]
        won[seat] += HAND - len(deal.tricks)  # he claims the tricks still to play
        deal.phase = "over"
        deal.result = self._result(deal, won, False)
        deal.ended_by = "shown"

    # -- the profiles' lines: sitting out, advice, doubling, offering the point -------------

    def _sit_out(self, e: SitOut, deal: _Deal | None) -> None:
        if deal is None:  # the opening: who sits out first (pool)
            if self.pool:
                pair = tuple(p for p in PLAYERS if p is not e.player)
                self.table = self.table._replace(seated=(pair[0], pair[1]), out=e.player)
                self._seating_known = True
            return
        if e.player is deal.dealer or e.player is deal.elder:
            self._dev(
                "sits_out_contradicts",
                e.player,
                f"{e.player} is said to sit out, but plays in deal {deal.number}",
            )
        elif self.pool and self._rotation_out not in (None, e.player):
            self._dev(
                "sits_out_contradicts",
                e.player,
                f"{e.player} is said to sit out; the pool's turn was {self._rotation_out}'s",
            )

    def _advise(self, e: Advise, deal: _Deal) -> None:
        if e.player is deal.dealer or e.player is deal.elder:
            self._dev(
                "advice_by_player",
                e.player,
                f"{e.player}, a player of the deal, advised his adversary {e.advised}",
            )
        else:
            self._dev("bystander_advice", e.player, f"{e.player} advised {e.advised}")

    def _offer_window(self, deal: _Deal, player: Player, what: str, feature: Feature) -> bool:
        """Whether an offer (``double`` or ``point``) may take effect; a deviation says why
        not: the profile has no such offer, it is out of time (before the turn-up, once the
        first card of the third trick is led, or after the hand), or a hand already doubled
        is offered again."""
        if what == "double":
            word = "to double"
            not_in_rules = "double_not_in_rules"
            late = "double_out_of_time"
        else:
            word = "the point"
            not_in_rules = "point_offer_not_in_rules"
            late = "point_offer_out_of_time"
        if not self.table.profile.has(feature):
            rules = self.table.profile.name
            self._dev(
                not_in_rules,
                player,
                f"{player} offered {word}; the rules played ({rules}) have no such offer",
            )
            return False
        turned = deal.trump is not None or bool(deal.turned)
        if not offer_in_time(turned, len(deal.tricks), deal.lead is not None):
            when = "before the trump was turned up" if not turned else "once the third trick began"
            self._dev(late, player, f"{player} offered {word} {when}")
            return False
        if deal.result is not None:
            self._dev(late, player, f"{player} offered {word} after the hand was over")
            return False
        if what == "double" and deal.doubled is not None:
            self._dev("double_again", player, f"{player} offered to double a hand already doubled")
            return False
        return True

    def _double(self, e: Double, deal: _Deal) -> None:
        if self._offer_window(deal, e.player, "double", Feature.DOUBLING):
            deal.offer = ("double", e.player)
        else:
            self._void_offer = (deal.number, "double", e.player)

    def _offer_point(self, e: OfferPoint, deal: _Deal) -> None:
        if self._offer_window(deal, e.player, "point", Feature.OFFERING):
            deal.offer = ("point", e.player)
        else:
            self._void_offer = (deal.number, "point", e.player)

    _void_offer: tuple[int, str, Player] | None = None
    """The last offer made void (its deal, what, and who made it): its answer changes
    nothing, and is no departure of its own."""

    def _answer_offer(self, player: Player, accepted: bool, what: str, deal: _Deal) -> bool:
        """Whether an answer answers the offer awaiting it (a deviation if not)."""
        offer = deal.offer
        void = self._void_offer
        if deal.result is not None:  # the hand is over: an offer unanswered was void
            deal.offer = None
            self._dev(
                "answer_to_void_offer",
                player,
                f"{player} answered an offer after the hand was over (unanswered, it was void)",
            )
            return False
        if (
            offer is None
            and void is not None
            and void[:2] == (deal.number, what)
            and void[2] is not player
        ):
            self._dev(
                "answer_to_void_offer",
                player,
                f"{player} answered an offer that was void",
            )
            return False
        if offer is None or offer[0] != what or offer[1] is player:
            self._dev(
                "answer_without_offer",
                player,
                f"{player} {'accepted' if accepted else 'refused'} "
                f"{'a double' if what == 'double' else 'the point'} nobody offered him",
            )
            return False
        deal.offer = None
        return True

    def _double_answer(self, e: DoubleAnswer, deal: _Deal) -> None:
        if not self._answer_offer(e.player, e.accepted, "double", deal):
            return
        offerer = _partner((deal.dealer, deal.elder), e.player)
        if e.accepted:
            deal.doubled = offerer
            return
        # Refused: the hand ends, and the offerer marks as for the point (rule D1): two if the
        # refuser is in law 49's case by then.
        tricks = self._tricks_won(deal)
        deal.result = hand_result(deal.freeze(), tricks, End.DOUBLE_REFUSED, e.player, so_far=True)
        deal.phase = "over"
        deal.ended_by = "double refused"

    def _point_answer(self, e: PointAnswer, deal: _Deal) -> None:
        if not self._answer_offer(e.player, e.accepted, "point", deal):
            return
        if not e.accepted:
            deal.point_refused = e.player
            return
        # Accepted: the hand ends as if the acceptor had won the point (rule O1): two if the
        # offerer is in law 49's case by then.
        tricks = self._tricks_won(deal)
        deal.result = hand_result(deal.freeze(), tricks, End.POINT_ACCEPTED, e.player, so_far=True)
        deal.phase = "over"
        deal.ended_by = "point accepted"

    @staticmethod
    def _tricks_won(deal: _Deal) -> tuple[int, int, int]:
        """The tricks each seat has won so far (a trick whose winner is unknown counts none)."""
        won = [0, 0, 0]
        for t in deal.tricks:
            if t.winner is not None:
                won[SEAT[t.winner]] += 1
        return (won[0], won[1], won[2])

    # -- packs, scores, claims -----------------------------------------------------------------

    def _call_new_cards(self, e: CallNewCards, deal: _Deal | None) -> None:
        return

    def _pack_fault(self, e: PackFault, deal: _Deal | None) -> None:
        if deal is None:  # found before any deal: no deal to void, new cards come in
            return
        self._dev("pack_faulty", None, f"the pack is {e.fault.value}")
        self.table = self.table._replace(next_dealer=self._due_dealer or deal.dealer)
        deal.phase = "over"
        deal.ended_by = "void"

    def _score(self, e: Score, deal: _Deal | None) -> None:
        sheet = self.table.sheet
        for p, n in e.points.items():
            if sheet[SEAT[p]] != n:
                marked = ", ".join(f"{q} {sheet[SEAT[q]]}" for q in e.points)
                self._dev(
                    "score_differs_from_marks",
                    p,
                    f"the score agreed ({', '.join(f'{q} {m}' for q, m in e.points.items())}) "
                    f"differs from the marks ({marked})",
                )
                break

    def _claim(self, e: Claim, deal: _Deal) -> None:
        what = e.claim.value
        if what == "new deal":
            # The deal is dealt again, by the player whose deal it was (law 14).
            self.table = self.table._replace(next_dealer=self._due_dealer or deal.dealer)
            deal.phase = "over"
            deal.ended_by = "fresh deal"
        elif what == "complete":
            self._completing = e.player  # his hand is to be completed from the stock
        elif what == "trump" and e.card is not None:
            deal.trump = e.card.suit
        elif what == "replay" and deal.play_hands is not None:
            deal.hands = deal.play_hands
            deal.tricks = ()
            deal.lead = None
            deal.leader = deal.elder
            deal.played = (0, 0, 0)
            deal.phase = "play"
            deal.result = None
            deal.ended_by = ""

    def _permit_complete(self, e: PermitComplete, deal: _Deal) -> None:
        # He lets the other player (the dealer, law 18) complete his hand from the stock.
        self._completing = deal.dealer if e.player is deal.elder else deal.elder

    def _elect_play(self, e: ElectPlay, deal: _Deal) -> None:
        return


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


__all__ = ["Leave", "deal_ends", "final_table", "game_target", "later_holdings", "replay"]
