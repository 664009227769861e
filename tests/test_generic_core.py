"""The generic core knows no game: no word that belongs to one game's table appears in it, and
it imports no game's package (import-linter holds the imports too; this test reads the text, so
that a game's vocabulary cannot creep into comments, names or messages either)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GENERIC = [
    ROOT / "adjudicator" / "notation" / name
    for name in ("cards.py", "numbers.py", "errors.py", "nodes.py", "lines.py")
] + sorted((ROOT / "laws" / "core").glob("*.py"))
"""The modules of the generic core: what every game's notation, engine and court stand on, and
the laws' core (the shape of a law, its lookup), which every game's laws stand on."""

GAME_WORDS = [
    # écarté's
    "écarté",
    "ecarte",
    "turn-up",
    "turned up",
    "vole",
    "propos",
    "trump",
    "the king",
    # piquet's
    "piquet",
    "repique",
    "pique",
    "carte blanche",
    "rubicon",
    "quatorze",
    "tierce",
    "quint",
    "partie",
    "capot",
    "elder",
    "younger",
]
"""Words that belong to one game (a prefix is enough: "propos" is proposal and proposing)."""


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: p.name)
def test_the_generic_core_has_no_game_word(path: Path) -> None:
    text = path.read_text(encoding="utf-8").lower()
    found = [w for w in GAME_WORDS if re.search(rf"\b{re.escape(w)}", text)]
    assert not found, f"{path.relative_to(ROOT)} speaks of {found}"


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: p.name)
def test_the_generic_core_imports_no_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"^\s*(from|import) (adjudicator|laws)\.\S*(ecarte|piquet)", text, re.M)


def test_the_check_finds_a_game_word() -> None:
    """The word list catches what it should (the test above cannot pass by matching nothing)."""
    sample = "the elder hand calls a quint; the turn-up fixes trumps"
    assert [w for w in GAME_WORDS if re.search(rf"\b{re.escape(w)}", sample)] == [
        "turn-up",
        "trump",
        "quint",
        "elder",
    ]
