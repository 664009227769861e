"""Reading records of the Piquet Transcript Notation: text or files in, :class:`Record` values
out, one record at a time.

The generic machinery (:mod:`adjudicator.notation.lines`) decodes the input, cuts it into
records and lines and puts every comment with its line; here each tag line becomes a
:class:`Tag`, each other line is read alone into its model, and the headings ``partie`` and
``deal`` group the events. A line of the frequent forms is read by the fast path of word
lookups (:mod:`~adjudicator.notation.piquet.fast`); any other line, and every line with a
fault, by the grammar's LALR parser (start rule ``line``) and its builder.
Memory is bounded by the largest record; a record's errors are all reported (up to
:data:`~adjudicator.notation.errors.MAX_ERRORS`), each located ``path:line:col``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from lark import Lark, Token, Tree, UnexpectedInput, UnexpectedToken
from lark.exceptions import VisitError

from adjudicator.notation.errors import MAX_ERRORS, NotationError
from adjudicator.notation.lines import (
    WHITESPACE,
    RecordLines,
    Source,
    TextLine,
    physical_lines,
    records,
    source_name,
)
from adjudicator.notation.numbers import number_problem
from adjudicator.notation.piquet.build import build
from adjudicator.notation.piquet.fast import fast_line
from adjudicator.notation.piquet.grammar import grammar_text, keywords
from adjudicator.notation.piquet.hints import in_words, word_hint
from adjudicator.notation.piquet.model import Deal, Event, Partie, Record, Tag
from adjudicator.notation.piquet.tokens import BuildError

GAME = "piquet"
"""What the ``Game`` tag of a record of this notation says."""

CACHE_LINES = 4096
"""How many distinct lines the parser remembers (lines repeat: ``B: good``, ``A: 9``)."""

_OPENING = ["tags", "a cut for deal (cut A AS B 9D)", "a deal (deal 1 B)"]


@functools.cache
def parser() -> Lark:
    """The grammar's LALR parser, with Lark's contextual lexer, for both start rules:
    ``line`` (what the reader parses) and ``record`` (a whole record, comments ignored)."""
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=["line", "record"],
        propagate_positions=True,
        maybe_placeholders=False,
    )


@dataclass(frozen=True, slots=True)
class _Fault:
    """A line's fault, found once for every line of the same text."""

    message: str
    column: int
    width: int
    expected: list[str] = field(default_factory=list)
    hint: str | None = None


_CACHE: dict[str, Any] = {}


def parse_line(code: str) -> Any:
    """The model of a line's code (an event, or an empty heading), with no position and no
    comments; or the line's fault (a :class:`_Fault`). The fast path reads the frequent line
    forms (:func:`~adjudicator.notation.piquet.fast.fast_line`); the grammar every other line,
    and every line with a fault."""
    found = _CACHE.get(code)
    if found is not None:
        return found
    result = fast_line(code)
    if result is None:
        result = grammar_line(code)
    if len(_CACHE) >= CACHE_LINES:
        _CACHE.clear()
    _CACHE[code] = result
    return result


def grammar_line(code: str) -> Any:
    """What :func:`parse_line` gives for ``code``, read by the grammar's parser alone (no fast
    path, no cache)."""
    try:
        tree: Tree[Token] = parser().parse(code, start="line")
        result: Any = build(tree)
    except VisitError as e:
        error = e.orig_exc
        if not isinstance(error, BuildError):
            raise
        result = _Fault(error.message, error.column, error.width, [], error.hint)
    except UnexpectedInput as e:
        result = _explain(e, code)
    return result


def _word_at(code: str, column: int) -> tuple[str, int]:
    """The word (text between spaces) at ``column`` of ``code``, and the column it begins."""
    i = max(0, min(column - 1, len(code) - 1))
    start = i
    while start > 0 and code[start - 1] not in WHITESPACE:
        start -= 1
    end = i
    while end < len(code) and code[end] not in WHITESPACE:
        end += 1
    return code[start:end], start + 1


_UNKNOWN = frozenset({"TAG_NAME", "STRING", "LBRACKET", "RBRACKET"})
"""Terminals of the tag lines: a word read as one of them in an event line is a word the
notation does not know."""


def _explain(e: UnexpectedInput, code: str) -> _Fault:
    """A parse error of one line, in words."""
    names: set[str] = set()
    if isinstance(e, UnexpectedToken):
        names = set(e.accepts or e.expected)
        expected = in_words(names)
        if e.token.type == "$END":
            end = len(code.rstrip(WHITESPACE)) + 1
            return _Fault("the line ends too soon", end, 1, expected, None)
    else:
        names = set(getattr(e, "allowed", None) or ())
        expected = in_words(names)
    column = e.column if isinstance(e.column, int) and e.column > 0 else 1
    word, start = _word_at(code, column)
    if word.lower() in keywords() or (
        isinstance(e, UnexpectedToken) and e.token.type not in _UNKNOWN
    ):
        return _Fault(f"'{word}' is not expected here", start, len(word), expected, None)
    if word and all(c.isdigit() or c.isnumeric() for c in word.rstrip(".")):
        problem = number_problem(word.rstrip("."))
        return _Fault(problem or f"'{word}' is not a number", start, len(word), expected, None)
    what = f"unknown word '{word}'" if word else "unexpected character"
    return _Fault(what, start, max(1, len(word)), expected, word_hint(word, names))


# --------------------------------------------------------------------------------------------
#  Records
# --------------------------------------------------------------------------------------------


def read(source: Source, *, path: str | None = None) -> Iterator[Record]:
    """Yield the records in ``source``, one by one; raise :class:`NotationError` at the first
    that cannot be read (the records before it have been yielded)."""
    for item in read_each(source, path=path):
        if isinstance(item, NotationError):
            raise item
        yield item


def read_one(source: Source, *, path: str | None = None) -> Record:
    """The single record in ``source``: a :class:`NotationError` if it holds another number of
    records, or its record cannot be read."""
    found = list(read(source, path=path))
    if len(found) != 1:
        raise NotationError(
            f"expected one record, found {len(found)}",
            path=source_name(source, path),
            expected=["one record"],
        )
    return found[0]


def read_each(source: Source, *, path: str | None = None) -> Iterator[Record | NotationError]:
    """Yield each record in ``source``, or a :class:`NotationError` (carrying every error of
    that record) in place of one that cannot be read; go on past it to the next."""
    name = source_name(source, path)
    seen = False
    for lines in records(physical_lines(source, path), name):
        seen = True
        yield _record(lines, name)
    if not seen:
        yield NotationError("empty file: no record in it", path=name, expected=_OPENING)


def _located(fault: _Fault, line: TextLine, name: str, record_line: int) -> NotationError:
    return NotationError(
        fault.message,
        path=name,
        line=line.number,
        column=fault.column,
        width=fault.width,
        source=line.source,
        expected=fault.expected,
        hint=fault.hint,
        record_line=record_line,
    )


def _record(lines: RecordLines, name: str) -> Record | NotationError:
    """The record of ``lines``, or every error of it."""
    errors = list(lines.errors)
    tags: list[Tag] = []
    items: list[Any] = []
    unchecked, unchecked_line = 0, 0
    start = lines.lines[0].number if lines.lines else lines.first_line
    for line in lines.lines:
        if len(errors) >= MAX_ERRORS:
            unchecked += 1
            unchecked_line = unchecked_line or line.number
            continue
        where = {"line": line.number, "column": line.column, **line.comment_fields()}
        if line.is_tag:
            if line.tag is not None:
                tag = Tag(name=line.tag[0], value=line.tag[1], **where)
                fault = _tag_fault(tag, line)
                if fault is not None:
                    errors.append(_located(fault, line, name, start))
                tags.append(tag)
            continue
        built = parse_line(line.code)
        if isinstance(built, _Fault):
            errors.append(_located(built, line, name, start))
            continue
        items.append(built.model_copy(update=where))
    if errors:
        errors.sort(key=lambda e: (e.line, e.column))
        return NotationError.of_record(
            errors[:MAX_ERRORS], unchecked=unchecked, unchecked_line=unchecked_line
        )
    if not lines.lines:
        return NotationError(
            "no record here: only comments",
            path=name,
            line=lines.first_line,
            expected=_OPENING,
        )
    return Record(
        line=start,
        tags=tuple(tags),
        parties=_parties(items),
        comments_after=tuple(lines.comments_after),
    )


def _tag_fault(tag: Tag, line: TextLine) -> _Fault | None:
    """What is wrong with a tag whose value the notation reads: ``Game`` and ``Partie``."""
    at = line.code.find('"') + 1
    width = max(1, len(line.code.rstrip(WHITESPACE)) - at)
    if tag.name == "Game" and tag.value.strip().lower() != GAME:
        return _Fault(
            f'the record is of the game "{tag.value}", not of piquet',
            at,
            width,
            ['[Game "piquet"]'],
            'a record of the Piquet Transcript Notation says [Game "piquet"], or no Game tag',
        )
    if tag.name == "Partie":
        problem = number_problem(tag.value)
        if problem is not None:
            return _Fault(
                f"the Partie tag gives the deals of a partie: {problem}",
                at,
                width,
                ['[Partie "6"]', '[Partie "4"]'],
                "law 71: a partie is six deals, or four by agreement",
            )
    return None


def _parties(items: list[Any]) -> tuple[Partie, ...]:
    """Group a record's events under their headings."""
    parties: list[Partie] = []
    partie: Partie | None = None
    opening: list[Event] = []
    deals: list[Deal] = []
    deal: Deal | None = None
    events: list[Event] = []

    def close_deal() -> None:
        nonlocal deal, events
        if deal is not None:
            deals.append(deal.model_copy(update={"events": tuple(events)}))
        deal, events = None, []

    def close_partie() -> None:
        nonlocal partie, opening, deals
        close_deal()
        if partie is not None or opening or deals:
            heading = partie if partie is not None else Partie()
            parties.append(
                heading.model_copy(update={"opening": tuple(opening), "deals": tuple(deals)})
            )
        partie, opening, deals = None, [], []

    for item in items:
        if isinstance(item, Partie):
            close_partie()
            partie = item
        elif isinstance(item, Deal):
            close_deal()
            deal = item
        elif deal is not None:
            events.append(item)
        else:
            opening.append(item)
    close_partie()
    return tuple(parties)
