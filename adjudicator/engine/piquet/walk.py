"""The state of one deal while its lines are replayed in order: what the record has told of the
hands and the stock, the exchange so far, the dialogue, the tricks, and the departures from
lawful play found on the way (:class:`DealWalk`, one method for each line form).

The deal's end (the declarations held against the hands, the deal reckoned, its counts and its
result checked) is :mod:`~adjudicator.engine.piquet.deal`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from adjudicator.engine.piquet.calls import Dialogue, Said, asks_value
from adjudicator.engine.piquet.deviations import Deviation, DeviationKind
from adjudicator.engine.piquet.holdings import is_carte_blanche
from adjudicator.engine.piquet.play import Trick
from adjudicator.engine.piquet.table import Hand, Stock
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.piquet.events import (
    CarteBlanche,
    Deals,
    Discard,
    DoesNotLook,
    Event,
    ExchangeCall,
    Holds,
    Lead,
    Leave,
    Look,
    NumberSaid,
    Packet,
    PartieScore,
    Play,
    PointCall,
    Reckon,
    Result,
    Score,
    SequenceCall,
    SetCall,
    Settlement,
    Show,
    Take,
)
from adjudicator.notation.piquet.events import (
    Stock as StockLine,
)
from adjudicator.notation.piquet.events import (
    Trick as TrickLine,
)
from adjudicator.notation.piquet.irregularities import Retract
from adjudicator.notation.piquet.model import Deal

if TYPE_CHECKING:
    from adjudicator.engine.piquet.irregular import Retraction, RetractLeave
from adjudicator.notation.piquet.vocabulary import ExchangeWord, LookAt

HAND = 12
"""Cards dealt to each player (law 9)."""
STOCK = 8
"""Cards of the stock (law 9)."""
ELDER_MOST = 5
"""The most the elder may exchange (law 21)."""


@dataclass(frozen=True)
class Played:
    """A trick as the record gives it: each card may be unknown, the second not yet played."""

    number: int
    """The trick's place in the play, 1 for the first."""
    leader: Player
    """Who led."""
    led: Card | None
    """The card led (``None``: not recorded)."""
    follower: Player | None
    """Who played to it (``None``: nobody yet)."""
    played: Card | None
    """The card played to it (``None``: not recorded, or not played)."""
    line: int
    """Where the trick is written (its lead)."""
    follow_line: int = 0
    """Where the card played to it is written (0: not played yet), the line of a trick written
    whole, or of the ``plays`` line."""

    def known(self) -> Trick | None:
        """The trick, if both cards are known."""
        if self.led is None or self.played is None or self.follower is None:
            return None
        return Trick(self.leader, self.led, self.played)


@dataclass
class DealWalk:
    """The state of a deal while its events are replayed in order."""

    deal: Deal
    elder: Player
    younger: Player
    method: list[int | None]
    """The partie's method of dealing, shared between its deals (law 9)."""
    dealt: dict[Player, Hand] = field(default_factory=dict)
    hands: dict[Player, Hand] = field(default_factory=dict)
    stock: Stock = field(default_factory=Stock)
    discarded: dict[Player, int] = field(default_factory=dict)
    taken: dict[Player, int] = field(default_factory=dict)
    said_take: int | None = None
    looked: dict[Player, bool] = field(default_factory=dict)
    packets: list[Player] = field(default_factory=list)
    dialogue: Dialogue = field(default_factory=Dialogue)
    counts: list[tuple[Player, int, int, int, int]] = field(default_factory=list)
    tricks: list[Played] = field(default_factory=list)
    moment: int = 0
    written: dict[Player, int] | None = None
    statements: list[Score | PartieScore | Settlement] = field(default_factory=list)
    before: set[int] = field(default_factory=set)
    begun: bool = False
    start: dict[Player, tuple[set[Card], int, bool]] = field(default_factory=dict)
    """Each hand as it went into play: its known cards, how many unknown, whether told."""
    found: list[Deviation] = field(default_factory=list)
    irregular: list[Event] = field(default_factory=list)
    """The deal's lines of irregularities, in order (recorded for the laws)."""
    leave: RetractLeave | None = None
    """The laws' leave for a card taken back (``irregular.RetractLeave``): given by the court,
    so that the table moves only as the laws allow; ``None``: as written."""
    retracted: list[tuple[Retraction, bool | None]] = field(default_factory=list)
    """Each card a player would take back, and the laws' answer."""
    pending: list[tuple[Retract, Card]] = field(default_factory=list)
    """Cards retracted on the lines just read that are not yet the last on the table."""

    def __post_init__(self) -> None:
        for player in (self.elder, self.younger):
            self.dealt[player] = Hand()
            self.hands[player] = Hand()

    # -- helpers ---------------------------------------------------------------------------

    def note(
        self,
        kind: DeviationKind,
        message: str,
        event: Event | Deal,
        player: Player | None = None,
    ) -> None:
        """Note a departure from lawful play at ``event``."""
        self.found.append(
            Deviation(kind, message, event.line, event.column, player, self.deal.number)
        )

    def other(self, player: Player) -> Player:
        """The adversary of ``player``."""
        return self.younger if player is self.elder else self.elder

    def exchanged(self, player: Player) -> bool:
        """Whether ``player`` has begun his exchange."""
        return player in self.discarded or player in self.taken

    # -- dealing ---------------------------------------------------------------------------

    def on_deals(self, e: Deals) -> None:
        """``A deals by twos``: the dealer and the method (law 9)."""
        if e.player is not self.younger:
            self.note(
                DeviationKind.DEALER,
                f"{e.player} deals, but {self.younger} is the dealer named in the deal's heading",
                e,
                e.player,
            )
        if e.by is None:
            return
        if e.by not in (2, 3):
            self.note(
                DeviationKind.DEALING,
                f"{e.player} deals by {e.by}s: cards are dealt by twos or by threes (law 9)",
                e,
                e.player,
            )
        elif self.method[0] is not None and self.method[0] != e.by:
            self.note(
                DeviationKind.DEALING,
                f"{e.player} deals by {e.by}s, changing the method kept for the partie (law 9)",
                e,
                e.player,
            )
        else:
            self.method[0] = e.by

    def on_packet(self, e: Packet) -> None:
        """``A: AS KS``: a packet dealt, in turn, of the method's size (law 9)."""
        expected = self.elder if len(self.packets) % 2 == 0 else self.younger
        by = self.method[0]
        if e.player is not expected:
            self.note(
                DeviationKind.DEALING,
                f"a packet dealt to {e.player} out of turn: the "
                "packets go to each player in turn, the elder first (law 9)",
                e,
            )
        elif by is not None and len(e.cards) != by:
            self.note(
                DeviationKind.DEALING,
                f"a packet of {len(e.cards)} to {e.player} when dealing by {by}s (law 9)",
                e,
            )
        self.packets.append(e.player)
        self._give(e.player, e.cards, e)

    def _give(self, player: Player, cards: Sequence[Card | None], e: Event) -> None:
        self.dealt[player].add(cards)
        for card in self.hands[player].add(cards):
            self.note(DeviationKind.PACK, f"{card} is dealt to {player} twice", e, player)

    def on_holds(self, e: Holds) -> None:
        """``A holds ...``: the hand as dealt, before his exchange; else the hand now."""
        player = e.player
        if not self.exchanged(player) and not self.begun_play():
            if self.dealt[player].told and not self.dealt[player].state(e.cards):
                self.note(
                    DeviationKind.HAND_STATED,
                    f"the hand stated for {player} is not the hand the record dealt him",
                    e,
                    player,
                )
            else:
                self.dealt[player].state(e.cards)
            self.hands[player].state(e.cards)
            return
        if not self.hands[player].state(e.cards):
            self.note(
                DeviationKind.HAND_STATED,
                f"the hand stated for {player} is not the one the record has given him",
                e,
                player,
            )

    def on_stock(self, e: StockLine) -> None:
        """``stock ...``: the stock, its top card first."""
        if self.stock.told:
            self.note(DeviationKind.HAND_STATED, "the stock is stated twice", e)
        self.stock = Stock(list(e.cards), told=True)

    def begun_play(self) -> bool:
        """Whether the first card has been led."""
        return bool(self.tricks)

    # -- the exchange ----------------------------------------------------------------------

    def on_exchange_call(self, e: ExchangeCall) -> None:
        """``A: take 4`` or ``A: leave 1``: what the elder says he takes (law 32)."""
        if e.player is self.elder and not self.exchanged(e.player):
            self.said_take = e.count if e.word is ExchangeWord.TAKE else ELDER_MOST - e.count

    def on_discard(self, e: Discard) -> None:
        """``A discards ...``: cards put out of the hand (laws 21, 22, 24)."""
        player = e.player
        if self.begun_play() or player in self.discarded:
            self.note(
                DeviationKind.EXCHANGE_ORDER,
                f"{player} discards "
                + ("again" if player in self.discarded else "after the play began"),
                e,
                player,
            )
        for card in self.hands[player].remove(e.cards):
            self.note(
                DeviationKind.NOT_HELD,
                f"{player} discards {card}, which he does not hold",
                e,
                player,
            )
        self.discarded[player] = self.discarded.get(player, 0) + len(e.cards)

    def on_take(self, e: Take) -> None:
        """``A takes ...``: cards taken from the top of the stock (laws 23, 30-35)."""
        player = e.player
        if player is self.younger and self.elder not in self.taken:
            self.note(
                DeviationKind.EXCHANGE_ORDER,
                f"{player} takes in before the elder hand has taken in (laws 21-23)",
                e,
                player,
            )
        if self.begun_play():
            self.note(
                DeviationKind.EXCHANGE_ORDER, f"{player} takes in after the play began", e, player
            )
        top = self.stock.take(len(e.cards)) if self.stock.told else [None] * len(e.cards)
        cards: list[Card | None] = []
        for written, stocked in zip(e.cards, top + [None] * len(e.cards), strict=False):
            if written is not None and stocked is not None and written != stocked:
                self.note(
                    DeviationKind.NOT_FROM_TOP,
                    f"{player} takes {written}, but the next "
                    f"card of the stock is {stocked} (law 23)",
                    e,
                    player,
                )
            cards.append(written if written is not None else stocked)
        for card in cards:
            if card is not None and any(card in self.dealt[p].known for p in self.dealt):
                self.note(
                    DeviationKind.PACK,
                    f"{player} takes {card} from the stock, but it was dealt to a player",
                    e,
                    player,
                )
        self.hands[player].add(cards, dealt=False)
        self.taken[player] = self.taken.get(player, 0) + len(cards)
        if player in self.start:  # a card left by mistake taken in during the play (Case XIII)
            known, unknown, told = self.start[player]
            more = {c for c in cards if c is not None}
            self.start[player] = (known | more, unknown + len(cards) - len(more), told)
        self._check_counts(player, e)

    def _check_counts(self, player: Player, e: Take) -> None:
        taken, put = self.taken[player], self.discarded.get(player)
        most = ELDER_MOST if player is self.elder else STOCK - self.taken.get(self.elder, 0)
        if put is None:
            self.note(
                DeviationKind.EXCHANGE_ORDER,
                f"{player} takes in before he discards (law 24)",
                e,
                player,
            )
        elif put != taken:
            self.note(
                DeviationKind.TAKEN,
                f"{player} discards {put} and takes in {taken} (laws 30, 31)",
                e,
                player,
            )
        if not 1 <= taken <= most:
            role = "elder" if player is self.elder else "younger"
            self.note(
                DeviationKind.EXCHANGE_COUNT,
                f"{player}, the {role} hand, exchanges "
                f"{taken} cards; he may exchange 1 to {most} (laws 21, 22, 34)",
                e,
                player,
            )
        if player is self.elder and self.said_take is not None and self.said_take != taken:
            self.note(
                DeviationKind.EXCHANGE_COUNT,
                f"{player} said he would take {self.said_take} and takes {taken} (law 32)",
                e,
                player,
            )

    def on_leave(self, e: Leave) -> None:
        """``A leaves 1``: cards the elder leaves of the five he may take (law 32)."""
        if e.player is self.elder and not self.exchanged(e.player):
            self.said_take = ELDER_MOST - len(e.cards)

    def on_look(self, e: Look) -> None:
        """``B looks at the left cards``: the cards left in the stock (laws 33, 36)."""
        if e.at is not LookAt.LEFT_CARDS:
            return
        if (
            e.player is self.elder
            and self.younger in self.taken
            and self.looked.get(self.younger) is not True
        ):
            self.note(
                DeviationKind.LOOK,
                f"{e.player} looks at the cards the younger hand "
                "left, which he may see only after the younger has looked (law 36)",
                e,
                e.player,
            )
        self.looked[e.player] = True

    def on_not_look(self, e: DoesNotLook) -> None:
        """``B does not look`` (law 36)."""
        self.looked[e.player] = False

    # -- the dialogue ----------------------------------------------------------------------

    def on_said(self, e: Said) -> None:
        """A line of the dialogue: a call, an answer, a question, a number said (laws 46-56)."""
        late = self.moment >= 2
        if isinstance(e, PointCall | SequenceCall | SetCall | CarteBlanche) and late:
            self.note(
                DeviationKind.CALL,
                f"{e.player} calls after "
                + (
                    "the younger hand played to the first trick: it cannot be reckoned (law 56)"
                    if self.moment >= 2
                    else "he led (law 56)"
                ),
                e,
                e.player,
            )
            return
        if isinstance(e, CarteBlanche):
            dealt = self.dealt[e.player].whole
            if dealt is not None and not is_carte_blanche(dealt):
                self.note(
                    DeviationKind.CARTE_BLANCHE,
                    f"{e.player} announces carte blanche, but his hand as dealt holds a king, "
                    "queen or knave (law 18)",
                    e,
                    e.player,
                )
        self.dialogue.add(e, self.moment)
        if isinstance(e, NumberSaid) and not self._answers_value(e):
            self.counts.append((e.player, e.value, self.moment, e.line, e.column))

    def _answers_value(self, e: NumberSaid) -> bool:
        said = self.dialogue.said
        if len(said) < 2 or said[-2][1] != self.moment:  # a card played between: a count
            return False
        return asks_value([line for line, _ in said[:-1]], e.player)

    def on_reckon(self, e: Reckon) -> None:
        """``A reckons 9``: a count said aloud, checked once the deal is reckoned."""
        self.counts.append((e.player, e.value, self.moment, e.line, e.column))

    # -- the play --------------------------------------------------------------------------

    def on_trick(self, e: TrickLine) -> None:
        """``2. A KH B 7D``: a trick, its lead and the card played to it."""
        self._lead(e.leader, e.lead, e, e.number)
        if e.follower is not None:
            self._follow(e.follower, e.follow, e)

    def on_lead(self, e: Lead) -> None:
        """``A leads AH``: a lead on a line of its own; several cards led at once are so many
        leads, each played to in turn by the cards played after them (law 59 II)."""
        self._lead(e.player, e.card, e, None)
        for card in e.more:
            self._lead(e.player, card, e, None, at_once=True)

    def on_play(self, e: Play) -> None:
        """``B plays TH``: the card played to the lead; several played at once go to the
        leads waiting for them, in order."""
        for card in (e.card, *e.more):
            self._follow(e.player, card, e)

    def _lead(
        self,
        player: Player,
        card: Card | None,
        e: Event,
        number: int | None,
        *,
        at_once: bool = False,
    ) -> None:
        if not self.tricks and not self.start:
            self._after_exchange(e)
        elif self.tricks and self.tricks[-1].follower is None and not at_once:
            self.note(
                DeviationKind.LEAD, f"{player} leads before the last lead was played to", e, player
            )
        count = len(self.tricks) + 1
        if number is not None and number != count:
            self.note(DeviationKind.TRICK_NUMBER, f"trick {number} is the {count}th played", e)
        expected = self._leader()
        if expected is not None and player is not expected:
            self.note(
                DeviationKind.LEAD,
                f"{player} leads, but it is {expected}'s lead (law 59)",
                e,
                player,
            )
        self._from_hand(player, card, e)
        self.tricks.append(Played(count, player, card, None, None, e.line))
        self.moment += 1

    def _follow(self, player: Player, card: Card | None, e: Event) -> None:
        if not self.tricks or self.tricks[-1].follower is not None:
            self.note(DeviationKind.LEAD, f"{player} plays to no lead", e, player)
            return
        at = self._waiting()
        trick = self.tricks[at]
        if player is trick.leader:
            self.note(DeviationKind.LEAD, f"{player} plays to his own lead", e, player)
            return
        self._from_hand(player, card, e)
        self.tricks[at] = Played(
            trick.number, trick.leader, trick.led, player, card, trick.line, e.line
        )
        self.moment += 1

    def _waiting(self) -> int:
        """The index of the trick a card played goes to: the last, or the first of the cards
        led at once with it (one line) that nobody has played to yet."""
        at = len(self.tricks) - 1
        line = self.tricks[at].line
        while at and self.tricks[at - 1].follower is None and self.tricks[at - 1].line == line:
            at -= 1
        return at

    def _from_hand(self, player: Player, card: Card | None, e: Event) -> None:
        for missing in self.hands[player].remove([card]):
            self.note(
                DeviationKind.NOT_HELD,
                f"{player} plays {missing}, which he does not hold",
                e,
                player,
            )

    def _leader(self) -> Player | None:
        if not self.tricks:
            return self.elder
        last = self.tricks[-1].known()
        if last is None:
            return None
        return last.leader if last.leader_wins else self.other(last.leader)

    def _after_exchange(self, e: Event) -> None:
        """The first lead: the hands as they go into play."""
        self._dealt_sizes(e)
        for player, hand in self.hands.items():
            if hand.told and hand.size != HAND and self.exchanged(player):
                self.note(
                    DeviationKind.HAND_SIZE,
                    f"{player} holds {hand.size} cards after the exchange (laws 57, 58)",
                    e,
                    player,
                )
        self.start = {p: (set(h.known), h.unknown, h.told) for p, h in self.hands.items()}

    def _dealt_sizes(self, e: Event | Deal) -> None:
        for player, hand in self.dealt.items():
            if hand.told and hand.size != HAND:
                self.note(
                    DeviationKind.HAND_SIZE,
                    f"{player} is dealt {hand.size} cards (law 9)",
                    e,
                    player,
                )
        if self.stock.told and len(self.stock.cards) + sum(self.taken.values()) != STOCK:
            self.note(
                DeviationKind.HAND_SIZE,
                f"the stock has {len(self.stock.cards) + sum(self.taken.values())} cards (law 9)",
                e,
            )

    # -- statements ------------------------------------------------------------------------

    def on_result(self, e: Result) -> None:
        """``result A 28 B 23``: what the deal made, as written."""
        self.written = {t.player: t.points for t in e.tallies}

    def on_statement(self, e: Score | PartieScore | Settlement) -> None:
        """``score``, ``partie``, a settlement: kept for the partie to check."""
        if not self.begun:
            self.before.add(e.line)
        self.statements.append(e)

    def on_show(self, e: Show) -> None:
        """``B shows ...``: cards shown must be held (laws 19, 55): a carte blanche is the hand as
        dealt, which may be shown after its holder has discarded (law 20: not until the
        adversary has discarded; law 45: he may see his own discard); other cards shown are
        those of the hand now."""
        if self.begun_play():
            return
        blanche = any(
            isinstance(line, CarteBlanche) and line.player is e.player
            for line, _ in self.dialogue.said
        )
        hand = self.dealt[e.player] if blanche else self.hands[e.player]
        for card in e.cards:
            if card is not None and hand.holds(card) is False:
                self.note(
                    DeviationKind.NOT_HELD,
                    f"{e.player} shows {card}, which he "
                    + ("was not dealt" if blanche else "does not hold"),
                    e,
                    e.player,
                )
