"""Properties of rulings, whatever the record: what a ruling must do when the record is changed in
a way that changes nothing, or in a way whose effect the laws fix.

1. Swapping the players' names swaps the ruling: findings fall on the other player, marks,
   corrections and scores change hands, laws, outcomes and lines stay.
2. Comments, blank lines, spacing, case and the canonical formatter never change a ruling (its
   lines move with the record's).
3. The marks a ruling allows for a deal never exceed what the hand gives (laws 47-49).
4. A deal annulled (void, or dealt afresh) gives no marks: nobody's king stands in it, though
   a king of the deal before, marked in it before its trump was turned up, stands with that
   deal.
5. Ruling is deterministic: the same record gives byte-identical JSON, in this process or
   another, through the library or the command line.

Records come from the casebook, from the generator of games (lawful, or with one irregularity
injected) and from arbitrary facts (``tests/ruling_strategies.py``); Hypothesis chooses the
record and the change. The suite's ``ci`` profile (``tests/conftest.py``) derandomizes every
property and keeps no database, so a run passes or fails the same way every time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruling_strategies import (
    CASES,
    POOL_PERMUTATIONS,
    ROOT,
    SOURCES,
    SWAP,
    Permutation,
    Source,
    arbitrary,
    casebook,
    generated,
    hand_gives,
    in_written_order,
    map_positions,
    permute_players,
    permute_ruling,
    position_map,
    through_text,
    unordered_by_player,
    unseen_cards,
    with_events,
)
from strategies import lenient_texts, strip_comments
from typer.testing import CliRunner

import adjudicator
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.engine.ecarte.generate import generate
from adjudicator.notation.cards import Player, Rank
from adjudicator.notation.ecarte.model import (
    Faced,
    Mark,
    MarkReason,
    PackFault,
    PackFaultKind,
    Record,
    Trick,
    Turn,
    Unmark,
)
from adjudicator.notation.ecarte.reader import read_one
from adjudicator.notation.ecarte.writer import write
from adjudicator.shell.cli import app

PROPERTY = settings(
    deadline=None,
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Each property's examples are bounded so that the file runs in well under 30 seconds on two
cores (a ruling takes a few milliseconds)."""

ANNULLED = ("fresh_deal", "void")

CASE_RECORDS = [(f"casebook {case.name}", read_one(case.record)) for case in CASES]


def ruling_json(record: Record) -> dict[str, Any]:
    """The ruling on ``record`` as the JSON the command line prints for it."""
    out: dict[str, Any] = adjudicate(record).model_dump(mode="json")
    return out


# --------------------------------------------------------------------------------------------
#  1. Swapping the players' names swaps the ruling
# --------------------------------------------------------------------------------------------


def _check_swap(source: Source, perm: Permutation) -> None:
    swapped = through_text(permute_players(source.record, perm))
    moved = position_map(source.record, swapped)
    expected = permute_ruling(map_positions(ruling_json(source.record), moved), perm)
    got = ruling_json(swapped)
    assert unordered_by_player(got) == unordered_by_player(expected), write(swapped)


@settings(PROPERTY, max_examples=300)
@given(source=casebook, data=st.data())
def test_swapping_the_players_swaps_the_ruling_casebook(
    source: Source, data: st.DataObject
) -> None:
    """In a pool of three, any permutation of the seats (the sitter-out moves too); else A and
    B change places."""
    perm = data.draw(st.sampled_from(POOL_PERMUTATIONS)) if source.pool else SWAP
    _check_swap(source, perm)


@settings(PROPERTY, max_examples=100)
@given(source=generated())
def test_swapping_the_players_swaps_the_ruling_generated(source: Source) -> None:
    _check_swap(source, SWAP)


@settings(PROPERTY, max_examples=100)
@given(source=arbitrary(seats_of_two=True))
def test_swapping_the_players_swaps_the_ruling_arbitrary(source: Source) -> None:
    """Arbitrary facts with C read as A: outside a pool a record of two seats whose lines name
    a third player is asymmetric by construction (the court seats C's adversary as A)."""
    _check_swap(source, SWAP)


# --------------------------------------------------------------------------------------------
#  2. Comments, blank lines and the canonical form never change a ruling
# --------------------------------------------------------------------------------------------

REWRITINGS = ("lenient", "lenient, then fmt", "lenient, then `ecarte fmt -`", "comments removed")
"""How a record is written otherwise. ``lenient``: comments of both forms added on lines, on
lines of their own and between words (a brace comment may span lines), blank lines, spaces and
tabs, any case, ``10`` for ``T``, suit symbols, CR LF (``tests/strategies.py``); then the
canonical formatter, as a function or as the command; or every comment taken out."""


def _fmt_command(text: str) -> str:
    result = CliRunner().invoke(app, ["fmt", "-"], input=text.encode("utf-8"))
    assert result.exit_code == 0, result.output
    return result.stdout


def _rewrite(source: Source, how: str, data: st.DataObject) -> Record:
    if how == "comments removed":
        return through_text(strip_comments(source.record))
    text, expected = data.draw(lenient_texts(st.just(source.record)))
    record = read_one(text)
    assert record == expected, f"the lenient text reads as other facts:\n{text}"
    if how == "lenient, then fmt":
        record = read_one(write(record))
    elif how == "lenient, then `ecarte fmt -`":
        record = read_one(_fmt_command(text))
    return record


REWRITTEN_SOURCES = {**SOURCES, "generated": generated(max_games=1)}
"""A lenient text of a long record costs much to draw: one game is enough."""


@pytest.mark.parametrize("where", list(SOURCES))
@settings(PROPERTY, max_examples=40)
@given(data=st.data())
def test_comments_blank_lines_and_formatting_never_change_a_ruling(
    where: str, data: st.DataObject
) -> None:
    source = data.draw(REWRITTEN_SOURCES[where])
    how = data.draw(st.sampled_from(REWRITINGS))
    rewritten = _rewrite(source, how, data)
    original = through_text(in_written_order(source.record, rewritten))
    moved = position_map(original, rewritten)
    assert ruling_json(rewritten) == map_positions(ruling_json(original), moved), how


# --------------------------------------------------------------------------------------------
#  3. The marks allowed never exceed what the hand gives
# --------------------------------------------------------------------------------------------


def _check_hand_bounds(record: Record, name: str) -> None:
    """Every deal of the ruling, those it leaves undetermined included (whatever the card the
    record lacks, the deal gives no more than a king and the hand)."""
    ruling = adjudicate(record)
    hand = 4 if "doubling" in ruling.rules.split("+") else 2
    for deal in ruling.deals:
        marks = deal.marks.values()
        assert all(n <= hand + 1 for n in marks), (name, deal)
        assert sum(n for n in marks if n > 0) <= hand + 1, (name, deal)
        assert sum(1 for n in marks if n > 1) <= 1, (name, deal)


def test_a_deal_never_gives_more_than_a_hand_can_casebook() -> None:
    """Whatever the record: for a deal, one player may have the king (one, law 47: there is
    one king of trumps) and one the hand (the point one, the vole two, law 48; the point two
    under law 49; twice as much under the doubling profile's doubled hand), nothing more.

    The casebook is ruled whole (a few hundred milliseconds), not sampled: its cases near the
    bound are few."""
    for name, record in CASE_RECORDS:
        _check_hand_bounds(record, name)


@pytest.mark.parametrize("where", ["generated", "arbitrary"])
@settings(PROPERTY, max_examples=80)
@given(data=st.data())
def test_a_deal_never_gives_more_than_a_hand_can(where: str, data: st.DataObject) -> None:
    """As above, for games of the generator and arbitrary facts."""
    source = data.draw(SOURCES[where])
    _check_hand_bounds(source.record, source.name)


@st.composite
def _played_with_cards_hidden(draw: st.DrawFn) -> Source:
    """A lawful game of the generator in which some cards of one deal's play are not recorded
    (``??``) and the mark for that hand says what Hypothesis chooses."""
    seed = draw(st.integers(0, 10_000))
    record = generate(seed).record
    marked = [
        (d, i)
        for d, deal in enumerate(record.deals)
        for i, e in enumerate(deal.events)
        if isinstance(e, Mark) and e.reason in (MarkReason.POINT, MarkReason.VOLE)
    ]
    d, i = draw(st.sampled_from(marked))
    events = list(record.deals[d].events)
    mark = events[i]
    assert isinstance(mark, Mark)
    events[i] = mark.model_copy(update={"points": draw(st.integers(0, 9))})
    tricks = [j for j, e in enumerate(events) if isinstance(e, Trick)]
    for j in draw(st.lists(st.sampled_from(tricks), min_size=1, max_size=3, unique=True)):
        trick = events[j]
        assert isinstance(trick, Trick)
        hidden = draw(st.sampled_from(["lead", "follow"]))
        events[j] = trick.model_copy(update={hidden: None})
    return Source(
        f"generated seed={seed}, cards hidden", through_text(with_events(record, d, tuple(events)))
    )


@settings(PROPERTY, max_examples=100)
@given(source=_played_with_cards_hidden())
def test_a_deal_never_gives_more_than_a_hand_can_though_cards_are_not_recorded(
    source: Source,
) -> None:
    """As above, for a hand whose play the record gives with some cards not recorded: whatever
    those cards were, the hand gave no more than the vole and the king."""
    _check_hand_bounds(source.record, source.name)


@settings(PROPERTY, max_examples=150)
@given(source=generated())
def test_the_marks_allowed_never_exceed_what_the_hand_gives(source: Source) -> None:
    """A game of the generator, lawful or with one irregularity: each deal's marks, for each
    player, are at most what the play of the hand gives him (:func:`hand_gives`, worked out
    from the record alone). A deal the record leaves undetermined (it contradicts itself) is
    left out: what its hand gave is what is in doubt."""
    ruling = adjudicate(source.record)
    by_line = {deal.line: deal for deal in source.record.deals}
    for ruled in ruling.deals:
        if ruled.outcome == "undetermined":
            continue
        gives = hand_gives(by_line[ruled.line])
        if gives is None:
            continue
        for player, n in ruled.marks.items():
            assert n <= gives.get(Player(player), 0), (ruled.number, ruled.marks, gives)


# --------------------------------------------------------------------------------------------
#  4. A deal annulled gives no marks
# --------------------------------------------------------------------------------------------


def _unmarking(record: Record) -> set[str]:
    """The players who take marks down anywhere in the record (a take-down of earlier marks
    may be made in any deal, law 51: it is the deal's only negative mark)."""
    return {e.player.value for _, e in record.events() if isinstance(e, Unmark)}


def _check_annulled(record: Record, name: str) -> None:
    ruling = adjudicate(record)
    unmarking = _unmarking(record)
    for deal in ruling.deals:
        if deal.outcome in ANNULLED:
            for player, n in deal.marks.items():
                assert n <= 0 if player in unmarking else n == 0, (name, deal)


def test_an_annulled_deal_gives_no_marks_casebook() -> None:
    """The casebook whole, as for the marks above (two of its annulled deals had marks made)."""
    for name, record in CASE_RECORDS:
        _check_annulled(record, name)


@pytest.mark.parametrize("where", ["generated", "arbitrary"])
@settings(PROPERTY, max_examples=80)
@given(data=st.data())
def test_an_annulled_deal_gives_no_marks(where: str, data: st.DataObject) -> None:
    source = data.draw(SOURCES[where])
    _check_annulled(source.record, source.name)


def _annul(record: Record, d: int, data: st.DataObject) -> Record:
    """``record`` with its deal ``d`` annulled by a fact the laws annul it for, at a place
    Hypothesis chooses: the pack found incorrect, redundant or imperfect, at any moment of the
    deal (law 45: that deal is void); or a card found faced in the pack before the trump is
    turned up (law 12: a fresh deal)."""
    deal = record.deals[d]
    events = list(deal.events)
    turn = next(i for i, e in enumerate(events) if isinstance(e, Turn))
    spare = unseen_cards(deal)
    faced = data.draw(st.booleans())
    if spare and faced:
        at = data.draw(st.integers(0, turn))
        events.insert(at, Faced(card=data.draw(st.sampled_from(spare))))
    else:
        at = data.draw(st.integers(0, len(events)))
        fault = data.draw(st.sampled_from(list(PackFaultKind)))
        events.insert(at, PackFault(fault=fault))
    return through_text(with_events(record, d, tuple(events)))


@settings(PROPERTY, max_examples=100)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_deal_annulled_gives_no_marks_and_leaves_the_deals_before(
    seed: int, data: st.DataObject
) -> None:
    """A game of the generator with one of its deals annulled: that deal gives nobody
    anything, the king turned up and marked in it included (law 45: 'all preceding deals
    stand good'; a fresh deal under law 12 is dealt anew), and the deals before it are ruled as
    they were."""
    record = generate(seed).record
    d = data.draw(st.integers(0, len(record.deals) - 1))
    annulled = _annul(record, d, data)
    before = adjudicate(through_text(record)).deals
    after = adjudicate(annulled).deals
    assert after[d].outcome in ANNULLED, after[d]
    assert set(after[d].marks.values()) == {0}, after[d]
    assert [(x.outcome, x.marks) for x in after[:d]] == [(x.outcome, x.marks) for x in before[:d]]


def _king_marks(record: Record) -> list[tuple[int, int]]:
    """(deal index, event index) of each king turned up and marked at once by the dealer, in a
    deal that another follows."""
    out = []
    for d, deal in enumerate(record.deals[:-1]):
        events = deal.events
        for i, e in enumerate(events[1:], start=1):
            before = events[i - 1]
            if (
                isinstance(e, Mark)
                and e.reason is MarkReason.KING
                and isinstance(before, Turn)
                and before.cards[0] is not None
                and before.cards[0].rank is Rank.KING
            ):
                out.append((d, i))
    return out


_SEEDS_WITH_A_KING = [s for s in range(200) if _king_marks(generate(s, games=2).record)]
"""Seeds of two-game records with a king turned up and marked in a deal another follows."""


@settings(PROPERTY, max_examples=50)
@given(seed=st.sampled_from(_SEEDS_WITH_A_KING), data=st.data())
def test_a_king_marked_for_the_deal_before_stands_though_the_next_deal_is_annulled(
    seed: int, data: st.DataObject
) -> None:
    """The dealer marks his turned-up king not at once but in the next deal, before its trump
    is turned up (law 22 gives him until then), and the next deal is then annulled: the king
    belongs to the deal it was turned up in, which stands (law 45), so the ruling on that deal
    is the same as when he marked it at once; the annulled deal gives nothing."""
    record = generate(seed, games=2).record
    d, i = data.draw(st.sampled_from(_king_marks(record)))
    mark = record.deals[d].events[i]
    assert isinstance(mark, Mark)
    moved = with_events(record, d, record.deals[d].events[:i] + record.deals[d].events[i + 1 :])
    moved = with_events(moved, d + 1, (mark, *moved.deals[d + 1].events))
    annulled = _annul(moved, d + 1, data)
    before = adjudicate(through_text(record)).deals[d]
    after = adjudicate(annulled).deals
    assert after[d + 1].outcome in ANNULLED, after[d + 1]
    assert (after[d].outcome, after[d].marks) == (before.outcome, before.marks)
    assert after[d].marks[mark.player.value] >= 1
    assert set(after[d + 1].marks.values()) == {0}, after[d + 1]


# --------------------------------------------------------------------------------------------
#  5. Determinism
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", list(SOURCES))
@settings(PROPERTY, max_examples=40)
@given(data=st.data())
def test_ruling_twice_gives_the_same_bytes(where: str, data: st.DataObject) -> None:
    """The same record ruled twice, with another record ruled in between, and read afresh from
    its text: byte-identical JSON."""
    source = data.draw(SOURCES[where])
    other = data.draw(SOURCES[data.draw(st.sampled_from(list(SOURCES)))])
    first = adjudicate(source.record).model_dump_json()
    adjudicate(other.record)
    again = adjudicate(read_one(write(source.record))).model_dump_json()
    assert again == first


@settings(PROPERTY, max_examples=20)
@given(source=st.one_of(*SOURCES.values()))
def test_check_json_is_the_ruling_and_the_same_twice(source: Source) -> None:
    """``ecarte check --format json`` twice on a file: the same bytes, and its record is the
    ruling the library gives."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.etn"
        path.write_text(write(source.record), encoding="utf-8")
        command = ["check", str(path), "--format", "json", "--jobs", "1"]
        first, again = (CliRunner().invoke(app, command) for _ in range(2))
    assert first.exit_code in (0, 1), first.output
    assert again.stdout_bytes == first.stdout_bytes
    [file] = json.loads(first.stdout)
    assert file["records"] == [ruling_json(source.record)]


def test_check_json_is_the_same_in_other_processes(tmp_path: Path) -> None:
    """The whole casebook and some games of the generator, checked by two processes with
    different hash seeds (the order of sets and dicts of strings), one of them on two workers:
    byte-identical JSON."""
    for seed in range(8):
        (tmp_path / f"game-{seed}.etn").write_text(write(generate(seed).record), encoding="utf-8")
    package = str(Path(adjudicator.__file__).resolve().parent.parent)
    run = "from adjudicator.shell.cli import app; app()"
    outputs = []
    for hash_seed, jobs in (("1", "1"), ("2", "2")):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONIOENCODING": "utf-8"}
        env["PYTHONPATH"] = os.pathsep.join([package, env.get("PYTHONPATH", "")])
        folders = [str(ROOT / "cases" / "ecarte"), str(tmp_path)]
        command = [sys.executable, "-c", run, "check", "--format", "json", "--jobs", jobs]
        done = subprocess.run([*command, *folders], capture_output=True, timeout=300, env=env)
        assert done.returncode == 1, done.stderr.decode("utf-8", "replace")
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert len(json.loads(outputs[0])) > 300
