"""From a parsed line to its model: one method for each rule of ``grammar/piquet.lark`` that
makes an event or a heading.

The values built here have no position and no comments: the reader gives them those of the
line they were written on. A fault that the grammar cannot see (a number of more than nine
digits, a count of more cards than the pack holds) is a :class:`BuildError` at its token.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from lark import Token, Transformer, Tree

from adjudicator.notation.cards import Card, Player, Rank, Suit
from adjudicator.notation.lines import parse_tag
from adjudicator.notation.numbers import number, number_problem
from adjudicator.notation.piquet.model import (
    MAX_CARD_COUNT,
    Announce,
    Answer,
    Asked,
    Bystander,
    Cards,
    CarteBlanche,
    Choice,
    Claim,
    Claimed,
    ClaimReply,
    Consent,
    Counted,
    CutForDeal,
    Damage,
    Damaged,
    Deal,
    Deals,
    Discard,
    DoesNotLook,
    Drop,
    Elect,
    ExchangeCall,
    ExchangeWord,
    Expose,
    Faced,
    Heap,
    Holds,
    Lead,
    Leave,
    Look,
    LookAt,
    Mix,
    MixedWith,
    NewPacks,
    NumberSaid,
    PackDealt,
    Packet,
    Partie,
    PartieScore,
    Place,
    Play,
    PlayerCards,
    PointCall,
    Question,
    Reckon,
    Reply,
    Result,
    Retract,
    Score,
    Seat,
    SequenceCall,
    SetCall,
    Settlement,
    Show,
    Stand,
    Stock,
    Take,
    TakeBack,
    TakesUp,
    Tally,
    Touch,
    Trick,
    Waive,
)
from adjudicator.notation.piquet.vocabulary import NUMBER_WORDS

SEQUENCE_LENGTHS: dict[str, int] = {
    "tierce": 3,
    "quart": 4,
    "quarte": 4,
    "quint": 5,
    "quinte": 5,
    "sixième": 6,
    "sixieme": 6,
    "septième": 7,
    "septieme": 7,
    "huitième": 8,
    "huitieme": 8,
}
"""Every spelling of a sequence's name, and its length."""

RANK_WORDS: dict[str, Rank] = {
    "ace": Rank.ACE,
    "king": Rank.KING,
    "queen": Rank.QUEEN,
    "knave": Rank.KNAVE,
    "jack": Rank.KNAVE,
    "ten": Rank.TEN,
    "nine": Rank.NINE,
    "eight": Rank.EIGHT,
    "seven": Rank.SEVEN,
}
"""Every spelling of a rank's name (singular; the plural adds ``s``), and its rank."""

SUIT_WORDS: dict[str, Suit] = {
    "spades": Suit.SPADES,
    "hearts": Suit.HEARTS,
    "diamonds": Suit.DIAMONDS,
    "clubs": Suit.CLUBS,
}
"""Every spelling of a suit's name, and its suit."""

COUNT_WORDS: dict[str, int] = {word: n for n, word in NUMBER_WORDS.items()}
"""Every number the notation reads in words, and its value."""

PACKET_WORDS: dict[str, int] = {"twos": 2, "threes": 3}
"""``by twos``, ``by threes``: cards a packet."""


class _Count(NamedTuple):
    """A number of cards said (``five``, ``5``) and the token it was said in."""

    value: int
    token: Token


def _count_of(children: Sequence[Any]) -> _Count | None:
    found = [c for c in children if isinstance(c, _Count)]
    return found[0] if found else None


class BuildError(Exception):
    """A fault of a line that its grammar accepts: where it is, and what is wrong."""

    def __init__(self, message: str, token: Token, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.column = token.column or 1
        self.width = len(token.value)
        self.hint = hint


def _player(token: Token) -> Seat:
    """The player of a ``PLAYER`` token (the grammar reads only A and B)."""
    return Player.A if token.value.upper() == "A" else Player.B


def _number(token: Token) -> int:
    text = token.value.rstrip(".")
    problem = number_problem(text)
    if problem is not None:
        raise BuildError(problem, token)
    return number(text)


def _card(token: Token) -> Card | None:
    return None if token.value == "??" else Card.parse(token.value)


def _cards(tokens: Sequence[Token]) -> Cards:
    """The cards of a line's ``CARD`` tokens, or a count of unknown cards (its ``INT``)."""
    cards = [t for t in tokens if t.type == "CARD"]
    if cards:
        return tuple(_card(t) for t in cards)
    (count,) = [t for t in tokens if t.type == "INT"]
    n = _number(count)
    if n > MAX_CARD_COUNT:
        raise BuildError(
            f"a count of {n:,} cards; the pack has {MAX_CARD_COUNT}",
            count,
            hint="a number here counts cards nobody recorded; write the cards, or ?? for each",
        )
    return (None,) * n


def _of(children: Sequence[Any], kind: str) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type == kind]


def _one(children: Sequence[Any], kind: str) -> Token | None:
    found = _of(children, kind)
    return found[0] if found else None


def _tallies(children: Sequence[Any]) -> tuple[Tally, ...]:
    players = _of(children, "PLAYER")
    points = _of(children, "INT")
    return tuple(
        Tally(player=_player(p), points=_number(n)) for p, n in zip(players, points, strict=True)
    )


def _suit(children: Sequence[Any]) -> Suit | None:
    token = _one(children, "SUIT_NAME")
    return None if token is None else SUIT_WORDS[token.value.lower()]


def _rank_plural(token: Token | None) -> Rank | None:
    return None if token is None else RANK_WORDS[token.value.lower()[:-1]]


class Builder(Transformer[Token, Any]):
    """Builds the model of one line from its parse tree (a rule's children: its tokens, and
    the values of its sub-rules)."""

    def line(self, c: list[Any]) -> Any:
        return c[0]

    def partie_heading(self, c: list[Any]) -> Partie:
        return Partie(number=_number(c[1]))

    def deal_heading(self, c: list[Any]) -> Deal:
        return Deal(number=_number(c[1]), dealer=_player(c[2]))

    def cut_part(self, c: list[Any]) -> PlayerCards:
        return PlayerCards(player=_player(c[0]), cards=_cards(c[1:]))

    def cut_for_deal(self, c: list[Any]) -> CutForDeal:
        return CutForDeal(cuts=tuple(p for p in c if isinstance(p, PlayerCards)))

    def elect(self, c: list[Any]) -> Elect:
        choice = Choice.DEAL if _one(c, "DEAL") is not None else Choice.ELDER
        return Elect(player=_player(c[0]), choice=choice)

    def deals(self, c: list[Any]) -> Deals:
        by: int | None = None
        words, count = _one(c, "PACKETS"), _one(c, "INT")
        if words is not None:
            by = PACKET_WORDS[words.value.lower()]
        elif count is not None:
            by = _number(count)
        pack: PackDealt | None = None
        if _one(c, "SAME") is not None:
            pack = PackDealt.SAME
        elif _one(c, "OTHER") is not None:
            pack = PackDealt.OTHER
        return Deals(player=_player(c[0]), by=by, pack=pack)

    def packet(self, c: list[Any]) -> Packet:
        return Packet(player=_player(c[0]), cards=_cards(c[2:]))

    def holds(self, c: list[Any]) -> Holds:
        return Holds(player=_player(c[0]), cards=_cards(c[2:]))

    def stock(self, c: list[Any]) -> Stock:
        return Stock(cards=_cards(c[1:]))

    def exchange_call(self, c: list[Any]) -> ExchangeCall:
        word = ExchangeWord.TAKE if c[2].type == "TAKE" else ExchangeWord.LEAVE
        return ExchangeCall(player=_player(c[0]), word=word, count=_number(c[3]))

    def discard(self, c: list[Any]) -> Discard:
        return Discard(player=_player(c[0]), cards=_cards(c[2:]))

    def take(self, c: list[Any]) -> Take:
        return Take(player=_player(c[0]), cards=_cards(c[2:]))

    def leave(self, c: list[Any]) -> Leave:
        return Leave(player=_player(c[0]), cards=_cards(c[2:]))

    def look(self, c: list[Any]) -> Look:
        at = LookAt.LEFT_CARDS
        if _one(c, "ADVERSARYS") is not None:
            at = LookAt.ADVERSARY_DISCARD
        elif _one(c, "DISCARD") is not None:
            at = LookAt.DISCARD
        return Look(player=_player(c[0]), at=at)

    def not_look(self, c: list[Any]) -> DoesNotLook:
        return DoesNotLook(player=_player(c[0]))

    def count(self, c: list[Any]) -> _Count:
        token: Token = c[0]
        if token.type == "NUMBER_WORD":
            return _Count(COUNT_WORDS[token.value.lower()], token)
        return _Count(_number(token), token)

    def point_call(self, c: list[Any]) -> PointCall:
        length = _count_of(c)
        value = _one(c, "INT")
        return PointCall(
            player=_player(c[0]),
            length=None if length is None else length.value,
            value=None if value is None else _number(value),
            suit=_suit(c),
        )

    def sequence_call(self, c: list[Any]) -> SequenceCall:
        name = _one(c, "SEQUENCE")
        assert name is not None
        top: Rank | None = None
        rank = _one(c, "RANK_NAME")
        if _one(c, "MAJOR") is not None:
            top = Rank.ACE
        elif rank is not None:
            top = RANK_WORDS[rank.value.lower()]
        return SequenceCall(
            player=_player(c[0]),
            length=SEQUENCE_LENGTHS[name.value.lower()],
            top=top,
            suit=_suit(c),
        )

    def set_call(self, c: list[Any]) -> SetCall:
        rank = _rank_plural(_one(c, "RANKS"))
        count = _count_of(c)
        if count is not None:
            n = count.value
            if n < 1:
                raise BuildError("a set of no cards: say how many of the rank", count.token)
        else:
            n = 4 if _one(c, "QUATORZE") is not None else 3
        return SetCall(player=_player(c[0]), count=n, rank=rank)

    def carte_blanche(self, c: list[Any]) -> CarteBlanche:
        return CarteBlanche(player=_player(c[0]))

    def answer(self, c: list[Any]) -> Answer:
        if _one(c, "EQUAL") is not None:
            reply = Reply.EQUAL
        else:
            reply = Reply.NOT_GOOD if _one(c, "NOT") is not None else Reply.GOOD
        return Answer(player=_player(c[0]), reply=reply)

    def question(self, c: list[Any]) -> Question:
        player = _player(c[0])
        if _one(c, "WHAT") is not None and _one(c, "TO") is None:
            return Question(player=player, asks=Asked.VALUE)
        rank = _one(c, "RANK_NAME")
        if rank is not None:
            return Question(
                player=player, asks=Asked.NOT_COUNTED, rank=RANK_WORDS[rank.value.lower()]
            )
        if _one(c, "MANY") is not None:
            return Question(player=player, asks=Asked.HOW_MANY, suit=_suit(c))
        return Question(player=player, asks=Asked.HOW_HIGH)

    def number_said(self, c: list[Any]) -> NumberSaid:
        return NumberSaid(player=_player(c[0]), value=_number(c[2]))

    def reckon(self, c: list[Any]) -> Reckon:
        return Reckon(player=_player(c[0]), value=_number(c[2]))

    def show(self, c: list[Any]) -> Show:
        return Show(player=_player(c[0]), cards=_cards(c[2:]))

    def trick(self, c: list[Any]) -> Trick:
        players = _of(c, "PLAYER")
        cards = _of(c, "CARD")
        return Trick(
            number=_number(c[0]),
            leader=_player(players[0]),
            lead=_card(cards[0]),
            follower=_player(players[1]) if len(players) > 1 else None,
            follow=_card(cards[1]) if len(cards) > 1 else None,
        )

    def lead(self, c: list[Any]) -> Lead:
        first, *more = _cards(c[2:])
        return Lead(player=_player(c[0]), card=first, more=tuple(more))

    def play(self, c: list[Any]) -> Play:
        first, *more = _cards(c[2:])
        return Play(player=_player(c[0]), card=first, more=tuple(more))

    def score(self, c: list[Any]) -> Score:
        by = _one(c, "BY")
        sheet = c[-1] if by is not None else None
        return Score(
            tallies=_tallies([t for t in c if t is not sheet]),
            corrected=_one(c, "CORRECTED") is not None,
            by=None if sheet is None else _player(sheet),
        )

    def result(self, c: list[Any]) -> Result:
        return Result(tallies=_tallies(c))

    def partie_score(self, c: list[Any]) -> PartieScore:
        return PartieScore(tallies=_tallies(c))

    def settlement(self, c: list[Any]) -> Settlement:
        return Settlement(
            player=_player(c[0]),
            points=_number(c[2]),
            rubicon=_one(c, "RUBICON") is not None,
        )

    # -- irregularities (version 2) ------------------------------------------------------

    def takes_up(self, c: list[Any]) -> TakesUp:
        return TakesUp(player=_player(c[0]))

    def touch(self, c: list[Any]) -> Touch:
        return Touch(player=_player(c[0]))

    def place(self, c: list[Any]) -> Place:
        words = {t.type for t in c}
        if "THE" in words:
            found = [p for k, p in _PLACES_OF_THE.items() if k in words]
            return found[0]
        if "ADVERSARYS" in words:
            return Place.ADVERSARY_DISCARD if "DISCARD" in words else Place.ADVERSARY
        return Place.DISCARD if "DISCARD" in words else Place.OWN

    def expose(self, c: list[Any]) -> Expose:
        place = next((p for p in c if isinstance(p, Place)), None)
        return Expose(player=_player(c[0]), cards=_cards(_of(c, "CARD")), place=place)

    def faced(self, c: list[Any]) -> Faced:
        heap = Heap.PACK if _one(c, "PACK") is not None else Heap.STOCK
        return Faced(cards=_cards(_of(c, "CARD")), heap=heap)

    def counted(self, c: list[Any]) -> Counted:
        heap = Heap.PACK if c[0].type == "PACK" else Heap.STOCK
        return Counted(heap=heap, count=_number(c[2]))

    def announce(self, c: list[Any]) -> Announce:
        count = _count_of(c)
        assert count is not None
        return Announce(player=_player(c[0]), count=count.value)

    def mix(self, c: list[Any]) -> Mix:
        into = MixedWith.HAND if _one(c, "HAND") is not None else MixedWith.DISCARD
        if _one(c, "LEFT") is not None:
            return Mix(player=_player(c[0]), left_cards=True, into=into)
        return Mix(player=_player(c[0]), cards=_some_cards(c[2:]), into=into)

    def take_back(self, c: list[Any]) -> TakeBack:
        return TakeBack(player=_player(c[0]), cards=_some_cards(c[3:]))

    def retract(self, c: list[Any]) -> Retract:
        return Retract(player=_player(c[0]), cards=_cards(c[2:]))

    def drop(self, c: list[Any]) -> Drop:
        return Drop(player=_player(c[0]), cards=_cards(c[2:]))

    def damaged(self, c: list[Any]) -> Damaged:
        damage = Damage.TORN if _one(c, "TORN") is not None else Damage.MARKED
        return Damaged(card=_card(c[0]), damage=damage)

    def new_packs(self, c: list[Any]) -> NewPacks:
        return NewPacks(player=_player(c[0]))

    def claimed(self, c: list[Any]) -> tuple[Claimed, Seat | None]:
        words = {t.type for t in c}
        if "NOTHING" in words:
            return Claimed.RECKONS_NOTHING, _player(c[0])
        if "FRESH" in words:
            if c[0].type == "PLAYER" and c[0].value.lower() != "a":
                raise BuildError("a fresh deal or cut is claimed: 'claims a fresh deal'", c[0])
            return (Claimed.FRESH_DEAL if "DEAL" in words else Claimed.FRESH_CUT), None
        if "STOCK" in words:
            return Claimed.STOCK_COUNTED, None
        return (Claimed.ALTER_DISCARD if "ALTER" in words else Claimed.PLAY_AGAIN), None

    def claim(self, c: list[Any]) -> Claim:
        claimed, of = c[2]
        return Claim(player=_player(c[0]), claimed=claimed, of=of)

    def claim_reply(self, c: list[Any]) -> ClaimReply:
        consent = Consent.ACCEPTS if c[1].type == "ACCEPTS" else Consent.REFUSES
        return ClaimReply(player=_player(c[0]), consent=consent)

    def stand(self, c: list[Any]) -> Stand:
        return Stand(player=_player(c[0]))

    def waive(self, c: list[Any]) -> Waive:
        return Waive(player=_player(c[0]))

    def bystander(self, c: list[Any]) -> Bystander:
        said = _one(c, "STRING")
        if said is None:
            return Bystander()
        found = parse_tag(f"[R {said.value}]")
        assert found is not None
        return Bystander(remark=found[1])


_PLACES_OF_THE = {"PACK": Place.PACK, "STOCK": Place.STOCK, "LEFT": Place.LEFT_CARDS}
"""The places written with ``the``: ``the pack``, ``the stock``, ``the left cards``."""


def _some_cards(tokens: Sequence[Any]) -> Cards:
    """The cards of a line that names at least one (a count of none is a fault at it)."""
    found = _cards([t for t in tokens if isinstance(t, Token) and t.type in ("CARD", "INT")])
    if not found:
        (count,) = _of(tokens, "INT")
        raise BuildError("a count of no cards: say how many, or name them", count)
    return found


def build(tree: Tree[Token]) -> Any:
    """The model of one parsed line (an event, or a ``Deal`` or ``Partie`` heading with
    nothing under it yet)."""
    return Builder().transform(tree)
