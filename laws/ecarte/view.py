"""Cutting a replay into the views the laws look at: the record's opening, then each deal."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, TypeVar

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.queries import marked_as_entitled, ordinary_course
from adjudicator.engine.ecarte.replay import Leave, replay
from adjudicator.engine.ecarte.table import DealState, Deviation, Step, StepKind
from adjudicator.notation.ecarte.model import Deal, Record

if TYPE_CHECKING:
    from .games import Tally

Kind = StepKind | DeviationKind
"""A kind a deal holds, and a law looks at (``Law.looks_at``): of an event (``claim``, ``mark``,
``deal`` for a deal's heading ...) or of the engine's deviation (``DeviationKind``)."""


@dataclass(frozen=True)
class DealView:
    """The replay of one deal, as the laws see it."""

    number: int | None
    """The deal's number as written (``None`` for the record's opening)."""
    steps: Sequence[Step]
    """The engine's steps for the deal, its heading first (the opening has no heading)."""
    previous: DealState | None
    """The previous deal's final state, if any."""
    next_turn_step: int | None
    """The event number at which the next deal turns up its trump, if it does."""
    memo: dict[object, object] = field(default_factory=dict, compare=False, repr=False)
    """Facts derived from the view, computed once (see :func:`remember`)."""
    tally: Tally | None = None
    """The score sheet as marked, cut into games, after the deal before
    (:class:`laws.ecarte.games.Tally`, kept by the court deal by deal): what the deal's score
    lines are read against (``None``, a view made without the court, :func:`deal_views`: the
    engine's running sheet as the deal begins, :func:`laws.ecarte.games.sheet_lines`)."""

    @property
    def final(self) -> DealState | None:
        """The deal's state after its last event."""
        return self.steps[-1].table.deal if self.steps else None

    @cached_property
    def deviations(self) -> tuple[tuple[Step, Deviation], ...]:
        """Every deviation of the deal, with its step (computed once)."""
        return tuple((s, d) for s in self.steps for d in s.deviations)

    @cached_property
    def _by_kind(self) -> dict[StepKind, tuple[Step, ...]]:
        out: dict[StepKind, list[Step]] = {}
        for s in self.steps:
            out.setdefault(s.kind, []).append(s)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def kinds(self) -> frozenset[Kind]:
        """The kinds present in the deal: of its events (``Step.kind``: ``claim``, ``mark``,
        ``deal`` for its heading ...) and of the engine's deviations (``not_following_suit``
        ...), computed once. A law runs only if it looks at one of them (:func:`may_find`)."""
        return frozenset(s.kind for s in self.steps) | {d.kind for _, d in self.deviations}

    @cached_property
    def telling(self) -> frozenset[Kind]:
        """The kinds a law must look at to find anything in the deal: none if it is quiet,
        the score sheet's deviations alone if it is quiet but for them, else all its
        ``kinds`` (:func:`telling_kinds`, computed once)."""
        return telling_kinds(self)

    @cached_property
    def sheet_only(self) -> bool:
        """Whether the deal is quiet but for deviations of the score sheet (its score lines
        differ from the marks, which are as the deal entitles): then only the laws that look at
        those deviations may find anything (:func:`laws.ecarte.base.may_find`)."""
        telling = self.telling
        return bool(telling) and telling <= SHEET_ONLY

    def events(self, *kinds: StepKind) -> tuple[Step, ...]:
        """The steps whose event is of one of ``kinds`` (e.g. ``"claim"``, ``"mark"``), in
        order."""
        if len(kinds) == 1:
            return self._by_kind.get(kinds[0], ())
        return tuple(s for s in self.steps if s.kind in kinds)


def with_next_turn(view: DealView, next_turn: int | None) -> DealView:
    """``view`` once the next deal's turn-up is known (``next_turn``: its event number, or
    ``None``), keeping what was derived from the deal's steps: its memo and the properties
    computed once (kinds, deviations, steps by kind), which the next turn-up does not change."""
    out = replace(view, next_turn_step=next_turn, memo=view.memo)
    for name in _DERIVED:
        if name in view.__dict__:
            out.__dict__[name] = view.__dict__[name]
    return out


_DERIVED = ("deviations", "_by_kind", "kinds", "telling", "sheet_only")
"""The cached properties of a view that depend on its steps alone."""


_T = TypeVar("_T")


def remember(view: DealView, key: object, compute: Callable[[], _T]) -> _T:
    """``compute()``, computed once per view and key (finders share derived facts this way)."""
    try:
        return view.memo[key]  # type: ignore[return-value]
    except KeyError:
        value = view.memo[key] = compute()
        return value


def deal_views(record: Record, leave: Leave | None = None) -> list[DealView]:
    """The opening (number ``None``, if the record has one) and each deal, with the steps of
    the replay that belong to it. ``leave``: the court, as the engine asks it
    (:class:`adjudicator.engine.ecarte.replay.Leave`); without one, every fact is played as
    recorded."""
    return list(iter_deal_views(record, leave))


def iter_deal_views(record: Record, leave: Leave | None = None) -> Iterator[DealView]:
    """:func:`deal_views` one at a time, as the replay goes: a deal's view is made as soon as
    the next trump turned up is known (its ``next_turn_step``), so that a record of any number
    of deals is ruled holding the steps of a deal or two, not of the whole record."""
    waiting: list[tuple[int | None, list[Step]]] = []  # deals whose next turn-up is not known
    previous: DealState | None = None

    def views(next_turn: int | None) -> Iterator[DealView]:
        nonlocal previous
        for num, steps in waiting:
            yield DealView(num, steps, previous, next_turn)
            previous = steps[-1].table.deal if steps else None
        waiting.clear()

    current: list[Step] = []
    number: int | None = None
    for step in replay(record, leave):
        if isinstance(step.event, Deal):
            if current or number is not None:
                waiting.append((number, current))
            current = [step]
            number = step.event.number
        else:
            if step.kind == "turn" and waiting and not any(s.kind == "turn" for s in current):
                yield from views(step.number)  # the first turn-up after the deals waiting
            current.append(step)
    if current or number is not None:
        waiting.append((number, current))
    yield from views(None)


def quiet(view: DealView) -> bool:
    """Whether no law can find anything in this deal: the hand was played out, the engine saw
    no deviation, nothing was claimed, announced, named, taken back or abandoned, no mark was
    made before the turn-up (it could be for the deal before), and the marks made are exactly
    those the deal entitles (so laws 22-25, 50 and 51 have nothing to say).

    The adjudicator skips the laws' finders for such a deal: most deals of an archive are
    lawful. The test suite checks on the casebook and on generated and mutated games that no
    law finds anything in a deal this calls quiet.
    """
    return not view.telling  # no kind tells: no deviation, and quiet but for deviations


SHEET_ONLY: frozenset[Kind] = frozenset({DeviationKind.SCORE_DIFFERS_FROM_MARKS})
"""The engine's deviations of the score sheet alone: a score line that is not the sum of the
marks. Once one score line is wrong, every later one of the game is, in deals otherwise lawful:
such a deal is quiet to every law but those that look at these kinds (51) or at every deal."""


def telling_kinds(view: DealView) -> frozenset[Kind]:
    """The kinds of the deal a law must look at to find anything in it (see
    :func:`laws.ecarte.base.may_find`): none in a quiet deal; in a deal that would be quiet but for
    deviations of the score sheet (:data:`SHEET_ONLY`), those deviations only; in any other
    deal, every kind it holds (``view.kinds``). The test suite checks, on the casebook and on
    mutated and damaged games, that no law skipped so finds anything."""
    deviations = view.deviations
    if any(d.kind not in SHEET_ONLY for _, d in deviations):
        return view.kinds
    if not _quiet_but_for_deviations(view):
        return view.kinds
    if not deviations and _sheet_moved(view):
        return SHEET_ONLY
    return frozenset(d.kind for _, d in deviations)


def _sheet_moved(view: DealView) -> bool:
    """Whether the deal has score lines and the engine's running sheet, as the deal begins,
    is not the sheet as the laws cut it into games (``view.tally``: a mark made for a deal
    before, or a game the marks made for it ended, moved it): its lines are read against the
    latter, so the engine's silence on them says nothing (:func:`telling_kinds`)."""
    tally = view.tally
    if tally is None or not view.events("score"):
        return False
    table = view.steps[0].table
    begins = tally.sheet if max(tally.sheet) < table.target else (0, 0, 0)
    return table.sheet != begins


def _quiet_but_for_deviations(view: DealView) -> bool:
    """:func:`quiet`, leaving out the engine's deviations: the deal keeps to its ordinary
    course and is marked as it entitles (the engine's queries say both)."""
    if view.number is None or not view.steps:
        return False
    end = view.steps[-1].table
    final = end.deal
    if final is None:
        return False
    events = (s.event for s in view.steps[1:] if not isinstance(s.event, Deal))
    return ordinary_course(events) and marked_as_entitled(final, game_won=end.over)
