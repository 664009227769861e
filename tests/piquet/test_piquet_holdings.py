"""What a hand holds (laws 18, 62-64) and whose declaration is good (laws 62-64)."""

from __future__ import annotations

import pytest

from adjudicator.engine.piquet.cards import parse_cards
from adjudicator.engine.piquet.holdings import (
    Declaration,
    Point,
    RankSet,
    Sequence,
    declare_everything,
    holdings,
    is_carte_blanche,
)
from adjudicator.engine.piquet.rulings import (
    Verdict,
    compare_points,
    compare_sequences,
    compare_sets,
    rule_point,
    rule_sequences,
    rule_sets,
)
from adjudicator.notation.cards import Player, Rank, Suit

A, B = Player.A, Player.B
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS

# E1, Cavendish's Example: the hands after the exchange.
E1_A = parse_cards("AS JS 9S 8S / AH KH QH JH 8H / JC 9C / KD")
E1_B = parse_cards("QS TS / TH / AC KC QC TC / AD QD JD TD 7D")


def test_e1_elder_holds_point_49_quart_major_and_three_knaves() -> None:
    held = holdings(E1_A)
    assert held.point == Point(H, 5, 49)  # 11 + 10 + 10 + 10 + 8
    assert held.sequences == (Sequence(H, 4, Rank.ACE),)
    assert held.sets == (RankSet(Rank.KNAVE, 3),)


def test_e1_younger_holds_point_48_two_tierces_four_tens_three_queens() -> None:
    held = holdings(E1_B)
    assert held.point == Point(D, 5, 48)  # 11 + 10 + 10 + 10 + 7
    assert held.sequences == (Sequence(C, 3, Rank.ACE), Sequence(D, 3, Rank.QUEEN))
    assert held.sets == (RankSet(Rank.TEN, 4), RankSet(Rank.QUEEN, 3))


def test_between_two_of_his_own_suits_of_one_length_the_point_is_the_one_making_more() -> None:
    held = holdings(parse_cards("AS KS 8S 7S / KH QH JH 9H / 7D 8D / 7C 8C"))
    assert held.point == Point(H, 4, 39)  # spades make 36


def test_sequences_are_maximal_runs() -> None:
    held = holdings(parse_cards("AS KS QS JS TS / AH KH QH 9H 8H 7H"))
    assert held.sequences == (
        Sequence(S, 5, Rank.ACE),  # a quint major, not a quart and a tierce
        Sequence(H, 3, Rank.ACE),
        Sequence(H, 3, Rank.NINE),  # a tierce minor in the same suit
    )


def test_sequence_values_law_63() -> None:
    values = {n: Sequence(S, n, Rank.ACE).value for n in range(3, 9)}
    assert values == {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
    assert holdings(parse_cards("AS KS QS JS TS 9S 8S 7S")).sequences == (Sequence(S, 8, Rank.ACE),)


def test_set_values_law_64_and_nothing_below_the_ten() -> None:
    assert RankSet(Rank.TEN, 4).value == 14
    assert RankSet(Rank.ACE, 3).value == 3
    assert holdings(parse_cards("9S 9H 9D 9C 8S 8H 8D")).sets == ()
    with pytest.raises(ValueError):
        RankSet(Rank.NINE, 3)


def test_impossible_holdings_are_refused() -> None:
    with pytest.raises(ValueError):
        Sequence(S, 4, Rank.NINE)  # nine, eight, seven are only three
    with pytest.raises(ValueError):
        Sequence(S, 2, Rank.ACE)
    with pytest.raises(ValueError):
        holdings([*parse_cards("AS KS"), *parse_cards("AS")])


def test_descriptions() -> None:
    assert Sequence(H, 4, Rank.ACE).describe() == "quart major in hearts"
    assert Sequence(D, 3, Rank.QUEEN).describe() == "tierce to the queen in diamonds"
    assert Sequence(C, 3, Rank.NINE).describe() == "tierce minor in clubs"
    assert RankSet(Rank.TEN, 4).describe() == "four tens"
    assert Point(H, 5, 49).describe() == "point of five cards making 49 in hearts"


def test_carte_blanche_law_18() -> None:
    """A dealt hand of (at least) twelve cards without king, queen or knave."""
    blanche = parse_cards("AS TS 9S 8S 7S / AH TH 9H / AD TD / AC TC")
    assert is_carte_blanche(blanche)
    assert not is_carte_blanche(parse_cards("AS TS 9S 8S 7S / AH TH 9H / AD TD / AC JC"))
    assert not is_carte_blanche(blanche[:11])
    assert declare_everything(E1_A, dealt=blanche).carte_blanche
    assert not declare_everything(blanche).carte_blanche  # not shown without the dealt hand


# -- comparisons ---------------------------------------------------------------------------


def test_the_point_by_length_then_value_law_62() -> None:
    assert compare_points(Point(H, 5, 49), Point(D, 5, 48)) is Verdict.GOOD
    assert compare_points(Point(D, 5, 48), Point(H, 5, 49)) is Verdict.NOT_GOOD
    assert compare_points(Point(C, 6, 45), Point(S, 5, 51)) is Verdict.GOOD
    assert compare_points(Point(S, 5, 50), Point(C, 5, 50)) is Verdict.EQUAL


def test_sequences_by_length_then_top_law_63() -> None:
    quart_minor, tierce_major = Sequence(S, 4, Rank.TEN), Sequence(H, 3, Rank.ACE)
    assert compare_sequences(quart_minor, tierce_major) is Verdict.GOOD
    assert compare_sequences(Sequence(S, 3, Rank.KING), Sequence(H, 3, Rank.QUEEN)) is (
        Verdict.GOOD
    )
    assert compare_sequences(tierce_major, Sequence(C, 3, Rank.ACE)) is Verdict.EQUAL


def test_any_quatorze_beats_any_trio_law_64() -> None:
    assert compare_sets(RankSet(Rank.TEN, 4), RankSet(Rank.ACE, 3)) is Verdict.GOOD
    assert compare_sets(RankSet(Rank.KING, 4), RankSet(Rank.QUEEN, 4)) is Verdict.GOOD
    assert compare_sets(RankSet(Rank.KING, 3), RankSet(Rank.ACE, 3)) is Verdict.NOT_GOOD
    with pytest.raises(ValueError):
        compare_sets(RankSet(Rank.KING, 3), RankSet(Rank.KING, 3))


# -- rulings on what was declared ----------------------------------------------------------


def test_e1_rulings() -> None:
    declared = {A: declare_everything(E1_A), B: declare_everything(E1_B)}
    point = rule_point(declared)
    assert (point.good, point.equal, point.points) == (A, False, 5)
    sequences = rule_sequences(declared)
    assert (sequences.good, sequences.points) == (A, 4)
    sets = rule_sets(declared)
    assert (sets.good, sets.points) == (B, 17)  # four tens fourteen, three queens seventeen


def test_the_good_sequence_reckons_the_smaller_ones_despite_an_intermediate() -> None:
    """The Description: a quart to a queen and a tierce minor against a quart to a knave."""
    a = holdings(parse_cards("QH JH TH 9H / 9C 8C 7C"))
    b = holdings(parse_cards("JD TD 9D 8D"))
    ruling = rule_sequences(
        {A: Declaration(sequences=a.sequences), B: Declaration(sequences=b.sequences)}
    )
    assert ruling.good is A
    assert ruling.points == 7
    assert ruling.reckoned == (Sequence(H, 4, Rank.QUEEN), Sequence(C, 3, Rank.NINE))


def test_equal_sequences_annul_every_sequence_of_both() -> None:
    """The Description: "The equality of the superior sequence nullifies the whole"."""
    ruling = rule_sequences(
        {
            A: Declaration(sequences=(Sequence(S, 3, Rank.ACE), Sequence(H, 3, Rank.NINE))),
            B: Declaration(sequences=(Sequence(C, 3, Rank.ACE),)),
        }
    )
    assert (ruling.good, ruling.equal, ruling.points) == (None, True, 0)


def test_four_tens_and_three_knaves_against_three_aces() -> None:
    """The Description's example: A scores fourteen and three; B's aces count nothing."""
    ruling = rule_sets(
        {
            A: Declaration(sets=(RankSet(Rank.TEN, 4), RankSet(Rank.KNAVE, 3))),
            B: Declaration(sets=(RankSet(Rank.ACE, 3),)),
        }
    )
    assert (ruling.good, ruling.points) == (A, 17)


def test_a_quatorze_beats_two_trios() -> None:
    ruling = rule_sets(
        {
            A: Declaration(sets=(RankSet(Rank.TEN, 4),)),
            B: Declaration(sets=(RankSet(Rank.ACE, 3), RankSet(Rank.KING, 3))),
        }
    )
    assert (ruling.good, ruling.points) == (A, 14)


def test_a_sunk_holding_neither_scores_nor_bars() -> None:
    """A player need not call what he holds (the Description); what he sinks does not bar."""
    full = {A: declare_everything(E1_A), B: declare_everything(E1_B)}
    sunk = {A: declare_everything(E1_A), B: Declaration(point=Point(D, 5, 48))}
    assert rule_sets(full).good is B
    assert rule_sets(sunk).good is A  # B sank his tens and queens: A's three knaves are good
    assert rule_sets(sunk).points == 3


def test_a_point_called_alone_is_good_and_equal_points_reckon_nothing() -> None:
    alone = rule_point({A: Declaration(), B: Declaration(point=Point(C, 4, 38))})
    assert (alone.good, alone.points) == (B, 4)
    equal = rule_point(
        {A: Declaration(point=Point(S, 5, 50)), B: Declaration(point=Point(C, 5, 50))}
    )
    assert (equal.good, equal.equal, equal.points) == (None, True, 0)
    nothing = rule_point({A: Declaration(), B: Declaration()})
    assert (nothing.good, nothing.equal) == (None, False)
