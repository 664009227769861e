"""Where the grammar of the notation is, and what its keywords are.

``grammar/ecarte.lark`` is the notation's definition; it ships inside the installed package
(as ``adjudicator/grammar/ecarte.lark``). The line lexer takes its keywords from it, so that
a keyword added to the grammar is a keyword of the reader at once.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from pathlib import Path


def grammar_path() -> Path:
    """Where ``ecarte.lark`` is: inside the installed package, or at the top of a checkout."""
    packaged = resources.files("adjudicator").joinpath("grammar/ecarte.lark")
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "grammar" / "ecarte.lark"


@functools.cache
def grammar_text() -> str:
    """The text of the grammar."""
    return grammar_path().read_text(encoding="utf-8")


_KEYWORD = re.compile(r'^([A-Z][A-Z_]*):\s*"([a-z]+)"i\s*$', re.M)


def keyword_terminals() -> dict[str, str]:
    """Each keyword of the grammar (lower case) and the name of its terminal."""
    return {word: name for name, word in _KEYWORD.findall(grammar_text())}


_CHOICE = re.compile(r"^([A-Z][A-Z_]*):\s*/\(\?:([a-z]+(?:\|[a-z]+)+)\)/i\s*$", re.M)


def choice_terminals() -> dict[str, tuple[str, ...]]:
    """Each terminal of the grammar that is one of a few words (``ADVICE``: ``play``,
    ``propose``, ...), and its words (lower case). Such a terminal is no keyword: the lexer
    reads its words so only where the grammar has it (see ``tokens_of_words``)."""
    return {name: tuple(words.split("|")) for name, words in _CHOICE.findall(grammar_text())}
