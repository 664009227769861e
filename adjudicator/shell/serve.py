"""``ecarte serve``: a page on this machine where a club referee types or pastes a record and
sees the ruling change as he writes, with the notation's errors shown at their lines.

Three layers, kept apart so that each can be tested without the next:

* :func:`rule_text`: a text in, the answer of ``POST /rule`` out, as plain data: the notation
  errors (line, column, message, the line's text) or the referee's report of
  :func:`adjudicator.shell.referee.report_html`, the whole document (the page shows it in a
  sandboxed ``<iframe srcdoc>``, whose styles cannot clash with the page's);
* :func:`answer`: one request in (method, target, headers, a way to read the body), one
  :class:`Reply` out: the routes (``GET /``, ``POST /rule``), the limits on the body, the
  checks of ``Host`` and ``Origin``, the headers that keep the page off the network;
* :func:`make_server` and :func:`serve`: the socket, from the standard library's
  :mod:`http.server` (no dependency: one user on his own machine needs nothing more).

Nothing leaves the machine: the server listens on 127.0.0.1 only; the page
(``templates/serve.html.j2``) has its styles and script inline and loads nothing, and its
Content-Security-Policy forbids it to; no record is kept, written or logged. The answer is a
function of the text alone: the same text gives the same JSON.
"""

from __future__ import annotations

import functools
import io
import json
import socketserver
import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
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
"""Sent with every answer: the policy, no guessing of types, no framing by another site, no
referrer, nothing kept in a cache (a record is the club's business)."""

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

_ruling = threading.Lock()
"""One ruling at a time: the reader's parser is shared, and one referee types one record."""


def _reply(status: int, body: bytes, content_type: str, *extra: tuple[str, str]) -> Reply:
    """An answer with its type, its ``extra`` headers and the security headers."""
    return Reply(status, body, (("Content-Type", content_type), *extra, *SECURITY_HEADERS))


def _text(status: HTTPStatus, message: str, *extra: tuple[str, str]) -> Reply:
    """A plain-text answer."""
    return _reply(status, (message + "\n").encode("utf-8"), "text/plain; charset=utf-8", *extra)


def _json(status: int, data: dict[str, Any]) -> Reply:
    """A JSON answer, the same bytes for the same data."""
    body = json.dumps(data, ensure_ascii=False, sort_keys=True).encode("utf-8", errors="replace")
    return _reply(status, body, "application/json; charset=utf-8")


def _refused(status: HTTPStatus, message: str) -> Reply:
    """An answer of ``POST /rule`` that is no ruling: the shape of a ruling (the page shows
    its message), with an error status."""
    return _json(status, {"ok": False, "errors": [], "html": "", "message": message})


def answer(
    method: str, target: str, headers: Mapping[str, str], read: Callable[[int], bytes]
) -> Reply:
    """The answer to one request: ``method`` and ``target`` as in its request line,
    ``headers`` with names in lower case, ``read(n)`` reading up to ``n`` bytes of its body
    (called only for ``POST /rule``, never for more than ``Content-Length``).

    ``GET /`` is the page; ``POST /rule`` the ruling of the body (JSON ``{"text", "referee"}``
    with ``Content-Type: application/json``, else the record's text itself, the referee in the
    query, ``?referee=NAME``). Any other path is 404, another method on a path 405; a request
    addressed to another host, or a ruling asked by another site's page, 403; a body of more
    than :data:`MAX_BODY` bytes 413, one without a length 411, one that is not UTF-8 (or not
    the JSON promised) 400; a bug 500, with the same JSON shape as a ruling."""
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
    host = headers.get("host")
    if host is not None and _hostname(host) not in _LOCAL_NAMES:
        return _text(HTTPStatus.FORBIDDEN, "This server answers at 127.0.0.1 only.")
    if route == "GET":
        return _reply(HTTPStatus.OK, page().encode("utf-8"), "text/html; charset=utf-8")
    origin = headers.get("origin")
    if origin is not None and (host is None or origin != f"http://{host}"):
        return _refused(HTTPStatus.FORBIDDEN, "A ruling is given to this server's own page only.")
    return _rule(parts.query, headers, read)


def _hostname(host: str) -> str:
    """The name in a ``Host`` header, without its port."""
    name, _, port = host.strip().rpartition(":")
    return (name if name and port.isdigit() else host.strip()).lower()


def _rule(query: str, headers: Mapping[str, str], read: Callable[[int], bytes]) -> Reply:
    """``POST /rule``: read the body within its limits, rule on its text."""
    if "transfer-encoding" in headers or "content-length" not in headers:
        return _refused(
            HTTPStatus.LENGTH_REQUIRED, "Send the record with its length (Content-Length)."
        )
    try:
        length = int(headers["content-length"])
    except ValueError:
        length = -1
    if length < 0:
        return _refused(HTTPStatus.BAD_REQUEST, "The length of the body is not a number.")
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
    try:
        with _ruling:
            ruled = rule_text(text, referee)
    except Exception as e:  # pragma: no cover - the page says so rather than hang
        return _refused(
            HTTPStatus.INTERNAL_SERVER_ERROR,
            f"Internal error (a bug; please report it): {type(e).__name__}: {e}",
        )
    return _json(HTTPStatus.OK, ruled)


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


# --------------------------------------------------------------------------------------------
#  The socket
# --------------------------------------------------------------------------------------------


class _Handler(BaseHTTPRequestHandler):
    """Hands each request to :func:`answer` and writes its reply. One request a connection
    (HTTP/1.0); a client silent for :attr:`timeout` seconds is dropped; nothing is logged (a
    request line says nothing a referee needs, and the page asks at every pause)."""

    server_version = "ecarte-serve"
    sys_version = ""
    protocol_version = "HTTP/1.0"
    timeout = 30

    def _respond(self) -> None:
        headers = {name.lower(): value for name, value in self.headers.items()}
        try:
            reply = answer(self.command, self.path, headers, self.rfile.read)
            if reply.status == HTTPStatus.INTERNAL_SERVER_ERROR:  # pragma: no cover
                print(f"ecarte serve: {json.loads(reply.body)['message']}", file=sys.stderr)
            self.send_response(reply.status)
            for name, value in reply.headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(reply.body)
        except OSError:  # the client went away, or was too slow
            self.close_connection = True

    do_GET = do_POST = _respond

    def __getattr__(self, name: str) -> Callable[[], None]:
        """Every other method (``PUT``, ``HEAD``, ``BREW`` ...) is answered, 405 or 404, rather
        than the standard 501."""
        if name.startswith("do_"):
            return self._respond
        raise AttributeError(name)

    def log_message(self, format: str, *args: Any) -> None:
        """Nothing is logged."""


class Server(ThreadingHTTPServer):
    """The server of :func:`make_server`: a thread a request, none kept at exit."""

    daemon_threads = True

    def server_bind(self) -> None:
        """Bind, without :class:`http.server.HTTPServer`'s look-up of the host's name (a DNS
        query, slow on some machines, for a name never used)."""
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = HOST, self.server_address[1]

    @property
    def url(self) -> str:
        """The page's address."""
        return f"http://{HOST}:{self.server_address[1]}/"


def make_server(port: int = DEFAULT_PORT) -> Server:
    """A server listening on 127.0.0.1 at ``port`` (0: a free port, chosen by the system),
    not yet serving. Raises ``OSError`` if the port cannot be had."""
    return Server((HOST, port), _Handler)


def serve(server: Server, *, say: Callable[[str], None]) -> None:
    """Serve the page with ``server`` (:func:`make_server`) until Ctrl-C: ``say`` is told the
    address as it begins, and again when it stops. Ctrl-C shuts the server down and closes
    its socket, and returns (no traceback); the socket is closed whatever ends it."""
    try:
        say(f"Serving on {server.url} — Ctrl-C stops")
        server.serve_forever()
    except KeyboardInterrupt:
        say("Stopped.")
    finally:
        server.server_close()


__all__ = [
    "DEFAULT_PORT",
    "HOST",
    "MAX_BODY",
    "Reply",
    "Server",
    "answer",
    "make_server",
    "page",
    "rule_text",
    "serve",
]
