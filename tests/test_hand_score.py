"""The hand's score, stated once (:mod:`adjudicator.engine.ecarte.hand_score`).

The figures below are worked out from the laws' words (laws 42, 48, 49) and the profiles' rules
(D1, O1; ``docs/profiles.md``), never read back from the function. Then: no other module scores
a hand (``point_marks`` and law 49's ``doubled`` are called in that module alone), no code reads
the score back from its words (``Result.how``), and the scoring laws name the function as their
effect.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from adjudicator.engine.ecarte.hand_score import (
    UNDETERMINED,
    End,
    HandScore,
    Terms,
    Why,
    hand_score,
)
from adjudicator.engine.ecarte.queries import king_marks
from adjudicator.engine.ecarte.rules import game_value
from adjudicator.notation.cards import Player
from laws.ecarte.profiles import RULE_D1, RULE_O1
from laws.ecarte.scoring import LAW_46, LAW_47, LAW_48, LAW_49

ROOT = Path(__file__).resolve().parent.parent
CODE = sorted(p for folder in ("adjudicator", "laws") for p in (ROOT / folder).rglob("*.py"))

A, B = Player.A, Player.B
"""A the non-dealer, B the dealer, in every case below."""

PROPOSED = Terms(A, B, elder_proposed=True, first_refused=False)
STOOD = Terms(A, B, elder_proposed=False, first_refused=False)
REFUSED = Terms(A, B, elder_proposed=True, first_refused=True)

# (terms, tricks of A and B, end, by) -> (who marks, how many, why, in words)
CASES: list[tuple[Terms, tuple[int, int], End, Player | None, Player | None, int, Why, str]] = [
    # Law 48: the point one, the vole two.
    (PROPOSED, (3, 2), End.PLAYED, None, A, 1, Why.POINT, "point"),
    (PROPOSED, (1, 4), End.PLAYED, None, B, 1, Why.POINT, "point"),
    (PROPOSED, (5, 0), End.PLAYED, None, A, 2, Why.VOLE, "vole"),
    # Law 49: the dealer's point is two against a non-dealer who stood; the non-dealer's point
    # two against a dealer who refused the first proposal; the vole stays two.
    (STOOD, (2, 3), End.PLAYED, None, B, 2, Why.POINT, "point (law 49)"),
    (STOOD, (4, 1), End.PLAYED, None, A, 1, Why.POINT, "point"),
    (STOOD, (0, 5), End.PLAYED, None, B, 2, Why.VOLE, "vole"),
    (REFUSED, (4, 1), End.PLAYED, None, A, 2, Why.POINT, "point (law 49)"),
    (REFUSED, (2, 3), End.PLAYED, None, B, 1, Why.POINT, "point"),
    (REFUSED, (5, 0), End.PLAYED, None, A, 2, Why.VOLE, "vole"),
    # Law 42: given up with no trick, the vole conceded; with one or two, the point (law 49's
    # two included); with three or more, taken as shown.
    (PROPOSED, (0, 2), End.ABANDONED, A, B, 2, Why.VOLE, "abandoned"),
    (PROPOSED, (1, 1), End.ABANDONED, A, B, 1, Why.POINT, "abandoned"),
    (STOOD, (2, 1), End.ABANDONED, A, B, 2, Why.POINT, "abandoned"),
    (PROPOSED, (1, 2), End.ABANDONED, B, A, 1, Why.POINT, "abandoned"),
    (REFUSED, (2, 1), End.ABANDONED, B, A, 2, Why.POINT, "abandoned"),
    (PROPOSED, (3, 0), End.ABANDONED, A, A, 1, Why.POINT, "point"),
    # Rule D1: a hand doubled counts double, law 49's two included; a double refused gives the
    # offerer the point (two if the refuser is in law 49's case).
    (
        STOOD._replace(doubled=True),
        (2, 3),
        End.PLAYED,
        None,
        B,
        4,
        Why.POINT,
        "point (law 49), doubled",
    ),
    (PROPOSED._replace(doubled=True), (3, 2), End.PLAYED, None, A, 2, Why.POINT, "point, doubled"),
    (PROPOSED._replace(doubled=True), (0, 5), End.PLAYED, None, B, 4, Why.VOLE, "vole, doubled"),
    (PROPOSED._replace(doubled=True), (0, 1), End.ABANDONED, A, B, 4, Why.VOLE, "abandoned"),
    (PROPOSED, (1, 0), End.DOUBLE_REFUSED, B, A, 1, Why.POINT, "point (double refused)"),
    (REFUSED, (0, 1), End.DOUBLE_REFUSED, B, A, 2, Why.POINT, "point (double refused)"),
    (STOOD, (1, 0), End.DOUBLE_REFUSED, A, B, 2, Why.POINT, "point (double refused)"),
    # Rule O1: the point accepted ends the hand, the acceptor marking as for the point; the
    # point refused gives the offerer two (doubled, four) unless the refuser makes the vole.
    (PROPOSED, (0, 1), End.POINT_ACCEPTED, A, A, 1, Why.POINT, "point (offered, accepted)"),
    (STOOD, (1, 0), End.POINT_ACCEPTED, B, B, 2, Why.POINT, "point (offered, accepted)"),
    (
        PROPOSED._replace(doubled=True),
        (1, 0),
        End.POINT_ACCEPTED,
        B,
        B,
        2,
        Why.POINT,
        "point (offered, accepted)",
    ),
    (
        PROPOSED._replace(point_refused=B),
        (1, 4),
        End.PLAYED,
        None,
        A,
        2,
        Why.OFFER_TWO,
        "offer's two (the point refused, no vole)",
    ),
    (
        PROPOSED._replace(point_refused=B),
        (3, 2),
        End.PLAYED,
        None,
        A,
        2,
        Why.OFFER_TWO,
        "offer's two (the point refused, no vole)",
    ),
    (PROPOSED._replace(point_refused=B), (0, 5), End.PLAYED, None, B, 2, Why.VOLE, "vole"),
    (
        PROPOSED._replace(point_refused=A, doubled=True),
        (4, 1),
        End.PLAYED,
        None,
        B,
        4,
        Why.OFFER_TWO,
        "offer's two (the point refused, no vole)",
    ),
    (
        PROPOSED._replace(point_refused=B),
        (1, 0),
        End.ABANDONED,
        B,
        A,
        2,
        Why.OFFER_TWO,
        "offer's two (abandoned, no vole)",
    ),
    (PROPOSED._replace(point_refused=B), (0, 2), End.ABANDONED, A, B, 2, Why.VOLE, "abandoned"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[7]}-{c[1]}-{c[2].value}")
def test_the_hand_scores_as_the_laws_say(
    case: tuple[Terms, tuple[int, int], End, Player | None, Player | None, int, Why, str],
) -> None:
    terms, won, end, by, winner, points, why, how = case
    score = hand_score(terms, won, end, by)
    assert (score.winner, score.points, score.why, score.how) == (winner, points, why, how)


def test_a_hand_nobody_has_won_is_undetermined() -> None:
    assert hand_score(PROPOSED, (2, 2)) == UNDETERMINED
    assert UNDETERMINED.how == "undetermined"
    assert UNDETERMINED.winner is None and UNDETERMINED.points == 0


def test_the_fields_say_why() -> None:
    score = hand_score(STOOD._replace(doubled=True), (1, 4))
    assert score == HandScore(B, 4, Why.POINT, End.PLAYED, None, law49=True, doubled=True)
    assert not score.single_point
    assert hand_score(PROPOSED, (3, 2)).single_point
    conceded = hand_score(STOOD, (1, 1), End.ABANDONED, A)
    assert (conceded.end, conceded.by, conceded.law49) == (End.ABANDONED, A, True)


# -- stated once --------------------------------------------------------------------------------


def _calls(tree: ast.AST, names: set[str]) -> list[str]:
    return [
        f"line {node.lineno}: {ast.unparse(node)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id in names)
            or (isinstance(node.func, ast.Attribute) and node.func.attr in names)
        )
    ]


def _reads_how(tree: ast.AST) -> list[str]:
    """Where the code decides on a score's words: a comparison with ``.how``, or a method of
    it called (``.how.startswith(...)``)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Attribute) and s.attr == "how" for s in sides):
                out.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "how"
        ):
            out.append(f"line {node.lineno}: {ast.unparse(node)}")
    return out


@pytest.mark.parametrize("path", CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_other_module_scores_the_hand(path: Path) -> None:
    if path.name in ("hand_score.py", "rules.py"):
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert not _calls(tree, {"point_marks", "doubled"}), f"{path.name} scores a hand itself"
    assert not _reads_how(tree), f"{path.name} reads a hand's score from its words"


def test_the_checks_can_fail() -> None:
    assert _calls(ast.parse("x = point_marks(3, doubled=True)"), {"point_marks"})
    assert _reads_how(ast.parse("if r.how == 'point': pass"))
    assert _reads_how(ast.parse('r.how.startswith("offer\'s two")'))
    assert not _reads_how(ast.parse("print(f'{r.how}')"))


def test_the_scoring_laws_name_their_effect() -> None:
    for law in (LAW_48, LAW_49, RULE_D1, RULE_O1):
        assert law.scoring is hand_score, law.number
    assert LAW_46.scoring is game_value
    assert LAW_47.scoring is king_marks
