"""The lines of irregularities (version 2 of the notation) in the replay: never an exception;
each recorded as a fact on its deal or its partie's opening; each that may depart from lawful
play noted as 'not yet judged' with the laws that will judge it; the cards followed where a
line moves them; and records without such lines replayed as before.

The expected scores and deviations were written from the laws (the reference
``laws-of-piquet.md``) and Cavendish's example before the replay was run on them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.engine.piquet.irregular import CLAIM_LAWS, LAWS
from adjudicator.engine.piquet.replay import RecordReplay, replay_record
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet import read_each, read_one
from adjudicator.notation.piquet.irregularities import IRREGULARITIES
from adjudicator.notation.piquet.model import Deals, Event, PackDealt, Record, Score

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "piquet-notation.md"
EXAMPLE = (ROOT / "docs" / "examples" / "piquet-example.ptn").read_text(encoding="utf-8")
UNTRIED = DeviationKind.NOT_YET_JUDGED
A, B = Player.A, Player.B


def replay(text: str) -> RecordReplay:
    return replay_record(read_one(text))


def edit(old: str, new: str, text: str = EXAMPLE) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def found(text: str) -> list[tuple[DeviationKind, int]]:
    return [(d.kind, d.line) for d in replay(text).deviations]


def page_records() -> list[Record]:
    """The records of the page's examples of irregularities (sections 13 to 19)."""
    page = PAGE.read_text(encoding="utf-8")
    part = page[page.index("## 13. Irregularities") : page.index("## 20. Canonical form")]
    blocks = re.findall(r"^```ptn\n(.*?)^```$", part, re.S | re.M)
    assert len(blocks) == 5
    records = [r for b in blocks for r in read_each(b)]
    assert all(isinstance(r, Record) for r in records)
    return records  # type: ignore[return-value]


@pytest.mark.parametrize("record", page_records(), ids=lambda r: str(r.line))
def test_the_pages_irregularities_replay_each_noted_once_at_its_line(record: Record) -> None:
    replayed = replay_record(record)
    untried = [d for d in replayed.deviations if d.kind is UNTRIED]
    lines = [(d.line, d.message) for d in untried]
    assert len({line for line, _ in lines}) == len(lines), lines
    recorded = [e for p in replayed.parties for e in p.irregularities]
    recorded += [e for d in replayed.deals() for e in d.irregularities]
    assert recorded
    for event in recorded:
        noted = [m for line, m in lines if line == event.line]
        if quiet(event):
            assert noted == [], event
        else:
            assert len(noted) == 1 and "is recorded as a fact for " in noted[0], event
    assert len(untried) == sum(not quiet(e) for e in recorded)


def quiet(event: Event) -> bool:
    """Whether a line is no departure in itself (section 13 of the page): a player taking up
    his cards or touching the stock, the other pack dealt with, a score sheet named."""
    if isinstance(event, Deals):
        return event.pack is PackDealt.OTHER
    if isinstance(event, Score):
        return not event.corrected
    return event.kind in ("takes_up", "touch", "cuts", "shuffles", "collects")


def test_every_line_form_of_an_irregularity_has_its_laws() -> None:
    kinds = {t.model_fields["kind"].default for t in IRREGULARITIES}
    assert kinds - {"takes_up", "touch", "claim"} <= set(LAWS)
    assert len(CLAIM_LAWS) == 7
    seen = {e.kind for r in page_records() for _, _, e in r.events()}
    assert kinds <= seen, sorted(kinds - seen)


def test_a_lead_out_of_turn_retracted_leaves_the_deal_as_played() -> None:
    text = edit("  A leads AH\n", "  B leads 7D\n  B retracts 7D\n  A leads AH\n")
    replayed = replay(text)
    (deal,) = replayed.deals()
    assert deal.score is not None and dict(deal.score.totals) == {A: 28, B: 23}
    assert found(text) == [
        (DeviationKind.LEAD, line_of(text, "B leads 7D")),
        (UNTRIED, line_of(text, "B retracts 7D")),
    ]
    assert [e.kind for e in deal.irregularities] == ["retract"]


def test_cards_played_to_cards_led_at_once_are_retracted_last_first() -> None:
    block = EXAMPLE[EXAMPLE.index("  2. A KH B 7D\n") : EXAMPLE.index("  6. A KD B AD\n")]
    played = "  A leads KH QH JH 8H\n  B plays 7D TD QD JD\n  B retracts JD QD\n"
    text = edit(block, played + "  B plays JD QD\n  A: 14\n")
    (deal,) = replay(text).deals()
    assert [str(t.played) for t in deal.tricks[1:5]] == ["7D", "TD", "JD", "QD"]
    assert deal.score is not None and dict(deal.score.totals) == {A: 28, B: 23}


def test_a_card_retracted_that_was_not_the_last_played_is_only_recorded() -> None:
    text = edit("  3. A QH B TD\n", "  3. A QH B TD\n  B retracts 7D\n")
    (deal,) = replay(text).deals()
    assert len(deal.tricks) == 12 and deal.tricks[1].played is not None
    assert (UNTRIED, line_of(text, "B retracts 7D")) in found(text)


def test_several_cards_led_at_once_are_played_to_in_turn() -> None:
    block = EXAMPLE[EXAMPLE.index("  2. A KH B 7D\n") : EXAMPLE.index("  6. A KD B AD\n")]
    text = edit(block, "  A leads KH QH JH 8H\n  B plays 7D TD JD QD\n  A: 14\n")
    (deal,) = replay(text).deals()
    assert deal.score is not None and dict(deal.score.totals) == {A: 28, B: 23}
    assert [str(t.played) for t in deal.tricks[1:5]] == ["7D", "TD", "JD", "QD"]
    assert found(text) == [
        (UNTRIED, line_of(text, "A leads KH QH")),
        (UNTRIED, line_of(text, "B plays 7D TD")),
    ]


def test_a_discard_taken_back_goes_into_the_hand() -> None:
    text = edit(
        "  B discards 7S 9H 7H\n", "  A takes back KS from his discard\n  B discards 7S 9H 7H\n"
    )
    replayed = replay(text)
    (deal,) = replayed.deals()
    assert len(deal.hands[A] or ()) == 13
    # reckoned as the cards fell: whether A may score is law 25's question, the court's
    assert deal.score is not None and deal.declared is not None
    assert found(text) == [
        (UNTRIED, line_of(text, "takes back KS")),
        (DeviationKind.HAND_SIZE, line_of(text, "A leads AH")),
    ]


def test_cards_mixed_with_a_discard_leave_the_hand_and_with_a_hand_join_it() -> None:
    text = edit("  B discards 7S 9H 7H\n", "  A mixes AS with his discard\n  B discards 7S 9H 7H\n")
    (deal,) = replay(text).deals()
    assert len(deal.hands[A] or ()) == 11
    text = edit("  B takes QS AC 7D\n", "  B takes QS AC\n  B mixes 7D with his hand\n")
    (deal,) = replay(text).deals()
    assert len(deal.hands[B] or ()) == 12
    assert deal.score is not None and dict(deal.score.totals) == {A: 28, B: 23}
    assert found(text) == [
        (DeviationKind.TAKEN, line_of(text, "B takes QS AC")),
        (UNTRIED, line_of(text, "B mixes 7D")),
    ]


def test_lines_of_timing_are_recorded_and_are_no_deviation() -> None:
    text = edit("  A discards", "  A takes up his cards\n  A touches the stock\n  A discards")
    (deal,) = replay(text).deals()
    assert replay(text).deviations == ()
    assert [e.kind for e in deal.irregularities] == ["takes_up", "touch"]
    assert deal.score is not None and dict(deal.score.totals) == {A: 28, B: 23}


def test_the_lines_of_a_parties_opening_are_its_facts() -> None:
    text = "A calls for new packs\ncut A AS B 9D\nA exposes 7S from the pack\nA elects to deal\n"
    text += "deal 1 A\n"
    (partie,) = replay(text).parties
    assert [e.kind for e in partie.irregularities] == ["new_packs", "expose"]
    assert partie.first_dealer is A
    assert [(d.kind, d.line, d.deal) for d in partie.deviations] == [
        (UNTRIED, 1, None),
        (UNTRIED, 3, None),
    ]
    assert "laws 76, 77" in partie.deviations[0].message


def test_a_claim_names_the_laws_of_what_it_claims() -> None:
    text = edit("  A leads AH\n", "  A claims B reckons nothing\n  B refuses\n  A leads AH\n")
    messages = [d.message for d in replay(text).deviations]
    assert messages == [
        "'A claims B reckons nothing' is recorded as a fact for laws 25-35, 44, 54, 58",
        "'B refuses' is recorded as a fact for the laws of the claim it answers",
    ]


@pytest.mark.parametrize(
    "path",
    [*sorted((ROOT / "docs" / "examples").glob("*.ptn")), ROOT / "tests/piquet/data/case-xxii.ptn"],
    ids=lambda p: p.name,
)
def test_records_of_version_1_record_no_irregularity(path: Path) -> None:
    replayed = replay(path.read_text(encoding="utf-8"))
    assert all(not d.irregularities for d in replayed.deals())
    assert all(not p.irregularities for p in replayed.parties)
    assert all(d.kind is not UNTRIED for d in replayed.deviations)
