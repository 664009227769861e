"""The answer to one request of ``ecarte serve`` (:mod:`adjudicator.shell.serve`), as a plain
function (:func:`answer`): one request in (method, target, headers, a way to read the body), one
:class:`~adjudicator.shell.replies.Reply` out: the routes (``GET /``, the page; ``POST /rule``,
the ruling of a text; ``GET /notation``, the notation's description), the strict checks of
``Content-Length`` and ``Host``, the limits on the body, the check of ``Origin``.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Mapping
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import jinja2

from adjudicator.shell.batch import program_version
from adjudicator.shell.replies import JSON_TYPE, Reply, _internal, _refused, _reply, _text
from adjudicator.shell.text_ruling import EMPTY_MESSAGE, ruled_json

MAX_BODY = 1 << 20
"""The largest request body read (1 MiB: a long evening's record is a few dozen KiB)."""

DRAIN_LIMIT = 16 << 20
"""A body too large but no larger than this is read and dropped before the answer 413, so that
the client, still sending, reads the answer rather than a reset connection."""

DELAY_MS = 300
"""How long the page waits after the last keystroke before it asks for a ruling."""

_LOCAL_NAMES = frozenset({"127.0.0.1", "localhost"})
"""The host names a request may be addressed to (``Host``): anything else is a page of another
site reaching this server through a name it made point here (DNS rebinding), and is refused."""

_SINGLE = ("host", "content-length", "transfer-encoding", "content-type", "origin")
"""The headers a request may send once at most (twice is refused, rather than one of the two
believed)."""

_LENGTH = re.compile(r"[0-9]{1,18}")
"""A ``Content-Length``: ASCII digits only (no sign, space, underscore or other digits), at
most 18 of them."""

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


@functools.cache
def notation() -> bytes | None:
    """The page of ``GET /notation``: the notation described line form by line form
    (``docs/notation.md``, Markdown, shown as text), as installed with the package or at the
    top of a checkout; ``None`` if neither has it."""
    packaged = resources.files("adjudicator").joinpath("docs/notation.md")
    if packaged.is_file():
        return packaged.read_bytes()
    checkout = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
    return checkout.read_bytes() if checkout.is_file() else None


# --------------------------------------------------------------------------------------------
#  A request and its answer
# --------------------------------------------------------------------------------------------


ROUTES = {"/": "GET", "/rule": "POST", "/notation": "GET"}
"""Every path served, and its one method."""

Ruler = Callable[[str, str | None], Reply]
"""How :func:`answer` has a text ruled: the text and the referee in, the answer out (in this
process by default; in a ruling process of :class:`Rulers` for the server)."""


def rule_here(text: str, referee: str | None) -> Reply:
    """The answer to a ruling asked, ruled in this process, with no time limit (:func:`answer`
    without ``rule``; the server rules in its :class:`Rulers`)."""
    try:
        return _reply(HTTPStatus.OK, ruled_json(text, referee), JSON_TYPE)
    except Exception as e:  # pragma: no cover - the page says so rather than hang
        return _internal(f"{type(e).__name__}: {e}")


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

    ``GET /`` is the page; ``GET /notation`` the notation's description (:func:`notation`,
    as plain text); ``POST /rule`` the ruling of the body (JSON ``{"text", "referee"}``
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
    if parts.path == "/notation":
        described = notation()
        if described is None:
            return _text(HTTPStatus.NOT_FOUND, "The notation is not installed with this copy.")
        return _reply(HTTPStatus.OK, described, "text/plain; charset=utf-8")
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
