"""The laws of a code looked up, as a reader asks for them: by number, as a ruling cites one
("law 43"), or by word ("revoke" finds "revoking" and "revoked"); and listed under their
headings. Every function takes the code's laws as an argument: the lookup knows no game."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from laws.core.law import LawLike, citation

L = TypeVar("L", bound=LawLike)

WORD = re.compile(r"[^\W\d_]+")
"""A word of a title, summary or query: letters only (accented letters included)."""

SUFFIXES = ("ing", "ed", "es", "s", "e")
"""Endings taken off a word before words are compared ("revoking", "revokes", "revoke")."""


def stem(word: str) -> str:
    """``word`` in lower case without a common ending, so that "revoking", "revoked" and
    "revoke" compare equal (a stem keeps three letters: "king" stays "king")."""
    word = word.lower()
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if suffix in ("ing", "ed") and len(word) > 3 and word[-1] == word[-2]:
                word = word[:-1]  # "cutting" -> "cut"
            break
    return word


def stems(text: str) -> set[str]:
    """The stems of the words of ``text``."""
    return {stem(w) for w in WORD.findall(text)}


def by_number(laws: Sequence[L], number: int) -> L | None:
    """The law numbered ``number`` among ``laws``, if any."""
    return next((law for law in laws if law.number == number), None)


def cited_in(laws: Sequence[L], query: str) -> L | None:
    """The law ``query`` names as a ruling cites it, in any case ("law 43"; an added rule by
    its mark, with its name or not); ``None`` if it names none."""
    words = query.lower().split()
    if not words:
        return None
    for law in laws:
        cite = citation(law).lower().split()
        if words == cite or (len(words) <= 2 and words == cite[-len(words) :]):
            return law
    return None


def matching_in(laws: Sequence[L], query: str) -> tuple[L, ...]:
    """The laws whose title, summary or keywords speak of every word of ``query`` (a word
    matches the words it begins, after their endings are taken off: "deal" finds "dealer").
    A query with a figure in it is a mark, not words: it matches nothing here."""
    wanted = stems(query)
    if not wanted or any(ch.isdigit() for ch in query):
        return ()
    found = []
    for law in laws:
        words = stems(" ".join((law.title, law.summary, *law.keywords)))
        if all(any(w.startswith(q) for w in words) for q in wanted):
            found.append(law)
    return tuple(found)


def listing(laws: Sequence[LawLike], mark: dict[int, str] | None = None) -> str:
    """The laws' numbers and titles under their headings, one a line (``mark``: words after
    a law's title, by its number)."""
    out: list[str] = []
    heading: object = None
    for law in laws:
        if law.heading is not heading:
            heading = law.heading
            if out:
                out.append("")
            out.append(law.heading.value)
        after = (mark or {}).get(law.number, "")
        out.append(f"  {law.number:>2}. {law.title}{after}")
    return "\n".join(out) + "\n"
