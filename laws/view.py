"""Cutting a replay into the views the laws look at: the record's opening, then each deal."""

from __future__ import annotations

from adjudicator.model import Deal, Record
from adjudicator.replay import replay
from adjudicator.table import Step

from .base import DealView


def deal_views(record: Record) -> list[DealView]:
    """The opening (number ``None``, if the record has one) and each deal, with the steps of
    the replay that belong to it."""
    groups: list[tuple[int | None, list[Step]]] = []
    current: list[Step] = []
    number: int | None = None
    for step in replay(record):
        if isinstance(step.event, Deal):
            if current or number is not None:
                groups.append((number, current))
            current = [step]
            number = step.event.number
        else:
            current.append(step)
    if current or number is not None:
        groups.append((number, current))
    views: list[DealView] = []
    for i, (num, steps) in enumerate(groups):
        previous = None
        if i and groups[i - 1][1]:
            previous = groups[i - 1][1][-1].table.deal
        next_turn = None
        for later in groups[i + 1 :]:
            turns = [s.number for s in later[1] if s.kind == "turn"]
            if turns:
                next_turn = turns[0]
                break
        views.append(DealView(num, steps, previous, next_turn))
    return views
