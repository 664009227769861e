"""The replay engine, checked against games worked out by hand and against generated games.

* ``tests/data/games/*.etn``: six complete games, every hand computed by hand (the comments in
  each file give the computation). The figures below (tricks, winners, marks, scores) are the
  hand computation, written here, never read back from the engine.
* Irregular plays (a revoke, a failure to win, a failure to trump) replay to the end and are
  reported at their line and column.
* Generated games (``adjudicator.engine.ecarte.generate``) replay without a deviation and agree with
the
  generator's own tally; every card the generator played was lawful.
* The rule of play (follow suit, win if able, trump if void and able) and the winner of a trick
  are checked against naive implementations written straight from the laws' words.

Where a test fails because of a fault in the library, it stays as the correct expectation,
marked ``xfail(strict=True)`` with a reason that begins ``BUG:``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pipeline import Told

from adjudicator import ALL_CARDS, Card, Player, Suit, read_one, write
from adjudicator.engine.ecarte.generate import generate
from adjudicator.engine.ecarte.queries import (
    Unknown,
    announced_in_time,
    entitled_marks,
    holds_king,
    legal_cards,
    played_without_proposing,
    refused_first_proposal,
    stock_cards,
    to_act,
    tricks_won,
)
from adjudicator.engine.ecarte.replay import final_table, replay
from adjudicator.engine.ecarte.rules import cards_of, legal_follows, mask, trick_winner
from adjudicator.engine.ecarte.table import DealState, Ending, Step
from adjudicator.notation.ecarte.model import (
    Accept,
    Deal,
    Discard,
    Lead,
    Mark,
    MarkReason,
    Packet,
    Play,
    Propose,
    Refuse,
    Trick,
    Turn,
)

GAMES = Path(__file__).resolve().parent / "data" / "games"
A, B = Player.A, Player.B


def cards(text: str) -> set[Card]:
    """``"KH QH 9S"`` as a set of cards."""
    return {Card.parse(word) for word in text.split()}


def steps_of(path: Path) -> list[Step]:
    return list(replay(read_one(path)))


def last_states(steps: list[Step]) -> dict[int, tuple[DealState, tuple[int, int, int]]]:
    """Each deal's state after its last event, with the sheet at that moment."""
    out: dict[int, tuple[DealState, tuple[int, int, int]]] = {}
    for step in steps:
        deal = step.table.deal
        if deal is not None:
            out[deal.number] = (deal, step.table.sheet)
    return out


def line_of(path: Path, deal: int, text: str) -> int:
    """The number of the first line of deal ``deal`` (in ``path``) that begins with ``text``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    inside = False
    for number, line in enumerate(lines, start=1):
        words = line.split(";")[0].split()
        if words[:2] == ["deal", str(deal)]:
            inside = True
            continue
        if inside and words[:1] == ["deal"]:
            break
        if inside and line.strip().startswith(text):
            return number
    raise AssertionError(f"{text!r} not in deal {deal} of {path.name}")


def step_at(steps: list[Step], line: int) -> Step:
    """The step of the event on ``line``."""
    found = [s for s in steps if s.line == line]
    assert len(found) == 1, line
    return found[0]


def deal_at(path: Path, deal: int, text: str) -> DealState:
    """The deal just after the event of deal ``deal`` whose line begins with ``text``."""
    state = step_at(steps_of(path), line_of(path, deal, text)).table.deal
    assert state is not None
    return state


# --------------------------------------------------------------------------------------------
#  The hand-worked games: the figures of the hand computation
# --------------------------------------------------------------------------------------------


class Hand(NamedTuple):
    """One deal as computed by hand."""

    winner: Player | None
    """Who won the point or the vole (``None``: the hand was not played)."""
    tricks: tuple[int, int] | None
    """Tricks won by A and by B."""
    points: int
    """What the hand itself is worth to its winner (laws 48, 49)."""
    marks: tuple[int, int]
    """Everything A and B are entitled to mark for the deal (kings included)."""
    score: tuple[int, int]
    """A's and B's score after the deal."""


class Worked(NamedTuple):
    file: str
    winner: Player
    final: tuple[int, int]
    hands: tuple[Hand, ...]


WORKED = (
    Worked(
        "01-turned-king-exchange-vole.etn",
        A,
        (5, 1),
        (
            Hand(A, (4, 1), 1, (2, 0), (2, 0)),  # KH turned: A 1; A the point
            Hand(B, (1, 4), 1, (1, 1), (3, 1)),  # A announces KD; B the point
            Hand(A, (5, 0), 2, (2, 0), (5, 1)),  # A the vole
        ),
    ),
    Worked(
        "02-law24-king-led.etn",
        B,
        (1, 5),
        (
            Hand(B, (1, 4), 1, (0, 2), (0, 2)),  # B leads KS and announces it: 1; the point
            Hand(A, (4, 1), 1, (1, 0), (1, 2)),  # A the point
            Hand(B, (0, 5), 2, (0, 3), (1, 5)),  # B announces KH; the vole
        ),
    ),
    Worked(
        "03-law24-dealer-king.etn",
        B,
        (2, 5),
        (
            Hand(B, (2, 3), 1, (0, 2), (0, 2)),  # dealer B plays KC first, announces: 1; point
            Hand(A, (4, 1), 1, (2, 0), (2, 2)),  # A announces KS; the point
            Hand(B, (1, 4), 1, (0, 2), (2, 4)),  # B announces KD; the point
            Hand(B, (1, 4), 1, (0, 1), (2, 5)),  # B plays without proposing, wins: 1
        ),
    ),
    Worked(
        "04-law49-played-without-proposing.etn",
        B,
        (2, 6),
        (
            Hand(A, (3, 2), 2, (2, 0), (2, 0)),  # B stood and lost: dealer A 2 (law 49)
            Hand(B, (1, 4), 1, (0, 1), (2, 1)),  # B holds KC, never announced: no king
            Hand(B, (0, 5), 2, (0, 3), (2, 4)),  # B announces KD; stands; the vole, 2
            Hand(B, (1, 4), 2, (0, 2), (2, 6)),  # A stood and lost: dealer B 2 (law 49)
        ),
    ),
    Worked(
        "05-law49-refused-king-wins.etn",
        A,
        (5, 2),
        (
            Hand(A, (3, 2), 2, (3, 0), (3, 0)),  # B refused the first proposal: A 2; KH 1
            Hand(B, (1, 4), 1, (0, 2), (3, 2)),  # a second proposal refused: only 1; KD 1
            Hand(A, (4, 1), 1, (1, 0), (4, 2)),  # A the point
            Hand(None, None, 0, (1, 0), (5, 2)),  # KC turned: A 5 before the play
        ),
    ),
    Worked(
        "06-unknown-cards.etn",
        B,
        (2, 5),
        (
            Hand(A, (3, 2), 2, (2, 0), (2, 0)),  # B stood and lost: dealer A 2
            Hand(B, (2, 3), 1, (0, 1), (2, 1)),  # B the point
            Hand(B, (1, 4), 2, (0, 3), (2, 4)),  # A refused the first proposal: B 2; KD 1
            Hand(B, (2, 3), 1, (0, 1), (2, 5)),  # B the point; KH held, not announced
        ),
    ),
)


def test_every_game_file_is_worked_here() -> None:
    assert sorted(p.name for p in GAMES.glob("*.etn")) == sorted(w.file for w in WORKED)


@pytest.mark.parametrize("worked", WORKED, ids=lambda w: w.file)
def test_worked_game_final_score(worked: Worked) -> None:
    table = final_table(read_one(GAMES / worked.file))
    a, b = worked.final
    assert table.sheet == (a, b, 0)
    assert table.games == ((worked.winner, (a, b, 0)),)
    assert table.over


@pytest.mark.parametrize("worked", WORKED, ids=lambda w: w.file)
def test_worked_game_has_no_deviation(worked: Worked) -> None:
    found = [
        (s.line, d.kind, d.message) for s in steps_of(GAMES / worked.file) for d in s.deviations
    ]
    assert found == []


@pytest.mark.parametrize("worked", WORKED, ids=lambda w: w.file)
def test_worked_game_deal_by_deal(worked: Worked) -> None:
    states = last_states(steps_of(GAMES / worked.file))
    assert sorted(states) == list(range(1, len(worked.hands) + 1))
    for number, hand in enumerate(worked.hands, start=1):
        deal, sheet = states[number]
        where = f"{worked.file} deal {number}"
        if hand.winner is None:
            assert deal.result is None, where
            assert deal.tricks == (), where
        else:
            assert deal.result is not None, where
            assert deal.result.winner is hand.winner, where
            assert hand.tricks is not None
            assert deal.result.tricks == (*hand.tricks, 0), where
            assert deal.result.points == hand.points, where
            assert len(deal.tricks) == 5, where
        assert entitled_marks(deal) == {A: hand.marks[0], B: hand.marks[1]}, where
        # The record marked exactly what the laws entitle.
        marked = {A: 0, B: 0}
        for player, points in deal.marks:
            marked[player] += points
        assert marked == {A: hand.marks[0], B: hand.marks[1]}, where
        assert sheet == (*hand.score, 0), where


def test_worked_games_tricks_one_by_one() -> None:
    # Game 1, deal 1, trumps hearts: B KC A 9H (A trumps), A KS B 7H (B trumps), B QD A AH,
    # A QH B JH, A JS B AC.
    deal, _ = last_states(steps_of(GAMES / WORKED[0].file))[1]
    assert [t.winner for t in deal.tricks] == [A, B, A, A, A]
    assert [(t.leader, t.lead, t.follower, t.follow) for t in deal.tricks][:2] == [
        (B, Card.parse("KC"), A, Card.parse("9H")),
        (A, Card.parse("KS"), B, Card.parse("7H")),
    ]
    assert tricks_won(deal) == {A: 4, B: 1}


# --------------------------------------------------------------------------------------------
#  The laws each hand-worked game was written to show
# --------------------------------------------------------------------------------------------


def test_turned_king_is_the_dealers() -> None:
    path = GAMES / WORKED[0].file
    deal = deal_at(path, 1, "A marks king")
    assert deal.turned == (Card.parse("KH"),)
    assert entitled_marks(deal) == {A: 1, B: 0}


def test_king_announced_before_the_first_card() -> None:
    path = GAMES / WORKED[0].file
    deal = deal_at(path, 2, "A announces king")
    assert deal.announced == ((A, 0, False),)
    assert announced_in_time(deal, A)
    assert entitled_marks(deal) == {A: 1, B: 0}


def test_law_24_king_led_first_announced_before_it_is_played_to() -> None:
    path = GAMES / WORKED[1].file
    deal = deal_at(path, 1, "B announces king")
    assert deal.lead is not None and deal.lead[1] == Card.parse("KS")
    assert announced_in_time(deal, B)
    after = deal_at(path, 1, "A plays 7S")
    assert announced_in_time(after, B)
    assert after.tricks[0].winner is B


def test_law_24_king_led_announced_too_late() -> None:
    # The same game with the announcement after A played to the king: too late (law 24), so
    # B is entitled to the point only in deal 1.
    text = (GAMES / WORKED[1].file).read_text(encoding="utf-8")
    text = text.replace(
        "  B announces king            ; law 24: the king led first may be announced until "
        "it is played to\n  A plays 7S                  ; A's only spade: B wins the trick\n",
        "  A plays 7S\n  B announces king\n",
    )
    assert text.count("B announces king\n") == 1
    deal, _ = last_states(list(replay(read_one(text))))[1]
    assert not announced_in_time(deal, B)
    assert entitled_marks(deal) == {A: 0, B: 1}


def test_law_24_dealers_first_card_announced_before_he_plays_again() -> None:
    path = GAMES / WORKED[2].file
    deal = deal_at(path, 1, "B announces king")
    assert deal.dealer is B
    assert deal.tricks[0].follow == Card.parse("KC")
    assert announced_in_time(deal, B)
    final, _ = last_states(steps_of(path))[1]
    assert entitled_marks(final) == {A: 0, B: 2}


def test_law_24_dealers_king_announced_after_he_played_again() -> None:
    # Move the announcement after trick 2, when B has played again: too late.
    text = (GAMES / WORKED[2].file).read_text(encoding="utf-8")
    old = (
        "  B announces king            ; law 24: his first card played, "
        "announced before he plays again\n"
    )
    assert old in text
    text = text.replace(old, "").replace(
        "  2. B KD A JH                ; A has no diamond and no trump: B\n",
        "  2. B KD A JH\n  B announces king\n",
    )
    deal, _ = last_states(list(replay(read_one(text))))[1]
    assert not announced_in_time(deal, B)
    assert entitled_marks(deal) == {A: 0, B: 1}


def test_law_49_elder_played_without_proposing_and_lost() -> None:
    states = last_states(steps_of(GAMES / WORKED[3].file))
    deal, _ = states[1]  # B (elder) stood; A (dealer) made 3 tricks: 2
    assert played_without_proposing(deal)
    assert deal.result is not None and (deal.result.winner, deal.result.points) == (A, 2)
    deal, _ = states[4]  # A (elder) stood; B (dealer) made 4 tricks: 2
    assert played_without_proposing(deal)
    assert deal.result is not None and (deal.result.winner, deal.result.points) == (B, 2)
    deal, _ = states[3]  # B (elder) stood and won the vole himself: 2, as ever
    assert played_without_proposing(deal)
    assert deal.result is not None and (deal.result.winner, deal.result.points) == (B, 2)


def test_law_49_dealer_refused_the_first_proposal_and_lost() -> None:
    states = last_states(steps_of(GAMES / WORKED[4].file))
    deal, _ = states[1]  # B (dealer) refused A's first proposal; A made 3 tricks: 2
    assert refused_first_proposal(deal)
    assert deal.result is not None and (deal.result.winner, deal.result.points) == (A, 2)
    deal, _ = states[2]  # A (dealer) accepted the first, refused the second; B won: 1 only
    assert not refused_first_proposal(deal)
    assert [p.answer for p in deal.proposals] == ["accept", "refuse"]
    assert deal.result is not None and (deal.result.winner, deal.result.points) == (B, 1)


def test_exchange_by_both_players() -> None:
    path = GAMES / WORKED[0].file
    deal = deal_at(path, 1, "A: KS 9H")
    assert deal.hand(B).known == sorted(cards("KC AC QD JH 7H"), key=lambda c: c.index)
    assert set(deal.hand(A).known) == cards("QH AH 9H KS JS")
    assert set(cards_of(deal.discards[1].cards)) == cards("9S 8S 7D 7C")
    assert set(cards_of(deal.discards[0].cards)) == cards("TD 8C")
    assert deal.stock == 21 - 4 - 2


def test_game_won_by_a_king_mark_before_the_play() -> None:
    path = GAMES / WORKED[4].file
    steps = steps_of(path)
    step = step_at(steps, line_of(path, 4, "A marks king"))
    assert step.table.over
    assert step.table.games == ((A, (5, 2, 0)),)
    deal = step.table.deal
    assert deal is not None and deal.tricks == () and deal.result is None
    assert deal.phase == "exchange"
    assert steps[-1].line == step.line + 1  # only the score line follows


# --------------------------------------------------------------------------------------------
#  Whose turn, what may be played, what is left in the stock (game 2)
# --------------------------------------------------------------------------------------------

GAME2 = GAMES / WORKED[1].file


def test_queries_after_the_turn() -> None:
    deal = deal_at(GAME2, 1, "turn 9S")
    assert to_act(deal).player is B
    assert "propose" in to_act(deal).what
    # Any card may be led.
    assert set(legal_cards(deal, B)) == cards("KS QH 8S JH 7C")
    count, candidates = stock_cards(deal)
    assert count == 21
    seen = cards("KS QH 7S 8D 8S JH 7C QD JD TC 9S")
    assert set(cards_of(candidates)) == set(ALL_CARDS) - seen


def test_queries_when_the_king_is_led() -> None:
    deal = deal_at(GAME2, 1, "B leads KS")
    assert to_act(deal).player is A
    assert legal_cards(deal, A) == [Card.parse("7S")]  # his only spade
    deal = deal_at(GAME2, 1, "A plays 7S")
    assert to_act(deal).player is B  # B won the trick with his king
    assert "lead" in to_act(deal).what


def test_queries_after_a_trick_won_by_the_dealer() -> None:
    deal = deal_at(GAME2, 1, "2. B 7C A TC")
    assert to_act(deal).player is A  # A won trick 2 with the ten of clubs
    assert set(legal_cards(deal, A)) == cards("QD JD 8D")
    assert stock_cards(deal)[0] == 21


def test_queries_through_an_exchange() -> None:
    expected = [
        ("A proposes", B),  # the dealer answers
        ("B accepts", A),  # the elder discards
        ("A discards 9C 7S", B),  # the dealer gives
        ("A: AD TC", B),  # the dealer may discard
        ("B discards 7H", B),  # the dealer takes
        ("B: 9S", A),  # the elder proposes again, or leads
    ]
    for text, who in expected:
        assert to_act(deal_at(GAME2, 2, text)).player is who, text
    assert stock_cards(deal_at(GAME2, 2, "A: AD TC"))[0] == 19
    deal = deal_at(GAME2, 2, "B: 9S")
    count, candidates = stock_cards(deal)
    assert count == 18
    seen = cards("KH QH 9C 7H 8H JS 8D 7S AC QS TD AD TC 9S")
    assert set(cards_of(candidates)) == set(ALL_CARDS) - seen
    assert set(legal_cards(deal, A)) == cards("KH QH AD 8D TC")
    deal = deal_at(GAME2, 2, "2. A TC B AC")
    assert to_act(deal).player is B  # the ace beat the ten
    deal = deal_at(GAME2, 2, "5. A AD B JS")
    assert to_act(deal).player is None


# --------------------------------------------------------------------------------------------
#  Unknown cards (game 6)
# --------------------------------------------------------------------------------------------

GAME6 = GAMES / WORKED[5].file


def held(deal: DealState, player: Player) -> tuple[set[Card], int]:
    hand = deal.hand(player)
    return set(hand.known), hand.unknown


def test_unknown_cards_inferred_from_the_play() -> None:
    deal = deal_at(GAME6, 1, "turn JH")
    assert held(deal, A) == (cards("KD AH 8H TC 7C"), 0)
    assert held(deal, B) == (cards("QS JS QH 9H 7D"), 0)
    deal = deal_at(GAME6, 3, "turn 7D")
    assert held(deal, A) == (cards("AS TS JH TH 7H"), 0)
    assert held(deal, B) == (cards("KS QS KD 9D 8H"), 0)
    deal = deal_at(GAME6, 4, "turn 9H")
    assert held(deal, A) == (cards("KC QD 8D 7S 7C"), 0)  # 7C from his discard
    assert held(deal, B) == (cards("KH AH JS TD 7D"), 0)


def test_unknown_cards_that_the_record_never_reveals() -> None:
    deal = deal_at(GAME6, 2, "turn 8C")
    # A's hand: three cards from the play, two from his discard.
    assert held(deal, A) == (cards("KH QH JD 8D 7S"), 0)
    # B kept QC TC 9H; the two he discarded were never seen.
    assert held(deal, B) == (cards("QC TC 9H"), 2)
    assert holds_king(deal, A) is False
    assert isinstance(holds_king(deal, B), Unknown)  # KC may be among B's unseen cards
    assert isinstance(legal_cards(deal, B), Unknown)
    assert set(legal_cards(deal, A)) == cards("KH QH JD 8D 7S")
    deal = deal_at(GAME6, 2, "B: QD 9S")
    assert held(deal, B) == (cards("QC TC 9H QD 9S"), 0)
    assert holds_king(deal, B) is False
    assert stock_cards(deal)[0] == 21 - 2 - 2


def test_unknown_card_in_a_trick() -> None:
    record = read_one(
        "deal 1 A\n  B: KH QH 9S\n  A: 7H 8D JS\n  B: 7D 9C\n  A: AD 8H\n  turn KS\n"
        "  1. B ?? A 8H\n"
    )
    deal = final_table(record).deal
    assert deal is not None
    assert isinstance(tricks_won(deal), Unknown)
    assert deal.tricks[0].winner is None


def test_regression_a_partial_packet_is_not_guessed() -> None:
    deal = deal_at(GAME6, 1, "B: ?? ??")
    # Which two of QS JS QH 9H 7D came in the first packet, the record does not say.
    assert held(deal, B) == (set(), 2)


def test_regression_stock_candidates_exclude_cards_known_in_hand() -> None:
    deal = deal_at(GAME6, 1, "turn JH")
    assert held(deal, A) == (cards("KD AH 8H TC 7C"), 0)  # as the table says
    count, candidates = stock_cards(deal)
    assert count == 21
    in_hands = cards("KD AH 8H TC 7C QS JS QH 9H 7D")
    assert set(cards_of(candidates)) == set(ALL_CARDS) - in_hands - cards("JH")


DRAWN_UNKNOWN = """\
deal 1 A
  B: KH QH JH
  A: ?? ?? ??
  B: AH TH
  A: ?? ??
  turn 7S
  B proposes
  A accepts
  B discards TH
  B: 9H
  A discards ?? ??
  A: ?? ??
  1. B KH A KS
  2. A QS B 9H
  3. A JS B QH
  4. A AS B JH
  5. A TS B AH
"""


def test_regression_cards_drawn_unseen_are_not_credited_to_the_hand_before() -> None:
    steps = list(replay(read_one(DRAWN_UNKNOWN)))
    deal = step_at(steps, 6).table.deal  # after the turn, before the exchange
    assert deal is not None
    # A discarded two unseen cards and drew two unseen cards: any of KS QS JS AS TS may have
    # come from the stock, so whether he held the king of trumps before is not known.
    assert isinstance(holds_king(deal, A), Unknown)
    assert held(deal, A) == (set(), 5)


# --------------------------------------------------------------------------------------------
#  Irregular plays: reported where they happened, and the replay goes on
# --------------------------------------------------------------------------------------------

REVOKE = """\
deal 1 A
  B: KH QH 9S
  A: 7H 8D JS
  B: 7D 9C
  A: AD 8H
  turn KS
  B plays
  1. B KH A 8D
  2. B QH A 8H
  3. B 9S A JS
  4. A AD B 7D
  5. A 7H B 9C
"""
"""A holds 8H 7H and plays 8D to the king of hearts: he did not follow suit (line 8)."""

NOT_WINNING = """\
deal 1 A
  B: KH 9H 7D
  A: QH 8H JS
  B: TC 9C
  A: AD 8D
  turn 7S
  B plays
  B leads 9H
    A plays 8H ; A could win with QH
  2. B KH A QH
  3. B TC A JS
  4. A AD B 7D
  5. A 8D B 9C
"""
"""A holds QH and plays 8H to the nine of hearts: he did not win when able (line 9, col 5)."""

NOT_TRUMPING = """\
deal 1 A
  B: KH 9H 7D
  A: QS 8S JC
  B: TC 9C
  A: AD 8D
  turn 7S
  B plays
  1. B KH A AD
  2. B TC A JC
  3. A QS B 7D
  4. A 8S B 9H
  5. A 8D B 9C
"""
"""A has no heart but holds QS 8S, and plays AD to the king of hearts: he did not trump
(line 8)."""


@pytest.mark.parametrize(
    ("text", "line", "column", "kind", "card", "legal", "tricks"),
    [
        (REVOKE, 8, 3, "not_following_suit", "8D", "8H 7H", (3, 2)),
        (NOT_WINNING, 9, 5, "not_winning", "8H", "QH", (3, 2)),
        (NOT_TRUMPING, 8, 3, "not_winning", "AD", "QS 8S", (4, 1)),
    ],
    ids=["revoke", "not-winning", "not-trumping"],
)
def test_irregular_play_is_reported_where_it_happened(
    text: str,
    line: int,
    column: int,
    kind: str,
    card: str,
    legal: str,
    tricks: tuple[int, int],
) -> None:
    steps = list(replay(read_one(text)))
    found = [(s, d) for s in steps for d in s.deviations]
    assert len(found) == 1
    step, dev = found[0]
    assert (step.line, step.column) == (line, column)
    assert dev.kind == kind
    assert dev.player is A
    assert dev.cards == (Card.parse(card),)
    assert set(dev.legal) == cards(legal)
    # The replay went on to the end of the hand.
    assert steps[-1].line == len(text.splitlines())
    deal = steps[-1].table.deal
    assert deal is not None and deal.result is not None
    assert deal.result.tricks == (*tricks, 0)
    assert deal.tricks[0].winner is B  # the irregular card lost the trick


# --------------------------------------------------------------------------------------------
#  The deal passing, the packet order, completing a short hand
# --------------------------------------------------------------------------------------------

CUT = "cut A KH B 9C\n"
"""A cuts higher: A deals first."""
FIVE_EACH = "  B: KH QH 9S\n  A: JS 8S 7D\n  B: 7C 8C\n  A: TD AH\n  turn 9D\n"
"""A deals 3-2: B holds KH QH 9S 7C 8C, A holds JS 8S 7D TD AH; diamonds are trumps."""


def _kinds(steps: list[Step], line: int) -> list[str]:
    return [d.kind for s in steps if s.line == line for d in s.deviations]


def _line(text: str, fragment: str) -> int:
    """The line (1-based) of the first line of ``text`` that contains ``fragment``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_an_annulled_deal_does_not_pass() -> None:
    # A faced card in the pack (law 12): the laws annul deal 1 with no claim line, and the
    # same dealer deals again.
    text = CUT + "deal 1 A\n  B: KH QH 9S\n  faced 8D\n\ndeal 2 A\n" + FIVE_EACH
    record = read_one(text)
    heading = _line(text, "deal 2")
    passed = list(replay(record))
    assert _kinds(passed, heading) == ["deal_out_of_turn"]  # the engine alone passes it on
    steps = list(replay(record, Told({0: Ending.FRESH_DEAL})))
    assert _kinds(steps, heading) == []
    # Up to the end of deal 1 the table is as the plain replay has it: the annulment takes
    # effect between the deals. The deal after is his by right.
    before = [s for s in steps if s.line < heading]
    assert before == [s for s in passed if s.line < heading]
    assert steps[-1].table.next_dealer is B


def test_an_annulled_deal_out_of_turn_goes_to_the_right_dealer() -> None:
    # A deals twice running; law 14 voids his second deal before its turn-up: B, whose deal
    # it was, deals next.
    text = CUT + "deal 1 A\n" + FIVE_EACH + "deal 2 A\n  B: ?? ?? ??\n\ndeal 3 B\n  A: ?? ??\n"
    steps = list(replay(read_one(text), Told({1: Ending.VOID})))
    assert _kinds(steps, _line(text, "deal 2")) == ["deal_out_of_turn"]  # it was B's deal
    assert _kinds(steps, _line(text, "deal 3")) == []  # B deals, as he should have


def test_an_annulled_deal_played_in_part_is_not_unfinished() -> None:
    # Law 20: B plays with four cards without taking any: a fresh deal, A's again.
    text = CUT + "deal 1 A\n" + FIVE_EACH.replace("B: 7C 8C", "B: 7C") + "  B plays\n"
    text += "  1. B KH A AH\n\ndeal 2 A\n" + FIVE_EACH
    record, heading = read_one(text), _line(text, "deal 2")
    assert _kinds(list(replay(record)), heading) == ["deal_out_of_turn", "hand_unfinished"]
    assert _kinds(list(replay(record, Told({0: Ending.FRESH_DEAL}))), heading) == []


def test_a_claimed_fresh_deal_is_not_annulled_twice() -> None:
    text = CUT + "deal 1 A\n  B: KH QH 9S\n  B claims new deal\n\ndeal 2 A\n" + FIVE_EACH
    record = read_one(text)
    assert list(replay(record, Told({0: Ending.VOID}))) == list(replay(record))


def test_a_refused_claim_changes_nothing() -> None:
    # The court refuses B's claim of a fresh deal: the deal goes on, and passes to B.
    text = CUT + "deal 1 A\n  B: KH QH 9S\n  B claims new deal\n\ndeal 2 B\n" + FIVE_EACH
    record, claim = read_one(text), _line(text, "claims new deal")
    told = Told(refused={claim})
    steps = list(replay(record, told))
    assert told.asked == [claim]
    at = next(s for s in steps if s.line == claim)
    assert at.refused and at.table == next(s for s in steps if s.line == claim - 1).table
    assert _kinds(steps, _line(text, "deal 2")) == []  # B's deal, in turn
    allowed = list(replay(record, Told()))
    assert _kinds(allowed, _line(text, "deal 2")) == ["deal_out_of_turn"]  # A's again


def test_a_refused_card_taken_back_stays_led() -> None:
    text = CUT + "deal 1 A\n" + FIVE_EACH + "  B leads KH\n  B retracts KH\n"
    record, back = read_one(text), _line(text, "retracts")
    kept = list(replay(record, Told(refused={back})))[-1].table.deal
    taken = list(replay(record, Told()))[-1].table.deal
    assert kept is not None and taken is not None
    assert kept.lead is not None and kept.lead[1] == Card.parse("KH")
    assert taken.lead is None


def test_nothing_is_asked_of_a_fact_that_would_change_nothing() -> None:
    # A card taken back too late: the engine asks no leave. A claim is always asked: the
    # option it takes may carry a law's remedy (Leave.remedies), which only the court knows.
    text = CUT + "deal 1 A\n" + FIVE_EACH + "  1. B KH A AH\n  B retracts KH\n  A claims suit H\n"
    told = Told()
    list(replay(read_one(text), told))
    assert told.asked == [_line(text, "claims suit")]


@pytest.mark.parametrize(
    ("packets", "order", "wrong"),
    [
        # four then one: the nearest lawful first packet is three (3-2)
        ("B: KH QH 9S 7C|A: JS 8S 7D TD|B: 8C|A: AH", (3, 2), [1, 2, 3, 4]),
        ("B: KH QH 9S 7C|A: JS 8S 7D|B: 8C|A: TD AH", (3, 2), [1, 3]),
        # one then four: two (2-3)
        ("B: KH|A: JS 8S|B: QH 9S 7C 8C|A: 7D TD AH", (2, 3), [1, 3]),
        # the lawful orders, for comparison
        ("B: KH QH 9S|A: JS 8S 7D|B: 7C 8C|A: TD AH", (3, 2), []),
        ("B: KH QH|A: JS 8S|B: 9S 7C 8C|A: 7D TD AH", (2, 3), []),
    ],
)
def test_the_first_packet_selects_the_order(
    packets: str, order: tuple[int, int], wrong: list[int]
) -> None:
    text = CUT + "deal 1 A\n" + "".join(f"  {p}\n" for p in packets.split("|"))
    steps = list(replay(read_one(text)))
    assert steps[-1].table.orders == (order, None, None)
    sized = [
        i
        for i, s in enumerate(s for s in steps if s.kind == "packet")
        if any(d.kind == "wrong_packet_size" for d in s.deviations)
    ]
    assert [i + 1 for i in sized] == wrong


def test_the_order_an_odd_first_packet_selects_binds_the_dealer() -> None:
    deal_1 = "deal 1 A\n  B: KH QH 9S 7C\n  A: JS 8S 7D\n  B: 8C\n  A: TD AH\n  turn 9D\n"
    deal_2 = "deal 2 B\n  A: ?? ??\n  B: ?? ??\n  A: ?? ?? ??\n  B: ?? ?? ??\n"
    deal_3 = "deal 3 A\n  B: ?? ??\n  A: ?? ??\n  B: ?? ?? ??\n  A: ?? ?? ??\n"
    steps = list(replay(read_one(CUT + deal_1 + deal_2 + deal_3)))
    changed = [d for s in steps for d in s.deviations if d.kind == "order_changed"]
    assert [d.message for d in changed] == ["A dealt 2-3; his order this game is 3-2"]


SHORT_B = FIVE_EACH.replace("B: 7C 8C", "B: 7C")
"""B is dealt four cards (no 8C)."""
SHORT_A = FIVE_EACH.replace("A: TD AH", "A: TD")
"""A deals himself four cards (no AH)."""


@pytest.mark.parametrize(
    ("dealt", "after", "flagged"),
    [
        (SHORT_B, "  B claims complete\n  B: 8C\n", False),  # law 16
        (SHORT_B, "  B: 8C\n", True),  # nobody called for it
        (SHORT_B, "  B claims complete\n  B: 8C 7H\n", True),  # six: more than completes
        (FIVE_EACH, "  B claims complete\n  B: 7H\n", True),  # his hand was not short
        (SHORT_B, "  A claims complete\n  B: 8C\n", True),  # not A's to call for B
        (SHORT_A, "  B permits complete\n  A: AH\n", False),  # law 18
        (SHORT_A, "  B proposes\n  B permits complete\n  A: AH\n  A accepts\n", False),
        (SHORT_A, "  A: AH\n", True),  # without his leave
        (SHORT_A, "  B permits complete\n  B: 7H\n", True),  # the leave was for A
    ],
)
def test_a_completion_called_for_is_not_given_out_of_turn(
    dealt: str, after: str, flagged: bool
) -> None:
    text = CUT + "deal 1 A\n" + dealt + after
    steps = list(replay(read_one(text)))
    kinds = [d.kind for s in steps if s.kind == "packet" for d in s.deviations]
    assert ("cards_given_out_of_turn" in kinds) is flagged


def test_a_completion_is_given_once() -> None:
    text = CUT + "deal 1 A\n" + SHORT_B.replace("B: KH QH 9S", "B: KH QH")
    text += "  B claims complete\n  B: 9S\n  B: 8C\n"
    steps = list(replay(read_one(text)))
    packets = [s for s in steps if s.kind == "packet"][-2:]
    assert [[d.kind for d in s.deviations] for s in packets] == [[], ["cards_given_out_of_turn"]]
    assert steps[-1].table.deal is not None and steps[-1].table.deal.hand(B).size == 5


# --------------------------------------------------------------------------------------------
#  Purity
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [w.file for w in WORKED] + ["revoke"])
def test_replay_is_pure(name: str) -> None:
    record = read_one(REVOKE) if name == "revoke" else read_one(GAMES / name)
    copy = record.model_copy(deep=True)
    first = list(replay(record))
    second = list(replay(record))
    assert first == second
    assert record == copy  # the record was not changed
    assert final_table(record) == first[-1].table


# --------------------------------------------------------------------------------------------
#  Generated games
# --------------------------------------------------------------------------------------------


def _naive_deal(deal: Deal) -> tuple[int, dict[Player, int] | None]:
    """Play one deal of a record by the laws' words, independently of the engine's rules
    (cards as codes; :func:`naive_may_play`, :func:`naive_winner` below): every card led or
    played was in the player's hand and every card played to a lead was lawful; then what the
    winner of the hand marks for it (law 48: the point one, the vole two; law 49: the point
    two when the dealer wins and the non-dealer never proposed, or the non-dealer wins and the
    dealer refused the first proposal). Returns the cards checked and the hand's marks (``None``
    if the hand was not played out)."""
    dealer, elder = deal.dealer, (B if deal.dealer is A else A)
    hands: dict[Player, set[str]] = {A: set(), B: set()}
    trump: str | None = None
    leader = elder
    won = {A: 0, B: 0}
    proposed, first_answer = False, ""
    checked = 0
    pending: tuple[Player, str] | None = None

    def trick(lead_by: Player, led: str, follower: Player, follow: str) -> Player:
        nonlocal checked
        assert lead_by is leader, (deal.number, "lead out of turn")
        assert led in hands[lead_by] and follow in hands[follower], (deal.number, led, follow)
        hands[lead_by].discard(led)
        assert follow in naive_may_play(sorted(hands[follower]), led, trump), (led, follow)
        hands[follower].discard(follow)
        checked += 1
        return follower if naive_winner(led, follow, trump) == "follower" else lead_by

    for e in deal.events:
        if isinstance(e, Packet):
            hands[e.player] |= {c.code for c in e.cards if c is not None}
        elif isinstance(e, Discard):
            hands[e.player] -= {c.code for c in e.cards if c is not None}
        elif isinstance(e, Turn) and e.cards[0] is not None:
            trump = e.cards[0].code[1]
        elif isinstance(e, Propose):
            proposed = proposed or e.player is elder
        elif isinstance(e, Accept | Refuse) and not first_answer:
            first_answer = e.kind
        elif isinstance(e, Lead) and e.card is not None:
            pending = (e.player, e.card.code)
        elif isinstance(e, Play | Trick):
            if isinstance(e, Trick):
                assert e.lead is not None and e.follow is not None and e.follower is not None
                pending, follower, follow = (e.leader, e.lead.code), e.follower, e.follow.code
            else:
                assert pending is not None and e.card is not None
                follower, follow = e.player, e.card.code
            leader = trick(pending[0], pending[1], follower, follow)
            won[leader] += 1
            pending = None
    if sum(won.values()) < 5:
        return checked, None
    winner = A if won[A] >= 3 else B
    doubled = (winner is dealer and not proposed) or (winner is elder and first_answer == "refuse")
    points = 2 if won[winner] == 5 else (2 if doubled else 1)
    return checked, {winner: points}


def _hand_marks(deal: Deal) -> dict[Player, int]:
    """The marks the record makes in the deal for the hand (not for a king)."""
    out: dict[Player, int] = {}
    for e in deal.events:
        if isinstance(e, Mark) and e.reason is not MarkReason.KING and e.points is not None:
            out[e.player] = out.get(e.player, 0) + e.points
    return out


GENERATED_GAMES = int(os.environ.get("ECARTE_GENERATED_GAMES", "3000"))
"""Generated games replayed against the naive rules: 3,000 in the suite (about 8 s on one
core), ``ECARTE_GENERATED_GAMES=10000`` for the longer run."""


def test_generated_games_replay_lawfully() -> None:
    # The engine finds no deviation, and the games are checked again by rules written apart
    # from the engine's (_naive_deal).
    plays = 0
    for seed in range(GENERATED_GAMES):
        g = generate(seed)
        table = None
        for step in replay(g.record):
            assert not step.deviations, (seed, step.line, step.deviations)
            table = step.table
        assert table is not None
        expected = tuple((w, (s[A], s[B], 0)) for w, s in g.games)
        assert table.games == expected, seed
        assert len(expected) == 1 and table.over, seed
        assert g.score == {A: 0, B: 0}
        assert table.sheet == expected[-1][1], seed
        for deal in g.record.deals:
            checked, marks = _naive_deal(deal)
            plays += checked
            if marks is not None:  # played out: the record marks what the laws' words give
                assert _hand_marks(deal) == marks, (seed, deal.number)
    assert plays > GENERATED_GAMES * 5


@pytest.mark.parametrize("seeds", [range(0, 10_000, 10)], ids=["1000-seeds"])
def test_generated_records_round_trip(seeds: range) -> None:
    for seed in seeds:
        record = generate(seed).record
        assert read_one(write(record)) == record, seed


def test_generated_games_of_several_games() -> None:
    g = generate(7, games=3)
    table = final_table(g.record)
    assert table.games == tuple((w, (s[A], s[B], 0)) for w, s in g.games)
    assert len(table.games) == 3


# --------------------------------------------------------------------------------------------
#  The rule of play against naive implementations of the laws' words
# --------------------------------------------------------------------------------------------

RANKS = "KQJAT987"
"""High to low in every suit: the ace between the knave and the ten."""


def naive_may_play(hand: list[str], lead: str, trump: str | None) -> set[str]:
    """What the second player may play to ``lead`` (cards as codes such as ``"AH"``): he must
    follow suit; he must win the trick if he can, with a higher card of the suit led, or, if
    he has none of the suit, with a trump; if he can do neither, any card of the suit led, or
    (having none) any card."""
    rank, suit = RANKS.index(lead[0]), lead[1]
    of_suit = [c for c in hand if c[1] == suit]
    if of_suit:
        winning = [c for c in of_suit if RANKS.index(c[0]) < rank]
        return set(winning) if winning else set(of_suit)
    if trump is not None and trump != suit:
        trumps = [c for c in hand if c[1] == trump]
        if trumps:
            return set(trumps)
    return set(hand)


def naive_winner(lead: str, follow: str, trump: str | None) -> str:
    """``"leader"`` or ``"follower"``: the higher card of the suit led wins, or a trump played
    to another suit."""
    if follow[1] == lead[1]:
        return "follower" if RANKS.index(follow[0]) < RANKS.index(lead[0]) else "leader"
    if trump is not None and follow[1] == trump:
        return "follower"
    return "leader"


CODES = [c.code for c in ALL_CARDS]
trumps = st.none() | st.sampled_from([s.value for s in Suit])


@st.composite
def deals_to_a_lead(draw: st.DrawFn) -> tuple[list[str], str, str | None]:
    lead = draw(st.sampled_from(CODES))
    trump = draw(trumps)
    others = [c for c in CODES if c != lead]
    near = [c for c in others if c[1] == lead[1] or c[1] == trump]
    pool = draw(st.sampled_from([others, near])) or others
    hand = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=5, unique=True))
    return hand, lead, trump


@settings(max_examples=1500, deadline=None)
@given(deals_to_a_lead())
def test_legal_follows_agrees_with_the_laws_words(
    case: tuple[list[str], str, str | None],
) -> None:
    hand, lead, trump = case
    got = legal_follows(
        mask(Card.parse(c) for c in hand),
        Card.parse(lead),
        Suit(trump) if trump is not None else None,
    )
    assert {c.code for c in cards_of(got)} == naive_may_play(hand, lead, trump)


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(CODES), min_size=2, max_size=2, unique=True), trumps)
def test_trick_winner_agrees_with_the_laws_words(pair: list[str], trump: str | None) -> None:
    lead, follow = pair
    won = trick_winner(
        B, Card.parse(lead), A, Card.parse(follow), Suit(trump) if trump is not None else None
    )
    assert won is (A if naive_winner(lead, follow, trump) == "follower" else B)


@pytest.mark.parametrize(
    ("hand", "lead", "trump", "legal"),
    [
        ("AH 9H", "TH", "S", "AH"),  # the ace beats the ten: must win with it
        ("JH TH", "AH", "S", "JH"),  # the knave beats the ace
        ("TH 9H KS", "AH", "S", "TH 9H"),  # cannot beat the ace: any heart, not the trump
        ("KS 8S QD", "AH", "S", "KS 8S"),  # void in hearts: must trump
        ("KS 8S QD", "AH", None, "KS 8S QD"),  # trump unknown: nothing to trump with
        ("QD JC", "AH", "S", "QD JC"),  # void, no trump: any card
        ("AS 7S KH", "JS", "S", "AS 7S"),  # a trump led: follow, cannot beat the knave
    ],
)
def test_legal_follows_examples(hand: str, lead: str, trump: str | None, legal: str) -> None:
    got = legal_follows(
        mask(cards(hand)), Card.parse(lead), Suit(trump) if trump is not None else None
    )
    assert set(cards_of(got)) == cards(legal)
    assert naive_may_play(hand.split(), lead, trump) == set(legal.split())


# --------------------------------------------------------------------------------------------
#  Law 46: treble, double, single by agreement
# --------------------------------------------------------------------------------------------


def _game_to(winner_marks: int, loser_marks: int, scoring: str | None) -> str:
    """A record whose marks give A five points and B ``loser_marks`` (marks only: the engine
    counts the sheet)."""
    tags = '[Game "5"]\n' + (f'[Scoring "{scoring}"]\n' if scoring else "")
    lines = ["deal 1 A"]
    lines += ["  B marks 1 point"] * loser_marks
    lines += ["  A marks 1 point"] * winner_marks
    return tags + "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("loser", "scoring", "value"),
    [
        (0, "law46", 3),  # the adversary has not scored: a treble
        (1, "law46", 2),  # one or two: a double
        (2, "law46", 2),
        (3, "law46", 1),  # three or four: a single
        (4, "law46", 1),
        (0, None, 1),  # without the agreement every game is a single
        (0, "single", 1),
    ],
)
def test_law46_game_values(loser: int, scoring: str | None, value: int) -> None:
    table = final_table(read_one(_game_to(5, loser, scoring)))
    assert table.games[0][0] is A
    assert table.game_values == (value,)


# -- unknown is never zero (issue 10): a dealing not written down, hands stated whole ------------


def _at_turn(text: str) -> DealState:
    for step in replay(read_one(text)):
        if step.kind == "turn":
            assert step.table.deal is not None
            return step.table.deal
    raise AssertionError("no turn-up")


def test_a_dealing_not_written_down_is_five_cards_each_not_named() -> None:
    deal = _at_turn("deal 1 A\n  turn 7C\n")
    assert [h.size for h in deal.hands[:2]] == [5, 5]
    assert deal.hands[0].cards == deal.hands[1].cards == 0
    assert deal.stock == 21  # ten dealt, one turned up
    assert deal.unrecorded == (("packets", None), ("dealt", Player.B), ("dealt", Player.A))


def test_the_play_names_the_cards_of_a_dealing_not_written_down() -> None:
    steps = list(replay(read_one("deal 1 A\n  turn 7C\n  1. B QH A AH\n")))
    # Whether A, four of whose cards are not named, could have won the queen: not known (the
    # king of hearts could be among them).
    assert [d.kind for s in steps for d in s.deviations] == ["play_undetermined"]
    at_turn = steps[1].table.deal
    assert at_turn is not None
    assert Card.parse("QH") in at_turn.hand(Player.B).known
    # Nothing beats a king of the suit led: whatever A's other cards, following is lawful.
    steps = list(replay(read_one("deal 1 A\n  turn 7C\n  1. B KH A AH\n")))
    assert not any(s.deviations for s in steps)
    assert at_turn.hand(Player.B).unknown == 4


def test_hands_stated_whole_are_what_was_dealt() -> None:
    deal = _at_turn("deal 1 A\n  B holds KH 9H 8D 7D 7S\n  A holds ?? ?? ?? ?? ??\n  turn 7C\n")
    assert deal.hand(Player.B).size == deal.hand(Player.A).size == 5
    assert deal.hand(Player.A).unknown == 5
    assert deal.stock == 21
    assert deal.unrecorded == (("packets", None),)  # the counts are known: five each


def test_six_cards_stated_whole_are_six_dealt() -> None:
    steps = list(
        replay(
            read_one("deal 1 A\n  B holds KH QH 9S 7C 8C 9C\n  A holds ?? ?? ?? ?? ??\n  turn 9D\n")
        )
    )
    assert steps[-1].table.deal is not None and steps[-1].table.deal.stock == 20
    assert [d.kind for d in steps[-1].deviations] == ["wrong_count_dealt"]


def test_a_hand_stated_without_a_card_known_in_it_contradicts_the_record() -> None:
    text = "deal 1 A\n  B: KH QH 9S\n  A: JS 8S 7D\n  B: 7C 8C\n  A: TD AH\n  turn 9D\n"
    steps = list(replay(read_one(text + "  B holds KH QH 9S 7C 9C\n")))
    assert [d.kind for d in steps[-1].deviations] == ["holding_contradicts"]
    steps = list(replay(read_one(text + "  B holds KH QH 9S 7C ??\n")))  # ?? is the 8C
    assert not steps[-1].deviations
    assert steps[-1].table.deal is not None
    assert steps[-1].table.deal.hand(Player.B).unknown == 0


def test_a_later_statement_of_a_hand_counts_what_was_dealt() -> None:
    # The dealing not written down: A's hand, stated after the proposal, has six cards.
    deal = _at_turn("deal 1 A\n  turn 7C\n  B proposes\n  A holds QS JS 9H ?? ?? ??\n")
    assert deal.hand(Player.A).size == 6
    assert ("dealt", Player.A) not in deal.unrecorded  # the statement counts it
    assert ("dealt", Player.B) in deal.unrecorded
    assert deal.stock == 32 - 6 - 5 - 1
    # Three cards stated after three tricks played: he was dealt six.
    text = (
        "deal 1 A\n  turn 7C\n  1. B KH A 7H\n  2. B QH A 8H\n  3. B JH A 9H\n  B holds ?? ?? ??\n"
    )
    assert _at_turn(text).hand(Player.B).size == 6
