"""Laws 50 and 51 correct the score sheet themselves (``Law.correction``): the court asks them
for each player's marks for a deal and places what they answer. The figures below are read from
the laws' words: an omission is made good while the next trump is not turned up, then lost (law
50); an overscore comes off, each mark citing the law that answers for it (law 51)."""

from __future__ import annotations

from adjudicator.engine.ecarte.hand_score import HandScore, Why
from adjudicator.engine.ecarte.table import Result
from adjudicator.notation.cards import Player
from laws.ecarte import EVERY, LAWS, cite
from laws.ecarte.allowed import Allowed, Corrected, Sheet, SheetCorrection
from laws.ecarte.base import Finding
from laws.ecarte.scoring import LAW_50, LAW_51, _cite

A = Player.A


def sheet(
    allowed: int,
    recorded: int,
    *,
    window_open: bool = True,
    parts: Allowed | None = None,
    kings: int = 0,
    annulled: tuple[int, str] | None = None,
    result: Result | None = None,
) -> Sheet:
    """Player A's marks for deal 3."""
    return Sheet(
        player=A,
        deal=3,
        allowed=allowed,
        recorded=recorded,
        window_open=window_open,
        parts=parts,
        kings=kings,
        replaced=None,
        annulled=annulled,
        result=result,
    )


def correct(s: Sheet) -> Corrected | None:
    """As the court asks: the first law with a correction that answers."""
    for law in LAWS:
        if law.correction is not None:
            found = law.correction(s)
            if found is not None:
                return found
    return None


def test_only_laws_50_and_51_correct_the_sheet() -> None:
    assert [law.number for law in EVERY if law.correction is not None] == [50, 51]
    assert LAW_50.correction is not None and LAW_51.correction is not None


def test_marks_as_allowed_need_no_correction() -> None:
    assert correct(sheet(2, 2)) is None


def test_an_omission_is_made_good_while_the_window_is_open() -> None:
    reason = (
        "A is entitled to 2 from deal 3 and marked 1; he may mark the rest until the next "
        "trump is turned"
    )
    assert correct(sheet(2, 1)) == Corrected(2, (SheetCorrection(1, 50, "any", reason),))


def test_an_omission_is_lost_once_the_next_trump_is_turned() -> None:
    assert correct(sheet(2, 1, window_open=False)) == Corrected(1, ())


def test_an_overscore_comes_off_under_law_51() -> None:
    found = correct(sheet(1, 3))
    head = "A marked 3 for deal 3; the laws allow him 1 in all "
    assert found == Corrected(
        1, (SheetCorrection(-2, 51, "any", head + "(marks beyond what the deal gives him)"),)
    )


def test_a_single_point_marked_two_cites_law_49() -> None:
    result = Result((3, 2, 0), HandScore(A, 1, Why.POINT))
    found = correct(sheet(1, 2, result=result))
    assert found is not None
    assert found.corrections[0].reason.endswith(
        "the point he won is worth one: law 49 makes it two only for the dealer when the "
        "non-dealer played without proposing, or for the non-dealer when the dealer refused "
        "the first proposal, and neither was so)"
    )


def test_a_mark_taken_down_cites_the_law_that_answers_for_it() -> None:
    cap = Finding(law=43, deal=3, line=9, column=3, offender=A, kind="revoke", message="")
    king = Finding(law=23, deal=3, line=7, column=3, offender=A, kind="king", message="")
    parts = Allowed(
        king=0,
        hand=0,
        king_entitled=1,
        hand_reckoned=1,
        cap=cap,
        king_answer=king,
        reckonings=(),
        optional=0,
        hand_given=1,
    )
    found = correct(sheet(0, 3, parts=parts, kings=1))
    assert found is not None
    assert [(c.law, c.points, c.where) for c in found.corrections] == [
        (23, -1, "king"),
        (43, -1, "hand"),
        (51, -1, "any"),
    ]
    assert found.stands == 0


def test_a_deal_annulled_gives_no_marks() -> None:
    found = correct(sheet(0, 1, annulled=(12, "dealt afresh")))
    assert found is not None
    assert found.corrections[0].reason.endswith(
        "the deal was dealt afresh (law 12), so it gives no marks)"
    )


def test_the_corrections_cite_as_the_registry_does() -> None:
    for law in EVERY:
        assert _cite(law.number) == cite(law.number)
    assert _cite(999) == cite(999)
