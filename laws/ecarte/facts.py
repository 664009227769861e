"""Facts of a deal that several chapters of the laws read: pure functions of a
:class:`~laws.ecarte.base.DealView` or a :class:`~adjudicator.engine.ecarte.table.Step`, shared so
that each
chapter does not keep its own copy. Facts computed over a whole view are memoised on it (see
:func:`laws.ecarte.base.remember`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.table import DealState, Deviation, Step
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.ecarte.model import Claim, ClaimKind, Mark, MarkReason

from .base import Finding, Option, Outcome, Who, Window
from .view import DealView, remember


def turn_index(view: DealView) -> int | None:
    """Index into ``view.steps`` of the deal's trump turn-up (its first ``turn`` line)."""
    return remember(view, "facts.turn_index", lambda: _turn_index(view.steps))


def _turn_index(steps: Sequence[Step]) -> int | None:
    """Index of the first ``turn`` step of ``steps``."""
    for i, step in enumerate(steps):
        if step.kind == "turn":
            return i
    return None


def turn_step(view: DealView) -> Step | None:
    """The step at which the trump card is turned up."""
    i = turn_index(view)
    return None if i is None else view.steps[i]


def turned(view: DealView) -> bool:
    """Whether the deal has a trump turn-up."""
    return turn_index(view) is not None


def opening_state(view: DealView) -> DealState | None:
    """The deal as its heading opened it (``None`` for the record's opening)."""
    if view.number is None or not view.steps:
        return None
    return view.steps[0].table.deal


def state_before(steps: Sequence[Step], i: int) -> DealState | None:
    """The deal's state just before step ``i`` of a view."""
    return steps[i - 1].table.deal if i > 0 else None


def other(player: Player) -> Player:
    """The other player of a two-handed game."""
    return Player.B if player is Player.A else Player.A


def opponent(deal: DealState, player: Player) -> Player:
    """The other player of ``deal`` (its dealer for the elder, else its elder)."""
    return deal.dealer if player is deal.elder else deal.elder


def deviations(view: DealView, *kinds: DeviationKind) -> Iterator[tuple[Step, Deviation]]:
    """The engine's deviations of one of ``kinds`` in the deal, with their steps, in order."""
    for step in view.steps:
        for dev in step.deviations:
            if dev.kind in kinds:
                yield step, dev


def indexed_deviations(
    view: DealView, *kinds: DeviationKind
) -> Iterator[tuple[int, Step, Deviation]]:
    """As :func:`deviations`, with each step's index into ``view.steps``."""
    for i, step in enumerate(view.steps):
        for dev in step.deviations:
            if dev.kind in kinds:
                yield i, step, dev


def claims_by(view: DealView, player: Player, *what: str) -> Iterator[Step]:
    """The steps at which ``player`` claims one of ``what``, and the claim took effect (the court
    did not refuse it: ``Step.refused``)."""
    for step in view.steps:
        event = step.event
        if (
            isinstance(event, Claim)
            and event.player is player
            and event.claim.value in what
            and not step.refused
        ):
            yield step


def offender_marks(points: int, doubled: bool = False) -> int:
    """What an offender who wins the hand may mark for it, laws 25 and 43 saying the same: for
    the point nothing, for the vole only one, for a point worth two under law 49 only one. A
    cap on the hand (``Finding.caps``), not a subtraction. In a hand doubled (the doubling
    profile, rule D1) the hand's points count double, these included: the law's marks are
    reckoned on the single value, then doubled."""
    if doubled:
        return 2 * max(0, points // 2 - 1)
    return max(0, points - 1)


def is_king_mark(step: Step) -> bool:
    """Whether the step is a ``marks king`` line."""
    event = step.event
    return isinstance(event, Mark) and event.reason is MarkReason.KING


def replaced_marks(view: DealView) -> tuple[frozenset[int], dict[Player, int]]:
    """The marks made for the hand as first played when the hands were then played again (a
    replay claimed and not refused, laws 25 and 43): the replay takes that hand's place, so
    those marks (the king's apart, which a replay does not touch) no longer stand. The steps
    of those marks, and each player's total of them."""
    steps = view.steps
    if "claim" not in view.kinds:
        return frozenset(), {}
    at = max(
        (
            i
            for i, s in enumerate(steps)
            if isinstance(s.event, Claim) and s.event.claim is ClaimKind.REPLAY and not s.refused
        ),
        default=None,
    )
    if at is None:
        return frozenset(), {}
    numbers: set[int] = set()
    totals: dict[Player, int] = {}
    for s in steps[:at]:
        e = s.event
        deal = s.table.deal
        if not isinstance(e, Mark) or e.reason is MarkReason.KING or deal is None:
            continue
        if not deal.marks:
            continue
        player, points = deal.marks[-1]
        if points > 0:
            numbers.add(s.number)
            totals[player] = totals.get(player, 0) + points
    return frozenset(numbers), totals


def fresh_deal(
    who: Who, window: Window, effect: str = "the cards are gathered and the same dealer deals again"
) -> Option:
    """The option of a fresh deal by the same dealer, open to ``who`` within ``window``."""
    return Option(
        name="fresh_deal",
        who=who,
        window=window,
        claims=("new deal",),
        effect=effect,
        outcome=Outcome.FRESH_DEAL,
    )


def finding(
    law: int,
    view: DealView,
    step: Step,
    offender: Player | None,
    kind: str,
    message: str,
    *,
    evidence: tuple[Card, ...] = (),
    options: tuple[Option, ...] = (),
    default: str = "",
    outcome: Outcome | None = None,
    marks: tuple[tuple[Player, int], ...] = (),
    caps: tuple[tuple[Player, int], ...] = (),
    takes_king: tuple[Player, ...] = (),
    answers_king: tuple[Player, ...] = (),
    fault: bool = True,
) -> Finding:
    """A finding of ``law`` at ``step`` of ``view``."""
    return Finding(
        law=law,
        deal=view.number,
        line=step.line,
        column=step.column,
        offender=offender,
        kind=kind,
        message=message,
        evidence=evidence,
        options=options,
        default=default,
        outcome=outcome,
        marks=marks,
        caps=caps,
        takes_king=takes_king,
        answers_king=answers_king,
        step=step.number,
        fault=fault,
    )
