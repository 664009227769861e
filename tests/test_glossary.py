"""Helpful refusals: a word the notation lacks where a claim or an event is expected gets a
hint naming the line that says it and its law (``adjudicator/notation/ecarte/glossary.py``)."""

from __future__ import annotations

import re

import pytest

from adjudicator import NotationError, read_each
from adjudicator.notation.ecarte.glossary import GLOSSARY, Gloss, gloss_hint


def hint_of(line: str) -> str | None:
    """The hint of the one error of a deal holding ``line``."""
    [err] = [x for x in read_each(f"deal 1 A\n  turn KS\n  {line}\n") if isinstance(x, Exception)]
    assert isinstance(err, NotationError)
    assert err.line == 3
    return err.hint


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        (
            "B claims revoke",
            "a revoke is claimed as 'B claims replay' (law 43), or found from the play as written",
        ),
        ("A claims renounce", "a revoke is claimed as 'A claims replay' (law 43)"),
        ("B claims misdeal", "a misdeal is claimed as 'B claims new deal'"),
        ("B claims fresh deal", "'B claims new deal' (laws 9-21, 29-33)"),
        ("B claims new cards", "new cards are called for, not claimed: 'B calls new cards'"),
        ("B claims new packs", "'B calls new cards' (law 44)"),
        ("B claims exposed", "'B claims take' or 'B claims refuse' (laws 36, 37)"),
        ("B claims the king", "'B announces king' (laws 23-25) or 'B marks king' (laws 22, 47)"),
        ("A claims vole", "'A marks 2 vole' (law 48)"),
        ("B claims overscore", "'A unmarks 1' (law 51)"),
        ("B claims pack incorrect", "'pack incorrect'"),
    ],
)
def test_a_claim_the_notation_lacks_names_the_claim_that_says_it(line: str, hint: str) -> None:
    got = hint_of(line)
    assert got is not None and hint in got


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("A revokes", "the adversary's claim is 'B claims replay'"),
        ("B renounces", "write the cards as they were played ('1. B KH A 7H')"),
        ("misdeal", "(laws 8-21)"),
        ("A misdeals", "the adversary's claim is 'B claims new deal'"),
        ("A exposed KH", "a '*' before it in its packet ('B: KH *QH 9S', laws 13, 36)"),
        ("B resigns", "'B abandons' (law 42)"),
        ("B gives up", "'B abandons' (law 42)"),
        ("B stands", "'B plays' (law 49)"),
        ("B scores 2", "'B marks 1 point' (laws 47-49)"),
        ("A withdraws 7H", "'A retracts 7H' (laws 39, 40)"),
        ("A pack incorrect", "without a player: 'pack incorrect'"),
        ("C watches", "'C sits out' (pool rule P1)"),
        ("C suggests B: KH", "'C advises B: KH', 'C advises B: play' (bystanders' rule B1)"),
        ("B redoubles", "'B doubles', and the answer 'A accepts double'"),
    ],
)
def test_an_event_the_notation_lacks_names_the_line_that_says_it(line: str, hint: str) -> None:
    got = hint_of(line)
    assert got is not None and hint in got


def test_the_glossary_comes_before_a_misleading_near_word() -> None:
    got = hint_of("B claims revoke")
    assert got is not None and "refuse" not in got
    assert hint_of("B claims trumps") == "unknown word 'trumps': did you mean 'trump'?"


def test_a_glossary_word_elsewhere_on_a_line_gets_no_glossary_hint() -> None:
    # 'revoke' after a card is no claim and no event: the usual hint, or none
    got = hint_of("B plays KH revoke")
    assert got is None or "law 43" not in got
    assert gloss_hint(["B", "plays", "KH", "revoke"], 3) is None
    assert gloss_hint(["B", "claims", "revoke"], -1) is None


def cases() -> list[tuple[Gloss, str, str]]:
    out = []
    for gloss in GLOSSARY:
        for form in sorted(gloss.forms):
            if gloss.claimed is not None:
                out.append((gloss, "claimed", f"B claims {form}"))
            if gloss.written is not None:
                out.append((gloss, "written", f"A {form}"))
    return out


@pytest.mark.parametrize(("gloss", "kind", "line"), cases(), ids=[c[2] for c in cases()])
def test_every_form_of_the_table_is_refused_with_its_hint(
    gloss: Gloss, kind: str, line: str
) -> None:
    # Each form is a line the reader refuses, and the refusal carries the table's hint (so no
    # entry is dead, and none stands for a line the notation accepts).
    want = getattr(gloss, kind).format(p=line[0], q="A" if line[0] == "B" else "B")
    assert hint_of(line) == want


def test_every_hint_names_a_line_of_the_notation_and_a_law() -> None:
    # (or, for a line of a rule profile, the profile's rule: docs/profiles.md)
    for gloss in GLOSSARY:
        for text in (gloss.claimed, gloss.written):
            if text is not None:
                assert "'" in text, text
                assert "law" in text or re.search(r"\brule [PBDO]1\b", text), text


def test_a_refused_claim_lists_every_claim_the_notation_has() -> None:
    [err] = [x for x in read_each("deal 1 A\n  B claims revoke\n") if isinstance(x, Exception)]
    assert isinstance(err, NotationError)
    words = ["complete", "draw", "new", "rectify", "refuse", "replay", "suit", "take", "trump"]
    assert err.expected == [f"'{w}'" for w in words]
