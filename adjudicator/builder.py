"""Builds the record model inside the parse: one callback per grammar rule.

Lark's LALR parser calls these as it reduces each rule (an inline transformer), so no parse
tree is ever built. Each callback receives the rule's children: the tokens it kept and the
values of its sub-rules. The first child of every line is a token whose position (and, from
the line lexer, comments) become the event's own.
"""

from __future__ import annotations

from typing import Any

from lark import Transformer

from .cards import Card, Player, Suit
from .lexer import CARD_CODES, SUIT_CODES
from .model import (
    Abandon,
    Accept,
    Announce,
    Ask,
    CallNewCards,
    Claim,
    ClaimKind,
    Cut,
    CutForDeal,
    Deal,
    DeclarePlay,
    Discard,
    ElectPlay,
    Faced,
    Holds,
    Lead,
    Mark,
    MarkReason,
    Order,
    PackFault,
    PackFaultKind,
    Packet,
    PermitComplete,
    Play,
    Propose,
    Record,
    Refuse,
    Retract,
    Score,
    Show,
    Shuffle,
    Tag,
    TakeUp,
    Trick,
    Turn,
    Unmark,
)

# Every spelling of a card (and ``??``) to the card, or to None for an unknown card.
_CARD: dict[str, Card | None] = {s: Card.parse(code) for s, code in CARD_CODES.items()}
_CARD["??"] = None
_SUIT: dict[str, Suit] = {s: Suit(c) for s, c in SUIT_CODES.items()}
_PLAYER: dict[str, Player] = {p: Player(p.upper()) for p in "abcABC"}
_REASON = {r.value: r for r in MarkReason}
_CLAIM = {
    "NEW": ClaimKind.NEW_DEAL,
    "RECTIFY": ClaimKind.RECTIFY,
    "TRUMP": ClaimKind.TRUMP,
    "REPLAY": ClaimKind.REPLAY,
    "SUIT_KW": ClaimKind.SUIT,
    "COMPLETE": ClaimKind.COMPLETE,
    "DRAW": ClaimKind.DRAW,
    "TAKE": ClaimKind.TAKE,
    "REFUSE": ClaimKind.REFUSE,
}


def _at(tok: Any) -> dict[str, Any]:
    """Position and comments of a line, from its first token."""
    comments = getattr(tok, "comments", ())
    before = getattr(tok, "before", ())
    if comments or before:
        return {
            "line": tok.line,
            "column": tok.column,
            "comments": comments,
            "comments_before": before,
        }
    return {"line": tok.line, "column": tok.column}


def _cards(tokens: list[Any]) -> tuple[Card | None, ...]:
    card = _CARD
    return tuple([card[t.value] for t in tokens])


def unescape(string: str) -> str:
    """The value of a quoted tag string: quotes removed, ``\\"`` and ``\\\\`` unescaped."""
    body = string[1:-1]
    if "\\" not in body:
        return body
    out = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            i += 1
            ch = body[i]
        out.append(ch)
        i += 1
    return "".join(out)


class BuildError(Exception):
    """A line the grammar accepts but that cannot be a fact (a player scored twice on one
    line). Carries the token to point at; the reader turns it into a NotationError."""

    def __init__(self, message: str, token: Any) -> None:
        super().__init__(message)
        self.token = token


class Builder(Transformer[Any, Record]):
    """The inline transformer: one method per rule of ``grammar/ecarte.lark``.

    The reader sets :attr:`line` and :attr:`comments_after` before it parses each record.
    """

    line = 0
    """Line where the record being parsed begins."""
    comments_after: tuple[str, ...] = ()
    """Comments standing alone after the record's last line."""

    # --- structure ---------------------------------------------------------------------

    def record(self, c: list[Any]) -> Record:
        tags = []
        deals = []
        opening: tuple[Any, ...] = ()
        for x in c:
            if type(x) is Tag:
                tags.append(x)
            elif type(x) is Deal:
                deals.append(x)
            else:
                opening = x
        return Record(
            line=self.line,
            tags=tuple(tags),
            opening=opening,
            deals=tuple(deals),
            comments_after=self.comments_after,
        )

    def opening(self, c: list[Any]) -> tuple[Any, ...]:
        return tuple(c)

    def tag(self, c: list[Any]) -> Tag:
        return Tag(**_at(c[0]), name=c[1].value, value=unescape(c[2].value))

    def deal(self, c: list[Any]) -> Deal:
        return Deal(**c[0], events=tuple(c[1:]))

    def deal_line(self, c: list[Any]) -> dict[str, Any]:
        pack = _PLAYER[c[4].value] if len(c) > 3 else None
        return {
            **_at(c[0]),
            "number": int(c[1].value),
            "dealer": _PLAYER[c[2].value],
            "pack": pack,
        }

    # --- shuffling and cutting ---------------------------------------------------------

    def cut_for_deal(self, c: list[Any]) -> CutForDeal:
        cuts = dict(c[1:])
        if len(cuts) < len(c) - 1:
            raise BuildError("a player's cut is written twice on one line", c[0])
        return CutForDeal(**_at(c[0]), cuts=cuts)

    def cut_cards(self, c: list[Any]) -> tuple[Player, tuple[Card | None, ...]]:
        return (_PLAYER[c[0].value], _cards(c[1:]))

    def shuffle(self, c: list[Any]) -> Shuffle:
        types = {t.type for t in c[2:]}
        return Shuffle(
            **_at(c[0]),
            player=_PLAYER[c[1].value],
            exposed="EXPOSED" in types,
            below_table="BELOW" in types,
        )

    def cut(self, c: list[Any]) -> Cut:
        return Cut(
            **_at(c[0]), player=_PLAYER[c[1].value], count=int(c[2].value), exposed=_cards(c[4:])
        )

    # --- dealing -----------------------------------------------------------------------

    def order(self, c: list[Any]) -> Order:
        first, second = c[1].value.split("-")
        return Order(**_at(c[0]), first=int(first), second=int(second))

    def packet(self, c: list[Any]) -> Packet:
        rest = c[2:]
        if rest[0].type == "INT":
            return Packet(
                **_at(c[0]), player=_PLAYER[c[0].value], cards=(None,) * int(rest[0].value)
            )
        exposed = tuple(i for i, t in enumerate(rest) if t.type == "EXPOSED_CARD")
        if exposed:
            cards = tuple(_CARD[t.value.lstrip("*")] for t in rest)
            return Packet(**_at(c[0]), player=_PLAYER[c[0].value], cards=cards, exposed=exposed)
        return Packet(**_at(c[0]), player=_PLAYER[c[0].value], cards=_cards(rest))

    def turn(self, c: list[Any]) -> Turn:
        return Turn(**_at(c[0]), cards=_cards(c[1:]))

    def faced(self, c: list[Any]) -> Faced:
        return Faced(**_at(c[0]), card=_CARD[c[1].value])

    def take_up(self, c: list[Any]) -> TakeUp:
        return TakeUp(**_at(c[0]), player=_PLAYER[c[0].value])

    # --- the king, proposing, discarding -------------------------------------------------

    def mark(self, c: list[Any]) -> Mark:
        points = None
        reason = None
        for t in c[2:]:
            if t.type == "INT":
                points = int(t.value)
            else:
                reason = _REASON[t.value.lower()]
        return Mark(**_at(c[0]), player=_PLAYER[c[0].value], points=points, reason=reason)

    def unmark(self, c: list[Any]) -> Unmark:
        return Unmark(**_at(c[0]), player=_PLAYER[c[0].value], points=int(c[2].value))

    def announce(self, c: list[Any]) -> Announce:
        return Announce(**_at(c[0]), player=_PLAYER[c[0].value])

    def propose(self, c: list[Any]) -> Propose:
        return Propose(**_at(c[0]), player=_PLAYER[c[0].value])

    def accept(self, c: list[Any]) -> Accept:
        return Accept(**_at(c[0]), player=_PLAYER[c[0].value], if_stock=len(c) > 2)

    def refuse(self, c: list[Any]) -> Refuse:
        return Refuse(**_at(c[0]), player=_PLAYER[c[0].value])

    def declare_play(self, c: list[Any]) -> DeclarePlay:
        return DeclarePlay(**_at(c[0]), player=_PLAYER[c[0].value])

    def discard(self, c: list[Any]) -> Discard:
        rest = c[2:]
        if rest and rest[0].type == "INT":
            cards: tuple[Card | None, ...] = (None,) * int(rest[0].value)
        else:
            cards = _cards(rest)
        return Discard(**_at(c[0]), player=_PLAYER[c[0].value], cards=cards)

    def ask(self, c: list[Any]) -> Ask:
        return Ask(**_at(c[0]), player=_PLAYER[c[0].value], count=int(c[2].value))

    def holds(self, c: list[Any]) -> Holds:
        return Holds(**_at(c[0]), player=_PLAYER[c[0].value], cards=_cards(c[2:]))

    # --- playing -------------------------------------------------------------------------

    def trick(self, c: list[Any]) -> Trick:
        number = int(c[0].value[:-1])
        names = None
        rest = c[3:]
        if rest and rest[0].type == "NAMES":
            names = _SUIT[rest[1].value]
            rest = rest[2:]
        if rest:
            return Trick(
                **_at(c[0]),
                number=number,
                leader=_PLAYER[c[1].value],
                lead=_CARD[c[2].value],
                names=names,
                follower=_PLAYER[rest[0].value],
                follow=_CARD[rest[1].value],
            )
        return Trick(
            **_at(c[0]), number=number, leader=_PLAYER[c[1].value], lead=_CARD[c[2].value],
            names=names,
        )

    def lead(self, c: list[Any]) -> Lead:
        names = _SUIT[c[4].value] if len(c) > 3 else None
        return Lead(**_at(c[0]), player=_PLAYER[c[0].value], card=_CARD[c[2].value], names=names)

    def play(self, c: list[Any]) -> Play:
        return Play(**_at(c[0]), player=_PLAYER[c[0].value], card=_CARD[c[2].value])

    def retract(self, c: list[Any]) -> Retract:
        return Retract(**_at(c[0]), player=_PLAYER[c[0].value], card=_CARD[c[2].value])

    def abandon(self, c: list[Any]) -> Abandon:
        return Abandon(**_at(c[0]), player=_PLAYER[c[0].value])

    def show(self, c: list[Any]) -> Show:
        return Show(**_at(c[0]), player=_PLAYER[c[0].value])

    # --- packs and scores ----------------------------------------------------------------

    def call_new_cards(self, c: list[Any]) -> CallNewCards:
        return CallNewCards(**_at(c[0]), player=_PLAYER[c[0].value])

    def pack_fault(self, c: list[Any]) -> PackFault:
        return PackFault(**_at(c[0]), fault=PackFaultKind(c[1].value.lower()))

    def score(self, c: list[Any]) -> Score:
        points = {_PLAYER[c[i].value]: int(c[i + 1].value) for i in range(1, len(c), 2)}
        if len(points) < len(c) // 2:
            raise BuildError("a player's score is written twice on one line", c[0])
        return Score(**_at(c[0]), points=points)

    # --- claims and elections --------------------------------------------------------------

    def claim(self, c: list[Any]) -> Claim:
        what = _CLAIM[c[2].type]
        card = _CARD[c[3].value] if what is ClaimKind.TRUMP else None
        suit = _SUIT[c[3].value] if what is ClaimKind.SUIT else None
        return Claim(**_at(c[0]), player=_PLAYER[c[0].value], claim=what, card=card, suit=suit)

    def permit(self, c: list[Any]) -> PermitComplete:
        return PermitComplete(**_at(c[0]), player=_PLAYER[c[0].value])

    def elect(self, c: list[Any]) -> ElectPlay:
        return ElectPlay(**_at(c[0]), player=_PLAYER[c[0].value])
