"""The replay of piquet records: lawful records replay with no deviation and score as the
laws say; each kind of departure from lawful play is found where the record shows it, and a
near miss is not.

The expected figures and deviations below were written from the laws (the reference
``laws-of-piquet.md``) before the replay was run on them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.engine.piquet.replay import RecordReplay, replay_record
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet import read_one

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "docs" / "examples" / "piquet-example.ptn").read_text(encoding="utf-8")
A, B = Player.A, Player.B


def replay(text: str) -> RecordReplay:
    return replay_record(read_one(text))


def kinds(text: str) -> list[tuple[DeviationKind, int]]:
    """Each deviation's kind and line."""
    return [(d.kind, d.line) for d in replay(text).deviations]


def line_of(text: str, fragment: str) -> int:
    """The line number (1-based) of the first line holding ``fragment``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def edit(old: str, new: str, text: str = EXAMPLE) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


# -- lawful records ----------------------------------------------------------------------------


def test_cavendish_example_scores_a_28_b_23_with_no_deviation() -> None:
    replayed = replay(EXAMPLE)
    assert replayed.deviations == ()
    (deal,) = replayed.deals()
    assert deal.score is not None
    assert dict(deal.score.totals) == {A: 28, B: 23}
    # A: point 5, quart major 4, play 9 (six leads, AS on B's lead, the last trick 2), cards 10
    assert deal.score.by_category(A)["point"] == 5  # type: ignore[index]
    assert deal.score.pique is None and deal.score.repique is None


def test_case_xxii_settles_as_a_rubicon_of_283_for_b() -> None:
    text = (ROOT / "tests" / "piquet" / "data" / "case-xxii.ptn").read_text(encoding="utf-8")
    replayed = replay(text)
    (partie,) = replayed.parties
    assert partie.finished
    assert partie.settlement is not None
    assert (partie.settlement.winner, partie.settlement.points) == (B, 283)
    assert partie.settlement.rubicon
    # B discarded two and took three (law 31), and so held thirteen (law 58)
    assert kinds(text) == [
        (DeviationKind.TAKEN, line_of(text, "B takes 3")),
        (DeviationKind.HAND_SIZE, line_of(text, "1. A ?? B TS")),
    ]


def test_two_parties_settle_each_with_its_rubicon_where_due() -> None:
    text = (ROOT / "docs" / "examples" / "piquet-two-parties.ptn").read_text(encoding="utf-8")
    replayed = replay(text)
    assert replayed.deviations == ()
    first, second = replayed.parties
    assert first.settlement is not None and second.settlement is not None
    assert (first.settlement.winner, first.settlement.points, first.settlement.rubicon) == (
        A,
        118,
        False,
    )
    assert (second.settlement.winner, second.settlement.points, second.settlement.rubicon) == (
        A,
        306,
        True,
    )


# -- the play ----------------------------------------------------------------------------------


def test_a_revoke_is_found_and_playing_off_suit_when_void_is_not() -> None:
    # A holds JC and 9C when B leads the ace of clubs: a spade to it is a revoke (law 59 IV).
    text = edit("7. B AC A 9C", "7. B AC A 8S")
    text = edit("9. B QC A 8S", "9. B QC A 9C", text)
    assert kinds(text) == [(DeviationKind.REVOKE, line_of(text, "7. B AC A 8S"))]
    # Near miss: at trick 10 of the example A plays 9S to TC, having played both his clubs.
    assert "10. B TC A 9S" in EXAMPLE
    assert kinds(EXAMPLE) == []


def test_a_lead_out_of_turn_is_found() -> None:
    # B won trick 6 with the ace of diamonds: the lead to trick 7 is his.
    text = edit("7. B AC A 9C", "7. A 9C B AC")
    found = kinds(text)
    assert (DeviationKind.LEAD, line_of(text, "7. A 9C B AC")) in found


def test_a_card_not_held_is_found() -> None:
    # A discarded the king of spades; he cannot lead it.
    text = edit("12. A JS B TS", "12. A KS B TS")
    assert (DeviationKind.NOT_HELD, line_of(text, "12. A KS B TS")) in kinds(text)


def test_a_trick_numbered_out_of_order_is_found() -> None:
    text = edit("3. A QH B TD", "4. A QH B TD")
    assert (DeviationKind.TRICK_NUMBER, line_of(text, "4. A QH B TD")) in kinds(text)


# -- the dialogue ------------------------------------------------------------------------------


def test_an_answer_the_hands_do_not_bear_out_is_found() -> None:
    # B's diamonds make 48 against A's 49: "not good" is untrue (law 51's matter).
    text = edit("  B: good                     ; his diamonds make 48", "  B: not good")
    assert kinds(text) == [(DeviationKind.ANSWER, line_of(text, "B: not good"))]
    (deal,) = replay(text).deals()
    assert deal.score is not None and deal.score.total(A) == 28  # A's point is still good


def test_a_call_of_what_is_not_held_is_found() -> None:
    # A holds five hearts at most: six cards is not held (law 54's matter).
    text = edit("  A: five cards\n", "  A: six cards\n")
    assert (DeviationKind.CALL, line_of(text, "A: six cards")) in kinds(text)


def test_a_count_said_wrongly_is_found_and_a_right_one_is_not() -> None:
    text = edit("  A: 11\n", "  A: 12\n")
    assert kinds(text) == [(DeviationKind.COUNT, line_of(text, "A: 12"))]


def test_a_call_after_the_younger_played_to_the_first_trick_is_not_reckoned() -> None:
    # Law 56: once the younger hand has played to the first trick, nothing omitted reckons.
    text = edit("  B: three queens\n", "")
    text = edit("  2. A KH B 7D\n", "  2. A KH B 7D\n  B: three queens\n", text)
    replayed = replay(text)
    assert (DeviationKind.CALL, line_of(text, "B: three queens")) in kinds(text)
    (deal,) = replayed.deals()
    assert deal.score is not None and deal.score.by_category(B)["quatorzes and trios"] == 14  # type: ignore[index]


# -- written scores ----------------------------------------------------------------------------


def test_a_result_and_a_score_written_wrongly_are_found() -> None:
    text = edit("  score A 28 B 23", "  result A 28 B 24\n  score A 28 B 22")
    assert kinds(text) == [
        (DeviationKind.RESULT, line_of(text, "result A 28 B 24")),
        (DeviationKind.SCORE, line_of(text, "score A 28 B 22")),
    ]


# -- the exchange ------------------------------------------------------------------------------

SMALL = """[Game "piquet"]

deal 1 B
  A holds AS KS QS JS TS 9S 8S 7S AH KH QH JH
  B holds TH 9H 8H 7H AD KD QD JD TD 9D 8D 7D
  stock AC KC QC JC TC 9C 8C 7C
{exchange}
"""


def test_the_elder_taking_six_and_the_younger_before_him_are_found() -> None:
    text = SMALL.format(
        exchange="  B discards 7H\n  B takes QC\n"
        "  A discards 7S 8S 9S TS JS QS\n  A takes AC KC JC TC 9C 8C"
    )
    found = kinds(text)
    assert (DeviationKind.EXCHANGE_ORDER, line_of(text, "B takes QC")) in found
    assert (DeviationKind.EXCHANGE_COUNT, line_of(text, "A takes AC")) in found


def test_cards_not_from_the_top_of_the_stock_are_found() -> None:
    text = SMALL.format(exchange="  A discards 7S\n  A takes KC")
    assert kinds(text) == [(DeviationKind.NOT_FROM_TOP, line_of(text, "A takes KC"))]
    lawful = SMALL.format(exchange="  A discards 7S 8S\n  A takes AC KC\n  A leaves 3")
    assert kinds(lawful) == []


def test_the_younger_may_take_all_that_the_elder_left() -> None:
    # Law 34: the elder took three, so five are left, and the younger may take all five.
    lawful = SMALL.format(
        exchange="  A: take 3\n  A discards 7S 8S 9S\n  A takes AC KC QC\n"
        "  B discards 7H 8H 9H TH 7D\n  B takes JC TC 9C 8C 7C"
    )
    assert kinds(lawful) == []
    text = edit("  A: take 3\n", "  A: take 2\n", lawful)
    assert kinds(text) == [(DeviationKind.EXCHANGE_COUNT, line_of(text, "A takes AC"))]


def test_the_elder_may_look_at_cards_the_younger_left_only_if_the_younger_looked() -> None:
    base = "  A discards 7S 8S 9S TS JS\n  A takes AC KC QC JC TC\n  B discards 7H\n  B takes 9C\n"
    text = SMALL.format(exchange=base + "  B does not look\n  A looks at the left cards")
    assert kinds(text) == [(DeviationKind.LOOK, line_of(text, "A looks at"))]
    lawful = SMALL.format(
        exchange=base + "  B looks at the left cards\n  A looks at the left cards"
    )
    assert kinds(lawful) == []


def test_a_false_carte_blanche_is_found_and_a_true_one_is_not() -> None:
    # B holds KD, QD and JD: no carte blanche (law 18).
    text = SMALL.format(exchange="  B: carte blanche\n  A discards 7S\n  A takes AC")
    assert kinds(text) == [(DeviationKind.CARTE_BLANCHE, line_of(text, "B: carte blanche"))]
    blanche = SMALL.replace("AD KD QD JD TD", "AD AC TC 9C TD").replace(
        "AC KC QC JC TC 9C 8C 7C", "KC QC JC KD QD JD 8C 7C"
    )
    lawful = blanche.format(exchange="  B: carte blanche\n  A discards 7S\n  A takes KC")
    assert kinds(lawful) == []


# -- the partie ---------------------------------------------------------------------------------

PARTIE = """[Game "piquet"]

cut A {a} B {b}
A elects to deal

{deals}
"""


def _deals(dealers: str, results: list[tuple[int, int]]) -> str:
    lines = []
    for number, (dealer, (a, b)) in enumerate(zip(dealers, results, strict=True), 1):
        lines.append(f"deal {number} {dealer}\n  result A {a} B {b}")
    return "\n\n".join(lines)


def test_the_higher_cut_chooses_and_the_dealers_alternate() -> None:
    deals = _deals("ABABAB", [(10, 5)] * 6)
    lawful = PARTIE.format(a="KH", b="9S", deals=deals)
    replayed = replay(lawful)
    assert replayed.deviations == ()
    assert replayed.parties[0].settlement is not None
    assert replayed.parties[0].settlement.points == 60 + 30 + 100  # rubicon: 60 + 30 + 100
    wrong_cut = PARTIE.format(a="9S", b="KH", deals=deals)
    assert kinds(wrong_cut) == [(DeviationKind.CUT, line_of(wrong_cut, "A elects"))]
    wrong_dealer = PARTIE.format(a="KH", b="9S", deals=_deals("ABAABB", [(10, 5)] * 6))
    found = [k for k, _ in kinds(wrong_dealer)]
    assert found == [DeviationKind.DEALER, DeviationKind.DEALER]


def test_a_tie_after_six_deals_brings_two_more_and_a_seventh_otherwise_is_found() -> None:
    tied = PARTIE.format(
        a="AH", b="7S", deals=_deals("ABABABAB", [(10, 5), (5, 10)] * 3 + [(3, 2), (1, 1)])
    )
    replayed = replay(tied)
    assert replayed.deviations == ()
    assert replayed.parties[0].finished
    assert replayed.parties[0].settlement is not None
    assert replayed.parties[0].settlement.winner is A
    seventh = PARTIE.format(a="AH", b="7S", deals=_deals("ABABABA", [(10, 5)] * 7))
    assert kinds(seventh) == [(DeviationKind.PARTIE, line_of(seventh, "deal 7 A"))]


@pytest.mark.parametrize(
    ("written", "wrong"),
    [("A wins 190 rubicon", False), ("A wins 190", True), ("A wins 130 rubicon", True)],
)
def test_the_settlement_written_is_checked(written: str, wrong: bool) -> None:
    text = PARTIE.format(a="KH", b="9S", deals=_deals("ABABAB", [(10, 5)] * 6))
    text = text.rstrip("\n") + f"\n  partie A 60 B 30\n  {written}\n"
    assert (kinds(text) != []) is wrong
