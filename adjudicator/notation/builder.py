"""Builds the record model inside the parse: one callback per grammar rule.

Lark's LALR parser calls these as it reduces each rule (an inline transformer), so no parse
tree is ever built. Each callback receives the rule's children: the tokens it kept and the
values of its sub-rules. The first child of every line is a token whose position (and, from
the line lexer, comments) become the event's own.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from adjudicator.notation.cards import PACK, Card, Player, Suit
from adjudicator.notation.lexer import CARD_CODES, SUIT_CODES
from adjudicator.notation.model import (
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
    Node,
    Order,
    Packet,
    PackFault,
    PackFaultKind,
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

_N = TypeVar("_N", bound=Node)

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


_new = object.__new__
_set = object.__setattr__


class _Templates(dict[type[Any], tuple[dict[str, Any], set[str]]]):
    """Each model class's fields with their defaults, and the set of its field names."""

    def __missing__(self, cls: type[Any]) -> tuple[dict[str, Any], set[str]]:
        template = {
            name: (None if info.is_required() else info.default)
            for name, info in cls.model_fields.items()
        }
        entry = self[cls] = (template, set(template))
        return entry


_TEMPLATE = _Templates()


def _build(cls: type[_N], values: dict[str, Any]) -> _N:
    """A model of ``cls`` with ``values`` (every field, in order), built without validation.

    The grammar has already checked every value's form and the builder made each value of its
    field's type, so validating again would only repeat the work; the test suite checks that
    every model the reader builds validates to itself.
    """
    model = _new(cls)
    _set(model, "__dict__", values)
    _set(model, "__pydantic_fields_set__", _TEMPLATE[cls][1])
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model


def moved(model: _N, line: int) -> _N:
    """A copy of ``model`` (built by :func:`_build`) standing on another line."""
    values = model.__dict__.copy()
    values["line"] = line
    return _build(type(model), values)


def _make(cls: type[_N], tok: Any, **fields: Any) -> _N:
    """A model of ``cls`` for the line that begins with ``tok``."""
    values = {**_TEMPLATE[cls][0], "line": tok.line, "column": tok.column, **fields}
    comments = getattr(tok, "comments", ())
    before = getattr(tok, "before", ())
    if comments or before:
        values["comments"] = comments
        values["comments_before"] = before
    return _build(cls, values)


def _cards(token: Any) -> tuple[Card | None, ...]:
    """The cards of a CARD or CARD_RUN token (a run may hold brace comments when Lark's own
    lexer made it)."""
    value: str = token.value
    if "{" in value:
        value = _BRACES.sub(" ", value)
    return tuple(map(_CARD.__getitem__, value.split()))


_BRACES = re.compile(r"\{[^}]*\}")


def _unknown(count: Any) -> tuple[None, ...]:
    """``n`` unknown cards, for a count written in place of cards (``B: 3``)."""
    n = int(count.value)
    if n > PACK:
        raise BuildError(f"{n} cards: the pack has only {PACK}", count)
    return (None,) * n


def _repeated(c: list[Any]) -> Any:
    """The second mention of a player on a line of player-value pairs."""
    seen = set()
    for i in range(1, len(c) - 1, 2):
        player = c[i].value.upper()
        if player in seen:
            return c[i]
        seen.add(player)
    return c[0]


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


class Builder:
    """The inline transformer: one method per rule of ``grammar/ecarte.lark``.

    (A plain class rather than a ``lark.Transformer``: Lark then builds its helper rules'
    values without a detour through ``Transformer.__default__``.)

    The reader sets :attr:`line` and :attr:`comments_after` before it parses each record.
    """

    line = 0
    """Line where the record being parsed begins."""
    comments_after: tuple[str, ...] = ()
    """Comments standing alone after the record's last line."""

    # --- structure ---------------------------------------------------------------------

    def lines(self, c: list[Any]) -> list[Any]:
        if len(c) == 1:
            return c
        lines: list[Any] = c[0]
        lines.append(c[1])
        return lines

    def record(self, c: list[Any]) -> Record:
        tags: list[Tag] = []
        opening: list[Any] = []
        deals: list[Deal] = []
        head: dict[str, Any] | None = None
        events: list[Any] = opening
        lines: list[Any] = c.pop() if c and type(c[-1]) is list else []
        tags = [x for x in c if type(x) is Tag]  # (Lark's own lexer may put an NL first)
        for x in lines:
            if type(x) is dict:  # a deal line: the events after it are the deal's
                if head is not None:
                    deals.append(_make(Deal, head.pop("at"), **head, events=tuple(events)))
                head = x
                events = []
            else:
                events.append(x)
        if head is not None:
            deals.append(_make(Deal, head.pop("at"), **head, events=tuple(events)))
        return _build(
            Record,
            {
                "line": self.line,
                "tags": tuple(tags),
                "opening": tuple(opening),
                "deals": tuple(deals),
                "comments_after": self.comments_after,
            },
        )

    def tag(self, c: list[Any]) -> Tag:
        return _make(Tag, c[0], name=c[1].value, value=unescape(c[2].value))

    def deal_line(self, c: list[Any]) -> dict[str, Any]:
        pack = _PLAYER[c[4].value] if len(c) > 4 else None
        return {
            "at": c[0],
            "number": int(c[1].value),
            "dealer": _PLAYER[c[2].value],
            "pack": pack,
        }

    # --- shuffling and cutting ---------------------------------------------------------

    def cut_for_deal(self, c: list[Any]) -> CutForDeal:
        cuts = {_PLAYER[c[i].value]: _cards(c[i + 1]) for i in range(1, len(c) - 1, 2)}
        if len(cuts) < (len(c) - 2) // 2:
            raise BuildError("a player's cut is written twice on one line", _repeated(c))
        return _make(CutForDeal, c[0], cuts=cuts)

    def shuffle(self, c: list[Any]) -> Shuffle:
        types = {t.type for t in c[2:]}
        return _make(
            Shuffle,
            c[0],
            player=_PLAYER[c[1].value],
            exposed="EXPOSED" in types,
            below_table="BELOW" in types,
        )

    def cut(self, c: list[Any]) -> Cut:
        return _make(
            Cut,
            c[0],
            player=_PLAYER[c[1].value],
            count=int(c[2].value),
            exposed=_cards(c[4]) if len(c) > 5 else (),
        )

    # --- dealing -----------------------------------------------------------------------

    def order(self, c: list[Any]) -> Order:
        first, second = c[1].value.split("-")
        return _make(Order, c[0], first=int(first), second=int(second))

    def packet(self, c: list[Any]) -> Packet:
        cards = c[2]
        kind = cards.type
        if kind == "INT":
            return _make(Packet, c[0], player=_PLAYER[c[0].value], cards=_unknown(cards))
        if kind == "EXPOSED_CARD" or kind == "DEALT_RUN":
            value = _BRACES.sub(" ", cards.value) if "{" in cards.value else cards.value
            words = value.split()
            return _make(
                Packet,
                c[0],
                player=_PLAYER[c[0].value],
                cards=tuple(_CARD[w.lstrip("*")] for w in words),
                exposed=tuple(i for i, w in enumerate(words) if w[0] == "*"),
            )
        return _make(Packet, c[0], player=_PLAYER[c[0].value], cards=_cards(cards))

    def turn(self, c: list[Any]) -> Turn:
        return _make(Turn, c[0], cards=_cards(c[1]))

    def faced(self, c: list[Any]) -> Faced:
        return _make(Faced, c[0], card=_CARD[c[1].value])

    def take_up(self, c: list[Any]) -> TakeUp:
        return _make(TakeUp, c[0], player=_PLAYER[c[0].value])

    # --- the king, proposing, discarding -------------------------------------------------

    def mark(self, c: list[Any]) -> Mark:
        points = None
        reason = None
        for t in c[2:-1]:
            if t.type == "INT":
                points = int(t.value)
            else:
                reason = _REASON[t.value.lower()]
        return _make(Mark, c[0], player=_PLAYER[c[0].value], points=points, reason=reason)

    def unmark(self, c: list[Any]) -> Unmark:
        return _make(Unmark, c[0], player=_PLAYER[c[0].value], points=int(c[2].value))

    def announce(self, c: list[Any]) -> Announce:
        return _make(Announce, c[0], player=_PLAYER[c[0].value])

    def propose(self, c: list[Any]) -> Propose:
        return _make(Propose, c[0], player=_PLAYER[c[0].value])

    def accept(self, c: list[Any]) -> Accept:
        return _make(Accept, c[0], player=_PLAYER[c[0].value], if_stock=len(c) > 3)

    def refuse(self, c: list[Any]) -> Refuse:
        return _make(Refuse, c[0], player=_PLAYER[c[0].value])

    def declare_play(self, c: list[Any]) -> DeclarePlay:
        return _make(DeclarePlay, c[0], player=_PLAYER[c[0].value])

    def discard(self, c: list[Any]) -> Discard:
        if c[2].type == "INT":
            cards: tuple[Card | None, ...] = _unknown(c[2])
        else:
            cards = _cards(c[2])
        return _make(Discard, c[0], player=_PLAYER[c[0].value], cards=cards)

    def ask(self, c: list[Any]) -> Ask:
        return _make(Ask, c[0], player=_PLAYER[c[0].value], count=int(c[2].value))

    def holds(self, c: list[Any]) -> Holds:
        cards = _cards(c[2]) if len(c) > 3 else ()
        return _make(Holds, c[0], player=_PLAYER[c[0].value], cards=cards)

    # --- playing -------------------------------------------------------------------------

    def trick(self, c: list[Any]) -> Trick:
        number = int(c[0].value[:-1])
        names = None
        rest = c[3:-1]
        if rest and rest[0].type == "NAMES":
            names = _SUIT[rest[1].value]
            rest = rest[2:]
        if rest:
            return _make(
                Trick,
                c[0],
                number=number,
                leader=_PLAYER[c[1].value],
                lead=_CARD[c[2].value],
                names=names,
                follower=_PLAYER[rest[0].value],
                follow=_CARD[rest[1].value],
            )
        return _make(
            Trick,
            c[0],
            number=number,
            leader=_PLAYER[c[1].value],
            lead=_CARD[c[2].value],
            names=names,
        )

    def lead(self, c: list[Any]) -> Lead:
        names = _SUIT[c[4].value] if len(c) > 4 else None
        return _make(Lead, c[0], player=_PLAYER[c[0].value], card=_CARD[c[2].value], names=names)

    def play(self, c: list[Any]) -> Play:
        return _make(Play, c[0], player=_PLAYER[c[0].value], card=_CARD[c[2].value])

    def retract(self, c: list[Any]) -> Retract:
        return _make(Retract, c[0], player=_PLAYER[c[0].value], card=_CARD[c[2].value])

    def abandon(self, c: list[Any]) -> Abandon:
        return _make(Abandon, c[0], player=_PLAYER[c[0].value])

    def show(self, c: list[Any]) -> Show:
        return _make(Show, c[0], player=_PLAYER[c[0].value])

    # --- packs and scores ----------------------------------------------------------------

    def call_new_cards(self, c: list[Any]) -> CallNewCards:
        return _make(CallNewCards, c[0], player=_PLAYER[c[0].value])

    def pack_fault(self, c: list[Any]) -> PackFault:
        return _make(PackFault, c[0], fault=PackFaultKind(c[1].value.lower()))

    def score(self, c: list[Any]) -> Score:
        points = {_PLAYER[c[i].value]: int(c[i + 1].value) for i in range(1, len(c) - 1, 2)}
        if len(points) < (len(c) - 2) // 2:
            raise BuildError("a player's score is written twice on one line", _repeated(c))
        return _make(Score, c[0], points=points)

    # --- claims and elections --------------------------------------------------------------

    def claim(self, c: list[Any]) -> Claim:
        what = _CLAIM[c[2].type]
        card = _CARD[c[3].value] if what is ClaimKind.TRUMP else None
        suit = _SUIT[c[3].value] if what is ClaimKind.SUIT else None
        return _make(Claim, c[0], player=_PLAYER[c[0].value], claim=what, card=card, suit=suit)

    def permit(self, c: list[Any]) -> PermitComplete:
        return _make(PermitComplete, c[0], player=_PLAYER[c[0].value])

    def elect(self, c: list[Any]) -> ElectPlay:
        return _make(ElectPlay, c[0], player=_PLAYER[c[0].value])
