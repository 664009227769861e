"""The reader's fast path (``adjudicator/notation/piquet/fast.py``) reads a line into exactly
the model the grammar's parser and builder make of it, or leaves the line to the grammar: on
every line of the casebook, of the documentation, of the test data and of a few hundred
generated parties, and on those lines spoilt in many small ways (a word dropped, doubled,
swapped or changed, a question mark or a letter added, the case and the spaces changed)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from adjudicator.engine.piquet.generate import generate_text
from adjudicator.notation.errors import NotationError
from adjudicator.notation.piquet.fast import fast_line
from adjudicator.notation.piquet.reader import grammar_line, parse_line, read_one

ROOT = Path(__file__).resolve().parents[2]
GENERATED = 300
_COMMENT = re.compile(r";.*|\{[^}]*\}?")


def _codes(text: str) -> set[str]:
    """Each line of ``text``, as written and with its comments blanked out."""
    found: set[str] = set()
    for line in text.splitlines():
        found.add(line)
        found.add(_COMMENT.sub(" ", line))
    return found


def _written_lines() -> list[str]:
    codes: set[str] = set()
    for folder, pattern in (
        ("cases/piquet", "*.ptn"),
        ("docs", "*.md"),
        ("docs", "*.ptn"),
        ("tests/piquet/data", "*"),
        ("grammar", "piquet.lark"),
    ):
        for path in sorted((ROOT / folder).rglob(pattern)):
            if path.is_file():
                codes |= _codes(path.read_text(encoding="utf-8", errors="replace"))
    return sorted(codes)


def _generated_lines(seeds: Iterable[int]) -> list[str]:
    codes: set[str] = set()
    for seed in seeds:
        codes |= _codes(generate_text(seed))
    return sorted(codes)


def _disagreements(codes: Iterable[str]) -> list[tuple[str, str, str]]:
    """The lines the fast path reads otherwise than the grammar: (line, fast, grammar)."""
    found = []
    for code in codes:
        fast = fast_line(code)
        if fast is not None and repr(fast) != repr(grammar_line(code)):
            found.append((code, repr(fast), repr(grammar_line(code))))
    return found


def test_the_fast_path_reads_the_written_lines_as_the_grammar_does() -> None:
    codes = _written_lines()
    assert len(codes) > 2_000
    assert _disagreements(codes) == []


def test_the_fast_path_reads_generated_parties_as_the_grammar_does() -> None:
    codes = _generated_lines(range(GENERATED))
    assert _disagreements(codes) == []


def test_the_fast_path_reads_nearly_every_line_of_a_generated_partie() -> None:
    """What makes it fast: only the rare forms (and spellings with accents) go to the grammar."""
    codes = [c for c in _generated_lines(range(40)) if c.strip() and not c.startswith("[")]
    read = [c for c in codes if fast_line(c) is not None]
    assert len(read) >= 0.97 * len(codes), sorted(set(codes) - set(read))[:20]


_NOISE = ["?", ":", "A", "b", "a:", "the", "cards", "7", "10", "10h", "0", "1234567890",
          "kings", "of", "in", "clubs", "good", "not", "point", "making", "by", "??", "A:",
          "s", "to", "with", "pack", "corrected", "rubicon", "K♥", "sixième"]  # fmt: skip


def _spoilt(code: str, rng: random.Random) -> str:
    """``code`` with one small change."""
    words = code.split()
    kind = rng.randrange(8)
    if kind == 7 or not words:
        mixed = "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in code)
        return mixed.replace(" ", rng.choice(["\t", "  ", " \f", "\v", "\u00a0"]))
    i = rng.randrange(len(words))
    if kind == 0:
        del words[i]
    elif kind == 1:
        words.insert(i, words[i])
    elif kind == 2 and i + 1 < len(words):
        words[i], words[i + 1] = words[i + 1], words[i]
    elif kind == 3:
        words[-1] += "?"
    elif kind == 4:
        words.insert(i, rng.choice(_NOISE))
    elif kind == 5:
        words[i] = rng.choice(_NOISE)
    else:
        words[i] += rng.choice(["?", "s", ".", ":", "0", "'"])
    return " ".join(words)


@pytest.mark.parametrize("seed", range(4))
def test_the_fast_path_reads_spoilt_lines_as_the_grammar_does_or_not_at_all(seed: int) -> None:
    rng = random.Random(seed)
    lines = _generated_lines(range(seed * 25, seed * 25 + 25)) + _written_lines()[::7]
    spoilt = {_spoilt(_spoilt(c, rng) if rng.random() < 0.3 else c, rng) for c in lines * 2}
    assert sum(fast_line(c) is not None for c in spoilt) > 1_000  # the test reaches the path
    assert _disagreements(sorted(spoilt)) == []


@pytest.mark.parametrize(
    "code",
    [
        "A: point 5 making 49?",  # a number must stand alone: no mark against it
        "A: 7S?",
        "A: good?",
        "B takes 33",  # more unknown cards than the pack
        "A: 1234567890",  # more digits than a number of the notation has
        "A: 0 kings",  # a set of no cards
        "A: tierce to the K",
        "B: K♥ Q♥",  # the suits' symbols are read by the grammar
        "B: sixième",
        "A\u00a0holds 12",
    ],
)
def test_a_line_the_fast_path_is_not_sure_of_goes_to_the_grammar(code: str) -> None:
    assert fast_line(code) is None
    assert repr(parse_line(code)) == repr(grammar_line(code))


def test_an_error_is_the_grammars_with_its_place() -> None:
    code = "A: point 5 making 49?"
    fault = grammar_line(code)
    text = f'[Game "piquet"]\n\ndeal 1 A\n  {code}\n'
    with pytest.raises(NotationError) as error:
        read_one(text, path="x.ptn")
    assert (error.value.path, error.value.line) == ("x.ptn", 4)
    assert error.value.column == fault.column + 2  # the line is indented by two spaces
    assert fault.message in str(error.value)
