"""The events of the Piquet Transcript Notation: one model for each line form of
``grammar/piquet.lark``, told apart by its ``kind`` (the lines of irregularities, version 2's,
are in :mod:`~adjudicator.notation.piquet.irregularities`; :data:`Event` holds them all).

Facts only: what a line says, never whether it was lawful. An unknown card is ``None``; a count
of unknown cards is that many ``None``. Each event is a :class:`~adjudicator.notation.nodes.Line`:
it keeps where it was written and the comments that go with it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from adjudicator.notation.cards import Card, Rank, Suit
from adjudicator.notation.nodes import Cards, Line, Node
from adjudicator.notation.piquet.irregularities import (
    Announce,
    Bystander,
    Claim,
    ClaimReply,
    Collects,
    Counted,
    Cuts,
    Damaged,
    Drop,
    Expose,
    Faced,
    Mix,
    NewPacks,
    Retract,
    Shuffles,
    Stand,
    TakeBack,
    TakesUp,
    Touch,
    Waive,
)
from adjudicator.notation.piquet.vocabulary import (
    Asked,
    Choice,
    ExchangeWord,
    LookAt,
    Number,
    PackDealt,
    Reply,
    Seat,
)

# --------------------------------------------------------------------------------------------
#  Parts of events
# --------------------------------------------------------------------------------------------


class PlayerCards(Node):
    """One player's part of a line that names cards for each player (the cut for deal)."""

    player: Seat
    """The player."""
    cards: Annotated[Cards, Field(min_length=1)]
    """His cards, in the order written (``None`` for ``??``)."""


class Tally(Node):
    """One player's number on a line of scores."""

    player: Seat
    """The player."""
    points: Number
    """His number, as written."""


Tallies = Annotated[tuple[Tally, ...], Field(min_length=1, max_length=2)]
"""The numbers of a line of scores: one player's, or both players'."""


# --------------------------------------------------------------------------------------------
#  Events: one model per line form
# --------------------------------------------------------------------------------------------


class CutForDeal(Line):
    """``cut A AS B 9D``: the cut for deal, each player and the card he cut (laws 3-5; more than
    one card for a player: he showed them, law 5)."""

    kind: Literal["cut_for_deal"] = "cut_for_deal"
    """The line form (the discriminator of :data:`Event`)."""
    cuts: Annotated[tuple[PlayerCards, ...], Field(min_length=1)]
    """Each player's cut, in the order written."""


class Elect(Line):
    """``A elects to deal`` or ``A elects to be elder``: the choice of the higher cut (law 4)."""

    kind: Literal["elect"] = "elect"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who chose."""
    choice: Choice
    """What he chose."""


class Deals(Line):
    """``A deals``, ``B deals by threes``, ``B deals with the same pack``: who deals, and how
    and with which pack if it is said (laws 9, 15, 16)."""

    kind: Literal["deals"] = "deals"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who deals."""
    by: Number | None = None
    """Cards a packet, if said: ``by twos`` is 2, ``by threes`` 3 (another number as written)."""
    pack: PackDealt | None = None
    """Which pack he dealt with, if said: the same as the deal before, or the other (laws 15,
    16)."""


class Packet(Line):
    """``B: AS KS``: a packet dealt to a player, its cards in the order given (law 9)."""

    kind: Literal["packet"] = "packet"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who was given the packet."""
    cards: Annotated[Cards, Field(min_length=1)]
    """The cards (``None`` for each card nobody recorded)."""


class Holds(Line):
    """``A holds AS KS ...`` or ``A holds 12``: a player's whole hand at this moment: before the
    exchange, the hand he was dealt."""

    kind: Literal["holds"] = "holds"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Whose hand."""
    cards: Cards
    """The cards of the hand (``None`` for each not known)."""


class Stock(Line):
    """``stock QS 9S ...`` or ``stock 8``: the cards of the stock, its top card first (law 9)."""

    kind: Literal["stock"] = "stock"
    """The line form (the discriminator of :data:`Event`)."""
    cards: Cards
    """The cards from the top down (``None`` for each not known)."""


class ExchangeCall(Line):
    """``A: take 5`` or ``A: leave 1``: the elder states how many cards he takes, or leaves,
    before he touches the stock (law 32); written where he said it."""

    kind: Literal["exchange_call"] = "exchange_call"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who said it."""
    word: ExchangeWord
    """Whether he said how many he takes or how many he leaves."""
    count: Number
    """How many."""


class Discard(Line):
    """``A discards KS 8C 7C 9D 8D`` or ``A discards 5``: the cards a player puts out (laws
    21, 22, 24)."""

    kind: Literal["discard"] = "discard"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who discarded."""
    cards: Cards
    """The cards discarded (``None`` for each not known)."""


class Take(Line):
    """``A takes 9S 8S KH 9C KD`` or ``A takes 5``: the cards a player takes from the top of
    the stock (laws 23, 34)."""

    kind: Literal["take"] = "take"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who took them."""
    cards: Cards
    """The cards, from the top of the stock down (``None`` for each not known)."""


class Leave(Line):
    """``A leaves 1`` or ``B leaves 7D``: cards a player leaves in the stock (laws 32, 36)."""

    kind: Literal["leave"] = "leave"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who left them."""
    cards: Cards
    """The cards left (``None`` for each not known)."""


class Look(Line):
    """``B looks at the left cards`` or ``A looks at his discard`` (laws 33, 36, 45)."""

    kind: Literal["look"] = "look"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who looked."""
    at: LookAt
    """What he looked at."""


class DoesNotLook(Line):
    """``B does not look``: he says he will not look at the cards left (law 36)."""

    kind: Literal["not_look"] = "not_look"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who said it."""


class PointCall(Line):
    """``A: point 5``, ``A: five cards``, ``A: point 5 making 49``: a call of the point (laws
    46, 62), with what was said of it."""

    kind: Literal["point_call"] = "point_call"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who called."""
    length: Number | None = None
    """The number of cards he said (``None``: ``point`` alone)."""
    value: Number | None = None
    """What he said they make (``making 49``), if he said it in the call."""
    suit: Suit | None = None
    """The suit, if he named it."""


class SequenceCall(Line):
    """``A: quart major``, ``A: tierce to the queen``, ``A: quint to the ace in hearts``: a call
    of a sequence (laws 48, 63), with what was said of it."""

    kind: Literal["sequence_call"] = "sequence_call"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who called."""
    length: Annotated[int, Field(ge=3, le=8)]
    """Its length, from its name: tierce 3, quart 4, quint 5, sixième 6, septième 7,
    huitième 8."""
    top: Rank | None = None
    """The card it runs to, if he said (``major``: the ace); ``None``: the length alone."""
    suit: Suit | None = None
    """The suit, if he named it."""


class SetCall(Line):
    """``A: three knaves``, ``B: four tens``, ``A: quatorze``: a call of a quatorze or a trio
    (laws 48, 64), or of any number of cards of a rank."""

    kind: Literal["set_call"] = "set_call"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who called."""
    count: Annotated[int, Field(ge=1, le=999_999_999)]
    """How many cards (``quatorze``, ``fourteen``: 4; ``trio``: 3)."""
    rank: Rank | None = None
    """Of what rank, if he said (``None``: ``quatorze`` or ``trio`` alone)."""

    @model_validator(mode="after")
    def _rank_or_set(self) -> SetCall:
        if self.rank is None and self.count not in (3, 4):
            raise ValueError("a set called without its rank is a trio (3) or a quatorze (4)")
        return self


class CarteBlanche(Line):
    """``B: carte blanche``: he says he holds carte blanche (laws 18, 20)."""

    kind: Literal["carte_blanche"] = "carte_blanche"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who said it."""


class Answer(Line):
    """``B: good``, ``B: not good``, ``B: equal``: the answer to a call (laws 46-51)."""

    kind: Literal["answer"] = "answer"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who answered."""
    reply: Reply
    """What he answered."""


class Question(Line):
    """``B: what do they make?``, ``B: which queen do you not count?``, ``B: to what?``,
    ``B: how many diamonds?``: a question to the adversary."""

    kind: Literal["question"] = "question"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who asked."""
    asks: Asked
    """What he asked."""
    rank: Rank | None = None
    """The rank named in ``which queen do you not count?``."""
    suit: Suit | None = None
    """The suit named in ``how many diamonds?``."""

    @model_validator(mode="after")
    def _named(self) -> Question:
        if (self.rank is not None) != (self.asks is Asked.NOT_COUNTED):
            raise ValueError("a rank is named in 'which ... do you not count?' and only there")
        if (self.suit is not None) != (self.asks is Asked.HOW_MANY):
            raise ValueError("a suit is named in 'how many ...?' and only there")
        return self


class NumberSaid(Line):
    """``A: 49``: a number said aloud: what a point makes, or the player's count so far; what
    it answers is for the reader of the record to see from what was said before it."""

    kind: Literal["number_said"] = "number_said"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who said it."""
    value: Number
    """The number."""


class CardNamed(Line):
    """``A: the king of diamonds``: a card named in an answer: which card of the set he called
    he does not count (``which king do you not count?``, Cases VII, VIII)."""

    kind: Literal["card_named"] = "card_named"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who named it."""
    card: Card
    """The card named."""


class Reckon(Line):
    """``A reckons 9``: a player states his count so far (law 67's order of reckoning)."""

    kind: Literal["reckon"] = "reckon"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who reckoned."""
    value: Number
    """The count he stated."""


class Show(Line):
    """``B shows AS TS 9S ...``: a player shows cards: a carte blanche (law 19), or cards he
    called (law 55)."""

    kind: Literal["show"] = "show"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who showed them."""
    cards: Annotated[Cards, Field(min_length=1)]
    """The cards shown (``None`` for each not known)."""


class Trick(Line):
    """``1. A AH B TH``: a trick: its number, the leader and his card, then the other player
    and his; ``12. A JS``: only the lead written."""

    kind: Literal["trick"] = "trick"
    """The line form (the discriminator of :data:`Event`)."""
    number: Number
    """The trick's number as written."""
    leader: Seat
    """Who led."""
    lead: Card | None
    """The card led (``None``: not recorded)."""
    follower: Seat | None = None
    """Who played to the lead (``None``: not written)."""
    follow: Card | None = None
    """The card he played (``None``: not recorded, or not written)."""

    @model_validator(mode="after")
    def _follow(self) -> Trick:
        if self.follower is None and self.follow is not None:
            raise ValueError("a card played to the trick needs the player who played it")
        return self


class Lead(Line):
    """``A leads AH``: a card led, written on a line of its own; ``A leads AS KS QS``: several
    cards led at once, without waiting for the adversary to play (law 59 II)."""

    kind: Literal["lead"] = "lead"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who led."""
    card: Card | None
    """The card (``None``: not recorded); the first, when several were led at once."""
    more: Cards = ()
    """The cards led with it at once, in the order put down (none: one card led)."""


class Play(Line):
    """``B plays TH``: a card played to the lead, written on a line of its own; ``B plays 7S
    9H TH``: several played at once, to cards led at once (law 59 II)."""

    kind: Literal["play"] = "play"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who played."""
    card: Card | None
    """The card (``None``: not recorded); the first, when several were played at once."""
    more: Cards = ()
    """The cards played with it at once, in the order put down (none: one card played)."""


class Score(Line):
    """``score A 28 B 23``: the running totals, as the players wrote them; ``score A 28 B 25
    by B``: as one player wrote them (law 74); ``score A 30 B 23 corrected``: as corrected, an
    error in counting put right (law 70)."""

    kind: Literal["score"] = "score"
    """The line form (the discriminator of :data:`Event`)."""
    tallies: Tallies
    """Each player's total, in the order written."""
    corrected: bool = False
    """The totals are written as a correction of those written before (law 70)."""
    by: Seat | None = None
    """Whose score sheet they are written on, if said (law 74); ``None``: the table's."""


class Result(Line):
    """``result A 28 B 23``: what the deal made for each player, as stated."""

    kind: Literal["result"] = "result"
    """The line form (the discriminator of :data:`Event`)."""
    tallies: Tallies
    """Each player's points for the deal, in the order written."""


class PartieScore(Line):
    """``partie A 131 B 113``: the partie's final totals, as written (law 71)."""

    kind: Literal["partie_score"] = "partie_score"
    """The line form (the discriminator of :data:`Event`)."""
    tallies: Tallies
    """Each player's final total, in the order written."""


class Settlement(Line):
    """``A wins 118`` or ``A wins 306 rubicon``: what the partie was settled at, as written
    (laws 72, 73)."""

    kind: Literal["settlement"] = "settlement"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who won."""
    points: Number
    """What he won."""
    rubicon: bool = False
    """The settlement was written as a rubicon."""


Event = Annotated[
    CutForDeal
    | Elect
    | Deals
    | Packet
    | Holds
    | Stock
    | ExchangeCall
    | Discard
    | Take
    | Leave
    | Look
    | DoesNotLook
    | PointCall
    | SequenceCall
    | SetCall
    | CarteBlanche
    | Answer
    | Question
    | NumberSaid
    | CardNamed
    | Reckon
    | Show
    | Trick
    | Lead
    | Play
    | Score
    | Result
    | PartieScore
    | Settlement
    | TakesUp
    | Touch
    | Expose
    | Faced
    | Counted
    | Announce
    | Mix
    | TakeBack
    | Retract
    | Drop
    | Damaged
    | NewPacks
    | Cuts
    | Shuffles
    | Collects
    | Claim
    | ClaimReply
    | Stand
    | Waive
    | Bystander,
    Field(discriminator="kind"),
]
"""Any event, told apart by its ``kind``."""

EventKind = Literal[
    "cut_for_deal",
    "elect",
    "deals",
    "packet",
    "holds",
    "stock",
    "exchange_call",
    "discard",
    "take",
    "leave",
    "look",
    "not_look",
    "point_call",
    "sequence_call",
    "set_call",
    "carte_blanche",
    "answer",
    "question",
    "number_said",
    "card_named",
    "reckon",
    "show",
    "trick",
    "lead",
    "play",
    "score",
    "result",
    "partie_score",
    "settlement",
    "takes_up",
    "touch",
    "expose",
    "faced",
    "counted",
    "announce",
    "mix",
    "take_back",
    "retract",
    "drop",
    "damaged",
    "new_packs",
    "cuts",
    "shuffles",
    "collects",
    "claim",
    "claim_reply",
    "stand",
    "waive",
    "bystander",
]
"""The ``kind`` of every event: a closed vocabulary."""
