"""The referee's report on piquet records: ``adjudicator rule --format html`` and ``--format
md`` for a ``.ptn`` file (issue 23, item 8), as the écarté report
(:mod:`adjudicator.shell.referee`) is for an ``.etn`` file.

One document for a file, holding every record of it: for each record the verdict first (per
partie the score as written and as reckoned, each difference with its reason, who won and by
how much, rubicon or not, the settlement), the findings, each deal (the hands by suit, the
exchange, the declarations as a table of call and answer, carte blanche, pique, repique and
capot, the tricks with each winning card marked, the score by head), the partie sheet; then
the records that could not be read, the ruling's date and the signature lines. The data is
:func:`adjudicator.shell.piquet_sheets.record_document`'s; the templates ``piquet.html.j2``
and ``piquet.md.j2`` lay it out. A piquet record is small (a partie is six deals): the file is
read and ruled whole. The output is a function of the input alone.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import jinja2

from adjudicator.court.api import NotationError
from adjudicator.court.piquet.api import Record, read_each, rule_record
from adjudicator.shell import templating
from adjudicator.shell.batch import program_version
from adjudicator.shell.piquet_sheets import record_document
from adjudicator.shell.piquet_text import (
    findings_sentence,
    settlement_lines,
    verdict_lines,
)


def report(
    name: str,
    records: Sequence[Record],
    *,
    markdown: bool = False,
    referee: str | None = None,
    errors: Sequence[NotationError] = (),
    date: str | None = None,
    typed: bool = False,
) -> str:
    """The referee's report on the piquet ``records`` of the file ``name``: HTML (one
    self-contained page to print on A4, sign and pin up), or Markdown for a club's minutes.
    ``errors``: the records of the file that could not be read; ``date``: the date of the
    ruling (else each record's Date tag); ``typed``: the records were typed in ``serve``'s
    page, and have no file: the report names them by their event instead."""
    docs = [record_document(name, rule_record(r), date=date, referee=referee) for r in records]
    for doc in docs:
        for partie in doc["parties"]:
            partie["verdict_lines"] = verdict_lines(partie["verdict"])
            partie["settlement_lines"] = settlement_lines(partie["verdict"])
        doc["findings_sentence"] = findings_sentence(doc)
    title = docs[0]["title"] if len(docs) == 1 else f"Rulings on {name}"
    template = _environment().get_template("piquet.md.j2" if markdown else "piquet.html.j2")
    return template.render(
        title=f"Ruling: {title}",
        file=name,
        records=docs,
        errors=[str(e) for e in errors],
        referee=referee,
        version=program_version(),
        typed=typed,
    )


def write_report(
    name: str,
    path: Path | None,
    write: Callable[[str], object],
    *,
    markdown: bool = False,
    referee: str | None = None,
    date: str | None = None,
    unread: Callable[[NotationError], object] = lambda error: None,
    ruled: Callable[[bool], object] = lambda clean: None,
) -> bool:
    """Write the report on the piquet records of one file (``path``; ``None``: standard input)
    with ``write``: only if a record of it was read (returns whether one was). ``unread`` is
    told each record that cannot be read (the report names it too); ``ruled`` whether each
    record read is clean."""
    import sys

    source = Path(path) if path is not None else sys.stdin.buffer
    records: list[Record] = []
    errors: list[NotationError] = []
    for item in read_each(source, path=name):
        if isinstance(item, NotationError):
            unread(item)
            errors.append(item)
        else:
            records.append(item)
            ruled(rule_record(item).clean)
    if not records:
        return False
    write(report(name, records, markdown=markdown, referee=referee, errors=errors, date=date))
    return True


def rule_typed(text: str, referee: str | None) -> dict[str, Any]:
    """The answer of ``serve``'s ``POST /rule`` for a piquet record typed in the page, as
    :func:`adjudicator.shell.text_ruling.rule_text` gives it for écarté: ``ok``, ``errors``
    (each notation error at its line), ``html`` (the report, typed: named by its event),
    ``message``."""
    from adjudicator.shell.referee import source_lines
    from adjudicator.shell.text_ruling import NAME, count, error_entries

    data = text.encode("utf-8", errors="replace")
    lines = source_lines(data)
    records: list[Record] = []
    unread: list[NotationError] = []
    for item in read_each(io.BytesIO(data), path=NAME):
        if isinstance(item, NotationError):
            unread.append(item)
        else:
            records.append(item)
    errors = [entry for error in unread for entry in error_entries(error, lines)]
    html = ""
    if records:
        html = report(NAME, records, referee=referee, errors=unread, typed=True)
    if not records:
        message = (
            f"{count(len(errors), 'notation error')}: the record cannot be ruled until "
            f"{'it is' if len(errors) == 1 else 'they are'} put right."
        )
    else:
        findings = sum(rule_record(r).reported for r in records)
        message = f"{count(len(records), 'piquet record')} ruled: " + (
            f"{count(findings, 'finding')}" if findings else "lawful play throughout"
        )
        if errors:
            message += f"; {count(len(errors), 'notation error')} in the records not read"
        message += "."
    return {"ok": bool(records) and not errors, "errors": errors, "html": html, "message": message}


@functools.cache
def _environment() -> jinja2.Environment:
    """The templates (:func:`~adjudicator.shell.templating.environment`)."""
    return templating.environment()
