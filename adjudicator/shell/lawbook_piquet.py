"""The laws of piquet for a reader: ``adjudicator laws --game piquet`` as text, JSON or
Markdown (``docs/laws-piquet.md``), the laws looked up by number or by word, and the cases of
the Piquet casebook (``cases/piquet``) that show each."""

from __future__ import annotations

import textwrap
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from adjudicator.court.api import cited_in, is_number, listing, matching_in, number
from adjudicator.court.piquet.api import BY_NUMBER, LAWS, Law
from adjudicator.shell import casebooks

MARKDOWN_CASES = "../cases/piquet"
"""Where ``docs/laws-piquet.md`` links the casebook to."""


def casebook_root() -> Path | None:
    """Where the Piquet casebook is (:func:`~adjudicator.shell.casebooks.casebook_root`)."""
    return casebooks.casebook_root("piquet")


def law_cases(law: Law, root: Path | None) -> list[Path]:
    """The records of the casebook that show ``law`` (its folders ``law-NN-*``), sorted."""
    return casebooks.law_cases(law.number, root, ".ptn")


def chosen(words: Sequence[str]) -> tuple[Law, ...]:
    """The laws ``words`` ask for: one by number ("58") or as cited ("law 58"), those that
    speak of every word ("repique", "reckons nothing"), or all of them; none if none answers."""
    if not words:
        return LAWS
    if len(words) == 1 and is_number(words[0]):
        law = BY_NUMBER.get(number(words[0]))
        return (law,) if law is not None else ()
    cited = cited_in(LAWS, " ".join(words))
    if cited is not None:
        return (cited,)
    return matching_in(LAWS, " ".join(words))


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, width=96, initial_indent=indent, subsequent_indent=indent) or [
        indent
    ]


def render_list(laws: Sequence[Law]) -> str:
    """The laws' numbers and titles, under their sections."""
    return listing(laws)


def _option_words(law: Law) -> list[str]:
    out = []
    for c in law.choices:
        claims = ", ".join(f"'claims {k.value}'" for k in c.claims) or "-"
        does = "; ".join(e.value for e in c.effects)
        aside = "; sets aside: " + "; ".join(e.value for e in c.sets_aside) if c.sets_aside else ""
        out.append(
            f"{c.option.value} ({c.who.value}, {c.window.value}): {c.does} (claims: {claims})"
            + (f"; effect: {does}" if does else "")
            + aside
        )
    return out


def render_law(law: Law, root: Path | None) -> str:
    """One law: its summary, how the project reads it, its options with who may take them and
    until when, its effects, what it overrides, and the cases that show it."""
    out = [f"Law {law.number}: {law.title}  [{law.heading.value}]", ""]
    out.extend(_wrap(law.summary, ""))
    out.extend(["", "How the project reads it:"])
    out.extend(_wrap(law.interpretation, "  "))
    if law.readings:
        out.extend(["", "The project's readings where the code is silent:"])
        out.extend(line for r in law.readings for line in _wrap(f"- {r}", "  "))
    if law.choices:
        out.extend(["", "Options:"])
        out.extend(line for o in _option_words(law) for line in _wrap(f"- {o}", "  "))
    if law.effects:
        out.extend(["", "Effects: " + "; ".join(e.value for e in law.effects)])
    if law.applied_by:
        out.extend(["", f"Applied by the engine: {law.applied_by} (it finds nothing itself)"])
    if law.overrides:
        out.extend(["", "Overrides: " + ", ".join(f"law {n}" for n in law.overrides)])
    if law.keywords:
        out.extend(["", "Also found by: " + ", ".join(law.keywords)])
    cases = law_cases(law, root)
    if root is not None and cases:
        out.extend(["", "Cases:"])
        out.extend(f"  {p.relative_to(root).as_posix()}" for p in cases)
    return "\n".join(out) + "\n"


def law_json(law: Law, root: Path | None) -> dict[str, Any]:
    """One law as JSON: what :func:`render_law` shows, as data."""
    return {
        "number": law.number,
        "cite": f"law {law.number}",
        "section": law.heading.value,
        "title": law.title,
        "summary": law.summary,
        "interpretation": law.interpretation,
        "readings": list(law.readings),
        "keywords": list(law.keywords),
        "options": [
            {
                "name": c.option.value,
                "who": c.who.value,
                "window": c.window.value,
                "claims": [k.value for k in c.claims],
                "does": c.does,
                "effects": [e.name.lower() for e in c.effects],
                "sets_aside": [e.name.lower() for e in c.sets_aside],
                "law": c.by or law.number,
            }
            for c in law.choices
        ],
        "effects": [e.name.lower() for e in law.effects],
        "overrides": list(law.overrides),
        "judges": [k.value for k in law.judges],
        "applied_by": law.applied_by or None,
        "finds": _finds(law),
        "cases": [p.relative_to(root).as_posix() for p in law_cases(law, root)]
        if root is not None
        else [],
        "near_misses": [
            p.relative_to(root).as_posix() for p in law_cases(law, root) if not _triggers(p)
        ]
        if root is not None
        else [],
    }


def _finds(law: Law) -> bool:
    """Whether the law finds anything: an irregularity or a right exercised, where a score is
    made (61-69), or whether it settles a partie (71-73)."""
    defaults = ("finds_nothing", "reckons_nothing", "settles_nothing")
    found = (law.find.__name__, law.reckon.__name__, law.settles.__name__)
    return found != defaults


def _triggers(record: Path) -> bool:
    """Whether the case of ``record`` triggers its law (its ``.ruling.toml`` says; a near miss
    says ``triggers = false``)."""
    ruling = record.with_suffix(".ruling.toml")
    if not ruling.exists():
        return True
    return bool(tomllib.loads(ruling.read_text(encoding="utf-8")).get("triggers", True))


def laws_json(laws: Sequence[Law], root: Path | None) -> dict[str, Any]:
    """The document of ``adjudicator laws --game piquet --format json``."""
    return {
        "game": "piquet",
        "casebook": "cases/piquet" if root is not None else None,
        "laws": [law_json(law, root) for law in laws],
    }


def render_markdown(laws: Sequence[Law], root: Path | None) -> str:
    """The laws as one Markdown page (``docs/laws-piquet.md``)."""
    out = [
        "# The 78 laws of piquet",
        "",
        "<!-- Generated by `adjudicator laws --game piquet --format md > docs/laws-piquet.md`;",
        "     do not edit by hand (a test checks that this page is what the command prints). -->",
        "",
        "The laws of rubicon piquet of the Portland and Turf clubs (8th edition numbering), each",
        "in the project's own words, with how the adjudicator reads it, the options it gives (who",
        "may take each, and until which event of the deal), its effects as the court applies",
        "them, and the records of the casebook that show it.",
        "",
    ]
    sections: dict[str, list[str]] = {}
    for law in laws:
        sections.setdefault(law.heading.value, []).append(
            f"[{law.number}. {law.title}](#law-{law.number})"
        )
    out.extend(f"- **{name}**: " + "; ".join(links) for name, links in sections.items())
    out.append("")
    heading = None
    for law in laws:
        if law.heading is not heading:
            heading = law.heading
            out.extend([f"## {heading.value}", ""])
        out.extend(_law_markdown(law, root))
    return "\n".join(out)


def _law_markdown(law: Law, root: Path | None) -> list[str]:
    out = [f'<a id="law-{law.number}"></a>', f"### {law.number}. {law.title}", ""]
    out.extend([law.summary, "", f"*How the project reads it.* {law.interpretation}", ""])
    if law.readings:
        out.extend(["*The project's readings:* " + "; ".join(law.readings) + ".", ""])
    if law.choices:
        out.extend(["*Options:*", ""])
        out.extend(f"- `{o.split(' ', 1)[0]}` {o.split(' ', 1)[1]}" for o in _option_words(law))
        out.append("")
    if law.effects:
        out.extend(["*Effects:* " + "; ".join(e.value for e in law.effects) + ".", ""])
    if law.applied_by:
        out.extend([f"*Applied by the engine:* `{law.applied_by}`.", ""])
    if law.overrides:
        links = ", ".join(f"[law {n}](#law-{n})" for n in law.overrides)
        out.extend([f"*Overrides:* {links}.", ""])
    cases = law_cases(law, root)
    if root is not None and cases:
        names = [p.relative_to(root).as_posix() for p in cases]
        links = ", ".join(f"[{n.split('/')[-1]}]({MARKDOWN_CASES}/{n})" for n in names)
        out.extend([f"*Cases:* {links}.", ""])
    return out
