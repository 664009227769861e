"""Where the grammar of the Piquet Transcript Notation is, and what its words are.

``grammar/piquet.lark`` is the notation's definition; an installed package carries a copy as
``adjudicator/grammar/piquet.lark``. The words of its terminals are read from it here, so that
the reader's hints and the tests of the documentation follow the grammar.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from pathlib import Path

GRAMMAR_FILE = "piquet.lark"


def grammar_path() -> Path:
    """Where ``piquet.lark`` is: inside the installed package, or at the top of a checkout."""
    packaged = resources.files("adjudicator").joinpath(f"grammar/{GRAMMAR_FILE}")
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "grammar" / GRAMMAR_FILE


@functools.cache
def grammar_text() -> str:
    """The text of the grammar."""
    return grammar_path().read_text(encoding="utf-8")


_WORDS = re.compile(r"^([A-Z][A-Z_]*)(?:\.\d+)?:\s*/(?:\(\?:)?([^\s/()\\]+)\)?\\b/i\s*$", re.M)


@functools.cache
def word_terminals() -> dict[str, tuple[str, ...]]:
    """Each terminal of the grammar that is a word or one of a few words (``DEAL``: ``deal``;
    ``SEQUENCE``: ``tierce``, ``quart``, ...), with its words in the order written (the first
    is the canonical spelling)."""
    return {name: tuple(words.split("|")) for name, words in _WORDS.findall(grammar_text())}


def keywords() -> dict[str, str]:
    """Every word of the notation (lower case) and the terminal it belongs to."""
    return {word: name for name, words in word_terminals().items() for word in words}
