"""The canonical writer: a record in the one fixed spelling of the notation.

Canonical form: tags first, one a line; a blank line; the opening (the cut for deal); then each
deal after a blank line, its heading flush left and its events indented by two spaces. Cards
in upper case with ``T`` for ten and letters for suits; keywords in lower case; a count of
unknown cards written as that many ``??``.

Comments keep their place and so their meaning:

* a comment on a line stays on it, after its text, at column 31 where the line is short
  enough (two spaces after the text where it is not);
* the lines that continue it stay right below it, each comment beginning in the same column;
* comments that stood alone just before a line stay alone just before it, indented as it is;
* comments that stood alone after a line and before a blank line (a note on the end of a deal,
  say) stay after it, indented as it is, and a blank line follows them, inside a deal too.

``read(write(r)) == r`` for every record ``r`` the reader gives, and ``write`` of that is the
same text again. (A model built by hand can say what no text says: ``comments_continued`` on a
line without comments, ``comments_after`` on a record's last line. Such comments are written
where they stand, and read back as comments standing alone.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from adjudicator.notation.cards import Card
from adjudicator.notation.ecarte.model import (
    Abandon,
    Accept,
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

COMMENT_COLUMN = 31
"""Column where comments after a line's text begin, when the text is short enough."""

INDENT = "  "
"""Indentation of a deal's events."""


def write(record: Record) -> str:
    """The record in canonical form, ending with a newline."""
    return "".join(write_parts((record,)))


def write_parts(parts: Iterable[Record]) -> Iterator[str]:
    """The text of :func:`write` for a record given in parts (a long record read a part at a
    time: the first part with the tags, the opening and the first deals, each later one with
    more deals, the last with the comments after the record), a part at a time: joined, the
    text is exactly ``write`` of the whole record."""
    out: list[str] = []
    given = False  # some text has been given
    dealt = False  # the record has a deal
    last: Record | None = None
    for part in parts:
        if last is None:
            for tag in part.tags:
                _emit(out, "", tag, f'[{tag.name} "{escape(tag.value)}"]')
            if part.opening:
                _blank(out)
                for event in part.opening:
                    _emit(out, "", event, event_text(event))
        for deal in part.deals:
            _blank(out)
            _emit(out, "", deal, deal_heading(deal))
            for event in deal.events:
                _emit(out, INDENT, event, event_text(event))
        last = part
        dealt = dealt or bool(part.deals)
        if len(out) > 1:  # the last line is kept: a blank one may yet end the record
            yield "".join(line + "\n" for line in out[:-1])
            del out[:-1]
            given = True
    if last is None:
        return
    while out and out[-1] == "":
        out.pop()
    if last.comments_after:
        indent = INDENT if dealt else ""
        out.extend(indent + c for c in last.comments_after)
    if out or not given:
        yield "\n".join(out) + "\n"


def write_all(records: Iterable[Record]) -> str:
    """Several records in canonical form, separated by a blank line.

    Comments standing alone between two records go, when read, to the record before the first
    blank line between them (its ``comments_after``), and to the record after it past that
    line (before its first tag): so a record's ``comments_after`` come back to it, followed by
    the blank line, and the comments before the next record's first tag come back to that tag.
    """
    return "\n".join(write(r) for r in records)


def escape(value: str) -> str:
    """A tag value as it stands between the quotes."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _blank(out: list[str]) -> None:
    """A blank line, unless at the start or after one."""
    if out and out[-1] != "":
        out.append("")


def _emit(out: list[str], indent: str, item: Line, text: str) -> None:
    out.extend(indent + c for c in item.comments_before)
    line = indent + text
    # Where the line's comments begin (0-based): column COMMENT_COLUMN, or two spaces after a
    # text that reaches it.
    at = COMMENT_COLUMN - 1 if len(line) < COMMENT_COLUMN - 1 else len(line) + 2
    if item.comments:
        # Brace comments first: a ';' comment runs to the end of the line.
        comments = sorted(item.comments, key=lambda c: c.startswith(";"))
        line += " " * (at - len(line)) + " ".join(comments)
    out.append(line)
    out.extend(" " * at + c for c in item.comments_continued)
    if item.comments_after:
        out.extend(indent + c for c in item.comments_after)
        out.append("")  # the blank line that keeps them with this line, not the next


def _card(card: Card | None) -> str:
    return "??" if card is None else card.code


def _cards(cards: Iterable[Card | None]) -> str:
    return " ".join("??" if c is None else c.code for c in cards)


def deal_heading(deal: Deal) -> str:
    """``deal 3 A`` or ``deal 4 B pack A``."""
    text = f"deal {deal.number} {deal.dealer.value}"
    return text + f" pack {deal.pack.value}" if deal.pack is not None else text


def _cut_for_deal(e: CutForDeal) -> str:
    return "cut " + " ".join(f"{p.value} {_cards(cs)}" for p, cs in e.cuts.items())


def _shuffle(e: Shuffle) -> str:
    text = f"shuffle {e.player.value}"
    if e.exposed:
        text += " exposed"
    if e.below_table:
        text += " below table"
    return text


def _cut(e: Cut) -> str:
    text = f"cut {e.player.value} {e.count}"
    return text + f" exposed {_cards(e.exposed)}" if e.exposed else text


def _order(e: Order) -> str:
    return f"order {e.first}-{e.second}"


def _packet(e: Packet) -> str:
    if not e.cards:
        return f"{e.player.value}: 0"
    exposed = set(e.exposed)
    words = [("*" if i in exposed else "") + _card(c) for i, c in enumerate(e.cards)]
    return f"{e.player.value}: " + " ".join(words)


def _turn(e: Turn) -> str:
    return f"turn {_cards(e.cards)}" + (" in error" if e.in_error else "")


def _faced(e: Faced) -> str:
    return f"faced {_card(e.card)}"


def _take_up(e: TakeUp) -> str:
    return f"{e.player.value} takes up"


def _mark(e: Mark) -> str:
    text = f"{e.player.value} marks"
    if e.points is not None:
        text += f" {e.points}"
    if e.reason is not None:
        text += f" {e.reason.value}"
    return text


def _unmark(e: Unmark) -> str:
    return f"{e.player.value} unmarks {e.points}"


def _announce(e: Announce) -> str:
    return f"{e.player.value} announces king"


def _propose(e: Propose) -> str:
    return f"{e.player.value} proposes"


def _accept(e: Accept) -> str:
    return f"{e.player.value} accepts" + (" if stock" if e.if_stock else "")


def _refuse(e: Refuse) -> str:
    return f"{e.player.value} refuses"


def _declare_play(e: DeclarePlay) -> str:
    return f"{e.player.value} plays"


def _discard(e: Discard) -> str:
    return f"{e.player.value} discards " + (_cards(e.cards) if e.cards else "0")


def _ask(e: Ask) -> str:
    return f"{e.player.value} asks {e.count}"


def _look(e: Look) -> str:
    return f"{e.player.value} looks at {e.at}"


def _holds(e: Holds) -> str:
    return f"{e.player.value} holds {_cards(e.cards)}".rstrip()


def _trick(e: Trick) -> str:
    text = f"{e.number}. {e.leader.value} {_card(e.lead)}"
    if e.names is not None:
        text += f" names {e.names.value}"
    if e.follower is not None:
        text += f" {e.follower.value} {_card(e.follow)}"
    return text


def _lead(e: Lead) -> str:
    text = f"{e.player.value} leads {_card(e.card)}"
    return text + f" names {e.names.value}" if e.names is not None else text


def _play(e: Play) -> str:
    return f"{e.player.value} plays {_card(e.card)}"


def _retract(e: Retract) -> str:
    return f"{e.player.value} retracts {_card(e.card)}"


def _abandon(e: Abandon) -> str:
    return f"{e.player.value} abandons"


def _show(e: Show) -> str:
    return f"{e.player.value} shows"


def _call_new_cards(e: CallNewCards) -> str:
    return f"{e.player.value} calls new cards"


def _pack_fault(e: PackFault) -> str:
    return f"pack {e.fault.value}"


def _score(e: Score) -> str:
    return "score " + " ".join(f"{p.value} {n}" for p, n in e.points.items())


def _claim(e: Claim) -> str:
    text = f"{e.player.value} claims {e.claim.value}"
    if e.claim is ClaimKind.TRUMP:
        text += f" {_card(e.card)}"
    elif e.claim is ClaimKind.SUIT:
        text += f" {e.suit.value if e.suit is not None else '??'}"
    return text


def _permit_complete(e: PermitComplete) -> str:
    return f"{e.player.value} permits complete"


def _elect_play(e: ElectPlay) -> str:
    return f"{e.player.value} elects play"


def _sit_out(e: SitOut) -> str:
    return f"{e.player.value} sits out"


def _advise(e: Advise) -> str:
    advice = e.action if e.action is not None else _cards(e.cards)
    return f"{e.player.value} advises {e.advised.value}: {advice}".rstrip()


def _double(e: Double) -> str:
    return f"{e.player.value} doubles"


def _double_answer(e: DoubleAnswer) -> str:
    return f"{e.player.value} {'accepts' if e.accepted else 'refuses'} double"


def _offer_point(e: OfferPoint) -> str:
    return f"{e.player.value} offers point"


def _point_answer(e: PointAnswer) -> str:
    return f"{e.player.value} {'accepts' if e.accepted else 'refuses'} point"


# Each writer takes the events of its own kind, which a table keyed by ``kind`` cannot tell the
# type checker: hence ``Any`` (event_text hands each event to the writer of its kind).
_WRITERS: dict[str, Callable[[Any], str]] = {
    "cut_for_deal": _cut_for_deal,
    "shuffle": _shuffle,
    "cut": _cut,
    "order": _order,
    "packet": _packet,
    "turn": _turn,
    "faced": _faced,
    "take_up": _take_up,
    "look": _look,
    "mark": _mark,
    "unmark": _unmark,
    "announce": _announce,
    "propose": _propose,
    "accept": _accept,
    "refuse": _refuse,
    "declare_play": _declare_play,
    "discard": _discard,
    "ask": _ask,
    "holds": _holds,
    "trick": _trick,
    "lead": _lead,
    "play": _play,
    "retract": _retract,
    "abandon": _abandon,
    "show": _show,
    "call_new_cards": _call_new_cards,
    "pack_fault": _pack_fault,
    "score": _score,
    "claim": _claim,
    "permit_complete": _permit_complete,
    "elect_play": _elect_play,
    "sit_out": _sit_out,
    "advise": _advise,
    "double": _double,
    "double_answer": _double_answer,
    "offer_point": _offer_point,
    "point_answer": _point_answer,
}


def event_text(event: Event) -> str:
    """One event in canonical form, without its comments."""
    return _WRITERS[event.kind](event)
