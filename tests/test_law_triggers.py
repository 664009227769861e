"""Each law says what its finder looks at (``Law.looks_at``): the kinds of event and of the
engine's deviation without one of which in a deal it finds nothing. The adjudicator, and the
laws that read other laws' findings (50 and 51), run a finder only on a deal that holds one of
those kinds (``laws.ecarte.base.may_find``).

Here: every law says it; every kind named is a kind of event of the notation or a kind of
deviation of the engine (a misspelt kind would silently switch a law off); and skipping
changes nothing. Over the casebook, the mutated games of ``test_mutations`` and the damaged
games of ``test_fast_paths``, no finder skipped in a deal finds anything there, and the
rulings with the skipping are the rulings without it (``laws.ecarte.base.TRIGGERS`` switched off).
"""

from __future__ import annotations

import ast
import random
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_fast_paths import _damaged
from test_laws_dealing import DEAL_2, HEAD, PACKETS, PLAY
from test_mutations import MUTATIONS, SEEDS

import laws.ecarte.base
from adjudicator import Record, read_each, read_one, write
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.court.ecarte.casebook import load_cases
from adjudicator.court.ecarte.record import UNJUDGED
from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.generate import generate
from adjudicator.engine.ecarte.table import Step
from adjudicator.notation.ecarte.model import Event
from laws.ecarte import EVERY as LAWS
from laws.ecarte.base import ALWAYS, NEVER, Always, LawIndex, finds_nothing, may_find
from laws.ecarte.dealing import LAW_14
from laws.ecarte.view import deal_views

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases" / "ecarte"
DATA = Path(__file__).resolve().parent / "data"


# --------------------------------------------------------------------------------------------
#  The kinds there are
# --------------------------------------------------------------------------------------------


def _event_kinds() -> frozenset[str]:
    """The ``kind`` of every event of ``adjudicator.notation.ecarte.model`` (the members of
    ``Event``), and ``deal``, the kind of a deal's heading step."""
    union, *_ = typing.get_args(Event)
    kinds = {member.model_fields["kind"].default for member in typing.get_args(union)}
    return frozenset({*kinds, Step._field_defaults["kind"]})


def _members(node: ast.expr) -> list[str] | None:
    """The deviation kinds an expression can be: a member (``DeviationKind.CUT_TIE``), or a
    conditional between members; ``None`` if it is neither."""
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "DeviationKind"
    ):
        return [DeviationKind[node.attr].value]
    if isinstance(node, ast.IfExp):
        body, orelse = _members(node.body), _members(node.orelse)
        if body is not None and orelse is not None:
            return body + orelse
    return None


def _deviation_kinds() -> frozenset[str]:
    """Every kind the engine (the modules of ``adjudicator/engine/ecarte/replay/``) reports: the
    first argument of each ``self._dev(...)`` call, a member of ``DeviationKind``, or a variable
    whose assignments in the same function are members (``kind = DeviationKind.NOT_WINNING``
    ...)."""
    engine = ROOT / "adjudicator" / "engine" / "ecarte" / "replay"
    modules = [ast.parse(p.read_text(encoding="utf-8")) for p in sorted(engine.glob("*.py"))]
    kinds: set[str] = set()
    calls = 0
    for function in (node for tree in modules for node in ast.walk(tree)):
        if not isinstance(function, ast.FunctionDef) or function.name == "_dev":
            continue
        for call in ast.walk(function):
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "_dev"
            ):
                continue
            calls += 1
            first = call.args[0] if call.args else call.keywords[0].value
            named = _members(first)
            if named is None:
                assert isinstance(first, ast.Name), ast.unparse(call)
                named = [
                    s
                    for node in ast.walk(function)
                    if isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == first.id for t in node.targets)
                    for s in (_members(node.value) or [])
                ]
                assert named, f"cannot tell the kinds of {ast.unparse(call)}"
            kinds.update(named)
    assert calls >= 50, "the engine's deviations were not found where they were"
    return frozenset(kinds)


EVENT_KINDS = _event_kinds()
DEVIATION_KINDS = _deviation_kinds()


def test_the_kinds_are_read_from_the_notation_and_the_engine() -> None:
    assert {"deal", "mark", "claim", "trick", "announce", "pack_fault"} <= EVENT_KINDS
    assert {
        "not_following_suit",  # through a variable
        "exposed_in_dealing",  # through a conditional
        "exposed_in_giving",
        "score_differs_from_marks",
        "wrong_count_dealt",
    } <= DEVIATION_KINDS
    assert len(EVENT_KINDS) >= 30 and len(DEVIATION_KINDS) >= 55


def test_every_deviation_kind_is_reported_by_the_engine() -> None:
    """The closed list of kinds (``DeviationKind``) is what the engine reports: no member is
    left that no ``_dev`` call makes (a kind no law could ever see)."""
    assert {k.value for k in DeviationKind} == DEVIATION_KINDS


# --------------------------------------------------------------------------------------------
#  The declarations
# --------------------------------------------------------------------------------------------


def test_every_law_says_what_it_looks_at() -> None:
    for law in LAWS:
        kinds = law.looks_at
        assert isinstance(kinds, (Always, frozenset)), law.number
        if law.find is finds_nothing:
            assert kinds == NEVER, f"law {law.number} finds nothing: it looks at nothing"
        else:
            assert kinds, f"law {law.number} has a finder: NEVER would switch it off"


def test_every_kind_named_is_a_kind_of_event_or_of_deviation() -> None:
    for law in LAWS:
        if law.looks_at is ALWAYS:
            continue
        assert isinstance(law.looks_at, frozenset)
        unknown = law.looks_at - EVENT_KINDS - DEVIATION_KINDS
        assert not unknown, f"law {law.number} looks at kinds there are not: {sorted(unknown)}"
        strings = {k for k in law.looks_at if k in DEVIATION_KINDS and type(k) is str}
        assert not strings, f"law {law.number} names deviations by strings: {sorted(strings)}"
        assert all(type(k) is DeviationKind for k in law.deviations), law.number


def test_most_laws_look_at_some_kinds_only() -> None:
    always = [law.number for law in LAWS if law.looks_at is ALWAYS]
    assert len(always) <= 5, always


def test_law_14_finds_in_a_deal_with_no_kind_to_tell() -> None:
    # Why law 14 looks at every deal: the packs remained changed after deal 1 (dealt with B's
    # pack), so deal 2, dealt by B with his own pack, is with the wrong pack, though nothing
    # of deal 2 alone says so.
    text = HEAD + "deal 1 A pack B\n" + PACKETS + "  turn 9D\n" + PLAY + DEAL_2
    text = text.replace("deal 2 B", "deal 2 B pack B")
    view = deal_views(read_one(text))[-1]
    assert [f.kind for f in LAW_14.find(view)] == ["wrong_pack"]
    assert not {"deal_out_of_turn", "wrong_pack"} & view.kinds
    assert LAW_14.looks_at is ALWAYS


# --------------------------------------------------------------------------------------------
#  Skipping changes nothing
# --------------------------------------------------------------------------------------------


def _casebook() -> Iterator[Record]:
    for path in [*sorted(CASES.glob("*/*.etn")), *sorted(DATA.rglob("*.etn"))]:
        for item in read_each(path.read_text(encoding="utf-8")):
            if not isinstance(item, Exception):
                yield item


def _mutated(name: str) -> Iterator[Record]:
    for seed in SEEDS:
        got = MUTATIONS[name](generate(seed).record, random.Random(seed))
        if got is not None:
            yield read_one(write(got[0]))


def _damaged_games(block: int) -> Iterator[Record]:
    rng = random.Random(block)
    for seed in range(block * 60, block * 60 + 60):
        yield _damaged(generate(seed).record, rng)  # as test_fast_paths rules them


def _check(records: Iterator[Record], monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """For each record: no law skipped in a deal finds anything there, and the ruling with
    the skipping is the ruling without it. Returns the records and the finders skipped."""
    n = skipped = 0
    for record in records:
        n += 1
        for view in deal_views(record):
            for law in LAWS:
                if may_find(view, law):
                    continue
                skipped += 1
                # A law that looks at every deal is skipped only in a deal quiet but for its
                # score line (DealView.sheet_only).
                assert law.looks_at is not ALWAYS or view.sheet_only
                found = list(law.find(view))
                looks = "every deal" if law.looks_at is ALWAYS else sorted(law.looks_at)
                assert not found, (
                    f"law {law.number} looks at {looks} (not in deal "
                    f"{view.number}: {sorted(view.kinds)}) but finds {found[0].message!r}\n"
                    + write(record)
                )
        with_skipping = adjudicate(record, fast=False).model_dump()
        monkeypatch.setattr(laws.ecarte.base, "TRIGGERS", False)
        without = adjudicate(record, fast=False).model_dump()
        monkeypatch.setattr(laws.ecarte.base, "TRIGGERS", True)
        assert with_skipping == without, write(record)
    return n, skipped


def test_switched_off_every_law_may_find(monkeypatch: pytest.MonkeyPatch) -> None:
    record = read_one(write(generate(0).record))
    view = deal_views(record)[1]
    assert not all(may_find(view, law) for law in LAWS)
    monkeypatch.setattr(laws.ecarte.base, "TRIGGERS", False)
    assert all(may_find(view, law) for law in LAWS)


def test_skipping_changes_nothing_in_the_casebook(monkeypatch: pytest.MonkeyPatch) -> None:
    n, skipped = _check(_casebook(), monkeypatch)
    assert n >= 180 and skipped > 0, (n, skipped)


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_skipping_changes_nothing_in_mutated_games(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    n, skipped = _check(_mutated(name), monkeypatch)
    assert n >= 10 and skipped > 0, (n, skipped)


@pytest.mark.parametrize("block", range(4))
def test_skipping_changes_nothing_in_damaged_games(
    block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    n, skipped = _check(_damaged_games(block), monkeypatch)
    assert n == 60 and skipped > 0, (n, skipped)


def test_ecarte_laws_shows_what_a_law_looks_at() -> None:
    from typer.testing import CliRunner

    from adjudicator.shell.cli import app

    out = CliRunner().invoke(app, ["laws", "43", "--sources"]).output
    assert "Looks at: not_following_suit, not_winning" in out
    out = CliRunner().invoke(app, ["laws", "50", "--sources"]).output
    assert "Looks at: every deal that is not quiet" in out


# --------------------------------------------------------------------------------------------
#  A deal lawful but for its score line
# --------------------------------------------------------------------------------------------


def _overscored(seed: int, exposed_in_deal: int | None = None) -> Record:
    """A lawful game with its first point marked as two: every later score line of the game
    differs from the marks. With ``exposed_in_deal``, that deal (by position) also has a card
    of the non-dealer exposed in dealing."""
    from adjudicator.notation.ecarte.model import Mark, MarkReason, Packet

    record = generate(seed).record
    deals = list(record.deals)
    for position, deal in enumerate(deals):
        events = list(deal.events)
        for i, e in enumerate(events):
            if (
                position == exposed_in_deal
                and isinstance(e, Packet)
                and e.player is not deal.dealer
            ):
                events[i] = e.model_copy(update={"exposed": (0,)})
                break
        deals[position] = deal.model_copy(update={"events": tuple(events)})
    first = deals[0]
    events = list(first.events)
    for i, e in enumerate(events):
        if isinstance(e, Mark) and e.reason is MarkReason.POINT and e.points == 1:
            events[i] = e.model_copy(update={"points": 2})
            break
    else:
        return read_one(write(record.model_copy(update={"deals": tuple(deals)})))
    deals[0] = first.model_copy(update={"events": tuple(events)})
    return read_one(write(record.model_copy(update={"deals": tuple(deals)})))


SCORE_LINE = frozenset({"score_differs_from_marks"})


def test_a_deal_lawful_but_for_its_score_line_tells_only_that(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    records = [_overscored(seed) for seed in range(40)]
    sheet_only = overscore = 0
    for record in records:
        for view in deal_views(record):
            if view.telling == SCORE_LINE:
                sheet_only += 1
                assert "score_differs_from_marks" in view.kinds and view.kinds != SCORE_LINE
            elif view.number == record.deals[0].number and "score_differs_from_marks" in {
                d.kind for _, d in view.deviations
            }:
                overscore += 1  # the deal of the overscore itself: its marks tell too
                assert view.telling == view.kinds
    assert sheet_only >= 40 and overscore >= 1, (sheet_only, overscore)
    n, skipped = _check(iter(records), monkeypatch)
    assert n == 40 and skipped > 0


def test_a_score_line_beside_another_irregularity_tells_everything() -> None:
    # Near miss: deal 2 has a wrong score line and a card exposed in dealing (law 13), so
    # every kind it holds tells; the law of the exposed card is not skipped.
    both = 0
    for seed in range(20):
        record = _overscored(seed, exposed_in_deal=1)
        view = [v for v in deal_views(record) if v.number is not None][1]
        if not {"exposed_in_dealing", "score_differs_from_marks"} <= view.kinds:
            continue  # no score line in deal 2
        both += 1
        assert view.telling == view.kinds
        assert 13 in {f.law for f in adjudicate(record).findings if f.deal == view.number}
    assert both >= 5, both


def test_every_deviation_kind_is_judged() -> None:
    """Each kind of departure the engine reports is judged by a law (``Law.deviations``) or by
    the court's table of what no law speaks of (``adjudicator.court.ecarte.record.UNJUDGED``), and
    not by both."""
    by_law = {k for law in LAWS for k in law.deviations}
    unjudged = set(UNJUDGED)
    assert not (by_law & unjudged), "judged by a law and by the court"
    assert by_law | unjudged >= DEVIATION_KINDS, sorted(DEVIATION_KINDS - by_law - unjudged)
    assert unjudged <= DEVIATION_KINDS, sorted(unjudged - DEVIATION_KINDS)


def test_the_index_of_laws_asks_what_may_find_asks() -> None:
    """``LawIndex.that_may_find`` (the laws found from the kinds that tell) is ``may_find``
    asked of every law, in order, on every deal of the casebook and of overscored games."""
    records = [read_one(c.record) for c in load_cases(ROOT / "cases" / "ecarte")]
    records += [_overscored(seed) for seed in range(10)]
    index = LawIndex(LAWS)
    seen = 0
    for record in records:
        for view in deal_views(record):
            assert index.that_may_find(view) == tuple(x for x in LAWS if may_find(view, x))
            seen += 1
    assert seen > 400
