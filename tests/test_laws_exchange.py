"""Laws 22 to 38: marking the king; proposing, accepting and refusing; discarding.

Each test builds a small record, cuts it into deal views and asks one law what it finds: the
findings' law, line, offender and kind, the options (name, who, window, claims), the imposed
outcome and the marks. Near misses assert that nothing is found. The expected values are
worked out from the laws, never read back from the finders.

Where a test fails because of a fault in the engine, it stays as the correct expectation,
marked ``xfail(strict=True)`` with a reason that begins ``BUG:``.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from adjudicator import Card, Player, read_one
from adjudicator.engine.ecarte.queries import announced_in_time
from adjudicator.engine.ecarte.replay import replay
from laws.ecarte.base import Finding, Heading, Law, Outcome, Who, Window
from laws.ecarte.discarding import (
    LAW_28,
    LAW_29,
    LAW_30,
    LAW_31,
    LAW_32,
    LAW_33,
    LAW_34,
    LAW_35,
    LAW_36,
    LAW_37,
    LAW_38,
    exchanges,
)
from laws.ecarte.discarding import LAWS as DISCARDING
from laws.ecarte.king import LAW_22, LAW_23, LAW_24, LAW_25, king_marks
from laws.ecarte.king import LAWS as KING
from laws.ecarte.proposing import LAW_26, LAW_27
from laws.ecarte.proposing import LAWS as PROPOSING
from laws.ecarte.view import deal_views

A, B = Player.A, Player.B

HEAD = '[Event "test"]\n[A "Anstey"]\n[B "Bourke"]\n\ncut A QD B 7H\n\ndeal 1 A\n'
"""Tags, a cut for deal giving A the first deal, and deal 1's heading (line 7)."""

DEALT = "  B: KH QH 9D\n  A: AS JS 8C\n  B: 8D 7C\n  A: KD QD\n  turn 7S\n  B takes up\n"
"""Deal 1, three-two: B holds KH QH 9D 8D 7C, A holds AS JS 8C KD QD; spades trumps."""

PLAY = (
    "  1. B KH A TS\n  2. A KD B 9D\n  3. A QD B QS\n  4. B QH A JS\n  5. A AS B 9H\n"
    "  A marks 1 point\n"
)
"""The play after the usual exchange (B: QS 9H for 8D 7C; A: TS for 8C): A 4 tricks."""

EXCHANGE = "  B proposes\n  A accepts\n  B discards 8D 7C\n  B: QS 9H\n  A discards 8C\n  A: TS\n"

# A second set of hands for the king: deal 1, A deals; hearts trumps, the king in the stock.
# B holds QS JS AD TD 7H; A holds KC QC 9S 8D 8H. B wins four tricks standing.
KING_DEALT = "  B: QS JS AD\n  A: KC QC 9S\n  B: TD 7H\n  A: 8D 8H\n  turn 9H\n  B takes up\n"
KING_PLAY = "  1. B QS A 9S\n  2. B AD A 8D\n  3. B JS A 8H\n  4. A KC B 7H\n  5. B TD A QC\n"


def found(law: Law, text: str) -> list[Finding]:
    """What ``law`` finds in every view of the record (the opening and each deal)."""
    out: list[Finding] = []
    for view in deal_views(read_one(text)):
        out.extend(law.find(view))
    return out


def line_of(text: str, fragment: str, nth: int = 1) -> int:
    """The line (1-based) of the ``nth`` line of ``text`` that contains ``fragment``."""
    seen = 0
    for i, line in enumerate(text.splitlines(), 1):
        if fragment in line:
            seen += 1
            if seen == nth:
                return i
    raise AssertionError(f"{fragment!r} not in the record")


def one(findings: Sequence[Finding]) -> Finding:
    assert len(findings) == 1, findings
    return findings[0]


def options(f: Finding) -> dict[str, tuple[Who, Window, tuple[str, ...], Outcome]]:
    return {o.name: (o.who, o.window, o.claims, o.outcome) for o in f.options}


# -- the chapter modules ---------------------------------------------------------------------


def test_chapters_hold_their_laws_in_order() -> None:
    assert [law.number for law in KING] == [22, 23, 24, 25]
    assert [law.number for law in PROPOSING] == [26, 27]
    assert [law.number for law in DISCARDING] == list(range(28, 39))
    assert {law.heading for law in KING} == {Heading.MARKING_THE_KING}
    assert {law.heading for law in PROPOSING} == {Heading.PROPOSING}
    assert {law.heading for law in DISCARDING} == {Heading.DISCARDING}


def test_laws_are_stated_and_none_is_definitional() -> None:
    for law in (*KING, *PROPOSING, *DISCARDING):
        assert law.title and len(law.summary) > 60 and len(law.interpretation) > 100
        assert not law.definitional, law.number


def test_findings_offer_only_their_laws_options() -> None:
    text = (
        HEAD
        + DEALT
        + "  B proposes\n  A accepts\n  B discards 8D 7C\n  B: QS 9H 8H\n  B takes up\n"
    )
    for law in (LAW_29, LAW_31):
        for f in found(law, text):
            names = {o.name for o in law.options}
            assert {o.name for o in f.options} <= names


# -- law 22: the turned-up king ----------------------------------------------------------------

KING_DEAL_1 = (
    "  B: QH JH 9C\n  A: AS 8D 7D\n  B: TS 7C\n  A: KD QD\n  turn KS\n  B takes up\n"
    "  B proposes\n  A accepts\n  B discards 9C 7C\n  B: KH 9S\n  A discards 8D 7D\n"
    "  A: JD TD\n  1. B KH A AS\n  2. A KD B 9S\n  3. B QH A TD\n  4. B JH A JD\n"
    "  5. B TS A QD\n  B marks 1 point\n"
)
"""Deal 1: A turns up the king of spades and does not mark it; B makes the point."""


def deal_2(early: str = "", late: str = "", hand: str = "7H") -> str:
    """Deal 2, B deals: hearts trumps; A holds KC QC JC 9S and ``hand`` (7H, or KH)."""
    return (
        "\ndeal 2 B\n"
        + early
        + f"  cut A 11\n  A: KC QC\n  B: 9D 8D\n  A: JC {hand} 9S\n  B: AH TH 7S\n  turn 8H\n"
        + late
        + f"  A plays\n  1. A KC B TH\n  2. B 9D A {hand}\n  3. A QC B AH\n  4. B 8D A 9S\n"
        "  5. B 7S A JC\n  B marks 2 point\n"
    )


def test_law_22_king_marked_in_the_next_deal_before_its_turn_up() -> None:
    text = HEAD + KING_DEAL_1 + deal_2(early="  A marks king\n")
    assert found(LAW_22, text) == []
    views = deal_views(read_one(text))
    assert [k.verdict for k in king_marks(views[-1])] == ["carried"]


def test_law_22_king_marked_after_the_next_turn_up() -> None:
    text = HEAD + KING_DEAL_1 + deal_2(late="  A marks king\n")
    f = one(found(LAW_22, text))
    assert (f.law, f.deal, f.offender, f.kind) == (22, 1, A, "king_marked_too_late")
    assert f.line == line_of(text, "A marks king")
    assert f.options == () and f.outcome is None and f.marks == ()


def test_law_22_late_mark_beside_a_king_held_and_announced() -> None:
    late = "  A announces king\n  A marks king\n  A marks king\n"
    text = HEAD + KING_DEAL_1 + deal_2(late=late, hand="KH")
    f = one(found(LAW_22, text))
    assert f.line == line_of(text, "A marks king", nth=2)
    assert found(LAW_23, text) == []


def test_law_22_counts_the_points_of_one_mark() -> None:
    text = HEAD + KING_DEAL_1 + deal_2(late="  A announces king\n  A marks 2 king\n", hand="KH")
    assert one(found(LAW_22, text)).line == line_of(text, "A marks 2 king")


def test_law_22_no_king_carried_from_a_fresh_deal() -> None:
    fresh = "  B: QH JH 9C\n  A: AS 8D 7D\n  B: TS 7C\n  A: KD QD\n  turn KS\n"
    text = HEAD + fresh + "  B claims new deal\n" + deal_2(late="  A marks king\n")
    assert found(LAW_22, text) == []


# -- laws 23 and 24: the king held -----------------------------------------------------------

# Deal 1, A deals: diamonds trumps; B holds KD QS 9H 7D 8H, A holds AD TS 8C KC QC.
HELD = "  B: KD QS 9H\n  A: AD TS 8C\n  B: 7D 8H\n  A: KC QC\n  turn 9D\n  B takes up\n  B plays\n"
HELD_PLAY = "  2. B 9H A AD\n  3. A KC B 7D\n  4. B 8H A 8C\n  5. B KD A QC\n"


def test_law_23_king_announced_before_the_first_card() -> None:
    text = HEAD + HELD + "  B announces king\n  B marks king\n  1. B QS A TS\n" + HELD_PLAY
    assert found(LAW_23, text) == [] and found(LAW_24, text) == []


def test_law_23_king_marked_without_announcing() -> None:
    text = HEAD + HELD + "  B marks king\n  1. B QS A TS\n" + HELD_PLAY
    f = one(found(LAW_23, text))
    assert (f.offender, f.kind) == (B, "king_marked_without_announcing")
    assert f.line == line_of(text, "B marks king")
    assert f.marks == () and f.options == ()


def test_law_23_king_announced_after_the_first_card() -> None:
    text = HEAD + HELD + "  1. B QS A TS\n  B announces king\n  B marks king\n" + HELD_PLAY
    f = one(found(LAW_23, text))
    assert (f.offender, f.kind) == (B, "king_announced_too_late")
    assert f.line == line_of(text, "announces")
    assert found(LAW_24, text) == []


def test_law_23_king_held_and_never_announced_is_no_finding() -> None:
    text = HEAD + HELD + "  1. B QS A TS\n" + HELD_PLAY
    assert found(LAW_23, text) == []


LED = "  B: KD QS 9H\n  A: AD TS 8C\n  B: 7D 8H\n  A: KC QC\n  turn 9D\n  B takes up\n  B plays\n"


def test_law_24_king_led_announced_before_it_is_played_to() -> None:
    text = HEAD + LED + "  B leads KD\n  B announces king\n  A plays AD\n  B marks king\n"
    assert found(LAW_24, text) == [] and found(LAW_23, text) == []


def test_law_24_king_led_announced_after_it_was_played_to() -> None:
    text = HEAD + LED + "  B leads KD\n  A plays AD\n  B announces king\n  B marks king\n"
    f = one(found(LAW_24, text))
    assert (f.law, f.offender, f.kind) == (24, B, "king_announced_too_late")
    assert f.line == line_of(text, "announces")
    assert found(LAW_23, text) == []


DEALER_KING = (
    "  B: QH JH 9C\n  A: KC TS 7S\n  B: QS 7D\n  A: KD QD\n  turn 8C\n  B takes up\n"
    "  B plays\n  1. B 9C A KC\n"
)


def test_law_24_dealer_first_card_the_king() -> None:
    in_time = HEAD + DEALER_KING + "  A announces king\n  2. A KD B 7D\n"
    assert found(LAW_24, in_time) == []
    late = HEAD + DEALER_KING + "  2. A KD B 7D\n  A announces king\n"
    f = one(found(LAW_24, late))
    assert (f.offender, f.line) == (A, line_of(late, "announces"))


def test_queries_announced_in_time_follows_laws_23_and_24() -> None:
    """The engine's timing query, checked against the laws' words."""
    cases = {
        # before the first card
        HEAD + HELD + "  B announces king\n  1. B QS A TS\n": True,
        # after a first card that is not the king
        HEAD + HELD + "  1. B QS A TS\n  B announces king\n": False,
        # the king led, not yet played to; then after it was played to
        HEAD + LED + "  B leads KD\n  B announces king\n": True,
        HEAD + LED + "  B leads KD\n  A plays AD\n  B announces king\n": False,
        # the non-dealer's king led at his second lead: too late whatever happens
        HEAD + HELD + "  1. B QS A TS\n  2. B KD A AD\n  B announces king\n": False,
    }
    for text, expected in cases.items():
        deal = list(replay(read_one(text)))[-1].table.deal
        assert deal is not None
        assert announced_in_time(deal, B) is expected, text
    for text, expected in {
        HEAD + DEALER_KING + "  A announces king\n": True,
        HEAD + DEALER_KING + "  2. A KD B 7D\n  A announces king\n": False,
    }.items():
        deal = list(replay(read_one(text)))[-1].table.deal
        assert deal is not None
        assert announced_in_time(deal, A) is expected, text


# -- law 25: a false king --------------------------------------------------------------------


def test_law_25_false_king_offender_wins_the_point() -> None:
    text = HEAD + KING_DEALT + "  B plays\n  B announces king\n" + KING_PLAY
    f = one(found(LAW_25, text))
    assert (f.law, f.offender, f.kind) == (25, B, "false_king_announced")
    assert f.line == line_of(text, "announces")
    assert options(f) == {
        "replay": (Who.ADVERSARY, Window.BEFORE_NEXT_TURN, ("replay",), Outcome.REPLAY)
    }
    assert f.caps == ((B, 0),)  # the point: he marks nothing for it
    assert f.answers_king == (B,) and f.marks == () and f.outcome is None


def test_law_25_reduction_applies_to_the_replayed_hand() -> None:
    replayed = (
        "  A claims replay\n  1. B 7H A 8H\n  2. A KC B TD\n  3. A QC B JS\n  4. A 9S B QS\n"
        "  5. B AD A 8D\n"
    )
    text = HEAD + KING_DEALT + "  B plays\n  B announces king\n" + KING_PLAY + replayed
    f = one(found(LAW_25, text))
    assert f.marks == ()  # A won the replayed hand: nothing of the offender's to reduce


def test_law_25_no_penalty_when_the_adversary_holds_the_king() -> None:
    dealt = KING_DEALT.replace("A: 8D 8H", "A: 8D KH")
    play = KING_PLAY.replace("A 8H", "A KH")
    text = HEAD + dealt + "  B plays\n  B announces king\n  B marks king\n" + play
    f = one(found(LAW_25, text))
    assert f.options == () and f.marks == ()
    assert "no penalty" in f.message


def test_law_25_no_penalty_when_the_king_was_turned_up() -> None:
    dealt = KING_DEALT.replace("turn 9H", "turn KH")
    text = HEAD + dealt + "  A marks king\n  B plays\n  B announces king\n" + KING_PLAY
    f = one(found(LAW_25, text))
    assert f.options == () and f.marks == () and f.offender is B


def test_law_25_dealer_announcing_the_king_he_turned_is_no_false_king() -> None:
    dealt = KING_DEALT.replace("turn 9H", "turn KH")
    text = HEAD + dealt + "  A announces king\n  A marks king\n  B plays\n" + KING_PLAY
    assert found(LAW_25, text) == []


def test_law_25_error_declared_before_a_card_is_played() -> None:
    text = (
        HEAD + KING_DEALT + "  B plays\n  B announces king\n  B marks king\n  B unmarks 1\n"
    ) + KING_PLAY
    assert found(LAW_25, text) == []


def test_law_25_taking_the_mark_down_too_late_does_not_help() -> None:
    text = HEAD + KING_DEALT + "  B plays\n  B announces king\n  B marks king\n"
    text += KING_PLAY.replace("  2.", "  B unmarks 1\n  2.", 1)
    assert len(found(LAW_25, text)) == 1


# -- law 26: proposals bind ------------------------------------------------------------------


def test_law_26_proposal_retracted_by_declaring_play() -> None:
    text = HEAD + KING_DEALT + "  B proposes\n  B plays\n  A refuses\n" + KING_PLAY
    f = one(found(LAW_26, text))
    assert (f.kind, f.offender, f.line) == ("proposal_retracted", B, line_of(text, "B plays"))
    # The refusal counts: B's point is worth 2 under law 49; the engine gave 1.
    assert f.marks == ((B, 1),)
    assert found(LAW_27, text) == []


def test_law_26_proposal_after_declaring_play_refused() -> None:
    text = HEAD + KING_DEALT + "  B plays\n  B proposes\n  A refuses\n" + KING_PLAY
    f = one(found(LAW_26, text))
    assert (f.kind, f.line) == ("proposal_after_declaring", line_of(text, "B proposes"))
    # B played without proposing: no refusal of a first proposal, his point is worth 1.
    assert f.marks == ((B, -1),)


def test_law_26_proposal_after_declaring_play_accepted_is_waived() -> None:
    text = (
        HEAD
        + DEALT
        + "  B plays\n  B proposes\n  A accepts\n  B discards 8D 7C\n  B: QS 9H\n"
        + "  A discards 8C\n  A: TS\n"
        + PLAY
    )
    f = one(found(LAW_26, text))
    assert f.kind == "proposal_after_declaring" and f.marks == ()


def test_law_26_number_asked_altered() -> None:
    text = (
        HEAD
        + DEALT
        + "  B proposes\n  A accepts\n  B discards 9D 8D 7C\n  B asks 2\n  B asks 3\n"
        + "  B: QS 9H\n"
    )
    f = one(found(LAW_26, text))
    assert (f.kind, f.line) == ("asked_number_altered", line_of(text, "B asks 3"))
    # The first number binds: law 30 (fewer than discarded), not law 32 (given fewer).
    assert one(found(LAW_30, text)).line == line_of(text, "B asks 2")
    assert found(LAW_32, text) == []


def test_law_26_repeating_the_same_number_is_no_alteration() -> None:
    text = HEAD + DEALT + "  B proposes\n  A accepts\n  B discards 8D 7C\n  B asks 2\n  B asks 2\n"
    assert found(LAW_26, text) == []


def test_law_26_second_proposal_is_lawful() -> None:
    text = HEAD + DEALT + EXCHANGE + "  B proposes\n  A refuses\n" + PLAY
    assert found(LAW_26, text) == [] and found(LAW_27, text) == []


# -- law 27: answers bind ----------------------------------------------------------------------


@pytest.mark.parametrize(("first", "second"), [("accepts", "refuses"), ("refuses", "accepts")])
def test_law_27_answer_retracted(first: str, second: str) -> None:
    text = HEAD + KING_DEALT + f"  B proposes\n  A {first}\n  A {second}\n"
    f = one(found(LAW_27, text))
    assert (f.kind, f.offender) == ("answer_retracted", A)
    assert f.line == line_of(text, f"A {second}")
    assert f.options == () and f.marks == ()


def test_law_27_a_single_answer_is_no_finding() -> None:
    text = HEAD + KING_DEALT + "  B proposes\n  A refuses\n" + KING_PLAY
    assert found(LAW_27, text) == []


# -- the exchange book-keeping ---------------------------------------------------------------


def test_exchanges_read_each_side() -> None:
    text = HEAD + DEALT + "  B proposes\n  A accepts\n  B asks 3\n  B discards 8D 7C\n"
    text += "  B: QS 9H 8H\n  A discards 8C\n  A: TS\n"
    (ex,) = exchanges(deal_views(read_one(text))[-1])
    assert (ex.elder.discarded, ex.elder.asked, ex.elder.given) == (2, 3, 3)
    assert (ex.dealer.discarded, ex.dealer.given) == (1, 1)
    assert ex.stock == 21 and not ex.conditional


# -- law 28 ------------------------------------------------------------------------------------


def test_law_28_cards_given_before_discarding() -> None:
    text = HEAD + DEALT + "  B proposes\n  A accepts\n  B: QS 9H\n  B discards 8D 7C\n"
    f = one(found(LAW_28, text))
    assert (f.kind, f.offender, f.line) == ("took_before_discarding", B, line_of(text, "B: QS"))
    assert f.options == () and f.outcome is None
    # the numbers are right: no wrong-number law
    for law in (LAW_29, LAW_31, LAW_32):
        assert found(law, text) == []


def test_law_28_dealer_discarding_before_serving_is_no_fault() -> None:
    text = HEAD + DEALT + "  B proposes\n  A accepts\n  B discards 8D 7C\n  A discards 8C\n"
    text += "  B: QS 9H\n  A: TS\n" + PLAY
    assert found(LAW_28, text) == []


def test_law_28_discard_after_a_refusal() -> None:
    text = HEAD + DEALT + "  B proposes\n  A refuses\n  B discards 7C\n"
    f = one(found(LAW_28, text))
    assert (f.kind, f.offender, f.line) == ("discard_out_of_turn", B, line_of(text, "discards"))


# -- laws 29 to 34 -----------------------------------------------------------------------------

TAKE = HEAD + DEALT + "  B proposes\n  A accepts\n  B discards 8D 7C\n"


def test_law_29_elder_takes_more_than_he_discarded() -> None:
    text = TAKE + "  B asks 3\n  B: QS 9H 8H\n  B takes up\n"
    f = one(found(LAW_29, text))
    assert (f.kind, f.offender, f.line) == ("elder_took_too_many", B, line_of(text, "B: QS"))
    assert options(f) == {
        "fresh_deal": (Who.DEALER, Window.BEFORE_PLAYING, ("new deal",), Outcome.FRESH_DEAL),
        "draw": (Who.DEALER, Window.BEFORE_PLAYING, ("draw", "elect play"), Outcome.STANDS),
    }
    assert found(LAW_31, text) == []


def test_law_29_ask_written_before_the_discard() -> None:
    text = HEAD + DEALT + "  B proposes\n  A accepts\n  B asks 3\n  B discards 8D 7C\n"
    text += "  B: QS 9H 8H\n  B takes up\n"
    assert one(found(LAW_29, text)).line == line_of(text, "B: QS")


def test_law_29_surplus_not_mixed_has_no_options() -> None:
    f = one(found(LAW_29, TAKE + "  B asks 3\n  B: QS 9H 8H\n"))
    assert f.options == () and "returned" in f.default


def test_law_29_near_miss_given_only_the_discard() -> None:
    text = TAKE + "  B asks 3\n  B: QS 9H\n"
    for law in (LAW_29, LAW_31, LAW_32):
        assert found(law, text) == []


def test_law_29_drawing_the_surplus_is_no_discard_fault() -> None:
    text = TAKE + "  B asks 3\n  B: QS 9H 8H\n  B takes up\n  A claims draw\n  B discards 8H\n"
    text += "  A discards 8C\n  A: TS\n" + PLAY
    assert len(found(LAW_29, text)) == 1
    assert found(LAW_28, text) == []


def test_law_30_asked_fewer_than_discarded() -> None:
    text = HEAD + DEALT + "  B proposes\n  A accepts\n  B discards 9D 8D 7C\n  B asks 2\n"
    text += "  B: QS 9H\n"
    f = one(found(LAW_30, text))
    assert (f.kind, f.offender) == ("asked_fewer_than_discarded", B)
    assert f.line == line_of(text, "B asks 2")
    assert f.options == ()
    assert found(LAW_32, text) == []


def test_law_31_dealer_gives_too_many() -> None:
    text = TAKE + "  B: QS 9H 8H\n"
    f = one(found(LAW_31, text))
    assert (f.kind, f.offender, f.line) == ("dealer_gave_too_many", A, line_of(text, "B: QS"))
    assert options(f) == {
        "fresh_deal": (Who.NON_DEALER, Window.BEFORE_PLAYING, ("new deal",), Outcome.FRESH_DEAL),
        "discard_surplus": (Who.NON_DEALER, Window.BEFORE_PLAYING, ("elect play",), Outcome.STANDS),
    }
    assert found(LAW_29, text) == []


def test_law_31_a_second_packet_to_a_full_hand() -> None:
    text = TAKE + "  B: QS 9H\n  B: 8H\n"
    f = one(found(LAW_31, text))
    assert f.line == line_of(text, "B: 8H")


def test_law_32_dealer_gives_too_few_and_completes() -> None:
    text = HEAD + DEALT + "  B proposes\n  A accepts\n  B discards 9D 8D 7C\n  B: QS 9H\n"
    text += "  B claims complete\n  B: 8H\n"
    f = one(found(LAW_32, text))
    assert (f.kind, f.offender, f.line) == ("dealer_gave_too_few", A, line_of(text, "B: QS"))
    assert options(f)["complete"] == (
        Who.NON_DEALER,
        Window.BEFORE_PLAYING,
        ("complete", "elect play"),
        Outcome.STANDS,
    )
    assert options(f)["fresh_deal"][0] is Who.NON_DEALER
    # the completing packet is no fault of its own
    assert found(LAW_28, text) == [] and found(LAW_31, text) == []


def test_law_33_dealer_takes_too_many() -> None:
    text = TAKE + "  B: QS 9H\n  A discards 8C\n  A: TS 7H\n  A takes up\n"
    f = one(found(LAW_33, text))
    assert (f.kind, f.offender, f.line) == ("dealer_took_too_many", A, line_of(text, "A: TS"))
    assert options(f)["draw"] == (
        Who.NON_DEALER,
        Window.BEFORE_PLAYING,
        ("draw", "elect play"),
        Outcome.STANDS,
    )


def test_law_33_cards_without_a_discard() -> None:
    text = TAKE + "  B: QS 9H\n  A: TS\n  A takes up\n"
    f = one(found(LAW_33, text))
    assert f.line == line_of(text, "A: TS")
    # he never discarded: too many, not 'took before discarding'
    assert found(LAW_28, text) == []


def test_law_34_dealer_takes_too_few() -> None:
    text = TAKE + "  B: QS 9H\n  A discards 8C KD\n  A: TS\n"
    f = one(found(LAW_34, text))
    assert (f.kind, f.offender, f.line) == ("dealer_took_too_few", A, line_of(text, "A: TS"))
    assert options(f) == {
        "complete": (Who.DEALER, Window.BEFORE_PLAYING, ("complete",), Outcome.STANDS)
    }


def test_law_34_dealer_discards_and_takes_nothing() -> None:
    text = TAKE + "  B: QS 9H\n  A discards 8C\n  1. B KH A AS\n"
    f = one(found(LAW_34, text))
    assert f.line == line_of(text, "A discards")


def test_no_wrong_number_in_a_lawful_exchange() -> None:
    text = HEAD + DEALT + EXCHANGE + PLAY
    for law in (*KING, *PROPOSING, *DISCARDING):
        assert found(law, text) == [], law.number


# -- law 35 ------------------------------------------------------------------------------------


def test_law_35_faced_card_in_the_stock() -> None:
    text = TAKE + "  faced 8H\n  B: QS 9H\n"
    f = one(found(LAW_35, text))
    assert (f.kind, f.offender, f.line, f.evidence) == (
        "faced_card_in_stock",
        None,
        line_of(text, "faced"),
        (Card.parse("8H"),),
    )
    assert f.outcome is None and f.options == ()


def test_law_35_before_any_discard_and_not_before_the_turn_up() -> None:
    after_turn = HEAD + DEALT + "  faced 8H\n"
    assert one(found(LAW_35, after_turn)).kind == "faced_card_in_stock"
    before_turn = HEAD + "  B: KH QH 9D\n  A: AS JS 8C\n  B: 8D 7C\n  A: KD QD\n  faced 8H\n"
    assert found(LAW_35, before_turn) == []


# -- law 36 ------------------------------------------------------------------------------------


def test_law_36_non_dealer_cards_exposed() -> None:
    text = TAKE + "  B: QS *9H\n  B claims refuse\n  B discards 9H\n  B: 8H\n"
    f = one(found(LAW_36, text))
    assert (f.kind, f.offender, f.evidence) == ("exposed_in_giving", A, (Card.parse("9H"),))
    assert options(f) == {
        "take": (Who.NON_DEALER, Window.BEFORE_PLAYING, ("take", "elect play"), Outcome.STANDS),
        "refuse": (Who.NON_DEALER, Window.BEFORE_PLAYING, ("refuse",), Outcome.STANDS),
    }
    # throwing the refused card aside and giving the next are no faults of their own
    for law in (LAW_28, LAW_29, LAW_31, LAW_32):
        assert found(law, text) == [], law.number


def test_law_36_dealer_exposes_his_own() -> None:
    text = TAKE + "  B: QS 9H\n  A discards 8C\n  A: *TS\n"
    f = one(found(LAW_36, text))
    assert (f.kind, f.offender, f.options) == ("dealer_exposed_own", A, ())


def test_law_36_not_in_the_dealing() -> None:
    text = HEAD + "  B: KH *QH 9D\n  A: AS JS 8C\n  B: 8D 7C\n  A: KD QD\n  turn 7S\n"
    assert found(LAW_36, text) == []


# -- law 37 ------------------------------------------------------------------------------------


def test_law_37_card_turned_in_error_then_forced_acceptance() -> None:
    text = HEAD + DEALT + EXCHANGE + "  turn 8H\n  B proposes\n  A accepts\n"
    f = one(found(LAW_37, text))
    assert (f.kind, f.offender, f.line) == ("card_turned_in_error", A, line_of(text, "turn 8H"))
    assert options(f) == {
        "take": (Who.NON_DEALER, Window.BEFORE_PLAYING, ("take",), Outcome.STANDS)
    }


def test_law_37_refusal_after_a_card_turned() -> None:
    text = HEAD + DEALT + EXCHANGE + "  turn 8H\n  B proposes\n  A refuses\n"
    kinds = [(f.kind, f.line) for f in found(LAW_37, text)]
    assert kinds == [
        ("card_turned_in_error", line_of(text, "turn 8H")),
        ("refused_after_card_turned", line_of(text, "A refuses")),
    ]


def test_law_37_refusal_before_any_card_turned_is_lawful() -> None:
    text = HEAD + DEALT + EXCHANGE + "  B proposes\n  A refuses\n"
    assert found(LAW_37, text) == []


def test_engine_law_37_taking_the_exposed_card() -> None:
    text = HEAD + DEALT + EXCHANGE + "  turn 8H\n  B proposes\n  A accepts\n"
    text += "  B discards 9D\n  B claims take\n  B: 8H\n"
    kinds = {d.kind for s in replay(read_one(text)) for d in s.deviations}
    assert "card_seen_twice" not in kinds


# -- law 38 ------------------------------------------------------------------------------------

EMPTYING = (
    HEAD
    + "  B: 7C 8C 9C\n  A: 7H 8H 9H\n  B: 7D 8D\n  A: 7S 8S\n  turn 9D\n"
    + "  B proposes\n  A accepts\n  B discards 7C 8C 9C 7D 8D\n  B: TS 9S TH AH TC\n"
    + "  A discards 7H 8H 9H 7S 8S\n  A: JS AS JH AC JC\n"
    + "  B proposes\n  A accepts\n  B discards TS 9S TH AH TC\n  B: KS QS KH QH AD\n"
    + "  A discards JS AS JH AC\n  A: KC QC JD TD\n  B proposes\n"
)
"""Two exchanges that leave two cards (KD QD) in the stock, and a third proposal."""


def test_law_38_stock_short_for_the_elder() -> None:
    text = EMPTYING + "  A accepts\n  B asks 3\n  B discards KH QH\n  B: KD QD\n"
    f = one(found(LAW_38, text))
    assert (f.kind, f.offender, f.line) == ("stock_short", None, line_of(text, "B: KD"))
    for law in (LAW_29, LAW_32):
        assert found(law, text) == []


def test_law_38_stock_short_for_the_dealer_overrides_law_34() -> None:
    text = EMPTYING + "  A accepts\n  B discards KH\n  B: KD\n  A discards JC QC\n  A: QD\n"
    f = one(found(LAW_38, text))
    assert (f.kind, f.line) == ("stock_short", line_of(text, "A discards JC"))
    assert found(LAW_34, text) == []
    assert 34 in LAW_38.overrides


def test_law_38_conditional_acceptance_falls() -> None:
    text = EMPTYING + "  A accepts if stock\n  B asks 3\n  B plays\n"
    f = one(found(LAW_38, text))
    assert (f.kind, f.line) == ("conditional_acceptance_lapsed", line_of(text, "B asks 3"))


def test_law_38_conditional_acceptance_with_stock_enough() -> None:
    text = HEAD + DEALT + "  B proposes\n  A accepts if stock\n  B discards 8D 7C\n  B: QS 9H\n"
    assert found(LAW_38, text) == []


def test_law_38_cards_given_beyond_the_stock() -> None:
    text = EMPTYING + "  A accepts\n  B discards KH QH\n  B: KD QD\n  A discards JC\n  A: 9D\n"
    kinds = [(f.kind, f.offender) for f in found(LAW_38, text)]
    assert ("given_beyond_stock", A) in kinds


# -- engine gaps met on the way ----------------------------------------------------------------


def test_engine_ask_before_the_discard() -> None:
    text = HEAD + DEALT + "  B proposes\n  A accepts\n  B asks 3\n  B discards 8D 7C\n"
    text += "  B: QS 9H 8H\n"
    kinds = {d.kind for s in replay(read_one(text)) for d in s.deviations}
    assert "wrong_number_given" not in kinds


def test_engine_faced_card_leaves_the_stock() -> None:
    text = TAKE + "  faced 8H\n"
    deal = list(replay(read_one(text)))[-1].table.deal
    assert deal is not None
    assert deal.stock == 20
