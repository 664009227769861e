"""The partie (law 71) and its settlement, with the rubicon (laws 72, 73)."""

from __future__ import annotations

import pytest

from adjudicator.engine.piquet.partie import PartieLength, partie_state, settle
from adjudicator.notation.cards import Player

A, B = Player.A, Player.B


def test_e3_the_winner_takes_the_difference_and_a_hundred() -> None:
    """The Description: A 131, B 113: A wins 131 - 113 + 100 = 118 (law 72)."""
    settled = settle({A: 131, B: 113})
    assert (settled.winner, settled.loser, settled.points, settled.rubicon) == (A, B, 118, False)


def test_e3_a_rubicon() -> None:
    """The Description: A 125, B 81: B is under a hundred, A wins 125 + 81 + 100 = 306."""
    settled = settle({A: 125, B: 81})
    assert (settled.winner, settled.points, settled.rubicon) == (A, 306, True)


def test_law_73_whether_or_not_the_winner_reached_a_hundred() -> None:
    assert settle({A: 95, B: 90}).points == 95 + 90 + 100
    assert settle({A: 60, B: 98}).winner is B
    assert settle({A: 60, B: 98}).points == 258


def test_a_loser_on_exactly_a_hundred_is_not_rubiconed() -> None:
    settled = settle({A: 150, B: 100})
    assert (settled.points, settled.rubicon) == (150, False)


def test_e2_case_xxii_b_wins_a_rubicon_of_283() -> None:
    """Case XXII: the last deal of a partie, A 62 and B 92 before it; A scores 29 and B, who
    reckons nothing, none: A 91, B 92, and B wins 92 + 91 + 100."""
    deals = [{A: 20, B: 30}, {A: 10, B: 20}, {A: 12, B: 12}, {A: 10, B: 10}, {A: 10, B: 20}]
    before = partie_state(deals, (A, B))
    assert dict(before.totals) == {A: 62, B: 92}
    assert not before.finished
    after = partie_state([*deals, {A: 29, B: 0}], (A, B))
    assert dict(after.totals) == {A: 91, B: 92}
    assert (after.finished, after.winner) == (True, B)
    settled = settle(after.totals)
    assert (settled.winner, settled.points, settled.rubicon) == (B, 283, True)


def test_a_tie_after_six_deals_means_one_more_deal_each() -> None:
    six = [{A: 20, B: 10}] * 3 + [{A: 10, B: 20}] * 3
    level = partie_state(six, (A, B))
    assert dict(level.totals) == {A: 90, B: 90}
    assert (level.finished, level.deals_due, level.winner) == (False, 8, None)
    assert not partie_state([*six, {A: 5, B: 0}], (A, B)).finished
    won = partie_state([*six, {A: 5, B: 0}, {A: 0, B: 10}], (A, B))
    assert (won.finished, won.winner, dict(won.totals)) == (True, B, {A: 95, B: 100})


def test_a_second_tie_ends_the_partie_drawn() -> None:
    """Law 71: the partie is concluded after the extra deals "even if there should be a second
    tie"; the Description calls it drawn: no winner, and nothing won."""
    six = [{A: 20, B: 10}] * 3 + [{A: 10, B: 20}] * 3
    drawn = partie_state([*six, {A: 5, B: 0}, {A: 0, B: 5}], (A, B))
    assert (drawn.finished, drawn.winner) == (True, None)
    settled = settle(drawn.totals)
    assert (settled.winner, settled.points) == (None, 0)


def test_no_deal_after_the_partie_is_over() -> None:
    with pytest.raises(ValueError, match="over"):
        partie_state([{A: 10, B: 0}] * 7, (A, B))
    with pytest.raises(ValueError):
        partie_state([{Player.C: 10}], (A, B))


def test_the_four_deal_partie_doubles_the_first_and_last() -> None:
    """The note to law 71: four deals, the first and last counting double; a tie's extra deals
    single."""
    assert [PartieLength.FOUR.multiplier(n) for n in range(1, 7)] == [2, 1, 1, 2, 1, 1]
    assert [PartieLength.SIX.multiplier(n) for n in range(1, 9)] == [1] * 8
    four = [{A: 10, B: 0}, {A: 0, B: 10}, {A: 0, B: 10}, {A: 5, B: 0}]
    state = partie_state(four, (A, B), PartieLength.FOUR)
    assert dict(state.totals) == {A: 30, B: 20}
    assert (state.finished, state.winner) == (True, A)
    tied = [{A: 10, B: 0}, {A: 0, B: 20}, {A: 0, B: 0}, {A: 0, B: 0}]
    level = partie_state(tied, (A, B), PartieLength.FOUR)
    assert (level.finished, level.deals_due) == (False, 6)
    extra = partie_state([*tied, {A: 7, B: 0}, {A: 0, B: 3}], (A, B), PartieLength.FOUR)
    assert dict(extra.totals) == {A: 27, B: 23}
    assert extra.winner is A
