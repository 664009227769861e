"""``ecarte serve``: a page on this machine where a club referee types or pastes a record and
sees the ruling change as he writes, with the notation's errors shown at their lines.

Four layers, kept apart so that each can be tested without the next, each in a module of its
own (the names of all four can be imported from this one):

* :func:`rule_text` (:mod:`adjudicator.shell.text_ruling`): a text in, the answer of
  ``POST /rule`` out, as plain data: the notation errors (line, column, message, the line's
  text) or the referee's report of :func:`adjudicator.shell.referee.report_html`, the whole
  document (the page shows it in a sandboxed ``<iframe srcdoc>``, whose styles cannot clash
  with the page's);
* :func:`answer` (:mod:`adjudicator.shell.routes`): one request in (method, target, headers, a
  way to read the body), one :class:`Reply` (:mod:`adjudicator.shell.replies`) out: the routes
  (``GET /``, ``POST /rule``), the strict checks of ``Content-Length`` and ``Host``, the
  limits on the body, the check of ``Origin``, the headers that keep the page off the network;
* :class:`Rulers` (:mod:`adjudicator.shell.rulers`): the processes that rule (two, by
  default), each ruling given a time budget past which its process is stopped and replaced,
  so that no record, however slow to rule, holds the server or its memory;
* :func:`make_server` and :func:`serve` (this module): the socket, from the standard library's
  :mod:`http.server` (no dependency: one user on his own machine needs nothing more), with a
  bounded number of connections handled at once, each with a total deadline.

Nothing leaves the machine: the server listens on 127.0.0.1 only; the page
(``templates/serve.html.j2``) has its styles and script inline and loads nothing, and its
Content-Security-Policy forbids it to; the server keeps, writes or logs no record (the page
keeps its draft in the browser's own storage, on this machine, for a reload). The answer is a
function of the text alone: the same text gives the same JSON (unless it is refused for the
time its ruling took: see :data:`BUDGET`).
"""

from __future__ import annotations

import io
import json
import socket
import socketserver
import sys
import threading
import time
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from adjudicator.shell.replies import (
    CONTENT_SECURITY_POLICY,
    SECURITY_HEADERS,
    Reply,
    _diagnose,
    _internal,
    _text,
)
from adjudicator.shell.routes import MAX_BODY, answer, header_fields, page, rule_here
from adjudicator.shell.rulers import BUDGET, RECYCLE_MIB, WORKERS, Rulers, work
from adjudicator.shell.text_ruling import EMPTY_MESSAGE, rule_text, ruled_json

HOST = "127.0.0.1"
"""The only address the server listens on: this machine's loopback, never a network."""

DEFAULT_PORT = 8765
"""The port of ``ecarte serve`` without ``--port``."""

DEADLINE = 10.0
"""How long a connection has to send its whole request (line, headers and body), in seconds,
counted from the moment it is taken up, however its bytes trickle in; and again to take its
answer. A client past it is cut off."""

CONNECTIONS = 32
"""How many connections are handled at once (a thread each). Beyond that they wait in the
listen queue (:data:`BACKLOG`), taken up as others end, each within its deadline."""

BACKLOG = 128
"""The listen queue: connections made and not yet taken up."""

LINGER = 0.25
"""After its answer, how long (seconds) a connection is read and dropped before it is closed,
so that a client whose request was refused before it was read whole gets the answer rather
than a reset connection."""


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
        try:
            self._rulers = Rulers(workers, budget, int(recycle_mib * 1024))
        except BaseException:  # the socket, bound and listening, is not left open
            self.server_close()
            raise

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
    "CONNECTIONS",
    "CONTENT_SECURITY_POLICY",
    "DEADLINE",
    "DEFAULT_PORT",
    "EMPTY_MESSAGE",
    "HOST",
    "MAX_BODY",
    "SECURITY_HEADERS",
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
