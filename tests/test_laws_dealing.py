"""Laws 1 to 21: shuffling, cutting and dealing.

Each test builds a small record, cuts it into deal views and asks one law what it finds: the
findings' law, line, offender and kind, the options (name, who, window, claims), the imposed
outcome and the marks. Near misses assert that nothing is found.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from pipeline import Told

from adjudicator import Player, read_one
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.engine.ecarte.replay import replay
from adjudicator.engine.ecarte.table import Ending
from laws.ecarte.base import Finding, Heading, Law, Outcome, Who, Window
from laws.ecarte.cutting import LAW_3, LAW_4, LAW_5, LAW_6, LAW_7
from laws.ecarte.cutting import LAWS as CUTTING
from laws.ecarte.dealing import (
    LAW_8,
    LAW_9,
    LAW_10,
    LAW_11,
    LAW_12,
    LAW_13,
    LAW_14,
    LAW_15,
    LAW_16,
    LAW_17,
    LAW_18,
    LAW_19,
    LAW_20,
    LAW_21,
)
from laws.ecarte.dealing import LAWS as DEALING
from laws.ecarte.shuffling import LAW_1, LAW_2
from laws.ecarte.shuffling import LAWS as SHUFFLING
from laws.ecarte.view import deal_views

A, B = Player.A, Player.B

HEAD = '[Event "test"]\n[A "Anstey"]\n[B "Bourke"]\n\ncut A KH B 9C\n'
"""Tags and a cut for deal that gives A the first deal. The cut is line 5; a record's text
begins on line 6."""

# Deal 1, A deals three-two: B holds KH QH 9S 7C 8C, A holds JS 8S 7D TD AH; diamonds trumps.
PACKETS = "  B: KH QH 9S\n  A: JS 8S 7D\n  B: 7C 8C\n  A: TD AH\n"
PLAY = (
    "  B plays\n  1. B KH A AH\n  2. B QH A 7D\n  3. A JS B 9S\n  4. A 8S B 7C\n"
    "  5. A TD B 8C\n  A marks 2 point\n"
)
# Deal 2, B deals two-three: A holds KS QS 9C TC 7D, B holds 7H 8H JC 8C 9H; diamonds trumps.
DEAL_2 = (
    "deal 2 B\n  cut A 11\n  A: KS QS\n  B: 7H 8H\n  A: 9C TC 7D\n  B: JC 8C 9H\n  turn 8D\n"
    "  A proposes\n  B refuses\n  1. A KS B 7H\n  2. A QS B 8H\n  3. A TC B JC\n"
    "  4. B 9H A 7D\n  5. A 9C B 8C\n  A marks 2 point\n"
)


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


# -- the chapter modules ---------------------------------------------------------------------------


def test_chapters_hold_their_laws_in_order() -> None:
    assert [law.number for law in SHUFFLING] == [1, 2]
    assert [law.number for law in CUTTING] == [3, 4, 5, 6, 7]
    assert [law.number for law in DEALING] == list(range(8, 22))
    assert {law.heading for law in SHUFFLING} == {Heading.SHUFFLING}
    assert {law.heading for law in CUTTING} == {Heading.CUTTING}
    assert {law.heading for law in DEALING} == {Heading.DEALING}


def test_definitional_laws() -> None:
    assert {law.number for law in (*SHUFFLING, *CUTTING, *DEALING) if law.definitional} == {
        5,
        6,
    }


def test_each_deviation_is_judged_by_one_law_of_these_chapters() -> None:
    owners: dict[str, list[int]] = {}
    for law in (*SHUFFLING, *CUTTING, *DEALING):
        for kind in law.deviations:
            owners.setdefault(kind, []).append(law.number)
    shared = {k: v for k, v in owners.items() if len(v) > 1}
    # The wrong count at the turn-up is split by who holds it and which way (15 to 18); the
    # wrong count at play by whose hand it is (20, 21). No two of them find the same hand.
    assert shared == {"wrong_count_dealt": [15, 16, 17, 18], "wrong_count_at_play": [20, 21]}


def test_options_of_findings_are_among_the_laws_options() -> None:
    text = HEAD + "deal 1 A\n" + PACKETS.replace("B: 7C 8C", "B: 7C") + "  turn 9D\n"
    for law in (LAW_9, LAW_16):
        for f in found(law, text):
            assert {o.name for o in f.options} <= {o.name for o in law.options}


# -- law 1 and law 2: shuffling --------------------------------------------------------------------


def test_law_1_finds_nothing_in_any_order_of_shuffling_before_the_cut() -> None:
    text = HEAD + "deal 1 A\n  shuffle A\n  shuffle B\n  cut B 14\n" + PACKETS + "  turn 9D\n"
    assert found(LAW_1, text) == []  # the dealer waived his last shuffle


def test_law_1_a_shuffle_after_the_cut() -> None:
    text = HEAD + "deal 1 A\n  shuffle A\n  cut B 14\n  shuffle B\n" + PACKETS + "  turn 9D\n"
    f = one(found(LAW_1, text))
    assert (f.kind, f.offender, f.line) == ("shuffled_after_cut", B, line_of(text, "shuffle B"))
    again = text.replace("  shuffle B\n", "  shuffle B\n  shuffle A\n")
    assert found(LAW_1, again) == []  # the dealer shuffled last after all


def test_law_2_shuffle_below_the_table() -> None:
    text = HEAD + "deal 1 A\n  shuffle A below table\n  cut B 14\n" + PACKETS + "  turn 9D\n"
    f = one(found(LAW_2, text))
    assert (f.law, f.deal, f.line, f.offender, f.kind) == (
        2,
        1,
        line_of(text, "below"),
        A,
        "faulty_shuffle",
    )
    assert f.options == () and f.outcome is None


def test_law_2_shuffle_during_the_play_but_not_after_it() -> None:
    during = (
        HEAD
        + "deal 1 A\n"
        + PACKETS
        + "  turn 9D\n"
        + PLAY.replace("  3. A JS", "  shuffle B\n  3. A JS")
    )
    f = one(found(LAW_2, during))
    assert (f.kind, f.offender, f.line) == ("shuffle_during_play", B, line_of(during, "shuffle"))
    after = HEAD + "deal 1 A\n" + PACKETS + "  turn 9D\n" + PLAY + "  shuffle B\n"
    assert found(LAW_2, after) == []


# -- law 3 to law 7: cutting -----------------------------------------------------------------------


def test_law_3_short_cut_and_cut_by_dealer() -> None:
    text = HEAD + "deal 1 A\n  cut B 1\n  cut A 31\n" + PACKETS + "  turn 9D\n"
    kinds = [(f.kind, f.offender, f.line) for f in found(LAW_3, text)]
    assert ("short_cut", B, line_of(text, "cut B 1")) in kinds
    assert ("cut_by_dealer", A, line_of(text, "cut A 31")) in kinds
    assert ("short_cut", A, line_of(text, "cut A 31")) in kinds  # 31 leaves one card below


def test_law_3_near_miss_cuts_at_the_limits() -> None:
    text = HEAD + "deal 1 A\n  cut B 2\n" + PACKETS + "  turn 9D\n" + PLAY
    text += DEAL_2.replace("cut A 11", "cut A 30")
    assert found(LAW_3, text) == []


def test_law_4_several_cards_exposed_in_cutting_for_deal() -> None:
    text = HEAD.replace("cut A KH B 9C", "cut A QH JH B 9C\ncut A 8S B 9C")
    f = one(found(LAW_4, text))
    assert (f.law, f.deal, f.line, f.offender) == (4, None, line_of(text, "QH JH"), A)
    assert [c.code for c in f.evidence] == ["QH", "JH"]
    assert found(LAW_4, HEAD) == []


def test_law_5_tie_and_the_ace_below_the_knave() -> None:
    tie = HEAD.replace("cut A KH B 9C", "cut A QS B QD\ncut A 7H B JC")
    f = one(found(LAW_5, tie))
    assert (f.kind, f.line, f.offender) == ("cut_tie", line_of(tie, "QD"), None)
    assert LAW_5.definitional
    # The knave beats the ace: after `cut A JS B AH`, A deals, and a deal by B is law 14's.
    text = HEAD.replace("cut A KH B 9C", "cut A JS B AH") + "deal 1 B\n  A: ?? ??\n"
    assert found(LAW_5, text) == []
    assert one(found(LAW_14, text)).kind == "deal_out_of_turn"


def test_law_6_pack_incorrect_after_the_cut_for_deal() -> None:
    text = HEAD + "pack incorrect\n\ndeal 1 A\n" + PACKETS + "  turn 9D\n"
    f = one(found(LAW_6, text))
    assert (f.deal, f.line, f.kind) == (None, line_of(text, "pack incorrect"), "cut_holds")
    in_deal = HEAD + "deal 1 A\n" + PACKETS + "  turn 9D\n  pack incorrect\n"
    assert found(LAW_6, in_deal) == []  # law 45's finding; law 6 only keeps the cut


def test_law_7_fresh_cut_made() -> None:
    text = HEAD + "deal 1 A\n  cut B 12 exposed 9H\n  cut B 17\n" + PACKETS + "  turn 9D\n"
    f = one(found(LAW_7, text))
    assert (f.line, f.offender, f.kind) == (line_of(text, "exposed"), B, "cut_exposed")
    assert f.options == () and f.outcome is None
    assert [c.code for c in f.evidence] == ["9H"]


def test_law_7_dealt_without_fresh_cut() -> None:
    before = HEAD + "deal 1 A\n  cut B 12 exposed 9H\n" + PACKETS + "  B claims new deal\n"
    f = one(found(LAW_7, before))
    assert f.outcome is Outcome.FRESH_DEAL
    assert options(f) == {
        "fresh_cut": (Who.EITHER, Window.BEFORE_TURN, ("new deal",), Outcome.FRESH_DEAL)
    }
    after = HEAD + "deal 1 A\n  cut B 12 exposed 9H\n" + PACKETS + "  turn 9D\n"
    f = one(found(LAW_7, after))
    assert f.outcome is None and [o.name for o in f.options] == ["fresh_cut"]


def test_law_7_near_miss_card_exposed_in_dealing() -> None:
    text = HEAD + "deal 1 A\n  cut B 14\n" + PACKETS.replace("A: JS", "A: *JS") + "  turn 9D\n"
    assert found(LAW_7, text) == []
    assert one(found(LAW_13, text)).kind == "own_card_exposed"


# -- law 8: the order ------------------------------------------------------------------------------


def test_law_8_order_changed_during_the_game() -> None:
    text = (
        HEAD
        + "deal 1 A\n"
        + PACKETS
        + "  turn 9D\n"
        + PLAY
        + DEAL_2
        + "deal 3 A\n  order 2-3\n  cut B 9\n  B: ?? ??\n  A: ?? ??\n  B: ?? ?? ??\n"
        + "  A: ?? ?? ??\n"
    )
    f = one(found(LAW_8, text))
    assert (f.deal, f.line, f.offender, f.kind) == (
        3,
        line_of(text, "order"),
        A,
        "order_changed_in_game",
    )
    w = one(found(LAW_9, text))
    assert (w.deal, w.line, w.kind) == (3, line_of(text, "B: ?? ??"), "wrong_order")


def test_law_8_announcing_the_same_order_or_keeping_to_it() -> None:
    same = (
        HEAD
        + "deal 1 A\n"
        + PACKETS
        + "  turn 9D\n"
        + PLAY
        + DEAL_2
        + "deal 3 A\n  order 3-2\n  cut B 9\n  B: ?? ?? ??\n"
    )
    assert found(LAW_8, same) == []
    # A void announcement ignored: he deals in his binding order after all.
    kept = same.replace("order 3-2", "order 2-3")
    assert one(found(LAW_8, kept)).kind == "order_changed_in_game"
    assert found(LAW_9, kept) == []


def test_law_8_notice_at_a_new_game_before_and_after_the_cut() -> None:
    game = '[Game "2"]\n' + HEAD + "deal 1 A\n" + PACKETS + "  turn 9D\n" + PLAY
    game += DEAL_2.replace("A marks 2 point", "B marks 1 point").replace(
        "A proposes\n  B refuses", "A proposes\n  B refuses"
    )
    before = game + "deal 3 A\n  order 2-3\n  cut B 9\n  B: ?? ??\n  A: ?? ??\n"
    assert found(LAW_8, before) == []
    assert found(LAW_9, before) == []
    after = game + "deal 3 A\n  cut B 9\n  order 2-3\n  B: ?? ??\n  A: ?? ??\n"
    f = one(found(LAW_8, after))
    assert f.kind == "order_after_cut"
    assert one(found(LAW_9, after)).kind == "wrong_order"


def test_law_8_order_too_late() -> None:
    text = HEAD + "deal 1 A\n  B: KH QH 9S\n  order 2-3\n  A: JS 8S 7D\n"
    f = one(found(LAW_8, text))
    assert (f.kind, f.line, f.offender) == ("order_too_late", line_of(text, "order"), A)


# -- law 9: a wrong deal before the turn-up --------------------------------------------------------


def test_law_9_wrong_order_options() -> None:
    text = (
        HEAD
        + "deal 1 A\n"
        + PACKETS
        + "  turn 9D\n"
        + PLAY
        + DEAL_2
        + "deal 3 A\n  B: ?? ??\n  A: ?? ??\n  B: ?? ?? ??\n  A: ?? ?? ??\n"
        + "  B claims new deal\n"
    )
    f = one(found(LAW_9, text))
    assert (f.deal, f.offender, f.kind, f.outcome) == (3, A, "wrong_order", None)
    assert options(f) == {
        "rectify": (Who.NON_DEALER, Window.BEFORE_TURN, ("rectify",), Outcome.RECTIFIED),
        "fresh_deal": (Who.NON_DEALER, Window.BEFORE_TURN, ("new deal",), Outcome.FRESH_DEAL),
    }


# Deal 1, A deals four then one: B holds KH QH 9S 7C, then 8C; A holds JS 8S 7D TD, then AH.
FOUR_ONE = "  B: KH QH 9S 7C\n  A: JS 8S 7D TD\n  B: 8C\n  A: AH\n"


def test_law_9_a_first_packet_of_four_sets_three_two() -> None:
    text = HEAD + "deal 1 A\n" + FOUR_ONE + "  turn 9D\n" + PLAY
    f = one(found(LAW_9, text))
    assert (f.line, f.offender, f.kind) == (line_of(text, "B: KH"), A, "misdeal")
    # Each packet is judged against the order the first one selected (3-2), and cited so.
    assert "packet 1 to B had 4 card(s), not 3" in f.message
    assert "packet 2 to A had 4 card(s), not 3" in f.message
    assert "packet 3 to B had 1 card(s), not 2" in f.message
    assert "packet 4 to A had 1 card(s), not 2" in f.message
    assert found(LAW_15, text) == found(LAW_16, text) == []  # five cards each: law 9 only
    # The order binds A for the game: dealing 2-3 in his next deal is a change of order.
    later = text + DEAL_2 + "deal 3 A\n  B: ?? ??\n  A: ?? ??\n  B: ?? ?? ??\n  A: ?? ?? ??\n"
    wrong = [f for f in found(LAW_9, later) if f.deal == 3]
    assert [(f.kind, f.line) for f in wrong] == [("wrong_order", line_of(later, "B: ?? ??"))]
    assert "his order this game is 3-2" in wrong[0].message
    kept = text + DEAL_2 + "deal 3 A\n  B: ?? ?? ??\n  A: ?? ?? ??\n  B: ?? ??\n  A: ?? ??\n"
    assert [f.deal for f in found(LAW_9, kept)] == [1]


def test_law_9_a_first_packet_of_one_sets_two_three() -> None:
    one_four = "  B: KH\n  A: JS\n  B: QH 9S 7C 8C\n  A: 8S 7D TD AH\n"
    text = HEAD + "deal 1 A\n" + one_four + "  turn 9D\n" + PLAY
    f = one(found(LAW_9, text))
    assert "packet 1 to B had 1 card(s), not 2" in f.message
    assert "packet 3 to B had 4 card(s), not 3" in f.message
    kept = text + DEAL_2 + "deal 3 A\n  B: ?? ??\n  A: ?? ??\n  B: ?? ?? ??\n  A: ?? ?? ??\n"
    assert [f.deal for f in found(LAW_9, kept)] == [1]


def test_law_8_order_announced_against_an_odd_first_packet() -> None:
    text = HEAD + "deal 1 A\n" + FOUR_ONE + "  turn 9D\n" + PLAY + DEAL_2
    text += "deal 3 A\n  order 2-3\n  cut B 9\n  B: ?? ??\n  A: ?? ??\n"
    f = one(found(LAW_8, text))
    assert (f.deal, f.kind) == (3, "order_changed_in_game")
    assert "he chose 3-2 earlier in this game" in f.message


def test_law_9_window_is_his_look_when_he_looks_before_the_turn_up() -> None:
    text = HEAD + "deal 1 A\n" + PACKETS.replace("B: 7C 8C", "B: 7C 8C 9C")
    text += "  B takes up\n  turn 9D\n"
    f = one(found(LAW_9, text))
    assert f.kind == "misdeal" and f.line == line_of(text, "B: 7C 8C 9C")
    assert {o.window for o in f.options} == {Window.BEFORE_LOOKING}


def test_law_9_rectification_packets_are_not_new_errors() -> None:
    text = HEAD + "deal 1 A\n" + PACKETS.replace("B: 7C 8C", "B: 7C")
    text += "  B claims rectify\n  B: 8C\n  turn 9D\n"
    f = one(found(LAW_9, text))
    assert f.line == line_of(text, "B: 7C")
    assert found(LAW_16, text) == []


def test_law_9_a_first_packet_of_four() -> None:
    text = HEAD + "deal 1 A\n  B: KH QH 9S 7C\n  A: JS 8S 7D\n  B: 8C\n  A: TD AH\n"
    f = one(found(LAW_9, text))
    assert f.line == line_of(text, "B: KH QH 9S 7C") and f.kind == "misdeal"


def test_law_9_near_miss_lawful_deal() -> None:
    text = HEAD + "deal 1 A\n" + PACKETS + "  B claims rectify\n  turn 9D\n"
    assert found(LAW_9, text) == []


def test_law_10_the_trump_turned_before_the_hands_are_dealt() -> None:
    assert found(LAW_10, HEAD + "deal 1 A\n" + PACKETS + "  turn KD\n") == []
    packets = PACKETS.splitlines(keepends=True)
    early = HEAD + "deal 1 A\n" + "".join(packets[:3]) + "  turn KD\n" + packets[3]
    f = one(found(LAW_10, early))
    assert (f.kind, f.offender, f.line) == ("turned_before_dealt", A, line_of(early, "turn"))
    short = HEAD + "deal 1 A\n" + "".join(packets[:3]) + "  turn KD\n"
    assert found(LAW_10, short) == []  # the dealing stopped short: laws 15-18


# -- law 11 to law 13 ------------------------------------------------------------------------------


def test_law_11_choice_before_looking() -> None:
    text = HEAD + "deal 1 A\n" + PACKETS + "  turn 9D 7S\n  B claims trump 7S\n  B takes up\n"
    f = one(found(LAW_11, text))
    assert (f.line, f.offender, f.kind, f.outcome) == (
        line_of(text, "turn"),
        A,
        "several_turned",
        None,
    )
    assert options(f) == {
        "choose_trump": (Who.NON_DEALER, Window.BEFORE_LOOKING, ("trump",), Outcome.STANDS),
        "fresh_deal": (Who.NON_DEALER, Window.BEFORE_LOOKING, ("new deal",), Outcome.FRESH_DEAL),
    }


@pytest.mark.parametrize(
    "events",
    [
        "  B takes up\n  turn 9D 7S\n",  # he had looked before the cards were turned
        "  turn 9D 7S\n  B takes up\n  B claims trump 7S\n",  # he looked before choosing
        "  turn 9D 7S\n  B proposes\n",  # proposing is looking
    ],
)
def test_law_11_after_looking_a_fresh_deal(events: str) -> None:
    f = one(found(LAW_11, HEAD + "deal 1 A\n" + PACKETS + events))
    assert f.outcome is Outcome.FRESH_DEAL
    assert len({o.name for o in f.options}) == len(f.options)
    assert any(o.who is Who.EITHER and o.window is Window.BEFORE_PLAYING for o in f.options)


def test_law_11_near_miss_one_card() -> None:
    assert found(LAW_11, HEAD + "deal 1 A\n" + PACKETS + "  turn 9D\n") == []


def test_law_12_before_and_after_the_turn_up() -> None:
    text = HEAD + "deal 1 A\n  B: KH QH 9S\n  faced 8D\n"
    f = one(found(LAW_12, text))
    assert (f.line, f.offender, f.kind, f.outcome) == (
        line_of(text, "faced"),
        None,
        "faced_card_in_pack",
        Outcome.FRESH_DEAL,
    )
    assert options(f)["fresh_deal"][:2] == (Who.EITHER, Window.BEFORE_TURN)
    later = HEAD + "deal 1 A\n" + PACKETS + "  turn 9D\n  faced 8D\n"
    assert found(LAW_12, later) == []


def test_law_13_whose_card() -> None:
    theirs = HEAD + "deal 1 A\n" + PACKETS.replace("B: KH QH", "B: KH *QH")
    f = one(found(LAW_13, theirs))
    assert (f.line, f.offender, f.kind) == (line_of(theirs, "*QH"), A, "adversary_card_exposed")
    assert options(f) == {
        "fresh_deal": (Who.NON_DEALER, Window.BEFORE_LOOKING, ("new deal",), Outcome.FRESH_DEAL)
    }
    own = HEAD + "deal 1 A\n" + PACKETS.replace("A: JS", "A: *JS")
    f = one(found(LAW_13, own))
    assert (f.kind, f.options, f.outcome) == ("own_card_exposed", (), None)


# -- law 14 ----------------------------------------------------------------------------------------


def test_law_14_out_of_turn_before_and_after_the_turn_up() -> None:
    first = HEAD + "deal 1 A\n" + PACKETS + "  turn 9D\n" + PLAY
    before = first + "deal 2 A\n  B: ?? ?? ??\n"
    f = one(found(LAW_14, before))
    assert (f.deal, f.line, f.offender, f.kind) == (
        2,
        line_of(before, "deal 2"),
        A,
        "deal_out_of_turn",
    )
    assert f.outcome is Outcome.VOID
    assert options(f) == {"void": (Who.EITHER, Window.BEFORE_TURN, ("new deal",), Outcome.VOID)}
    after = first + "deal 2 A\n" + PACKETS + "  turn 9D\n"
    f = one(found(LAW_14, after))
    assert f.outcome is None


def test_law_14_packs_remain_changed() -> None:
    text = HEAD + "deal 1 A pack B\n" + PACKETS + "  turn 9D\n" + PLAY
    text += DEAL_2.replace("deal 2 B", "deal 2 B pack A")
    f = one(found(LAW_14, text))
    assert (f.deal, f.kind) == (1, "wrong_pack")
    back = text.replace("deal 2 B pack A", "deal 2 B pack B")
    kinds = [(f.deal, f.kind) for f in found(LAW_14, back)]
    assert kinds == [(1, "wrong_pack"), (2, "wrong_pack")]


def test_law_14_same_dealer_after_an_imposed_fresh_deal() -> None:
    # Law 12 imposes a fresh deal with no claim line: A deals again, in turn.
    text = HEAD + "deal 1 A\n  B: KH QH 9S\n  faced 8D\n" + "deal 2 A\n" + PACKETS + "  turn 9D\n"
    record = read_one(text)
    # The engine alone passes the deal on; told by the adjudicator that the laws annulled
    # deal 1, it does not, and law 14 has nothing to find.
    assert one(found(LAW_14, text)).kind == "deal_out_of_turn"
    assert [
        f for v in deal_views(record, Told({0: Ending.FRESH_DEAL})) for f in LAW_14.find(v)
    ] == []
    ruling = adjudicate(record)
    assert [(d.number, d.outcome) for d in ruling.deals] == [(1, "fresh_deal"), (2, "stands")]
    assert {f.law for f in ruling.findings} == {12}


def test_law_14_other_player_after_an_imposed_fresh_deal() -> None:
    # The fresh deal law 12 imposes is A's: B dealing deal 2 deals out of turn.
    text = HEAD + "deal 1 A\n  B: KH QH 9S\n  faced 8D\n" + DEAL_2
    ruling = adjudicate(read_one(text))
    [f] = [f for f in ruling.findings if f.law == 14]
    assert (f.deal, f.line, f.offender, f.kind) == (
        2,
        line_of(text, "deal 2"),
        "B",
        "deal_out_of_turn",
    )
    assert [(d.number, d.outcome) for d in ruling.deals] == [(1, "fresh_deal"), (2, "stands")]


def test_law_14_same_dealer_after_a_deal_no_law_annuls() -> None:
    # Law 13's fresh deal is the non-dealer's option; he looks at his hand without claiming
    # it. The cards are gathered all the same, and A deals again: out of turn.
    first = HEAD + "deal 1 A\n" + PACKETS.replace("B: KH QH", "B: KH *QH") + "  B takes up\n"
    text = first + "deal 2 A\n" + PACKETS + "  turn 9D\n"
    ruling = adjudicate(read_one(text))
    [f] = [f for f in ruling.findings if f.law == 14]
    assert (f.deal, f.kind, f.offender) == (2, "deal_out_of_turn", "A")
    assert [(d.number, d.outcome) for d in ruling.deals] == [(1, "stands"), (2, "stands")]


def test_law_14_fresh_deals_in_a_row_settle() -> None:
    # Two faced cards in a row: three deals by A, each in turn. The second is out of turn
    # (hence void, law 14) until the engine knows that the first did not pass.
    faced = "  B: KH QH 9S\n  faced 8D\n"
    text = HEAD + "deal 1 A\n" + faced + "deal 2 A\n" + faced + "deal 3 A\n" + PACKETS
    text += "  turn 9D\n" + PLAY
    ruling = adjudicate(read_one(text))
    assert {f.law for f in ruling.findings} == {12}
    assert [(d.number, d.outcome) for d in ruling.deals] == [
        (1, "fresh_deal"),
        (2, "fresh_deal"),
        (3, "stands"),
    ]


# -- laws 15 to 19 ---------------------------------------------------------------------------------

SIX_B = PACKETS.replace("B: 7C 8C", "B: 7C 8C 9C")
FOUR_B = PACKETS.replace("B: 7C 8C", "B: 7C")
SIX_A = PACKETS.replace("A: TD AH", "A: TD AH 9C")
THREE_A = PACKETS.replace("  A: TD AH\n", "")


@pytest.mark.parametrize(
    ("packets", "law", "kind", "names", "window"),
    [
        (SIX_B, LAW_15, "non_dealer_too_many", {"fresh_deal"}, Window.BEFORE_PROPOSING),
        (FOUR_B, LAW_16, "non_dealer_too_few", {"complete", "fresh_deal"}, Window.BEFORE_PROPOSING),
        (SIX_A, LAW_17, "dealer_too_many", {"draw", "fresh_deal"}, Window.BEFORE_ANSWER),
        (
            THREE_A,
            LAW_18,
            "dealer_too_few",
            {"permit_complete", "fresh_deal"},
            Window.BEFORE_ANSWER,
        ),
    ],
)
def test_laws_15_to_18_by_hand_and_direction(
    packets: str, law: Law, kind: str, names: set[str], window: Window
) -> None:
    text = HEAD + "deal 1 A\n" + packets + "  turn 9D\n"
    f = one(found(law, text))
    assert (f.line, f.offender, f.kind, f.outcome) == (line_of(text, "turn"), A, kind, None)
    assert {o.name for o in f.options} == names
    assert {(o.who, o.window) for o in f.options} == {(Who.NON_DEALER, window)}
    for other in {LAW_15, LAW_16, LAW_17, LAW_18} - {law}:
        assert found(other, text) == []


def test_laws_15_to_18_not_after_a_rectification() -> None:
    text = HEAD + "deal 1 A\n" + SIX_B + "  B claims rectify\n  turn KD\n"
    assert found(LAW_15, text) == []
    assert found(LAW_19, text) == []


def test_law_17_draw_may_look_if_the_dealer_took_up() -> None:
    text = HEAD + "deal 1 A\n" + SIX_A + "  A takes up\n  turn 9D\n"
    assert "may look" in one(found(LAW_17, text)).message


def test_law_19_king_turned_after_a_wrong_deal() -> None:
    text = HEAD + "deal 1 A\n" + THREE_A + "  turn KD\n  A marks king\n  B permits complete\n"
    f = one(found(LAW_19, text))
    assert (f.line, f.offender, f.kind, f.takes_king, f.marks) == (
        line_of(text, "turn"),
        A,
        "king_after_wrong_count",
        (A,),
        (),
    )
    assert found(LAW_19, HEAD + "deal 1 A\n" + THREE_A + "  turn 9D\n") == []
    assert found(LAW_19, HEAD + "deal 1 A\n" + PACKETS + "  turn KD\n") == []


def test_law_19_after_law_21_alone() -> None:
    # Five cards at the turn-up, then A throws one out with no exchange and plays with four.
    text = HEAD + "deal 1 A\n" + PACKETS + "  turn KD\n  B plays\n  A discards AH\n"
    text += "  1. B KH A 7D\n"
    assert one(found(LAW_21, text)).kind == "dealer_played_wrong_count"
    f = one(found(LAW_19, text))
    assert f.takes_king == (A,) and "law 21" in f.message


# -- laws 20 and 21 --------------------------------------------------------------------------------


def test_law_20_non_dealer_plays_without_taking_cards() -> None:
    text = HEAD + "deal 1 A\n" + FOUR_B + "  turn 9D\n  B proposes\n  A refuses\n"
    text += "  1. B KH A AH\n"
    f = one(found(LAW_20, text))
    assert (f.line, f.offender, f.kind, f.outcome) == (
        line_of(text, "1. B"),
        A,
        "non_dealer_played_wrong_count",
        Outcome.FRESH_DEAL,
    )
    assert options(f)["fresh_deal"][:2] == (Who.EITHER, Window.BEFORE_NEXT_TURN)
    assert LAW_20.overrides == (15, 16)


def test_law_20_near_miss_cards_taken_or_completed() -> None:
    exchanged = HEAD + "deal 1 A\n" + FOUR_B + "  turn 9D\n  B proposes\n  A accepts\n"
    exchanged += "  B discards 7C 9S\n  B: KS 7H\n  A discards AH\n  A: QD\n  1. B KH A 7D\n"
    assert found(LAW_20, exchanged) == []
    completed = HEAD + "deal 1 A\n" + FOUR_B + "  turn 9D\n  B claims complete\n  B: 8C\n"
    completed += "  1. B KH A AH\n"
    assert found(LAW_20, completed) == []


def test_law_20_after_a_completion_claimed_too_late() -> None:
    # Law 16's completion is open only before he proposes: claimed after the refusal, it is
    # rejected and completes nothing, so playing with four is law 20's fresh deal.
    late = HEAD + "deal 1 A\n" + FOUR_B + "  turn 9D\n  B proposes\n  A refuses\n"
    late += "  B claims complete\n  1. B KH A AH\n"
    ruling = adjudicate(read_one(late))
    assert [(c.line, c.upheld, c.law) for c in ruling.claims] == [
        (line_of(late, "claims complete"), False, 16)
    ]
    assert 20 in {f.law for f in ruling.findings}
    assert ruling.deals[0].outcome == "fresh_deal"
    # Claimed in time, it is taken as made even if the record does not show the card.
    in_time = HEAD + "deal 1 A\n" + FOUR_B + "  turn 9D\n  B claims complete\n"
    in_time += "  B proposes\n  A refuses\n  1. B KH A AH\n"
    ruling = adjudicate(read_one(in_time))
    assert [c.upheld for c in ruling.claims] == [True]
    assert 20 not in {f.law for f in ruling.findings}
    assert ruling.deals[0].outcome == "stands"


def test_law_21_dealer_plays_without_taking_cards() -> None:
    text = HEAD + "deal 1 A\n" + SIX_A + "  turn 9D\n  B proposes\n  A refuses\n"
    text += "  1. B KH A AH\n"
    f = one(found(LAW_21, text))
    assert (f.offender, f.kind, f.outcome) == (A, "dealer_played_wrong_count", None)
    assert options(f) == {
        "fresh_deal": (Who.NON_DEALER, Window.BEFORE_NEXT_TURN, ("new deal",), Outcome.FRESH_DEAL)
    }
    assert found(LAW_20, text) == []


def test_law_21_near_miss_surplus_drawn() -> None:
    # The draw is carried out on the table as the court upholds it (law 17's remedy): A plays
    # with five. The engine alone, which knows no law, leaves him six.
    text = HEAD + "deal 1 A\n" + SIX_A + "  turn 9D\n  B claims draw\n  1. B KH A AH\n"
    assert [f.law for f in adjudicate(read_one(text)).findings if f.law == 21] == []
    assert found(LAW_21, text) != []
    permitted = HEAD + "deal 1 A\n" + THREE_A + "  turn 9D\n  B permits complete\n"
    permitted += "  1. B KH A 7D\n"
    assert found(LAW_21, permitted) == []


# -- the engine ------------------------------------------------------------------------------------


def test_engine_order_before_the_first_deal() -> None:
    text = HEAD + "order 2-3\n\ndeal 1 A\n  B: ?? ??\n"
    list(replay(read_one(text)))


def test_engine_next_dealer_after_a_void_deal_out_of_turn() -> None:
    text = HEAD + "deal 1 B\n  A: ?? ??\n  A claims new deal\n\ndeal 2 A\n  B: ?? ??\n"
    steps = list(replay(read_one(text)))
    heading = next(s for s in steps if s.line == line_of(text, "deal 2"))
    assert not any(d.kind == "deal_out_of_turn" for d in heading.deviations)


def test_law_9_points_a_hand_written_as_one_packet_to_holds() -> None:
    whole = "deal 1 A\n  B: KH QH 9S 7C 8C\n  A: JS 8S 7D TD AH\n  turn 9D\n"
    (nine,) = [f for f in adjudicate(read_one(whole)).findings if f.law == 9]
    assert "B holds ..." in nine.message
    short = "deal 1 A\n  B: KH QH\n  A: JS 8S 7D\n  B: 7C 8C 9S\n  A: TD AH\n  turn 9D\n"
    (nine,) = [f for f in adjudicate(read_one(short)).findings if f.law == 9]
    assert "holds" not in nine.message  # a wrong packet, not a hand written whole
