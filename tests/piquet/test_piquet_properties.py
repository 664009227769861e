"""Properties of a deal's score over random deals, random sinking and random (lawful) play."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.engine.piquet.holdings import (
    Declaration,
    declare_everything,
    holdings,
    is_carte_blanche,
)
from adjudicator.engine.piquet.play import Trick
from adjudicator.engine.piquet.scoring import IN_HAND, Category, DealScore, score_deal
from adjudicator.notation.cards import ALL_CARDS, Card, Player

A, B = Player.A, Player.B
LAW_67 = [
    Category.CARTE_BLANCHE,
    Category.POINT,
    Category.SEQUENCES,
    Category.SETS,
    Category.PLAY,
    Category.CARDS,
]
BONUSES = {Category.PIQUE: 30, Category.REPIQUE: 60}


@dataclass(frozen=True)
class Deal:
    hands: dict[Player, tuple[Card, ...]]
    declared: dict[Player, Declaration]
    tricks: tuple[Trick, ...]
    barred: frozenset[Player]

    def score(self) -> DealScore:
        return score_deal(A, B, self.declared, self.tricks, reckon_nothing=self.barred)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """A's and B's twelve cards from a shuffled pack (A elder), what each declares (each
    holding kept or sunk), twelve tricks played with suit followed, and who is penalised."""
    pack = draw(st.permutations(ALL_CARDS))
    hands = {A: tuple(pack[:12]), B: tuple(pack[12:24])}
    declared = {}
    for player, hand in hands.items():
        held = holdings(hand)
        declared[player] = Declaration(
            carte_blanche=is_carte_blanche(hand) and draw(st.booleans()),
            point=held.point if draw(st.booleans()) else None,
            sequences=tuple(s for s in held.sequences if draw(st.booleans())),
            sets=tuple(s for s in held.sets if draw(st.booleans())),
        )
    left = {p: list(h) for p, h in hands.items()}
    leader, follower = A, B
    tricks = []
    for _ in range(12):
        led = draw(st.sampled_from(left[leader]))
        suited = [c for c in left[follower] if c.suit is led.suit]
        played = draw(st.sampled_from(suited or left[follower]))
        left[leader].remove(led)
        left[follower].remove(played)
        trick = Trick(leader, led, played)
        tricks.append(trick)
        if not trick.leader_wins:
            leader, follower = follower, leader
    barred = frozenset(draw(st.sets(st.sampled_from([A, B]))))
    return Deal(hands, declared, tuple(tricks), barred)


OTHER = {A: B, B: A}


@settings(max_examples=150, deadline=None)
@given(deals())
def test_swapping_the_players_swaps_the_scores(deal: Deal) -> None:
    score = deal.score()
    swapped = score_deal(
        B,
        A,
        {OTHER[p]: d for p, d in deal.declared.items()},
        tuple(Trick(OTHER[t.leader], t.led, t.played) for t in deal.tricks),
        reckon_nothing={OTHER[p] for p in deal.barred},
    )
    assert swapped.totals == {OTHER[p]: n for p, n in score.totals.items()}
    assert [(OTHER[s.player], s.category, s.points, s.total) for s in score.steps] == [
        (s.player, s.category, s.points, s.total) for s in swapped.steps
    ]


@settings(max_examples=150, deadline=None)
@given(deals())
def test_totals_are_the_categories_and_the_bonuses(deal: Deal) -> None:
    score = deal.score()
    for player in (A, B):
        mine = [s for s in score.steps if s.player is player]
        assert score.total(player) == sum(score.by_category(player).values())
        assert score.total(player) == (mine[-1].total if mine else 0)
        running = 0
        for step in mine:
            running += step.points
            assert step.total == running
    bonuses = [s for s in score.steps if s.category in BONUSES]
    assert len(bonuses) <= 1
    for step in bonuses:
        assert step.points == BONUSES[step.category]
        if step.category is Category.PIQUE:
            assert step.player is A and score.pique is A
        else:
            assert step.player == score.repique


@settings(max_examples=150, deadline=None)
@given(deals())
def test_the_steps_follow_law_67_and_bonuses_follow_the_step_reaching_thirty(deal: Deal) -> None:
    steps = deal.score().steps
    places = [LAW_67.index(s.category) for s in steps if s.category not in BONUSES]
    assert places == sorted(places)
    for i, step in enumerate(steps):
        if step.category in BONUSES:
            before = steps[i - 1]
            assert before.player is step.player
            assert before.total - before.points < 30 <= before.total
            assert before.category is not Category.CARDS
            if step.category is Category.REPIQUE:
                assert before.category in IN_HAND
            else:
                assert before.category is Category.PLAY


@settings(max_examples=150, deadline=None)
@given(deals())
def test_a_penalised_player_scores_only_a_carte_blanche_and_still_bars(deal: Deal) -> None:
    """Laws 58 and 44: the penalty takes the offender's score, not his adversary's; and the
    adversary scores the same whether or not the penalty is enforced."""
    score = deal.score()
    waived = score_deal(A, B, deal.declared, deal.tricks)
    for player in deal.barred:
        assert score.total(player) == (10 if deal.declared[player].carte_blanche else 0)
        if OTHER[player] not in deal.barred:
            assert score.total(OTHER[player]) == waived.total(OTHER[player])


@settings(max_examples=150, deadline=None)
@given(deals())
def test_play_points_and_tricks(deal: Deal) -> None:
    """Law 65: twelve leads, one for each trick won by the second player, one more for the
    last; law 66: twelve tricks between them."""
    play = deal.score().play
    followers_wins = sum(1 for t in deal.tricks if not t.leader_wins)
    assert sum(p.points for p in play.points) == 12 + followers_wins + 1
    assert sum(play.tricks.values()) == 12


@settings(max_examples=150, deadline=None)
@given(deals())
def test_sinking_never_raises_ones_own_score_in_hand(deal: Deal) -> None:
    score = deal.score()
    for player in (A, B):
        full = dict(deal.declared)
        full[player] = declare_everything(
            deal.hands[player], dealt=deal.hands[player] if full[player].carte_blanche else None
        )
        everything = score_deal(A, B, full, deal.tricks, reckon_nothing=deal.barred)

        def in_hand(s: DealScore, p: Player = player) -> int:
            return sum(n for c, n in s.by_category(p).items() if c in IN_HAND)

        assert in_hand(score) <= in_hand(everything)
