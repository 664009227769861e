"""The answers of ``ecarte serve`` (:mod:`adjudicator.shell.serve`): a :class:`Reply` (its
status, body and headers), the headers sent with every answer, that keep the page off the
network, the JSON shape of a refusal, and the server's diagnostics (on standard error, never to
a client). Its helpers, named with an underscore, are for the modules of ``ecarte serve`` alone.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

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

JSON_TYPE = "application/json; charset=utf-8"


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


def _internal(what: str) -> Reply:
    """The answer 500 to a bug."""
    return _refused(
        HTTPStatus.INTERNAL_SERVER_ERROR, f"Internal error (a bug; please report it): {what}"
    )


def _diagnose(message: str) -> None:
    """A diagnostic line on standard error (never to a client)."""
    print(f"ecarte serve: {message}", file=sys.stderr, flush=True)
