"""Records a reviewer wrote against the profiles (``tests/data/profiles``), each with the
ruling he stated from ``docs/profiles.md`` and the laws before the fix: the marks of a deal
doubled, or whose point was offered, wherever the laws reckon a hand (laws 25, 26, 42, 43);
law 49's case only once the elder has chosen; an answer after the hand; the pool's seats after
a fresh deal and a mark for the deal before; the advisor for a third player."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import read_one
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.court.ecarte.ruling import RecordRuling
from adjudicator.engine.ecarte.profiles import with_rules

DATA = Path(__file__).resolve().parent / "data" / "profiles"


def _ruled(name: str, *, advise: bool = False) -> RecordRuling:
    return adjudicate(read_one((DATA / f"{name}.etn").read_text(encoding="utf-8")), advise=advise)


def _marks(ruling: RecordRuling) -> list[dict[str, int]]:
    return [dict(d.marks) for d in ruling.deals]


@pytest.mark.parametrize(
    ("name", "marks"),
    [
        ("dbl-law26", {"A": 2, "B": 0}),  # a doubled point counts two (D1), law 26 or not
        ("dbl-refused-law26", {"A": 1, "B": 0}),  # a refused double: the offerer marks one
        ("offer-law26", {"A": 2, "B": 0}),  # the refuser failed the vole: the offerer two
        ("dbl-show", {"A": 0, "B": 4}),  # a doubled vole shown and made good
        ("offer-show", {"A": 2, "B": 0}),  # the refuser shows four tricks: the offerer two
        ("dbl-abandon", {"A": 0, "B": 4}),  # abandoned without a trick, doubled: the vole, 4
        ("offer-abandon", {"A": 2, "B": 0}),  # the refuser abandons: the offerer two
        ("dbl-revoke", {"A": 0, "B": 0}),  # law 43: the offender's doubled point gives nothing
        ("dbl-false-king", {"A": 0, "B": 0}),  # law 25 alike
        ("dbl-refused-early", {"A": 1, "B": 0}),  # refused at the turn-up: nobody liable yet
        ("point-accepted-early", {"A": 1, "B": 0}),  # accepted at the turn-up: alike
        ("dbl-late-refusal", {"A": 1, "B": 0}),  # unanswered, void; the late answer nothing
    ],
)
def test_a_hand_doubled_or_offered_is_reckoned_so_by_every_law(
    name: str, marks: dict[str, int]
) -> None:
    ruling = _ruled(name)
    assert _marks(ruling) == [marks]
    if name in ("dbl-show", "dbl-abandon", "dbl-refused-early", "dbl-late-refusal"):
        assert ruling.corrections == []
    if name in ("dbl-refused-early", "point-accepted-early", "dbl-late-refusal", "dbl-show"):
        assert ruling.findings == []


def test_a_third_players_tricks_are_his_in_law_42s_words() -> None:
    (found,) = _ruled("pool-c-show").findings
    assert "he makes 3 of five" in found.message


def test_a_wrongly_seated_players_deal_annulled_is_dealt_again_by_him() -> None:
    ruling = _ruled("pool-intruder-fresh")
    assert [(f.law, f.kind) for f in ruling.findings] == [
        (13, "adversary_card_exposed"),
        (101, "wrong_player_seated"),
    ]


def test_a_mark_for_the_deal_before_does_not_seat_the_one_who_made_it() -> None:
    ruling = _ruled("pool-bystander-mark")
    assert ruling.findings == [] and ruling.corrections == []


def test_the_advisor_reckons_a_third_player_as_it_does_a_second() -> None:
    pool, club = _ruled("pool-advise-c", advise=True), _ruled("club-advise-a", advise=True)
    (c_worth,) = pool.deals[0].advice
    (a_worth,) = club.deals[0].advice
    assert (c_worth.game_taken, c_worth.game_declined) == (
        a_worth.game_taken,
        a_worth.game_declined,
    )
    pool_replay, club_replay = _ruled("pool-c-replay"), _ruled("club-a-replay")
    p, c = pool_replay.deals[0].perfect_play, club_replay.deals[0].perfect_play
    assert p is not None and c is not None
    assert p.marks.get("C") == c.marks.get("A") and p.how == c.how


def test_a_game_won_by_a_mark_in_a_deal_dealt_afresh_changes_no_seat() -> None:
    ruling = _ruled("pool-fresh-after-king")
    assert [f.law for f in ruling.findings] == [13, 51]
    assert [(g.winner, g.deal) for g in ruling.games] == [("A", 2)]


def test_a_game_an_earlier_overscore_leaves_unwon_changes_no_seat() -> None:
    seated_wrongly = _ruled("pool-earlier-overscore")
    assert [(f.law, f.offender) for f in seated_wrongly.findings] == [(51, "C"), (101, "B")]
    seated_rightly = _ruled("pool-earlier-overscore-ac")
    assert [f.law for f in seated_rightly.findings] == [51]
    assert seated_rightly.games == [] and seated_wrongly.games == []


@pytest.mark.parametrize("name", ["d26-double-refused", "d26-retracted-double-refused"])
def test_law_26s_reading_of_the_exchange_decides_law_49s_two_for_a_refused_double(
    name: str,
) -> None:
    ruling = _ruled(name)
    assert ruling.corrections == []
    assert [f.law for f in ruling.findings] == [26]


def test_a_game_marked_by_the_one_sitting_out_changes_no_seat_and_rules() -> None:
    # A mutant of a pool case (lines dropped, doubled, swapped), ruled under pool+french: it
    # once seated one player twice and stopped the replay.
    record = read_one((DATA / "pool-mark-by-the-one-sitting-out.etn").read_text(encoding="utf-8"))
    ruling = adjudicate(with_rules(record, "pool+french"))
    assert ruling.rules == "pool+french" and ruling.findings
