"""Checking archives: many files, big files, all the cores, results in order as they come.

``ecarte check`` is a thin layer over this module (which knows nothing of the command line).
The work flows in four stages, each a generator, so that memory stays flat however many files
and records there are:

1. :func:`inputs` names the files: paths as given, folders searched for ``*.etn``, ``-`` for
   standard input; a folder with no record file gives a :class:`Notice` in its place.
2. :func:`plan` turns them into *tasks* of :class:`Part` s. Small files are bundled (a part
   names the file; the worker reads it). A file bigger than ``chunk_bytes``, or standard
   input, is cut in this process into runs of whole records, each sent as bytes with the
   number of its first line, so that one big file keeps every core busy. The cut is made only
   where the line lexer is sure to begin a record (:func:`cut_points`).
3. :func:`rulings` rules on the parts: in this process with one job, or in a pool of worker
   processes, with a bounded window of tasks in flight and results taken back in input order.
   A worker returns output already rendered (text lines, JSON fragments) and counts, as
   :class:`Ruled` values: cheap to pickle.
4. :class:`Report` writes the results as they come: findings on standard output, diagnostics on
   standard error, the JSON document streamed piece by piece in the same shape, and byte for
   byte the same text, as ``json.dumps`` of the whole would give; it keeps the counts and the
   exit status. :class:`Progress` draws a progress line on standard error when it is a
   terminal.

:func:`check` ties them together. The output does not depend on the number of jobs nor on the
size of the chunks: the same bytes on standard output and on standard error.
"""

from __future__ import annotations

import bisect
import contextlib
import dataclasses
import errno
import gc
import io
import itertools
import json
import multiprocessing
import os
import re
import signal
import stat
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal, Protocol, TextIO

from adjudicator.court.api import MAX_ERRORS, NotationError
from adjudicator.court.ecarte.api import (
    MAX_LINE_BYTES,
    Portion,
    PortionDeals,
    Record,
    read_parts,
    with_rules,
)
from adjudicator.shell import games
from adjudicator.shell.games import Game

if TYPE_CHECKING:
    from concurrent.futures import Future

    from adjudicator.court.ecarte.api import RecordRuling
    from adjudicator.shell.report import TextOptions

RECORD_SUFFIXES = (".etn",)
"""Files a folder is searched for (a file named on the command line is read whatever its
name)."""

EXIT_OK, EXIT_FINDINGS, EXIT_UNREADABLE, EXIT_INTERNAL = 0, 1, 2, 3
"""Exit status: every deal stands; findings; some input could not be read; a bug."""

Format = Literal["text", "json"]
"""How rulings are printed: one line a finding, or the JSON document."""

CHUNK_BYTES = 64 * 1024
"""The size of the runs of records a big file is cut into, and of a bundle of small files: a
tenth of a second to a second of a worker's time, so that results and progress come often."""

BUNDLE_FILES = 64
"""At most this many small files in one task."""

STDOUT, STDERR, RECORD, ERROR, MORE = 0, 1, 2, 3, 4
"""The kinds of rendered output: text for standard output, a diagnostic for standard error, the
JSON of a ruling (an item of the file's ``records``), the JSON of an unreadable record (an item
of its ``errors``), and more of the JSON of the ruling just begun (a long record's, given in
blocks)."""


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1  # pragma: no cover - not on Linux


# --------------------------------------------------------------------------------------------
#  Inputs and parts
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Input:
    """A file to check: its name in the output, and its path (``None``: standard input)."""

    name: str
    path: Path | None
    game: Game = "ecarte"
    """The game it is a record of (:func:`adjudicator.shell.games.game_of`)."""


@dataclass(frozen=True)
class Notice:
    """A diagnostic that stands in the place of inputs: a folder without record files, or an
    entry of a folder that a scan does not read (:func:`inputs`)."""

    text: str
    status: int = EXIT_OK
    """The exit status it earns: :data:`EXIT_UNREADABLE` for an entry named as a record file
    that is not read, or a folder that cannot be searched."""
    skipped: bool = False
    """Whether it names an entry the scan left out (counted in the summary)."""


def inputs(paths: Iterable[str]) -> Iterator[Input | Notice]:
    """Each input named on the command line: files as given, folders searched for record files
    (sorted, so that the order of the output is stable), ``-`` for standard input.

    A folder scan reads the regular files named ``*.etn`` (and links to them) and follows
    links to folders. It says, one line each in its place, what it does not read: a broken
    link, a loop of links, an entry that is not a regular file (a FIFO, which could block
    the run, a socket, a device), a folder it cannot search, and a link to a folder that holds
    it (a loop, not searched again); a folder named ``*.etn`` is searched as a folder, and
    said so. Hidden folders and ``__pycache__`` are left out in silence, on purpose
    (:func:`_record_files`), and so is every file whose name does not end in ``.etn``."""
    for raw in paths:
        if raw == "-":
            yield Input("<stdin>", None)
            continue
        path = Path(raw)
        if path.is_dir():
            found = False
            for item in _record_files(path):
                if isinstance(item, Path):
                    found = True
                    yield Input(str(item), item, games.game_of(str(item)))
                else:
                    yield item
            if not found:
                wanted = ", ".join(f"*{suffix}" for suffix in games.suffixes())
                yield Notice(f"{raw}: no record files ({wanted}) in this folder")
        else:
            yield Input(raw, path, games.game_of(raw))


def _record_files(folder: Path) -> list[Path | Notice]:
    """The record files under ``folder``, and a :class:`Notice` for each entry left out that
    is not left out in silence, sorted by path (a notice stands where its entry would). Hidden
    folders (``.git``, ``.venv``: a virtual environment holds the installed casebook) and
    ``__pycache__`` are left out without a word, as ruff does."""
    found: list[tuple[Path, Path | Notice]] = []

    def skip(path: Path, why: str, status: int = EXIT_UNREADABLE) -> None:
        found.append((path, Notice(f"{path}: {why}", status, skipped=True)))

    def walk(where: Path, above: frozenset[tuple[int, int]]) -> None:
        try:
            with os.scandir(where) as it:
                entries = list(it)
        except OSError as e:
            skip(where, f"cannot search the folder: {e.strerror or e}")
            return
        for entry in entries:
            path = Path(entry.path)
            record = path.suffix in games.suffixes()
            try:
                is_dir = entry.is_dir()  # through a link
                is_file = not is_dir and entry.is_file()
                # a folder (to tell a loop), or an entry named as a record file that is not a
                # regular file (to say what it is; a broken link fails here)
                st = entry.stat() if is_dir or (record and not is_file) else None
            except OSError as e:
                if not record:
                    continue
                if e.errno == errno.ELOOP:
                    skip(path, "a loop of links: not read")
                elif entry.is_symlink():
                    skip(path, f"a broken link (to {os.readlink(path)}): not read")
                else:
                    skip(path, f"cannot be read: {e.strerror or e}")
                continue
            if is_dir:
                if entry.name.startswith(".") or entry.name == "__pycache__":
                    continue
                assert st is not None
                key = (st.st_dev, st.st_ino)
                if key in above:
                    skip(path, "a link to a folder that holds it (a loop): not searched again", 0)
                    continue
                if record:
                    found.append(
                        (path, Notice(f"{path}: a folder, not a record file: searched as a folder"))
                    )
                walk(path, above | {key})
            elif not record:
                continue
            elif is_file:
                found.append((path, path))
            else:
                assert st is not None
                skip(path, f"not a regular file ({_kind(st.st_mode)}): not read")

    try:
        top = folder.stat()
    except OSError as e:  # pragma: no cover - it was a folder a moment ago
        return [Notice(f"{folder}: cannot search the folder: {e.strerror or e}", EXIT_UNREADABLE)]
    walk(folder, frozenset({(top.st_dev, top.st_ino)}))
    found.sort(key=lambda pair: pair[0])
    return [item for _, item in found]


def _kind(mode: int) -> str:
    """What a file that is not a regular file is."""
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"  # pragma: no cover - no other kind on POSIX


@dataclass(frozen=True, slots=True)
class Part:
    """A piece of work: a whole file, a run of its records, or a notice.

    Exactly one of the sources is set, or none (``path`` is ``None`` and ``data`` too: the
    whole of standard input, read in this process)."""

    file: int | None
    """The input's position among the inputs (``None`` for a notice)."""
    name: str
    """The input's name in the output."""
    path: str | None = None
    """A file to read: the whole of it, or from byte ``offset`` to its end."""
    data: bytes | None = None
    """Or the bytes of a run of whole records."""
    first_line: int = 1
    """The number, in the file, of the first line of ``data`` (or of the line at ``offset``)."""
    offset: int = 0
    notice: str | None = None
    """A diagnostic to print in this place."""
    error: str | None = None
    """Or a reading error to report for the file (standard input failing part way)."""
    then_stdin: bool = False
    """``data`` is only the start: the rest of standard input follows it, read in this process
    as a stream (standard input that offers no place to cut it into runs)."""
    rest: bool = False
    """The rest of a file, from ``offset``, that offers no place to cut it into runs (a record
    too long for one): ruled in this process, as a stream, so that neither it nor its output
    is held whole."""
    rules: str | None = None
    """The rule profile every record is ruled under (``--rules``), whatever its own tag says."""
    game: Game = "ecarte"
    """The game its records are of."""
    trace: bool = False
    """``rule``: the trace of the laws at the end of the text (``--trace``)."""
    advice: bool = False
    """``rule``: the worth of the options and the game chances in the text (``--advice``)."""
    date: str | None = None
    """``rule``: the date of the ruling (``--date``; else each record's Date tag)."""
    analyse: bool = False
    """``rule``: each deal's tricks with what each card cost its player under perfect play
    (``--analyse``; a record held whole)."""


@dataclass(slots=True, kw_only=True)
class Counts:
    """What a ruling counted, and its exit status."""

    records: int = 0
    """Records ruled on."""
    clean: int = 0
    findings: int = 0
    corrections: int = 0
    errors: int = 0
    """Records that could not be read."""
    status: int = EXIT_OK

    def count(self, other: Counts) -> None:
        """Add ``other``'s counts to these; the status is the worst of the two."""
        self.records += other.records
        self.clean += other.clean
        self.findings += other.findings
        self.corrections += other.corrections
        self.errors += other.errors
        self.status = max(self.status, other.status)


@dataclass(slots=True)
class Ruled(Counts):
    """What the ruling of a part, or of one of its records, gave: the output, already rendered,
    and the counts."""

    file: int | None
    name: str
    chunks: list[tuple[int, str]] = field(default_factory=list)
    """``(kind, text)`` in output order; see :data:`STDOUT` and the other kinds."""

    def add(self, kind: int, text: str) -> None:
        """Append output, merging it with output of the same kind just before it."""
        if self.chunks and self.chunks[-1][0] == kind:
            joint = ",\n" if kind in (RECORD, ERROR) else ""
            self.chunks[-1] = (kind, self.chunks[-1][1] + joint + text)
        else:
            self.chunks.append((kind, text))

    def merge(self, other: Ruled) -> None:
        """Take in the output and counts of the next piece of the same part."""
        for kind, text in other.chunks:
            self.add(kind, text)
        self.count(other)


Task = tuple[Part, ...]
"""What a worker is given at a time."""


# --------------------------------------------------------------------------------------------
#  Cutting big files into runs of records
# --------------------------------------------------------------------------------------------

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
"""A quoted value, as the lexer reads it (a brace inside it opens no comment)."""

_BRACE = re.compile(rb"[{}]")


def _brace_open_after(raw: bytes | bytearray, inside: bool) -> bool:
    """Whether a brace comment is open after the line ``raw`` (without its ``\\n``), given
    whether one was open before it; the lexer's reading of comments and quotes. A line the
    reader cannot decode, or too long, reaches the lexer blank and changes nothing."""
    if len(raw) > MAX_LINE_BYTES:
        return inside
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return inside
    i = 0
    if inside:
        close = text.find("}")
        if close < 0:
            return True
        i = close + 1
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == ";":
            return False
        if ch == "{":
            close = text.find("}", i + 1)
            if close < 0:
                return True
            i = close + 1
        elif ch == '"':
            m = _STRING.match(text, i)
            if m is None:
                return False  # an unclosed quote: the rest of the line is one word
            i = m.end()
        else:
            i += 1
    return False


def _brace_states(data: bytes | bytearray, upto: int) -> tuple[list[int], list[bool]]:
    """Where the brace-comment state changes in ``data[:upto]`` (which begins outside any
    comment): the line starts after each line with a brace, and the state from there."""
    starts: list[int] = []
    states: list[bool] = []
    inside = False
    i = 0
    while True:
        m = _BRACE.search(data, i, upto)
        if m is None:
            return starts, states
        begin = data.rfind(b"\n", 0, m.start()) + 1
        end = data.find(b"\n", m.start())
        if end < 0:
            end = len(data)
        inside = _brace_open_after(data[begin:end], inside)
        starts.append(end + 1)
        states.append(inside)
        i = end + 1


def cut_points(data: bytes | bytearray) -> Iterator[int]:
    """The byte offsets in ``data`` (from its end backwards) where a run of records may be cut:
    the line lexer is sure to begin a new record there, with nothing carried over.

    ``data`` must begin outside any brace comment (at the start of a file or at a cut). A run
    is cut after a line of a record's body (its first character a letter or a digit: the lexer
    sees a token that is not a tag) that is followed, after blank lines and ``;`` comment lines
    only, by a line beginning with ``[`` (a tag line: the lexer begins a record there, and the
    comments between go to it), when no brace comment is open at the body line's start or end.
    This is stricter than the lexer's own rule (a tag line after a line other than a tag), so
    that brace comments, lines the reader cannot decode, too long or not text, never make a cut
    where the lexer would not make one, nor move a comment or an error from one record to the
    other. Data with a CR that is not before a LF (a line end to the reader, not here) has no
    cut point. A file with a NUL byte is never cut (the reader stops at it): the caller
    checks."""
    last_end = data.rfind(b"\n")
    if last_end < 0 or _lone_cr(data):
        return
    states: tuple[list[int], list[bool]] | None = None
    brace = data.find(b"{")
    j = data.rfind(b"\n[", 0, last_end)
    while j > 0:
        body = _body_line_before(data, j)
        if body is not None:
            begin, at = body
            if brace < 0 or brace >= at:
                yield at
            else:
                if states is None:
                    states = _brace_states(data, last_end)
                if not _inside(states, begin) and not _inside(states, at):
                    yield at
        j = data.rfind(b"\n[", 0, j)


def _lone_cr(data: bytes | bytearray) -> bool:
    """Whether ``data`` has a CR not followed by a LF (the reader ends a line there), not
    counting a CR at its very end (its LF may come next)."""
    crs = data.count(b"\r")
    return crs > 0 and crs - data.endswith(b"\r") != data.count(b"\r\n")


def _body_line_before(data: bytes | bytearray, j: int) -> tuple[int, int] | None:
    """The start and the end (after its line feed) of the line of a record's body before the
    tag line after ``data[j]``, over blank and ``;`` comment lines; ``None`` if there is none,
    or a line on the way is not plain text of a sensible length."""
    end = j
    while True:
        begin = data.rfind(b"\n", 0, end) + 1
        line = data[begin:end]
        if len(line) >= MAX_LINE_BYTES - 1 or not _text(line):
            return None
        first = line.lstrip()[:1]
        if first and first != b";":
            return (begin, end + 1) if first.isalnum() else None
        if begin == 0:
            return None
        end = begin - 1


def _text(line: bytes | bytearray) -> bool:
    """Whether the reader can decode the line."""
    if line.isascii():
        return True
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _inside(states: tuple[list[int], list[bool]], pos: int) -> bool:
    """Whether a brace comment is open at the line starting at ``pos``."""
    starts, values = states
    k = bisect.bisect_right(starts, pos)
    return values[k - 1] if k else False


def cut(
    read: Callable[[int], bytes],
    chunk_bytes: int,
    *,
    seekable: bool,
    give_up_bytes: int | None = None,
) -> Iterator[tuple[int, int, bytes | None]]:
    """Cut a byte stream into runs of whole records of about ``chunk_bytes``: yield
    ``(offset, first_line, data)`` for each. The last run goes to the end of the stream.

    Where no cut can be made (a NUL byte: the reader stops there; a CR alone: lines are not
    counted the reader's way here; no safe cut point in ``give_up_bytes``), a ``seekable``
    stream ends with ``(offset, first_line, None)``: the rest of the file from ``offset``, for
    the worker to read itself; any other stream ends with ``(offset, first_line, prefix)``
    followed by ``(offset, first_line, None)``: the bytes read and not yet cut, the rest of the
    stream to be read after them, as a stream, by the caller (never held whole). An
    ``OSError`` from ``read`` ends a seekable stream the same way (the worker meets it again);
    from another stream, it is raised after the bytes read before it."""
    give_up = give_up_bytes or max(16 * chunk_bytes, 4 * MAX_LINE_BYTES)
    pending = bytearray()  # read, not yet cut (grown in place: a stream may give few bytes)
    looked = 0  # how much of it was looked at for a cut point, without finding one
    offset = 0
    line = 1
    cutting = True
    while True:
        try:
            block = read(chunk_bytes)
        except OSError:
            if seekable:  # the worker reads the rest, and reports the error
                yield offset, line, None
                return
            if pending:
                yield offset, line, bytes(pending)
            raise
        if not block:
            break
        pending += block
        if len(pending) - looked < chunk_bytes:  # look again once a run's worth has come
            continue
        if b"\0" in pending or _lone_cr(pending):
            cutting = False
        else:
            at = next(cut_points(pending), -1)
            if at > 0:
                data = bytes(pending[:at])
                yield offset, line, data
                offset += at
                line += data.count(b"\n")
                del pending[:at]
                looked = 0
                continue
            looked = len(pending)
            if len(pending) > give_up:
                cutting = False
        if not cutting:
            if not seekable:  # the bytes read so far, then the rest as a stream
                yield offset, line, bytes(pending)
            yield offset, line, None
            return
    yield offset, line, bytes(pending)


# --------------------------------------------------------------------------------------------
#  Planning
# --------------------------------------------------------------------------------------------


def plan(
    items: Iterable[Input | Notice],
    *,
    chunk_bytes: int = CHUNK_BYTES,
    stdin: IO[bytes] | None = None,
    bundle_files: int = BUNDLE_FILES,
) -> Iterator[Task]:
    """The tasks for the workers, in input order: small files bundled by name, big files and
    standard input cut into runs of records (read here, sent as bytes)."""
    bundle: list[Part] = []
    size = 0
    for number, item in enumerate(items):
        if isinstance(item, Notice):
            bundle.append(Part(None, "", notice=item.text))
            continue
        file_size = -1 if item.path is None else _size(item.path)
        if item.game != "ecarte" and item.path is not None:
            file_size = 0  # read whole by its game's reader, a record at a time
        if 0 <= file_size <= chunk_bytes:
            bundle.append(Part(number, item.name, path=str(item.path), game=item.game))
            size += file_size
            if size >= chunk_bytes or len(bundle) >= bundle_files:
                yield tuple(bundle)
                bundle, size = [], 0
            continue
        if bundle:
            yield tuple(bundle)
            bundle, size = [], 0
        for part in _cut_input(number, item, chunk_bytes, stdin):
            yield (part,)
    if bundle:
        yield tuple(bundle)


def _size(path: Path) -> int:
    """A regular file's size; 0 for anything else (read whole by a worker, which reports the
    error if it cannot be read)."""
    try:
        st = path.stat()
    except OSError:
        return 0
    return st.st_size if stat.S_ISREG(st.st_mode) else 0


def _has_nul(f: IO[bytes]) -> bool:
    """Whether the file has a NUL byte (a binary file), or cannot be read to its end."""
    try:
        while block := f.read(1 << 20):
            if b"\0" in block:
                return True
    except OSError:
        return True
    return False


def _cut_input(
    number: int, item: Input, chunk_bytes: int, stdin: IO[bytes] | None
) -> Iterator[Part]:
    """The parts of one big file, or of standard input."""
    name = item.name
    if item.path is None:
        stream = stdin if stdin is not None else sys.stdin.buffer
        held: Part | None = None  # each run is sent once it is known what follows it
        try:
            for _offset, line, data in cut(stream.read, chunk_bytes, seekable=False):
                if data is None:  # the run held is only the start: the rest follows, streamed
                    if held is not None:
                        held = dataclasses.replace(held, then_stdin=True)
                    else:
                        held = Part(number, name, data=b"", first_line=line, then_stdin=True)
                    break
                if held is not None:
                    yield held
                held = Part(number, name, data=data, first_line=line)
        except OSError as e:
            if held is not None:
                yield held
            yield Part(number, name, error=f"cannot read the file: {e.strerror or e}")
            return
        if held is not None:
            yield held
        return
    path = str(item.path)
    try:
        f = open(path, "rb")  # noqa: SIM115 - closed below
    except OSError:
        yield Part(number, name, path=path)  # the worker reports it
        return
    with f:
        if _has_nul(f):  # not text: read whole, as in one job (the reader stops at the NUL)
            yield Part(number, name, path=path)
            return
        f.seek(0)
        for offset, line, data in cut(f.read, chunk_bytes, seekable=True):
            if data is None:  # the rest of the file, from the last cut: read as a stream
                yield Part(number, name, path=path, offset=offset, first_line=line, rest=True)
            else:
                yield Part(number, name, data=data, first_line=line)


# --------------------------------------------------------------------------------------------
#  Ruling (in a worker, or in this process)
# --------------------------------------------------------------------------------------------


def _nested(obj: Any) -> str:
    """An item of a file's ``records`` or ``errors``, as ``json.dumps(..., indent=1)`` of the
    whole document writes it (three levels deep)."""
    from adjudicator.shell.spool import indented

    return indented(obj, "   ")


class _Then(io.RawIOBase):
    """Bytes already read from a stream, then the rest of the stream."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        self.head = memoryview(head)
        self.stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        data = self.stream.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def under_rules(item: Record | Portion | NotationError, rules: str | None) -> Any:
    """``item`` as it is to be ruled: under the profile ``rules`` if one is given (its
    ``Rules`` tag replaced; a long record's first portion carries the tags). (The reader
    refuses a ``Rules`` tag that names no profile.)"""
    record = item.record if isinstance(item, Portion) else item
    if rules is None or not isinstance(record, Record):
        return item
    record = with_rules(record, rules)
    return dataclasses.replace(item, record=record) if isinstance(item, Portion) else record


def _items(part: Part, stdin: IO[bytes] | None) -> Iterator[Record | Portion | NotationError]:
    """The records of a part, or a :class:`NotationError` in place of each bad one; a long
    record in :class:`Portion` items; each as it is to be ruled (:func:`under_rules`)."""
    for item in _read_items(part, stdin):
        yield under_rules(item, part.rules)


def _read_items(part: Part, stdin: IO[bytes] | None) -> Iterator[Record | Portion | NotationError]:
    if part.error is not None:
        yield NotationError(part.error, path=part.name)
    elif part.data is not None and part.then_stdin:
        rest = _Then(part.data, stdin if stdin is not None else sys.stdin.buffer)
        stream = io.BufferedReader(rest, buffer_size=1 << 16)
        yield from read_parts(stream, path=part.name, first_line=part.first_line)
    elif part.data is not None:
        yield from read_parts(io.BytesIO(part.data), path=part.name, first_line=part.first_line)
    elif part.path is None:
        yield from read_parts(stdin if stdin is not None else sys.stdin.buffer, path=part.name)
    elif part.offset:
        try:
            f = open(part.path, "rb")  # noqa: SIM115 - closed below
        except OSError as e:
            yield NotationError(f"cannot open the file: {e.strerror or e}", path=part.name)
            return
        with f:
            f.seek(part.offset)
            yield from read_parts(f, path=part.name, first_line=part.first_line)
    else:
        yield from read_parts(Path(part.path), path=part.name)


def rule(
    part: Part, fmt: Format, stdin: IO[bytes] | None = None, *, full: bool = False
) -> Iterator[Ruled]:
    """Rule on each record of a part: one :class:`Ruled` a record (or bad record), its output
    rendered (a long record: several, as its pieces are ruled). An exception (a bug) is
    reported as an internal error; the batch goes on.

    ``full``: in text, the full ruling for a referee (``ecarte rule``) instead of one line a
    finding."""
    from adjudicator.court.ecarte.api import adjudicate
    from adjudicator.shell.report import check_lines, render_ruling

    if part.notice is not None:
        yield Ruled(None, "", [(STDERR, part.notice + "\n")])
        return
    if part.game == "piquet":
        from adjudicator.shell.piquet import rule_part

        yield from rule_part(part, fmt, full=full)
        return
    name = part.name
    where = part.first_line
    try:
        items = _items(part, stdin)
        for item in items:
            if isinstance(item, Portion):
                where = item.record.line if item.record is not None else where
                yield from _rule_long(part, fmt, item, items, full=full)
                continue
            out = Ruled(part.file, name)
            if isinstance(item, NotationError):
                where = item.line
                out.add(STDERR, f"{item}\n")
                if fmt == "json":
                    for error in item.to_json_list():  # every error of the record
                        out.add(ERROR, _nested(error))
                out.errors = 1
                out.status = EXIT_UNREADABLE
                yield out
                continue
            where = item.line
            try:
                ruling: RecordRuling = adjudicate(item, advise=full)
            except Exception as e:
                yield _internal(part, where, e)
                continue
            out.records = 1
            out.findings = len(ruling.findings)
            out.corrections = len(ruling.corrections)
            if ruling.clean:
                out.clean = 1
            else:
                out.status = EXIT_FINDINGS
            if fmt == "json":
                out.add(RECORD, _nested(ruling.model_dump(mode="json")))
            elif full:
                out.add(STDOUT, render_ruling(name, ruling, _text_options(part, item)) + "\n")
            else:
                lines = check_lines(name, ruling)
                if lines:
                    out.add(STDOUT, "\n".join(lines) + "\n")
            yield out
    except Exception as e:
        yield _internal(part, where, e)


def _rule_long(
    part: Part,
    fmt: Format,
    first: Portion,
    items: Iterator[Record | Portion | NotationError],
    *,
    full: bool = False,
) -> Iterator[Ruled]:
    """Rule on a long record, read a part at a time (``first``, then the next :class:`Portion`
    items of ``items``): one :class:`Ruled` each time a piece of the ruling is made, the output
    exactly what the ruling of the whole record would print (:mod:`adjudicator.shell.spool`).
    A part that cannot be read ends the ruling there: the deals before it are ruled, and the
    errors of the parts after it are reported (the record counts as ruled and as unreadable)."""
    deals = PortionDeals(first, items)
    if first.record is not None:
        yield from _rule_pieces(part, fmt, first.record, deals, full=full)
    unread = _unread_parts(part, fmt, first, deals)
    if unread is not None:
        yield unread


def _rule_pieces(
    part: Part, fmt: Format, record: Record, deals: PortionDeals, *, full: bool
) -> Iterator[Ruled]:
    """Rule on the deals of a long record as they are read: a :class:`Ruled` for each piece of
    the ruling, then what waited for the end of the record, a block at a time, then its
    counts."""
    from adjudicator.court.ecarte.api import adjudicate_parts

    name = part.name
    head = record.model_copy(update={"deals": ()})
    output: _LongOutput
    if fmt == "json":
        output = _LongJson(head)
    elif full:
        output = _LongText(name, head, _text_options(part, None))
    else:
        output = _LongCheck(name, head)
    clean = True
    court: Iterable[Any] = deals
    ending: dict[str, Any] = {}
    walked: Iterator[Any] = iter(())
    if isinstance(output, _LongText):  # the replay, alongside, tells who deals next
        from adjudicator.shell.show import deal_summaries

        court, replay = itertools.tee(deals)
        walked = deal_summaries(head, replay, end=ending)
    try:
        for piece in adjudicate_parts(head, court, advise=full):
            for _ in itertools.islice(walked, len(piece.deals)):  # (the tee's buffer kept short)
                pass
            out = Ruled(part.file, name)
            out.findings = len(piece.findings)
            out.corrections = len(piece.corrections)
            clean = clean and piece.clean
            output.add(piece, out)
            if not piece.clean:
                out.status = EXIT_FINDINGS
            yield out
        for _ in walked:
            pass
        if isinstance(output, _LongText):
            output.text.options = output.text.options._replace(
                next_dealer=ending.get("next_dealer")
            )
        for kind, block in output.end():  # (never joined into one text)
            yield Ruled(part.file, name, [(kind, block)])
        yield Ruled(part.file, name, records=1, clean=int(clean))
    finally:
        output.close()


class _LongOutput(Protocol):
    """The output of a long record's ruling, made as its pieces come (:func:`_rule_pieces`)."""

    def add(self, piece: RecordRuling, out: Ruled) -> None:
        """Take a piece of the ruling; what can be printed of it now goes to ``out``."""

    def end(self) -> Iterator[tuple[int, str]]:
        """What waited for the end of the record: (kind of output, block) pairs."""

    def close(self) -> None:
        """Let go of what is held (spooled files), whether or not the ruling ended."""


class _LongJson:
    """``--format json``: the ruling's JSON, written once the record is ruled."""

    def __init__(self, head: Record) -> None:
        from adjudicator.court.ecarte.api import tags_of
        from adjudicator.shell.spool import RulingJson

        self.document = RulingJson(head.line, tags_of(head))

    def add(self, piece: RecordRuling, out: Ruled) -> None:
        self.document.add(piece)

    def end(self) -> Iterator[tuple[int, str]]:
        kind = RECORD
        for block in self.document.blocks():
            yield kind, block
            kind = MORE

    def close(self) -> None:
        self.document.close()


class _LongText:
    """``ecarte rule``: the full ruling for a referee, each deal once nothing more can come
    for it, the sections that end the ruling at the end."""

    def __init__(self, name: str, head: Record, options: TextOptions) -> None:
        from adjudicator.shell.report import RulingText

        self.text = RulingText(name, head.line, options)

    def add(self, piece: RecordRuling, out: Ruled) -> None:
        for block in self.text.add(piece):
            out.add(STDOUT, block)

    def end(self) -> Iterator[tuple[int, str]]:
        for block in [*self.text.end(), "\n"]:
            yield STDOUT, block

    def close(self) -> None:
        self.text.close()


def _text_options(part: Part, record: Record | None) -> TextOptions:
    """What ``rule`` says in the text of a record's ruling (``record``: the record held
    whole, whose replay tells who deals next; ``None`` for a long record read in parts)."""
    from adjudicator.shell.report import TextOptions, analysed_play
    from adjudicator.shell.show import next_dealer

    dealer = next_dealer(record) if record is not None else None
    play = analysed_play(record) if part.analyse and record is not None else None
    return TextOptions(part.trace, part.advice, part.date, dealer, play)


class _LongCheck:
    """``check``: the lines of each piece's findings, corrections and claims not upheld, in
    line order, as the pieces come; the games won (with the series they make) at the end."""

    def __init__(self, name: str, head: Record) -> None:
        from adjudicator.court.ecarte.api import tags_of

        self.name = name
        self.won: list[Any] = []  # the games won (few), for check's lines on them
        self.deal_lines: dict[int, int] = {}  # the lines of the deals that won them
        self.rules, self.tags, self.first_line = "club-1878", tags_of(head), head.line

    def add(self, piece: RecordRuling, out: Ruled) -> None:
        from adjudicator.shell.report import in_line_order

        lines = in_line_order(self.name, piece)
        if lines:
            out.add(STDOUT, "\n".join(lines) + "\n")
        self.won.extend(piece.games)
        winning = {g.deal for g in piece.games}  # (only those: bounded memory)
        self.deal_lines.update({d.number: d.line for d in piece.deals if d.number in winning})
        self.rules, self.tags = piece.rules, piece.tags or self.tags

    def end(self) -> Iterator[tuple[int, str]]:
        from adjudicator.court.ecarte.api import profile_named, series_of
        from adjudicator.shell.report import game_lines

        series = series_of(self.won, self.tags, profile_named(self.rules))
        games = game_lines(self.name, self.first_line, self.won, self.deal_lines, series)
        if games:
            yield STDOUT, "".join(f"{g}\n" for g in games)

    def close(self) -> None:
        """Nothing is held apart: each piece's lines are written as it comes."""


def _unread_parts(part: Part, fmt: Format, first: Portion, deals: PortionDeals) -> Ruled | None:
    """The parts of a long record not ruled: the one that cannot be read, and those after it
    (their errors); ``None`` if every part was read."""
    errors = deals.errors()
    if not errors:
        return None
    name = part.name
    out = Ruled(part.file, name, errors=1, status=EXIT_UNREADABLE)
    ruled = deals.last_deal
    if first.record is not None and ruled is not None:
        out.add(
            STDERR,
            f"{name}:{errors[0].line}: the record at line {first.record.line} is ruled only "
            f"up to its deal {ruled.number} (line {ruled.line}): the part of it that follows "
            "cannot be read (its errors follow)\n",
        )
    for error in errors[:MAX_ERRORS]:
        out.add(STDERR, f"{error}\n")
        if fmt == "json":
            for item in error.to_json_list():
                out.add(ERROR, _nested(item))
    return out


def _internal(part: Part, line: int, e: Exception) -> Ruled:
    text = (
        f"ecarte: internal error (a bug; please report it): {part.name}:{line}: "
        f"{type(e).__name__}: {e}\n"
    )
    return Ruled(part.file, part.name, [(STDERR, text)], status=EXIT_INTERNAL)


def rule_task(task: Task, fmt: Format) -> list[Ruled]:
    """Rule on a task in a worker: one :class:`Ruled` for each part, its records' output
    merged."""
    out: list[Ruled] = []
    for part in task:
        whole = Ruled(part.file, part.name)
        for piece in rule(part, fmt):
            whole.merge(piece)
        out.append(whole)
    return out


# --------------------------------------------------------------------------------------------
#  Signals: the pool ends with its parent, whatever ends the parent
# --------------------------------------------------------------------------------------------

STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that ask a process to end (a supervisor, a closed terminal): while
:func:`terminable`, they end a run as Ctrl-C does, with its clean-up."""

_BLOCKED = {signal.SIGINT, *STOP_SIGNALS}
"""What is blocked while workers are forked, until each has set its own handlers."""


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived (within :func:`terminable`): raised in the main thread as
    Ctrl-C raises ``KeyboardInterrupt``, so that whatever is unwound cleans up (the pool's
    workers are stopped, a temporary file removed). The process should then exit with
    :attr:`status`, 128 + the signal's number, as a shell reports a process the signal
    ended."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.status = 128 + signum

    @property
    def name(self) -> str:
        """The signal's name (``SIGTERM``)."""
        try:
            return signal.Signals(self.signum).name
        except ValueError:  # pragma: no cover - only the signals above are handled
            return f"signal {self.signum}"


_terminating = False
"""A :class:`Terminated` was raised: a second signal during the clean-up is not raised again
(it would cut the clean-up short)."""


def _raise_terminated(signum: int, frame: object) -> None:
    global _terminating
    if _terminating:
        return
    _terminating = True
    raise Terminated(signum)


@contextlib.contextmanager
def terminable() -> Iterator[None]:
    """Within this block, SIGTERM and SIGHUP raise :class:`Terminated` in the main thread.
    A signal ignored when the block begins (``nohup``) stays ignored; the handlers are put
    back as they were when it ends. Outside the main thread, nothing changes (Python runs
    signal handlers only there)."""
    global _terminating
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[signal.Signals, Any] = {}
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            previous[signum] = signal.signal(signum, _raise_terminated)
    _terminating = False
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


PR_SET_PDEATHSIG = 1
"""``prctl``'s option: the signal a process gets when its parent ends (Linux)."""


def _die_with_parent(parent: int) -> None:
    """Make this worker end when ``parent`` does, even killed (SIGKILL: it has no chance to
    stop its pool): on Linux the kernel sends it SIGKILL (``prctl(PR_SET_PDEATHSIG)``);
    elsewhere a thread of its own watches whether its parent is still ``parent``, twice a
    second. Either way, a parent already gone ends it now."""
    armed = False
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            armed = libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
        except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
            armed = False
    if os.getppid() != parent:  # the parent ended before the watch began
        os._exit(1)
    if armed:
        return

    def watch() -> None:  # pragma: no cover - not on Linux
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="ecarte-parent-watch", daemon=True).start()


def _worker_init(parent: int) -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool; it ends at once on SIGTERM
    or SIGHUP (the parent's :func:`_stop` sends SIGTERM), and when its parent ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)  # not the parent's handler, inherited by fork
    _die_with_parent(parent)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _BLOCKED)


def rulings(
    items: Iterable[Input | Notice],
    *,
    fmt: Format = "text",
    jobs: int = 1,
    chunk_bytes: int | None = None,
    stdin: IO[bytes] | None = None,
    window: int | None = None,
    rules: str | None = None,
) -> Generator[Ruled, None, None]:
    """The rulings on every record of ``items``, rendered, in input order, as they come.

    With ``jobs`` 1 the records are ruled in this process one by one (a :class:`Ruled` each).
    With more, a pool of ``jobs`` worker processes rules on the tasks of :func:`plan` (cut at
    ``chunk_bytes``, :data:`CHUNK_BYTES` by default), at most ``window`` of them in flight
    (twice the jobs by default), and each task gives a :class:`Ruled` per part. Closing the
    generator, or an exception (Ctrl-C), stops the pool. ``rules``: the profile every record
    is ruled under (``--rules``)."""
    if jobs <= 1:
        for number, item in enumerate(items):
            if isinstance(item, Notice):
                yield Ruled(None, "", [(STDERR, item.text + "\n")])
            else:
                # A file is read whole, as a stream: no cut, no pool.
                path = None if item.path is None else str(item.path)
                yield from rule(Part(number, item.name, path, rules=rules), fmt, stdin)
        return
    tasks = plan(items, chunk_bytes=chunk_bytes or CHUNK_BYTES, stdin=stdin)
    if rules is not None:
        tasks = (tuple(dataclasses.replace(p, rules=rules) for p in task) for task in tasks)
    head = list(itertools.islice(tasks, 2))
    if len(head) < 2:  # one task: not worth a pool
        for task in head:
            for part in task:
                yield from rule(part, fmt, stdin)
        return
    yield from _pooled(itertools.chain(head, tasks), fmt, jobs, window or 2 * jobs, stdin)


class WorkerDied(RuntimeError):
    """A worker process stopped abruptly (killed, or out of memory): the batch cannot go on."""


def _pooled(
    tasks: Iterator[Task], fmt: Format, jobs: int, window: int, stdin: IO[bytes] | None = None
) -> Iterator[Ruled]:
    """Rule on ``tasks`` in a pool of ``jobs`` processes, at most ``window`` tasks in flight,
    results in order. Leaving early (an exception, Ctrl-C, the generator closed) stops the
    workers at once."""
    from adjudicator.court.ecarte.api import adjudicate as _adjudicate  # noqa: F401 - imported once, before the fork
    from adjudicator.court.ecarte.api import read_one

    read_one("deal 1 A\n")  # the parser, built before the fork, is shared
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    executor = ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_worker_init, initargs=(os.getpid(),)
    )
    flight: deque[Future[list[Ruled]]] = deque()
    started = False
    try:
        with terminable():  # SIGTERM, SIGHUP: the workers are stopped, as on Ctrl-C
            for task in tasks:
                if any(part.then_stdin or part.rest for part in task):
                    # The rest of standard input, read here as a stream: after what is in
                    # flight, in order.
                    while flight:
                        yield from flight.popleft().result()
                    for part in task:
                        yield from rule(part, fmt, stdin)
                    continue
                if started:
                    flight.append(executor.submit(rule_task, task, fmt))
                else:
                    flight.append(_start(executor, task, fmt))
                    started = True
                if len(flight) >= window:
                    yield from flight.popleft().result()
            while flight:
                yield from flight.popleft().result()
    except BrokenProcessPool as e:
        _stop(executor)
        raise WorkerDied("a worker process stopped abruptly (killed, or out of memory?)") from e
    except BaseException:
        _stop(executor)
        raise
    executor.shutdown()


def _start(executor: ProcessPoolExecutor, task: Task, fmt: Format) -> Future[list[Ruled]]:
    """Submit a task to a pool whose workers may start now (with ``fork``, all of them)."""
    # Ctrl-C, SIGTERM and SIGHUP are blocked while the workers start, so that none sees one
    # before it has set its own handlers; one meanwhile reaches this process when it is
    # unblocked.
    masked = hasattr(signal, "pthread_sigmask")
    if masked:
        before = signal.pthread_sigmask(signal.SIG_BLOCK, _BLOCKED)
    # The objects of this process are frozen while the workers fork, so that the collector
    # of a worker leaves the pages it shares with this process alone (no copy on write).
    gc.freeze()
    try:
        return executor.submit(rule_task, task, fmt)
    finally:
        gc.unfreeze()
        if masked:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _stop(executor: ProcessPoolExecutor) -> None:
    """Stop the workers now, without waiting for the tasks they are on, and the pool."""
    workers: Any = getattr(executor, "_processes", None) or {}
    processes = list(workers.values())
    for process in processes:
        process.terminate()
    for process in processes:  # wait for them here, not in the pool's own machinery, which
        process.join(5)  # a Ctrl-C may have caught holding one of its locks
        if process.is_alive():
            process.kill()
            process.join(5)
    manager: threading.Thread | None = getattr(executor, "_executor_manager_thread", None)
    executor.shutdown(wait=False, cancel_futures=True)
    # The pool's thread, seeing its workers gone, joins them too: whichever of the two
    # threads reaps a worker first records its exit, and the other is told there is no such
    # child. Wait (a bounded while) for that thread, so that every worker is known to have
    # ended when this returns.
    if manager is not None and manager is not threading.current_thread():
        manager.join(5)


# --------------------------------------------------------------------------------------------
#  Progress and report
# --------------------------------------------------------------------------------------------


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """A progress line on a terminal: files and records done, and the rate.

    It is drawn only when ``stream`` is a terminal (never in a pipe, a file, a test or CI),
    at most every ``interval`` seconds, with a carriage return; :meth:`clear` rubs it out
    before anything else is written to the terminal."""

    def __init__(
        self,
        stream: TextIO,
        *,
        enabled: bool | None = None,
        interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.enabled = _isatty(stream) if enabled is None else enabled
        self.interval = interval
        self.clock = clock
        self.start = clock()
        self.last = self.start  # nothing is drawn in the first interval (a quick run)
        self.shown = 0
        """The width of the line on the terminal (0: nothing shown)."""

    def update(self, files: int, records: int) -> None:
        """Redraw, if it is time to."""
        if not self.enabled:
            return
        now = self.clock()
        if now - self.last < self.interval:
            return
        self.last = now
        elapsed = now - self.start
        rate = records / elapsed if elapsed > 0 else 0.0
        text = f"checking: {files:,} file(s), {records:,} record(s), {rate:,.0f} records/s"
        pad = " " * max(0, self.shown - len(text))
        self.stream.write("\r" + text + pad)
        self.stream.flush()
        self.shown = len(text)

    def clear(self) -> None:
        """Rub the line out (if it is shown)."""
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0


def program_version() -> str:
    """The program's version (the package's), or ``unknown`` when it is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ecarte-adjudicator")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


class Report:
    """Writes the results as they come and keeps the counts and the exit status.

    Text: each record's findings on ``out``, unreadable records on ``err``, and at the end a
    summary line on ``err`` (like every command's summary: ``out`` holds only results, so
    that it can be read by a program or kept as it is). JSON: the document
    ``[{"file", "records", "errors"}, ...]`` written piece by piece, a record as soon as it
    is ruled; a file's ``errors`` come after its records, so they
    wait (in a spooled temporary file) until the file ends; then its ``totals`` (records,
    clean, findings, corrections, unreadable) and the program's ``version``."""

    def __init__(
        self, fmt: Format, out: TextIO, err: TextIO, progress: Progress | None = None
    ) -> None:
        self.fmt = fmt
        self.out = out
        self.err = err
        self.progress = progress
        self.out_on_terminal = progress is not None and progress.enabled and _isatty(out)
        self.files = 0
        """Files begun."""
        self.skipped = 0
        """Entries of folders left out, each named on ``err`` (:func:`inputs`)."""
        self.unreadable = 0
        """Files of which a record, or the whole, could not be read."""
        self._unreadable_file: int | None = None
        self.total = Counts()
        """Everything ruled on so far, and the worst status."""
        self._file: int | None = None
        self._file_counts = Counts()
        """What the file in progress counted (its JSON entry's ``totals``)."""
        self._has_records = False
        self._errors: IO[str] | None = None
        self._open_line = False
        """The last text written on ``out`` did not end its line (the JSON document): a
        progress line on the same terminal would stand on it, so none is drawn then."""

    def note(self, notice: Notice) -> None:
        """Count a notice of the inputs (its line is written in its place, as a result)."""
        self.skipped += notice.skipped
        self.total.status = max(self.total.status, notice.status)

    def take(self, ruled: Ruled) -> None:
        """Count one result, and write its output. It is counted first: if the output is
        closed while it is written, the status earned so far includes it."""
        if ruled.errors and ruled.file is not None and ruled.file != self._unreadable_file:
            self._unreadable_file = ruled.file  # a file's results come together, in order
            self.unreadable += 1
        total = self.total
        total.count(ruled)
        new_file = ruled.file is not None and ruled.file != self._file
        if new_file:
            self._close_file()
            self._file_counts = Counts()
        self._file_counts.count(ruled)
        if self.out_on_terminal and (ruled.chunks or (new_file and self.fmt == "json")):
            self._clear()  # the progress line is rubbed out before anything is written
        chunks = ruled.chunks
        # Diagnostics before any output of the result are said before the file's entry is
        # opened (so they are said even if the output is closed then), the rest in order.
        lead = next((i for i, (kind, _) in enumerate(chunks) if kind != STDERR), len(chunks))
        for _kind, text in chunks[:lead]:
            self._say(text)
        if new_file:
            self._open_file(ruled)
        for kind, text in chunks[lead:]:
            if kind == STDERR:
                self._say(text)
                continue
            if kind in (STDOUT, MORE):
                self._write(text)
            elif kind == RECORD:
                self._write(",\n" if self._has_records else "\n")
                self._write(text)
                self._has_records = True
            else:
                if self._errors is None:
                    spool = tempfile.SpooledTemporaryFile  # closed at the file's end
                    self._errors = spool(max_size=1 << 20, mode="w+", encoding="utf-8")
                else:
                    self._errors.write(",\n")
                self._errors.write(text)
        self.out.flush()
        if self.progress is not None and not (self.out_on_terminal and self._open_line):
            self.progress.update(self.files, total.records + total.errors)

    def _say(self, text: str) -> None:
        self._clear()
        self.out.flush()
        self.err.write(text)
        self.err.flush()

    def _write(self, text: str) -> None:
        if text:
            self.out.write(text)
            self._open_line = not text.endswith("\n")

    def finish(self) -> int:
        """End the output (the JSON document, or the summary line); the exit status."""
        self._clear()
        self._close_file()
        if self.fmt == "json":
            self._write("\n]\n" if self.files else "[]\n")
            self.out.flush()
        else:
            self.out.flush()
            self.err.write(self.summary())
            self.err.flush()
        return self.total.status

    def summary(self) -> str:
        """The line that ends a run in text: files and records ruled, findings, files that
        could not be read (in whole or in part), and entries of folders left out (if any)."""
        total = self.total
        skipped = f"; {self.skipped} skipped in folders" if self.skipped else ""
        return (
            f"{self.files} file(s), {total.records} record(s): "
            f"{total.clean} clean; {total.findings} finding(s), "
            f"{total.corrections} correction(s); {self.unreadable} unreadable file(s)"
            f"{skipped}\n"
        )

    def _clear(self) -> None:
        if self.progress is not None:
            self.progress.clear()

    def _open_file(self, ruled: Ruled) -> None:
        self._file = ruled.file
        self.files += 1
        if self.fmt == "json":
            self._write("[\n" if self.files == 1 else ",\n")
            name = json.dumps(ruled.name, ensure_ascii=False)
            self._write(f' {{\n  "file": {name},\n  "records": [')
        self._has_records = False

    def _close_file(self) -> None:
        if self._file is None or self.fmt != "json":
            return
        self._write("\n  ],\n" if self._has_records else "],\n")
        self._write('  "errors": [')
        errors = self._errors
        if errors is None:
            self._write("]")
        else:
            self._write("\n")
            errors.seek(0)
            while block := errors.read(1 << 16):
                self._write(block)
            errors.close()
            self._errors = None
            self._write("\n  ]")
        c = self._file_counts
        totals = {
            "records": c.records,
            "clean": c.clean,
            "findings": c.findings,
            "corrections": c.corrections,
            "unreadable": c.errors,
        }
        from adjudicator.shell.spool import indented

        self._write(',\n  "totals": ' + indented(totals, "  ").lstrip())
        self._write(f',\n  "version": {json.dumps(program_version())}')
        self._write("\n }")
        self._file = None


def check(
    items: Iterable[Input | Notice],
    *,
    fmt: Format = "text",
    jobs: int = 1,
    out: TextIO | None = None,
    err: TextIO | None = None,
    progress: Progress | None = None,
    stdin: IO[bytes] | None = None,
    chunk_bytes: int | None = None,
    rules: str | None = None,
) -> int:
    """Check ``items`` and write the results (to standard output and standard error by
    default); return the exit status, the worst over all inputs. If the output is closed (the
    reader of a pipe went away: ``| head``), the run stops and :class:`OutputClosed` is raised
    with the status earned by what was ruled until then."""
    report = Report(fmt, out or sys.stdout, err or sys.stderr, progress)

    def noted(items: Iterable[Input | Notice]) -> Iterator[Input | Notice]:
        for item in items:
            if isinstance(item, Notice):
                report.note(item)
            yield item

    results = rulings(
        noted(items), fmt=fmt, jobs=jobs, chunk_bytes=chunk_bytes, stdin=stdin, rules=rules
    )
    try:
        try:
            # Closed whatever happens (a closed pipe, Ctrl-C while writing): the workers stop.
            with contextlib.closing(results):
                for ruled in results:
                    report.take(ruled)
        finally:
            if progress is not None:
                progress.clear()
        return report.finish()
    except BrokenPipeError:
        raise OutputClosed(report.total.status) from None


class OutputClosed(BrokenPipeError):
    """The output was closed while results were written (the reader of a pipe went away):
    the run stopped. ``status`` is the exit status earned by what was ruled until then."""

    def __init__(self, status: int) -> None:
        super().__init__(errno.EPIPE, f"the output was closed; exit status so far {status}")
        self.status = status
