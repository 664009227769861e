"""From a parsed line to its model: one method for each rule of ``grammar/piquet.lark`` that
makes an event or a heading.

The values built here have no position and no comments: the reader gives them those of the
line they were written on. The lines of irregularities are built by the mixin
:class:`~adjudicator.notation.piquet.build_irregularities.IrregularityBuilder`. A fault
that the grammar cannot see (a number of more than nine digits, a count of more cards than
the pack holds) is a :class:`~adjudicator.notation.piquet.tokens.BuildError` at its token.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lark import Token, Tree

from adjudicator.notation.cards import Card, Rank, Suit
from adjudicator.notation.piquet.build_irregularities import IrregularityBuilder
from adjudicator.notation.piquet.model import (
    Answer,
    Asked,
    CardNamed,
    CarteBlanche,
    Choice,
    CutForDeal,
    Deal,
    Deals,
    Discard,
    DoesNotLook,
    Elect,
    ExchangeCall,
    ExchangeWord,
    Holds,
    Lead,
    Leave,
    Look,
    LookAt,
    NumberSaid,
    PackDealt,
    Packet,
    Partie,
    PartieScore,
    Play,
    PlayerCards,
    PointCall,
    Question,
    Reckon,
    Reply,
    Result,
    Score,
    SequenceCall,
    SetCall,
    Settlement,
    Show,
    Stock,
    Take,
    Tally,
    Trick,
)
from adjudicator.notation.piquet.tokens import (
    BuildError,
    Count,
    card_of,
    cards_of,
    count_of,
    number_of,
    player_of,
    token_of,
    tokens_of,
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

_RISING: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.KNAVE,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
"""The ranks of piquet up from the seven: a sequence ``minor`` of n cards runs to the n-th."""

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


def _tallies(children: Sequence[Any]) -> tuple[Tally, ...]:
    players = tokens_of(children, "PLAYER")
    points = tokens_of(children, "INT")
    return tuple(
        Tally(player=player_of(p), points=number_of(n))
        for p, n in zip(players, points, strict=True)
    )


def _suit(children: Sequence[Any]) -> Suit | None:
    token = token_of(children, "SUIT_NAME")
    return None if token is None else SUIT_WORDS[token.value.lower()]


def _rank_plural(token: Token | None) -> Rank | None:
    return None if token is None else RANK_WORDS[token.value.lower()[:-1]]


class Builder(IrregularityBuilder):
    """Builds the model of one line from its parse tree (a rule's children: its tokens, and
    the values of its sub-rules)."""

    def line(self, c: list[Any]) -> Any:
        return c[0]

    def partie_heading(self, c: list[Any]) -> Partie:
        return Partie(number=number_of(c[1]))

    def deal_heading(self, c: list[Any]) -> Deal:
        return Deal(number=number_of(c[1]), dealer=player_of(c[2]))

    def cut_part(self, c: list[Any]) -> PlayerCards:
        return PlayerCards(player=player_of(c[0]), cards=cards_of(c[1:]))

    def cut_for_deal(self, c: list[Any]) -> CutForDeal:
        return CutForDeal(cuts=tuple(p for p in c if isinstance(p, PlayerCards)))

    def elect(self, c: list[Any]) -> Elect:
        choice = Choice.DEAL if token_of(c, "DEAL") is not None else Choice.ELDER
        return Elect(player=player_of(c[0]), choice=choice)

    def deals(self, c: list[Any]) -> Deals:
        by: int | None = None
        words, count = token_of(c, "PACKETS"), token_of(c, "INT")
        if words is not None:
            by = PACKET_WORDS[words.value.lower()]
        elif count is not None:
            by = number_of(count)
        pack: PackDealt | None = None
        if token_of(c, "SAME") is not None:
            pack = PackDealt.SAME
        elif token_of(c, "OTHER") is not None:
            pack = PackDealt.OTHER
        return Deals(player=player_of(c[0]), by=by, pack=pack)

    def packet(self, c: list[Any]) -> Packet:
        return Packet(player=player_of(c[0]), cards=cards_of(c[2:]))

    def holds(self, c: list[Any]) -> Holds:
        return Holds(player=player_of(c[0]), cards=cards_of(c[2:]))

    def stock(self, c: list[Any]) -> Stock:
        return Stock(cards=cards_of(c[1:]))

    def exchange_call(self, c: list[Any]) -> ExchangeCall:
        word = ExchangeWord.TAKE if c[2].type == "TAKE" else ExchangeWord.LEAVE
        return ExchangeCall(player=player_of(c[0]), word=word, count=number_of(c[3]))

    def discard(self, c: list[Any]) -> Discard:
        return Discard(player=player_of(c[0]), cards=cards_of(c[2:]))

    def take(self, c: list[Any]) -> Take:
        return Take(player=player_of(c[0]), cards=cards_of(c[2:]))

    def leave(self, c: list[Any]) -> Leave:
        return Leave(player=player_of(c[0]), cards=cards_of(c[2:]))

    def look(self, c: list[Any]) -> Look:
        at = LookAt.LEFT_CARDS
        if token_of(c, "TRICKS") is not None:
            at = LookAt.TRICKS
        elif token_of(c, "ADVERSARYS") is not None:
            at = LookAt.ADVERSARY_DISCARD
        elif token_of(c, "DISCARD") is not None:
            at = LookAt.DISCARD
        return Look(player=player_of(c[0]), at=at)

    def not_look(self, c: list[Any]) -> DoesNotLook:
        return DoesNotLook(player=player_of(c[0]))

    def count(self, c: list[Any]) -> Count:
        token: Token = c[0]
        if token.type == "NUMBER_WORD":
            return Count(COUNT_WORDS[token.value.lower()], token)
        return Count(number_of(token), token)

    def point_call(self, c: list[Any]) -> PointCall:
        length = count_of(c)
        value = token_of(c, "INT")
        return PointCall(
            player=player_of(c[0]),
            length=None if length is None else length.value,
            value=None if value is None else number_of(value),
            suit=_suit(c),
        )

    def sequence_call(self, c: list[Any]) -> SequenceCall:
        name = token_of(c, "SEQUENCE")
        assert name is not None
        top: Rank | None = None
        rank = token_of(c, "RANK_NAME")
        length = SEQUENCE_LENGTHS[name.value.lower()]
        if token_of(c, "MAJOR") is not None:
            top = Rank.ACE
        elif token_of(c, "MINOR") is not None:  # up from the seven: a quint minor to the knave
            top = _RISING[length - 1]
        elif rank is not None:
            top = RANK_WORDS[rank.value.lower()]
        return SequenceCall(
            player=player_of(c[0]),
            length=length,
            top=top,
            suit=_suit(c),
        )

    def set_call(self, c: list[Any]) -> SetCall:
        rank = _rank_plural(token_of(c, "RANKS"))
        count = count_of(c)
        if count is not None:
            n = count.value
            if n < 1:
                raise BuildError("a set of no cards: say how many of the rank", count.token)
        else:
            n = 4 if token_of(c, "QUATORZE") is not None else 3
        return SetCall(player=player_of(c[0]), count=n, rank=rank)

    def carte_blanche(self, c: list[Any]) -> CarteBlanche:
        return CarteBlanche(player=player_of(c[0]))

    def answer(self, c: list[Any]) -> Answer:
        if token_of(c, "EQUAL") is not None:
            reply = Reply.EQUAL
        else:
            reply = Reply.NOT_GOOD if token_of(c, "NOT") is not None else Reply.GOOD
        return Answer(player=player_of(c[0]), reply=reply)

    def question(self, c: list[Any]) -> Question:
        player = player_of(c[0])
        if token_of(c, "WHAT") is not None and token_of(c, "TO") is None:
            return Question(player=player, asks=Asked.VALUE)
        rank = token_of(c, "RANK_NAME")
        if rank is not None:
            return Question(
                player=player, asks=Asked.NOT_COUNTED, rank=RANK_WORDS[rank.value.lower()]
            )
        if token_of(c, "MANY") is not None:
            return Question(player=player, asks=Asked.HOW_MANY, suit=_suit(c))
        return Question(player=player, asks=Asked.HOW_HIGH)

    def number_said(self, c: list[Any]) -> NumberSaid:
        return NumberSaid(player=player_of(c[0]), value=number_of(c[2]))

    def card_named(self, c: list[Any]) -> CardNamed:
        rank = RANK_WORDS[str(token_of(c, "RANK_NAME")).lower()]
        suit = _suit(c)
        assert suit is not None
        return CardNamed(player=player_of(c[0]), card=Card.parse(rank.value + suit.value))

    def reckon(self, c: list[Any]) -> Reckon:
        return Reckon(player=player_of(c[0]), value=number_of(c[2]))

    def show(self, c: list[Any]) -> Show:
        return Show(player=player_of(c[0]), cards=cards_of(c[2:]))

    def trick(self, c: list[Any]) -> Trick:
        players = tokens_of(c, "PLAYER")
        cards = tokens_of(c, "CARD")
        return Trick(
            number=number_of(c[0]),
            leader=player_of(players[0]),
            lead=card_of(cards[0]),
            follower=player_of(players[1]) if len(players) > 1 else None,
            follow=card_of(cards[1]) if len(cards) > 1 else None,
        )

    def lead(self, c: list[Any]) -> Lead:
        first, *more = cards_of(c[2:])
        return Lead(player=player_of(c[0]), card=first, more=tuple(more))

    def play(self, c: list[Any]) -> Play:
        first, *more = cards_of(c[2:])
        return Play(player=player_of(c[0]), card=first, more=tuple(more))

    def score(self, c: list[Any]) -> Score:
        by = token_of(c, "BY")
        sheet = c[-1] if by is not None else None
        return Score(
            tallies=_tallies([t for t in c if t is not sheet]),
            corrected=token_of(c, "CORRECTED") is not None,
            by=None if sheet is None else player_of(sheet),
        )

    def result(self, c: list[Any]) -> Result:
        return Result(tallies=_tallies(c))

    def partie_score(self, c: list[Any]) -> PartieScore:
        return PartieScore(tallies=_tallies(c))

    def settlement(self, c: list[Any]) -> Settlement:
        return Settlement(
            player=player_of(c[0]),
            points=number_of(c[2]),
            rubicon=token_of(c, "RUBICON") is not None,
        )


def build(tree: Tree[Token]) -> Any:
    """The model of one parsed line (an event, or a ``Deal`` or ``Partie`` heading with
    nothing under it yet)."""
    return Builder().transform(tree)
