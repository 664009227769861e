"""Which game a file is a record of, for the commands that serve both games.

A file named on the command line is told by its name, whichever command reads it: ``.ptn``
(the Piquet Transcript Notation) is piquet, anything else écarté (``.etn``); so ``ecarte rule
x.ptn`` rules a piquet record as ``adjudicator rule x.ptn`` does, and the commands of one game
alone (``solve``, ``advise``) refuse it with a word. A folder is searched for the record files
of the games the command serves: ``.etn`` for ``ecarte``, both for ``adjudicator``. Standard
input is read as écarté. A record typed in ``serve``'s page has no name: it is piquet when its
tags say so (:func:`game_of_text`).
"""

from __future__ import annotations

import re
from typing import Literal

Game = Literal["ecarte", "piquet"]
"""A game the adjudicator rules on."""

SUFFIXES: dict[Game, str] = {"ecarte": ".etn", "piquet": ".ptn"}
"""The file name ending of each game's records."""

_served: list[Game] = ["ecarte"]
"""The games the running command serves (set once by its entry point)."""


def serve(*games: Game) -> None:
    """Say which games the running command serves."""
    _served[:] = list(games)


def served() -> tuple[Game, ...]:
    """The games the running command serves."""
    return tuple(_served)


def suffixes() -> tuple[str, ...]:
    """The file name endings a folder is searched for."""
    return tuple(SUFFIXES[g] for g in _served)


def game_of(name: str) -> Game:
    """The game of the file called ``name``, by its ending."""
    if name.lower().endswith(SUFFIXES["piquet"]):
        return "piquet"
    return "ecarte"


_PIQUET_TAG = re.compile(r'^\ufeff?[ \t]*\[[ \t]*game[ \t]+"piquet"[ \t]*\]', re.I | re.M)
"""A ``[Game "piquet"]`` tag at the start of a line."""


def game_of_text(text: str) -> Game:
    """The game of a record typed or pasted in ``serve``'s page, which has no file name:
    piquet if a tag says ``[Game "piquet"]`` (an écarté record's Game tag is a number, so no
    écarté record that can be read has it), else écarté."""
    return "piquet" if _PIQUET_TAG.search(text) else "ecarte"
