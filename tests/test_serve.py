"""``ecarte serve`` (issue 13, item 3): the page where a referee types a record and sees the
ruling as he writes. The ruling of a text (:func:`rule_text`) and the answer to a request
(:func:`answer`) are tested as functions; then a real server on a free port of 127.0.0.1, and
the command itself, stopped by Ctrl-C."""

from __future__ import annotations

import http.client
import io
import json
import queue
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest
from typer.testing import CliRunner

from adjudicator.shell.cli import app
from adjudicator.shell.serve import (
    CONTENT_SECURITY_POLICY,
    EMPTY_MESSAGE,
    HOST,
    MAX_BODY,
    Reply,
    Server,
    answer,
    header_fields,
    make_server,
    page,
    rule_text,
)

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "cases" / "ecarte" / "law-43-revoke" / "replay-worth-two.etn"
"""A record with a revoke (law 43): Mr. Anstey and Mr. Bourke."""

TYPO = GOOD.read_text(encoding="utf-8").replace("  B: KH QH 9D", "  B: KH QH 9X")
"""The same record with a card that is none, on line 11 (column 12)."""

ECARTE = Path(sys.executable).parent / "ecarte"
TIMEOUT = 10
LOCAL = "127.0.0.1:8765"
"""The ``Host`` of a request to the server."""


def post(text: str, referee: str | None = None, **headers: str) -> tuple[int, dict[str, object]]:
    """``POST /rule`` with a JSON body, through :func:`answer`: the status and the JSON."""
    body = json.dumps({"text": text, "referee": referee}).encode("utf-8")
    sent = {
        "host": LOCAL,
        "content-type": "application/json",
        "content-length": str(len(body)),
        **headers,
    }
    reply = answer("POST", "/rule", sent, io.BytesIO(body).read)
    return reply.status, json.loads(reply.body)


# --------------------------------------------------------------------------------------------
#  The ruling of a text
# --------------------------------------------------------------------------------------------


def test_a_good_record_gets_the_referees_report() -> None:
    ruled = rule_text(GOOD.read_text(encoding="utf-8"), "Mr. Cavendish")
    assert ruled["ok"] is True and ruled["errors"] == []
    html = ruled["html"]
    assert html.startswith("<!DOCTYPE html>")
    for name in ("Mr. Anstey", "Mr. Bourke", "Mr. Cavendish"):
        assert name in html
    assert 'data-law="43"' in html
    assert ruled["message"] == "1 record ruled: 1 finding, 0 corrections."


def test_the_same_text_gives_the_same_json() -> None:
    first = post(GOOD.read_text(encoding="utf-8"), "Me")
    assert first == post(GOOD.read_text(encoding="utf-8"), "Me")
    assert first[0] == 200 and first[1]["ok"] is True
    again = answer(
        "POST",
        "/rule?referee=Me",
        {"host": LOCAL, "content-length": str(GOOD.stat().st_size)},
        io.BytesIO(GOOD.read_bytes()).read,
    )
    assert json.loads(again.body) == first[1]  # the text itself, the referee in the query


def test_a_typo_is_an_error_at_its_line_and_column() -> None:
    ruled = rule_text(TYPO)
    assert ruled["ok"] is False and ruled["html"] == ""
    (error,) = ruled["errors"]
    assert (error["line"], error["column"], error["width"]) == (11, 12, 2)
    assert error["message"] == "'9X' is not a word of the notation"
    assert error["source"] == "  B: KH QH 9X" and error["caret"] == 12
    assert "not a suit" in error["hint"]
    assert ruled["message"].startswith("1 notation error:")


def test_a_good_record_beside_a_bad_one_is_ruled_and_the_bad_one_named() -> None:
    text = GOOD.read_text(encoding="utf-8") + "\n" + TYPO
    ruled = rule_text(text)
    lines = GOOD.read_text(encoding="utf-8").count("\n") + 1
    assert ruled["ok"] is False
    assert [e["line"] for e in ruled["errors"]] == [lines + 11]
    assert "Mr. Anstey" in ruled["html"] and 'id="unread"' in ruled["html"]


def test_a_lone_surrogate_is_no_crash() -> None:
    status, ruled = post(GOOD.read_text(encoding="utf-8") + "; \ud800\n", referee="X \udc00")
    assert status == 200 and ruled["ok"] is True and "X ?" in str(ruled["html"])


@pytest.mark.parametrize("text", ["", "   \n\n\t"])
def test_an_empty_text_is_a_friendly_message(text: str) -> None:
    assert rule_text(text) == {"ok": False, "errors": [], "html": "", "message": EMPTY_MESSAGE}


def test_a_long_line_is_sent_back_around_its_fault() -> None:
    (error,) = rule_text("deal 1 A\n  B: KH QH 9X" + " 7S" * 200 + "\n")["errors"]
    assert len(error["source"]) <= 242 and error["source"][error["caret"] - 1 :].startswith("9X")


# --------------------------------------------------------------------------------------------
#  A request and its answer
# --------------------------------------------------------------------------------------------


def test_the_page_loads_nothing_and_runs_nothing_it_is_sent() -> None:
    text = page()
    assert "http://" not in text and "https://" not in text
    assert "<link" not in text and " src=" not in text  # no style sheet, script or font fetched
    assert "innerHTML" not in text and "eval(" not in text  # answers shown as text, or framed
    assert 'className = "notation-error"' in text and '"data-line"' in text
    # the frame runs no script; its print() is the page's Print button's to call
    assert '<iframe id="report"' in text and 'sandbox="allow-same-origin allow-modals"' in text
    assert 'fetch("/rule"' in text and "const DELAY = 300;" in text  # debounced


def test_routes_methods_and_limits() -> None:
    nothing = io.BytesIO(b"").read
    here = {"host": LOCAL}

    def status(
        method: str, path: str, body: bytes = b"", length: str | None = None, as_json: bool = False
    ) -> int:
        headers = dict(here)
        if length is not None:
            headers["content-length"] = length
        if as_json:
            headers["content-type"] = "application/json"
        return answer(method, path, headers, io.BytesIO(body).read).status

    assert status("GET", "/") == 200
    assert answer("GET", "/?x=1", {"host": "localhost:8765"}, nothing).status == 200
    assert status("GET", "/nothing") == 404
    assert status("POST", "/notation") == 405
    assert status("POST", "/nothing") == 404
    wrong = answer("GET", "/rule", here, nothing)
    assert (wrong.status, wrong.header("allow")) == (405, "POST")
    for method in ("PUT", "DELETE", "HEAD", "POST"):
        assert status(method, "/") == 405
    assert status("POST", "/rule") == 411
    assert status("POST", "/rule", length="x") == 400
    too_big = answer(
        "POST", "/rule", {**here, "content-length": str(MAX_BODY + 1)}, io.BytesIO(b"x" * 10).read
    )
    assert too_big.status == 413 and "too long" in json.loads(too_big.body)["message"]
    assert status("POST", "/rule", b"\xff\xfe deal", length="6") == 400
    assert status("POST", "/rule", b"deal", length="60") == 400
    for body in (b"[1]", b'{"text": 3}', b"{"):
        assert status("POST", "/rule", body, length=str(len(body)), as_json=True) == 400


@pytest.mark.parametrize(
    "length", ["1_0", "+5", " 5 ", "5 ", "-1", "0x5", "5.0", "", "\u0665", "5, 5", "1" * 19]
)
def test_a_length_is_ascii_digits_only(length: str) -> None:
    """``int()`` takes each of these (or the last three as other numbers): the server does
    not, and reads nothing of the body."""
    read: list[int] = []

    def reading(n: int) -> bytes:
        read.append(n)
        return b"deal"

    reply = answer("POST", "/rule", {"host": LOCAL, "content-length": length}, reading)
    assert reply.status == 400 and read == []
    assert "ASCII digits" in json.loads(reply.body)["message"]
    assert answer("POST", "/rule", {"host": LOCAL, "content-length": "0004"}, reading).status == 200


def test_a_request_without_host_is_refused() -> None:
    for method, path in (("GET", "/"), ("POST", "/rule"), ("GET", "/nothing")):
        reply = answer(method, path, {}, io.BytesIO(b"").read)
        assert reply.status == 400 and reply.body == b"The request has no Host header.\n"
        assert reply.header("content-security-policy") == CONTENT_SECURITY_POLICY


def test_a_header_that_may_come_once_comes_once() -> None:
    assert header_fields([("Host", LOCAL), ("Accept", "a"), ("accept", "b")]) == {
        "host": LOCAL,
        "accept": "b",
    }
    for name in ("Host", "Content-Length", "Transfer-Encoding", "Content-Type", "Origin"):
        twice = header_fields([(name, "5"), ("X", "y"), (name.upper(), "5")])
        assert isinstance(twice, Reply) and twice.status == 400
        assert twice.body == f"The request has more than one {name.upper()} header.\n".encode()


def test_every_answer_keeps_the_page_off_the_network() -> None:
    for reply in (
        answer("GET", "/", {"host": LOCAL}, io.BytesIO(b"").read),
        answer("GET", "/nothing", {"host": LOCAL}, io.BytesIO(b"").read),
        answer("GET", "/", {}, io.BytesIO(b"").read),
        answer("POST", "/rule", {"host": LOCAL, "content-length": "+5"}, io.BytesIO(b"").read),
    ):
        policy = reply.header("content-security-policy")
        assert policy == CONTENT_SECURITY_POLICY
        for directive in ("default-src 'none'", "connect-src 'self'", "img-src data:"):
            assert directive in policy
        assert reply.header("x-content-type-options") == "nosniff"


def test_another_site_gets_no_ruling() -> None:
    """A request addressed to another host name (DNS rebinding), or a ruling asked by a page
    of another origin, is refused."""
    assert answer("GET", "/", {"host": "evil.example:8765"}, io.BytesIO(b"").read).status == 403
    assert post("deal 1 A\n", host="127.0.0.1:8765", origin="null")[0] == 403
    status, ruled = post("", host="127.0.0.1:8765", origin="http://127.0.0.1:8765")
    assert status == 200 and ruled["message"] == EMPTY_MESSAGE


# --------------------------------------------------------------------------------------------
#  A real server, and the command
# --------------------------------------------------------------------------------------------


@pytest.fixture
def server() -> Iterator[Server]:
    running = make_server(0)
    thread = threading.Thread(target=running.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield running
    finally:
        running.shutdown()
        running.server_close()
        thread.join(TIMEOUT)


def request(
    server: Server, method: str, path: str, body: bytes | None = None, **headers: str
) -> tuple[http.client.HTTPResponse, bytes]:
    """One request to ``server``: the response and its body."""
    connection = http.client.HTTPConnection(HOST, server.server_address[1], timeout=TIMEOUT)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response, response.read()
    finally:
        connection.close()


def test_a_real_server_on_127_0_0_1(server: Server) -> None:
    assert server.server_address[0] == "127.0.0.1" and server.url.startswith("http://127.0.0.1:")
    response, body = request(server, "GET", "/")
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/html; charset=utf-8"
    assert response.getheader("Content-Security-Policy") == CONTENT_SECURITY_POLICY
    assert b"http://" not in body and b"https://" not in body and b"<textarea" in body
    asked = json.dumps({"text": TYPO, "referee": None}).encode("utf-8")
    response, body = request(server, "POST", "/rule", asked, **{"Content-Type": "application/json"})
    assert response.status == 200
    assert response.getheader("Content-Type") == "application/json; charset=utf-8"
    assert json.loads(body)["errors"][0]["line"] == 11
    response, body = request(server, "POST", "/rule", b"x" * (2 << 20))
    assert response.status == 413 and json.loads(body)["ok"] is False
    assert request(server, "GET", "/nothing")[0].status == 404
    assert request(server, "DELETE", "/")[0].status == 405


def test_the_command_serves_until_ctrl_c() -> None:
    command = [str(ECARTE)] if ECARTE.exists() else [sys.executable, "-c", _RUN]
    process = subprocess.Popen(
        [*command, "serve", "--port", "0", "--budget", "5"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C reaches it even when the tests run where SIGINT is ignored (a background job)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in process.stderr or ():
            lines.put(line)

    reader = threading.Thread(target=read, daemon=True)  # a line waited for with a timeout
    reader.start()
    try:
        first = lines.get(timeout=TIMEOUT)
        assert first.startswith("Serving on http://127.0.0.1:") and first.endswith(
            "/ — Ctrl-C stops\n"
        )
        host, port = first.split("//")[1].split("/")[0].split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=TIMEOUT)
        connection.request("POST", "/rule", body=GOOD.read_bytes())
        response = connection.getresponse()
        assert response.status == 200 and json.loads(response.read())["ok"] is True
        connection.close()
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=TIMEOUT) == 0
        reader.join(TIMEOUT)
        rest = "".join(lines.get_nowait() for _ in range(lines.qsize()))
        assert "Traceback" not in rest and rest == "Stopped.\n"
        assert process.stdout is not None and process.stdout.read() == ""
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(TIMEOUT)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


_RUN = "from adjudicator.shell.cli import app; app(prog_name='ecarte')"


def test_a_port_in_use_is_said_and_exits_2(server: Server) -> None:
    result = CliRunner().invoke(app, ["serve", "--port", str(server.server_address[1])])
    assert result.exit_code == 2
    assert "ecarte serve: cannot listen on 127.0.0.1:" in result.stderr


def test_the_budget_is_the_commands_to_choose(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, float]] = []

    def making(port: int, *, budget: float) -> Server:
        asked.append((port, budget))
        raise OSError("no port today")

    monkeypatch.setattr("adjudicator.shell.serve.make_server", making)
    assert CliRunner().invoke(app, ["serve", "--port", "0", "--budget", "2.5"]).exit_code == 2
    assert asked == [(0, 2.5)]
    refused = CliRunner().invoke(app, ["serve", "--budget", "0"])
    assert refused.exit_code == 2 and "--budget" in refused.stderr


def test_a_server_whose_ruling_processes_cannot_start_closes_its_socket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """If its ruling processes cannot be started, :func:`make_server` raises ``OSError`` and
    the socket it bound and listens on is closed at once, not left to the garbage collector
    (the port held, connections queued that no one will answer)."""
    bound: list[socket.socket] = []
    bind = Server.server_bind

    def binding(self: Server) -> None:
        bind(self)
        bound.append(self.socket)

    def failing(*args: object, **kwargs: object) -> NoReturn:
        raise OSError("no process today")

    monkeypatch.setattr(Server, "server_bind", binding)
    monkeypatch.setattr("adjudicator.shell.serve.Rulers", failing)
    with pytest.raises(OSError, match="no process today"):
        make_server(0)
    assert len(bound) == 1 and bound[0].fileno() == -1


def test_the_notation_is_a_link_away() -> None:
    """The page links to the notation (``GET /notation``), served as text by the server
    itself, with the headers of every answer."""
    assert 'href="/notation"' in page()
    reply = answer("GET", "/notation", {"host": LOCAL}, io.BytesIO(b"").read)
    assert reply.status == 200
    assert reply.header("content-type") == "text/plain; charset=utf-8"
    assert reply.header("content-security-policy") == CONTENT_SECURITY_POLICY
    assert reply.body == (ROOT / "docs" / "notation.md").read_bytes()


def test_the_page_has_print_and_save_and_keeps_its_draft_in_its_own_storage() -> None:
    text = page()
    assert '<button type="button" id="print"' in text and '<button type="button" id="save"' in text
    assert "localStorage.setItem(DRAFT" in text and "localStorage.getItem(DRAFT" in text
    assert "link.download = fileName()" in text


def test_the_report_of_the_page_names_its_record_by_its_event() -> None:
    html = rule_text(GOOD.read_text(encoding="utf-8"))["html"]
    assert isinstance(html, str)
    assert "<page>" not in html and "&lt;page&gt;" not in html
    event = "Casebook: law 43, what the replay is worth to the non-offender"
    assert f"Record: {event}." in html
    assert "<div><dt>Record</dt><dd>typed in the page, from line 1</dd></div>" in html
