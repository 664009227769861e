"""A deal reckoned in law 67's order, with the pique, the repique (laws 68, 69) and the penalty
of reckoning nothing (laws 44, 58; Case XXII).

The worked examples are Cavendish's: E1 is the Description's Example, E2 Case XXII; the pique,
repique and capot deals are the Description's examples ("Carte blanche, pique and repique",
"Scoring") given whole hands. A few tests that turn on the arithmetic alone give declarations
directly and reuse E1's tricks; they say so.
"""

from __future__ import annotations

import pytest

from adjudicator.engine.piquet.cards import parse_cards
from adjudicator.engine.piquet.holdings import (
    Declaration,
    Point,
    RankSet,
    Sequence,
    declare_everything,
)
from adjudicator.engine.piquet.play import Trick, tricks_in_turn
from adjudicator.engine.piquet.scoring import Category, DealScore, score_deal
from adjudicator.notation.cards import Card, Player, Rank, Suit

A, B = Player.A, Player.B
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
CB, PT, SQ, ST = Category.CARTE_BLANCHE, Category.POINT, Category.SEQUENCES, Category.SETS
PL, CA, PIQUE, REPIQUE = Category.PLAY, Category.CARDS, Category.PIQUE, Category.REPIQUE


def tricks(first: Player, text: str) -> tuple[Trick, ...]:
    """Tricks played in turn from ``"AH TH, KH 7D, ..."``: card led, card played to it."""
    pairs: list[tuple[Card, Card]] = []
    for trick in text.split(","):
        led, played = parse_cards(trick)
        pairs.append((led, played))
    return tricks_in_turn(first, B if first is A else A, pairs)


def everything(elder_hand: str, younger_hand: str) -> dict[Player, Declaration]:
    return {
        A: declare_everything(parse_cards(elder_hand)),
        B: declare_everything(parse_cards(younger_hand)),
    }


def running(score: DealScore) -> list[tuple[Player, Category, int, int]]:
    return [(s.player, s.category, s.points, s.total) for s in score.steps]


# -- E1: Cavendish's Example ---------------------------------------------------------------

E1_A = "AS JS 9S 8S / AH KH QH JH 8H / JC 9C / KD"
E1_B = "QS TS / TH / AC KC QC TC / AD QD JD TD 7D"
E1_TRICKS = tricks(
    A, "AH TH, KH 7D, QH TD, JH JD, 8H QD, KD AD, AC 9C, KC JC, QC 8S, TC 9S, QS AS, JS TS"
)
E1_DECLARED = {
    # A: "five cards" making forty-nine, good; quart major, good; three knaves, not good.
    A: Declaration(
        point=Point(H, 5, 49),
        sequences=(Sequence(H, 4, Rank.ACE),),
        sets=(RankSet(Rank.KNAVE, 3),),
    ),
    # B: four tens and three queens, reckoned before he plays to the first trick.
    B: Declaration(sets=(RankSet(Rank.TEN, 4), RankSet(Rank.QUEEN, 3))),
}


def test_e1_the_example_scores_a_28_b_23() -> None:
    score = score_deal(A, B, E1_DECLARED, E1_TRICKS)
    assert score.totals == {A: 28, B: 23}
    assert (score.pique, score.repique) == (None, None)


def test_e1_running_totals_as_the_players_count_them() -> None:
    """ "Five and four are nine"; B "fourteen ... seventeen" before playing; A "ten" on leading
    the ace of hearts, then eleven to fourteen, fifteen; B eighteen, nineteen to twenty-two,
    twenty-three; A sixteen, eighteen for the last trick, twenty-eight with the cards."""
    score = score_deal(A, B, E1_DECLARED, E1_TRICKS)
    assert running(score) == [
        (A, PT, 5, 5),
        (A, SQ, 4, 9),
        (B, ST, 14, 14),
        (B, ST, 3, 17),
        (A, PL, 1, 10),
        (A, PL, 1, 11),
        (A, PL, 1, 12),
        (A, PL, 1, 13),
        (A, PL, 1, 14),
        (A, PL, 1, 15),
        (B, PL, 1, 18),
        (B, PL, 1, 19),
        (B, PL, 1, 20),
        (B, PL, 1, 21),
        (B, PL, 1, 22),
        (B, PL, 1, 23),
        (A, PL, 1, 16),
        (A, PL, 2, 18),
        (A, CA, 10, 28),
    ]
    assert score.explain()[0] == "A: point of five cards making 49 in hearts 5, making 5"
    assert score.by_category(A)[PT] == 5
    assert score.by_category(A)[PL] == 9
    assert score.by_category(B)[ST] == 17
    assert score.point.good is A and score.sets.good is B


def test_e1_declaring_everything_scores_the_same() -> None:
    score = score_deal(A, B, everything(E1_A, E1_B), E1_TRICKS)
    assert score.totals == {A: 28, B: 23}


def test_e1_with_b_reckoning_nothing_his_tens_still_bar_the_knaves() -> None:
    score = score_deal(A, B, E1_DECLARED, E1_TRICKS, reckon_nothing={B})
    assert score.totals == {A: 28, B: 0}
    assert score.by_category(A)[ST] == 0
    barred = [s for s in score.steps if s.player is B and s.category is ST]
    assert [(s.points, s.held) for s in barred] == [(0, 14), (0, 3)]
    assert "bars only" in score.explain()[2]


# -- E2: Case XXII -------------------------------------------------------------------------

E2_A = "AS KS QS JS 9S / KH JH / JC / AD QD JD TD"
E2_B = "TS / AH QH TH 9H / AC KC QC TC 9C / KD 9D 8D"  # thirteen cards
E2_TRICKS = tricks(
    A, "AS TS, KS 9H, QS TH, JS QH, 9S 8D, KH AH, AC JC, KC JH, QC TD, TC JD, 9C QD, KD AD"
)


def test_e2_case_xxii_b_reckons_nothing_and_a_scores_29() -> None:
    """B plays with thirteen cards and reckons nothing (laws 35, 58). His clubs, A K Q T 9,
    make fifty: A's point of fifty is equal and nobody scores it. A reckons a quart major, a
    tierce to the queen and four knaves (21), leads five spades and the king of hearts, and wins
    the last trick: 29. The tricks are divided."""
    declared = everything(E2_A, E2_B)
    assert declared[B].point == Point(C, 5, 50)
    score = score_deal(A, B, declared, E2_TRICKS, reckon_nothing={B})
    assert score.point.equal and score.point.good is None
    assert score.by_category(A)[SQ] + score.by_category(A)[ST] == 21
    assert score.play.last == 12  # Case XIX: B's thirteenth card is never played to
    assert dict(score.play.tricks) == {A: 6, B: 6}
    assert score.cards.winner is None
    assert score.totals == {A: 29, B: 0}
    assert sum(s.held for s in score.steps if s.player is B) == 7  # what B's play would score


def test_e2_the_penalty_waived_law_44() -> None:
    score = score_deal(A, B, everything(E2_A, E2_B), E2_TRICKS)
    assert score.totals == {A: 29, B: 7}


# -- pique, repique and capot on whole hands -----------------------------------------------

PIQUE_A = "AS KS QS JS TS / AH 8H 7H / AD 8D 7D / 7C"  # point, quint major, three aces: 23
PIQUE_B = "9S 8S / KH QH JH 9H / KD QD JD 9D / KC QC"


def test_a_pique_the_descriptions_example() -> None:
    """Point and quint major (twenty) and three aces (twenty-three); he leads the quint and the
    two aces: thirty before B has reckoned anything, a pique (law 69): he counts sixty."""
    play = tricks(
        A, "AS 8S, KS 9S, QS 9H, JS 9D, TS QC, AH JH, AD JD, 8H KH, KD 7D, QD 8D, KC 7C, QH 7H"
    )
    score = score_deal(A, B, everything(PIQUE_A, PIQUE_B), play)
    assert score.pique is A and score.repique is None
    i = next(i for i, s in enumerate(score.steps) if s.category is PIQUE)
    assert (score.steps[i - 1].trick, score.steps[i - 1].total) == (7, 30)
    assert (score.steps[i].points, score.steps[i].total) == (30, 60)
    assert score.totals == {A: 23 + 8 + 30 + 10, B: 6}


@pytest.mark.parametrize(
    "play",
    [
        # B wins the first trick: B has reckoned one before A reaches thirty.
        "7C KC, QC 7D, KH 7H, QH 8H, JH AH, AS 8S, KS 9S, QS 9H, JS 9D, TS JD, AD QD, 8D KD",
        # A reaches twenty-nine; then B wins a trick, and A's thirty comes after it.
        "AS 8S, KS 9S, QS 9H, JS 9D, TS JD, 7C KC, QC 7D, KH 7H, QH 8H, JH AH, AD QD, 8D KD",
    ],
    ids=["adversary-first", "twenty-nine"],
)
def test_no_pique_once_the_younger_has_reckoned(play: str) -> None:
    score = score_deal(A, B, everything(PIQUE_A, PIQUE_B), tricks(A, play))
    assert score.pique is None
    assert any(s.player is A and s.total == 30 for s in score.steps)  # thirty, but too late
    assert score.totals == {A: 42, B: 7}


def test_a_repique_point_quint_and_quatorze() -> None:
    """The Description: point, quint and quatorze, all good, reckon before anything of B's:
    five, twenty, thirty-four, counted "ninety-four" (law 68)."""
    play = tricks(
        A, "AS 8S, KS 9S, QS 9H, JS JD, TS QD, KH AH, QH 7H, JH 8H, TH 7D, AD 8D, AC KC, QC KD"
    )
    declared = everything(
        "AS KS QS JS TS / KH 8H 7H / KD 8D 7D / KC", "AH QH JH TH 9H / AD QD JD / AC QC / 9S 8S"
    )
    score = score_deal(A, B, declared, play)
    assert score.repique is A and score.pique is None
    assert running(score)[:4] == [
        (A, PT, 5, 5),
        (A, SQ, 15, 20),
        (A, ST, 14, 34),
        (A, REPIQUE, 60, 94),
    ]
    assert score.totals == {A: 94 + 6, B: 8 + 10}


def test_the_younger_hand_repiques_despite_the_elders_first_lead() -> None:
    """The Description: the one the elder counts for his first lead does not save him from a
    repique, since scores in hand reckon before points made in play."""
    play = tricks(
        B, "AH 7H, QH 8H, JH KH, AS 8S, KS 9S, QS 9H, JS TH, TS JD, KD AD, QD 7D, AC KC, QC 8D"
    )
    declared = {
        A: declare_everything(parse_cards("AS KS QS JS TS / KH 8H 7H / KD 8D 7D / KC")),
        B: declare_everything(parse_cards("AH QH JH TH 9H / AD QD JD / AC QC / 9S 8S")),
    }
    score = score_deal(B, A, declared, play)
    assert score.repique is A
    first_lead = next(i for i, s in enumerate(score.steps) if s.category is PL)
    assert score.steps[first_lead - 1].category is REPIQUE
    assert score.steps[first_lead].player is B
    assert score.totals == {A: 94 + 7, B: 8}


def test_a_capot_does_not_count_toward_a_pique() -> None:
    """The Description: point, quart and three aces, thirteen; every trick, twenty-six; forty
    for the capot, sixty-six; no pique, for the capot reckons after the play (law 69)."""
    play = tricks(
        A, "AS 7S, KS 9S, QS TS, JS 8D, 8S 9D, AH 9H, KH QH, JH 7C, TH KC, 8H AC, 7H QD, AD KD"
    )
    declared = everything(
        "AS KS QS JS 8S / AH KH JH TH 8H 7H / AD", "TS 9S 7S / QH 9H / KD QD 9D 8D / AC KC 7C"
    )
    score = score_deal(A, B, declared, play)
    assert score.cards.capot
    assert score.pique is None
    assert score.totals == {A: 66, B: 0}


def test_an_equal_point_does_not_save_a_pique_even_on_a_losing_lead() -> None:
    """The Description: "A has point equal, quint and quatorze, both good, and leads a card. He
    wins a pique"; and with twenty-nine reckoned he wins it "even if he leads a losing card"."""
    play = tricks(
        A, "7C KC, AS 9S, AH JH, KH 8C, QH JC, TH 7D, 8H 8D, AD JD, KD TS, QD JS, 8S QS, KS 7S"
    )
    declared = everything(
        "KS QS JS TS 9S / JH / JD 8D 7D / JC 8C 7C", "AH KH QH TH 8H / AS 8S 7S / AD KD QD / KC"
    )
    assert not play[0].leader_wins  # A leads the seven of clubs to B's king
    score = score_deal(A, B, declared, play)
    assert score.point.equal
    assert score.pique is A
    assert running(score)[:4] == [
        (A, SQ, 15, 15),
        (A, ST, 14, 29),
        (A, PL, 1, 30),
        (A, PIQUE, 30, 60),
    ]
    # A: 60, the eleventh trick won on B's lead, two for the last; B: the first trick won,
    # ten leads (the second to the eleventh) and the cards (ten tricks).
    assert score.totals == {A: 60 + 1 + 2, B: 1 + 10 + 10}


# -- the arithmetic alone: declarations given, E1's tricks (A 9 in play and the cards) --------

QUINT = Sequence(S, 5, Rank.ACE)
QUATORZE = RankSet(Rank.ACE, 4)


def deal(
    a: Declaration, b: Declaration, *, reckon_nothing: frozenset[Player] = frozenset()
) -> DealScore:
    return score_deal(A, B, {A: a, B: b}, E1_TRICKS, reckon_nothing=reckon_nothing)


def test_carte_blanche_counts_toward_a_repique() -> None:
    """The Description: carte blanche, then point and quint both good, repiques (law 18)."""
    score = deal(Declaration(True, Point(S, 5, 51), (QUINT,)), Declaration())
    assert score.repique is A
    assert running(score)[:4] == [
        (A, CB, 10, 10),
        (A, PT, 5, 15),
        (A, SQ, 15, 30),
        (A, REPIQUE, 60, 90),
    ]
    assert score.totals == {A: 90 + 9 + 10, B: 6}


def test_carte_blanche_counts_toward_a_pique() -> None:
    score = deal(Declaration(True, sequences=(QUINT,)), Declaration())
    assert score.pique is A
    assert [s.trick for s in score.steps if s.category is PL and s.total == 30] == [5]
    assert score.totals == {A: 25 + 9 + 30 + 10, B: 6}


def test_carte_blanche_saves_a_repique_and_a_pique() -> None:
    """Law 18: it scores first, so the adversary has reckoned something."""
    score = deal(Declaration(False, Point(S, 5, 51), (QUINT,), (QUATORZE,)), Declaration(True))
    assert (score.repique, score.pique) == (None, None)
    assert score.totals == {A: 34 + 9 + 10, B: 10 + 6}


def test_no_repique_when_the_adversarys_point_reckons_first() -> None:
    """The Description: a quint, a tierce and a quatorze make thirty-two in hand alone, but no
    repique when the point is not good: the adversary's point reckons before the sequences."""
    a = Declaration(
        point=Point(S, 5, 48), sequences=(QUINT, Sequence(H, 3, Rank.ACE)), sets=(QUATORZE,)
    )
    score = deal(a, Declaration(point=Point(D, 6, 40)))
    assert (score.repique, score.pique) == (None, None)
    assert score.totals == {A: 32 + 9 + 10, B: 6 + 6}


def test_twenty_nine_in_hand_is_no_repique_and_the_younger_cannot_pique() -> None:
    equal = Point(S, 5, 50)
    score = deal(
        Declaration(point=equal),
        Declaration(point=Point(C, 5, 50), sequences=(QUINT,), sets=(QUATORZE,)),
    )
    assert (score.repique, score.pique) == (None, None)
    assert score.totals == {A: 9 + 10, B: 29 + 6}


SEPTIEME = Sequence(S, 7, Rank.ACE)


def test_a_penalised_players_cards_still_save_the_pique() -> None:
    """The Description: a player who reckons nothing is not piqued if he holds what, but for
    the penalty, would have scored before his adversary reached thirty. A: point of seven and a
    septième, 24, and six leads would make thirty; B's quatorze bars."""
    a = Declaration(point=Point(S, 7, 65), sequences=(SEPTIEME,))
    clear = deal(a, Declaration())
    assert clear.pique is A
    assert clear.totals == {A: 24 + 9 + 30 + 10, B: 6}
    barred = deal(a, Declaration(sets=(QUATORZE,)), reckon_nothing=frozenset({B}))
    assert barred.pique is None
    assert barred.totals == {A: 24 + 9 + 10, B: 0}
    waived = deal(a, Declaration(sets=(QUATORZE,)))
    assert waived.totals == {A: 43, B: 14 + 6}


def test_a_carte_blanche_shown_survives_the_penalty_case_xxi() -> None:
    score = deal(Declaration(), Declaration(True, sets=(QUATORZE,)), reckon_nothing=frozenset({B}))
    assert score.totals == {A: 9 + 10, B: 10}


def test_the_declarations_must_be_the_two_players() -> None:
    with pytest.raises(ValueError):
        score_deal(A, B, {A: Declaration()}, E1_TRICKS)
    with pytest.raises(ValueError):
        score_deal(A, A, {A: Declaration(), B: Declaration()}, E1_TRICKS)
    with pytest.raises(ValueError):
        score_deal(A, B, E1_DECLARED, E1_TRICKS, reckon_nothing={Player.C})
