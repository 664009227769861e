"""``ecarte serve``: a page on this machine where a club referee types or pastes a record and
sees the ruling change as he writes, with the notation's errors shown at their lines.

Four layers, kept apart so that each can be tested without the next:

* :func:`rule_text`: a text in, the answer of ``POST /rule`` out, as plain data: the notation
  errors (line, column, message, the line's text) or the referee's report of
  :func:`adjudicator.shell.referee.report_html`, the whole document (the page shows it in a
  sandboxed ``<iframe srcdoc>``, whose styles cannot clash with the page's);
* :func:`answer`: one request in (method, target, headers, a way to read the body), one
  :class:`Reply` out: the routes (``GET /``, ``POST /rule``), the strict checks of
  ``Content-Length`` and ``Host``, the limits on the body, the check of ``Origin``, the
  headers that keep the page off the network;
* :class:`Rulers`: the processes that rule (two, by default), each ruling given a time budget
  past which its process is stopped and replaced, so that no record, however slow to rule,
  holds the server or its memory;
* :func:`make_server` and :func:`serve`: the socket, from the standard library's
  :mod:`http.server` (no dependency: one user on his own machine needs nothing more), with a
  bounded number of connections handled at once, each with a total deadline.

Nothing leaves the machine: the server listens on 127.0.0.1 only; the page
(``templates/serve.html.j2``) has its styles and script inline and loads nothing, and its
Content-Security-Policy forbids it to; no record is kept, written or logged. The answer is a
function of the text alone: the same text gives the same JSON (unless it is refused for the
time its ruling took: see :data:`BUDGET`).
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import re
import select
import signal
import socket
import socketserver
import struct
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jinja2

from adjudicator.court.adjudicate import adjudicate
from adjudicator.court.ruling import RecordRuling
from adjudicator.notation.errors import NotationError
from adjudicator.notation.model import Record
from adjudicator.notation.reader import read_each
from adjudicator.shell.batch import program_version
from adjudicator.shell.referee import report_html, source_lines

HOST = "127.0.0.1"
"""The only address the server listens on: this machine's loopback, never a network."""

DEFAULT_PORT = 8765
"""The port of ``ecarte serve`` without ``--port``."""

MAX_BODY = 1 << 20
"""The largest request body read (1 MiB: a long evening's record is a few dozen KiB)."""

DRAIN_LIMIT = 16 << 20
"""A body too large but no larger than this is read and dropped before the answer 413, so that
the client, still sending, reads the answer rather than a reset connection."""

BUDGET = 10.0
"""How long a ruling may take, in seconds (``ecarte serve --budget``), its wait for a free
ruling process included: past it the process is stopped and the answer is 503, saying so
(``ecarte rule`` on the command line has no such limit). A long evening's record is ruled in a
fraction of a second."""

DEADLINE = 10.0
"""How long a connection has to send its whole request (line, headers and body), in seconds,
counted from the moment it is taken up, however its bytes trickle in; and again to take its
answer. A client past it is cut off."""

WORKERS = 2
"""How many records are ruled at once, each in a process of its own."""

CONNECTIONS = 32
"""How many connections are handled at once (a thread each). Beyond that they wait in the
listen queue (:data:`BACKLOG`), taken up as others end, each within its deadline."""

BACKLOG = 128
"""The listen queue: connections made and not yet taken up."""

RECYCLE_MIB = 16
"""A ruling process whose memory has grown by more than this (MiB) since it started is
replaced after its ruling, so that what a large record took goes back to the system."""

RECYCLE_AFTER = 500
"""A ruling process is replaced after this many rulings, however little it grew."""

WORKER_MEMORY = 1 << 30
"""The address space a ruling process may take (1 GiB): a record that needs more is refused
(503), and the process replaced, rather than let grow the machine's memory."""

LINGER = 0.25
"""After its answer, how long (seconds) a connection is read and dropped before it is closed,
so that a client whose request was refused before it was read whole gets the answer rather
than a reset connection."""

DELAY_MS = 300
"""How long the page waits after the last keystroke before it asks for a ruling."""

NAME = "<page>"
"""The name the typed record goes by in its errors and its report (as ``<stdin>`` for ``-``)."""

SHOWN_WIDTH = 240
"""The most characters of an erroneous line sent back with its error (a window around the
fault, for a longer line)."""

_LOCAL_NAMES = frozenset({"127.0.0.1", "localhost"})
"""The host names a request may be addressed to (``Host``): anything else is a page of another
site reaching this server through a name it made point here (DNS rebinding), and is refused."""

_SINGLE = ("host", "content-length", "transfer-encoding", "content-type", "origin")
"""The headers a request may send once at most (twice is refused, rather than one of the two
believed)."""

_LENGTH = re.compile(r"[0-9]{1,18}")
"""A ``Content-Length``: ASCII digits only (no sign, space, underscore or other digits), at
most 18 of them."""

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "connect-src 'self'; frame-src 'self' data: ; img-src data:; base-uri 'none'; "
    "form-action 'none'"
)
"""No request to any network: the page's own inline styles and script, its requests to this
server, the report in a frame of its own; nothing else."""

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
)
"""Sent with every answer, refusals and the HTTP errors of a malformed request among them:
the policy, no guessing of types, no framing by another site, no referrer, nothing kept in a
cache (a record is the club's business)."""

EMPTY_MESSAGE = "Nothing to rule yet: type or paste a record (its tags, then its deals)."

# --------------------------------------------------------------------------------------------
#  The ruling of a text
# --------------------------------------------------------------------------------------------


def rule_text(text: str, referee: str | None = None) -> dict[str, Any]:
    """The answer of ``POST /rule`` for ``text``, as plain data: ``ok`` (every record read,
    at least one), ``errors`` (each notation error: ``line``, ``column``, ``width``,
    ``message``, ``expected``, ``hint``, and ``source``, the line's text, with ``caret``, the
    fault's column in it), ``html`` (the referee's report on the records read, signed by
    ``referee``, a whole document; empty if none was read) and ``message`` (one sentence
    saying which). An empty text is no error: ``ok`` is false and the message says what to
    do. The same text gives the same answer."""
    name = (referee or "").encode("utf-8", errors="replace").decode("utf-8").strip() or None
    if not text.strip():
        return {"ok": False, "errors": [], "html": "", "message": EMPTY_MESSAGE}
    data = text.encode("utf-8", errors="replace")  # (a lone surrogate from JSON: shown as '?')
    lines = source_lines(data)
    records: list[Record] = []
    rulings: list[RecordRuling] = []
    unread: list[NotationError] = []
    for item in read_each(io.BytesIO(data), path=NAME):
        if isinstance(item, NotationError):
            unread.append(item)
        else:
            records.append(item)
            rulings.append(adjudicate(item, advise=True))
    errors = [entry for error in unread for entry in _error_entries(error, lines)]
    html = ""
    if records:
        html = report_html(NAME, records, lines, rulings=rulings, referee=name, errors=unread)
    return {
        "ok": bool(records) and not errors,
        "errors": errors,
        "html": html,
        "message": _summary(rulings, len(errors)),
    }


def _error_entries(error: NotationError, lines: list[str]) -> list[dict[str, Any]]:
    """Each error of an unread record (:meth:`NotationError.to_json_list`, with the caret's
    width and the line's text), for the page."""
    out = []
    for index, entry in enumerate(error.to_json_list()):
        line = entry["line"] if isinstance(entry["line"], int) else 1
        column = entry["column"] if isinstance(entry["column"], int) else 1
        width = error.errors[index].width if index < len(error.errors) else 1
        source, caret = _shown(lines[line - 1] if 0 < line <= len(lines) else "", column)
        out.append(
            {
                "line": line,
                "column": column,
                "width": width,
                "message": entry["message"],
                "expected": entry["expected"],
                "hint": entry["hint"],
                "source": source,
                "caret": caret,
            }
        )
    return out


def _shown(text: str, column: int) -> tuple[str, int]:
    """A line as sent with its error, and the fault's column in what is sent: the whole line,
    or for a long one a window of :data:`SHOWN_WIDTH` characters around the fault, marked
    with an ellipsis where it is cut."""
    text = text.replace("\t", " ")
    if len(text) <= SHOWN_WIDTH:
        return text, column
    start = max(0, min(column - 1 - SHOWN_WIDTH // 2, len(text) - SHOWN_WIDTH))
    window = text[start : start + SHOWN_WIDTH]
    before = "…" if start else ""
    after = "…" if start + SHOWN_WIDTH < len(text) else ""
    return before + window + after, column - start + len(before)


def _count(n: int, word: str) -> str:
    """``1 finding``, ``2 findings``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _summary(rulings: list[RecordRuling], errors: int) -> str:
    """One sentence on the answer: what was read, and what the ruling found."""
    if errors and not rulings:
        return (
            f"{_count(errors, 'notation error')}: the record cannot be ruled until "
            f"{'it is' if errors == 1 else 'they are'} put right."
        )
    findings = sum(len(r.findings) for r in rulings)
    corrections = sum(len(r.corrections) for r in rulings)
    said = f"{_count(len(rulings), 'record')} ruled: " + (
        "every deal stands as recorded"
        if all(r.clean for r in rulings)
        else f"{_count(findings, 'finding')}, {_count(corrections, 'correction')}"
    )
    if errors:
        said += f"; {_count(errors, 'notation error')} in the records that could not be read"
    return said + "."


# --------------------------------------------------------------------------------------------
#  The page
# --------------------------------------------------------------------------------------------


@functools.cache
def _environment() -> jinja2.Environment:
    """The page's template, HTML escaped (as :mod:`adjudicator.shell.referee` loads its own)."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("adjudicator.shell", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


@functools.cache
def page() -> str:
    """The page of ``GET /``: the record's editor with its line numbers, the referee's name,
    the errors and the report. Self-contained (inline styles and script, nothing fetched but
    ``POST /rule``), and the same every time."""
    return (
        _environment()
        .get_template("serve.html.j2")
        .render(
            version=program_version(),
            delay_ms=DELAY_MS,
            max_body=MAX_BODY,
            empty_message=EMPTY_MESSAGE,
        )
    )


# --------------------------------------------------------------------------------------------
#  A request and its answer
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reply:
    """An answer to one request: its status, body and headers (the security headers among
    them; the server adds ``Content-Length``)."""

    status: int
    body: bytes
    headers: tuple[tuple[str, str], ...]

    def header(self, name: str) -> str | None:
        """The value of the header ``name`` (any case), if sent."""
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)


ROUTES = {"/": "GET", "/rule": "POST"}
"""Every path served, and its one method."""

JSON_TYPE = "application/json; charset=utf-8"

Ruler = Callable[[str, str | None], Reply]
"""How :func:`answer` has a text ruled: the text and the referee in, the answer out (in this
process by default; in a ruling process of :class:`Rulers` for the server)."""


def _reply(status: int, body: bytes, content_type: str, *extra: tuple[str, str]) -> Reply:
    """An answer with its type, its ``extra`` headers and the security headers."""
    return Reply(status, body, (("Content-Type", content_type), *extra, *SECURITY_HEADERS))


def _text(status: HTTPStatus, message: str, *extra: tuple[str, str]) -> Reply:
    """A plain-text answer."""
    return _reply(status, (message + "\n").encode("utf-8"), "text/plain; charset=utf-8", *extra)


def _json_bytes(data: dict[str, Any]) -> bytes:
    """The JSON of an answer, the same bytes for the same data."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True).encode("utf-8", errors="replace")


def _refused(status: HTTPStatus, message: str, *extra: tuple[str, str]) -> Reply:
    """An answer of ``POST /rule`` that is no ruling: the shape of a ruling (the page shows
    its message), with an error status."""
    data = {"ok": False, "errors": [], "html": "", "message": message}
    return _reply(status, _json_bytes(data), JSON_TYPE, *extra)


def ruled_json(text: str, referee: str | None) -> bytes:
    """The body of the answer 200 to ``POST /rule`` for ``text``: the JSON of
    :func:`rule_text`, the same bytes for the same text."""
    return _json_bytes(rule_text(text, referee))


def rule_here(text: str, referee: str | None) -> Reply:
    """The answer to a ruling asked, ruled in this process, with no time limit (:func:`answer`
    without ``rule``; the server rules in its :class:`Rulers`)."""
    try:
        return _reply(HTTPStatus.OK, ruled_json(text, referee), JSON_TYPE)
    except Exception as e:  # pragma: no cover - the page says so rather than hang
        return _internal(f"{type(e).__name__}: {e}")


def _internal(what: str) -> Reply:
    """The answer 500 to a bug."""
    return _refused(
        HTTPStatus.INTERNAL_SERVER_ERROR, f"Internal error (a bug; please report it): {what}"
    )


def answer(
    method: str,
    target: str,
    headers: Mapping[str, str],
    read: Callable[[int], bytes],
    rule: Ruler = rule_here,
) -> Reply:
    """The answer to one request: ``method`` and ``target`` as in its request line,
    ``headers`` with names in lower case, ``read(n)`` reading up to ``n`` bytes of its body
    (called only for ``POST /rule``, never for more than ``Content-Length``), ``rule`` ruling
    a text (:func:`rule_here`, or a :class:`Rulers`' :meth:`~Rulers.rule`).

    ``GET /`` is the page; ``POST /rule`` the ruling of the body (JSON ``{"text", "referee"}``
    with ``Content-Type: application/json``, else the record's text itself, the referee in the
    query, ``?referee=NAME``). A request without ``Host`` is 400; one addressed to another host,
    or a ruling asked by another site's page, 403; any other path 404, another method on a path
    405; a body of more than :data:`MAX_BODY` bytes 413, one without a length 411, one whose
    ``Content-Length`` is anything but ASCII digits, or that is not UTF-8 (or not the JSON
    promised) 400; a bug 500, with the same JSON shape as a ruling; and whatever ``rule``
    answers (503 for a ruling past its budget)."""
    host = headers.get("host")
    if host is None:
        return _text(HTTPStatus.BAD_REQUEST, "The request has no Host header.")
    if _hostname(host) not in _LOCAL_NAMES:
        return _text(HTTPStatus.FORBIDDEN, "This server answers at 127.0.0.1 only.")
    parts = urlsplit(target)
    route = ROUTES.get(parts.path)
    if route is None:
        return _text(HTTPStatus.NOT_FOUND, f"Not found: {parts.path}. The page is at /.")
    if method != route:
        return _text(
            HTTPStatus.METHOD_NOT_ALLOWED,
            f"{parts.path} answers {route} only.",
            ("Allow", route),
        )
    if route == "GET":
        return _reply(HTTPStatus.OK, page().encode("utf-8"), "text/html; charset=utf-8")
    origin = headers.get("origin")
    if origin is not None and origin != f"http://{host}":
        return _refused(HTTPStatus.FORBIDDEN, "A ruling is given to this server's own page only.")
    return _rule(parts.query, headers, read, rule)


def header_fields(fields: Iterable[tuple[str, str]]) -> dict[str, str] | Reply:
    """The headers of a request as :func:`answer` takes them (names in lower case), from its
    header lines in order; or the answer 400 if one of those that may come once at most
    (``Host``, ``Content-Length`` ...) comes twice."""
    headers: dict[str, str] = {}
    for name, value in fields:
        key = name.lower()
        if key in headers and key in _SINGLE:
            return _text(HTTPStatus.BAD_REQUEST, f"The request has more than one {name} header.")
        headers[key] = value
    return headers


def _hostname(host: str) -> str:
    """The name in a ``Host`` header, without its port."""
    name, _, port = host.strip().rpartition(":")
    return (name if name and port.isdigit() else host.strip()).lower()


def _rule(
    query: str, headers: Mapping[str, str], read: Callable[[int], bytes], rule: Ruler
) -> Reply:
    """``POST /rule``: read the body within its limits, have its text ruled."""
    if "transfer-encoding" in headers or "content-length" not in headers:
        return _refused(
            HTTPStatus.LENGTH_REQUIRED, "Send the record with its length (Content-Length)."
        )
    said = headers["content-length"]
    if not _LENGTH.fullmatch(said):
        return _refused(
            HTTPStatus.BAD_REQUEST,
            "The length of the body (Content-Length) is not a number: ASCII digits only.",
        )
    length = int(said)
    if length > MAX_BODY:
        if length <= DRAIN_LIMIT:
            _drain(read, length)
        return _refused(
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            f"The record is too long for the page ({length:,} bytes; at most {MAX_BODY:,}): "
            "rule it with 'ecarte rule FILE'.",
        )
    body = read(length) if length else b""
    if len(body) != length:
        return _refused(HTTPStatus.BAD_REQUEST, "The body was cut short.")
    try:
        decoded = body.decode("utf-8")
    except UnicodeDecodeError:
        return _refused(HTTPStatus.BAD_REQUEST, "The body is not UTF-8 text.")
    content_type = headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type == "application/json":
        asked = _asked(decoded)
        if asked is None:
            return _refused(
                HTTPStatus.BAD_REQUEST,
                'The body is not the JSON of a ruling asked: {"text": "...", "referee": "..."}.',
            )
        text, referee = asked
    else:
        named = parse_qs(query).get("referee")
        text, referee = decoded, (named[0] if named else None)
    return rule(text, referee)


def _asked(decoded: str) -> tuple[str, str | None] | None:
    """The text and the referee of a JSON body, or ``None`` if it is not one."""
    try:
        data = json.loads(decoded)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    text, referee = data.get("text"), data.get("referee")
    if not isinstance(text, str) or not (referee is None or isinstance(referee, str)):
        return None
    return text, referee


def _drain(read: Callable[[int], bytes], length: int) -> None:
    """Read and drop ``length`` bytes of a body (less if it ends sooner)."""
    while length > 0:
        chunk = read(min(length, 1 << 16))
        if not chunk:
            return
        length -= len(chunk)


def _diagnose(message: str) -> None:
    """A diagnostic line on standard error (never to a client)."""
    print(f"ecarte serve: {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------
#  The ruling processes
# --------------------------------------------------------------------------------------------

_ASK = struct.Struct(">II")
"""A ruling asked of a ruling process: the lengths of the text and of the referee's name
(:data:`_NO_REFEREE` for none), then both, UTF-8 (lone surrogates kept)."""

_NO_REFEREE = 0xFFFFFFFF

_TOLD = struct.Struct(">BIII")
"""What a ruling process tells: what it is (:data:`_READY`, :data:`_RULED` ...), the process's
resident memory and its peak (KiB), and the length of the bytes that follow."""

_READY, _RULED, _FAILED, _NO_MEMORY = range(4)

_ROOT = Path(__file__).resolve().parents[2]
"""The folder of the package ``adjudicator`` that runs the server: its ruling processes run
the same one."""


def _worker_code(budget: float, memory: int) -> str:
    """The program of a ruling process, for ``python -c``."""
    return (
        f"import sys; sys.path.insert(0, {str(_ROOT)!r}); "
        f"from adjudicator.shell.serve import work; work({float(budget)!r}, {int(memory)!r})"
    )


_WARM = """[Event "warming"]
[A "A"]
[B "B"]

deal 1 A
  cut B 10
  B: KH QH 9D
  A: 7H 7S KS
  B: AC KC
  A: 8D 9C
  turn 8S
  B takes up
  A takes up
  B plays
  1. B KH A 7S
  2. A KS B QH
  3. A 7H B 9D
  4. A 8D B AC
  5. A 9C B KC
"""
"""A record ruled by each ruling process as it starts (a revoke: the reader, the court and the
report's template loaded), before it says it is ready."""


def work(budget: float = BUDGET, memory: int = WORKER_MEMORY) -> None:
    """The loop of a ruling process (:class:`Rulers`): read a ruling asked on standard input,
    answer it on standard output (:data:`_TOLD`), until standard input ends. Ctrl-C is the
    server's to answer, not its processes'; anything printed goes to standard error; its
    address space is bounded to ``memory`` bytes; and should the server be gone without
    stopping it, a ruling longer than twice its ``budget`` and a second ends it
    (``SIGALRM``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _bound_memory(memory)
    told = os.dup(1)
    os.dup2(2, 1)  # a stray print goes to standard error, never among the answers
    asked = sys.stdin.buffer
    try:
        with contextlib.suppress(Exception):  # a ruling itself will say what is wrong
            rule_text(_WARM)
        _tell(told, _READY, b"")
        while (head := _exactly(asked, _ASK.size)) is not None:
            text_length, referee_length = _ASK.unpack(head)
            data = _exactly(asked, text_length)
            name = b"" if referee_length == _NO_REFEREE else _exactly(asked, referee_length)
            if data is None or name is None:
                return
            text = data.decode("utf-8", "surrogatepass")
            referee = (
                None if referee_length == _NO_REFEREE else name.decode("utf-8", "surrogatepass")
            )
            del data
            signal.setitimer(signal.ITIMER_REAL, 2 * budget + 1)
            try:
                kind, body = _RULED, ruled_json(text, referee)
            except MemoryError:
                kind, body = _NO_MEMORY, b""
            except Exception as e:
                kind, body = _FAILED, f"{type(e).__name__}: {e}".encode("utf-8", "replace")
            signal.setitimer(signal.ITIMER_REAL, 0)
            del text
            _tell(told, kind, body)
    except (OSError, KeyboardInterrupt):  # the server has gone
        return


def _exactly(stream: Any, length: int) -> bytes | None:
    """``length`` bytes of ``stream``, or ``None`` if it ends first."""
    data: bytes = stream.read(length)
    return data if len(data) == length else None


def _bound_memory(memory: int) -> None:
    """Bound this process's address space to ``memory`` bytes (where the system can)."""
    try:
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = memory if hard == resource.RLIM_INFINITY else min(memory, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, ValueError, OSError):  # pragma: no cover - not a POSIX system
        pass


def _memory_kib() -> tuple[int, int]:
    """This process's resident memory and its peak, in KiB (0 where /proc has none)."""
    found = {"VmRSS:": 0, "VmHWM:": 0}
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                words = line.split()
                if words and words[0] in found:
                    found[words[0]] = int(words[1])
    except (OSError, ValueError, IndexError):  # pragma: no cover - no /proc
        pass
    return found["VmRSS:"], found["VmHWM:"]


def _tell(fd: int, kind: int, body: bytes) -> None:
    """Write one answer of a ruling process on ``fd``."""
    rss, peak = _memory_kib()
    _write_all(fd, _TOLD.pack(kind, rss, peak, len(body)))
    _write_all(fd, body)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class _Late(Exception):
    """The budget of a ruling ran out. ``clean``: nothing of it had been sent to its process,
    which can rule the next."""

    def __init__(self, clean: bool) -> None:
        super().__init__("late")
        self.clean = clean


class _Worker:
    """One ruling process (:func:`work`, with its ``budget`` and its ``memory``), and the pipes
    to it."""

    def __init__(self, budget: float, memory: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _worker_code(budget, memory)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
            start_new_session=True,  # Ctrl-C at the terminal is the server's alone
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self._to = self.process.stdin.fileno()
        self._from = self.process.stdout.fileno()
        os.set_blocking(self._to, False)
        self.ready = False
        self.base_kib = 0
        """Its resident memory when it was ready."""
        self.rulings = 0

    @property
    def pid(self) -> int:
        return self.process.pid

    def started(self, until: float) -> None:
        """Wait (until ``until``, a :func:`time.monotonic`) for it to say it is ready, if it
        has not yet. Raises :class:`_Late` (clean) past ``until``, ``EOFError`` if it ended."""
        if not self.ready:
            kind, rss, _, _ = self._told(until, clean=True)
            if kind != _READY:
                raise EOFError("a ruling process answered before it was ready")
            self.ready, self.base_kib = True, rss

    def ask(self, text: str, referee: str | None, until: float) -> tuple[int, int, int, bytes]:
        """Have it rule ``text``: what it told (kind, memory, peak memory, bytes). Raises
        :class:`_Late` past ``until``, ``OSError`` or ``EOFError`` if it ended."""
        self.started(until)
        data = text.encode("utf-8", "surrogatepass")
        name = b"" if referee is None else referee.encode("utf-8", "surrogatepass")
        head = _ASK.pack(len(data), _NO_REFEREE if referee is None else len(name))
        self._send((head, data, name), until)
        return self._told(until, clean=False)

    def _send(self, parts: tuple[bytes, ...], until: float) -> None:
        sent = False
        for part in parts:
            view = memoryview(part)
            while view:
                self._wait(self._to, select.POLLOUT, until, clean=not sent)
                try:
                    view = view[os.write(self._to, view[: 1 << 16]) :]
                except BlockingIOError:
                    continue
                sent = True

    def _told(self, until: float, clean: bool) -> tuple[int, int, int, bytes]:
        kind, rss, peak, length = _TOLD.unpack(self._read(_TOLD.size, until, clean))
        return kind, rss, peak, bytes(self._read(length, until, False))

    def _read(self, length: int, until: float, clean: bool) -> bytearray:
        """``length`` bytes from the process, read into one buffer of that size."""
        buffer = bytearray(length)
        view, got = memoryview(buffer), 0
        while got < length:
            self._wait(self._from, select.POLLIN, until, clean=clean and not got)
            count = os.readv(self._from, [view[got:]])
            if not count:
                raise EOFError("the ruling process ended")
            got += count
        return buffer

    @staticmethod
    def _wait(fd: int, event: int, until: float, clean: bool) -> None:
        """Wait until ``fd`` can be read or written, or ``until`` passes (:class:`_Late`)."""
        poll = select.poll()
        poll.register(fd, event)
        if not poll.poll(max(0.0, until - time.monotonic()) * 1000):
            raise _Late(clean)

    def stop(self) -> None:
        """Kill the process (idle, or past its budget) and close the pipes."""
        process = self.process
        try:
            if process.poll() is None:
                process.kill()
                process.wait()
        finally:
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    pipe.close()


class Rulers:
    """The ruling processes of a server: ``size`` of them, each ruling one record at a time,
    so that while one rules a large record the others go on answering. A ruling has
    ``budget`` seconds, its wait for a free process included; past it the process is killed
    and another started, and the answer is 503. A process whose memory has grown by more than
    ``recycle_kib`` since it started, or that has ruled :data:`RECYCLE_AFTER` records, is
    replaced after its ruling (its memory goes back to the system with it): its successor is
    started first, and it rules on until the successor is ready, so that no ruling waits for
    a process to start. A process's address space is bounded to ``memory`` bytes.

    ``counts`` counts what happened to the rulings asked: ``ruled``, ``stopped`` (past the
    budget), ``busy`` (no process free within the budget), ``no memory``, ``failed`` (a bug),
    ``ended`` (the process ended while ruling); and to the processes: ``recycled`` (grown, or
    old), ``replaced`` (after ``no memory`` or ``failed``). ``largest_kib`` is the most a
    process's memory grew over a ruling."""

    def __init__(
        self, size: int, budget: float, recycle_kib: int, memory: int = WORKER_MEMORY
    ) -> None:
        self.size, self.budget, self.recycle_kib, self.memory = size, budget, recycle_kib, memory
        self.counts: Counter[str] = Counter()
        self.largest_kib = 0
        self._lock = threading.Lock()
        self._free = threading.BoundedSemaphore(size)
        self._closed = False
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._retiring: dict[_Worker, _Worker] = {}
        """Processes among the idle or the busy being retired, and the successor of each
        (:meth:`_retire`)."""
        try:
            for _ in range(size):
                self._idle.append(self._new())
        except OSError:
            self.close()
            raise

    def _new(self) -> _Worker:
        return _Worker(self.budget, self.memory)

    def pids(self) -> list[int]:
        """The process ids of the ruling processes."""
        with self._lock:
            return sorted(w.pid for w in (*self._idle, *self._busy))

    def ready(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for every idle process to be ready; whether they
        are."""
        until = time.monotonic() + timeout
        with self._lock:
            try:
                for worker in self._idle:
                    worker.started(until)
            except (_Late, EOFError, OSError):
                return False
        return True

    def rule(self, text: str, referee: str | None) -> Reply:
        """The answer to a ruling asked: the ruling of a process, or 503 if none was free, or
        if it took longer than the budget."""
        until = time.monotonic() + self.budget
        if not self._free.acquire(timeout=self.budget):
            return self._busy_reply()
        try:
            try:
                worker = self._take()
            except OSError as e:
                _diagnose(f"cannot start a ruling process: {e}")
                return _refused(
                    HTTPStatus.SERVICE_UNAVAILABLE, "The server cannot start a ruling process."
                )
            if worker is None:
                return _stopping()
            return self._ask(worker, text, referee, until)
        finally:
            self._free.release()

    def _ask(self, worker: _Worker, text: str, referee: str | None, until: float) -> Reply:
        try:
            kind, rss, peak, body = worker.ask(text, referee, until)
        except _Late as late:
            if late.clean:
                self._give(worker)
                return self._busy_reply()
            self._replace(worker, "stopped")
            return _refused(
                HTTPStatus.SERVICE_UNAVAILABLE,
                f"The record took longer than {self.budget:g} seconds to rule, the page's "
                "limit (its wait for the server included): rule it on the command line with "
                "'ecarte rule FILE', which has no such limit.",
            )
        except (OSError, EOFError) as e:
            self._replace(worker, "ended")
            if self._closed:
                return _stopping()
            return _internal(f"the ruling process ended unexpectedly ({type(e).__name__})")
        worker.rulings += 1
        with self._lock:
            self.largest_kib = max(self.largest_kib, peak - worker.base_kib)
        if kind == _RULED:
            reply, outcome = _reply(HTTPStatus.OK, body, JSON_TYPE), "ruled"
        elif kind == _NO_MEMORY:
            outcome = "no memory"
            reply = _refused(
                HTTPStatus.SERVICE_UNAVAILABLE,
                f"The record needs more memory than the page lets a ruling have "
                f"({self.memory >> 20} MiB): rule it with 'ecarte rule FILE'.",
            )
        else:
            reply, outcome = _internal(body.decode("utf-8", "replace")), "failed"
        self._count(outcome)
        if kind != _RULED:  # a process that ran out of memory, or met a bug, is not trusted
            self._replace(worker, "replaced")
        elif worker not in self._retiring and (
            rss - worker.base_kib > self.recycle_kib or worker.rulings >= RECYCLE_AFTER
        ):
            self._retire(worker)
        else:
            self._give(worker)
        return reply

    def _busy_reply(self) -> Reply:
        self._count("busy")
        return _refused(
            HTTPStatus.SERVICE_UNAVAILABLE,
            f"The server is busy with other rulings: none could begin within {self.budget:g} "
            "seconds. Try again in a moment, or rule the record with 'ecarte rule FILE'.",
            ("Retry-After", "1"),
        )

    def _count(self, what: str) -> None:
        with self._lock:
            self.counts[what] += 1

    def _take(self) -> _Worker | None:
        """An idle process, now busy: one that said it is ready rather than one being retired
        (:meth:`_retire`), rather than one still starting; ``None`` once closed. One that
        ended before it was ready is replaced."""
        with self._lock:
            if self._closed:
                return None
            now = time.monotonic()
            for worker in list(self._idle):
                try:
                    worker.started(now)
                except _Late:
                    continue
                except (EOFError, OSError):
                    _diagnose("a ruling process ended before it was ready")
                    self._idle.remove(worker)
                    worker.stop()
                    self._idle.append(self._new())
            chosen = min(self._idle, key=lambda w: (not w.ready, w in self._retiring), default=None)
            if chosen is None:
                chosen = self._new()
            else:
                self._idle.remove(chosen)
            self._busy.add(chosen)
            return chosen

    def _give(self, worker: _Worker) -> None:
        """A process back among the idle; stopped if the rulers are closed, or if it is being
        retired and its successor is ready (or has ended)."""
        with self._lock:
            self._busy.discard(worker)
            successor = self._retiring.get(worker)
            done = successor is not None and (
                successor.ready or successor.process.poll() is not None
            )
            if not self._closed and not done:
                self._idle.append(worker)
                return
            self._retiring.pop(worker, None)
        worker.stop()

    def _replace(self, worker: _Worker, why: str) -> None:
        """Kill a process (past its budget, or not to be trusted) and start another in its
        place, unless it has one already."""
        with self._lock:
            self._busy.discard(worker)
            self.counts[why] += 1
            succeeded = self._retiring.pop(worker, None) is not None
        worker.stop()
        with self._lock:
            if not self._closed and not succeeded:
                try:
                    self._idle.append(self._new())
                except OSError as e:  # the next ruling tries again
                    _diagnose(f"cannot start a ruling process: {e}")

    def _retire(self, worker: _Worker) -> None:
        """Replace a process that ruled well but grew, or aged: its successor is started now,
        and it stays among the idle (a ruling takes it only if no other is ready) until the
        successor is ready, then is stopped (:meth:`_watch`). No ruling waits for a process
        to start."""
        with self._lock:
            self._busy.discard(worker)
            self.counts["recycled"] += 1
            successor = None
            if not self._closed:
                try:
                    successor = self._new()
                except OSError as e:
                    _diagnose(f"cannot start a ruling process: {e}")
            if successor is not None:
                self._idle.extend((successor, worker))
                self._retiring[worker] = successor
        if successor is None:
            self._replace(worker, "replaced")
            return
        threading.Thread(target=self._watch, args=(successor, worker), daemon=True).start()

    def _watch(self, successor: _Worker, worker: _Worker) -> None:
        """Stop ``worker``, being retired, once ``successor`` is ready (or has ended, or has
        taken too long), unless a ruling has it: :meth:`_give` stops it then. Until then a
        ruling takes it if no other process is ready."""
        until = time.monotonic() + 30
        while time.monotonic() < until and not successor.ready:
            with self._lock:
                if self._closed:
                    return
                if successor in self._idle:
                    try:
                        successor.started(time.monotonic())
                    except _Late:
                        pass
                    except (EOFError, OSError):  # _take replaces it
                        break
            time.sleep(0.05)
        with self._lock:
            if worker not in self._retiring or worker in self._busy:
                return
            del self._retiring[worker]
            self._idle.remove(worker)
        worker.stop()

    def close(self) -> None:
        """Stop every process (a ruling under way is answered 503: the server is stopping)."""
        with self._lock:
            self._closed = True
            idle, busy = list(self._idle), list(self._busy)
            self._idle.clear()
            self._retiring.clear()
        for worker in busy:  # its ruling's thread sees it end, and closes its pipes
            worker.process.kill()
        for worker in idle:
            worker.stop()


def _stopping() -> Reply:
    return _refused(HTTPStatus.SERVICE_UNAVAILABLE, "The server is stopping.")


# --------------------------------------------------------------------------------------------
#  The socket
# --------------------------------------------------------------------------------------------


class _Arriving(io.RawIOBase):
    """A connection's bytes as they arrive, each read given only the time left before
    ``until`` (a :func:`time.monotonic`): a client sending one byte at a time is cut off at
    its deadline, not kept as long as it keeps sending (``TimeoutError``)."""

    def __init__(self, connection: socket.socket, until: float) -> None:
        super().__init__()
        self._connection, self._until = connection, until

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self._until - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took longer than its deadline")
        self._connection.settimeout(left)
        return self._connection.recv_into(buffer)


class _Handler(BaseHTTPRequestHandler):
    """Hands each request to :func:`answer` and writes its reply, and every error of the
    standard library's (400, 414, 431, 505) with the same headers. One request a connection
    (HTTP/1.0, no HTTP/0.9); a connection has the server's ``deadline`` to send its request and
    again to take its answer; nothing is logged (a request line says nothing a referee needs,
    and the page asks at every pause)."""

    server: Server
    server_version = "ecarte-serve"
    sys_version = ""
    protocol_version = "HTTP/1.0"

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # the standard one, with a timeout that each byte restarts
        until = time.monotonic() + self.server.deadline
        self.rfile = io.BufferedReader(_Arriving(self.connection, until), 1 << 16)

    def parse_request(self) -> bool:
        self.command = ""
        line = bytes(getattr(self, "raw_requestline", b""))
        if len(line.split()) == 2:  # HTTP/0.9: it has no headers, nor answers
            self.send_error(HTTPStatus.BAD_REQUEST, "HTTP/0.9 is not served")
            return False
        return super().parse_request()

    def _respond(self) -> None:
        fields = header_fields(self.headers.items())
        try:
            if isinstance(fields, Reply):
                reply = fields
            else:
                reply = answer(self.command, self.path, fields, self.rfile.read, self._rule)
        except OSError:  # the client went away, or was too slow to send its body
            self.close_connection = True
            return
        except Exception as e:  # pragma: no cover - a bug: said here, not to the client
            reply = _internal(f"{type(e).__name__}")
            _diagnose(f"internal error: {type(e).__name__}: {e}")
        if reply.status == HTTPStatus.INTERNAL_SERVER_ERROR:
            _diagnose(json.loads(reply.body)["message"])
        self._send(reply)

    def _rule(self, text: str, referee: str | None) -> Reply:
        return self.server.rulers.rule(text, referee)

    do_GET = do_POST = _respond

    def __getattr__(self, name: str) -> Callable[[], None]:
        """Every other method (``PUT``, ``HEAD``, ``BREW`` ...) is answered, 405 or 404, rather
        than the standard 501."""
        if name.startswith("do_"):
            return self._respond
        raise AttributeError(name)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The standard library's errors (a request line or header too long, a malformed
        request, an HTTP version not served), as plain text with the headers of every answer."""
        status = HTTPStatus(code)
        said = status.phrase + (f": {message[:200]}" if message else "")
        self.close_connection = True
        self._send(_text(status, said + "."))

    def _send(self, reply: Reply) -> None:
        """Write ``reply`` whole, within the deadline, and close (no keep-alive)."""
        status = HTTPStatus(reply.status)
        lines = [
            f"{self.protocol_version} {status.value} {status.phrase}",
            f"Server: {self.server_version}",
            f"Date: {self.date_time_string()}",
            *(f"{name}: {value}" for name, value in reply.headers),
            f"Content-Length: {len(reply.body)}",
            "Connection: close",
        ]
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1", errors="replace")
        body = b"" if self.command == "HEAD" else reply.body
        self.close_connection = True
        until = time.monotonic() + self.server.deadline
        try:
            if len(body) <= 1 << 16:
                self.connection.settimeout(self.server.deadline)
                self.connection.sendall(head + body)
            else:
                for part in (head, body):
                    self.connection.settimeout(max(0.001, until - time.monotonic()))
                    self.connection.sendall(part)
        except OSError:  # the client went away, or took too long to read
            pass

    def log_message(self, format: str, *args: Any) -> None:
        """Nothing is logged."""


class Server(ThreadingHTTPServer):
    """The server of :func:`make_server`: at most ``connections`` connections handled at once,
    a thread each (the others wait in the listen queue of :data:`BACKLOG`), each with its
    ``deadline``; the rulings in :attr:`rulers`, each with its ``budget``."""

    daemon_threads = True
    request_queue_size = BACKLOG

    def __init__(
        self,
        address: tuple[str, int],
        *,
        budget: float = BUDGET,
        deadline: float = DEADLINE,
        workers: int = WORKERS,
        connections: int = CONNECTIONS,
        recycle_mib: float = RECYCLE_MIB,
    ) -> None:
        self.budget, self.deadline = budget, deadline
        self.connections = connections
        self.handling = 0
        """How many connections are handled now."""
        self.most_handling = 0
        """The most connections handled at once so far."""
        self._slots = threading.BoundedSemaphore(connections)
        self._count = threading.Lock()
        self._stopping = threading.Event()
        self._rulers: Rulers | None = None
        super().__init__(address, _Handler)
        self._rulers = Rulers(workers, budget, int(recycle_mib * 1024))

    @property
    def rulers(self) -> Rulers:
        """The ruling processes."""
        if self._rulers is None:  # pragma: no cover - only while the socket is being bound
            raise RuntimeError("the server is not made yet")
        return self._rulers

    def server_bind(self) -> None:
        """Bind, without :class:`http.server.HTTPServer`'s look-up of the host's name (a DNS
        query, slow on some machines, for a name never used)."""
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = HOST, self.server_address[1]

    def process_request(self, request: Any, client_address: Any) -> None:
        """Handle a connection in a thread of its own once one of the ``connections`` slots is
        free; until then the others wait in the listen queue."""
        while not self._slots.acquire(timeout=0.05):
            if self._stopping.is_set():
                self.shutdown_request(request)
                return
        with self._count:
            self.handling += 1
            self.most_handling = max(self.most_handling, self.handling)
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._release()

    def _release(self) -> None:
        with self._count:
            self.handling -= 1
        self._slots.release()

    def shutdown_request(self, request: Any) -> None:
        """Close a connection once its answer is sent: what the client still sends is read and
        dropped for a moment (:data:`LINGER`), so that it reads the answer rather than a reset
        connection."""
        if isinstance(request, socket.socket):
            try:
                request.shutdown(socket.SHUT_WR)
                until, left = time.monotonic() + LINGER, 1 << 20
                while left > 0 and time.monotonic() < until:
                    request.settimeout(max(0.001, until - time.monotonic()))
                    chunk = request.recv(1 << 16)
                    if not chunk:
                        break
                    left -= len(chunk)
            except OSError:
                pass
        self.close_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A bug in the handling of a request: one line on standard error, nothing to the
        client but a closed connection (a client gone is no bug, and says nothing)."""
        kind, error, _ = sys.exc_info()
        if isinstance(error, OSError):  # the client went away: nothing wrong here
            return
        _diagnose(f"internal error: {kind.__name__ if kind else 'error'}: {error}")

    def shutdown(self) -> None:
        self._stopping.set()
        super().shutdown()

    def server_close(self) -> None:
        """Close the socket, and stop the ruling processes."""
        self._stopping.set()
        super().server_close()
        if self._rulers is not None:
            self._rulers.close()

    @property
    def url(self) -> str:
        """The page's address."""
        return f"http://{HOST}:{self.server_address[1]}/"


def make_server(
    port: int = DEFAULT_PORT,
    *,
    budget: float = BUDGET,
    deadline: float = DEADLINE,
    workers: int = WORKERS,
    connections: int = CONNECTIONS,
    recycle_mib: float = RECYCLE_MIB,
) -> Server:
    """A server listening on 127.0.0.1 at ``port`` (0: a free port, chosen by the system),
    not yet serving, its ruling processes starting. ``budget``: the seconds a ruling may take
    (:data:`BUDGET`); ``deadline``: the seconds a connection has to send its request, and to
    take its answer (:data:`DEADLINE`); ``workers``: the ruling processes
    (:data:`WORKERS`); ``connections``: the connections handled at once
    (:data:`CONNECTIONS`); ``recycle_mib``: the growth past which a ruling process is replaced
    (:data:`RECYCLE_MIB`). Raises ``OSError`` if the port cannot be had."""
    return Server(
        (HOST, port),
        budget=budget,
        deadline=deadline,
        workers=workers,
        connections=connections,
        recycle_mib=recycle_mib,
    )


def serve(server: Server, *, say: Callable[[str], None]) -> None:
    """Serve the page with ``server`` (:func:`make_server`) until Ctrl-C: ``say`` is told the
    address as it begins, and again when it stops. Ctrl-C shuts the server down and closes
    its socket and its ruling processes, and returns (no traceback); they are closed whatever
    ends it."""
    try:
        say(f"Serving on {server.url} — Ctrl-C stops")
        server.serve_forever()
    except KeyboardInterrupt:
        say("Stopped.")
    finally:
        server.server_close()


__all__ = [
    "BUDGET",
    "DEADLINE",
    "DEFAULT_PORT",
    "HOST",
    "MAX_BODY",
    "Reply",
    "Rulers",
    "Server",
    "answer",
    "header_fields",
    "make_server",
    "page",
    "rule_here",
    "rule_text",
    "ruled_json",
    "serve",
    "work",
]
