"""Builds the record model inside the parse: one callback per grammar rule.

Lark's LALR parser calls these as it reduces each rule (an inline transformer), so no parse
tree is ever built. Each callback receives the rule's children: the tokens it kept and the
values of its sub-rules. The first child of every line is a token whose position (and, from
the line lexer, comments: see :class:`~adjudicator.notation.ecarte.lexer.LineTok`) become the
event's own.
"""

from __future__ import annotations

import re
from typing import TypeVar, cast, final

from adjudicator.notation.cards import PACK, Card, Player, Suit
from adjudicator.notation.ecarte.lexer import CARD_CODES, SUIT_CODES, LineTok, Terminal
from adjudicator.notation.ecarte.model import (
    RULE_CONFLICTS,
    RULE_PROFILES,
    Abandon,
    Accept,
    AdviceWord,
    Advise,
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
    Double,
    DoubleAnswer,
    ElectPlay,
    Event,
    Faced,
    Holds,
    Lead,
    Look,
    Mark,
    MarkReason,
    Node,
    OfferPoint,
    Order,
    Packet,
    PackFault,
    PackFaultKind,
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
    Tag,
    TakeUp,
    Trick,
    Turn,
    Unmark,
)
from adjudicator.notation.numbers import MAX_DIGITS, is_number, number

_N = TypeVar("_N", bound=Node)

# Every spelling of a card (and ``??``) to the card, or to None for an unknown card.
_CARD: dict[str, Card | None] = {s: Card.parse(code) for s, code in CARD_CODES.items()}
_CARD["??"] = None
_SUIT: dict[str, Suit] = {s: Suit(c) for s, c in SUIT_CODES.items()}
_PLAYER: dict[str, Player] = {p: Player(p.upper()) for p in "abcABC"}
_REASON = {r.value: r for r in MarkReason}
# Each word of advice (lower case), as the model types it.
_ADVICE: dict[str, AdviceWord] = {
    "play": "play",
    "propose": "propose",
    "accept": "accept",
    "refuse": "refuse",
}
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


class _Templates(dict[type[Node], tuple[dict[str, object], set[str]]]):
    """Each model class's fields with their defaults, and the set of its field names."""

    def __missing__(self, cls: type[Node]) -> tuple[dict[str, object], set[str]]:
        template = {
            name: (None if info.is_required() else info.default)
            for name, info in cls.model_fields.items()
        }
        entry = self[cls] = (template, set(template))
        return entry


_TEMPLATE = _Templates()


def _build(cls: type[_N], values: dict[str, object]) -> _N:
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


def _make(cls: type[_N], tok: Terminal, **fields: object) -> _N:
    """A model of ``cls`` for the line that begins with ``tok``."""
    values = {**_TEMPLATE[cls][0], "line": tok.line, "column": tok.column, **fields}
    if type(tok) is LineTok:
        values["comments"] = tok.comments
        values["comments_before"] = tok.before
        values["comments_continued"] = tok.continued
        values["comments_after"] = tok.after
    return _build(cls, values)


def _cards(token: Terminal) -> tuple[Card | None, ...]:
    """The cards of a CARD or CARD_RUN token (a run may hold brace comments when Lark's own
    lexer made it)."""
    value: str = token.value
    if "{" in value:
        value = _BRACES.sub(" ", value)
    return tuple(map(_CARD.__getitem__, value.split()))


_BRACES = re.compile(r"\{[^}]*\}")


def _unknown(count: Terminal) -> tuple[None, ...]:
    """``n`` unknown cards, for a count written in place of cards (``B: 3``)."""
    n = _number(count)
    if n > PACK:
        raise BuildError(f"{n} cards: the pack has only {PACK}", count)
    return (None,) * n


def _repeated(c: list[Terminal]) -> Terminal:
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


@final
class DealHead:
    """The value of a deal line: the deal itself is made once the lines after it are known."""

    __slots__ = ("at", "dealer", "number", "pack")

    def __init__(self, at: Terminal, number: int, dealer: Player, pack: Player | None) -> None:
        self.at = at
        """The line's first token (the deal's position and comments)."""
        self.number = number
        """The deal's number as written."""
        self.dealer = dealer
        """Who dealt."""
        self.pack = pack
        """Whose pack he dealt with, if the line says."""


BodyLine = Event | DealHead
"""The value of a line of a record's body (every line but its tags): an event, or a deal line."""


def _deal(head: DealHead, events: list[Event]) -> Deal:
    """The deal that ``head`` begins, with the events written after it."""
    return _make(
        Deal,
        head.at,
        number=head.number,
        dealer=head.dealer,
        pack=head.pack,
        events=tuple(events),
    )


class BuildError(Exception):
    """A line the grammar accepts but that cannot be a fact (a player scored twice on one
    line). Carries the token to point at; the reader turns it into a NotationError."""

    def __init__(self, message: str, token: Terminal) -> None:
        super().__init__(message)
        self.token = token


def _number(token: Terminal, text: str | None = None) -> int:
    """The number ``token`` (or the part ``text`` of it) stands for; a :class:`BuildError` at the
    token if it is not a number of the notation (:mod:`adjudicator.notation.numbers`)."""
    try:
        return number(token.value if text is None else text)
    except ValueError as e:
        raise BuildError(str(e), token) from None


def _odd(text: str) -> bool:
    """Whether ``text`` is an odd number of the notation (a rubber's count of games)."""
    return is_number(text) and number(text) % 2 == 1


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

    def lines(self, c: list[BodyLine | list[BodyLine]]) -> list[BodyLine]:
        # ``[line]``, or ``[lines so far, line]``: told apart by their length, which the types
        # cannot express
        if len(c) == 1:
            return cast("list[BodyLine]", c)
        lines, line = cast("tuple[list[BodyLine], BodyLine]", c)
        lines.append(line)
        return lines

    def record(self, c: list[Terminal | Tag | list[BodyLine]]) -> Record:
        opening: list[Event] = []
        deals: list[Deal] = []
        head: DealHead | None = None
        events: list[Event] = opening
        last = c[-1] if c else None
        lines = last if type(last) is list else []
        tags = [x for x in c if type(x) is Tag]  # (Lark's own lexer may put an NL first)
        for x in lines:
            if type(x) is DealHead:  # a deal line: the events after it are the deal's
                if head is not None:
                    deals.append(_deal(head, events))
                head = x
                events = []
            else:
                events.append(x)
        if head is not None:
            deals.append(_deal(head, events))
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

    def tag(self, c: list[Terminal]) -> Tag:
        value = unescape(c[2].value)
        if c[1].value.lower() == "rules" and value.strip():  # (blank: the club code)
            for part in value.split("+"):
                if part.strip().lower() not in RULE_PROFILES:
                    raise BuildError(
                        f"the Rules tag names no rule profile: {part.strip()!r} (the profiles: "
                        f"{', '.join(RULE_PROFILES)}, joined with '+')",
                        c[2],
                    )
            named = {part.strip().lower() for part in value.split("+")}
            for conflict in RULE_CONFLICTS:
                if conflict <= named:
                    raise BuildError(
                        "the Rules tag joins rule profiles that cannot be combined: "
                        f"{' and '.join(sorted(conflict))}",
                        c[2],
                    )
        counted = c[1].value.lower()
        if counted in ("pool", "rubber") and value.strip():
            n = value.strip()
            ok = n in ("2", "3") if counted == "pool" else _odd(n)
            if not ok:
                wanted = "2 or 3 (games running)" if counted == "pool" else "an odd number"
                raise BuildError(f"the {c[1].value} tag must be {wanted}, not {n!r}", c[2])
        if counted == "game" and value.strip():
            n = value.strip()
            if not is_number(n) or number(n) == 0:
                raise BuildError(
                    f"the Game tag must be the points that win a game, a whole number from 1 "
                    f"(at most {MAX_DIGITS} digits 0-9), not {n!r}",
                    c[2],
                )
        return _make(Tag, c[0], name=c[1].value, value=value)

    def deal_line(self, c: list[Terminal]) -> DealHead:
        pack = _PLAYER[c[4].value] if len(c) > 4 else None
        return DealHead(c[0], _number(c[1]), _PLAYER[c[2].value], pack)

    # --- shuffling and cutting ---------------------------------------------------------

    def cut_for_deal(self, c: list[Terminal]) -> CutForDeal:
        cuts = {_PLAYER[c[i].value]: _cards(c[i + 1]) for i in range(1, len(c) - 1, 2)}
        if len(cuts) < (len(c) - 2) // 2:
            raise BuildError("a player's cut is written twice on one line", _repeated(c))
        return _make(CutForDeal, c[0], cuts=cuts)

    def shuffle(self, c: list[Terminal]) -> Shuffle:
        types = {t.type for t in c[2:]}
        return _make(
            Shuffle,
            c[0],
            player=_PLAYER[c[1].value],
            exposed="EXPOSED" in types,
            below_table="BELOW" in types,
        )

    def cut(self, c: list[Terminal]) -> Cut:
        return _make(
            Cut,
            c[0],
            player=_PLAYER[c[1].value],
            count=_number(c[2]),
            exposed=_cards(c[4]) if len(c) > 5 else (),
        )

    # --- dealing -----------------------------------------------------------------------

    def order(self, c: list[Terminal]) -> Order:
        first, second = c[1].value.split("-")
        return _make(Order, c[0], first=_number(c[1], first), second=_number(c[1], second))

    def packet(self, c: list[Terminal]) -> Packet:
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

    def turn(self, c: list[Terminal]) -> Turn:
        return _make(Turn, c[0], cards=_cards(c[1]), in_error=len(c) > 3)

    def faced(self, c: list[Terminal]) -> Faced:
        return _make(Faced, c[0], card=_CARD[c[1].value])

    def take_up(self, c: list[Terminal]) -> TakeUp:
        return _make(TakeUp, c[0], player=_PLAYER[c[0].value])

    # --- the king, proposing, discarding -------------------------------------------------

    def mark(self, c: list[Terminal]) -> Mark:
        points = None
        reason = None
        for t in c[2:-1]:
            if t.type == "INT":
                points = _number(t)
            else:
                reason = _REASON[t.value.lower()]
        return _make(Mark, c[0], player=_PLAYER[c[0].value], points=points, reason=reason)

    def unmark(self, c: list[Terminal]) -> Unmark:
        return _make(Unmark, c[0], player=_PLAYER[c[0].value], points=_number(c[2]))

    def announce(self, c: list[Terminal]) -> Announce:
        return _make(Announce, c[0], player=_PLAYER[c[0].value])

    def propose(self, c: list[Terminal]) -> Propose:
        return _make(Propose, c[0], player=_PLAYER[c[0].value])

    def accept(self, c: list[Terminal]) -> Accept:
        return _make(Accept, c[0], player=_PLAYER[c[0].value], if_stock=len(c) > 3)

    def refuse(self, c: list[Terminal]) -> Refuse:
        return _make(Refuse, c[0], player=_PLAYER[c[0].value])

    def declare_play(self, c: list[Terminal]) -> DeclarePlay:
        return _make(DeclarePlay, c[0], player=_PLAYER[c[0].value])

    def discard(self, c: list[Terminal]) -> Discard:
        if c[2].type == "INT":
            cards: tuple[Card | None, ...] = _unknown(c[2])
        else:
            cards = _cards(c[2])
        return _make(Discard, c[0], player=_PLAYER[c[0].value], cards=cards)

    def ask(self, c: list[Terminal]) -> Ask:
        return _make(Ask, c[0], player=_PLAYER[c[0].value], count=_number(c[2]))

    def look(self, c: list[Terminal]) -> Look:
        at = "discard" if c[3].type == "DISCARD" else "stock"
        return _make(Look, c[0], player=_PLAYER[c[0].value], at=at)

    def holds(self, c: list[Terminal]) -> Holds:
        cards = _cards(c[2]) if len(c) > 3 else ()
        return _make(Holds, c[0], player=_PLAYER[c[0].value], cards=cards)

    # --- playing -------------------------------------------------------------------------

    def trick(self, c: list[Terminal]) -> Trick:
        number = _number(c[0], c[0].value[:-1])
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

    def lead(self, c: list[Terminal]) -> Lead:
        names = _SUIT[c[4].value] if len(c) > 4 else None
        return _make(Lead, c[0], player=_PLAYER[c[0].value], card=_CARD[c[2].value], names=names)

    def play(self, c: list[Terminal]) -> Play:
        return _make(Play, c[0], player=_PLAYER[c[0].value], card=_CARD[c[2].value])

    def retract(self, c: list[Terminal]) -> Retract:
        return _make(Retract, c[0], player=_PLAYER[c[0].value], card=_CARD[c[2].value])

    def abandon(self, c: list[Terminal]) -> Abandon:
        return _make(Abandon, c[0], player=_PLAYER[c[0].value])

    def show(self, c: list[Terminal]) -> Show:
        return _make(Show, c[0], player=_PLAYER[c[0].value])

    # --- packs and scores ----------------------------------------------------------------

    def call_new_cards(self, c: list[Terminal]) -> CallNewCards:
        return _make(CallNewCards, c[0], player=_PLAYER[c[0].value])

    def pack_fault(self, c: list[Terminal]) -> PackFault:
        return _make(PackFault, c[0], fault=PackFaultKind(c[1].value.lower()))

    def score(self, c: list[Terminal]) -> Score:
        points = {_PLAYER[c[i].value]: _number(c[i + 1]) for i in range(1, len(c) - 1, 2)}
        if len(points) < (len(c) - 2) // 2:
            raise BuildError("a player's score is written twice on one line", _repeated(c))
        return _make(Score, c[0], points=points)

    # --- claims and elections --------------------------------------------------------------

    def claim(self, c: list[Terminal]) -> Claim:
        what = _CLAIM[c[2].type]
        card = _CARD[c[3].value] if what is ClaimKind.TRUMP else None
        suit = _SUIT[c[3].value] if what is ClaimKind.SUIT else None
        return _make(Claim, c[0], player=_PLAYER[c[0].value], claim=what, card=card, suit=suit)

    def permit(self, c: list[Terminal]) -> PermitComplete:
        return _make(PermitComplete, c[0], player=_PLAYER[c[0].value])

    def elect(self, c: list[Terminal]) -> ElectPlay:
        return _make(ElectPlay, c[0], player=_PLAYER[c[0].value])

    # --- the rule profiles' lines ----------------------------------------------------------

    def sit_out(self, c: list[Terminal]) -> SitOut:
        return _make(SitOut, c[0], player=_PLAYER[c[0].value])

    def advise(self, c: list[Terminal]) -> Advise:
        what = c[4]
        if what.type == "ADVICE":
            return _make(
                Advise,
                c[0],
                player=_PLAYER[c[0].value],
                advised=_PLAYER[c[2].value],
                action=_ADVICE[what.value.lower()],
            )
        return _make(
            Advise,
            c[0],
            player=_PLAYER[c[0].value],
            advised=_PLAYER[c[2].value],
            cards=_cards(what),
        )

    def double(self, c: list[Terminal]) -> Double:
        return _make(Double, c[0], player=_PLAYER[c[0].value])

    def double_answer(self, c: list[Terminal]) -> DoubleAnswer:
        return _make(
            DoubleAnswer, c[0], player=_PLAYER[c[0].value], accepted=c[1].type == "ACCEPTS"
        )

    def offer_point(self, c: list[Terminal]) -> OfferPoint:
        return _make(OfferPoint, c[0], player=_PLAYER[c[0].value])

    def point_answer(self, c: list[Terminal]) -> PointAnswer:
        return _make(PointAnswer, c[0], player=_PLAYER[c[0].value], accepted=c[1].type == "ACCEPTS")
