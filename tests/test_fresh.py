"""The table of fresh deals and the policy that makes it (adjudicator.engine.ecarte.fresh, .policy):
the shipped table is what its script deals, the chance of the game is right, and the policy's
rules do what its documentation says."""

from __future__ import annotations

import random

import pytest

from adjudicator.engine.ecarte.fresh import (
    CHUNK,
    OUTCOMES,
    POLICY,
    SEED,
    FreshDeals,
    Ways,
    deal_chunk,
    fresh_deals,
    shipped,
)
from adjudicator.engine.ecarte.policy import dealer_refuses, elder_stands, keeps, throws
from adjudicator.engine.ecarte.queries import Unknown
from adjudicator.engine.ecarte.rules import SUIT_MASK, mask
from adjudicator.notation.cards import Card, Suit


def cards(text: str) -> int:
    return mask(Card.parse(c) for c in text.split())


HEARTS = SUIT_MASK[Suit.HEARTS]


def test_the_shipped_table_is_what_the_script_deals() -> None:
    table = shipped()
    assert table.fresh.seed == SEED and table.fresh.policy == POLICY
    assert table.fresh.deals == CHUNK * len(table.chunks) >= 100_000
    # Dealt again from its seed, a chunk gives the same counts (the last: it needs all the
    # table's seeds to have been dealt in order to be there).
    last = len(table.chunks) - 1
    assert deal_chunk(SEED, last) == table.chunks[last]


def test_a_deal_is_worth_to_one_seat_what_it_costs_the_other() -> None:
    f = fresh_deals()
    assert f.marks(True) == pytest.approx(-f.marks(False))
    assert f.marks(True) == pytest.approx(f.expected(True) - f.expected(False))
    # Every deal gives the winner of the hand one or two marks, and a king sometimes.
    assert 1.0 < f.expected(True) + f.expected(False) < 2.2


def test_the_chance_of_the_game_is_one_players_or_the_others() -> None:
    f = fresh_deals()
    for mine in range(5):
        for his in range(5):
            for dealing in (True, False):
                mine_wins = f.game(mine, his, dealing)
                assert mine_wins + f.game(his, mine, not dealing) == pytest.approx(1.0)
            # More points, a better chance.
            if mine < 4:
                assert f.game(mine + 1, his, True) > f.game(mine, his, True)
    assert f.game(5, 3, True) == 1.0 and f.game(3, 5, False) == 0.0
    assert f.game(7, 0, True, target=10) < 1.0


def test_the_chance_of_the_game_agrees_with_games_played_out() -> None:
    """The exact sum against games dealt at random from the same outcomes (an independent
    count: the king marked first, the deal passing)."""
    table = FreshDeals([1, 2, 3, 1, 2, 1, 1, 0, 1, 0, 2, 2], deals=16, seed=0, policy="test")
    weights = [1, 2, 3, 1, 2, 1, 1, 0, 1, 0, 2, 2]
    rng = random.Random(7)
    for start in ((0, 0, True), (3, 4, False), (4, 4, True), (2, 0, False)):
        wins = 0
        games = 40_000
        for _ in range(games):
            mine, his, dealing = start
            while mine < 5 and his < 5:
                o = rng.choices(OUTCOMES, weights)[0]
                me = "dealer" if dealing else "elder"
                if o.king:
                    if o.king == me:
                        mine += 1
                    else:
                        his += 1
                    if mine >= 5 or his >= 5:
                        break
                if o.winner == me:
                    mine += o.marks
                else:
                    his += o.marks
                dealing = not dealing
            wins += mine >= 5
        exact = table.game(*start)
        assert abs(wins / games - exact) < 0.01, (start, wins / games, exact)


def test_a_king_at_four_wins_before_the_hand() -> None:
    # Every deal: the dealer marks the king, the elder wins the vole.
    counts = [0] * len(OUTCOMES)
    counts[OUTCOMES.index(next(o for o in OUTCOMES if o == ("dealer", "elder", 2)))] = 1
    table = FreshDeals(counts, deals=1, seed=0, policy="test")
    assert table.game(4, 4, True) == 1.0  # dealing at four: the king comes first
    assert table.game(4, 4, False) == 0.0  # the elder at four: the dealer's king first
    assert table.game(4, 2, False) == 1.0  # the dealer's king takes him to three only
    assert table.game(3, 3, False) == 1.0  # both on: the king (4), then the vole (5)


def test_discarding_keeps_trumps_and_kings() -> None:
    hand = cards("KS QH 7H 9C 8D")
    assert keeps(hand, HEARTS) == cards("KS QH 7H")
    assert throws(hand, HEARTS, 10) == cards("9C 8D")
    assert throws(hand, HEARTS, 1) == cards("8D") or throws(hand, HEARTS, 1) == cards("9C")
    # Nothing to throw by the rule: the lowest card not a trump goes.
    assert throws(cards("KH QH JH KS KC"), HEARTS, 5).bit_count() == 1
    assert throws(cards("KH QH JH KS KC"), HEARTS, 5) & ~HEARTS


def test_the_dealer_refuses_a_guarded_hand() -> None:
    assert dealer_refuses(cards("7H 8H 9H 7C 8C"), HEARTS)  # three trumps
    assert dealer_refuses(cards("7H 8H QS 7C 8C"), HEARTS)  # two trumps, a suit guarded
    assert dealer_refuses(cards("7H KS QC 8C 9D"), HEARTS)  # one trump, two guarded
    assert dealer_refuses(cards("KS QC QD 8C 9D"), HEARTS)  # three suits guarded
    assert not dealer_refuses(cards("KS QC 8C 9D 7D"), HEARTS)  # two guarded, no trump
    assert not dealer_refuses(cards("7H 8H 9S 7C 8C"), HEARTS)  # two trumps, no guard


def test_the_elder_stands_on_a_jeu_de_regle() -> None:
    rng = random.Random(1)

    def stands(text: str, turned: str = "9H") -> bool:
        hand = cards(text)
        seen = hand | cards(turned)
        unseen = [1 << i for i in range(32) if not seen >> i & 1]
        return elder_stands(hand, HEARTS, unseen, Suit.HEARTS, rng)

    # Four trumps but the king: should the dealer hold it (his one trump), it wins one trick,
    # and the elder's three trumps left win three, leading or trumping whatever he leads.
    assert stands("QH JH AH TH 7S")
    # Three trumps but the king and two small cards: the dealer's king and two better cards
    # of the small cards' suits can hold him to two tricks.
    assert not stands("QH JH AH 7S 7C")
    # The three best trumps: the point is sure, but holding the king he stands only if the
    # vole is likely too, and two sevens beside them seldom win (Foster's exception).
    assert not stands("KH QH JH 7S 7C")
    # Nothing: he asks for cards.
    assert not stands("7S 8S 7C 8C 7D")
    # Nothing: he asks for cards.
    assert not stands("7S 8S 7C 8C 7D")


def test_a_game_longer_than_the_table_reckons_is_refused() -> None:
    with pytest.raises(ValueError, match="at most 30"):
        fresh_deals().game(0, 0, True, target=1_000_000)


def _states(text: str) -> list:  # type: ignore[type-arg]
    from adjudicator import read_one
    from adjudicator.engine.ecarte.replay import replay

    return [s.table.deal for s in replay(read_one(text))]


DEALT = "deal 1 A\n  B: KH QH 9S\n  A: JS 8S 7D\n  B: 7C 8C\n  A: TD AH\n  turn 9D\n"


def test_playing_on_before_the_exchange_is_playing_on_the_cards_dealt() -> None:
    from adjudicator.engine.ecarte.fresh import play_from, play_on

    deal = _states(DEALT)[-1]
    ways = play_from(deal)
    assert ways is not None and not ways.exact  # the policy's play is sampled
    assert ways.counts == play_on(cards("KH QH 9S 7C 8C"), cards("JS 8S 7D TD AH"), cards("9D"), 0)


def test_playing_on_once_the_exchange_is_closed_is_perfect_play() -> None:
    from adjudicator.engine.ecarte.fresh import play_from
    from adjudicator.engine.ecarte.solve import solve_deal

    deal = _states(DEALT + "  B plays\n")[-1]
    ways = play_from(deal)
    assert ways is not None and ways.exact and sum(ways.counts) == 1  # every card known
    counts = ways.counts
    solved = solve_deal(deal)
    assert not isinstance(solved, Unknown)
    (ended,) = (o for o, n in zip(OUTCOMES, counts, strict=True) if n)
    assert ended.winner == ("dealer" if solved.winner is deal.dealer else "elder")
    assert ended.marks == solved.points
    # A trick in progress, every card known: exact too.
    led = _states(DEALT + "  B plays\n  B leads KH\n")[-1]
    ways = play_from(led)
    assert ways is not None and ways.exact and sum(ways.counts) == 1


def test_a_hand_played_short_is_not_played_on() -> None:
    from adjudicator.engine.ecarte.fresh import play_from

    short = "deal 1 A\n  B: KH QH 9S\n  A: JS 8S 7D\n  B: 7C\n  A: TD AH\n  turn 9D\n"
    assert play_from(_states(short + "  B plays\n  1. B KH A AH\n")[-1]) is None
    # Before a card is played, the short hand is completed as law 16 says: it is played on.
    before = play_from(_states(short)[-1])
    assert before is not None and sum(before.counts) == 64 and not before.exact


def _show(ways: Ways | None) -> dict[str, int] | None:
    if ways is None:
        return None
    return {
        f"{o.king or '-'} {o.winner} {o.marks}": n
        for o, n in zip(OUTCOMES, ways.counts, strict=True)
        if n
    }


def test_a_first_proposal_awaiting_its_answer_is_answered_under_law_49() -> None:
    from adjudicator.engine.ecarte.fresh import play_from

    dealt = "deal 1 A\n  B: KD QD JD\n  A: KS QC QH\n  B: 7S 7C\n  A: 8H 7H\n  turn 9D\n"
    assert dealer_refuses(cards("KS QC QH 8H 7H"), SUIT_MASK[Suit.DIAMONDS])
    # The policy's dealer refuses the first proposal and the elder wins the point: two.
    pending = _show(play_from(_states(dealt + "  B proposes\n")[-1]))
    refused = _show(play_from(_states(dealt + "  B proposes\n  A refuses\n")[-1]))
    assert pending == {"elder elder 2": 64} and refused == {"elder elder 2": 1}


def test_the_king_played_on_is_marked_only_as_the_laws_allow() -> None:
    from adjudicator.engine.ecarte.fresh import play_from

    dealt = "deal 1 A\n  B: KH QS 9S\n  A: JS 8S 7D\n  B: 7C 8C\n  A: TD AH\n  turn 9H\n  B plays\n"
    led = _show(play_from(_states(dealt + "  B leads KH\n  B announces king\n")[-1]))
    assert led is not None and all(k.startswith("elder ") for k in led)  # led and announced
    lapsed = _show(play_from(_states(dealt + "  1. B 9S A JS\n")[-1]))
    assert lapsed is not None and all(k.startswith("- ") for k in lapsed)  # played, unannounced


def test_a_hand_put_right_at_random_is_solved_in_every_way() -> None:
    from adjudicator.engine.ecarte.fresh import play_from

    six = (
        "deal 1 A\n  B: KH QH 9S\n  A: JS 8S 7D\n  B: 7C 8C\n  A: TD AH 7H\n  turn 9D\n  B plays\n"
    )
    # Law 17's card drawn at random from the dealer's six: each of the six ways solved.
    ways = play_from(_states(six)[-1])
    assert ways is not None and ways.exact and sum(ways.counts) == 6
    short = "deal 1 A\n  B: KH QH 9S\n  A: JS 8S 7D\n  B: 7C 8C\n  A: TD AH\n  turn 9D\n"
    led = play_from(
        _states(short.replace("  B: 7C 8C\n", "  B: 7C\n") + "  B plays\n  B leads KH\n")[-1]
    )
    assert led is None  # a trick in progress with a short hand: not played on, no error


def test_every_way_is_counted_before_it_is_solved() -> None:
    from adjudicator.engine.ecarte.fresh import EXACT_WAYS, play_from, ways_to_place
    from adjudicator.engine.ecarte.table import Holding

    # Before play, the dealer's six: any one of them lost (law 17), six ways.
    six = Holding(cards("JS 8S 7D TD AH 7H"))
    known = cards("KH QH 9S 7C 8C JS 8S 7D TD AH 7H 9D")
    assert ways_to_place(Holding(cards("KH QH 9S 7C 8C")), six, cards("9D"), known, False) == 6
    # Two of the elder's cards not shown, 31 cards they may be: 465 ways.
    assert ways_to_place(Holding(0, 2), Holding(0, 0), cards("9D"), cards("9D"), True) == 465
    # Past the threshold the cards not shown are drawn: the elder's five not shown (65,780
    # ways of the 26 cards left) are sampled, not solved in every way.
    unknown = (
        "deal 1 A\n  B: ?? ?? ??\n  A: JS 8S 7D\n  B: ?? ??\n  A: TD AH\n  turn 9D\n  B plays\n"
    )
    deal = _states(unknown)[-1]
    hands = deal.hand(deal.elder), deal.hand(deal.dealer)
    known = hands[1].cards | cards("9D")
    assert ways_to_place(*hands, cards("9D"), known, False) == 65_780 > EXACT_WAYS
    ways = play_from(deal)
    assert ways is not None and not ways.exact and sum(ways.counts) == 64
