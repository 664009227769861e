"""Reading records: text or files in, :class:`~adjudicator.notation.ecarte.model.Record` values out,
one at a time.

The reader streams: it decodes a file line by line, the line lexer cuts the lines into records,
and Lark's LALR parser builds each record's model as it parses (the inline transformer of
:mod:`adjudicator.notation.ecarte.builder`). Memory is bounded by the largest record, not by the
file.

Two entry points:

* :func:`read` yields records and raises :class:`NotationError` at the first bad one;
* :func:`read_each` yields a record or a :class:`NotationError` for every record in the
  input and goes on past bad ones, as a batch must.
"""

from __future__ import annotations

import functools
import io
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol, cast

from lark import Lark, UnexpectedInput, UnexpectedToken
from lark.common import LexerConf
from lark.lexer import Lexer

from adjudicator.notation.ecarte.builder import Builder, BuildError
from adjudicator.notation.ecarte.glossary import gloss_hint
from adjudicator.notation.ecarte.grammar import grammar_text
from adjudicator.notation.ecarte.hints import (
    in_words,
    looks_like_card,
    match_mistake,
    word_hint,
)
from adjudicator.notation.ecarte.lexer import MAX_DEAL_EVENTS as MAX_DEAL_EVENTS
from adjudicator.notation.ecarte.lexer import MAX_DEAL_LINES as MAX_DEAL_LINES
from adjudicator.notation.ecarte.lexer import (
    LineLexer,
    RecordTokens,
    Tok,
)
from adjudicator.notation.ecarte.model import Deal, Record
from adjudicator.notation.ecarte.shapes import build_record, refused
from adjudicator.notation.errors import MAX_ERRORS, NotationError
from adjudicator.notation.numbers import is_number, number

MAX_LINE_BYTES = 100_000
"""The longest line the reader accepts. No line of the notation needs a tenth of this; a longer
one is reported (and skipped, a block at a time) rather than read into memory."""

MAX_SKIP_BYTES = 16 << 20
"""How far the reader reads a line too long looking for its end. An input with a longer line
(``/dev/zero``, an endless stream) is reported there, and the rest of it is not read."""

Source = str | os.PathLike[str] | IO[bytes] | IO[str]
"""What the reader reads: a ``str`` is the text of records; a path names a file; an open file
(binary or text) is read from where it stands."""


# --------------------------------------------------------------------------------------------
#  The grammar and the parser
# --------------------------------------------------------------------------------------------


class _TokenFeed(Lexer):
    """Hands Lark the tokens the line lexer already made for one record."""

    def __init__(self, lexer_conf: LexerConf) -> None:
        pass

    # Lark calls a custom lexer of its older interface with what was given to ``parse``.
    def lex(self, data: list[Tok]) -> Iterator[Tok]:  # type: ignore[override]
        return iter(data)


@functools.cache
def _parser() -> tuple[Lark, Builder]:
    builder = Builder()
    options: dict[str, object] = {
        "parser": "lalr",
        "lexer": _TokenFeed,
        "start": "record",
        "transformer": builder,
        "maybe_placeholders": False,
    }
    cache = _cache_file()
    try:
        lark = Lark(grammar_text(), cache=str(cache), **options) if cache else None
    except Exception:  # an unusable cache is no error: the tables are built anew
        lark = None
    if lark is None:
        lark = Lark(grammar_text(), **options)
    _plain_rule_names(lark)
    return lark, builder


def _cache_file() -> Path | None:
    """Where the parser's tables are kept between runs (building them takes a command's
    start-up twice as long): in the user's own cache folder (``$XDG_CACHE_HOME``, else
    ``~/.cache``), never a shared one, since the file is unpickled. Lark checks that the file
    was made from this grammar, these options and this Lark; ``None`` when no such folder can
    be had, or ``ECARTE_NO_CACHE`` is set."""
    if os.environ.get("ECARTE_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "ecarte-adjudicator"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if folder.stat().st_uid != os.getuid() or not os.access(folder, os.W_OK):
            return None
    except OSError:
        return None
    return folder / "parser.lark"


def _plain_rule_names(lark: Lark) -> None:
    """Make the rule names Lark looks up after each reduction plain ``str`` (they are
    ``lark.Token`` objects, whose ``__eq__`` is Python code run on every dictionary probe)."""
    for actions in lark.parser.parser.parser.parse_table.states.values():
        for action, arg in actions.values():
            if action.name == "Reduce":
                arg.origin.name = str.__new__(str, arg.origin.name)


def reference_parser() -> Lark:
    """The same grammar with Lark's own contextual lexer (comments ignored). Used to check
    that the line lexer and the grammar's terminals define the same language."""
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start="record",
        transformer=Builder(),
        maybe_placeholders=False,
    )


# --------------------------------------------------------------------------------------------
#  Lines from bytes
# --------------------------------------------------------------------------------------------


class _Unreadable(Exception):
    """The input is not text at all (binary, UTF-16): nothing more can be read from it."""

    def __init__(self, error: NotationError) -> None:
        super().__init__(error.message)
        self.error = error


BLOCK_BYTES = 1 << 16
"""How much of a file the reader decodes at a time."""


def _lines_of_bytes(
    stream: IO[bytes], path: str, problems: list[NotationError], first_line: int = 1
) -> Iterator[tuple[int, str]]:
    """Decode a byte stream into numbered lines. A line that cannot be decoded, or is too long,
    is put in ``problems`` and given to the lexer as blank; a binary file stops the reading.
    The first line is numbered ``first_line`` (a part of a file read on its own).

    The stream is read a block at a time, and a block of whole lines that is plain UTF-8
    (no NUL, no line near the limit) is decoded at once; any other block goes line by line
    through :func:`_careful_lines`, which finds and reports what is wrong."""
    lineno = first_line - 1
    read = stream.read
    pending = b""
    at_start = True
    while True:
        block = read(BLOCK_BYTES)
        data = pending + block if pending else block
        if block:
            # after the last line end (LF, or a CR: not the last byte, which may begin a CR LF)
            cut = max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1)) + 1
            if not cut:
                if len(data) > MAX_LINE_BYTES:  # a line too long: the careful way reports it
                    rest = _Joined(data, stream)
                    yield from _careful_lines(rest, path, problems, lineno + 1, at_start)
                    return
                pending = data
                continue
            body, pending = (data, b"") if cut == len(data) else (data[:cut], data[cut:])
        elif data:
            body, pending = data, b""
        else:
            return
        bom = at_start and body.startswith(b"\xef\xbb\xbf")
        text = None
        if not (at_start and body.startswith((b"\xff\xfe", b"\xfe\xff"))):  # UTF-16
            text = _plain_text(body[3:] if bom else body)
        if text is None:
            for item in _careful_lines(io.BytesIO(body), path, problems, lineno + 1, at_start):
                lineno = item[0]
                yield item
        else:
            split = _split_lines(text) or [""]  # (a file of a byte-order mark alone)
            yield from enumerate(split, lineno + 1)
            lineno += len(split)
        at_start = False


def _plain_text(body: bytes) -> str | None:
    """``body`` decoded, if it is plain UTF-8 with no NUL and no line near the length limit;
    else ``None``."""
    if b"\0" in body:
        return None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(body) > MAX_LINE_BYTES // 4 and max(map(len, text.split("\n"))) > MAX_LINE_BYTES // 4:
        return None
    return text


class _Joined:
    """Bytes already read, then the rest of the stream, read line by line."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        self.head = io.BytesIO(head)
        self.stream = stream

    def readline(self, limit: int = -1) -> bytes:
        line = self.head.readline(limit)
        if line.endswith(b"\n") or (limit >= 0 and len(line) >= limit):
            return line
        more = self.stream.readline(limit - len(line) if limit >= 0 else -1)
        return line + more


class _Readable(Protocol):
    """A byte stream read a line at a time (at most ``limit`` bytes, if given)."""

    def readline(self, limit: int = -1, /) -> bytes: ...


def _careful_lines(
    stream: _Readable, path: str, problems: list[NotationError], first_line: int, at_start: bool
) -> Iterator[tuple[int, str]]:
    """Decode a byte stream line by line, finding what is wrong with each line. At the start of
    a file (``at_start``), a byte-order mark is dropped and UTF-16 is recognised."""
    lineno = first_line - 1
    readline = stream.readline
    while True:
        raw = readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        lineno += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            length = 0
            more = raw
            while True:  # the rest of the line, a block at a time, never held
                if b"\0" in more:
                    raise _Unreadable(_binary(path, lineno, length + more.index(b"\0") + 1))
                length += len(more)
                if not more or more.endswith(b"\n"):
                    break
                if length >= MAX_SKIP_BYTES:
                    raise _Unreadable(_endless(path, lineno))
                more = readline(1 << 20)
            _note(problems, _too_long(path, lineno, f"{length:,} bytes long"))
            yield lineno, _placeholder(raw)
            continue
        for i, part in enumerate(_line_parts(raw)):
            lineno += i > 0
            first = at_start and lineno == first_line
            try:
                item = _careful_line(part, lineno, path, problems, first)
            except _Unreadable:
                if part.lstrip().startswith(b"["):
                    # A tag line: the record before it is whole; let the lexer end it first.
                    yield lineno, _placeholder(part)
                raise
            if item is not None:
                yield item


def _line_parts(raw: bytes) -> list[bytes]:
    """A line as read up to LF, without its line end, cut at each lone CR: a line ends at LF,
    CR LF, or CR alone (as in Python's universal newlines), whether read from bytes or a str."""
    if raw.endswith(b"\n"):
        raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
    elif raw.endswith(b"\r"):
        raw = raw[:-1]
    return raw.split(b"\r") if b"\r" in raw else [raw]


def _careful_line(
    raw: bytes, lineno: int, path: str, problems: list[NotationError], first: bool
) -> tuple[int, str] | None:
    """One line (without its line end): its text, or its placeholder with the problem recorded.
    ``first``: the file's first line, where a byte-order mark may stand."""
    if first:
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        elif raw.startswith((b"\xff\xfe", b"\xfe\xff")):
            raise _Unreadable(
                NotationError(
                    "the file is UTF-16 text; records must be UTF-8",
                    path=path,
                    hint="convert it, e.g. iconv -f UTF-16 -t UTF-8",
                )
            )
    if b"\0" in raw:
        col = len(raw[: raw.index(b"\0")].decode("utf-8", "replace")) + 1
        if first and _looks_utf16(raw):
            raise _Unreadable(
                NotationError(
                    "the file looks like UTF-16 text; records must be UTF-8",
                    path=path,
                    hint="convert it, e.g. iconv -f UTF-16LE -t UTF-8",
                )
            )
        raise _Unreadable(_binary(path, lineno, col))
    try:
        text = raw.decode("utf-8")
        return lineno, text[1:] if text.startswith("\ufeff[") else text
    except UnicodeDecodeError as e:
        col = len(raw[: e.start].decode("utf-8", "replace")) + 1
        bad = raw[e.start : e.end].hex(" ")
        _note(
            problems,
            NotationError(
                f"bytes that are not UTF-8 ({bad})",
                path=path,
                line=lineno,
                column=col,
                source=raw.decode("utf-8", "replace"),
                hint="records are UTF-8 text; was this file saved as Latin-1 or cp1252?",
            ),
        )
        return lineno, _placeholder(raw)


def _binary(path: str, line: int, column: int) -> NotationError:
    """The error for a NUL byte at ``line``, ``column``: the input is binary."""
    return NotationError(
        "a NUL byte: this is a binary file, not a record of the notation",
        path=path,
        line=line,
        column=column,
        hint="records are UTF-8 text files; was a binary or compressed file named?",
    )


def _endless(path: str, line: int) -> NotationError:
    """The error for a line that goes on past :data:`MAX_SKIP_BYTES`."""
    return _too_long(
        path,
        line,
        f"more than {MAX_SKIP_BYTES:,} bytes long and goes on",
        "the rest of the input is not read",
    )


def _too_long(path: str, line: int, length: str, then: str = "") -> NotationError:
    """The error for a line longer than :data:`MAX_LINE_BYTES` (``length`` in words)."""
    error = NotationError(
        f"line {line} is {length}; a line of the notation is at most {MAX_LINE_BYTES:,} bytes"
        + (f": {then}" if then else ""),
        path=path,
        line=line,
        column=1,
        hint="is this a record? one event a line, and a line is short",
    )
    error.show_source = False
    return error


def _note(problems: list[NotationError], error: NotationError) -> None:
    """Add ``error`` to ``problems``, which hold the faults of the record being read (and, last,
    perhaps one of the line that begins the next): past the first ``MAX_ERRORS + 1`` of a
    record, which are all that can be reported, the others are let go, so that a record of
    a million such lines holds a few dozen."""
    problems.append(error)
    if len(problems) > 2 * MAX_ERRORS + 2:
        del problems[MAX_ERRORS + 1 : -1]


def _placeholder(raw: bytes) -> str:
    """What the lexer is given for a line that cannot be read: nothing, except that a tag line
    stays a tag line, so that the record it begins is not merged into the one before."""
    return '[Unreadable ""]' if raw.lstrip().startswith(b"[") else ""


def _looks_utf16(raw: bytes) -> bool:
    """Every other byte NUL: UTF-16 text of the Latin alphabet, without a byte-order mark."""
    sample = raw[:200]
    if len(sample) < 4:
        return False
    half = len(sample) // 2
    odd, even = sample[1::2].count(0), sample[0::2].count(0)
    # (NUL bytes only are a binary file: the letters' half of UTF-16 has no NUL)
    return (odd >= half - 1 and even == 0) or (even >= half - 1 and odd == 0)


def _lines_of_text(text: str, first_line: int = 1) -> Iterator[tuple[int, str]]:
    """The numbered lines of a short text of the project's own (the examples of errors)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    yield from enumerate(_split_lines(text), first_line)


def _text_as_bytes(text: str) -> IO[bytes]:
    """Text given as a str, as the bytes of a file: a str is read as its UTF-8 is, with the
    same limits and reports (a line too long, a NUL). A lone surrogate, which no UTF-8 file
    can hold, stays a byte sequence that is not UTF-8 and is reported as such."""
    return io.BytesIO(text.encode("utf-8", "surrogatepass"))


_LINE_END = re.compile(r"\r\n?|\n")


def _split_lines(text: str) -> list[str]:
    """The lines of ``text``, without their ends (LF, CR LF, or CR alone)."""
    lines = _LINE_END.split(text) if "\r" in text else text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the text ends with a line end
    if "\ufeff[" in text:  # files joined with cat: a byte-order mark before a later tag line
        lines = [line[1:] if line.startswith("\ufeff[") else line for line in lines]
    return lines


# --------------------------------------------------------------------------------------------
#  Reading
# --------------------------------------------------------------------------------------------


def read(source: Source, *, path: str | None = None) -> Iterator[Record]:
    """Yield the records in ``source``, one by one. Raises :class:`NotationError` at the first
    record that cannot be read (the records before it have been yielded)."""
    for item in read_each(source, path=path):
        if isinstance(item, NotationError):
            raise item
        yield item


def read_one(source: Source, *, path: str | None = None) -> Record:
    """The single record in ``source``; a :class:`NotationError` if there is not exactly one."""
    records = list(read(source, path=path))
    if len(records) != 1:
        raise NotationError(
            f"expected one record, found {len(records)}", path=path or _name_of(source)
        )
    return records[0]


PART_LINES = 2_000
"""With ``read_each(..., parts=True)``, a record longer than this many lines is read in parts
of whole deals (:class:`Portion`), each of at least this many lines but for the last."""


@dataclass(frozen=True, slots=True)
class Portion:
    """A part of a record too long to be held whole (``read_each(..., parts=True)``): the
    record's deals come a part at a time, in order, each part to be ruled and let go before the
    next is read. Only a record of more than :data:`PART_LINES` lines comes in portions; every
    portion of it comes, the last with ``last`` set, before anything of the next record."""

    index: int
    """Which part of the record (0: the first)."""
    last: bool
    """Whether it is the record's last part."""
    record: Record | None
    """The part as a record: the first part has the record's tags, opening and first deals;
    a later part has only deals (and the last, the comments after the record). Joined in order
    (:func:`join_portions`), the parts make the record as :func:`read` gives it. ``None`` if
    the part cannot be read."""
    error: NotationError | None = None
    """The errors of the part (up to :data:`~adjudicator.notation.errors.MAX_ERRORS`), if it
    cannot be read."""


def join_portions(portions: Iterable[Portion]) -> Record:
    """The record whose readable parts are ``portions`` (for tests and small tools: it holds
    the whole record)."""
    parts = [p.record for p in portions if p.record is not None]
    first, last = parts[0], parts[-1]
    return first.model_copy(
        update={
            "deals": tuple(d for p in parts for d in p.deals),
            "comments_after": last.comments_after,
        }
    )


class PortionDeals:
    """The deals of a long record read in parts: ``first`` (a :class:`Portion`), then the next
    portions of ``items`` (the iterator of :func:`read_parts` it came from), each part read as
    its deals are asked for. Iterating stops at the record's end, or before the first part that
    cannot be read; :meth:`errors` then reads the rest of the record's parts (to its last) and
    gives the errors of those that cannot be read."""

    def __init__(self, first: Portion, items: Iterator[Record | Portion | NotationError]) -> None:
        self.first = first
        self.portion = first
        """The part being read."""
        self.items = items
        self.last_deal: Deal | None = None
        """The last deal given."""

    def __iter__(self) -> Iterator[Deal]:
        for record in self.records():
            yield from record.deals
            del record  # let the part go before the next is read

    def records(self) -> Iterator[Record]:
        """The parts themselves, as records (to be written a part at a time), read as they
        are asked for; as the deals, they stop before the first part that cannot be read."""
        while True:
            record = self.portion.record
            if record is None:
                return
            yield record
            if record.deals:
                self.last_deal = record.deals[-1]
            del record  # let the part go before the next is read
            if self.portion.last:
                return
            self._next()

    def errors(self) -> list[NotationError]:
        """Read the record's parts to its last; the errors of those that cannot be read (from
        the one that stopped the deals)."""
        found: list[NotationError] = []
        while True:
            if self.portion.error is not None:
                found.append(self.portion.error)
            if self.portion.last:
                return found
            self._next()

    def _next(self) -> None:
        self.portion = Portion(self.portion.index, False, None)  # the part read is let go
        following = next(self.items)
        assert isinstance(following, Portion), "the parts of a record come together"
        self.portion = following


def read_each(
    source: Source, *, path: str | None = None, first_line: int = 1
) -> Iterator[Record | NotationError]:
    """Yield each record in ``source``, or a :class:`NotationError` in place of a record that
    cannot be read; go on to the next record after an error.

    ``first_line`` numbers the source's first line, for a part of a larger file read on its
    own (a batch cuts a big file into runs of records): positions are then the file's."""
    return cast("Iterator[Record | NotationError]", _read_source(source, path, first_line, False))


def read_parts(
    source: Source, *, path: str | None = None, first_line: int = 1
) -> Iterator[Record | Portion | NotationError]:
    """:func:`read_each`, but a record of more than :data:`PART_LINES` lines is not held whole:
    it comes as :class:`Portion` items (each of which may be unreadable on its own), so that
    what is held is bounded by a part whatever the record's length."""
    return cast(
        "Iterator[Record | Portion | NotationError]", _read_source(source, path, first_line, True)
    )


def _read_source(source: Source, path: str | None, first_line: int, parts: bool) -> Iterator[Any]:
    name = path or _name_of(source)
    if isinstance(source, str):
        yield from _read_stream(_text_as_bytes(source), name, first_line, parts)
        return
    if isinstance(source, os.PathLike):
        try:
            stream: IO[bytes] = open(source, "rb")  # noqa: SIM115 - closed below
        except OSError as e:
            yield NotationError(f"cannot open the file: {e.strerror or e}", path=name)
            return
        with stream:
            yield from _read_stream(stream, name, first_line, parts)
        return
    if isinstance(source, io.TextIOBase) and not hasattr(source, "buffer"):
        yield from _read_stream(_text_as_bytes(source.read()), name, first_line, parts)
        return
    binary = source.buffer if hasattr(source, "buffer") else source
    yield from _read_stream(binary, name, first_line, parts)  # type: ignore[arg-type]


def _name_of(source: Source) -> str:
    if isinstance(source, str):
        return "<string>"
    if isinstance(source, os.PathLike):
        return os.fspath(source)
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else "<stream>"


def _read_stream(
    stream: IO[bytes], name: str, first_line: int = 1, parts: bool = False
) -> Iterator[Any]:
    problems: list[NotationError] = []
    try:
        lines = _lines_of_bytes(stream, name, problems, first_line)
        yield from _read_lines(lines, name, problems, parts)
    except _Unreadable as e:
        yield e.error
    except OSError as e:
        yield NotationError(f"cannot read the file: {e.strerror or e}", path=name)


def _read_lines(
    lines: Iterable[tuple[int, str]], name: str, problems: list[NotationError], parts: bool
) -> Iterator[Record | Portion | NotationError]:
    lark, builder = _parser()
    seen = 0
    lexer = LineLexer(refuses=_refused, part_lines=PART_LINES if parts else None)
    for rt in lexer.records(lines):
        seen += 1
        mine: list[NotationError] = []
        if problems:
            mine = [p for p in problems if p.line <= rt.end_line]
            del problems[: len(mine)]
        if rt.part or rt.more:
            yield _portion(rt, name, mine, lark, builder)
            continue
        if mine or rt.problem is not None or rt.refused or rt.overlong is not None:
            yield _record_errors(rt, name, mine)
            continue
        if not rt.lines:
            yield NotationError(
                "no record here: only comments and blank lines",
                path=name,
                line=rt.line or 1,
                expected=["tags", "a cut for deal", "a deal"],
            )
            continue
        yield _built(rt, name, lark, builder)
    if problems:  # faults of lines that no record holds (a file of one line too long)
        yield NotationError.of_record(problems[:MAX_ERRORS])
    elif seen == 0:
        yield NotationError(
            "empty file: no record in it",
            path=name,
            expected=["tags", "a cut for deal", "a deal"],
        )


def _portion(
    rt: RecordTokens, name: str, found: list[NotationError], lark: Lark, builder: Builder
) -> Portion:
    """A part of a long record, read (or its errors)."""
    last = not rt.more
    if found or rt.problem is not None or rt.refused or rt.overlong is not None:
        return Portion(rt.part, last, None, _record_errors(rt, name, found))
    built = _built(rt, name, lark, builder)
    if isinstance(built, NotationError):
        return Portion(rt.part, last, None, built)
    return Portion(rt.part, last, built)


def _built(rt: RecordTokens, name: str, lark: Lark, builder: Builder) -> Record | NotationError:
    """The record of ``rt`` (line by line, else by Lark), or every error of it."""
    builder.line = rt.line
    builder.comments_after = rt.comments_after
    try:
        record = build_record(rt, lark, builder)
        if record is None:
            record = cast(Record, lark.parse(rt.tokens))
    except (UnexpectedInput, BuildError):
        return _record_errors(rt, name, [])
    return record


def _refused(first: Tok, rest: Sequence[Tok]) -> bool:
    """Whether no rule of the grammar accepts a line of these tokens (for the lexer)."""
    lark, builder = _parser()
    return refused(first, rest, lark, builder)


def _overlong_error(rt: RecordTokens, name: str) -> NotationError:
    """The error at the first event (or line) beyond the limits of a deal or of the opening."""
    over = rt.overlong
    assert over is not None
    if over.deal is None:
        what = "the record's opening"
    else:
        what = f"deal {number(over.deal) if is_number(over.deal) else over.deal}"
    if over.what == "events":
        message = (
            f"{what} has {over.events:,} events; a deal of écarté has a few dozen, and the "
            f"reader takes at most {MAX_DEAL_EVENTS:,}"
        )
    else:
        message = (
            f"{what} has {over.lines:,} lines of comments; a deal of écarté has a few dozen "
            f"lines, and the reader takes at most {MAX_DEAL_LINES:,} lines of comments in one"
        )
    return NotationError(
        message,
        path=name,
        line=over.line,
        column=over.column,
        source=over.text,
        record_line=rt.line,
        hint="is this a record of a game? one line for each thing done at the table",
    )


def parse_text(text: str) -> Record:
    """Parse ``text`` as exactly one record, raising Lark's own exceptions (for
    ``match_examples``; everything else should use :func:`read`)."""
    lark, builder = _parser()
    records = list(LineLexer().records(_lines_of_text(text)))
    builder.line = records[0].line if records else 0
    builder.comments_after = ()
    tokens = [t for rt in records for t in rt.tokens]
    result = cast(Record, lark.parse(tokens))
    return result


def _record_errors(rt: RecordTokens, name: str, found: list[NotationError]) -> NotationError:
    """Every error of a record that cannot be read, in the order of its lines, as one
    :class:`NotationError` carrying them all (:meth:`NotationError.of_record`).

    ``found`` holds the faults found in decoding its lines (bytes that are not UTF-8, a line
    too long), which the lexer was given as blank lines. The rest of the record is parsed
    again, going on past each line that cannot be read (:func:`_parse_errors`); a brace comment
    never closed is an error too, and the record's end that it hides is not. At most
    :data:`~adjudicator.notation.errors.MAX_ERRORS` are kept; the lines after the last are
    counted as not checked."""
    errors = list(found)
    cut_short = rt.problem is not None
    if rt.problem is not None:
        message, line, column = rt.problem
        errors.append(
            NotationError(
                message,
                path=name,
                line=line,
                column=column,
                source=rt.source_line(line),
                hint="close it with '}', or write a ';' comment, which ends with its line",
            )
        )
    if rt.overlong is not None:
        errors.append(_overlong_error(rt, name))
    stopped = False
    if rt.lines:
        cut = cut_short or rt.skipped > 0  # (held only up to a point)
        parsed, stopped = _parse_errors(rt, name, cut_short=cut)
        errors.extend(parsed)
    if not errors:  # pragma: no cover - the record failed to parse once
        raise AssertionError("a record failed to parse once and then parsed")
    errors.sort(key=lambda e: (e.line, e.column))
    if len(errors) > MAX_ERRORS:
        errors, stopped = errors[:MAX_ERRORS], True
    for e in errors:
        e.record_line = rt.line
    unchecked, unchecked_line = 0, 0
    if stopped:
        after = errors[-1].line + 1
        rest = [n for n, text in rt.source if n >= after and text.strip()]
        unchecked = len(rest) + (rt.skipped if rt.skipped_line >= after else 0)
        unchecked_line = rest[0] if rest else rt.skipped_line
    return NotationError.of_record(errors, unchecked=unchecked, unchecked_line=unchecked_line)


def _parse_errors(
    rt: RecordTokens, name: str, *, cut_short: bool
) -> tuple[list[NotationError], bool]:
    """The errors of a record's lines, compiler style: lex the record again with a position on
    every token (the fast lexer shares tokens between lines, so their positions are not their
    own), feed Lark's parser a line at a time, and when a line cannot be read, explain it and
    go on from the parser's state before that line, as if it were not there. Every line of the
    notation is one rule of the grammar, so the lines after a bad one are judged as they stand.

    A line the grammar accepts but whose values cannot be facts (a :class:`BuildError`) is
    found when the parser reduces it, at the first token of the next line: that line is taken
    again from the state before the bad one. ``cut_short``: the record's end is where a brace
    comment that never closes began, so a record that ends too soon is no error of its own.

    Returns the errors (at most :data:`~adjudicator.notation.errors.MAX_ERRORS`) and whether
    the parse stopped at that many, before the record's end."""
    lark, _ = _parser()
    again = next(iter(LineLexer(precise=True).records(rt.source)))
    tokens = again.tokens
    errors: list[NotationError] = []
    parser = lark.parse_interactive()
    # The parser's state is its two stacks, saved before each line and put back in place (its
    # values are never used, so they need no copies).
    states, values = parser.parser_state.state_stack, parser.parser_state.value_stack
    feed = parser.parser_state.feed_token

    def saved() -> tuple[list[object], list[object]]:
        return states[:], values[:]

    def restore(stacks: tuple[list[object], list[object]]) -> None:
        states[:], values[:] = stacks

    previous: tuple[list[object], list[object]] | None = None  # before the last line fed whole
    todo = [[first, *rest] for first, rest, _plain in again.lines]
    i = 0
    while i < len(todo):
        if len(errors) >= MAX_ERRORS:
            return errors, True
        before = saved()
        try:
            for token in todo[i]:
                feed(token)
        except UnexpectedInput as e:
            if isinstance(e, UnexpectedToken):
                e.interactive_parser = parser
            errors.append(_explain(e, rt, name, tokens))
            restore(before)
            i += 1
            continue
        except BuildError as e:
            errors.append(_build_error(e, rt, name))
            if previous is None:  # pragma: no cover - a line is checked as the next one begins
                restore(before)
                i += 1
            else:  # the line before this one is left out, and this one is fed again
                restore(previous)
                previous = None
            continue
        previous = before
        i += 1
    if len(errors) >= MAX_ERRORS:
        return errors, True
    try:
        parser.feed_eof(tokens[-1])  # type: ignore[no-untyped-call]
    except UnexpectedInput as e:
        if not cut_short:
            if isinstance(e, UnexpectedToken):
                e.interactive_parser = parser
            errors.append(_explain(e, rt, name, tokens))
    except BuildError as e:
        errors.append(_build_error(e, rt, name))
    return errors, False


def _build_error(e: BuildError, rt: RecordTokens, name: str) -> NotationError:
    """A line the grammar accepts whose values cannot be a fact, as a :class:`NotationError`."""
    return NotationError(
        str(e),
        path=name,
        line=e.token.line,
        column=e.token.column,
        source=rt.source_line(e.token.line),
        record_line=rt.line,
    )


_CARDISH = ("CARD", "EXPOSED_CARD", "CARD_RUN", "DEALT_RUN")


def _split_run(e: UnexpectedToken, source: str | None) -> UnexpectedToken | None:
    """When a run of cards stands where one card may (``1. B KH 7H``), the fault is the second
    card: feed the cards one by one and return the error that a later card gives."""
    token = e.token
    words = []
    pos = token.column - 1
    for word in token.value.split():
        col = source.find(word, pos) if source else -1
        col = col if col >= 0 else pos
        words.append((word, col + 1))
        pos = col + len(word)
    parser = e.interactive_parser
    if parser is None or len(words) < 2:
        return None
    # (the record is not read: its values are never used, and need no copies)
    parser = parser.copy(deepcopy_values=False)  # type: ignore[no-untyped-call]
    for i, (word, col) in enumerate(words):
        kind = "EXPOSED_CARD" if word.startswith("*") else "CARD"
        try:
            parser.feed_token(Tok(kind, word, token.line, col))
        except UnexpectedToken as inner:
            return inner if i else None
    return None


def _parse_for_examples(text: str) -> Record:
    """Parse as the reader does, splitting a run of cards where one card was expected."""
    try:
        return parse_text(text)
    except UnexpectedToken as e:
        if e.token.type in ("CARD_RUN", "DEALT_RUN"):
            raise _split_run(e, None) or e from None
        raise


def _explain(e: UnexpectedInput, rt: RecordTokens, name: str, tokens: list[Tok]) -> NotationError:
    """Turn Lark's exception into an error a person can act on."""
    if isinstance(e, UnexpectedToken) and e.token.type in ("CARD_RUN", "DEALT_RUN"):
        e = _split_run(e, rt.source_line(e.token.line)) or e
    token = getattr(e, "token", None)
    expected_terms: set[str] = set(getattr(e, "expected", ()) or ())
    line = getattr(token, "line", None) or e.line or rt.line
    column = getattr(token, "column", None) or e.column or 1
    value = getattr(token, "value", "") or ""
    ttype = getattr(token, "type", "")
    if ttype in ("CARD_RUN", "DEALT_RUN"):
        value = value.split()[0]  # point at the first card of the run
    shown = value if len(value) <= 40 else value[:37] + "..."
    width = min(len(value), 40) or 1
    if ttype == "NL":
        message = "the line ends too soon"
    elif ttype == "$END":
        message = "the record ends too soon"
    elif ttype == "WORD":
        message = f"'{shown}' is not a word of the notation"
    else:
        message = f"unexpected '{shown}'"
    expected = in_words(expected_terms)
    previous = _previous(tokens, token)
    if previous is not None and previous.type in _CARDISH and looks_like_card(value):
        expected.insert(0, "another card")  # a run of cards may go on
    hint = None
    if isinstance(e, UnexpectedToken) and ttype not in ("NL", "$END"):
        hint = gloss_hint(*_line_words(tokens, token))
    if isinstance(e, UnexpectedToken) and hint is None:
        hint = word_hint(
            value, expected_terms, after_card=previous is not None and (previous.type in _CARDISH)
        )
        if hint is None and ttype != "WORD":
            hint = match_mistake(e, _parse_for_examples)
    return NotationError(
        message,
        path=name,
        line=line,
        column=column,
        width=width,
        source=rt.source_line(line),
        expected=expected,
        hint=hint,
        record_line=rt.line,
    )


def _line_words(tokens: list[Tok], token: object) -> tuple[list[str], int]:
    """The words of ``token``'s line, as written (a run of cards gives each card), and the
    index of ``token``'s first word among them (``-1`` if it is not one of ``tokens``)."""
    line = getattr(token, "line", None)
    words: list[str] = []
    at = -1
    for t in tokens:
        if t.line != line or t.type == "NL":
            continue
        if t is token:
            at = len(words)
        words.extend(t.value.split() or [t.value])
    return words, at


def _previous(tokens: list[Tok], token: object) -> Tok | None:
    """The token before ``token`` on the same line, if any."""
    for i, t in enumerate(tokens):
        if t is token:
            if i and tokens[i - 1].line == t.line and tokens[i - 1].type != "NL":
                return tokens[i - 1]
            return None
    return None
