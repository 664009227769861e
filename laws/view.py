"""Cutting a replay into the views the laws look at: the record's opening, then each deal."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from adjudicator.model import Deal, Record
from adjudicator.queries import (
    Unknown,
    announced_in_time,
    entitled_marks,
    king_in_hand_at_play,
)
from adjudicator.replay import replay
from adjudicator.table import DealState, Step

from .base import DealView
from .facts import add_marks


def deal_views(record: Record, annulled: Mapping[int, str] | None = None) -> list[DealView]:
    """The opening (number ``None``, if the record has one) and each deal, with the steps of
    the replay that belong to it. ``annulled``: the deals the laws annul with no line of the
    record to say so, as the adjudicator tells the engine (:func:`adjudicator.replay.replay`)."""
    return list(iter_deal_views(record, annulled))


def iter_deal_views(
    record: Record, annulled: Mapping[int, str] | None = None
) -> Iterator[DealView]:
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
    for step in replay(record, annulled):
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


# Events that some law looks at even when the engine saw nothing wrong.
_LOUD = frozenset(
    {
        "claim",
        "permit_complete",
        "elect_play",
        "retract",
        "abandon",
        "show",
        "call_new_cards",
        "pack_fault",
        "order",
        "ask",
        "holds",
        "faced",
        "unmark",
        "cut_for_deal",
    }
)


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


SHEET_ONLY = frozenset({"score_differs_from_marks"})
"""The engine's deviations of the score sheet alone: a score line that is not the sum of the
marks. Once one score line is wrong, every later one of the game is, in deals otherwise lawful:
such a deal is quiet to every law but those that look at these kinds (51) or at every deal."""


def telling_kinds(view: DealView) -> frozenset[str]:
    """The kinds of the deal a law must look at to find anything in it (see
    :func:`laws.base.may_find`): none in a quiet deal; in a deal that would be quiet but for
    deviations of the score sheet (:data:`SHEET_ONLY`), those deviations only; in any other
    deal, every kind it holds (``view.kinds``). The test suite checks, on the casebook and on
    mutated and damaged games, that no law skipped so finds anything."""
    deviations = view.deviations
    if any(d.kind not in SHEET_ONLY for _, d in deviations):
        return view.kinds
    if not _quiet_but_for_deviations(view):
        return view.kinds
    return frozenset(d.kind for _, d in deviations)


def _quiet_but_for_deviations(view: DealView) -> bool:
    """:func:`quiet`, leaving out the engine's deviations."""
    final = view.final
    if view.number is None or final is None or final.result is None:
        return False
    turned = False
    for s in view.steps:
        kind = s.kind
        if kind in _LOUD:
            return False
        if kind == "turn":
            turned = True
        elif kind == "announce":
            # A king announced in time by its holder: laws 23-25 have nothing to say.
            player = getattr(s.event, "player", None)
            if player is None or not (
                king_in_hand_at_play(final, player) is True and announced_in_time(final, player)
            ):
                return False
        elif (kind in ("mark", "unmark") and not turned) or (
            kind in ("lead", "trick") and getattr(s.event, "names", None) is not None
        ):
            return False
    entitled = entitled_marks(final)
    if isinstance(entitled, Unknown):
        return False
    recorded = add_marks({}, final.marks)
    return all(recorded.get(p, 0) == entitled.get(p, 0) for p in {*recorded, *entitled})
