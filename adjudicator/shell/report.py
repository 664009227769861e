"""Rulings as text for a person: ``ecarte check`` and ``ecarte rule`` (the laws themselves are
shown by :mod:`adjudicator.shell.lawbook`)."""

from __future__ import annotations

import textwrap
from typing import Any

from adjudicator.court.ruling import RecordRuling
from laws import BY_NUMBER


def _law_title(number: int) -> str:

    law = BY_NUMBER.get(number)
    return law.title if law is not None else ""


def _law_summary(number: int) -> str:

    law = BY_NUMBER.get(number)
    return law.summary if law is not None else ""


def check_lines(path: str, ruling: RecordRuling) -> list[str]:
    """``path:line:col: law N: message`` for every finding and correction of a record, and
    every claim not upheld (in that order)."""
    return [
        *finding_lines(path, ruling),
        *correction_lines(path, ruling),
        *claim_lines(path, ruling),
    ]


def finding_lines(path: str, ruling: RecordRuling) -> list[str]:
    """The lines of :func:`check_lines` for the findings."""
    return [f"{path}:{f.line}:{f.column}: {_cited(f.law)}: {f.message}" for f in ruling.findings]


def correction_lines(path: str, ruling: RecordRuling) -> list[str]:
    """The lines of :func:`check_lines` for the corrections to the score."""
    out = []
    for c in ruling.corrections:
        sign = "+" if c.points > 0 else ""
        out.append(
            f"{path}:{c.line or ruling.line}:{c.column or 1}: law {c.law}: score correction "
            f"{c.player} {sign}{c.points}"
            f" (deal {c.deal}): {c.reason}"
        )
    return out


def claim_lines(path: str, ruling: RecordRuling) -> list[str]:
    """The lines of :func:`check_lines` for the claims not upheld."""
    return [
        f"{path}:{claim.line}:{claim.column}: law {claim.law or '-'}: "
        f"{claim.player} {claim.claim}: {claim.verdict}: {claim.reason}"
        for claim in ruling.claims
        if not claim.upheld
    ]


def _cited(law: int | None) -> str:
    """``law N``, or ``record`` for the court's own finding on the record."""
    return f"law {law}" if law is not None else "record"


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, width=96, initial_indent=indent, subsequent_indent=indent) or [
        indent
    ]


def render_ruling(path: str, ruling: RecordRuling) -> str:
    """The full ruling, deal by deal, with each law's summary beside it."""
    out = [f"Ruling on the record at {path}:{ruling.line}", ""]
    by_deal: dict[int | None, list[Any]] = {}
    for f in sorted(ruling.findings, key=lambda f: (f.line, f.column, f.law or 0)):
        by_deal.setdefault(f.deal, []).append(f)
    numbers: list[int | None] = [None] + [d.number for d in ruling.deals]
    deals = {d.number: d for d in ruling.deals}
    for number in numbers:
        findings = by_deal.get(number, [])
        deal = deals.get(number) if number is not None else None
        if number is None and not findings:
            continue
        if deal is not None:
            out.append(
                f"Deal {deal.number} (dealer {deal.dealer}): {deal.outcome.replace('_', ' ')}"
            )
        else:
            out.append("Before the first deal")
        for f in findings:
            who = f" ({f.offender})" if f.offender else ""
            if f.law is None:
                out.append(f"  line {f.line}: the record{who}")
            else:
                out.append(f"  line {f.line}: law {f.law}, {_law_title(f.law)}{who}")
            out.extend(_wrap(f.message, "    "))
            summary = _law_summary(f.law) if f.law is not None else ""
            if summary:
                out.extend(_wrap(f"The law: {summary}", "    "))
            for o in f.options:
                when = f" (line {o.line})" if o.line else ""
                who = f"{o.who}, " if o.who else ""
                text = f"- option {o.name} ({who}{o.window}): {o.effect or o.name}"
                out.extend(_wrap(f"{text}. {o.status.upper()}{when}", "    "))
            if f.default:
                out.extend(_wrap(f"Otherwise: {f.default}", "    "))
        if deal is not None:
            related = [c for c in ruling.claims if _in_deal(c.line, deal.number, ruling)]
            for c in related:
                out.extend(
                    _wrap(
                        f"claim, line {c.line}: {c.player} {c.claim}: {c.verdict}. {c.reason}",
                        "  ",
                    )
                )
            marks = ", ".join(f"{p} {n}" for p, n in deal.marks.items())
            recorded = ", ".join(f"{p} {n}" for p, n in deal.recorded.items())
            laws = f" (laws {', '.join(str(n) for n in deal.laws)})" if deal.laws else ""
            out.append(f"  outcome: {deal.how}{laws}")
            out.append(f"  marks after the ruling: {marks}; marked at the table: {recorded}")
        out.append("")
    if ruling.notes:
        out.append("Notes (rights exercised; no irregularity)")
        for n in ruling.notes:
            out.extend(_wrap(f"line {n.line}: law {n.law}: {n.message}", "  "))
        out.append("")
    if ruling.corrections:
        out.append("Corrections to the score")
        for corr in ruling.corrections:
            sign = "+" if corr.points > 0 else ""
            text = f"{corr.player} {sign}{corr.points}, law {corr.law}: {corr.reason}"
            out.extend(_wrap(text, "  "))
        out.append("")
    score = ", ".join(f"{p} {n}" for p, n in ruling.score.items())
    out.append(
        f"Corrected score: {score}"
        + (f"; {ruling.winner} has won the game" if ruling.winner else "")
    )
    if ruling.trace:
        out.append("")
        out.append("Trace")
        for t in ruling.trace:
            where = f"deal {t.deal}" if t.deal is not None else "opening"
            by = f"law {t.law}: " if t.law is not None else ""
            if t.law is None and t.step == "finding":
                by = "the record: "
            at = f", line {t.line}" if t.line is not None else ""
            out.extend(_wrap(f"{where}{at}: {by}{t.step}: {t.text}", "  "))
    return "\n".join(out) + "\n"


def _in_deal(line: int, number: int, ruling: RecordRuling) -> bool:
    """Whether a line falls in deal ``number`` (from its heading to the next deal's)."""
    starts = [(d.number, d.line) for d in ruling.deals]
    for i, (n, start) in enumerate(starts):
        end = starts[i + 1][1] if i + 1 < len(starts) else 10**12
        if n == number:
            return start <= line < end
    return False
