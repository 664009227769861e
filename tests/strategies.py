"""Hypothesis strategies for the Écarté Transcript Notation.

* :func:`records` builds arbitrary :class:`~adjudicator.notation.ecarte.model.Record` values: not
lawful
  games, but any facts the notation can *express* (every event kind, unknown cards, exposed cards in
  packets, claims of every kind, comments of both kinds in every place a comment can stand).
* :func:`record_lists` builds lists of records that can share one file.
* :func:`lenient_texts` writes a generated record and then spells its text in the lenient ways
  the reader must accept (case, ``10`` for ``T``, suit symbols, spacing, indentation, blank
  lines, CRLF line ends, brace comments between words), and gives the record the text must
  read as: the original, with the comments where the perturbed text put them.

Every model is built with normal pydantic validation. The strategies keep the constraints the
notation imposes, which the model itself does not check:

* numbers are non-negative; ``order`` figures are single digits;
* a ``turn``, and each player's cut for deal, has at least one card; a ``score`` and a cut for
  deal name one to three players, each once;
* a ``mark`` states its points, its reason, or both;
* a ``claims suit`` names a suit, a ``claims trump`` a card (``??`` allowed); no other claim has
  either;
* a bystander's advice has a word of advice or one card or more, not both;
* a trick nobody has played to yet has no card played to it;
* a packet's exposed positions are valid indices, sorted and unique;
* a ``;`` comment has no newline and no trailing whitespace (the reader strips it), and is the
  last comment on its line; a ``{...}`` comment has no ``}`` inside (no nesting);
* a record has tags, an opening event or a deal (comments alone are not a record);
* only a line with comments has comments continued below it; a record's last line has no
  ``comments_after`` (comments after it are the record's).
"""

from __future__ import annotations

import re
import typing
from collections.abc import Collection
from typing import Any

from hypothesis import strategies as st

from adjudicator.notation.cards import ALL_CARDS, Card, Player, Suit
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
    MarkReason,
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
from adjudicator.notation.ecarte.writer import deal_heading, escape, event_text
from adjudicator.notation.numbers import MAX_DIGITS

# --------------------------------------------------------------------------------------------
#  Small values
# --------------------------------------------------------------------------------------------

players = st.sampled_from(list(Player))
suits = st.sampled_from(list(Suit))
known_cards = st.sampled_from(ALL_CARDS)
cards = st.one_of(known_cards, st.none())
"""A card, or ``None`` for a card nobody recorded (``??``)."""

counts = st.one_of(
    st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=10**MAX_DIGITS - 1)
)
"""A non-negative number as the notation writes it: ASCII digits, at most
:data:`~adjudicator.notation.numbers.MAX_DIGITS` of them."""


def card_tuples(min_size: int = 0, max_size: int = 5) -> st.SearchStrategy[tuple[Card | None, ...]]:
    return st.lists(cards, min_size=min_size, max_size=max_size).map(tuple)


# Characters for free text: anything printable (non-ASCII included) plus the characters that
# mean something to the notation. No control characters (so no line ends) and no line or
# paragraph separators.
_PRINTABLE = st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp"))
_AWKWARD = st.sampled_from(list(' \t"\\;{}[]*:.?-#♠'))
_TEXT_CHAR = st.one_of(_AWKWARD, _PRINTABLE)

tag_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,11}", fullmatch=True)
tag_values = st.text(_TEXT_CHAR, max_size=16)
"""Any printable text on one line, quotes and backslashes included."""

semicolon_comments = st.text(_TEXT_CHAR, max_size=16).map(lambda s: (";" + s).rstrip())
"""``; text``: no newline, and no trailing whitespace (the reader strips it)."""

brace_comments = st.text(
    st.one_of(_TEXT_CHAR.filter(lambda c: c != "}"), st.just("\n")), max_size=16
).map(lambda s: "{" + s + "}")
"""``{text}``: anything but ``}``, newlines included."""

any_comments = st.one_of(brace_comments, semicolon_comments)


_NO_COMMENTS = st.booleans()
_BRACE_LISTS = st.lists(brace_comments, max_size=2)
_SEMICOLON_OR_NONE = st.one_of(st.none(), semicolon_comments)


@st.composite
def line_comments(draw: st.DrawFn) -> tuple[str, ...]:
    """Comments written on a line (none, half the time): brace comments, then at most one
    ``;`` comment, last."""
    if draw(_NO_COMMENTS):
        return ()
    braces = draw(_BRACE_LISTS)
    semi = draw(_SEMICOLON_OR_NONE)
    return (*braces, *([semi] if semi is not None else []))


standalone_comments = st.one_of(
    st.just(()), st.lists(any_comments, min_size=1, max_size=2).map(tuple)
)
"""Comments standing alone on their own lines (none, half the time; each line may hold a
``;`` comment)."""


@st.composite
def line_fields(draw: st.DrawFn) -> dict[str, Any]:
    comments = draw(line_comments())
    return {
        "comments": comments,
        "comments_continued": draw(standalone_comments) if comments else (),
        "comments_before": draw(standalone_comments),
        "comments_after": draw(standalone_comments),
    }


def _line(cls: type[Line], **fields: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A line of ``cls`` with its fields drawn from ``fields``, and comments."""
    return st.builds(
        lambda extra, **kw: cls(**kw, **extra),
        line_fields(),
        **fields,
    )


def _player_line(cls: type[Line]) -> st.SearchStrategy[Any]:
    return _line(cls, player=players)


# --------------------------------------------------------------------------------------------
#  Events: one strategy per kind
# --------------------------------------------------------------------------------------------


@st.composite
def packets(draw: st.DrawFn) -> Packet:
    given = draw(card_tuples(0, 6))
    exposed = draw(st.sets(st.integers(0, len(given) - 1))) if given else set()
    return Packet(
        player=draw(players), cards=given, exposed=tuple(sorted(exposed)), **draw(line_fields())
    )


_MARK_STATEMENTS = st.one_of(
    st.tuples(counts, st.none()),
    st.tuples(st.none(), st.sampled_from(list(MarkReason))),
    st.tuples(counts, st.sampled_from(list(MarkReason))),
)
"""Points, reason, or both: ``A marks`` alone is not a line of the notation."""


@st.composite
def marks(draw: st.DrawFn) -> Mark:
    points, reason = draw(_MARK_STATEMENTS)
    return Mark(player=draw(players), points=points, reason=reason, **draw(line_fields()))


@st.composite
def tricks(draw: st.DrawFn) -> Trick:
    follower = draw(st.one_of(st.none(), players))
    return Trick(
        number=draw(counts),
        leader=draw(players),
        lead=draw(cards),
        names=draw(st.one_of(st.none(), suits)),
        follower=follower,
        follow=draw(cards) if follower is not None else None,
        **draw(line_fields()),
    )


_CLAIM_KINDS = st.sampled_from(list(ClaimKind))


@st.composite
def claims(draw: st.DrawFn) -> Claim:
    kind = draw(_CLAIM_KINDS)
    return Claim(
        player=draw(players),
        claim=kind,
        card=draw(cards) if kind is ClaimKind.TRUMP else None,
        suit=draw(suits) if kind is ClaimKind.SUIT else None,
        **draw(line_fields()),
    )


_ADVICE_WORDS = st.sampled_from(["play", "propose", "accept", "refuse"])
_POINTS_TO_CARDS = st.booleans()


@st.composite
def advice(draw: st.DrawFn) -> Advise:
    """A bystander's advice: a word of advice, or the cards pointed to (one or the other)."""
    if draw(_POINTS_TO_CARDS):
        what: dict[str, Any] = {"cards": draw(card_tuples(1, 3))}
    else:
        what = {"action": draw(_ADVICE_WORDS)}
    return Advise(player=draw(players), advised=draw(players), **what, **draw(line_fields()))


EVENT_STRATEGIES: dict[str, st.SearchStrategy[Any]] = {
    "cut_for_deal": _line(
        CutForDeal, cuts=st.dictionaries(players, card_tuples(1, 3), min_size=1, max_size=3)
    ),
    "shuffle": _line(Shuffle, player=players, exposed=st.booleans(), below_table=st.booleans()),
    "cut": _line(Cut, player=players, count=counts, exposed=card_tuples(0, 3)),
    "order": _line(Order, first=st.integers(0, 9), second=st.integers(0, 9)),
    "packet": packets(),
    "turn": _line(Turn, cards=card_tuples(1, 3), in_error=st.booleans()),
    "faced": _line(Faced, card=cards),
    "take_up": _player_line(TakeUp),
    "mark": marks(),
    "unmark": _line(Unmark, player=players, points=counts),
    "announce": _player_line(Announce),
    "propose": _player_line(Propose),
    "accept": _line(Accept, player=players, if_stock=st.booleans()),
    "refuse": _player_line(Refuse),
    "declare_play": _player_line(DeclarePlay),
    "discard": _line(Discard, player=players, cards=card_tuples(0, 5)),
    "ask": _line(Ask, player=players, count=counts),
    "holds": _line(Holds, player=players, cards=card_tuples(0, 8)),
    "look": _line(Look, player=players, at=st.sampled_from(["discard", "stock"])),
    "trick": tricks(),
    "lead": _line(Lead, player=players, card=cards, names=st.one_of(st.none(), suits)),
    "play": _line(Play, player=players, card=cards),
    "retract": _line(Retract, player=players, card=cards),
    "abandon": _player_line(Abandon),
    "show": _player_line(Show),
    "call_new_cards": _player_line(CallNewCards),
    "pack_fault": _line(PackFault, fault=st.sampled_from(list(PackFaultKind))),
    "score": _line(Score, points=st.dictionaries(players, counts, min_size=1, max_size=3)),
    "claim": claims(),
    "permit_complete": _player_line(PermitComplete),
    "elect_play": _player_line(ElectPlay),
    "sit_out": _player_line(SitOut),
    "advise": advice(),
    "double": _player_line(Double),
    "double_answer": _line(DoubleAnswer, player=players, accepted=st.booleans()),
    "offer_point": _player_line(OfferPoint),
    "point_answer": _line(PointAnswer, player=players, accepted=st.booleans()),
}
"""A strategy for every event kind of the model, keyed by ``kind``."""


def event_kinds() -> set[str]:
    """Every ``kind`` in the model's ``Event`` union."""
    union = typing.get_args(Event)[0]
    return {cls.model_fields["kind"].default for cls in typing.get_args(union)}


events = st.one_of(*EVENT_STRATEGIES.values())
"""Any event."""

tags = _line(Tag, name=tag_names, value=tag_values)

deals = _line(
    Deal,
    number=counts,
    dealer=players,
    pack=st.one_of(st.none(), players),
    events=st.lists(events, max_size=8).map(tuple),
)


# --------------------------------------------------------------------------------------------
#  Records
# --------------------------------------------------------------------------------------------

_OPENINGS = st.lists(st.one_of(EVENT_STRATEGIES["cut_for_deal"], events), max_size=3)
"""The events before the first deal: normally the cut for deal, but any event may stand there."""


@st.composite
def records(
    draw: st.DrawFn,
    *,
    min_tags: int = 0,
    need_body: bool = False,
    comments_after: bool = True,
    max_deals: int = 3,
) -> Record:
    """A record. ``min_tags``: at least that many tags; ``need_body``: at least one opening
    event or deal; ``comments_after``: whether it may have comments after its last line."""
    the_tags = draw(st.lists(tags, min_size=min_tags, max_size=4))
    opening = draw(_OPENINGS)
    the_deals = draw(st.lists(deals, max_size=max_deals))
    if (need_body or not the_tags) and not opening and not the_deals:
        # Tags alone are a record; nothing at all is not (and `need_body` asks for a body).
        if draw(st.booleans()):
            opening = [draw(events)]
        else:
            the_deals = [draw(deals)]
    after = draw(standalone_comments) if comments_after else ()
    # The comments after the record's last line are the record's, not the line's.
    if the_deals and the_deals[-1].events:
        last_events = the_deals[-1].events
        the_deals[-1] = the_deals[-1].model_copy(
            update={"events": (*last_events[:-1], _no_after(last_events[-1]))}
        )
    elif the_deals:
        the_deals[-1] = _no_after(the_deals[-1])
    elif opening:
        opening[-1] = _no_after(opening[-1])
    else:
        the_tags[-1] = _no_after(the_tags[-1])
    return Record(
        tags=tuple(the_tags), opening=tuple(opening), deals=tuple(the_deals), comments_after=after
    )


def _no_after(line: Any) -> Any:
    return line.model_copy(update={"comments_after": ()})


@st.composite
def record_lists(draw: st.DrawFn, max_size: int = 3) -> list[Record]:
    """Records that can stand one after another in a file and be read back apart.

    A record ends where the next tag line follows a line that is not a tag, so:

    * every record but the first has at least one tag: a record without tags would run on as
      more lines of the record before it;
    * every record but the last has an opening event or a deal: a tag line after tags continues
      the same tag block, so a record of tags only would merge with the tags of the next one.

    Any record may have ``comments_after``: comments standing alone between two records, before
    a blank line, are the record's before it (see ``write_all``).
    """
    n = draw(st.integers(min_value=1, max_value=max_size))
    out = []
    for i in range(n):
        last = i == n - 1
        out.append(
            draw(
                records(
                    min_tags=1 if i > 0 else 0,
                    need_body=not last,
                    max_deals=2,
                )
            )
        )
    return out


# --------------------------------------------------------------------------------------------
#  Stripping comments
# --------------------------------------------------------------------------------------------


def _strip(item: Any) -> Any:
    return item.model_copy(
        update={
            "comments": (),
            "comments_continued": (),
            "comments_before": (),
            "comments_after": (),
        }
    )


def strip_comments(record: Record) -> Record:
    """The record with every comment taken out (facts only)."""
    return record.model_copy(
        update={
            "tags": tuple(_strip(t) for t in record.tags),
            "opening": tuple(_strip(e) for e in record.opening),
            "deals": tuple(
                _strip(d).model_copy(update={"events": tuple(_strip(e) for e in d.events)})
                for d in record.deals
            ),
            "comments_after": (),
        }
    )


# --------------------------------------------------------------------------------------------
#  Lenient text
# --------------------------------------------------------------------------------------------

_CARD_WORD = re.compile(r"(\*?)([KQJAT987])([SHDC])")
_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SPACE = st.sampled_from([" ", "  ", "\t", " \t", "\t ", "    "])
"""Whitespace between two words (never empty)."""
_MAYBE_SPACE = st.one_of(st.just(""), _SPACE)
"""Whitespace where none is needed (next to a comment, at the start or end of a line)."""


# Strategies used inside the composites below are built once: building a strategy on every
# draw costs more than drawing from it.
_BOOL = st.booleans()
_CASES = st.sampled_from(["same", "lower", "upper", "title", "mixed"])
_SUIT_SPELLINGS = {s: st.sampled_from([s, s.lower(), sym]) for s, sym in _SUIT_SYMBOL.items()}
_ZEROS = st.integers(0, 2)
_BLANK_LINES = st.lists(st.sampled_from(["", " ", "\t", "  \t "]), max_size=2)
"""Blank lines (or lines of spaces and tabs only)."""
_LINE_END = st.sampled_from(["\n", "\r\n"])
_LAST_LINE_END = st.sampled_from(["", "\n", "\r\n"])


def _random_case(draw: st.DrawFn, word: str) -> str:
    how = draw(_CASES)
    if how == "lower":
        return word.lower()
    if how == "upper":
        return word.upper()
    if how == "title":
        return word[:1].upper() + word[1:].lower()
    if how == "mixed":
        return "".join(c.upper() if draw(_BOOL) else c.lower() for c in word)
    return word


def _suit_spelling(draw: st.DrawFn, letter: str) -> str:
    return draw(_SUIT_SPELLINGS[letter])


def _spell(draw: st.DrawFn, word: str, prev: str | None) -> list[str]:
    """A lenient spelling of one canonical word (maybe as two words: ``B :``)."""
    if prev in ("names", "suit") and word in _SUIT_SYMBOL:
        return [_suit_spelling(draw, word)]
    m = _CARD_WORD.fullmatch(word)
    if m is not None:
        star, rank, suit = m.groups()
        rank = "10" if rank == "T" and draw(_BOOL) else _random_case(draw, rank)
        return [star + rank + _suit_spelling(draw, suit)]
    if word in ("??", "*??"):
        return [word]
    if re.fullmatch(r"[ABC]:", word):
        player = _random_case(draw, word[0])
        return [player, ":"] if draw(_BOOL) else [player + ":"]
    if re.fullmatch(r"[0-9]+\.?", word):
        return ["0" * draw(_ZEROS) + word]
    if re.fullmatch(r"[0-9]-[0-9]", word):
        return [word]
    return [_random_case(draw, word)]


def _event_words(draw: st.DrawFn, event: Any) -> tuple[list[str], Any]:
    """The canonical words of an event, in any equivalent form the notation allows, and the
    event as written (a score's or a cut's players may be reordered: an equal event)."""
    kind = event.kind
    if kind in ("score", "cut_for_deal"):
        # The players may stand in any order (a dict's equality ignores order).
        field = "points" if kind == "score" else "cuts"
        items = draw(st.permutations(list(getattr(event, field).items())))
        event = event.model_copy(update={field: dict(items)})
    words = event_text(event).split(" ")
    if kind == "shuffle" and event.exposed and event.below_table and draw(_BOOL):
        words = [*words[:2], "below", "table", "exposed"]
    cards_field = getattr(event, "cards", None)
    if (
        kind in ("packet", "discard")
        and cards_field
        and all(c is None for c in cards_field)
        and not getattr(event, "exposed", ())
        and draw(_BOOL)
    ):
        # `B: 3` and `B discards 3` for that many unknown cards.
        words = [*words[: 1 if kind == "packet" else 2], str(len(cards_field))]
    out: list[str] = []
    prev = None
    for word in words:
        out.extend(_spell(draw, word, prev))
        prev = word
    return out, event


def _join(draw: st.DrawFn, elements: list[tuple[str, bool]]) -> str:
    """Elements (text, needs_space) on one line, with random indentation and spacing: at least
    one space or tab before an element that needs it, any (or none) elsewhere."""
    return _join_at(draw, elements)[0]


def _join_at(draw: st.DrawFn, elements: list[tuple[str, bool]]) -> tuple[str, list[int]]:
    """:func:`_join`, and the offset in the text where each element begins."""
    parts = [draw(_MAYBE_SPACE)]
    at: list[int] = []
    size = len(parts[0])
    for i, (text, needs_space) in enumerate(elements):
        if i:
            parts.append(draw(_SPACE if needs_space else _MAYBE_SPACE))
            size += len(parts[-1])
        at.append(size)
        parts.append(text)
        size += len(text)
    parts.append(draw(_MAYBE_SPACE))
    return "".join(parts), at


_EXTRA = {
    strategy: st.lists(strategy, max_size=1)
    for strategy in (any_comments, brace_comments, semicolon_comments)
}


class _Writer:
    """Writes a record's lines leniently and keeps the comments where it put them.

    Where a comment standing alone is read to belong depends on the blank lines and columns
    around it (see :class:`~adjudicator.notation.ecarte.lexer.LineTok`), so the writer keeps track:
    comments standing alone before a line stand after a blank line, or with none between them
    and the line; the first of them, right below a line with a comment, begins in another column
    than that line's comments (else it would continue them).
    """

    def __init__(self, draw: st.DrawFn, new_comments: bool) -> None:
        self.draw = draw
        self.new_comments = new_comments
        self.lines: list[str] = []
        self.held_at: set[int] = set()
        """Columns a comment line written now would continue the comment of (its first line)."""
        self.blank = False
        """A blank line was written since the last line with tokens."""

    def blanks(self, at_least: int = 0) -> None:
        """Blank lines (maybe none)."""
        lines = self.draw(_BLANK_LINES)
        lines += [""] * (at_least - len(lines))
        if lines:
            self.lines.extend(lines)
            self.blank = True
            self.held_at = set()

    def alone(self, text: str) -> None:
        """A line of comments standing alone, moved right if it would continue the comment of
        the line above."""
        while len(text) - len(text.lstrip()) + 1 in self.held_at:
            text = " " + text
        self.lines.append(text)
        self.held_at = set()

    def _extra(self, strategy: st.SearchStrategy[Any]) -> list[Any]:
        """Maybe a new comment (if new comments are wanted)."""
        if not self.new_comments:
            return []
        return self.draw(_EXTRA[strategy])

    def standalone(self, comments: tuple[str, ...]) -> tuple[str, ...]:
        """Write comments standing alone (and maybe new ones); the comments as written."""
        draw = self.draw
        comments_list = list(comments)
        for extra in self._extra(any_comments):
            comments_list.insert(draw(st.integers(0, len(comments_list))), extra)
        self.blanks()
        line: list[tuple[str, bool]] = []
        for i, comment in enumerate(comments_list):
            line.append((comment, False))
            last = i == len(comments_list) - 1
            if comment.startswith(";") or last or draw(_BOOL):
                self.alone(_join(draw, line))
                if self.blank:  # past a blank line: more of them change nothing
                    self.blanks()
                line = []
        return tuple(comments_list)

    def notes_after(self, comments: tuple[str, ...]) -> None:
        """Comments standing alone after a line, and the blank line that keeps them with it."""
        if comments:
            for comment in comments:
                self.alone(_join(self.draw, [(comment, False)]))
            self.blanks(at_least=1)

    def item(
        self,
        words: list[str],
        item: Line,
        tight: Collection[int] = (),
        no_comment_before: Collection[int] = (),
    ) -> tuple[str, ...]:
        """Write one line: its words, with its brace comments in random places among them,
        and its ``;`` comment last. ``tight``: indices of words that need no space before
        them; ``no_comment_before``: indices of words no comment may precede. The line's
        comments, in the order written."""
        draw = self.draw
        braces = [c for c in item.comments if not c.startswith(";")]
        semis = [c for c in item.comments if c.startswith(";")]
        braces += self._extra(brace_comments)
        if not semis:
            semis = self._extra(semicolon_comments)
        # Each brace comment goes before word `slot` (or after the last word); not before the
        # first word if the line's comment is continued below it (the lines that continue it
        # begin in the column of a comment on the line of the first word).
        allowed = [
            i
            for i in range(len(words) + 1)
            if i not in no_comment_before and (i or not item.comments_continued)
        ]
        slots = sorted(draw(st.sampled_from(allowed)) for _ in braces)
        elements: list[tuple[str, bool]] = []
        comment_at: list[bool] = []
        k = 0
        for pos in range(len(words) + 1):
            while k < len(slots) and slots[k] == pos:
                elements.append((braces[k], False))
                comment_at.append(True)
                k += 1
            if pos < len(words):
                after_word = bool(comment_at) and not comment_at[-1]
                elements.append((words[pos], after_word and pos not in tight))
                comment_at.append(False)
        elements.extend((c, False) for c in semis)
        comment_at.extend(True for _ in semis)
        text, offsets = _join_at(draw, elements)
        self.lines.append(text)
        # The columns where the line's comments begin, on the line of its first word (a brace
        # comment before it may span lines).
        row = text.count("\n", 0, offsets[comment_at.index(False)])
        columns = [
            at - text.rfind("\n", 0, at)
            for at, is_comment in zip(offsets, comment_at, strict=True)
            if is_comment and text.count("\n", 0, at) == row
        ]
        self.held_at = set(columns)
        self.blank = False
        for comment in item.comments_continued:
            self.lines.append(" " * (columns[0] - 1) + comment)
        self.notes_after(item.comments_after)
        return tuple(
            text for (text, _), is_comment in zip(elements, comment_at, strict=True) if is_comment
        )

    def tag(self, tag: Tag) -> Tag:
        before = self.standalone(tag.comments_before)
        # `[`, the name, the quoted value and `]`: spaces and brace comments may stand between
        # them, or nothing (the name and value are case-sensitive and stay as they are).
        words = ["[", tag.name, f'"{escape(tag.value)}"', "]"]
        written = self.item(words, tag, tight={1, 2, 3})
        return tag.model_copy(update={"comments": written, "comments_before": before})

    def event(self, event: Any) -> Any:
        before = self.standalone(event.comments_before)
        words, event = _event_words(self.draw, event)
        written = self.item(words, event, tight={i for i, w in enumerate(words) if w == ":"})
        return event.model_copy(update={"comments": written, "comments_before": before})

    def deal(self, deal: Deal) -> Deal:
        before = self.standalone(deal.comments_before)
        words: list[str] = []
        prev = None
        for word in deal_heading(deal).split(" "):
            words.extend(_spell(self.draw, word, prev))
            prev = word
        written = self.item(words, deal)
        events = tuple(self.event(e) for e in deal.events)
        return deal.model_copy(
            update={"comments": written, "comments_before": before, "events": events}
        )


@st.composite
def lenient_texts(
    draw: st.DrawFn,
    record_strategy: st.SearchStrategy[Record] | None = None,
    *,
    new_comments: bool = True,
    last: bool = True,
) -> tuple[str, Record]:
    """Text of a generated record, spelt leniently, and the record it must read as.

    The record is the generated one with each line's comments as the text has them: brace
    comments moved in among the words (and, with ``new_comments``, new comments added on
    lines and on lines of their own) are still that line's comments, in the order written.
    ``last=False``: another record follows, so the text ends with a line end, and no comment
    stands alone after the record's last line (see :func:`record_lists`).
    """
    record = draw(record_strategy if record_strategy is not None else records())
    w = _Writer(draw, new_comments)
    the_tags = tuple(w.tag(t) for t in record.tags)
    opening = tuple(w.event(e) for e in record.opening)
    the_deals = tuple(w.deal(d) for d in record.deals)
    if last:
        after = w.standalone(record.comments_after)
    else:
        # Comments standing alone before the blank line that ends the record are its own.
        after = record.comments_after
        w.notes_after(after)
        w.blanks(at_least=1)
    expected = record.model_copy(
        update={"tags": the_tags, "opening": opening, "deals": the_deals, "comments_after": after}
    )
    # Line ends: LF or CRLF, chosen line by line (inside a brace comment too: the reader
    # gives a comment's line breaks back as "\n"); the last line may have none.
    physical = "\n".join(w.lines).split("\n")
    text = "".join(line + draw(_LINE_END) for line in physical[:-1])
    text += physical[-1] + draw(_LAST_LINE_END if last else _LINE_END)
    return text, expected


@st.composite
def lenient_text_lists(draw: st.DrawFn, max_size: int = 3) -> tuple[str, list[Record]]:
    """Several records' lenient texts in one file (see :func:`record_lists` for what the
    records keep so that they read back apart), and the records they must read as."""
    texts: list[str] = []
    expected: list[Record] = []
    rs = draw(record_lists(max_size))
    for i, record in enumerate(rs):
        text, e = draw(lenient_texts(st.just(record), last=i == len(rs) - 1))
        texts.append(text)
        expected.append(e)
    return "".join(texts), expected
