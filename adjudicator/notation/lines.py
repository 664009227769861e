"""The reading that knows no notation's words: bytes to lines, lines to records.

A notation of this project is line oriented: one event a line, the order of lines the order of
time. Everything about reading such a file that does not depend on the words of one notation
lives here, so that every notation's reader shares it:

* **Bytes to text** (:func:`physical_lines`). UTF-8, with or without a byte-order mark; a line
  ends at LF, CR LF or a lone CR. Bytes that are not UTF-8 are a located error; a NUL byte
  (a binary file) or UTF-16 text ends the reading with an error. A line longer than
  :data:`MAX_LINE_BYTES` is an error, skipped a block at a time and never held whole.
* **Comments** (:func:`scan`). ``;`` runs to the end of the line; ``{ ... }`` stands wherever
  a space may, may run over several lines and does not nest. A ``"`` opens a quoted value (in
  a tag line) that runs to the next unescaped ``"`` of the line: no comment begins inside it.
* **Where each comment belongs** (:class:`TextLine`): written on a line (``comments``); on the
  comment lines right below a line with comments that begin in the column where one of its
  comments begins (``comments_continued``); standing alone after a line and before a blank
  line (``comments_after``); standing alone before a line, after any blank line
  (``comments_before``); after a record's last line (the record's ``comments_after``).
* **Tag lines** ``[Name "value"]`` (``\\"`` a quote, ``\\\\`` a backslash) and **records**
  (:func:`records`): a tag line after any other line begins the next record, so that a file
  of any length is read one record at a time, in memory bounded by :data:`MAX_RECORD_LINES`.

What a line of text says is the business of each notation's own parser; this module gives it
the line with its comments blanked out (:attr:`TextLine.code`: the same length, so that a
column of the code is a column of the file).
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO

from adjudicator.notation.errors import MAX_ERRORS, NotationError
from adjudicator.notation.nodes import Line

MAX_LINE_BYTES = 100_000
"""The longest line read. No line of a record needs a tenth of this; a longer one is an error,
skipped without being held."""

MAX_SKIP_BYTES = 1 << 28
"""How far a line too long is read looking for its end (256 MiB). An input whose line goes on
past this (an endless stream) is reported there, and the rest of it is not read."""

MAX_RECORD_LINES = 20_000
"""The most lines (of text or of comments; blank lines are not counted) held for one record.
A record with more is an error at the first line past the limit; the rest of it is read only to
find where the next record begins."""

BLOCK_BYTES = 1 << 16
"""How much of a file is read at a time."""

COMMENT_COLUMN = 31
"""The column where a writer puts the comments after a line's text, when the text is short
enough (two spaces after the text where it is not)."""

WHITESPACE = " \t\f"
"""The characters that separate words on a line."""

Source = str | bytes | os.PathLike[str] | IO[bytes] | IO[str]
"""What a reader reads: a ``str`` is the text of records, ``bytes`` the content of a file; a
path names a file; an open file, binary or text, is read from where it stands."""

Item = tuple[int, str] | NotationError
"""One item of :func:`physical_lines`: a line's number and text, or a fault of the input."""


# --------------------------------------------------------------------------------------------
#  Bytes to lines
# --------------------------------------------------------------------------------------------


def source_name(source: Source, path: str | None = None) -> str:
    """The name errors give for ``source``: ``path`` if given, a file's path or name, else
    ``<string>`` or ``<stream>``."""
    if path is not None:
        return path
    if isinstance(source, str | bytes):
        return "<string>"
    if isinstance(source, os.PathLike):
        return os.fspath(source)
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else "<stream>"


def physical_lines(source: Source, path: str | None = None) -> Iterator[Item]:
    """The numbered lines of ``source`` (text without its line end), and its faults as
    located :class:`NotationError` values, in the order of the file.

    A line that cannot be decoded, or is too long, is given as a blank line after its error;
    a binary file, UTF-16 text or a file that cannot be opened or read ends the items with
    its error."""
    name = source_name(source, path)
    if isinstance(source, str):
        stream: IO[bytes] = io.BytesIO(source.encode("utf-8", "surrogatepass"))
        yield from _lines_of_stream(stream.read, name)
        return
    if isinstance(source, bytes):
        yield from _lines_of_stream(io.BytesIO(source).read, name)
        return
    if isinstance(source, os.PathLike):
        try:
            opened = open(source, "rb")  # noqa: SIM115 - closed below
        except OSError as e:
            yield NotationError(f"cannot open the file: {e.strerror or e}", path=name)
            return
        with opened:
            yield from _lines_of_stream(opened.read, name)
        return
    buffer = getattr(source, "buffer", None)
    if buffer is not None and hasattr(buffer, "read"):
        yield from _lines_of_stream(buffer.read, name)
    elif isinstance(source, io.TextIOBase):
        text_read = source.read

        def read(size: int) -> bytes:
            return text_read(size).encode("utf-8", "surrogatepass")

        yield from _lines_of_stream(read, name)
    else:
        yield from _lines_of_stream(source.read, name)  # type: ignore[arg-type]


_LINE_END = re.compile(rb"\r\n|\r|\n")
_TEXT_LINE_END = re.compile(r"\r\n|\r|\n")


def _lines_of_stream(read: Callable[[int], bytes], name: str) -> Iterator[Item]:
    """The items of :func:`physical_lines` for a byte stream read by ``read``."""
    lineno = 0
    pending = b""
    first = True
    try:
        while True:
            block = read(BLOCK_BYTES)
            if isinstance(block, str):  # a text stream given as binary: read its UTF-8
                block = block.encode("utf-8", "surrogatepass")
            if first and block:
                if len(block) < 3:
                    block += read(3 - len(block)) or b""
                first = False
                if block.startswith((b"\xff\xfe", b"\xfe\xff")):
                    yield _fault(name, 1, 1, "the file is UTF-16 text; a record is UTF-8")
                    return
                if block.startswith(b"\xef\xbb\xbf"):
                    block = block[3:]
            data = pending + block if pending else block
            if not block:
                if data:
                    yield from _decoded(data, lineno, name)
                return
            # the last line end (a CR at the very end may begin a CR LF: not yet)
            end = max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1)) + 1
            if not end:
                if len(data) > MAX_LINE_BYTES:
                    lineno += 1
                    rest = yield from _skip_long(data, read, name, lineno)
                    if rest is None:
                        return
                    pending = rest
                    continue
                pending = data
                continue
            body, pending = data[:end], data[end:]
            lineno, stop = yield from _decoded(body, lineno, name)
            if stop:
                return
    except OSError as e:
        yield NotationError(f"cannot read the file: {e.strerror or e}", path=name)
    except UnicodeDecodeError as e:  # a text stream whose own decoding failed
        yield _fault(name, lineno + 1, 1, f"the text cannot be decoded ({e.reason})")


def _decoded(body: bytes, lineno: int, name: str) -> Generator[Item, None, tuple[int, bool]]:
    """The lines of ``body`` (whole lines, the last perhaps without its end), numbered after
    ``lineno``, decoded; a NUL byte ends them with its error. Returns the number of the last
    line, and whether the reading must stop (a NUL byte)."""
    if b"\0" not in body:
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            lines = _TEXT_LINE_END.split(text) if "\r" in text else text.split("\n")
            if lines[-1] == "" and body.endswith((b"\n", b"\r")):
                lines.pop()
            long = len(body) > MAX_LINE_BYTES // 4
            for number, line in enumerate(lines, lineno + 1):
                if long and len(line) > MAX_LINE_BYTES // 4 and len(line.encode()) > MAX_LINE_BYTES:
                    yield _too_long(name, number, f"{len(line.encode()):,} bytes long")
                    yield number, ""
                    continue
                yield number, line[1:] if line.startswith("\ufeff") else line
            return lineno + len(lines), False
    raws = _LINE_END.split(body)
    if raws[-1] == b"" and body.endswith((b"\n", b"\r")):
        raws.pop()
    for number, raw in enumerate(raws, lineno + 1):
        if b"\0" in raw:
            column = len(raw[: raw.index(b"\0")].decode("utf-8", "replace")) + 1
            yield _fault(name, number, column, _NUL, hint=_NUL_HINT)
            return number, True
        if len(raw) > MAX_LINE_BYTES:
            yield _too_long(name, number, f"{len(raw):,} bytes long")
            yield number, ""
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            column = len(raw[: e.start].decode("utf-8", "replace")) + 1
            yield _fault(
                name,
                number,
                column,
                f"bytes that are not UTF-8 ({raw[e.start : e.end].hex(' ')})",
                source=raw.decode("utf-8", "replace"),
                hint="a record is UTF-8 text; was this file saved as Latin-1 or cp1252?",
            )
            yield number, ""
            continue
        yield number, line[1:] if line.startswith("\ufeff") else line
    return lineno + len(raws), False


def _skip_long(
    data: bytes, read: Callable[[int], bytes], name: str, lineno: int
) -> Generator[Item, None, bytes | None]:
    """Report line ``lineno``, too long (``data`` is its beginning), and read past it a block
    at a time without holding it. Returns what follows its end, or ``None`` if nothing more is
    to be read (the end of the input, a NUL byte, or a line without end)."""
    length = 0
    chunk = data
    while True:
        if b"\0" in chunk:
            yield _fault(name, lineno, length + chunk.index(b"\0") + 1, _NUL, hint=_NUL_HINT)
            return None
        ends = [i for i in (chunk.find(b"\n"), chunk.find(b"\r")) if i >= 0]
        if ends:
            end = min(ends)
            length += end
            yield _too_long(name, lineno, f"{length:,} bytes long")
            yield lineno, ""
            rest = chunk[end + 1 :]
            if chunk[end : end + 1] == b"\r":
                if not rest:
                    rest = read(1) or b""
                if rest.startswith(b"\n"):
                    rest = rest[1:]
            return rest
        length += len(chunk)
        if length > MAX_SKIP_BYTES:
            yield _too_long(
                name,
                lineno,
                f"more than {MAX_SKIP_BYTES:,} bytes long and goes on",
                "the rest of the input is not read",
            )
            return None
        chunk = read(BLOCK_BYTES)
        if not chunk:
            yield _too_long(name, lineno, f"{length:,} bytes long")
            yield lineno, ""
            return None


_NUL = "a NUL byte: this is a binary file, not a record"
_NUL_HINT = "a record is a UTF-8 text file; was a binary or compressed file named?"


def _fault(
    name: str,
    line: int,
    column: int,
    message: str,
    *,
    source: str | None = None,
    hint: str | None = None,
) -> NotationError:
    return NotationError(message, path=name, line=line, column=column, source=source, hint=hint)


def _too_long(name: str, line: int, length: str, then: str = "") -> NotationError:
    error = NotationError(
        f"line {line} is {length}; a line is at most {MAX_LINE_BYTES:,} bytes"
        + (f": {then}" if then else ""),
        path=name,
        line=line,
        column=1,
        hint="is this a record? one event a line, and a line is short",
    )
    error.show_source = False
    return error


# --------------------------------------------------------------------------------------------
#  Comments on a line
# --------------------------------------------------------------------------------------------

_SPECIAL = re.compile(r'[;{"]')


def scan(text: str, start: int = 0) -> tuple[str, list[tuple[str, int]], int | None]:
    """Take the comments out of ``text`` from index ``start``.

    Returns the code (``text`` with everything before ``start`` and every comment replaced by
    spaces: as long as ``text``), each comment with the column (1-based) where it begins, and
    the column of a brace comment still open at the end of the line (it is the last comment,
    and holds the rest of the line), else ``None``."""
    if _SPECIAL.search(text, start) is None:
        return (" " * start + text[start:] if start else text), [], None
    out = [" " * start]
    comments: list[tuple[str, int]] = []
    n = len(text)
    i = seg = start
    while i < n:
        c = text[i]
        if c == ";":
            out.append(text[seg:i])
            comments.append((text[i:].rstrip(WHITESPACE), i + 1))
            out.append(" " * (n - i))
            return "".join(out), comments, None
        if c == "{":
            out.append(text[seg:i])
            close = text.find("}", i + 1)
            if close < 0:
                comments.append((text[i:], i + 1))
                out.append(" " * (n - i))
                return "".join(out), comments, i + 1
            comments.append((text[i : close + 1], i + 1))
            out.append(" " * (close + 1 - i))
            i = seg = close + 1
            continue
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            continue
        i += 1
    out.append(text[seg:])
    return "".join(out), comments, None


def is_blank(code: str) -> bool:
    """Whether ``code`` holds nothing but spaces, tabs and form feeds."""
    return not code.strip(WHITESPACE)


# --------------------------------------------------------------------------------------------
#  Tag lines
# --------------------------------------------------------------------------------------------

_TAG = re.compile(
    r'[ \t\f]*\[[ \t\f]*([A-Za-z][A-Za-z0-9_]*)[ \t\f]+"((?:[^"\\]|\\.)*)"[ \t\f]*\][ \t\f]*'
)
_UNESCAPE = re.compile(r'\\(["\\])')


def is_tag_line(code: str) -> bool:
    """Whether a line's code is a tag line: its first word begins with ``[``."""
    return code.lstrip(WHITESPACE).startswith("[")


def parse_tag(code: str) -> tuple[str, str] | None:
    """The name and the value (unescaped) of a tag line ``[Name "value"]``; ``None`` if the
    line is not written so. In the value ``\\"`` is a quote and ``\\\\`` a backslash; any other
    backslash stands for itself."""
    m = _TAG.fullmatch(code)
    if m is None:
        return None
    return m.group(1), _UNESCAPE.sub(r"\1", m.group(2))


def escape(value: str) -> str:
    """A tag's value as written between its quotes."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def tag_text(name: str, value: str) -> str:
    """``[Name "value"]``."""
    return f'[{name} "{escape(value)}"]'


# --------------------------------------------------------------------------------------------
#  Lines of a record
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class TextLine:
    """A line of a record that holds text other than comments (an event line or a tag line),
    with the comments that belong to it."""

    number: int
    """Its line in the file (1-based)."""
    source: str
    """The line as read (for error messages)."""
    code: str
    """The line with its comments blanked out: as long as :attr:`source`, so that columns agree."""
    column: int
    """The column (1-based) of its first character that is not blank."""
    comments: list[str] = field(default_factory=list)
    """Comments written on the line, as written (a brace comment that began on it and ran over
    the lines below included)."""
    comment_columns: list[int] = field(default_factory=list)
    """Where the comments that begin on this very line begin (columns, 1-based)."""
    comments_continued: list[str] = field(default_factory=list)
    """Comment lines right below it that continue its comment."""
    comments_before: list[str] = field(default_factory=list)
    """Comments standing alone just before it, after any blank line."""
    comments_after: list[str] = field(default_factory=list)
    """Comments standing alone after it, before a blank line."""
    tag: tuple[str, str] | None = None
    """For a tag line written as one: the tag's name and value."""
    is_tag: bool = False
    """The line is a tag line (its first word begins with ``[``), well written or not."""

    def comment_fields(self) -> dict[str, tuple[str, ...]]:
        """The four comment fields of :class:`~adjudicator.notation.nodes.Line`."""
        return {
            "comments": tuple(self.comments),
            "comments_continued": tuple(self.comments_continued),
            "comments_before": tuple(self.comments_before),
            "comments_after": tuple(self.comments_after),
        }


@dataclass(slots=True)
class RecordLines:
    """One record of a file, split into its lines: what a notation's parser reads."""

    first_line: int
    """The first line of the file read for the record (blank or not)."""
    lines: list[TextLine] = field(default_factory=list)
    """Its tag lines and event lines, in order."""
    comments_after: list[str] = field(default_factory=list)
    """Comments standing alone after its last line."""
    errors: list[NotationError] = field(default_factory=list)
    """Faults of its lines found before any parsing (bytes, lengths, comments, tag lines), in
    the order of the file; at most :data:`~adjudicator.notation.errors.MAX_ERRORS` of them."""
    faults: int = 0
    """How many such faults were found in all (more than are held, past the limit)."""
    skipped: int = 0
    """Lines (not blank) of the record read but not held, past :data:`MAX_RECORD_LINES`."""
    skipped_line: int = 0
    """The first of those lines."""
    end_line: int = 0
    """The record's last line read."""

    def note(self, error: NotationError) -> None:
        """Add a fault, keeping at most :data:`~adjudicator.notation.errors.MAX_ERRORS`."""
        self.faults += 1
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(error)


def records(items: Iterable[Item], path: str = "<string>") -> Iterator[RecordLines]:
    """Split the items of :func:`physical_lines` into records, each comment with the line it
    belongs to. A file with nothing but blank lines gives no record; a file with comments only
    gives one record with no lines (its ``comments_after``)."""
    splitter = _Splitter(path)
    for item in items:
        if isinstance(item, NotationError):
            splitter.fault(item)
            continue
        if splitter.skipping and not splitter.brace:
            # the rest of a record not held: a line that can neither open a brace comment nor
            # be a tag line is only counted (the quick way through a long run of such lines)
            text = item[1]
            if "{" not in text and "[" not in text:
                if text.strip(WHITESPACE):
                    splitter.skip(item[0])
                continue
        done = splitter.feed(*item)
        if done is not None:
            yield done
    last = splitter.finish()
    if last is not None:
        yield last


class _Splitter:
    """The state of :func:`records` between lines."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.record: RecordLines | None = None
        self.has_body = False  # the record has a line that is not a tag line
        self.held_lines = 0  # lines (not blank) held for the record
        self.skipping = False  # past MAX_RECORD_LINES: lines are counted, not held
        self.gap: list[str] = []  # comments standing alone since the last text line
        self.blank_at: int | None = None  # how many of them stood before a blank line
        self.held: TextLine | None = None  # the line whose comment a comment line may continue
        self.held_columns: list[int] = []
        self.brace: list[str] = []  # the parts of a brace comment still open
        self.brace_at: tuple[int, int] = (0, 0)  # where it began (line, column)
        self.brace_owner: TextLine | None = None  # the line it was written on, if any
        self.loose: list[tuple[str, int, int]] = []  # comments on lines of no text, not placed
        self.lineno = 0
        self.first_line: int | None = None

    # -- the record being read ----------------------------------------------------------

    def _current(self, line: int) -> RecordLines:
        if self.record is None:
            self.record = RecordLines(first_line=self.first_line or line)
        return self.record

    def fault(self, error: NotationError) -> None:
        if self.first_line is None:
            self.first_line = error.line
        self._current(error.line).note(error)

    def skip(self, line: int) -> None:
        """Count a line (not blank) of a record not held."""
        record = self.record
        if record is not None:
            if not record.skipped:
                record.skipped_line = line
            record.skipped += 1
        self.has_body = True

    def _count(self, line: int, column: int, source: str) -> bool:
        """Count a line held; past the limit, report it and skip the rest. Whether to hold."""
        record = self._current(line)
        if self.skipping:
            if not record.skipped:
                record.skipped_line = line
            record.skipped += 1
            return False
        self.held_lines += 1
        if self.held_lines <= MAX_RECORD_LINES:
            return True
        record.note(
            NotationError(
                f"a record of more than {MAX_RECORD_LINES:,} lines; the rest of it is not read",
                path=self.path,
                line=line,
                column=column,
                source=source,
                hint="is this one record? a record's tags begin it, and the next tag line after "
                "its other lines begins the next record",
            )
        )
        self.skipping = True
        record.skipped, record.skipped_line = 1, line
        self.gap, self.held, self.blank_at = [], None, None
        return False

    # -- one physical line ----------------------------------------------------------------

    def feed(self, lineno: int, text: str) -> RecordLines | None:
        """Read one physical line; the record it ends, if it begins the next."""
        self.lineno = lineno
        if self.first_line is None:
            self.first_line = lineno
        start = 0
        owner: TextLine | None = None  # the line whose brace comment ends on this line
        if self.brace:
            close = text.find("}")
            if close < 0:
                if self._count(lineno, 1, text):
                    self.brace.append(text)
                return None
            self.brace.append(text[: close + 1])
            comment = "\n".join(self.brace)
            self.brace = []
            if self.brace_owner is not None:
                owner = self.brace_owner
                owner.comments.append(comment)
                self.brace_owner = None
            else:  # it began on a line of no text: placed with what comes next
                self.loose.append((comment, self.brace_at[1], self.brace_at[0]))
            start = close + 1
        code, found, open_at = scan(text, start)
        comments = self.loose + [(c, col, lineno) for c, col in found]
        self.loose = []
        if open_at is not None:
            self.brace = [comments.pop()[0]]
            self.brace_at = (lineno, open_at)
        if is_blank(code) and owner is not None:  # more comments of the line above
            owner.comments.extend(c for c, _, _ in comments)
            if open_at is not None:
                self.brace_owner = owner
            return None
        if is_blank(code):
            if open_at is not None:  # the comment goes on below: placed when it ends
                self.loose = comments
                self._count(lineno, open_at, text)
                return None
            if not comments:
                self._blank()
            elif self._count(lineno, comments[0][1], text):
                self._comment_line(comments)
            return None
        return self._text_line(lineno, text, code, comments, open_at)

    def _blank(self) -> None:
        self.held = None
        if self.blank_at is None:
            self.blank_at = len(self.gap)

    def _comment_line(self, comments: list[tuple[str, int, int]]) -> None:
        """Comments standing on a line (or lines) of their own: they continue the comment of
        the line right above if they begin in the column of one of its comments; else they
        stand alone, placed when the next line of text (or a blank line) tells where."""
        texts = [c for c, _, _ in comments]
        if self.held is not None and comments[0][1] in self.held_columns:
            self.held.comments_continued.extend(texts)
            return
        self.held = None
        self.gap.extend(texts)

    def _text_line(
        self,
        lineno: int,
        text: str,
        code: str,
        comments: list[tuple[str, int, int]],
        open_at: int | None,
    ) -> RecordLines | None:
        done: RecordLines | None = None
        tag_line = is_tag_line(code)
        if self.record is not None and self.has_body and tag_line:
            done = self._close_record(ends_file=False)
            self.first_line = lineno
        column = len(code) - len(code.lstrip(WHITESPACE)) + 1
        record = self._current(lineno)
        if not self._count(lineno, column, text):
            self.has_body = self.has_body or not tag_line
            return done
        line = TextLine(number=lineno, source=text, code=code, column=column, is_tag=tag_line)
        line.comments = [c for c, _, _ in comments]
        line.comment_columns = [col for _, col, ln in comments if ln == lineno]
        if open_at is not None:
            line.comment_columns.append(open_at)
            self.brace_owner = line
        if tag_line:
            line.tag = parse_tag(code)
            if line.tag is None:
                record.note(
                    NotationError(
                        'a tag line is written [Name "value"]',
                        path=self.path,
                        line=lineno,
                        column=column,
                        width=max(1, len(code.strip(WHITESPACE))),
                        source=text,
                        expected=['a tag such as [Event "Portland Club"]'],
                        hint="a tag's value is in double quotes; write \\\" for a quote in it",
                    )
                )
        else:
            self.has_body = True
        if self.gap:
            if self.blank_at is not None and record.lines:
                record.lines[-1].comments_after.extend(self.gap[: self.blank_at])
                line.comments_before = self.gap[self.blank_at :]
            else:
                line.comments_before = self.gap
            self.gap = []
        self.blank_at = None
        record.lines.append(line)
        record.end_line = lineno
        self.held = line if line.comment_columns else None
        self.held_columns = line.comment_columns
        return done

    def _close_record(self, *, ends_file: bool) -> RecordLines:
        """End the record being read: comments standing alone after its last line are its own
        (up to a blank line, unless the file ends)."""
        record = self.record
        assert record is not None
        if ends_file:
            record.comments_after = self.gap
            self.gap = []
        elif self.blank_at is not None:
            record.comments_after = self.gap[: self.blank_at]
            self.gap = self.gap[self.blank_at :]
        self.blank_at = None
        self.held = None
        record.end_line = max(record.end_line, self.lineno - (0 if ends_file else 1))
        self.record = None
        self.has_body = False
        self.held_lines = 0
        self.skipping = False
        return record

    def finish(self) -> RecordLines | None:
        """The last record, at the end of the input."""
        if self.brace:
            line, column = self.brace_at
            self._current(line).note(
                NotationError(
                    "a brace comment opened here is never closed (no '}' before the end of the "
                    "file)",
                    path=self.path,
                    line=line,
                    column=column,
                    hint="close it with '}', or begin a comment to the end of the line with ';'",
                )
            )
            self.brace = []
        if self.loose:
            self.gap.extend(c for c, _, _ in self.loose)
            self.loose = []
        if self.record is None:
            if not self.gap:
                return None
            self._current(self.first_line or 1)
        return self._close_record(ends_file=True)


# --------------------------------------------------------------------------------------------
#  Writing comments back
# --------------------------------------------------------------------------------------------


def emit(out: list[str], indent: str, item: Line, text: str) -> None:
    """Append to ``out`` the lines that write ``item`` (whose text is ``text``) with its
    comments in their places: those before it, indented as it is; those on it, after its text
    at :data:`COMMENT_COLUMN` (or two spaces after a longer text; brace comments first, since
    a ``;`` comment runs to the end of the line); those continuing them, below in the same
    column; those after it, indented as it is, then a blank line that keeps them with it."""
    out.extend(indent + c for c in item.comments_before)
    line = indent + text
    at = COMMENT_COLUMN - 1 if len(line) < COMMENT_COLUMN - 1 else len(line) + 2
    if item.comments:
        comments = sorted(item.comments, key=lambda c: c.startswith(";"))
        line += " " * (at - len(line)) + " ".join(comments)
    out.append(line)
    out.extend(" " * at + c for c in item.comments_continued)
    if item.comments_after:
        out.extend(indent + c for c in item.comments_after)
        out.append("")


def blank(out: list[str]) -> None:
    """Append a blank line, unless ``out`` is empty or already ends with one."""
    if out and out[-1] != "":
        out.append("")
