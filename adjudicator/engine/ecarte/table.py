"""The state of the table: immutable values the replay engine yields after every event.

Sets of cards are bitmasks (see :mod:`adjudicator.engine.ecarte.rules`). Per-player values are
tuples indexed by seat: 0 for A, 1 for B, 2 for C (see :data:`SEAT`). Every value here is a
``NamedTuple``: immutable, cheap to copy with ``_replace``, and printable.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.hand_score import HandScore, Why
from adjudicator.engine.ecarte.profiles import CLUB, Profile
from adjudicator.engine.ecarte.rules import cards_of
from adjudicator.notation.cards import Card, Player, Suit
from adjudicator.notation.ecarte.model import Deal, Event, EventKind

SEAT: dict[Player, int] = {Player.A: 0, Player.B: 1, Player.C: 2}
"""A player's index in per-player tuples."""
PLAYERS: tuple[Player, ...] = (Player.A, Player.B, Player.C)


StepKind = EventKind | Literal["deal"]
"""The kind of a step of the replay: its event's ``kind``, or ``deal`` for a deal's heading."""


class Phase(StrEnum):
    """Where the deal in progress stands."""

    DEALING = "dealing"
    """The cards are being dealt; the trump is not yet turned up."""
    EXCHANGE = "exchange"
    """The trump is turned up: proposals and the exchange, until the first card is played."""
    PLAY = "play"
    """The tricks are being played."""
    OVER = "over"
    """The hand is over: played out, given up, ended by an offer, or the deal made void."""


Stage = Literal["", "answer", "elder discards", "elder draws", "dealer discards", "dealer draws"]
"""Where the exchange stands (``DealState.stage``): a proposal awaits the dealer's answer, one
of the players is to discard or to draw, or (empty) none of these."""


class Ending(StrEnum):
    """Why a deal ended before its hand was played out (``DealState.ended_by``)."""

    ABANDONED = "abandoned"
    """A player gave up the hand (law 42)."""
    SHOWN = "shown"
    """A player showed his cards, claiming the rest of the tricks."""
    VOID = "void"
    """The deal is void: the pack found faulty (law 45), or a law annulled the deal."""
    FRESH_DEAL = "fresh_deal"
    """A fresh deal: claimed by a ``claims new deal`` line, or a law annulled the deal. The
    spelling of the ruling's outcome (``laws.ecarte.base.Outcome.FRESH_DEAL``)."""
    DOUBLE_REFUSED = "double refused"
    """An offer to double refused (doubling rule D1): the spelling of
    :attr:`~adjudicator.engine.ecarte.hand_score.End.DOUBLE_REFUSED`."""
    POINT_ACCEPTED = "point accepted"
    """The point offered and accepted (offering rule O1): the spelling of
    :attr:`~adjudicator.engine.ecarte.hand_score.End.POINT_ACCEPTED`."""


ANNULLED: frozenset[Ending] = frozenset({Ending.FRESH_DEAL, Ending.VOID})
"""The endings that annul the deal: its hand counts for nothing, and the deal is dealt again."""


class Holding(NamedTuple):
    """What a player holds (in hand, or in his discard): the cards known to be there, and how
    many more cards are there that the record does not name."""

    cards: int = 0
    """Known cards (a bitmask), including those inferred from later in the record."""
    unknown: int = 0
    """Cards there whose identity the record does not give."""

    @property
    def size(self) -> int:
        """How many cards in all."""
        return self.cards.bit_count() + self.unknown

    @property
    def known(self) -> list[Card]:
        """The known cards, as a list."""
        return cards_of(self.cards)

    def describe(self) -> str:
        """``KH QH 9S ??`` style."""
        words = [c.code for c in self.known] + ["??"] * self.unknown
        return " ".join(words) if words else "-"


class TrickPlayed(NamedTuple):
    """A trick: who led what, who played what to it, who won it."""

    number: int
    """1 to 5, in the order played (not the number written in the record)."""
    leader: Player
    lead: Card | None
    follower: Player
    follow: Card | None
    winner: Player | None
    """``None`` if a card is unknown and the winner cannot be told."""


class Proposal(NamedTuple):
    """A proposal and the dealer's answer."""

    proposer: Player
    answer: str | None = None
    """``"accept"``, ``"refuse"``, or ``None`` while unanswered."""
    conditional: bool = False
    """Accepted on condition that the stock suffices (law 38)."""


class Deviation(NamedTuple):
    """Something that happened which lawful play would not have produced: a fact for the laws
    to judge (the engine judges nothing)."""

    kind: DeviationKind
    """What kind of deviation (:class:`~adjudicator.engine.ecarte.deviations.DeviationKind`)."""
    player: Player | None
    """Whose act it was, if anyone's."""
    message: str
    """What happened, in words, e.g. "B played 7S; legal were 9H KH"."""
    cards: tuple[Card, ...] = ()
    """The cards concerned."""
    legal: tuple[Card, ...] = ()
    """For a card played: the cards that were legal."""


class Result(NamedTuple):
    """How a hand ended, and the marks it entitles."""

    tricks: tuple[int, int, int]
    """Tricks won by each seat."""
    score: HandScore
    """Who marks for the hand, how many and why (:func:`~adjudicator.engine.ecarte.hand_score.
    hand_score`)."""

    @property
    def winner(self) -> Player | None:
        """Who won the point or the vole (``None``: undetermined, or no hand played)."""
        return self.score.winner

    @property
    def points(self) -> int:
        """What the winner is entitled to mark for the hand (laws 48, 49, 42)."""
        return self.score.points

    @property
    def why(self) -> Why:
        """What he marks for: the point, the vole, an offer's two, or undetermined."""
        return self.score.why

    @property
    def how(self) -> str:
        """The same in words: ``point``, ``vole``, ``point (law 49)``, ``abandoned``, ...
        (:attr:`~adjudicator.engine.ecarte.hand_score.HandScore.how`)."""
        return self.score.how


class DealState(NamedTuple):
    """Everything about the deal in progress."""

    number: int
    dealer: Player
    elder: Player
    """The non-dealer (elder hand)."""
    pack: Player | None
    """Whose pack was dealt with, if the record says."""
    phase: Phase
    """Where the deal stands: dealing, the exchange (the trump is turned), the play, or over."""
    packets: tuple[tuple[Player, int], ...] = ()
    """The packets of the deal, in order: who, and how many cards."""
    hands: tuple[Holding, Holding, Holding] = (Holding(), Holding(), Holding())
    discards: tuple[Holding, Holding, Holding] = (Holding(), Holding(), Holding())
    turned: tuple[Card | None, ...] = ()
    """The card or cards turned up."""
    trump: Suit | None = None
    stock: int = 0
    """Cards left in the stock (the turn-up excluded)."""
    seen: int = 0
    """Every card seen in this deal so far (given, turned, discarded or played)."""
    proposals: tuple[Proposal, ...] = ()
    stage: Stage = ""
    """In the exchange: ``answer`` (a proposal awaits the dealer's answer), ``elder discards``,
    ``elder draws``, ``dealer discards``, ``dealer draws``; empty otherwise."""
    asked: int | None = None
    """Cards the elder asked for in the current exchange."""
    declared: Player | None = None
    """Who declared he plays without (further) proposing."""
    looked: frozenset[Player] = frozenset()
    """Who has taken up his hand."""
    announced: tuple[tuple[Player, int, bool], ...] = ()
    """King announcements: who, how many cards he had played at the time, and whether a card
    he led was then still waiting to be played to."""
    tricks: tuple[TrickPlayed, ...] = ()
    lead: tuple[Player, Card | None, Suit | None] | None = None
    """The card led to the trick in progress: leader, card, suit named."""
    leader: Player | None = None
    """Who should lead next."""
    played: tuple[int, int, int] = (0, 0, 0)
    """Cards played by each seat."""
    play_hands: tuple[Holding, Holding, Holding] | None = None
    """The hands as play began (for a replay of the hands, laws 25, 43)."""
    marks: tuple[tuple[Player, int], ...] = ()
    """Marks made on the sheet during this deal (unmarks negative)."""
    result: Result | None = None
    ended_by: Ending | None = None
    """Why the deal ended early (``None``: it did not, or has not yet). A fresh
    deal or a void deal is the record's (a ``claims new deal``, a faulty pack) or, when a law
    annuls the deal with no line to say so, the adjudicator's word to the engine (set at the
    deal's last event; see :func:`adjudicator.engine.ecarte.replay.replay`)."""
    offer: tuple[str, Player] | None = None
    """An offer awaiting its answer (the doubling and offering profiles): ``("double", who)``
    or ``("point", who)``."""
    doubled: Player | None = None
    """Who offered the double the adversary accepted: the hand's points count double."""
    point_refused: Player | None = None
    """Who refused the point offered him: he must win the vole, or the offerer marks two."""
    unrecorded: tuple[tuple[str, Player | None], ...] = ()
    """Facts of the deal the record does not give, which the engine does not take for zero:
    ``("packets", None)``, the dealing was not written down (who was given how many cards, in
    what order, whether one was exposed); ``("dealt", player)``, how many cards he was dealt
    (his hand is then taken as five cards not named, and the play names them);
    ``("cards", player)``, which cards of his hand as the play began (some are never named).
    Laws that need one of them do not find on it (``laws.ecarte.base.Law.needs``)."""

    def hand(self, player: Player) -> Holding:
        """The player's hand now."""
        return self.hands[SEAT[player]]


class Table(NamedTuple):
    """The whole table: the game's score and the deal in progress."""

    target: int
    """Points that win the game (law 46; the ``Game`` tag)."""
    sheet: tuple[int, int, int]
    """The score as marked on the sheet in the current game."""
    game: int = 1
    """Which game of the record this is (a record may hold several)."""
    games: tuple[tuple[Player, tuple[int, int, int]], ...] = ()
    """Finished games: the winner and the final sheet."""
    game_values: tuple[int, ...] = ()
    """What each finished game counts: 1, or with the ``Scoring "law46"`` tag a treble, double
    or single by the loser's score (law 46)."""
    law46: bool = False
    """Whether games count treble, double or single (the ``Scoring`` tag is ``law46``, or the
    profile takes law 46's agreement as made: ``Profile.counts_by_law46``)."""
    next_dealer: Player | None = None
    """Who should deal next (law 5 for the first deal, then alternately)."""
    orders: tuple[tuple[int, int] | None, ...] = (None, None, None)
    """The packet order each player chose as dealer (law 8): announced, or selected by his
    first packet (one of another size than two or three selects the order whose first packet
    is nearest it: four or more, 3-2; one, 2-3)."""
    pending_order: tuple[int, int] | None = None
    """An order announced for the coming deal (law 8)."""
    deal: DealState | None = None
    over: bool = False
    """The current game has been won (until the next deal begins a new game)."""
    profile: Profile = CLUB
    """The rule profile the record is ruled under (:mod:`adjudicator.engine.ecarte.profiles`)."""
    seated: tuple[Player, Player] = (Player.A, Player.B)
    """The two players at the table: those of the deal in progress, or, between deals, those
    the pool's rotation seats next."""
    out: Player | None = None
    """In pool écarté, who sits out (``None`` in a game of two)."""
    games_played: tuple[tuple[Player, Player], ...] = ()
    """The two players of each finished game (its winner first)."""


class Step(NamedTuple):
    """One event of the record and the table after it."""

    number: int
    """Which event of the record this is (0-based, over the opening and all deals)."""
    event: Event | Deal
    """The event, or the deal whose heading line this is."""
    line: int
    column: int
    table: Table
    deviations: tuple[Deviation, ...] = ()
    """What this event did that lawful play would not have."""
    kind: StepKind = "deal"
    """The event's kind (its ``kind`` field), or ``deal`` for a deal's heading."""
    refused: bool = False
    """A fact that needs a law's leave (a claim, a permission, a card taken back, a refusal of
    a proposal) to which the court refused it: it stands in the record and changed nothing at
    the table (a refusal refused stands as an acceptance)."""
