"""Words a referee may write that the notation lacks, and the lines that say the same.

The notation records facts and leaves the irregularities to the adjudicator: it has no
``revoke`` or ``misdeal``, and a player's claim is written with the option the law gives him
(``B claims replay``, not ``B claims revoke``). A record that uses such a word where a claim or
an event should stand is refused; the refusal's hint comes from this table, naming the line
that says it and the laws that read it (or, for a line of a rule profile, the profile's rule:
see ``docs/profiles.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Gloss:
    """A word (or two) the notation lacks, and what to write instead.

    The hints may name the player of the line as ``{p}`` and his adversary as ``{q}``."""

    forms: frozenset[str]
    """The word's forms, lower case; a form of two words is matched as the two in a row."""
    claimed: str | None
    """The hint where a claim was expected (after ``claims``), if the word can be meant so."""
    written: str | None
    """The hint where an event was expected (at the start of a line, or after its player)."""


def _forms(*words: str) -> frozenset[str]:
    return frozenset(words)


GLOSSARY: tuple[Gloss, ...] = (
    Gloss(
        _forms("revoke", "revokes", "revoked", "renounce", "renounces", "renounced", "renege"),
        claimed="a revoke is claimed as '{p} claims replay' (law 43), or found from the play "
        "as written",
        written="a revoke is not written: write the cards as they were played ('1. B KH A 7H') "
        "and the adjudicator finds it (law 43); the adversary's claim is '{q} claims replay'",
    ),
    Gloss(
        _forms("misdeal", "misdeals", "misdealt", "misdealing"),
        claimed="a misdeal is claimed as '{p} claims new deal', or '{p} claims rectify' before "
        "the turn-up (laws 9-21)",
        written="a misdeal is not written: write the packets as they were dealt ('B: KH QH 9S') "
        "and the adjudicator finds it (laws 8-21); the adversary's claim is "
        "'{q} claims new deal'",
    ),
    Gloss(
        _forms("fresh", "fresh deal", "redeal", "void", "deal"),
        claimed="a fresh deal is claimed as '{p} claims new deal' (laws 9-21, 29-33)",
        written=None,
    ),
    Gloss(
        _forms("exposed", "expose", "exposes", "exposure", "faced"),
        claimed="cards exposed in giving the exchange are taken or refused: '{p} claims take' "
        "or '{p} claims refuse' (laws 36, 37); a card of his exposed in the deal: "
        "'{p} claims new deal' (law 13)",
        written="an exposed card is written where it was seen: a '*' before it in its packet "
        "('B: KH *QH 9S', laws 13, 36), 'shuffle A exposed' (law 2), "
        "'cut B 12 exposed 9H' (law 7), or 'faced 9C' (laws 12, 35)",
    ),
    Gloss(
        _forms("new cards", "new packs", "new pack", "cards", "packs", "fresh cards"),
        claimed="new cards are called for, not claimed: '{p} calls new cards' (law 44)",
        written=None,
    ),
    Gloss(
        _forms("king", "the king"),
        claimed="the notation has no claim of the king: write what {p} did, '{p} announces "
        "king' (laws 23-25) or '{p} marks king' (laws 22, 47); if he did neither, keep his "
        "words in a comment ('; {p} says the king is his')",
        written=None,
    ),
    Gloss(
        _forms("point", "points", "vole", "penalty", "the point", "the vole"),
        claimed="the notation has no claim of points: the adjudicator finds what the hand "
        "gives from the play as written (laws 47-49). If {p} marked it, write the mark he made "
        "('{p} marks 1 point', or '{p} marks 2 vole' (law 48)); if he only said it, keep his "
        "words in a comment ('; {p} says the point is his')",
        written=None,
    ),
    Gloss(
        _forms("scores", "scored", "wins", "won"),
        claimed=None,
        written="a mark is written as it was made, with the number marked: "
        "'{p} marks 1 point' (laws 47-49), and the score the table "
        "agreed 'score A 3 B 2' (laws 50, 51)",
    ),
    Gloss(
        _forms("overscore", "overscores", "overscored", "overmarked"),
        claimed="a mark taken down is written by its owner, '{q} unmarks 1' (law 51); the "
        "adjudicator finds an overscore from the marks",
        written="a mark taken down is written '{p} unmarks 1' (law 51)",
    ),
    Gloss(
        _forms("resign", "resigns", "concede", "concedes", "folds", "gives up", "throws"),
        claimed=None,
        written="a hand given up is written '{p} abandons' (law 42); cards thrown down to claim "
        "the point, '{p} shows'",
    ),
    Gloss(
        _forms("incorrect", "imperfect", "redundant", "pack"),
        claimed="a faulty pack is not claimed but written, on a line of its own: "
        "'pack incorrect' (or 'redundant', 'imperfect'); the deal is void (law 45)",
        written="a faulty pack is written on a line of its own, without a player: "
        "'pack incorrect' (or 'redundant', 'imperfect'); the deal is void (law 45)",
    ),
    Gloss(
        _forms("stands", "stand", "stays"),
        claimed=None,
        written="playing without proposing is written '{p} plays' (law 49)",
    ),
    Gloss(
        _forms("exchanges", "exchange", "changes"),
        claimed=None,
        written="an exchange is written as it happened: '{p} proposes', the dealer's "
        "'accepts', '{p} discards 9D 8H', then the cards given, '{p}: KD 7S' (laws 26-28)",
    ),
    Gloss(
        _forms("withdraws", "withdraw", "retract"),
        claimed="a card taken back is written by the player who took it, "
        "'{q} retracts 7H' (laws 39, 40)",
        written="a card taken back is written '{p} retracts 7H' (laws 39, 40)",
    ),
    # The rule profiles' lines (docs/profiles.md): their rules are numbered after the laws.
    Gloss(
        _forms("watches", "waits", "rests"),
        claimed=None,
        written="in pool écarté the player who does not play is written '{p} sits out' "
        "(pool rule P1)",
    ),
    Gloss(
        _forms("suggests", "prompts", "counsels", "tells"),
        claimed=None,
        written="a bystander's advice names the adviser, the player advised and a colon, then "
        "the cards he points to or a word of the player's lines: 'C advises B: KH', "
        "'C advises B: play' (bystanders' rule B1)",
    ),
    Gloss(
        _forms("redoubles", "redouble", "redoubled", "doubled"),
        claimed=None,
        written="an offer to double is written '{p} doubles', and the answer "
        "'{q} accepts double' or '{q} refuses double' (doubling rule D1)",
    ),
)
"""The words a referee is likely to write, with the notation's lines for them."""

_BY_FORM: dict[str, Gloss] = {form: g for g in GLOSSARY for form in g.forms}
_PLAYERS = ("a", "b", "c")


def gloss_hint(words: Sequence[str], at: int) -> str | None:
    """The hint for ``words[at]``, a word the parser did not accept on a line of ``words``,
    when it stands where a claim or an event was expected and the glossary knows it.
    ``at`` is ``-1`` when the word is not known (no hint)."""
    if not 0 <= at < len(words):
        return None
    low = [w.lower() for w in words]
    player = low[0] if low and low[0] in _PLAYERS else None
    claims = low.index("claims") if "claims" in low[:at] else -1
    # the word with the next ('fresh deal'), the words after 'claims' ('new cards'), the word
    candidates = [" ".join(low[at : at + 2])] if at + 1 < len(low) else []
    if claims >= 1:
        candidates += [" ".join(low[claims + 1 : at + 1]), low[at]]
        kind = "claimed"
    elif at == 0 or (at == 1 and player is not None):
        candidates.append(low[at])
        kind = "written"
    else:
        return None
    for phrase in candidates:
        gloss = _BY_FORM.get(phrase)
        text = None if gloss is None else getattr(gloss, kind)
        if isinstance(text, str):
            p = (player or "b").upper()
            q = {"A": "B", "B": "A"}.get(p, "A") if player else "B"
            return text.format(p=p, q=q)
    return None
