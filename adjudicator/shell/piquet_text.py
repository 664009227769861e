"""The text of ``adjudicator rule`` for a piquet record: the document of
:func:`adjudicator.shell.piquet_sheets.record_document` as plain text, the verdict first, as
the écarté ruling is printed (:mod:`adjudicator.shell.report`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

from adjudicator.shell.templating import capital

WIDTH = 96
"""The width the text is wrapped to."""


def ruling_text(doc: dict[str, Any]) -> str:
    """The ruling of one record as text, ending with a newline."""
    out = [f"Ruling on the record at {doc['name']}:{doc['line']}"]
    out.append(doc["title"] + (f" ({doc['played']})" if doc["played"] else ""))
    if doc["site"]:
        out.append(f"Site: {doc['site']}")
    out.append("; ".join(f"{p['seat']}: {p['name']}" for p in doc["players"]))
    out.append("Rules: rubicon piquet, the laws of the Portland and Turf clubs")
    if doc["ruled_on"]:
        out.append(f"Ruled on: {doc['ruled_on']}")
    out.append("")
    out.extend(_verdict(doc))
    out.append("")
    out.extend(_findings(doc["findings"]))
    for partie in doc["parties"]:
        for deal in partie["deals"]:
            out.append("")
            out.extend(_deal(deal))
        out.append("")
        out.extend(_sheet(partie))
    out.append("")
    out.extend(_signatures(doc))
    return "\n".join(out) + "\n"


def _wrapped(text: str, indent: str, more: str = "") -> list[str]:
    """``text`` wrapped, its first line indented by ``indent``, the others by ``more`` too."""
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + more,
        break_long_words=False,
        break_on_hyphens=False,
    )


def verdict_lines(verdict: dict[str, Any]) -> list[str]:
    """A partie's verdict as sentences, the same words in every format: the score as written
    and as reckoned, each difference with its reason (a sentence beginning "Line N"), who won
    the partie and by how much, and the settlement as written."""
    v = verdict
    out = [f"As written: {v['written'] or 'no total written'}."]
    reckoned = v["reckoned"] or "not known"
    if v["taken"] and v["reckoned"]:
        deals = ", ".join(str(n) for n in v["taken"])
        reckoned += (
            f" (deal {deals} not reckoned, its play not recorded in full: the totals "
            "written after it are taken)"
        )
    out.append(f"As reckoned: {reckoned}.")
    if v["differences"]:
        out.append("Differences, each with its reason:")
        out.extend(f"Line {d['line']}: {d['message']}." for d in v["differences"])
    elif v["written"] and v["reckoned"]:
        out.append("The score as written agrees with the score as reckoned.")
    return out + settlement_lines(v)


def settlement_lines(verdict: dict[str, Any]) -> list[str]:
    """Who won the partie and by how much, rubicon or not, and the settlement as written; or
    why it is not settled."""
    v = verdict
    out = []
    if v["settled"]:
        out.append(capital(f"{v['settled']}: {v['how']}."))
        if v["settled_written"] is not None:
            agrees = "agrees" if v["agrees"] else "does not agree"
            out.append(f"The settlement as written ({v['settled_written']}) {agrees}.")
    else:
        out.append(f"The partie is {v['state']}.")
    return out


def findings_sentence(doc: dict[str, Any]) -> str:
    """What the verdict says of the findings."""
    if doc["clean"]:
        return "The record shows lawful play throughout."
    laws = sum(1 for f in doc["findings"] if "law" in f)
    n = len(doc["findings"]) - laws
    said = []
    if laws:
        said.append(
            f"{laws} finding{'s' if laws > 1 else ''} of the laws (listed below, each naming "
            "its law, with its options and what became of them)"
        )
    if n:
        said.append(
            f"{n} departure{'s' if n > 1 else ''} from lawful play found (listed below), each "
            "as the replay finds it, that no law judges yet"
        )
    if doc.get("claims"):
        k = len(doc["claims"])
        said.append(f"{k} claim{'s' if k > 1 else ''} judged")
    return capital("; ".join(said) or "nothing found, but the record is not clean") + "."


def _verdict(doc: dict[str, Any]) -> list[str]:
    out = ["Verdict"]
    for partie in doc["parties"]:
        out.append(f"  {partie['label']}:")
        for line in verdict_lines(partie["verdict"]):
            indent = "      " if line.startswith("Line ") else "    "
            out.extend(_wrapped(line, indent, "  "))
    if doc.get("laws"):
        out.append("  Under the laws:")
        out.extend(line for said in doc["laws"] for line in _wrapped(said, "    ", "  "))
    out.extend(_wrapped(findings_sentence(doc), "  ", "  "))
    if doc.get("claims"):
        out.append("  Claims:")
        out.extend(line for said in doc["claims"] for line in _wrapped(said, "    ", "  "))
    return out


def _findings(findings: list[dict[str, Any]]) -> list[str]:
    if not findings:
        return ["Findings: none."]
    out = ["Findings"]
    for f in findings:
        out.extend(
            _wrapped(f"line {f['line']}:{f['column']}: {f['kind']}: {f['message']}", "  ", "  ")
        )
    return out


def _cards(cards: Iterable[dict[str, Any]]) -> str:
    """Cards by their short names; cards none of which is known, by their count."""
    cards = list(cards)
    if cards and not any(c["known"] for c in cards):
        return f"{len(cards)} card{'s' if len(cards) > 1 else ''}, not named"
    return " ".join(c["short"] for c in cards) or "none"


def _deal(deal: dict[str, Any]) -> list[str]:
    out = [deal["title"] + f" (line {deal['line']})"]
    for stage in deal["stages"]:
        if not any(h["known"] for h in stage["hands"]):
            continue
        out.append(f"  {stage['title']}:")
        for h in stage["hands"]:
            held = "  ".join(_cards(s["cards"]) for s in h["suits"]) if h["known"] else "not known"
            out.append(f"    {h['player']['label']}, {h['role']}: {held}")
    for x in deal["exchange"]:
        parts = [f"discards {_cards(x['discarded'])}"] if x["discarded"] else []
        parts += [f"takes {_cards(x['took'])}"] if x["took"] else []
        parts += [f"leaves {_cards(x['left'])}"] if x["left"] else []
        out.append(f"  {x['player']} " + "; ".join(parts))
    out.extend(f"  {p}: carte blanche" for p in deal["carte_blanche"])
    if deal["declared"]:
        out.append(
            f"  Declarations (elder {deal['elder']}: called; younger {deal['younger']}: answered):"
        )
        for d in deal["declared"]:
            text = (
                f"{d['head']}: {deal['elder']} {d['elder']}; {deal['younger']} "
                f"{d['younger']}; scored: {d['scored']}"
            )
            out.extend(_wrapped(text, "    ", "  "))
    out.extend(f"  {b}" for b in deal["bonuses"])
    if deal["tricks"]:
        out.append("  Tricks (* the card that won):")
        for t in deal["tricks"]:
            follow = ""
            if t["follow"] is not None:
                follow = f" {t['follower']} {_won(t['follow'])}"
            out.append(f"    {t['number']:>2}. {t['leader']} {_won(t['lead'])}{follow}")
    out.extend(_score_by_head(deal))
    return out


def _won(c: dict[str, Any]) -> str:
    return str(c["short"]) + ("*" if c["won"] else "")


def _score_by_head(deal: dict[str, Any]) -> list[str]:
    if not deal["reckoned"]:
        return _wrapped(f"Score: {deal['written']}", "  ", "  ")
    out = ["  Score by head:"]
    for h in deal["heads"]:
        out.append(f"    {h['title']}: " + ", ".join(f"{s} {n}" for s, n in h["points"].items()))
    out.append("    Total: " + ", ".join(f"{s} {n}" for s, n in deal["totals"].items()))
    if deal["under"]:
        out += _wrapped(f"Reckoned under {deal['under']}.", "    ", "    ")
    return out


def _sheet(partie: dict[str, Any]) -> list[str]:
    out = [f"{partie['verdict']['label']}: the sheet"]
    if partie["opening"]:
        out.append(f"  Before the first deal, as written: {partie['opening']}")
    for r in partie["sheet"]:
        points = ", ".join(f"{s} {n}" for s, n in r["points"].items() if n != "") or "not known"
        times = f" x{r['times']}" if r["times"] > 1 else ""
        running = "-".join(r["reckoned"].values()) if any(r["reckoned"].values()) else "not known"
        written = "-".join(r["written"].values()) if any(r["written"].values()) else "none"
        mark = "  (differs)" if r["differs"] else ""
        out.append(
            f"  deal {r['deal']} ({r['dealer']} deals): {points}{times} ({r['source']}); "
            f"running {running}; written {written}{mark}"
        )
    return out


def _signatures(doc: dict[str, Any]) -> list[str]:
    out = [f"Referee: {doc['referee'] or '______________________________'}"]
    out.append("Signature: ______________________________")
    out.extend(f"{p['label']}: ______________________________" for p in doc["players"])
    out.append(f"Record, SHA-256 of its canonical text: {doc['hash']}")
    return out
