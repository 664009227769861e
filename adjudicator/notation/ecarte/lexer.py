"""The line lexer: turns the lines of a file into the terminals of ``grammar/ecarte.lark``,
one record at a time.

The notation is line oriented and its words are separated by spaces, so a word is classified
by looking it up (keywords, cards, players) rather than by trying regular expressions in turn.
The lexer also does the two jobs the grammar leaves to the reader:

* **Comments.** ``;`` to the end of the line and ``{ ... }`` (which may span lines) are taken
  out of the token stream and kept on the first token of a line (see :class:`LineTok`): the
  comments written on that line; the lines of comment right below it that continue its comment
  (each begins in the column where one of the line's comments begins); the comments that stood
  alone after it up to a blank line (a note on what ended with it); and the comments that stood
  alone before it and after any blank line.
* **Records.** A tag line that follows any other line begins the next record, so the lexer
  hands the parser one record's tokens at a time, and memory is bounded by the largest record.

Words it cannot classify become ``WORD`` tokens, which no rule accepts: the parser then reports
them with what it expected at that point (see :mod:`adjudicator.notation.errors`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Protocol

from adjudicator.notation.cards import ALL_CARDS, Rank
from adjudicator.notation.ecarte.grammar import choice_terminals, keyword_terminals

# --------------------------------------------------------------------------------------------
#  Tokens
# --------------------------------------------------------------------------------------------


class Tok:
    """A token as Lark's LALR parser wants it: ``type`` and ``value``, and a position.

    Lighter than ``lark.Token`` (built a million times a second when reading archives).
    """

    __slots__ = ("column", "line", "type", "value")

    comments: tuple[str, ...] = ()
    """Comments written on this token's line (set on the first token of a line only)."""
    before: tuple[str, ...] = ()
    """Comments standing alone on the lines before this token's line (first token only)."""
    continued: tuple[str, ...] = ()
    """Lines of comment right below this token's line that continue its comment."""
    after: tuple[str, ...] = ()
    """Comments standing alone after this token's line, before a blank line."""

    def __init__(self, type: str, value: str, line: int, column: int) -> None:
        self.type = type
        self.value = value
        self.line = line
        self.column = column

    # Lark reads these when it builds its end-of-input token or an error.
    @property
    def end_line(self) -> int:
        return self.line

    @property
    def end_column(self) -> int:
        return self.column + len(self.value)

    @property
    def start_pos(self) -> int:
        return 0

    @property
    def end_pos(self) -> int:
        return 0

    def __repr__(self) -> str:
        return f"Tok({self.type}, {self.value!r}, {self.line}:{self.column})"


class Terminal(Protocol):
    """What the builder reads of a token: a :class:`Tok` of the line lexer, or (from Lark's own
    lexer, in :func:`~adjudicator.notation.ecarte.reader.reference_parser`) a ``lark.Token``, which
    has the same attributes (its lexer always sets the position that its annotations call optional).
    """

    @property
    def type(self) -> str: ...
    @property
    def value(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


class LineTok(Tok):
    """The first token of a line that has comments with it.

    Where a comment standing on a line of its own belongs:

    * right below a line with a comment, beginning in the column where one of that line's
      comments begins: it continues that comment (``continued``; so do the aligned lines
      after it);
    * otherwise, if a blank line comes after it before the next line with tokens: it is a note
      on what came before, and belongs to the line above (``after``), or, at the end of a
      record, to the record;
    * otherwise (after any blank line, or with no blank line before the next line): it belongs
      to the line below (``before``).
    """

    __slots__ = ("after", "before", "comments", "continued")

    def __init__(
        self,
        tok: Tok,
        comments: tuple[str, ...],
        before: tuple[str, ...],
    ) -> None:
        super().__init__(tok.type, tok.value, tok.line, tok.column)
        self.comments = comments
        self.before = before
        self.continued = ()
        self.after = ()


# --------------------------------------------------------------------------------------------
#  The vocabulary
# --------------------------------------------------------------------------------------------

KEYWORDS: dict[str, str] = keyword_terminals()
"""Each keyword (lower case) and its terminal in the grammar."""

ADVICE_WORDS: frozenset[str] = frozenset(choice_terminals()["ADVICE"])
"""The words of a bystander's advice (``C advises B: play``), lower case: an ``ADVICE`` token
right after ``advises`` and the player advised and his colon, and nowhere else."""

_SUITS = {"s": "S", "h": "H", "d": "D", "c": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _case_variants(word: str) -> set[str]:
    return {"".join(chars) for chars in product(*({ch.lower(), ch.upper()} for ch in word))}


def _card_spellings() -> dict[str, str]:
    """Every spelling of every card, in every mix of cases, to its canonical code."""
    out: dict[str, str] = {}
    for card in ALL_CARDS:
        ranks = [card.rank.value] + (["10"] if card.rank is Rank.TEN else [])
        suits = [s for s, v in _SUITS.items() if v == card.suit.value]
        for r in ranks:
            for s in suits:
                for spelling in _case_variants(r + s):
                    out[spelling] = card.code
    return out


CARD_CODES: dict[str, str] = _card_spellings()
"""Every accepted spelling of a card to its canonical code; ``??`` is not here."""

SUIT_CODES: dict[str, str] = {v: c for s, c in _SUITS.items() for v in _case_variants(s)}
"""Every accepted spelling of a suit to its canonical letter."""

_WORDS: dict[str, str] = {}
for _kw, _type in KEYWORDS.items():
    for _v in (_kw, _kw.upper(), _kw.capitalize()):
        _WORDS[_v] = _type
for _spelling in CARD_CODES:
    _WORDS[_spelling] = "CARD"
_WORDS["??"] = "CARD"
for _spelling in CARD_CODES:
    _WORDS["*" + _spelling] = "EXPOSED_CARD"
_WORDS["*??"] = "EXPOSED_CARD"
for _p in "abcABC":
    _WORDS[_p] = "PLAYER"
    _WORDS[_p + ":"] = "PACKET_HEAD"  # split into PLAYER and COLON
_WORDS[":"] = "COLON"
for _n in range(100):
    _WORDS[str(_n)] = "INT"
    _WORDS[f"{_n}."] = "TRICK_NUMBER"
for _a in "0123456789":
    for _b in "0123456789":
        _WORDS[f"{_a}-{_b}"] = "PACKET_ORDER"

_SPECIAL = re.compile(r"[;{}\[\]\"]")
_TAG_LINE = re.compile(r'\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s+("(?:[^"\\]|\\.)*")\s*\]')

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')

CACHE_LINES = 1 << 14
"""How many distinct plain lines a generation of the process's line cache holds (lines repeat a
great deal across an archive: ``B proposes``, ``A refuses``, ``turn KS``)."""

CACHE_WIDTH = 200
"""The longest line the line cache keeps (so that its memory stays under about
``2 * CACHE_LINES * CACHE_WIDTH`` characters, whatever the lines)."""

MAX_DEAL_EVENTS = 2_000
"""The most events the reader takes in one deal (or in a record's opening). A deal of écarté
has a few dozen (the casebook's longest has 34, the generator's 46); a record with more is
reported rather than replayed, since the replay keeps the state after every event of a deal
and some of that state grows with the deal (its marks, proposals, announcements)."""

MAX_DEAL_LINES = 100_000
"""The most lines of comments (and of tags) the reader holds for one deal (or a record's
opening): fifty for each event it may have, a few MB. A record with more is reported, and the
rest of it skipped, not held. Blank lines are not held, and not counted."""

REFUSED_AFTER = 256
"""The lexer judges the shape of a record's lines (for :data:`MAX_REFUSED`) only past this
many: a short record is held whole anyway, and the reader judges it."""

MAX_REFUSED = 20
"""How many lines that no rule of the grammar accepts the lexer holds in one record (the most
errors reported for a record, :data:`~adjudicator.notation.errors.MAX_ERRORS`): the rest of
such a record, up to the next record, is only counted, not held."""

_RUN_OF = {
    "CARD": "CARD_RUN",
    "EXPOSED_CARD": "DEALT_RUN",
    "CARD_RUN": "CARD_RUN",
    "DEALT_RUN": "DEALT_RUN",
}
_DEALT = {
    "CARD": "DEALT_RUN",
    "EXPOSED_CARD": "DEALT_RUN",
    "CARD_RUN": "DEALT_RUN",
    "DEALT_RUN": "DEALT_RUN",
}


class PlainLine:
    """What the lexer remembers of a plain line's text: its tokens, and a slot in which the
    reader keeps what it learnt from them (the grammar rule they make, the model they build)."""

    __slots__ = ("first", "memo", "rest")

    def __init__(self, first: Tok, rest: tuple[Tok, ...]) -> None:
        self.first = first
        """The line's first token (its line number is 0: each occurrence gets its own)."""
        self.rest = rest
        """The other tokens, ending in ``NL``: shared by every occurrence of the line."""
        self.memo: object = None
        """The reader's: set once it has parsed the line."""


_YOUNG: dict[str, PlainLine | None] = {}
_OLD: list[dict[str, PlainLine | None]] = [{}]

Line = tuple["Tok", "tuple[Tok, ...] | list[Tok]", "PlainLine | None"]
"""One line of a record: its first token (with its comments), the other tokens ending in
``NL``, and the remembered plain line it is an occurrence of (``None`` if it is not plain)."""


def classify(word: str) -> str:
    """The terminal a word stands for, or ``WORD`` if it is not one of the notation's words."""
    t = _WORDS.get(word)
    if t is not None:
        return t
    low = word.lower()
    t = _WORDS.get(low)
    if t is not None:
        return t
    if word.isdigit() and word.isascii():
        return "INT"
    if word[-1:] == "." and word[:-1].isdigit() and word.isascii():
        return "TRICK_NUMBER"
    return "WORD"


def tokens_of_words(words: Iterable[tuple[str, int]], lineno: int, out: list[Tok]) -> None:
    """Append the tokens for ``words`` (each with its 1-based column) to ``out``.

    Consecutive cards become one run token whose value is the cards joined by single spaces;
    a word after ``names`` or ``suit`` that spells a suit is a SUIT (``C`` is otherwise the third
    player); ``B:`` is a player and a colon; after ``advises B:``, a word of advice (``play``,
    ``propose``, ``accept``, ``refuse``) is an ADVICE.
    """
    get = _WORDS.get
    prev = out[-1].type if out else ""
    expect_suit = prev == "NAMES" or prev == "SUIT_KW"
    run: list[str] = []  # the cards of the run at out[-1] while it grows (joined once)
    for word, col in words:
        t = get(word) or classify(word)
        if expect_suit and word in SUIT_CODES:
            t = "SUIT"
        elif (
            (t == "WORD" or t == "PLAY" or t == "REFUSE")
            and len(out) > 2
            and out[-1].type == "COLON"
            and out[-2].type == "PLAYER"
            and out[-3].type == "ADVISES"
            and word.lower() in ADVICE_WORDS
        ):
            t = "ADVICE"
        expect_suit = t == "NAMES" or t == "SUIT_KW"
        if t == "CARD" or t == "EXPOSED_CARD":
            if prev in _RUN_OF:
                last = out[-1]
                last.type = (_DEALT if t == "EXPOSED_CARD" else _RUN_OF)[prev]
                if not run:
                    run.append(last.value)
                run.append(word)
                prev = last.type
                continue
        elif t == "PACKET_HEAD":
            if run:
                out[-1].value = " ".join(run)
                run = []
            out.append(Tok("PLAYER", word[0], lineno, col))
            t, word, col = "COLON", ":", col + 1
        if run:
            out[-1].value = " ".join(run)
            run = []
        out.append(Tok(t, word, lineno, col))
        prev = t
    if run:
        out[-1].value = " ".join(run)


def _plain_words(text: str, start: int) -> Iterator[tuple[str, int]]:
    pos = start
    for word in text[start:].split() if start else text.split():
        col = text.index(word, pos)
        pos = col + len(word)
        yield word, col + 1


# --------------------------------------------------------------------------------------------
#  Lexing a file into records
# --------------------------------------------------------------------------------------------


@dataclass
class RecordTokens:
    """The tokens of one record, as the lexer cut it from the file."""

    line: int
    """Line where the record begins (its first token, or its first comment)."""
    lines: list[Line] = field(default_factory=list)
    """The record's lines that hold tokens, in order."""
    comments_after: tuple[str, ...] = ()
    """Comments standing alone after the record's last line."""
    problem: tuple[str, int, int] | None = None
    """A fault found while lexing (message, line, column); the record cannot be parsed."""
    first_line: int = 1
    """Line number of the first line read for this record (blank or not)."""
    source: list[tuple[int, str]] = field(default_factory=list)
    """The record's lines that are held, blank lines left out: (number, text), for error
    messages and for lexing the record again."""
    end_line: int = 0
    """The record's last line (held or not)."""
    refused: int = 0
    """How many of the lines held have a shape that no rule of the grammar accepts (when the
    lexer was given a judge of shapes): the record cannot be parsed if this is not zero."""
    overlong: Overlong | None = None
    """The deal (or opening) with more than :data:`MAX_DEAL_EVENTS` events or
    :data:`MAX_DEAL_LINES` lines, if there is one: the record was held only up to it."""
    skipped: int = 0
    """Lines (not blank) of the record read but not held: after :data:`MAX_REFUSED` lines no
    rule accepts, or after an :attr:`overlong` part. They are not checked."""
    skipped_line: int = 0
    """The first of those lines."""
    part: int = 0
    """Which part of its record this is (0: the first, or the whole record), when the lexer
    cuts long records into parts (``LineLexer(part_lines=...)``)."""
    more: bool = False
    """More parts of the same record follow this one."""

    @property
    def tokens(self) -> list[Tok]:
        """The record's tokens, each line ending in an ``NL`` token (what Lark parses)."""
        out: list[Tok] = []
        for first, rest, _plain in self.lines:
            out.append(first)
            out.extend(rest)
        return out

    def source_line(self, line: int) -> str | None:
        """The text of line ``line``, if it is one of this record's lines held (else, or if
        it is blank, ``None``)."""
        source = self.source
        i = bisect.bisect_left(source, (line, ""))
        return source[i][1] if i < len(source) and source[i][0] == line else None


@dataclass
class Overlong:
    """A deal (or a record's opening) longer than the reader takes."""

    what: str
    """``"events"`` (more than :data:`MAX_DEAL_EVENTS`) or ``"lines"`` (more than
    :data:`MAX_DEAL_LINES`)."""
    line: int
    """The first event (or line) beyond the limit."""
    column: int
    deal: str | None
    """The deal's number as written, or ``None`` for the record's opening."""
    events: int = 0
    """Its events, counted to its end (those beyond the limit read, not held)."""
    lines: int = 0
    """Its lines (not blank), counted likewise."""
    text: str | None = None
    """The text of line :attr:`line`."""


class LineLexer:
    """Cuts numbered lines into records of tokens (see :meth:`records`).

    By default the tokens of a plain line (no comment, tag or quote) are remembered by its
    text and shared between its occurrences: only the first token of each line gets its own
    object and position, which is all the model needs. After a parse error the reader lexes
    the record again with ``precise=True``, where every token has its own line and column.
    """

    def __init__(
        self,
        *,
        precise: bool = False,
        refuses: Callable[[Tok, Sequence[Tok]], bool] | None = None,
        part_lines: int | None = None,
    ) -> None:
        self.precise = precise
        self.part_lines = part_lines
        """Given, a record is yielded in parts of whole deals: a part ends before the first
        deal line met once it holds ``part_lines`` lines (:attr:`RecordTokens.part`,
        :attr:`RecordTokens.more`), so that what is held of a long record is bounded by a part
        (and its longest deal), not by the record."""
        self.refuses = refuses
        """Whether no rule of the grammar accepts a line of these tokens (the first, and the
        rest ending in ``NL``); given, the lexer counts such lines (:attr:`RecordTokens.refused`)
        and holds no more of a record after :data:`MAX_REFUSED` of them."""

    def _plain_line(self, text: str) -> PlainLine | None:
        """The remembered tokens of a plain line; None if it is blank.

        The cache is shared by every lexer of the process and kept in two generations: when
        the young one is full it becomes the old one, and a line found in the old one moves
        back to the young. Lines in use stay; memory stays under twice ``CACHE_LINES``."""
        young = _YOUNG
        if text in young:
            return young[text]
        old = _OLD[0]
        entry: PlainLine | None
        if text in old:
            entry = old[text]
        else:
            toks: list[Tok] = []
            tokens_of_words(_plain_words(text, 0), 0, toks)
            if toks:
                last = toks[-1]
                toks.append(Tok("NL", "", 0, last.column + len(last.value)))
                entry = PlainLine(toks[0], tuple(toks[1:]))
            else:
                entry = None
        if len(text) > CACHE_WIDTH:
            return entry  # a long line is rarely repeated: not worth its memory
        if len(young) >= CACHE_LINES:
            _OLD[0] = dict(young)
            young.clear()
        young[text] = entry
        return entry

    def records(self, lines: Iterable[tuple[int, str]]) -> Iterator[RecordTokens]:
        """Yield the records in ``lines`` (pairs of line number and text without its line end).

        A record whose lines hold a fault the parser cannot see (a brace comment never closed)
        comes with ``problem`` set. A file of comments only gives one record with no tokens.

        Unless ``precise``, what is held of a record is bounded: a deal (or the opening) of
        more than :data:`MAX_DEAL_EVENTS` events or :data:`MAX_DEAL_LINES` lines is held up to
        that limit (:attr:`RecordTokens.overlong`), a record with :data:`MAX_REFUSED` lines
        that no rule accepts is held up to the last of them, and the rest of such a record is
        only read to find where the next record begins, and counted
        (:attr:`RecordTokens.skipped`). Blank lines are never held.
        """
        special = _SPECIAL.search
        plain_line = None if self.precise else self._plain_line
        cut_at = None if self.precise else self.part_lines  # a part's lines (see __init__)
        refuses = self.refuses
        bounded = not self.precise
        record: RecordTokens | None = None
        has_body = False  # the current record has a line other than a tag
        gap: list[str] = []  # comments standing alone since the last line with tokens
        blank_at: int | None = None  # how many of them came before the first blank line since
        held: LineTok | None = None  # the line whose comment a comment line here would continue
        # where its comments begin (line, column), read on its first line (held_line)
        held_at: list[tuple[int, int]] = []
        held_line = 0
        line_tokens: list[Tok] = []
        line_comments: list[str] = []
        comment_at: list[tuple[int, int]] = []  # where each of line_comments begins
        brace_text: list[str] = []
        brace_at: tuple[int, int] | None = None  # where a still-open brace comment began
        lineno = 0
        buffer: list[tuple[int, str]] = []  # lines held since the current record's first line
        buffer_start: int | None = None
        # The part of the record being read (its opening, or a deal): for the limits.
        events = 0  # its events
        part_lines = 0  # its lines of comments (or tags)
        deal: str | None = None  # its deal number as written (None: the opening)
        skipping = False  # the rest of the record is read only to find where it ends
        over: Overlong | None = None  # the part too long, while the rest of it is counted
        cont_tok: LineTok | None = None  # the last line whose comment lines below continue it
        cont: list[str] = []  # its continued comments, set on it once (not a line at a time)

        for lineno, text in lines:
            if buffer_start is None:
                buffer_start = lineno
            start = 0
            if skipping:
                assert record is not None and plain_line is not None
                if brace_at is None and special(text) is None:
                    # A plain line of a record not held: counted, never a record's start.
                    entry = plain_line(text)
                    if entry is not None:
                        if over is not None and entry.first.type == "DEAL":
                            over = None
                        _skip(record, over, lineno, event=True)
                        has_body = True
                    continue
            else:
                buffer.append((lineno, text))
            if brace_at is not None:
                close = text.find("}")
                if close < 0:
                    if skipping:
                        if text and not text.isspace():
                            _skip(record, over, lineno, event=False)  # type: ignore[arg-type]
                        continue
                    brace_text.append(text)
                    part_lines += 1
                    if part_lines > MAX_DEAL_LINES and bounded:
                        if record is None:
                            record = RecordTokens(line=buffer_start, first_line=buffer_start)
                        over = _overlong(
                            record, buffer, "lines", lineno, 1, deal, events, part_lines
                        )
                        skipping, gap, held, blank_at = True, [], None, None
                    continue
                brace_text.append(text[: close + 1])
                line_comments.append("\n".join(brace_text))
                comment_at.append(brace_at)
                brace_text = []
                brace_at = None
                start = close + 1

            if special(text, start) is None:
                if plain_line is not None and not start and not line_tokens:
                    # The fast path: a whole plain line, its tokens remembered.
                    entry = plain_line(text)
                    held = None
                    if entry is None:  # a blank line
                        buffer.pop()
                        if blank_at is None:
                            blank_at = len(gap)
                        continue
                    first = entry.first
                    if first.type == "DEAL":
                        events = part_lines = 0
                        deal = entry.rest[0].value
                    else:
                        events += 1
                        if events > MAX_DEAL_EVENTS:
                            if record is None:
                                record = RecordTokens(line=lineno, first_line=buffer_start)
                            column = first.column
                            over = _overlong(
                                record, buffer, "events", lineno, column, deal, events, part_lines
                            )
                            skipping, gap, held, blank_at = True, [], None, None
                            continue
                    tok: Tok = Tok(first.type, first.value, lineno, first.column)
                    if record is None:
                        record = RecordTokens(line=lineno, first_line=buffer_start)
                    elif blank_at:
                        _close(record, gap, blank_at, ends_record=False)
                    blank_at = None
                    if gap:
                        tok = LineTok(tok, (), tuple(gap))
                        gap = []
                    has_body = True
                    if (
                        first.type == "DEAL" and cut_at is not None and len(record.lines) >= cut_at
                    ):  # the part so far goes; this deal begins the next
                        if cont_tok is not None:
                            cont_tok.continued, cont_tok = tuple(cont), None
                        done, record, buffer = _next_part(record, buffer, lineno)
                        yield done
                    record.lines.append((tok, entry.rest, entry))
                    if (
                        entry.memo is None
                        and refuses is not None
                        and len(record.lines) > REFUSED_AFTER
                        and refuses(first, entry.rest)
                    ):
                        record.refused += 1
                        if record.refused >= MAX_REFUSED:
                            skipping, gap, held, blank_at = True, [], None, None
                    continue
                tokens_of_words(_plain_words(text, start), lineno, line_tokens)
            else:
                brace_at = _lex_careful(
                    text, start, lineno, line_tokens, line_comments, comment_at, brace_text
                )
                if brace_at is not None:
                    if skipping:
                        _skip(record, over, lineno, event=False)  # type: ignore[arg-type]
                    continue

            if line_tokens:
                first = line_tokens[0]
                if record is None or (has_body and first.type == "LBRACKET"):
                    first_line = buffer_start
                    if record is not None:
                        if cont_tok is not None:
                            cont_tok.continued, cont_tok = tuple(cont), None
                        if blank_at and not skipping:
                            _close(record, gap, blank_at, ends_record=True)
                        if skipping:
                            record.source, buffer = buffer, [(lineno, text)]
                        else:
                            record.source, buffer = buffer[:-1], buffer[-1:]
                        record.end_line = lineno - 1
                        first_line = buffer_start = lineno
                        yield record
                        events = part_lines = 0
                        deal = None
                        skipping, over = False, None
                    record = RecordTokens(line=first.line, first_line=first_line or lineno)
                    has_body = False
                    blank_at = None
                elif skipping:
                    if over is not None and first.type == "DEAL":
                        over = None
                    _skip(record, over, lineno, event=first.type != "LBRACKET")
                    has_body = has_body or first.type != "LBRACKET"
                    line_tokens, line_comments, comment_at = [], [], []
                    continue
                if first.type == "DEAL":
                    events = part_lines = 0
                    deal = line_tokens[1].value if len(line_tokens) > 1 else ""
                else:
                    if first.type == "LBRACKET":
                        part_lines += 1  # (a tag)
                    else:
                        events += 1
                    if bounded and (events > MAX_DEAL_EVENTS or part_lines > MAX_DEAL_LINES):
                        what = "events" if events > MAX_DEAL_EVENTS else "lines"
                        over = _overlong(
                            record, buffer, what, lineno, first.column, deal, events, part_lines
                        )
                        skipping, gap, held, blank_at = True, [], None, None
                        line_tokens, line_comments, comment_at = [], [], []
                        continue
                if blank_at:
                    _close(record, gap, blank_at, ends_record=False)
                blank_at = None
                if first.type != "LBRACKET":
                    has_body = True
                held = None
                if line_comments or gap:
                    held = LineTok(first, tuple(line_comments), tuple(gap))
                    line_tokens[0] = held
                    held_at, held_line = comment_at, first.line  # read if a comment follows
                    gap = []
                last = line_tokens[-1]
                line_tokens.append(Tok("NL", "", last.line, last.column + len(last.value)))
                rest = line_tokens[1:]
                if (
                    first.type == "DEAL" and cut_at is not None and len(record.lines) >= cut_at
                ):  # the part so far goes; this deal begins the next
                    if cont_tok is not None:
                        cont_tok.continued, cont_tok = tuple(cont), None
                    done, record, buffer = _next_part(record, buffer, lineno)
                    yield done
                record.lines.append((line_tokens[0], rest, None))
                if (
                    refuses is not None
                    and len(record.lines) > REFUSED_AFTER
                    and refuses(first, rest)
                ):
                    record.refused += 1
                    if record.refused >= MAX_REFUSED:
                        skipping, gap, held, blank_at = True, [], None, None
                line_tokens = []
                line_comments = []
                comment_at = []
            elif line_comments:
                if skipping:
                    _skip(record, over, lineno, event=False)  # type: ignore[arg-type]
                    line_comments, comment_at = [], []
                    continue
                part_lines += 1
                if part_lines > MAX_DEAL_LINES and bounded:
                    if record is None:
                        record = RecordTokens(line=comment_at[0][0], first_line=buffer_start)
                    column = comment_at[0][1]
                    over = _overlong(
                        record, buffer, "lines", lineno, column, deal, events, part_lines
                    )
                    skipping, gap, held, blank_at = True, [], None, None
                    line_comments, comment_at = [], []
                    continue
                column = comment_at[0][1]
                if held is not None and any(
                    col == column for ln, col in held_at if ln == held_line
                ):
                    if cont_tok is not held:
                        if cont_tok is not None:
                            cont_tok.continued = tuple(cont)
                        cont_tok, cont = held, list(held.continued)
                    cont.extend(line_comments)
                else:
                    held = None
                    gap.extend(line_comments)
                line_comments = []
                comment_at = []
            else:  # a blank line
                if not skipping:
                    buffer.pop()
                held = None
                if blank_at is None:
                    blank_at = len(gap)

        if brace_at is not None:
            if record is None:
                record = RecordTokens(line=brace_at[0], first_line=buffer_start or 1)
            record.problem = (
                "a brace comment opened here is never closed (no '}' before the end of the file)",
                brace_at[0],
                brace_at[1],
            )
        if record is None:
            if not gap:
                return
            record = RecordTokens(line=buffer_start or 1, first_line=buffer_start or 1)
        if cont_tok is not None:
            cont_tok.continued = tuple(cont)
        record.comments_after = tuple(gap)
        record.source = buffer
        record.end_line = lineno
        yield record


def _next_part(
    record: RecordTokens, buffer: list[tuple[int, str]], lineno: int
) -> tuple[RecordTokens, RecordTokens, list[tuple[int, str]]]:
    """``record`` ended as a part before line ``lineno`` (the last of ``buffer``, which begins
    the next part), more of its record to follow; the next part, begun; and its buffer."""
    record.source = buffer[:-1]
    record.end_line = lineno - 1
    record.more = True
    following = RecordTokens(line=record.line, first_line=lineno, part=record.part + 1)
    return record, following, buffer[-1:]


def _overlong(
    record: RecordTokens,
    buffer: list[tuple[int, str]],
    what: str,
    lineno: int,
    column: int,
    deal: str | None,
    events: int,
    lines: int,
) -> Overlong:
    """Note on ``record`` that its part (a deal, or the opening) is too long at line
    ``lineno``, which is not held (it is taken off ``buffer``) but counted as skipped."""
    text = buffer.pop()[1]
    over = Overlong(what, lineno, column, deal, events, lines, text)
    record.overlong = over
    record.skipped, record.skipped_line = 1, lineno
    return over


def _skip(record: RecordTokens, over: Overlong | None, lineno: int, *, event: bool) -> None:
    """Count line ``lineno`` (not blank) of a record that is not held; and, while the part too
    long goes on, as one of its lines (and events)."""
    if not record.skipped:
        record.skipped_line = lineno
    record.skipped += 1
    if over is not None:
        if event:
            over.events += 1
        else:
            over.lines += 1


def _close(record: RecordTokens, gap: list[str], count: int, *, ends_record: bool) -> None:
    """Give the first ``count`` comments of ``gap`` (those standing alone before a blank line)
    to what they follow: the record's last line, or the record itself if it ends there. They
    are taken out of ``gap``."""
    notes = tuple(gap[:count])
    del gap[:count]
    if ends_record:
        record.comments_after = notes
        return
    first, rest, plain = record.lines[-1]
    if not isinstance(first, LineTok):
        first = LineTok(first, (), ())
        record.lines[-1] = (first, rest, plain)
    first.after = notes


def _lex_careful(
    text: str,
    start: int,
    lineno: int,
    line_tokens: list[Tok],
    line_comments: list[str],
    comment_at: list[tuple[int, int]],
    brace_text: list[str],
) -> tuple[int, int] | None:
    """Lex a line that holds comments, tags or quotes, from ``start`` (each comment goes to
    ``line_comments``, the line and column where it begins to ``comment_at``). Returns where a brace
    comment that runs past the end of the line began (line, column), else ``None``."""
    if not line_tokens:
        m = _TAG_LINE.match(text, start)
        if m is not None:
            line_tokens.append(Tok("LBRACKET", "[", lineno, text.index("[", start) + 1))
            line_tokens.append(Tok("TAG_NAME", m.group(1), lineno, m.start(1) + 1))
            line_tokens.append(Tok("STRING", m.group(2), lineno, m.start(2) + 1))
            line_tokens.append(Tok("RBRACKET", "]", lineno, m.end()))
            start = m.end()
    words: list[tuple[str, int]] = []
    i = start
    n = len(text)
    open_at: tuple[int, int] | None = None
    tag_name_next = bool(line_tokens) and line_tokens[-1].type == "LBRACKET"
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch == ";":
            line_comments.append(text[i:].rstrip())
            comment_at.append((lineno, i + 1))
            break
        if ch == "{":
            close = text.find("}", i + 1)
            if close < 0:
                brace_text.append(text[i:])
                open_at = (lineno, i + 1)
                break
            line_comments.append(text[i : close + 1])
            comment_at.append((lineno, i + 1))
            i = close + 1
            continue
        if ch in "[]":
            tokens_of_words(words, lineno, line_tokens)
            words = []
            line_tokens.append(Tok("LBRACKET" if ch == "[" else "RBRACKET", ch, lineno, i + 1))
            i += 1
            tag_name_next = ch == "["  # the next word (after any comment) names the tag
            continue
        if ch == '"':  # a quoted value: up to the closing quote, escapes allowed
            tokens_of_words(words, lineno, line_tokens)
            words = []
            m = _STRING.match(text, i)
            if m is not None:
                line_tokens.append(Tok("STRING", m.group(), lineno, i + 1))
                i = m.end()
            else:
                line_tokens.append(Tok("WORD", text[i:].rstrip(), lineno, i + 1))
                i = n
            continue
        j = i + 1
        while j < n and not text[j].isspace() and text[j] not in ';{[]"':
            j += 1
        if tag_name_next and _TAG_NAME.fullmatch(text, i, j):
            tokens_of_words(words, lineno, line_tokens)
            words = []
            line_tokens.append(Tok("TAG_NAME", text[i:j], lineno, i + 1))
        else:
            words.append((text[i:j], i + 1))
        tag_name_next = False
        i = j
    tokens_of_words(words, lineno, line_tokens)
    return open_at
