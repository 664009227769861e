"""The Écarté notation's errors in words: its terminals named as a reader says them, and hints
for the common mistakes (a card misspelt, a keyword out of place, a line of the wrong form).
The error itself, with its position, is the generic
:class:`~adjudicator.notation.errors.NotationError`.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, cast

from adjudicator.notation.ecarte.grammar import choice_terminals
from adjudicator.notation.ecarte.lexer import CARD_CODES, KEYWORDS, SUIT_CODES, classify

if TYPE_CHECKING:
    from lark import Token, Tree, UnexpectedToken


# --------------------------------------------------------------------------------------------
#  Terminals in words
# --------------------------------------------------------------------------------------------

_TERMINAL_WORDS = {
    "CARD": "a card such as KH or ??",
    "EXPOSED_CARD": "an exposed card such as *KH",
    "ADVICE": "a word of advice (play, propose, accept, refuse)",
    "PLAYER": "a player A or B",
    "INT": "a number",
    "TRICK_NUMBER": "a trick number such as 1.",
    "PACKET_ORDER": "a packet order 2-3 or 3-2",
    "COLON": "':' after the player",
    "SUIT": "a suit S, H, D or C",
    "TAG_NAME": "a tag name",
    "STRING": 'a value in double quotes, such as "Mr. Anstey"',
    "LBRACKET": "'[' opening a tag",
    "RBRACKET": "']' closing the tag",
    "NL": "the end of the line",
    "$END": "the end of the record",
}
_KEYWORD_OF = {t: w for w, t in KEYWORDS.items()}
_CHOICES = choice_terminals()
"""The words of each terminal that is one of a few words (``ADVICE``: ``play``, ...)."""
_ORDER = list(_TERMINAL_WORDS)


def in_words(terminals: Iterable[str]) -> list[str]:
    """The terminals an LALR state accepts, said in words, most useful first."""
    names = set(terminals)
    out = [_TERMINAL_WORDS[t] for t in _ORDER if t in names]
    keywords = sorted(f"'{_KEYWORD_OF[t]}'" for t in names if t in _KEYWORD_OF)
    if len(keywords) > 9:
        keywords = [*keywords[:8], "another keyword"]
    return out + keywords


def looks_like_card(word: str) -> bool:
    """Whether ``word`` looks like an attempt at a card: two or three characters, a rank-like
    start or a suit-like end (``KX``, ``11H``, ``*QZ``)."""
    card = word.lower().lstrip("*")
    if not 2 <= len(card) <= 3:
        return False
    return card[-1] in SUIT_CODES or card[0] in "kqjat987" or card[:-1].isdigit()


def word_hint(word: str, expected: set[str], *, after_card: bool = False) -> str | None:
    """Advice for a word that is not what the notation allows here."""
    kind = classify(word)
    low = word.lower()
    card_expected = after_card or "CARD" in expected or "EXPOSED_CARD" in expected
    if kind == "WORD" and card_expected and looks_like_card(word):
        card = low.lstrip("*")
        rank, suit = card[:-1], card[-1]
        if suit not in SUIT_CODES:
            return (
                f"'{word}' is not a card: '{word[-1]}' is not a suit (suits are S H D C, or "
                "♠ ♥ ♦ ♣)"
            )
        if rank + "s" not in CARD_CODES:
            return (
                f"'{word}' is not a card: '{rank.upper()}' is not a rank "
                "(ranks are K Q J A T 9 8 7, and 10 may stand for T)"
            )
    if word[:1].isalpha() and kind not in expected:
        keywords = [_KEYWORD_OF[t] for t in expected if t in _KEYWORD_OF]
        keywords += [w for t in expected for w in _CHOICES.get(t, ())]
        near = difflib.get_close_matches(low, keywords, n=1, cutoff=0.6)
        if not near and kind == "WORD":
            near = difflib.get_close_matches(low, list(KEYWORDS), n=1, cutoff=0.75)
        if near and kind == "WORD":
            return f"unknown word '{word}': did you mean '{near[0]}'?"
        if near:
            return f"'{word}' does not fit here: did you mean '{near[0]}'?"
    if word == "}":
        return "a '}' closes a brace comment, but no '{' opened one"
    if not word.isascii() and any(c.isnumeric() for c in word.rstrip(".")):
        return f"'{word}' is not a number of the notation: numbers are written in the digits 0-9"
    if "STRING" in expected:
        return 'a tag is a name and a value in double quotes: [Event "Portland Club"]'
    if "TAG_NAME" in expected:
        return 'a tag is a name and a value in double quotes: [Event "Portland Club"]'
    return None


# --------------------------------------------------------------------------------------------
#  Common mistakes, recognised by the parser state they leave it in (Lark's match_examples)
# --------------------------------------------------------------------------------------------

MISTAKES: dict[str, list[str]] = {
    "a trick names each player before his card: '1. B KH A 7H'": [
        "1. KH A 7H",
        "1. B KH 7H",
        "2. A QS 7S",
        "1. B",
        "1. B KH A",
    ],
    "a packet has a colon after the player: 'B: KH QH 9S'": [
        "B KH QH 9S",
        "A 3",
        "B ?? ??",
    ],
    "a deal begins with its number and the dealer: 'deal 3 A'": [
        "deal A",
        "deal 3",
        "deal 3 A B",
    ],
    "the cut for deal names each player before his card: 'cut A JS B AH'": [
        "cut JS B AH",
        "cut A JS AH",
    ],
    "a mark gives the points and then the reason: 'A marks 2 vole'": [
        "A marks vole 2",
        "A marks king 1",
    ],
    "a score names each player before his points: 'score A 3 B 2'": [
        "score 3 2",
        "score A 3 2",
        "score A B",
    ],
    "advice names the adviser, the player advised and a colon, then the advice: "
    "'C advises B: KH' or 'C advises B: play'": [
        "C advises KH",
        "C advises B KH",
        "C advises B play",
        "C advises B 9D 8H",
    ],
    'a tag is a name and a value in double quotes: [Event "Portland Club"]': [
        '[Event Portland Club"]',
        "[Event]",
        '["Event" "x"]',
    ],
}

_CONTEXTS = (
    "{}",
    '[Event "x"]\n{}',
    "deal 1 A\n{}",
    '[Event "x"]\ndeal 1 A\n{}',
    "deal 1 A\nturn KS\n{}",
    '[Event "x"]\ndeal 1 A\nturn KS\n{}',
    "deal 1 A\ndeal 2 B\n{}",
    '[Event "x"]\ndeal 1 A\ndeal 2 B\n{}',
    "deal 1 A\nturn KS\ndeal 2 B\nturn KS\n{}",
    '[Event "x"]\ndeal 1 A\nturn KS\ndeal 2 B\nturn KS\n{}',
    "cut A JS B AH\n{}",
    '[Event "x"]\ncut A JS B AH\n{}',
)


def mistake_examples() -> dict[str, list[str]]:
    """Each mistake's examples, placed in every kind of context a line can stand in (the
    parser's state depends on what came before: tags, an opening, earlier deals and events)."""
    return {
        label: [ctx.format(example) + "\n" for example in examples for ctx in _CONTEXTS]
        for label, examples in MISTAKES.items()
    }


_BY_TOKEN_TYPE: dict[str, dict[str, list[str]]] = {}


def _examples_failing_on(token_type: str, parse: Callable[[str], object]) -> dict[str, list[str]]:
    """The examples whose error comes at a token of ``token_type`` (computed once per type)."""
    if not _BY_TOKEN_TYPE:
        for label, texts in mistake_examples().items():
            for text in texts:
                try:
                    parse(text)
                except Exception as e:  # an UnexpectedToken, normally
                    kind = getattr(getattr(e, "token", None), "type", "")
                    _BY_TOKEN_TYPE.setdefault(kind, {}).setdefault(label, []).append(text)
    return _BY_TOKEN_TYPE.get(token_type, {})


def match_mistake(error: UnexpectedToken, parse: Callable[[str], object]) -> str | None:
    """The hint for the common mistake that leaves the parser where ``error`` did, at the same
    kind of token, if any (Lark's ``match_examples`` over the examples of that token type).

    ``parse`` is called only for the error it raises: what it returns is not looked at.

    The answer depends only on the token's type and the parser's state as Lark compares states
    (the depth of its stack and the state on top: the tokens are never the examples' own), so
    it is remembered for each of those (a record with many errors asks often)."""
    state = error.state
    stack = getattr(state, "state_stack", None)
    key = (error.token.type, len(stack), stack[-1]) if stack else None
    if key is not None and key in _MATCHED:
        return _MATCHED[key]
    examples = _examples_failing_on(error.token.type, parse)
    if not examples:
        return None
    # Lark annotates ``parse_fn`` as returning its parse tree, but only calls it for its error.
    parse_fn = cast("Callable[[str], Tree[Token]]", parse)
    try:
        label = error.match_examples(parse_fn, examples, use_accepts=False)
    except Exception:  # pragma: no cover - a hint is a courtesy, never a second failure
        return None
    if key is not None:
        _MATCHED[key] = label
    return label


_MATCHED: dict[tuple[str, int, object], str | None] = {}
"""The hint :func:`match_mistake` found for each token type and parser state (a few hundred
at most: the grammar's states times the terminals)."""
