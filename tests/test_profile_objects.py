"""Rule profiles as objects (issue 22): a profile is one object, the replay asks it what it changes
by name and never which profile it is, and adding a variant is one module of
``adjudicator.engine.ecarte.profiles`` registered there."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import replace

import pytest

from adjudicator import read_one
from adjudicator.engine.ecarte import profiles as package
from adjudicator.engine.ecarte.profiles import (
    BEHAVIOURS,
    CLUB,
    PROFILES,
    Offer,
    Profile,
    ProfileConflict,
    combine,
    profile_named,
    profile_of,
)
from adjudicator.engine.ecarte.replay import replay
from adjudicator.engine.ecarte.rules import ACE_HIGH_RANKS, CLUB_RANKS, RankOrder
from adjudicator.engine.ecarte.table import Step
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import RULE_CONFLICTS, Record
from adjudicator.notation.errors import NotationError
from laws.ecarte.profiles import RULE_NAMED, rules_of

HOUSE = replace(
    CLUB,
    name="house",
    title="A house's rules made up for the test",
    changes="The ace above the king, and a hand may be doubled.",
    source="This test.",
    ranks=ACE_HIGH_RANKS,
    offers=frozenset({Offer.DOUBLE}),
)
"""A variant no module defines: the club code with the ace high and doubling both."""

RECORD = """[Event "A house's rules"]

cut A AS B KH                 ; the ace deals if it is high, the king if not

deal 1 A
  cut B 12
  B: KH QH 8D
  A: AH 8H TS
  B: KC 7C
  A: JD TD
  turn 9D
  B doubles
  A accepts double
  B plays
  1. B KH A AH
  2. A JD B 8D
  3. A TD B 7C
  4. A 8H B QH
  5. B KC A TS
"""


def _kinds(steps: list[Step]) -> list[str]:
    return [d.kind for s in steps for d in s.deviations]


def test_the_replay_follows_the_profile_it_is_given_not_the_records_tag() -> None:
    record = read_one(RECORD)  # no Rules tag: the club code
    house = list(replay(record, profile=HOUSE))
    club = list(replay(record))
    # Under the house's ranks the ace cuts highest and A's deal is his; the double is lawful;
    # the ace of hearts takes the king.
    assert _kinds(house) == []
    assert house[-1].table.profile is HOUSE
    final = house[-1].table.deal
    assert final is not None and final.doubled is Player.B
    assert final.tricks[0].winner is Player.A
    # Under the club code, read from the record: the king cuts highest, the double is void, and
    # the king of hearts takes the ace, so that A's lead to the second trick is out of turn.
    assert _kinds(club) == [
        "deal_out_of_turn",
        "double_not_in_rules",
        "answer_to_void_offer",
        "lead_out_of_turn",
    ]
    club_final = club[-1].table.deal
    assert club_final is not None and club_final.doubled is None
    assert club_final.tricks[0].winner is Player.B


def test_what_the_advisor_values_follows_the_behaviours() -> None:
    assert CLUB.solvable and CLUB.valued
    assert not HOUSE.solvable and not HOUSE.valued
    assert replace(CLUB, offers=frozenset({Offer.POINT})).solvable
    assert not replace(CLUB, offers=frozenset({Offer.POINT})).valued
    unvalued = {name for name, p in PROFILES.items() if not p.valued}
    assert unvalued == {"ace-high", "doubling", "offering"}


def test_every_profile_module_defines_a_registered_profile() -> None:
    modules = [m.name for m in pkgutil.iter_modules(package.__path__) if m.name != "base"]
    defined = [importlib.import_module(f"{package.__name__}.{m}").PROFILE for m in modules]
    assert all(isinstance(p, Profile) for p in defined)
    assert sorted(p.name for p in defined) == sorted(PROFILES)
    assert all(PROFILES[p.name] is p for p in defined)


def test_each_profile_changes_what_it_says_and_the_club_code_nothing() -> None:
    assert CLUB.departures() == ()
    assert all(PROFILES[name].departures() for name in PROFILES if name != CLUB.name)
    assert HOUSE.departures() == ("ranks", "offers")
    assert set(BEHAVIOURS) >= {"ranks", "seats", "offers", "advice_lawful", "series"}


def test_the_rules_a_profile_adds_are_the_laws_rules() -> None:
    for profile in PROFILES.values():
        assert all(name in RULE_NAMED for name in profile.added_rules), profile.name
    assert [law.cite for law in rules_of(profile_named("pool+french"))] == [
        "pool rule P1",
        "bystanders' rule B1",
    ]
    assert rules_of(CLUB) == []


def test_a_combination_takes_each_behaviour_from_the_part_that_changes_it() -> None:
    every = profile_named("offering+doubling+ace-high+french+pool")
    assert every.name == "pool+french+ace-high+doubling+offering"
    assert every.ranks is ACE_HIGH_RANKS and every.seats.rotation and every.advice_lawful
    assert every.offers == {Offer.DOUBLE, Offer.POINT}
    assert every.added_rules == ("P1", "B1", "D1", "O1")
    assert [p.name for p in every.parts] == every.name.split("+")
    assert profile_named("rubber").counts_by_law46 and not every.counts_by_law46
    assert combine([HOUSE, PROFILES["pool"]]).ranks == ACE_HIGH_RANKS


def test_parts_that_change_one_behaviour_differently_cannot_be_combined() -> None:
    with pytest.raises(ProfileConflict, match="pool and rubber"):
        profile_named("rubber+pool")
    # The reader refuses the same, so a record read from a file always has a profile.
    conflicting = set()
    names = [n for n in PROFILES if n != CLUB.name]
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            try:
                profile_named(f"{a}+{b}")
            except ProfileConflict:
                conflicting.add(frozenset({a, b}))
    assert conflicting == set(RULE_CONFLICTS)
    with pytest.raises(NotationError, match="pool and rubber"):
        read_one('[Rules "pool+french+rubber"]\n\ndeal 1 A\n')


def test_an_order_of_the_ranks_names_each_rank_once() -> None:
    assert RankOrder("K Q J A T 9 8 7") == CLUB_RANKS
    with pytest.raises(ValueError, match="each rank once"):
        RankOrder("A K Q J T 9 8")


def test_the_court_resolves_the_profile_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import adjudicator.court.ecarte.adjudicate as court
    import adjudicator.court.ecarte.plain as plain
    import adjudicator.engine.ecarte.replay.working as working

    asked: list[str] = []

    def counted(record: Record) -> Profile:
        asked.append(record.tag("Rules") or "")
        return profile_of(record)

    for module in (court, plain, working):
        monkeypatch.setattr(module, "profile_of", counted)
    record = read_one('[Rules "pool+french"]\n' + RECORD)
    ruling = court.adjudicate(record, advise=True)
    assert ruling.rules == "pool+french" and asked == ["pool+french"]
