"""The Piquet notation's errors in words: its terminals as a reader says them, and hints for the
common mistakes (a card misspelt, a name of a sequence or a rank misspelt, a number in other
digits)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from adjudicator.notation.numbers import number_problem
from adjudicator.notation.piquet.grammar import keywords, word_terminals

_TERMINAL_WORDS = {
    "CARD": "a card such as KH or ??",
    "PLAYER": "a player A or B",
    "COLON": "':' after the player",
    "INT": "a number",
    "TRICK_NUMBER": "a trick number such as 1.",
    "QMARK": "'?'",
    "SEQUENCE": "a sequence's name (tierce, quart, quint, sixième, septième, huitième)",
    "RANK_NAME": "a rank's name (ace, king, queen, knave, ten, nine, eight, seven)",
    "RANKS": "a rank's name in the plural (aces, kings, queens, knaves, tens, ...)",
    "SUIT_NAME": "a suit's name (spades, hearts, diamonds, clubs)",
    "NUMBER_WORD": "a number in words (one to twelve)",
    "QUATORZE": "'quatorze'",
    "COUNT_VERB": "'count'",
    "PACKETS": "'twos' or 'threes'",
    "STRING": "a remark in double quotes",
    "$END": "the end of the line",
    "_NL": "the end of the line",
}
_ORDER = list(_TERMINAL_WORDS)

RANK_LETTERS = "akqjt987"
SUIT_LETTERS = "shdc♠♥♦♣"


def in_words(terminals: Iterable[str]) -> list[str]:
    """The terminals a place in a line accepts, said in words, the most useful first."""
    names = set(terminals)
    out = list(dict.fromkeys(_TERMINAL_WORDS[t] for t in _ORDER if t in names))
    words = word_terminals()
    keyed = sorted(f"'{words[t][0]}'" for t in names if t in words and t not in _TERMINAL_WORDS)
    if len(keyed) > 12:
        keyed = [*keyed[:11], "another keyword"]
    return out + keyed


def looks_like_card(word: str) -> bool:
    """Whether ``word`` looks like an attempt at a card: two or three characters with a rank
    or a suit where a card has them (``KX``, ``1H``, ``11S``)."""
    low = word.lower()
    if not 2 <= len(low) <= 3 or (low.isalpha() and len(low) == 3):
        return False
    return low[0] in RANK_LETTERS or low[0].isdigit() or low[-1] in SUIT_LETTERS


def word_hint(word: str, expected: Iterable[str] = ()) -> str | None:
    """Advice for a word the notation does not know, if it looks like a common mistake: the
    nearest words of those ``expected`` there (terminal names), else of the notation."""
    low = word.lower().rstrip("?:")
    if not low:
        return None
    if any(ch.isdigit() for ch in low) and all(ch.isdigit() or ch.isnumeric() for ch in low):
        return number_problem(low)
    if looks_like_card(low):
        return (
            "a card is its rank (A K Q J T 9 8 7, or 10 for T) then its suit (S H D C): "
            "AS, 10H, 7C; ?? for a card nobody recorded"
        )
    words = word_terminals()
    here = [w for t in expected if t in words for w in words[t]]
    for candidates in (here, list(keywords())):
        close = difflib.get_close_matches(low, candidates, n=3, cutoff=0.6)
        if close:
            return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
    return None
