"""The laws for a reader: ``ecarte laws`` as text, JSON or Markdown, the laws looked up by
number or by word, and the casebook that shows each.

The casebook (``cases/`` at the top of a checkout) ships inside the installed package as
``adjudicator/cases``, so that a law's cases are listed whatever folder the command runs in.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from adjudicator.court.api import cited_in, listing, matching_in
from adjudicator.court.api import stem as stem
from adjudicator.court.ecarte.api import (
    EVERY,
    FIRST_RULE,
    LAWS,
    PROFILES,
    Law,
    Profile,
    Remedy,
    citation,
)
from adjudicator.shell import casebooks
from adjudicator.shell.readings import SOURCES, for_developers, for_members, labelled
from adjudicator.shell.templating import capital


def casebook_root() -> Path | None:
    """Where the casebook is (:func:`~adjudicator.shell.casebooks.casebook_root`)."""
    return casebooks.casebook_root("ecarte")


def law_cases(law: Law, root: Path | None) -> list[Path]:
    """The records of the casebook that show ``law`` (its folders ``law-NN-*``), sorted."""
    return casebooks.law_cases(law.number, root, ".etn")


def cited(query: str) -> Law | None:
    """The law or rule ``query`` names as a ruling cites it, in any case: a profile's rule by
    its mark ("P1", "p1"), with its name or not ("rule P1", "pool rule P1"), or a law as
    "law 43"; ``None`` if it names none (:func:`laws.core.lookup.cited_in`)."""
    return cited_in(EVERY, query)


def matching(query: str) -> tuple[Law, ...]:
    """The laws and the profiles' rules whose title, summary or keywords speak of every word
    of ``query`` (:func:`laws.core.lookup.matching_in`)."""
    return matching_in(EVERY, query)


# --------------------------------------------------------------------------------------------
#  Text
# --------------------------------------------------------------------------------------------


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, width=96, initial_indent=indent, subsequent_indent=indent) or [
        indent
    ]


def _looks_at(law: Law) -> str:
    """What a law's finder looks at, in words (``Law.looks_at``)."""
    kinds = law.looks_at
    if not isinstance(kinds, frozenset):
        return "every deal that is not quiet"
    if not kinds:
        return "nothing (a law that defines; the scoring and the engine apply it)"
    return ", ".join(sorted(kinds))


def _shown(root: Path) -> str:
    """The casebook's folder as a reader would type it: relative to the working folder when it
    is inside it, else in full."""
    try:
        return str(root.relative_to(Path.cwd()))
    except ValueError:
        return str(root)


def render_list(laws: Sequence[Law] = LAWS) -> str:
    """The laws' numbers and titles, under their headings (a profile's rule with its
    citation)."""
    marks = {law.number: f" ({citation(law)})" for law in laws if law.number >= FIRST_RULE}
    return listing(laws, marks)


def _on_table(remedy: Remedy | None) -> str:
    """What an option's remedy does to the cards on the table, as words after the option."""
    return f"; on the table: {remedy.words()}" if remedy is not None else ""


def render_law(law: Law, root: Path | None, *, sources: bool = False) -> str:
    """One law: its summary, how the project reads it (in words a member follows:
    :func:`for_members`), its options, and the cases of the casebook that show it; with
    ``sources``, the reading as the project keeps it too (source ids, sections of the
    reference, names from the code) and what its finder looks at."""
    name = f"Law {law.number}" if law.number < FIRST_RULE else capital(f"{citation(law)}")
    number = f" ({law.number})" if law.number >= FIRST_RULE else ""
    out = [f"{name}{number}: {law.title}  [{law.heading.value}]", ""]
    out.extend(_wrap(law.summary, ""))
    out.append("")
    out.append("How the project reads it:")
    out.extend(_wrap(for_members(law.interpretation), "  "))
    if law.readings:
        out.append("")
        out.append("Labelled in a ruling as the project's reading:")
        out.extend(line for said in labelled(law) for line in _wrap(f"- {said}", "  "))
    if law.options:
        out.append("")
        out.append("Options:")
        for o in law.options:
            claims = ", ".join(o.claims) or "-"
            text = f"- {o.name} ({o.who.value}, {o.window.value}): {o.effect}"
            out.extend(_wrap(f"{text} (claims: {claims}){_on_table(o.remedy)}", "  "))
    if law.default:
        out.append("")
        out.extend(_wrap(f"If no option is taken: {law.default}", ""))
    if law.remedy is not None:
        out.append("")
        out.extend(_wrap(f"On the table, its options declined: {law.remedy.words()}", ""))
    if law.overrides:
        out.append("")
        out.append("Overrides: " + ", ".join(f"law {n}" for n in law.overrides))
    if law.keywords:
        out.append("")
        out.append("Also found by: " + ", ".join(law.keywords))
    if sources:
        out.extend(["", "Sources and the code (for the project's developers):"])
        out.extend(_wrap(for_developers(law.interpretation), "  "))
        out.append("")
        out.extend(_wrap(f"Looks at: {_looks_at(law)}", ""))
    cases = law_cases(law, root)
    if root is not None and cases:
        out.append("")
        out.append(f"Cases (in {_shown(root)}):")
        out.extend(f"  {p.relative_to(root).as_posix()}" for p in cases)
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------
#  JSON and Markdown
# --------------------------------------------------------------------------------------------


def law_json(law: Law, root: Path | None) -> dict[str, Any]:
    """One law as JSON: what ``render_law`` shows, as data; cases relative to the casebook."""
    kinds = law.looks_at
    return {
        "number": law.number,
        "cite": citation(law),
        "heading": law.heading.value,
        "title": law.title,
        "summary": law.summary,
        "reading": for_members(law.interpretation),
        "labelled": labelled(law),
        "interpretation": for_developers(law.interpretation),
        "keywords": list(law.keywords),
        "options": [
            {
                "name": o.name,
                "who": o.who.value,
                "window": o.window.value,
                "claims": list(o.claims),
                "effect": o.effect,
                "outcome": o.outcome.value,
                "remedy": o.remedy.words() if o.remedy is not None else None,
            }
            for o in law.options
        ],
        "default": law.default,
        "remedy": law.remedy.words() if law.remedy is not None else None,
        "overrides": list(law.overrides),
        "looks_at": sorted(kinds) if isinstance(kinds, frozenset) else "always",
        "cases": [p.relative_to(root).as_posix() for p in law_cases(law, root)]
        if root is not None
        else [],
    }


def laws_json(laws: Sequence[Law], root: Path | None) -> dict[str, Any]:
    """The document of ``ecarte laws --format json``: the casebook's folder and the laws."""
    return {
        "casebook": str(root) if root is not None else None,
        "laws": [law_json(law, root) for law in laws],
    }


MARKDOWN_CASES = "../cases/ecarte"
"""Where ``docs/laws.md`` links the casebook to (the ``docs`` folder is beside ``cases``)."""


def _anchor(law: Law) -> str:
    return f"law-{law.number}"


def render_markdown(laws: Sequence[Law], root: Path | None) -> str:
    """The laws as one Markdown page (``docs/laws.md``): a contents by heading, then each law
    with its summary, reading, options and the cases that show it, linked."""
    out = [
        "# The 51 laws",
        "",
        "<!-- Generated by `ecarte laws --format md > docs/laws.md`; do not edit by hand (a",
        "     test checks that this page is what the command prints). -->",
        "",
        "The laws of écarté of the London clubs (Turf and Portland, 1878, as published by",
        '"Cavendish" in 1886), each in the project\'s own words, with how the adjudicator reads',
        "it where the text is open and the records of the casebook that show it.",
        "",
    ]
    by_heading: dict[str, list[str]] = {}
    for law in laws:
        link = f"[{law.number}. {law.title}](#{_anchor(law)})"
        by_heading.setdefault(law.heading.value, []).append(link)
    out.extend(f"- **{heading}**: " + "; ".join(links) for heading, links in by_heading.items())
    out.append("")
    heading = None
    for law in laws:
        if law.heading is not heading:
            heading = law.heading
            out.extend([f"## {heading.value}", ""])
        out.append(f'<a id="{_anchor(law)}"></a>')
        out.extend([f"### {law.number}. {law.title}", ""])
        out.extend([law.summary, ""])
        out.extend([f"*How the project reads it.* {for_members(law.interpretation)}", ""])
        if law.readings:
            said = "; ".join(labelled(law))
            out.extend([f"*Labelled in a ruling as the project's reading:* {said}.", ""])
        if law.options:
            out.append("*Options:*")
            out.append("")
            for o in law.options:
                claims = ", ".join(f"`{c}`" for c in o.claims) or "none"
                out.append(
                    f"- `{o.name}` ({o.who.value}, {o.window.value}): {o.effect} (claims: {claims})"
                    + _on_table(o.remedy)
                )
            out.append("")
        if law.default:
            out.extend([f"*If no option is taken:* {law.default}", ""])
        if law.remedy is not None:
            out.extend([f"*On the table, its options declined:* {law.remedy.words()}", ""])
        if law.overrides:
            links = ", ".join(f"[law {n}](#law-{n})" for n in law.overrides)
            out.extend([f"*Overrides:* {links}.", ""])
        if law.keywords:
            out.extend(["*Also found by:* " + ", ".join(law.keywords), ""])
        cases = law_cases(law, root)
        out.extend(_case_links(cases, root))
    if any(law.number >= FIRST_RULE for law in laws):
        out.extend(_profiles_markdown(root))
    out.extend(_sources_markdown(laws))
    return "\n".join(out)


def _sources_markdown(laws: Sequence[Law]) -> list[str]:
    """The section "Sources" of ``docs/laws.md``, for the project's developers: each law's
    reading as the project keeps it (its sources by id, the sections of the project's
    reference, the names from the code) and what its finder looks at."""
    out = [
        "## Sources",
        "",
        "For the project's developers: each reading as the code states it (`ecarte laws N",
        "--sources` prints the same). The sources are cited by their ids: "
        + "; ".join(f"{key} {words}" for key, words in SOURCES.items())
        + ". A section such as §6.10 is an item of the reference's list of ambiguities, where",
        "the project made a reading the laws leave open.",
        "",
    ]
    for law in laws:
        out.extend([f"**{capital(citation(law))}.** {for_developers(law.interpretation)}", ""])
        out.extend([f"*Looks at:* {_looks_at(law)}.", ""])
    return out


def _case_links(cases: list[Path], root: Path | None) -> list[str]:
    """The ``*Cases:*`` paragraph of ``docs/laws.md`` linking ``cases`` (none if empty)."""
    if root is None or not cases:
        return []
    names = [p.relative_to(root).as_posix() for p in cases]
    links = ", ".join(f"[{n.split('/')[-1]}]({MARKDOWN_CASES}/{n})" for n in names)
    return [f"*Cases:* {links}.", ""]


def profile_cases(profile: Profile, root: Path | None) -> list[Path]:
    """The records of the casebook's folder for ``profile`` (``profile-NAME``), sorted."""
    if root is None or not root.is_dir():
        return []
    return sorted((root / f"profile-{profile.name}").glob("*.etn"))


def _profiles_markdown(root: Path | None) -> list[str]:
    """The section of ``docs/laws.md`` on the rule profiles: each with what it changes, its
    rules and its cases."""
    out = [
        "## The rule profiles",
        "",
        "Ways of playing besides the club code, chosen by a record's `Rules` tag or `--rules`;",
        "[profiles.md](profiles.md) states each in full.",
        "",
    ]
    for profile in PROFILES.values():
        if not profile.departures():
            continue  # the club code
        out.extend([f"### {profile.name}: {profile.title}", "", profile.changes, ""])
        rules = profile_rules(profile)
        if rules:
            links = ", ".join(f"[{citation(law)}](#{_anchor(law)})" for law in rules)
            out.extend([f"*Rules:* {links}.", ""])
        cases = profile_cases(profile, root)
        out.extend(_case_links(cases, root))
    return out


def profile_rules(profile: Profile) -> list[Law]:
    """The rules ``profile`` adds (``laws.ecarte.profiles.rules_of``), in number order."""
    from adjudicator.court.ecarte.api import rules_of

    return rules_of(profile)


def profile_data(profile: Profile) -> dict[str, Any]:
    """A profile as data (``ecarte rules --format json``)."""
    return {
        "name": profile.name,
        "title": profile.title,
        "changes": profile.changes,
        "source": profile.source,
        "changes_in": list(profile.departures()),
        "rules": [
            {"number": law.number, "cite": citation(law), "title": law.title}
            for law in profile_rules(profile)
        ],
    }


def render_profile(profile: Profile, *, full: bool) -> str:
    """A profile in words: its name and title; with ``full``, what it changes, its source,
    and its rules' summaries."""
    head = f"{profile.name}: {profile.title}\n"
    if not full:
        return head
    out = [head]
    out.extend(f"{line}\n" for line in _wrap(f"Changes: {profile.changes}", "  "))
    out.extend(f"{line}\n" for line in _wrap(f"Source: {profile.source}", "  "))
    for law in profile_rules(profile):
        out.extend(
            f"{line}\n" for line in _wrap(f"{citation(law)} ({law.title}): {law.summary}", "  ")
        )
    return "".join(out)
