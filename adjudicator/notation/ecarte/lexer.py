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

        What is done with each kind of line is in :class:`_Cutter`.
        """
        yield from _Cutter(self).records(lines)


class _Cutter:
    """The state of :meth:`LineLexer.records` between lines, and what it does with each kind of
    line (:meth:`records` takes a plain line itself, and gives :meth:`feed` every other line,
    which it tells apart):

    * a plain line, its tokens remembered (:meth:`records`: the fast path, most lines);
    * a line with tokens read afresh (:meth:`_token_line`): a tag line that follows any other
      line begins the next record (:meth:`_begin_record`); every such line counts towards the
      limits of its deal and is added to its record (:meth:`_take_line`);
    * on either kind, a deal line may end a part of a long record and begin the next
      (:meth:`_cut_part`), and the shape of a line is judged (:meth:`_judge`);
    * a line of comments only (:meth:`_comment_line`), a blank line (:meth:`_blank_line`), a
      line inside a brace comment (:meth:`_brace_goes_on`);
    * error recovery: a part too long (:meth:`_too_long`) or a record with too many lines no
      rule accepts is held no further, and the rest of it is only counted
      (:meth:`_skip_plain`, :meth:`_skip_tokens`) until the next record begins.
    """

    __slots__ = (
        "blank_at",
        "bounded",
        "brace_at",
        "brace_text",
        "buffer",
        "buffer_start",
        "comment_at",
        "cont",
        "cont_tok",
        "cut_at",
        "deal",
        "events",
        "gap",
        "has_body",
        "held",
        "held_at",
        "held_line",
        "line_comments",
        "line_tokens",
        "over",
        "part_lines",
        "plain_line",
        "record",
        "refuses",
        "skipping",
    )

    def __init__(self, lexer: LineLexer) -> None:
        self.plain_line = None if lexer.precise else lexer._plain_line
        self.cut_at = None if lexer.precise else lexer.part_lines  # a part's lines
        self.refuses = lexer.refuses
        self.bounded = not lexer.precise
        self.record: RecordTokens | None = None
        self.has_body = False  # the current record has a line other than a tag
        self.gap: list[str] = []  # comments standing alone since the last line with tokens
        self.blank_at: int | None = None  # how many of them came before the first blank since
        self.held: LineTok | None = None  # the line whose comment a comment line would continue
        # where its comments begin (line, column), read on its first line (held_line)
        self.held_at: list[tuple[int, int]] = []
        self.held_line = 0
        self.line_tokens: list[Tok] = []
        self.line_comments: list[str] = []
        self.comment_at: list[tuple[int, int]] = []  # where each of line_comments begins
        self.brace_text: list[str] = []
        self.brace_at: tuple[int, int] | None = None  # where a still-open brace comment began
        self.buffer: list[tuple[int, str]] = []  # lines held since the record's first line
        self.buffer_start: int | None = None
        # The part of the record being read (its opening, or a deal): for the limits.
        self.events = 0  # its events
        self.part_lines = 0  # its lines of comments (or tags)
        self.deal: str | None = None  # its deal number as written (None: the opening)
        self.skipping = False  # the rest of the record is read only to find where it ends
        self.over: Overlong | None = None  # the part too long, while the rest of it is counted
        self.cont_tok: LineTok | None = None  # the last line whose comment lines continue it
        self.cont: list[str] = []  # its continued comments, set on it once (not line by line)

    # -- the lines, one by one --------------------------------------------------------------

    def records(self, lines: Iterable[tuple[int, str]]) -> Iterator[RecordTokens]:
        """The records of ``lines`` (see :meth:`LineLexer.records`). The fast path, a whole
        plain line (no comment, tag or quote) of a record held and outside any brace comment,
        is taken here (most lines: a method call for each would cost the lexer some 3%)."""
        plain_line = self.plain_line
        special = _SPECIAL.search
        young = _YOUNG  # (the lines remembered lately, looked up here before plain_line)
        lineno = 0
        for lineno, text in lines:
            if (
                plain_line is None
                or self.brace_at is not None
                or self.skipping
                or special(text) is not None
            ):
                done = self.feed(lineno, text)
                if done is not None:
                    yield done
                continue
            entry = young[text] if text in young else plain_line(text)
            if self.buffer_start is None:
                self.buffer_start = lineno
            self.held = None
            if entry is None:  # a blank line (never held)
                if self.blank_at is None:
                    self.blank_at = len(self.gap)
                continue
            self.buffer.append((lineno, text))
            first = entry.first
            if first.type == "DEAL":
                self.events = self.part_lines = 0
                self.deal = entry.rest[0].value
            else:
                self.events += 1
                if self.events > MAX_DEAL_EVENTS:
                    self._too_many_events(lineno, first.column)
                    continue
            tok: Tok = Tok(first.type, first.value, lineno, first.column)
            record = self.record
            if record is None or self.blank_at is not None or self.gap:
                tok, record = self._placed(tok, lineno)
            self.has_body = True
            if (
                first.type == "DEAL"
                and self.cut_at is not None
                and len(record.lines) >= self.cut_at
            ):
                done, record = self._cut_part(record, lineno)
                yield done
            rest = entry.rest
            record.lines.append((tok, rest, entry))
            if (
                entry.memo is None
                and self.refuses is not None
                and len(record.lines) > REFUSED_AFTER
            ):
                self._judge(record, first, rest)
        last = self.finish(lineno)
        if last is not None:
            yield last

    def feed(self, lineno: int, text: str) -> RecordTokens | None:
        """Read one line (any but those :meth:`records` takes itself); the record (or part of
        one) that it ends, if it begins the next."""
        if self.buffer_start is None:
            self.buffer_start = lineno
        start = 0
        if self.skipping:
            assert self.record is not None and self.plain_line is not None
            if self.brace_at is None and _SPECIAL.search(text) is None:
                self._skip_plain(lineno, text)
                return None
        else:
            self.buffer.append((lineno, text))
        if self.brace_at is not None:
            start = self._brace_goes_on(lineno, text)
            if start < 0:
                return None
        if _SPECIAL.search(text, start) is None:
            # (a whole plain line comes here only if ``precise``; else the rest of a line
            # after a brace comment closed on it)
            tokens_of_words(_plain_words(text, start), lineno, self.line_tokens)
        elif self._careful(lineno, text, start):
            return None  # a brace comment goes on below: the line goes on with it
        if self.line_tokens:
            return self._token_line(lineno, text)
        if self.line_comments:
            self._comment_line(lineno)
        else:
            self._blank_line()
        return None

    def _careful(self, lineno: int, text: str, start: int) -> bool:
        """Lex a line with comments, tags or quotes from ``start``; whether a brace comment
        opened on it runs past its end."""
        self.brace_at = brace_at = _lex_careful(
            text,
            start,
            lineno,
            self.line_tokens,
            self.line_comments,
            self.comment_at,
            self.brace_text,
        )
        if brace_at is None:
            return False
        if self.skipping:
            _skip(self.record, self.over, lineno, event=False)  # type: ignore[arg-type]
        return True

    def _brace_goes_on(self, lineno: int, text: str) -> int:
        """A line read while a brace comment is open: where the rest of it begins after the
        ``}`` that closes the comment, or ``-1`` if the comment runs past it."""
        close = text.find("}")
        if close < 0:
            if self.skipping:
                if text and not text.isspace():
                    _skip(self.record, self.over, lineno, event=False)  # type: ignore[arg-type]
                return -1
            self.brace_text.append(text)
            self.part_lines += 1
            if self.part_lines > MAX_DEAL_LINES and self.bounded:
                if self.record is None:
                    start = self._start()
                    self.record = RecordTokens(line=start, first_line=start)
                self._too_long("lines", lineno, 1)
            return -1
        self.brace_text.append(text[: close + 1])
        self.line_comments.append("\n".join(self.brace_text))
        self.comment_at.append(self.brace_at)  # type: ignore[arg-type]
        self.brace_text = []
        self.brace_at = None
        return close + 1

    def _placed(self, tok: Tok, lineno: int) -> tuple[Tok, RecordTokens]:
        """A plain line (``tok`` its first token) after a blank line or comments standing
        alone, or the record's first: the comments before the blank line go to the line above,
        those after it to this line (its first token, returned with the record)."""
        record = self.record
        if record is None:
            record = self.record = RecordTokens(line=lineno, first_line=self._start())
        elif self.blank_at:
            _close(record, self.gap, self.blank_at, ends_record=False)
        self.blank_at = None
        if self.gap:
            tok = LineTok(tok, (), tuple(self.gap))
            self.gap = []
        return tok, record

    def _token_line(self, lineno: int, text: str) -> RecordTokens | None:
        """A line with tokens lexed afresh (``line_tokens``); the record (or part) it ends."""
        first = self.line_tokens[0]
        done = None
        if self.record is None or (self.has_body and first.type == "LBRACKET"):
            done = self._begin_record(lineno, text, first)
        elif self.skipping:
            self._skip_tokens(lineno, first)
            return None
        part = self._take_line(lineno, first)
        return part if done is None else done

    def _begin_record(self, lineno: int, text: str, first: Tok) -> RecordTokens | None:
        """Line ``lineno`` begins a record: the record before it ends (it is returned), with
        the comments standing alone after its last line up to a blank line."""
        first_line = self._start()
        done = self.record
        if done is not None:
            self._end_continued()
            if self.blank_at and not self.skipping:
                _close(done, self.gap, self.blank_at, ends_record=True)
            if self.skipping:
                done.source, self.buffer = self.buffer, [(lineno, text)]
            else:
                done.source, self.buffer = self.buffer[:-1], self.buffer[-1:]
            done.end_line = lineno - 1
            first_line = self.buffer_start = lineno
            self.events = self.part_lines = 0
            self.deal = None
            self.skipping, self.over = False, None
        self.record = RecordTokens(line=first.line, first_line=first_line or lineno)
        self.has_body = False
        self.blank_at = None
        return done

    def _take_line(self, lineno: int, first: Tok) -> RecordTokens | None:
        """Count the line of ``line_tokens`` towards the limits of its deal (or the opening),
        give it its comments, and hold it; the part of the record it ends, if any."""
        record = self.record
        assert record is not None
        tokens = self.line_tokens
        if first.type == "DEAL":
            self.events = self.part_lines = 0
            self.deal = tokens[1].value if len(tokens) > 1 else ""
        else:
            if first.type == "LBRACKET":
                self.part_lines += 1  # (a tag)
            else:
                self.events += 1
            if self.bounded and (self.events > MAX_DEAL_EVENTS or self.part_lines > MAX_DEAL_LINES):
                what = "events" if self.events > MAX_DEAL_EVENTS else "lines"
                self._too_long(what, lineno, first.column)
                self._clear_line()
                return None
        if self.blank_at:
            _close(record, self.gap, self.blank_at, ends_record=False)
        self.blank_at = None
        if first.type != "LBRACKET":
            self.has_body = True
        self.held = None
        if self.line_comments or self.gap:
            held = self.held = LineTok(first, tuple(self.line_comments), tuple(self.gap))
            tokens[0] = held
            # read if a comment line follows
            self.held_at, self.held_line = self.comment_at, first.line
            self.gap = []
        last = tokens[-1]
        tokens.append(Tok("NL", "", last.line, last.column + len(last.value)))
        done = None
        if first.type == "DEAL" and self.cut_at is not None and len(record.lines) >= self.cut_at:
            done, record = self._cut_part(record, lineno)
        rest = tokens[1:]
        record.lines.append((tokens[0], rest, None))
        if self.refuses is not None and len(record.lines) > REFUSED_AFTER:
            self._judge(record, first, rest)
        self._clear_line()
        return done

    def _cut_part(self, record: RecordTokens, lineno: int) -> tuple[RecordTokens, RecordTokens]:
        """The deal line ``lineno`` (the last line of ``buffer``) comes once the part being
        read holds ``cut_at`` lines: the part ends before it, more of its record to follow, and
        the deal begins the next part. Returns the part ended, and the next."""
        self._end_continued()
        done, following, self.buffer = _next_part(record, self.buffer, lineno)
        self.record = following
        return done, following

    def _judge(self, record: RecordTokens, first: Tok, rest: Sequence[Tok]) -> None:
        """Count the line just held (``first`` its first token as lexed, ``rest`` the others)
        if no rule of the grammar accepts its shape; past :data:`MAX_REFUSED` such lines the
        record is held no further."""
        assert self.refuses is not None
        if self.refuses(first, rest):
            record.refused += 1
            if record.refused >= MAX_REFUSED:
                self._stop_holding()

    def _comment_line(self, lineno: int) -> None:
        """A line of comments only (``line_comments``): it continues the comment of the line
        above (:meth:`_continues`), or stands alone, placed when a blank line or the next
        line with tokens tells where."""
        if self.skipping:
            _skip(self.record, self.over, lineno, event=False)  # type: ignore[arg-type]
            self.line_comments, self.comment_at = [], []
            return
        self.part_lines += 1
        if self.part_lines > MAX_DEAL_LINES and self.bounded:
            if self.record is None:
                self.record = RecordTokens(line=self.comment_at[0][0], first_line=self._start())
            self._too_long("lines", lineno, self.comment_at[0][1])
            self.line_comments, self.comment_at = [], []
            return
        if not self._continues(self.comment_at[0][1]):
            self.held = None
            self.gap.extend(self.line_comments)
        self.line_comments = []
        self.comment_at = []

    def _continues(self, column: int) -> bool:
        """Whether the comment line that begins in ``column`` continues the comment of the
        line held (one of whose comments begins in that column); if so it is kept for it."""
        held = self.held
        if held is None or not any(
            col == column for ln, col in self.held_at if ln == self.held_line
        ):
            return False
        if self.cont_tok is not held:
            if self.cont_tok is not None:
                self.cont_tok.continued = tuple(self.cont)
            self.cont_tok, self.cont = held, list(held.continued)
        self.cont.extend(self.line_comments)
        return True

    def _blank_line(self) -> None:
        """A blank line (or one that holds only the end of a brace comment)."""
        if not self.skipping:
            self.buffer.pop()
        self.held = None
        if self.blank_at is None:
            self.blank_at = len(self.gap)

    # -- error recovery -----------------------------------------------------------------------

    def _too_long(self, what: str, lineno: int, column: int) -> None:
        """The part being read (a deal, or the opening) goes past a limit at line ``lineno``
        (``what``: ``"events"`` or ``"lines"``): the record is held no further."""
        record = self.record
        assert record is not None
        self.over = _overlong(
            record, self.buffer, what, lineno, column, self.deal, self.events, self.part_lines
        )
        self._stop_holding()

    def _too_many_events(self, lineno: int, column: int) -> None:
        """A plain line, at ``lineno``, is one event more than the part being read may have."""
        if self.record is None:
            self.record = RecordTokens(line=lineno, first_line=self._start())
        self._too_long("events", lineno, column)

    def _stop_holding(self) -> None:
        """Hold no more of the record: the rest of it is only counted, up to the next record."""
        self.skipping, self.gap, self.held, self.blank_at = True, [], None, None

    def _skip_plain(self, lineno: int, text: str) -> None:
        """A plain line of a record not held: counted, never a record's start."""
        assert self.plain_line is not None
        entry = self.plain_line(text)
        if entry is not None:
            if self.over is not None and entry.first.type == "DEAL":
                self.over = None
            _skip(self.record, self.over, lineno, event=True)  # type: ignore[arg-type]
            self.has_body = True

    def _skip_tokens(self, lineno: int, first: Tok) -> None:
        """A line with tokens (``first`` the first) of a record not held: counted."""
        if self.over is not None and first.type == "DEAL":
            self.over = None
        _skip(self.record, self.over, lineno, event=first.type != "LBRACKET")  # type: ignore[arg-type]
        self.has_body = self.has_body or first.type != "LBRACKET"
        self._clear_line()

    # -- helpers -------------------------------------------------------------------------------

    def _start(self) -> int:
        """The first line read for the record being read (blank or not)."""
        assert self.buffer_start is not None
        return self.buffer_start

    def _clear_line(self) -> None:
        """Forget the line read (new lists: ``held_at`` may be the old ``comment_at``)."""
        self.line_tokens, self.line_comments, self.comment_at = [], [], []

    def _end_continued(self) -> None:
        """Give the last line whose comment the lines below continue its comments."""
        if self.cont_tok is not None:
            self.cont_tok.continued, self.cont_tok = tuple(self.cont), None

    def finish(self, lineno: int) -> RecordTokens | None:
        """The last record, at the end of the lines (``lineno`` the last); ``None`` if there is
        nothing in them."""
        record = self.record
        start = self.buffer_start
        if self.brace_at is not None:
            if record is None:
                record = RecordTokens(line=self.brace_at[0], first_line=start or 1)
            record.problem = (
                "a brace comment opened here is never closed (no '}' before the end of the file)",
                self.brace_at[0],
                self.brace_at[1],
            )
        if record is None:
            if not self.gap:
                return None
            record = RecordTokens(line=start or 1, first_line=start or 1)
        self._end_continued()
        record.comments_after = tuple(self.gap)
        record.source = self.buffer
        record.end_line = lineno
        return record


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
        start = _lex_tag_line(text, start, lineno, line_tokens)
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
        if ch == ";" or ch == "{":
            i, open_at = _lex_comment(text, i, lineno, line_comments, comment_at, brace_text)
            continue
        if ch in '[]"':
            tokens_of_words(words, lineno, line_tokens)
            words = []
            if ch == '"':
                i = _lex_quoted(text, i, lineno, line_tokens)
                continue
            line_tokens.append(Tok("LBRACKET" if ch == "[" else "RBRACKET", ch, lineno, i + 1))
            i += 1
            tag_name_next = ch == "["  # the next word (after any comment) names the tag
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


def _lex_tag_line(text: str, start: int, lineno: int, line_tokens: list[Tok]) -> int:
    """If ``text`` from ``start`` begins with a whole tag ``[Name "value"]``, its four tokens
    go to ``line_tokens``; where the rest of the line begins."""
    m = _TAG_LINE.match(text, start)
    if m is None:
        return start
    line_tokens.append(Tok("LBRACKET", "[", lineno, text.index("[", start) + 1))
    line_tokens.append(Tok("TAG_NAME", m.group(1), lineno, m.start(1) + 1))
    line_tokens.append(Tok("STRING", m.group(2), lineno, m.start(2) + 1))
    line_tokens.append(Tok("RBRACKET", "]", lineno, m.end()))
    return m.end()


def _lex_comment(
    text: str,
    i: int,
    lineno: int,
    line_comments: list[str],
    comment_at: list[tuple[int, int]],
    brace_text: list[str],
) -> tuple[int, tuple[int, int] | None]:
    """The comment that begins at index ``i`` (``;`` or ``{``) goes to ``line_comments`` (or,
    a brace comment not closed on this line, to ``brace_text``). Returns where the line goes on
    after it, and where a brace comment that runs past the end of the line began."""
    if text[i] == ";":
        line_comments.append(text[i:].rstrip())
        comment_at.append((lineno, i + 1))
        return len(text), None
    close = text.find("}", i + 1)
    if close < 0:
        brace_text.append(text[i:])
        return len(text), (lineno, i + 1)
    line_comments.append(text[i : close + 1])
    comment_at.append((lineno, i + 1))
    return close + 1, None


def _lex_quoted(text: str, i: int, lineno: int, line_tokens: list[Tok]) -> int:
    """A quoted value at index ``i``: up to the closing quote, escapes allowed (a ``STRING``),
    or, never closed, the rest of the line (a ``WORD``). Returns where the line goes on."""
    m = _STRING.match(text, i)
    if m is not None:
        line_tokens.append(Tok("STRING", m.group(), lineno, i + 1))
        return m.end()
    line_tokens.append(Tok("WORD", text[i:].rstrip(), lineno, i + 1))
    return len(text)
