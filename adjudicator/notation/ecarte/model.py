"""The record model: what a record of écarté *says*, one value per line, with its position.

Facts only. Nothing here judges whether an event was lawful; an unknown card is ``None``; a
count of unknown cards (``B: 3``) becomes that many ``None`` cards. Every event keeps the line
and column where it was written, and the comments that go with it: written on its line
(``comments``) and continued on the lines below (``comments_continued``), standing alone just
before it (``comments_before``), or standing alone after it, before a blank line
(``comments_after``).

Equality compares facts and comments, not positions: a record read back from its canonical
form equals the record it was written from, though its lines have moved.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from adjudicator.notation.cards import Card, Player, Suit
from adjudicator.notation.nodes import Cards as Cards
from adjudicator.notation.nodes import Line as Line
from adjudicator.notation.nodes import Node as Node
from adjudicator.notation.nodes import Tag as Tag

# --------------------------------------------------------------------------------------------
#  Enumerations of the notation's small vocabularies
# --------------------------------------------------------------------------------------------


class MarkReason(StrEnum):
    """Why a player marked points on the score sheet."""

    KING = "king"
    POINT = "point"
    VOLE = "vole"
    PENALTY = "penalty"


class PackFaultKind(StrEnum):
    """What was found wrong with the pack (laws 6, 45)."""

    INCORRECT = "incorrect"
    REDUNDANT = "redundant"
    IMPERFECT = "imperfect"


class ClaimKind(StrEnum):
    """The option a player claims (the notation's ``claims`` line)."""

    NEW_DEAL = "new deal"
    RECTIFY = "rectify"
    TRUMP = "trump"
    REPLAY = "replay"
    SUIT = "suit"
    COMPLETE = "complete"
    DRAW = "draw"
    TAKE = "take"
    REFUSE = "refuse"


# --------------------------------------------------------------------------------------------
#  Events: one model per line form
# --------------------------------------------------------------------------------------------


class CutForDeal(Line):
    """``cut A JS B AH``: the cut for deal, each player and the card or cards he cut (law 5;
    more than one card for a player means he exposed them, law 4)."""

    kind: Literal["cut_for_deal"] = "cut_for_deal"
    cuts: dict[Player, Cards]
    """Each player's cut, in the order written."""


class Shuffle(Line):
    """``shuffle A [exposed] [below table]``: a player shuffles (laws 1, 2)."""

    kind: Literal["shuffle"] = "shuffle"
    player: Player
    """Who shuffled."""
    exposed: bool = False
    """He exposed the faces of cards while shuffling."""
    below_table: bool = False
    """He shuffled below the table."""


class Cut(Line):
    """``cut B 12 [exposed 9H]``: a player cuts the pack to the dealer (laws 3, 7)."""

    kind: Literal["cut"] = "cut"
    player: Player
    """Who cut."""
    count: int
    """How many cards he cut off."""
    exposed: Cards = ()
    """Cards exposed in cutting."""


class Order(Line):
    """``order 2-3``: the dealer announces a new order of packets (law 8)."""

    kind: Literal["order"] = "order"
    first: int
    """Cards in the first round of packets."""
    second: int
    """Cards in the second round of packets."""


class Packet(Line):
    """``B: KH *QH 9S``: cards given to a player, in a packet of the deal or from the stock."""

    kind: Literal["packet"] = "packet"
    player: Player
    """Who was given the cards."""
    cards: Cards
    """The cards, in the order given (``None`` for each card nobody recorded)."""
    exposed: tuple[int, ...] = ()
    """Positions (0-based, into ``cards``) of cards exposed as they were given (``*``)."""


class Turn(Line):
    """``turn KD [7S]``: the dealer turns up the trump card (or, in error, more than one)."""

    kind: Literal["turn"] = "turn"
    cards: Cards
    """The card or cards turned up."""
    in_error: bool = False
    """``turn 7S in error``: after the trump, a card turned up in error, as though it were
    the trump card (law 37). (A second ``turn`` line after the trump is read so too.)"""


class Faced(Line):
    """``faced 9C``: a faced card found in the pack or the stock (laws 12, 35)."""

    kind: Literal["faced"] = "faced"
    card: Card | None
    """The faced card."""


class TakeUp(Line):
    """``B takes up``: a player takes up (looks at) his hand or the cards just given him."""

    kind: Literal["take_up"] = "take_up"
    player: Player
    """Who took up his cards."""


class Mark(Line):
    """``A marks 2 vole``: a mark on the score sheet (laws 47-51)."""

    kind: Literal["mark"] = "mark"
    player: Player
    """Who marked."""
    points: int | None = None
    """How many points, if stated (``A marks king`` does not state them)."""
    reason: MarkReason | None = None
    """Why, if stated."""


class Unmark(Line):
    """``A unmarks 1``: a mark taken down (law 51)."""

    kind: Literal["unmark"] = "unmark"
    player: Player
    """Whose mark was taken down."""
    points: int
    """How many points."""


class Announce(Line):
    """``B announces king``: a player says he holds the king of trumps (laws 23-25)."""

    kind: Literal["announce"] = "announce"
    player: Player
    """Who announced."""


class Propose(Line):
    """``B proposes``: the non-dealer proposes (law 26)."""

    kind: Literal["propose"] = "propose"
    player: Player
    """Who proposed."""


class Accept(Line):
    """``A accepts [if stock]``: the dealer accepts a proposal (laws 27, 38)."""

    kind: Literal["accept"] = "accept"
    player: Player
    """Who accepted."""
    if_stock: bool = False
    """Accepted on condition that the stock suffices (law 38)."""


class Refuse(Line):
    """``A refuses``: the dealer refuses a proposal (laws 27, 49)."""

    kind: Literal["refuse"] = "refuse"
    player: Player
    """Who refused."""


class DeclarePlay(Line):
    """``B plays``: a player declares he plays without (further) proposing (law 49)."""

    kind: Literal["declare_play"] = "declare_play"
    player: Player
    """Who declared."""


class Discard(Line):
    """``B discards 9D 8H 7C``: a player's discard, face down (law 28)."""

    kind: Literal["discard"] = "discard"
    player: Player
    """Who discarded."""
    cards: Cards
    """The cards discarded (``None`` for each one nobody recorded)."""


class Ask(Line):
    """``B asks 3``: how many cards a player asked for, where it differs from his discard."""

    kind: Literal["ask"] = "ask"
    player: Player
    """Who asked."""
    count: int
    """How many cards he asked for."""


class Holds(Line):
    """``A holds KS QS JS 8C 7C``: a statement of a player's whole hand at this moment."""

    kind: Literal["holds"] = "holds"
    player: Player
    """Whose hand."""
    cards: Cards
    """The cards in it."""


class Look(Line):
    """``B looks at discard``: a player looks at a discard once it is made (law 28), or at
    cards of the stock (``B looks at stock``)."""

    kind: Literal["look"] = "look"
    player: Player
    """Who looked."""
    at: Literal["discard", "stock"]
    """What he looked at."""


class Trick(Line):
    """``1. B KH A 7H``: a trick on one line: its number, the lead, and the card played to it."""

    kind: Literal["trick"] = "trick"
    number: int
    """The trick's number as written."""
    leader: Player
    """Who led."""
    lead: Card | None
    """The card led."""
    names: Suit | None = None
    """The suit the leader named as he led, if he named one (law 41)."""
    follower: Player | None = None
    """Who played to the lead (``None`` if nobody had yet)."""
    follow: Card | None = None
    """The card played to the lead (``None`` if unrecorded, or if nobody played)."""


class Lead(Line):
    """``B leads KH [names S]``: a card led, on a line of its own."""

    kind: Literal["lead"] = "lead"
    player: Player
    """Who led."""
    card: Card | None
    """The card led."""
    names: Suit | None = None
    """The suit the leader named as he led, if he named one (law 41)."""


class Play(Line):
    """``A plays 7H``: a card played to a lead, on a line of its own."""

    kind: Literal["play"] = "play"
    player: Player
    """Who played."""
    card: Card | None
    """The card played."""


class Retract(Line):
    """``A retracts 7H``: a player takes back a card he played or led (laws 39, 40)."""

    kind: Literal["retract"] = "retract"
    player: Player
    """Who took the card back."""
    card: Card | None
    """The card taken back."""


class Abandon(Line):
    """``B abandons``: a player abandons his hand (law 42)."""

    kind: Literal["abandon"] = "abandon"
    player: Player
    """Who abandoned."""


class Show(Line):
    """``B shows``: a player throws his cards down, claiming to score (law 42)."""

    kind: Literal["show"] = "show"
    player: Player
    """Who showed."""


class CallNewCards(Line):
    """``A calls new cards``: a player calls for new packs (law 44)."""

    kind: Literal["call_new_cards"] = "call_new_cards"
    player: Player
    """Who called."""


class PackFault(Line):
    """``pack incorrect``: the pack is found incorrect, redundant or imperfect (laws 6, 45)."""

    kind: Literal["pack_fault"] = "pack_fault"
    fault: PackFaultKind
    """What was wrong with it."""


class Score(Line):
    """``score A 3 B 2``: the score as the table agreed it (laws 50, 51)."""

    kind: Literal["score"] = "score"
    points: dict[Player, int]
    """Each player's points, in the order written."""


class Claim(Line):
    """``B claims new deal`` and the like: a player exercises (or asserts) an option."""

    kind: Literal["claim"] = "claim"
    player: Player
    """Who claimed."""
    claim: ClaimKind
    """What he claimed."""
    card: Card | None = None
    """For ``claims trump``: the exposed card he chose as trump."""
    suit: Suit | None = None
    """For ``claims suit``: the suit he requires the leader to play."""


class PermitComplete(Line):
    """``A permits complete``: a player lets the other complete his hand from the stock."""

    kind: Literal["permit_complete"] = "permit_complete"
    player: Player
    """Who gave permission."""


class ElectPlay(Line):
    """``B elects play``: a player plays on: where a law offers playing on as one of its
    options (law 31's discarding of the surplus, for one), he takes it; every other option open
    to him he declines."""

    kind: Literal["elect_play"] = "elect_play"
    player: Player
    """Who elected to play."""


# --------------------------------------------------------------------------------------------
#  Events of the rule profiles (docs/profiles.md): the club code has no such lines
# --------------------------------------------------------------------------------------------

AdviceWord = Literal["play", "propose", "accept", "refuse"]
"""A word of a bystander's advice: the words of the player's own lines."""


class SitOut(Line):
    """``C sits out``: in pool écarté, a player sits out (watches). In the record's opening,
    the first to sit out; inside a deal, who sat out during it (pool rule P1)."""

    kind: Literal["sit_out"] = "sit_out"
    player: Player
    """Who sits out."""


class Advise(Line):
    """``C advises B: play`` or ``C advises B: KH``: a bystander's advice to a player, a word
    of the player's own lines or the cards he points to (bystanders' rule B1). The line has
    one or the other: ``action``, or ``cards``."""

    kind: Literal["advise"] = "advise"
    player: Player
    """Who advised (the adviser, first on the line)."""
    advised: Player
    """Whom he advised."""
    action: AdviceWord | None = None
    """What he advised: ``play``, ``propose``, ``accept`` or ``refuse``; ``None`` when he
    pointed to cards."""
    cards: Cards = ()
    """The cards he pointed to, in the order given (``None`` for each card nobody recorded);
    empty when he advised an action."""


class Double(Line):
    """``B doubles``: a player offers to double the hand's value (doubling rule D1)."""

    kind: Literal["double"] = "double"
    player: Player
    """Who offered to double."""


class DoubleAnswer(Line):
    """``A accepts double`` or ``A refuses double``: the answer to an offer to double
    (doubling rule D1)."""

    kind: Literal["double_answer"] = "double_answer"
    player: Player
    """Who answered."""
    accepted: bool
    """He accepted (``accepts double``); ``False``: he refused (``refuses double``)."""


class OfferPoint(Line):
    """``A offers point``: a player offers the point to his adversary (offering rule O1)."""

    kind: Literal["offer_point"] = "offer_point"
    player: Player
    """Who offered the point."""


class PointAnswer(Line):
    """``B accepts point`` or ``B refuses point``: the answer to an offer of the point
    (offering rule O1)."""

    kind: Literal["point_answer"] = "point_answer"
    player: Player
    """Who answered."""
    accepted: bool
    """He accepted (``accepts point``); ``False``: he refused (``refuses point``)."""


Event = Annotated[
    CutForDeal
    | Shuffle
    | Cut
    | Order
    | Packet
    | Turn
    | Faced
    | TakeUp
    | Mark
    | Unmark
    | Announce
    | Propose
    | Accept
    | Refuse
    | DeclarePlay
    | Discard
    | Ask
    | Holds
    | Look
    | Trick
    | Lead
    | Play
    | Retract
    | Abandon
    | Show
    | CallNewCards
    | PackFault
    | Score
    | Claim
    | PermitComplete
    | ElectPlay
    | SitOut
    | Advise
    | Double
    | DoubleAnswer
    | OfferPoint
    | PointAnswer,
    Field(discriminator="kind"),
]
"""Any event of a deal, told apart by its ``kind``."""

EventKind = Literal[
    "cut_for_deal",
    "shuffle",
    "cut",
    "order",
    "packet",
    "turn",
    "faced",
    "take_up",
    "mark",
    "unmark",
    "announce",
    "propose",
    "accept",
    "refuse",
    "declare_play",
    "discard",
    "ask",
    "holds",
    "look",
    "trick",
    "lead",
    "play",
    "retract",
    "abandon",
    "show",
    "call_new_cards",
    "pack_fault",
    "score",
    "claim",
    "permit_complete",
    "elect_play",
    "sit_out",
    "advise",
    "double",
    "double_answer",
    "offer_point",
    "point_answer",
]
"""The ``kind`` of each event of :data:`Event`, one a model (``tests/test_engine_types.py`` holds
the two alike): what the engine's steps and the laws' ``looks_at`` name events by."""


# --------------------------------------------------------------------------------------------
#  Tags, deals, records
# --------------------------------------------------------------------------------------------


RULE_PROFILES: tuple[str, ...] = (
    "club-1878",
    "club",
    "pool",
    "french",
    "rubber",
    "ace-high",
    "doubling",
    "offering",
)
"""The names the ``Rules`` tag may give, joined with ``+`` (``adjudicator.engine.ecarte.profiles``
defines the profiles; a test holds the two lists alike). The reader refuses any other."""

RULE_CONFLICTS: tuple[frozenset[str], ...] = (frozenset({"pool", "rubber"}),)
"""The profiles the ``Rules`` tag may not join, each changing one thing its own way (the pool and
the rubber: the series the games are played for). The reader refuses them; a test holds the list
to the engine's combinations."""


class Deal(Line):
    """A deal: its heading line (``deal 3 A [pack B]``) and the events under it, in order."""

    number: int
    """The deal's number as written."""
    dealer: Player
    """Who dealt."""
    pack: Player | None = None
    """Whose pack he dealt with, if the heading says (law 14)."""
    events: tuple[Event, ...] = ()
    """What happened in the deal, in the order it happened."""


class Record(Node):
    """One record: a game (or a sitting) at one table, from its tags to its last line."""

    line: int = 0
    """Line of the file where the record begins (1-based; 0 if it was not read)."""
    tags: tuple[Tag, ...] = ()
    """The tag block, in the order written."""
    opening: tuple[Event, ...] = ()
    """Events before the first deal: the cut for deal, normally."""
    deals: tuple[Deal, ...] = ()
    """The deals, in the order written."""
    comments_after: tuple[str, ...] = ()
    """Comments standing on their own after the record's last line."""

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of the first tag called ``name`` (case-insensitive), else ``default``."""
        lowered = name.lower()
        for tag in self.tags:
            if tag.name.lower() == lowered:
                return tag.value
        return default

    def events(self) -> list[tuple[Deal | None, Event]]:
        """Every event of the record in order, each with the deal it belongs to (``None``
        before the first deal)."""
        out: list[tuple[Deal | None, Event]] = [(None, e) for e in self.opening]
        for deal in self.deals:
            out.extend((deal, e) for e in deal.events)
        return out
