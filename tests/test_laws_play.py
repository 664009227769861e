"""Laws 39 to 51: playing, revoking, new cards, incorrect packs and scoring.

Each test builds a small record, cuts it into deal views and asks one law what it finds:
the findings' law, line, offender and kind, the options (name, who, window, claims), the
imposed outcome and the marks. Near misses assert that nothing is found.
"""

from __future__ import annotations

import pytest

from adjudicator import Card, Player, read_one
from adjudicator.engine.ecarte.rules import CARD_BIT, HAND
from adjudicator.engine.ecarte.solve import Position, solve
from laws.ecarte.base import Finding, Heading, Law, Outcome, Who, Window
from laws.ecarte.incorrect_packs import LAW_45
from laws.ecarte.new_cards import LAW_44
from laws.ecarte.playing import LAW_39, LAW_40, LAW_41, LAW_42
from laws.ecarte.playing import LAWS as PLAYING
from laws.ecarte.revoking import LAW_43
from laws.ecarte.revoking import LAWS as REVOKING
from laws.ecarte.scoring import LAW_46, LAW_47, LAW_48, LAW_49, LAW_50, LAW_51
from laws.ecarte.scoring import LAWS as SCORING
from laws.ecarte.view import deal_views

A, B = Player.A, Player.B

HEAD = '[Event "test"]\n[A "Anstey"]\n[B "Bourke"]\n\ncut A KS B 9H\n\n'
"""Tags and a cut for deal that gives A the first deal: the record's first deal is line 7."""


def deal(n: int, dealer: str, elder: str, dealer_cards: str, turn: str) -> str:
    """A deal's heading, cut, packets (3-2) and turn-up: eight lines."""
    other = "B" if dealer == "A" else "A"
    e, d = elder.split(), dealer_cards.split()
    return (
        f"deal {n} {dealer}\n  cut {other} 12\n"
        f"  {other}: {' '.join(e[:3])}\n  {dealer}: {' '.join(d[:3])}\n"
        f"  {other}: {' '.join(e[3:])}\n  {dealer}: {' '.join(d[3:])}\n  turn {turn}\n"
    )


# A deals; B holds KH QH 9C 8D 7D, A holds JS 8S AH 7H 7C; spades are trumps. The deal's
# heading is line 7, the turn-up line 13; the next line is 14.
D1 = deal(1, "A", "KH QH 9C 8D 7D", "JS 8S AH 7H 7C", "9S")
LAWFUL = """  1. B KH A 7H
  2. B QH A AH
  3. B 9C A 7C
  4. B 8D A JS
  5. A 8S B 7D
"""
# B deals; A holds KH QH KS 9S 7C, B holds AH 7H JS 8S 9C; diamonds are trumps.
D2 = deal(2, "B", "KH QH KS 9S 7C", "AH 7H JS 8S 9C", "8D")
LAWFUL_2 = """  1. A KH B 7H
  2. A QH B AH
  3. A KS B 8S
  4. A 9S B JS
  5. B 9C A 7C
"""


def found(law: Law, text: str) -> list[Finding]:
    """Every finding ``law`` makes in the record ``text``."""
    out: list[Finding] = []
    for view in deal_views(read_one(text)):
        out.extend(law.find(view))
    return out


def one(law: Law, text: str) -> Finding:
    findings = found(law, text)
    assert len(findings) == 1, findings
    return findings[0]


def record(*body: str) -> str:
    return HEAD + "".join(body)


def tricks(*played: str, stands: str = "B") -> str:
    """``B plays`` (the elder stands), then the tricks numbered from 1."""
    return f"  {stands} plays\n" + "".join(f"  {i}. {t}\n" for i, t in enumerate(played, 1))


# --------------------------------------------------------------------------------------------
#  The chapters' tables
# --------------------------------------------------------------------------------------------


def test_modules_hold_their_laws_in_order() -> None:
    assert [law.number for law in PLAYING] == [39, 40, 41, 42]
    assert [law.number for law in REVOKING] == [43]
    assert [law.number for law in SCORING] == [46, 47, 48, 49, 50, 51]
    assert LAW_44.heading is Heading.NEW_CARDS and LAW_45.heading is Heading.INCORRECT_PACKS
    assert all(law.heading is Heading.PLAYING for law in PLAYING)
    assert LAW_43.heading is Heading.REVOKING
    assert all(law.heading is Heading.SCORING for law in SCORING)


@pytest.mark.parametrize("law", [*PLAYING, *REVOKING, LAW_44, LAW_45, *SCORING])
def test_laws_are_stated(law: Law) -> None:
    assert len(law.summary) >= 40 and len(law.interpretation) >= 40 and law.title
    for option in law.options:
        assert option.claims and option.effect


def test_definitional_laws_find_nothing() -> None:
    text = record(D1, "  B takes up\n  B plays\n", LAWFUL, "  B marks 1 point\n")
    for law in (LAW_46, LAW_47, LAW_48, LAW_49):
        assert law.definitional
        assert found(law, text) == []


def test_overrides() -> None:
    assert 43 in LAW_39.overrides
    assert LAW_43.overrides == ()  # its cap limits law 42's result: nothing to drop


# --------------------------------------------------------------------------------------------
#  Law 39
# --------------------------------------------------------------------------------------------


def test_39_revoke_taken_back_in_time() -> None:
    text = record(
        D1,
        "  B plays\n  1. B KH A 8S\n  A retracts 8S\n  A plays 7H\n",
        "  2. B QH A AH\n  3. B 9C A 7C\n  4. B 8D A JS\n  5. A 8S B 7D\n",
    )
    f = one(LAW_39, text)
    assert (f.law, f.line, f.offender, f.kind) == (39, 15, A, "revoke_corrected")
    assert f.marks == () and f.outcome is None
    assert found(LAW_43, text) == []  # no penalty


def test_39_lead_in_turn_taken_back() -> None:
    text = record(D1, "  B plays\n  B leads KH\n  B retracts KH\n  B leads 9C\n  A plays 7C\n")
    f = one(LAW_39, text)
    assert (f.line, f.offender, f.kind) == (16, B, "lead_retracted")
    assert f.evidence == (Card.parse("KH"),)


def test_39_retract_too_late_leaves_the_revoke_to_law_43() -> None:
    text = record(
        D1,
        "  B plays\n  1. B KH A 7H\n  2. B QH A 8S\n  A leads 7C\n  A retracts 8S\n",
        "  B plays 9C\n  4. B 8D A JS\n  5. A AH B 7D\n",
    )
    f = one(LAW_39, text)
    assert (f.line, f.offender, f.kind) == (18, A, "retract_too_late")
    g = one(LAW_43, text)
    assert (g.line, g.kind) == (16, "revoke")
    assert g.caps == ((A, 1),)  # A won the point, worth two under law 49: he marks only one


def test_39_lawful_card_taken_back() -> None:
    text = record(D1, "  B plays\n  1. B KH A 7H\n  A retracts 7H\n  A plays AH\n")
    f = one(LAW_39, text)
    assert (f.line, f.offender, f.kind) == (16, A, "lawful_card_retracted")


def test_39_near_misses_law_40_and_41_withdrawals() -> None:
    out_of_turn = record(D1, "  A leads 7C\n  A retracts 7C\n", LAWFUL)
    assert found(LAW_39, out_of_turn) == []
    required = record(
        D1, "  B plays\n  B leads KH names C\n  A claims suit C\n  B retracts KH\n  B leads 9C\n"
    )
    assert found(LAW_39, required) == []


# --------------------------------------------------------------------------------------------
#  Law 40
# --------------------------------------------------------------------------------------------


def test_40_taken_back_before_played_to() -> None:
    f = one(LAW_40, record(D1, "  A leads 7C\n  A retracts 7C\n", LAWFUL))
    assert (f.line, f.offender, f.kind) == (14, A, "lead_out_of_turn")
    assert "taken back" in f.message and f.options == () and f.outcome is None


def test_40_played_to_stands_and_late_retraction() -> None:
    text = record(
        D1, "  1. B KH A 7H\n  2. B QH A AH\n  3. A JS B 7D\n  A retracts JS\n  4. A 7C B 9C\n"
    )
    kinds = [(f.line, f.kind) for f in found(LAW_40, text)]
    assert kinds == [(16, "lead_out_of_turn"), (17, "lead_out_of_turn_retracted_late")]
    assert found(LAW_39, text) == []  # the late retraction is law 40's


def test_40_near_miss_winner_leads() -> None:
    text = record(D1, "  1. B 8D A JS\n  2. A 7C B 9C\n  3. B KH A 7H\n")
    assert found(LAW_40, text) == []


# --------------------------------------------------------------------------------------------
#  Law 41
# --------------------------------------------------------------------------------------------


def test_41_options_while_the_card_awaits_reply() -> None:
    f = one(LAW_41, record(D1, "  B plays\n  B leads KH names C\n"))
    assert (f.line, f.offender, f.kind) == (15, B, "named_other_suit")
    names = {(o.name, o.who, o.window, o.claims) for o in f.options}
    assert names == {
        ("require_suit", Who.ADVERSARY, Window.BEFORE_PLAYED_TO, ("suit",)),
        ("play_to_card", Who.ADVERSARY, Window.BEFORE_PLAYED_TO, ("elect play",)),
    }


def test_41_no_option_when_the_leader_has_none_or_it_was_played_to() -> None:
    none_held = one(LAW_41, record(D1, "  B plays\n  B leads KH names S\n"))
    assert none_held.options == () and "cannot be withdrawn" in none_held.message
    played_to = one(LAW_41, record(D1, "  B plays\n  1. B KH names C A 7H\n"))
    assert played_to.options == ()


def test_41_near_miss_suit_named_is_led() -> None:
    assert found(LAW_41, record(D1, "  B plays\n  1. B KH names H A 7H\n")) == []


# --------------------------------------------------------------------------------------------
#  Law 42
# --------------------------------------------------------------------------------------------


def test_42_abandoned_without_a_trick() -> None:
    f = one(LAW_42, record(D1, "  1. B KH A 7H\n  2. B 8D A JS\n  3. A AH B QH\n  B abandons\n"))
    assert (f.offender, f.kind, f.marks) == (B, "abandoned", ())  # B had one trick
    g = one(LAW_42, record(D1, "  B abandons\n"))
    assert (g.line, g.kind) == (14, "abandoned_without_trick")


def test_42_abandoning_with_the_point_is_a_claim() -> None:
    text = record(D1, "  1. B KH A 7H\n  2. B QH A AH\n  3. B 9C A 7C\n  B abandons\n")
    f = one(LAW_42, text)
    assert (f.kind, f.offender) == ("abandoned_with_point", None)


def test_42_a_claim_borne_out_and_one_not() -> None:
    good = deal(1, "A", "AC QC JC KH QH", "9D 8D 7D 8S 7S", "7C")
    text = record(good, "  B plays\n  1. B QC A 7S\n  2. B JC A 8S\n  3. B AC A 7D\n  B shows\n")
    assert found(LAW_42, text) == []
    bad = deal(1, "A", "QC JC KH QH 7D", "AC 9D 8D 8S 7S", "7C")
    f = one(LAW_42, record(bad, "  B plays\n  1. B QC A AC\n  2. B JC A 7S\n  B shows\n"))
    assert f.kind == "claim_not_made_good"
    assert f.marks == ((B, -1),)  # the point (four tricks), not the vole


def test_42_double_dummy() -> None:
    """Law 42's claims are settled by the engine's solver: the hands as they lie, each side
    playing its best (A claims; B the adversary)."""

    def m(codes: str) -> int:
        return sum(CARD_BIT[Card.parse(c)] for c in codes.split())

    def made(leader: Player, hands: tuple[str, str], lead: str | None = None) -> int:
        follower = B if leader is A else A
        masks = (m(hands[0]), m(hands[1]))
        position = Position(spades, leader, follower, masks, Card.parse(lead) if lead else None)
        return solve(position).tricks[A]

    spades = Card.parse("9S").suit
    # The claimer leads with KH QH 7D against 9D 8D 7C, spades trumps: two tricks of three.
    assert made(A, ("KH QH 7D", "9D 8D 7C")) == 2
    # Against 9D 8D 8S the adversary trumps a heart: the claimer makes nothing.
    assert made(A, ("KH QH 7D", "9D 8D 8S")) == 0
    # Playing to a lead of 9D with 8D 7D he cannot win, nor then the king of trumps.
    assert made(B, ("KS", "8D 7D"), "9D") == 0
    # With TD 7D he must win the 9D; his 7D is then trumped.
    assert made(B, ("KS", "TD 7D"), "9D") == 1


# --------------------------------------------------------------------------------------------
#  Law 43
# --------------------------------------------------------------------------------------------

REVOKE = deal(1, "A", "KH 9H 8D 7D 7S", "JH 7H KS QS AC", "7C")
REVOKE_PLAY = tricks("B KH A AC", "A KS B 7S", "A QS B 8D", "A 7H B 9H", "B 7D A JH")


def test_43_revoke_by_the_winner() -> None:
    f = one(LAW_43, record(REVOKE, REVOKE_PLAY))
    assert (f.line, f.offender, f.kind) == (15, A, "revoke")
    assert f.caps == ((A, 1),) and f.marks == () and f.outcome is None  # law 49: only one
    (option,) = f.options
    assert (option.name, option.who, option.window, option.claims, option.outcome) == (
        "replay",
        Who.ADVERSARY,
        Window.BEFORE_NEXT_TURN,
        ("replay",),
        Outcome.REPLAY,
    )


def test_43_revoke_by_the_loser_takes_nothing() -> None:
    # B renounces at trick 3 holding QD and loses the hand: A's marks are not reduced.
    d = deal(1, "A", "QC QD 7H 8S 9S", "KD 9D AH AS 8D", "8C")
    play = "  B plays\n  1. B QC A 8D\n  2. B 7H A AH\n  3. A KD B 8S\n  4. A 9D B QD\n"
    f = one(LAW_43, record(d, play, "  5. B 9S A AS\n"))
    assert (f.kind, f.offender, f.marks) == ("revoke", B, ())


def test_43_not_winning_and_reductions_do_not_stack() -> None:
    d = deal(1, "A", "KS QS 7C 9C 8C", "QH 7H AD 9D 8D", "8H")
    play = tricks("B KS A 8D", "B QS A 9D", "B 7C A 7H", "A QH B 9C", "A AD B 8C")
    fs = found(LAW_43, record(d, play))
    # A failed twice to trump, and won the point (worth two, B stood): one mark comes off.
    assert [(f.kind, f.caps) for f in fs] == [("not_winning", ((A, 1),)), ("not_winning", ())]


def test_43_undetermined() -> None:
    d = "deal 1 A\n  cut B 12\n  B: KH QH 9C\n  A: ?? ?? ??\n  B: 8D 7D\n  A: ?? ??\n  turn 9S\n"
    f = one(LAW_43, record(d, "  B plays\n  1. B KH A 7S\n  B abandons\n"))
    assert (f.kind, f.offender, f.marks) == ("revoke_undetermined", A, ())
    assert [o.outcome for o in f.options] == [Outcome.UNDETERMINED]


def test_43_near_miss_lawful_discards() -> None:
    d = deal(1, "A", "KD QD 9S 8S 7C", "JD 7D AH 8H 9C", "TS")
    play = tricks("B KD A 7D", "B 9S A 8H", "B 8S A AH", "B QD A JD", "B 7C A 9C")
    assert found(LAW_43, record(d, play)) == []


# --------------------------------------------------------------------------------------------
#  Laws 44 and 45
# --------------------------------------------------------------------------------------------


def test_44_after_the_cut_only() -> None:
    late = D1.replace("  cut B 12\n", "  cut B 12\n  A calls new cards\n")
    f = one(LAW_44, record(late))
    assert (f.line, f.kind, f.offender, f.options) == (9, "new_cards_for_next_deal", None, ())
    early = D1.replace("deal 1 A\n", "deal 1 A\n  A calls new cards\n")
    assert found(LAW_44, record(early)) == []
    after = record(D1, LAWFUL, "  B calls new cards\n")
    assert found(LAW_44, after) == []
    assert (
        found(LAW_44, HEAD.replace("cut A KS B 9H\n", "A calls new cards\ncut A KS B 9H\n")) == []
    )


def test_45_void_and_duplicates() -> None:
    f = one(LAW_45, record(D1, "  1. B KH A 7H\n  pack redundant\n"))
    assert (f.line, f.kind, f.outcome, f.offender) == (15, "pack_faulty", Outcome.VOID, None)
    dup = D1.replace("  turn 9S\n", "  turn 7H\n")  # 7H is in A's hand: seen twice
    g = one(LAW_45, record(dup))
    assert (g.kind, g.outcome, g.evidence) == ("card_seen_twice", None, (Card.parse("7H"),))
    opening = HEAD + "pack incorrect\n\n" + D1
    assert found(LAW_45, opening) == []


def test_45_a_card_turned_and_then_given_is_no_duplicate() -> None:
    d = deal(1, "A", "KH QH 9C 8D 7D", "JS 8S AH 7H 7C", "9S")
    text = record(
        d,
        "  B proposes\n  A accepts\n  B discards 7D\n  turn TD\n  B claims take\n  B: TD\n",
    )
    assert found(LAW_45, text) == []


# --------------------------------------------------------------------------------------------
#  Laws 50 and 51
# --------------------------------------------------------------------------------------------


def test_50_omission_and_its_window() -> None:
    open_ = one(LAW_50, record(D1, "  B plays\n", LAWFUL))
    assert (open_.line, open_.offender, open_.kind, open_.marks) == (19, B, "omitted_mark", ())
    assert "may still mark it until the trump of the next deal is turned up" in open_.message
    closing = record(D1, "  B plays\n", LAWFUL, "\n", D2, "  A plays\n", LAWFUL_2)
    fs = found(LAW_50, closing)
    assert [(f.deal, f.offender) for f in fs] == [(1, B), (2, A)]
    assert "the trump of the next deal was turned up, so what he had not" in fs[0].message
    assert "may still mark" not in fs[0].message


def test_50_nothing_omitted() -> None:
    assert found(LAW_50, record(D1, "  B plays\n", LAWFUL, "  B marks 1 point\n")) == []
    # the offender under law 43 marks only what he may
    text = record(REVOKE, REVOKE_PLAY, "  A marks 1 point\n")
    assert found(LAW_50, text) == []
    # a king turned and not marked is laws 22 and 47's, not an omission here
    king = deal(1, "A", "QH JH 9C 8S 7S", "QD JD AD 9D 8D", "KD")
    play = tricks("B QH A 8D", "A QD B 7S", "A JD B 8S", "A AD B 9C", "A 9D B JH")
    assert found(LAW_50, record(king, play, "  A marks 2 vole\n")) == []


def test_51_overscore_taken_down_or_not() -> None:
    f = one(LAW_51, record(D1, "  B plays\n", LAWFUL, "  B marks 2 point\n"))
    assert (f.line, f.offender, f.kind, f.marks) == (20, B, "overscore", ())
    assert "comes off" in f.message
    g = one(LAW_51, record(D1, "  B plays\n", LAWFUL, "  B marks 2 point\n  B unmarks 1\n"))
    assert "taken down in the deal" in g.message


def test_51_score_line_and_near_miss() -> None:
    f = one(LAW_51, record(D1, "  B plays\n", LAWFUL, "  B marks 1 point\n  score A 0 B 2\n"))
    assert (f.line, f.kind, f.offender) == (21, "score_differs_from_marks", None)
    # two for a point won against a player who stood (law 49) is no overscore
    play = tricks("B KH A 7H", "B 9H A JH", "A KS B 7S", "A QS B 8D", "A AC B 7D")
    assert found(LAW_51, record(REVOKE, play, "  A marks 2 point\n")) == []


def test_51_early_marks_and_void_deals() -> None:
    # B marks his point of deal 1 in deal 2 before the turn: lawful; a second mark is not
    made_good = D2.replace("deal 2 B\n", "deal 2 B\n  B marks 1 point\n  B marks 1\n")
    fs = found(LAW_51, record(D1, "  B plays\n", LAWFUL, "\n", made_good))
    assert [(f.deal, f.line, f.offender) for f in fs] == [(2, 23, B)]
    void = record(D1, "  B plays\n", LAWFUL, "  B marks 1 point\n  pack imperfect\n")
    (f,) = found(LAW_51, void)
    assert (f.kind, f.offender) == ("overscore", B) and "no marks" in f.message
    assert found(LAW_50, void) == []


def test_hand_size() -> None:
    assert HAND == 5


def test_42_a_claim_by_a_player_not_at_the_table_is_not_solved() -> None:
    """A show by C in a deal between A and B (found by the fuzz suite: the solver's answer
    is keyed by the deal's two players)."""
    from adjudicator.court.ecarte.adjudicate import adjudicate

    ruling = adjudicate(read_one("deal 0 A\n  C shows\n"))
    assert ruling.deals and ruling.deals[0].number == 0
