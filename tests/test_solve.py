"""The exact solver (:mod:`adjudicator.engine.ecarte.solve`) against a plain minimax written here
independently: on 2,000 random positions (hands of one to five cards, a card led or not, each
trump and none), the tricks, each card's value and cost, and a principal line that makes them.
Then the solver read from the table (``solve_deal``): the marks of the point, the vole and law 49.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import read_one
from adjudicator.engine.ecarte.queries import Unknown
from adjudicator.engine.ecarte.replay import replay
from adjudicator.engine.ecarte.solve import Position, position_of, solve, solve_deal
from adjudicator.notation.cards import ALL_CARDS, Card, Player, Rank, Suit
from adjudicator.shell.cli import app

# --------------------------------------------------------------------------------------------
#  The independent minimax: cards as objects, the law of play spelt out, no bitmasks
# --------------------------------------------------------------------------------------------

ORDER = list(Rank)  # king, queen, knave, ace, ten, nine, eight, seven


def higher(a: Card, b: Card) -> bool:
    """``a`` ranks above ``b`` (same suit)."""
    return ORDER.index(a.rank) < ORDER.index(b.rank)


def lawful(hand: frozenset[Card], led: Card, trump: Suit | None) -> list[Card]:
    """Follow suit, and win if able; void, trump if able; else anything."""
    suit = [c for c in hand if c.suit is led.suit]
    if suit:
        over = [c for c in suit if higher(c, led)]
        return over or suit
    if trump is not None and led.suit is not trump:
        trumps = [c for c in hand if c.suit is trump]
        if trumps:
            return trumps
    return list(hand)


def takes(card: Card, led: Card, trump: Suit | None) -> bool:
    """``card``, played to ``led``, wins the trick."""
    if card.suit is led.suit:
        return higher(card, led)
    return card.suit is trump


@cache
def best(leader: frozenset[Card], follower: frozenset[Card], trump: Suit | None) -> int:
    """Tricks the leader takes, both playing their best."""
    if not leader:
        return 0
    return max(after_lead(leader, follower, c, trump) for c in leader)


def after_lead(
    leader: frozenset[Card], follower: frozenset[Card], c: Card, trump: Suit | None
) -> int:
    return min(after_play(leader - {c}, follower, c, d, trump) for d in lawful(follower, c, trump))


def after_play(
    leader: frozenset[Card], follower: frozenset[Card], c: Card, d: Card, trump: Suit | None
) -> int:
    """Tricks the leader takes, the trick in progress included: he led ``c`` (already out of
    his hand), the follower plays ``d``."""
    rest = follower - {d}
    if takes(d, c, trump):
        return len(rest) - best(rest, leader, trump)
    return 1 + best(leader, rest, trump)


def random_position(rng: random.Random) -> tuple[Position, frozenset[Card], frozenset[Card]]:
    n = rng.randint(1, 5)
    led = rng.random() < 0.4
    cards = rng.sample(ALL_CARDS, 2 * n)
    trump = rng.choice([*Suit, None]) if rng.random() < 0.1 else rng.choice(list(Suit))
    leader, follower = frozenset(cards[:n]), frozenset(cards[n:])
    lead = None
    if led:
        lead = rng.choice(sorted(leader, key=lambda c: c.index))
        leader = leader - {lead}
    a, b = (Player.A, Player.B) if rng.random() < 0.5 else (Player.B, Player.A)
    masks = (sum(1 << c.index for c in leader), sum(1 << c.index for c in follower))
    return Position(trump, a, b, masks, lead), leader, follower


@pytest.mark.parametrize("block", range(4))
def test_the_solver_agrees_with_a_plain_minimax(block: int) -> None:
    rng = random.Random(block)
    for _ in range(500):
        position, leader, follower = random_position(rng)
        trump, lead = position.trump, position.lead
        got = solve(position)
        if lead is None:
            values = {c: after_lead(leader, follower, c, trump) for c in leader}
            mine, theirs = position.leader, position.follower
            n = len(leader)
        else:
            n = len(follower)
            values = {
                d: n - after_play(leader, follower, lead, d, trump)
                for d in lawful(follower, lead, trump)
            }
            mine, theirs = position.follower, position.leader
        top = max(values.values())
        assert got.values == values, position
        assert got.costs == {c: top - v for c, v in values.items()}
        assert got.tricks == {mine: top, theirs: n - top}
        assert got.total == got.tricks  # no trick won before
        check_line(position, got.line, got.tricks)


def check_line(
    position: Position, line: tuple[tuple[Player, Card], ...], tricks: dict[Player, int]
) -> None:
    """The principal line is lawful, alternates as the tricks fall, and makes the tricks."""
    hands = {
        position.leader: {c for c in ALL_CARDS if position.hands[0] >> c.index & 1},
        position.follower: {c for c in ALL_CARDS if position.hands[1] >> c.index & 1},
    }
    made = dict.fromkeys(hands, 0)
    leader, led = position.leader, position.lead
    follower = position.follower
    plays = list(line)
    while plays:
        if led is None:
            who, led = plays.pop(0)
            assert who is leader and led in hands[leader]
            hands[leader].discard(led)
        who, card = plays.pop(0)
        assert who is follower
        assert card in lawful(frozenset(hands[follower]), led, position.trump)
        hands[follower].discard(card)
        if takes(card, led, position.trump):
            leader, follower = follower, leader
        made[leader] += 1
        led = None
    assert made == tricks
    assert not any(hands.values())


# --------------------------------------------------------------------------------------------
#  From the table
# --------------------------------------------------------------------------------------------

RECORD = """[Event "solver"]
deal 1 A
  B: KH QH 9S
  A: 7H 8H 7C
  B: AC TC
  A: JS JD
  turn 8C
  B takes up
  A takes up
  B plays
  1. B KH A 7H
"""


def steps_of(text: str) -> list:  # type: ignore[type-arg]
    return list(replay(read_one(text)))


def test_solve_deal_reads_the_table_and_gives_the_marks() -> None:
    steps = steps_of(RECORD)
    after_first = steps[-1].table.deal
    before_play = steps[-2].table.deal
    assert after_first is not None and before_play is not None
    solved = solve_deal(after_first)
    assert not isinstance(solved, Unknown)
    # Clubs trumps; B won the first trick and leads from QH 9S AC TC against A's 8H 7C JS JD.
    # Worked by hand: B leads the ace of clubs (A must follow with the seven), the ten of clubs
    # (A has none), the queen of hearts (A must follow with the eight and cannot win); his last
    # card, the nine of spades, falls to A's knave. B four tricks, A one: B's point. A dealt and
    # B, the elder, played without proposing: only the dealer's point would count two (law 49).
    assert solved.solution.total == {Player.B: 4, Player.A: 1}
    assert (solved.winner, solved.points, solved.how) == (Player.B, 1, "point")
    whole = solve_deal(before_play)  # after "B plays": the exchange is over, B to lead
    assert not isinstance(whole, Unknown) and sum(whole.solution.total.values()) == 5
    assert isinstance(position_of(steps[1].table.deal), Unknown)  # dealing: not in play


def test_law_49_doubles_the_dealers_point_against_an_elder_who_stood() -> None:
    text = RECORD.replace("  1. B KH A 7H\n", "")
    text = text.replace("B: KH QH 9S", "B: 7D 8D KS").replace("A: 7H 8H 7C", "A: KC QC 7C")
    deal = steps_of(text)[-1].table.deal
    assert deal is not None
    solved = solve_deal(deal)
    assert not isinstance(solved, Unknown)
    # Clubs trumps. A holds KC QC 7C JS JD, B (to lead) 7D 8D KS AC TC. A trumps each diamond
    # and his king and queen of clubs take B's ace and ten; B's king of spades takes one trick
    # whatever is done (A must follow spades with his knave). A four, B one: the dealer's point,
    # and B, the elder, played without proposing: it counts two (law 49).
    assert solved.winner is Player.A and solved.solution.total == {Player.A: 4, Player.B: 1}
    assert (solved.points, solved.how) == (2, "point (law 49)")


# --------------------------------------------------------------------------------------------
#  ecarte solve
# --------------------------------------------------------------------------------------------

TUTORIAL = Path(__file__).resolve().parent.parent / "docs" / "examples" / "tutorial.etn"


def test_ecarte_solve_gives_tricks_and_leads() -> None:
    result = CliRunner().invoke(app, ["solve", "--format", "json", str(TUTORIAL)])
    assert result.exit_code == 0, result.output
    (record,) = json.loads(result.stdout)[0]["records"]
    assert "double dummy" in record["double_dummy"]
    (deal,) = record["deals"]
    # Hearts trumps; B, the elder, stood on KS QS JS 9D 7C against A's 7S 8H 9H QD 8C and
    # leads. Worked by hand: B's king of spades wins (A must follow with the seven); then A,
    # void in spades, must trump the queen, and his trumps and the queen of diamonds take the
    # rest: A four, B one, whatever B leads. A dealt and B played without proposing: A's point
    # counts two (law 49).
    assert deal["tricks"] == {"B": 1, "A": 4} and deal["to_move"] == "B"
    assert deal["leads"] == {"KS": 1, "QS": 1, "JS": 1, "9D": 1, "7C": 1}
    assert set(deal["costs"].values()) == {0}
    assert (deal["winner"], deal["points"], deal["how"]) == ("A", 2, "point (law 49)")
    assert len(deal["line_of_play"]) == 10 and deal["before_line"] == 15
    text = CliRunner().invoke(app, ["solve", "--at", "17", str(TUTORIAL)])
    assert "before line 17: A to lead; hearts trumps" in text.stdout
    assert "from here: A 2, B 1 (the hand: A 4, B 1)" in text.stdout


def test_ecarte_solve_says_which_cards_are_not_known(tmp_path: Path) -> None:
    record = tmp_path / "r.etn"
    record.write_text("deal 1 A\n  turn 8C\n  B plays\n  1. B KH A 7H\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["solve", str(record)])
    assert result.exit_code == 0
    # The dealing is not written: B's hand is five cards, of which the play names one (KH).
    assert "deal 1 (line 1): not solved: 4 of B's cards are not recorded" in result.stdout


# --------------------------------------------------------------------------------------------
#  ecarte replay --analyse
# --------------------------------------------------------------------------------------------


def test_replay_analyse_marks_an_unlawful_card() -> None:
    result = CliRunner().invoke(app, ["replay", "--analyse", str(TUTORIAL)])
    assert result.exit_code == 0
    # A trumped B's king of spades holding the seven: not a lawful card; the seven was.
    assert "trick 1: B KS, A 8H: A wins   [A's 8H: not a lawful card; best 7S]" in result.stdout


def test_replay_analyse_costs_agree_with_the_plain_minimax() -> None:
    from adjudicator.engine.ecarte.generate import generate
    from adjudicator.shell.show import summarise

    checked = costly = 0
    for seed in range(40):
        summary = summarise(generate(seed).record, analyse=True)
        for deal in summary["deals"]:
            hands: dict[str, set[Card]] = {}
            trump: Suit | None = None
            for item in deal["lines"]:
                if item["what"] in ("dealt", "hands"):
                    hands = {
                        p: {Card.parse(c) for c in h.split()} for p, h in item["hands"].items()
                    }
                    if item["what"] == "dealt":
                        trump = Suit(item["trump"])
                if item["what"] != "trick":
                    continue
                leader, follower = item["leader"], item["follower"]
                lead, follow = Card.parse(item["lead"]), Card.parse(item["follow"])
                mine, theirs = frozenset(hands[leader]), frozenset(hands[follower])
                values = {c: after_lead(mine, theirs, c, trump) for c in mine}
                first = item["analysis"][0]
                assert first["cost"] == max(values.values()) - values[lead]
                assert set(first["best"]) == {
                    c.code for c, v in values.items() if v == max(values.values())
                }
                n = len(theirs)
                plays = {
                    d: n - after_play(mine - {lead}, theirs, lead, d, trump)
                    for d in lawful(theirs, lead, trump)
                }
                second = item["analysis"][1]
                assert second["cost"] == max(plays.values()) - plays[follow]
                checked += 2
                costly += bool(first["cost"]) + bool(second["cost"])
                hands[leader].discard(lead)
                hands[follower].discard(follow)
    assert checked > 1000 and costly > 20


# --------------------------------------------------------------------------------------------
#  Unknown cards: every deal the record allows
# --------------------------------------------------------------------------------------------

STANDS = """deal 1 A
  B: KH QH 9S
  A: ?? ?? ??
  B: AC TC
  A: ?? ??
  turn 8C
  B plays
"""
"""B, the elder, stands on KH QH 9S AC TC (clubs trumps); the dealer's cards are not written."""


def test_fosters_count_of_dealer_hands() -> None:
    # The player holds one trump and the turn-up is another: six trumps among the 26 cards he
    # has not seen. Of the 65,780 hands the dealer may hold, 44,574 have fewer than two trumps
    # (Foster's figure: 15,504 with none and 29,070 with one).
    from adjudicator.engine.ecarte.chances import hands_of
    from adjudicator.engine.ecarte.rules import SUIT_MASK, mask

    seen = mask(
        Card.parse(c) for c in ["KH", "QH", "9S", "AC", "7D", "8C"]
    )  # his hand, the turn-up
    pool = ((1 << 32) - 1) & ~seen
    trumps = SUIT_MASK[Suit.CLUBS]
    counts = [0] * 6
    for hand in hands_of(pool, 5):
        counts[(hand & trumps).bit_count()] += 1
    assert sum(counts) == 65_780
    assert counts[0] == 15_504 and counts[1] == 29_070 and counts[0] + counts[1] == 44_574
    # Holding two trumps, five are unseen: 50,274 dealer hands have fewer than two of them
    # (Foster's other figure: the odds 50,274 to 15,506).
    seen = mask(Card.parse(c) for c in ["KH", "QH", "9C", "AC", "7D", "8C"])
    pool = ((1 << 32) - 1) & ~seen
    fewer = sum(1 for hand in hands_of(pool, 5) if (hand & trumps).bit_count() < 2)
    assert (fewer, 65_780 - fewer) == (50_274, 15_506)


def test_chances_over_every_dealer_hand() -> None:
    from adjudicator.engine.ecarte.chances import chances

    deal = steps_of(STANDS)[-1].table.deal
    assert deal is not None
    spread = chances(deal)
    assert not isinstance(spread, Unknown)
    assert spread.exact and spread.deals == spread.solved == 65_780
    assert spread.wins[Player.A] + spread.wins[Player.B] == 65_780  # someone takes three
    assert sum(spread.tricks[Player.B].values()) == 65_780
    assert spread.wins[Player.B] > 0.8 * 65_780
    # Sampled: the interval holds the exact chance (seeded: the same every run).
    sample = chances(deal, limit=2_000, sample=2_000, seed=3)
    assert not isinstance(sample, Unknown) and not sample.exact and sample.solved == 2_000
    low, high = sample.interval(Player.B)
    assert low < spread.chance(Player.B) < high and high - low < 0.04


def test_chances_agree_with_the_plain_minimax() -> None:
    # Two of the dealer's cards not written: every placement of the unseen cards, solved by
    # the independent minimax, tallied.
    from adjudicator.engine.ecarte.chances import chances

    text = STANDS.replace("A: ?? ?? ??", "A: JC ?? 7H").replace("A: ?? ??", "A: 8D ??")
    deal = steps_of(text)[-1].table.deal
    assert deal is not None
    spread = chances(deal)
    assert not isinstance(spread, Unknown) and spread.exact
    b = frozenset(Card.parse(c) for c in ["KH", "QH", "9S", "AC", "TC"])
    a = [Card.parse(c) for c in ["JC", "7H", "8D"]]
    unseen = [c for c in ALL_CARDS if c not in b and c not in a and c.code != "8C"]
    tally = {n: 0 for n in range(6)}
    for x in unseen:
        for y in unseen:
            if x.index < y.index:
                tally[best(b, frozenset([*a, x, y]), Suit.CLUBS)] += 1
    assert spread.deals == len(unseen) * (len(unseen) - 1) // 2
    assert spread.tricks[Player.B] == tally


def test_ecarte_solve_gives_the_chances_when_cards_are_unknown(tmp_path: Path) -> None:
    record = tmp_path / "stands.etn"
    record.write_text(STANDS, encoding="utf-8")
    result = CliRunner().invoke(app, ["solve", "--format", "json", str(record)])
    (deal,) = json.loads(result.stdout)[0]["records"][0]["deals"]
    assert deal["chances"]["exact"] and deal["chances"]["deals"] == 65_780
    assert 0.8 < deal["chances"]["win"]["B"] < 1
    text = CliRunner().invoke(app, ["solve", str(record)]).stdout
    assert "over every one of the 65,780 deals the record allows" in text


def test_chances_shared_among_processes_are_the_same() -> None:
    from adjudicator.engine.ecarte.chances import chances

    text = "deal 1 A\n  B: KH QH 9S 7C 8C\n  A: ?? ?? ?? ?? ??\n  turn 9D\n  B plays\n"
    deal = list(replay(read_one(text)))[-1].table.deal
    assert deal is not None
    one, two = chances(deal), chances(deal, jobs=2)
    assert one == two and not isinstance(one, Unknown) and one.deals == 65_780


def test_a_position_from_the_older_english_hoyle() -> None:
    """Its second game, restated: spades trumps; the dealer holds the queen and nine of trumps,
    the knave and ten of clubs and the seven of hearts; the elder the knave and ten of trumps,
    the king of diamonds and the king and ten of hearts. The book has the elder lead the king of
    diamonds and make the point, and warns that leading the knave of trumps lets the dealer's
    queen take it and his ten of clubs make a trick, losing the point."""
    position = Position(
        Suit.SPADES,
        Player.B,
        Player.A,
        (
            _hand("JS TS KD KH TH"),
            _hand("QS 9S JC TC 7H"),
        ),
    )
    solved = solve(position)
    assert solved.tricks[Player.B] == 3  # the point, with best play on both sides
    values = {c.code: v for c, v in solved.values.items()}
    assert values["KD"] == 3 and values["JS"] == 2 and values["TS"] == 2


def _hand(text: str) -> int:
    from adjudicator.engine.ecarte.rules import mask

    return mask(Card.parse(c) for c in text.split(" "))
