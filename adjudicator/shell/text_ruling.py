"""The ruling of a text, for ``ecarte serve`` (:mod:`adjudicator.shell.serve`): a text in,
the answer of ``POST /rule`` out, as plain data (:func:`rule_text`) and as its JSON
(:func:`ruled_json`): the notation errors (line, column, message, the line's text) or the
referee's report of :func:`adjudicator.shell.referee.report_html`, the whole document (the page
shows it in a sandboxed ``<iframe srcdoc>``, whose styles cannot clash with the page's). The
same text gives the same answer.
"""

from __future__ import annotations

import io
from typing import Any

from adjudicator.court.api import NotationError
from adjudicator.court.ecarte.api import Record, RecordRuling, adjudicate, read_each
from adjudicator.shell.games import game_of_text
from adjudicator.shell.referee import report_html, source_lines
from adjudicator.shell.replies import _json_bytes

NAME = "<page>"
"""The name the typed record goes by in its errors and its report (as ``<stdin>`` for ``-``)."""

SHOWN_WIDTH = 240
"""The most characters of an erroneous line sent back with its error (a window around the
fault, for a longer line)."""

EMPTY_MESSAGE = "Nothing to rule yet: type or paste a record (its tags, then its deals)."


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
    if game_of_text(text) == "piquet":
        from adjudicator.shell.piquet_report import rule_typed

        return rule_typed(text, name)
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
    errors = [entry for error in unread for entry in error_entries(error, lines)]
    html = ""
    if records:
        html = report_html(
            NAME, records, lines, rulings=rulings, referee=name, errors=unread, typed=True
        )
    return {
        "ok": bool(records) and not errors,
        "errors": errors,
        "html": html,
        "message": _summary(rulings, len(errors)),
    }


def error_entries(error: NotationError, lines: list[str]) -> list[dict[str, Any]]:
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


def count(n: int, word: str) -> str:
    """``1 finding``, ``2 findings``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _summary(rulings: list[RecordRuling], errors: int) -> str:
    """One sentence on the answer: what was read, and what the ruling found."""
    if errors and not rulings:
        return (
            f"{count(errors, 'notation error')}: the record cannot be ruled until "
            f"{'it is' if errors == 1 else 'they are'} put right."
        )
    findings = sum(len(r.findings) for r in rulings)
    corrections = sum(len(r.corrections) for r in rulings)
    said = f"{count(len(rulings), 'record')} ruled: " + (
        "every deal stands as recorded"
        if all(r.clean for r in rulings)
        else f"{count(findings, 'finding')}, {count(corrections, 'correction')}"
    )
    if errors:
        said += f"; {count(errors, 'notation error')} in the records that could not be read"
    return said + "."


def ruled_json(text: str, referee: str | None) -> bytes:
    """The body of the answer 200 to ``POST /rule`` for ``text``: the JSON of
    :func:`rule_text`, the same bytes for the same text."""
    return _json_bytes(rule_text(text, referee))
