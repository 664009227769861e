"""Bystanders (law 78)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.notation.piquet.irregularities import Bystander

from .base import Choice, Effect, Finding, Law, Option, Section, Who, Window
from .view import DealView


def _remark(view: DealView) -> Sequence[Finding]:
    return [
        BYSTANDER.finding(
            view,
            e.line,
            None,
            "bystander_remark",
            "a bystander calls attention to an error or an oversight: if it changes the score, "
            "the player it prejudices may make him pay the stakes and bets (law 78)",
            judges=(e.line,),
        )
        for _, e in view.of_type(Bystander)
    ]


BYSTANDER = Law(
    78,
    Section.BYSTANDERS,
    "A bystander's remark",
    "A bystander who, by remarking on an error or omission, changes the score may be made to "
    "pay the prejudiced player his stakes and any bets he had.",
    "Found on every remark written; whether it changed the score is the table's to say, so "
    "the option stays open.",
    find=_remark,
    choices=(
        Choice(
            Option.STAKES_FROM_BYSTANDER,
            Who.EITHER,
            Window.DURING_DEAL,
            (),
            "the bystander pays the stakes and bets",
            (Effect.STAKES,),
        ),
    ),
    keywords=("onlooker", "spectator"),
)

LAWS: tuple[Law, ...] = (BYSTANDER,)
