"""Where the laws of scoring act in a deal (laws 61-69) and on a partie (71-73): findings of
fact, not of fault (``Finding.fault`` is ``False``), made from the deal's score as the laws allow
it (:class:`~adjudicator.engine.piquet.scoring.DealScore`, reckoned again where a penalty changed
it) and placed at the line where the score is made (``cases/piquet/README.md``, "The laws of
scoring"): a carte blanche where its holder announces it, a good point, sequence or set where
its holder calls it, the play at the first trick, the cards at the twelfth, thirty (and the
pique or repique it makes) at the call or trick that reaches it.

A reckoner is a pure function of the view and the score; the court calls every law's after
it has judged the deal (``Law.reckon``, ``Law.settles``), knowing no law by number."""

from __future__ import annotations

from adjudicator.engine.piquet.scoring import THIRTY, Category, DealScore, Step
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import (
    Answer,
    CarteBlanche,
    Event,
    PointCall,
    SequenceCall,
    SetCall,
)

from .view import DealView

_CALLS: dict[Category, type[Event]] = {
    Category.CARTE_BLANCHE: CarteBlanche,
    Category.POINT: PointCall,
    Category.SEQUENCES: SequenceCall,
    Category.SETS: SetCall,
}
"""The line form in which a player states each head he scores in hand."""


def step_line(view: DealView, score: DealScore, step: Step) -> int:
    """The line where ``step`` is made: its holder's call of the head (the call of the same rank
    among his calls of it), the trick it is made in, else the first trick or the deal's
    heading."""
    form = _CALLS.get(step.category)
    if form is not None:
        calls = [e.line for _, e in view.of_type(form) if getattr(e, "player", None) is step.player]
        if calls:
            same = [
                s for s in score.steps if s.player is step.player and s.category is step.category
            ]
            rank = next((i for i, s in enumerate(same) if s is step), 0)
            return calls[min(rank, len(calls) - 1)]
        return _answer_line(view, step.player, form) or _first_trick_line(view)
    tricks = view.replay.tricks
    if step.trick is not None and 1 <= step.trick <= len(tricks):
        played = tricks[step.trick - 1]
        if played.leader is step.player or not played.follow_line:
            return played.line
        return played.follow_line
    if step.category is Category.CARDS and tricks:
        last = tricks[-1]
        return last.follow_line or last.line
    return _first_trick_line(view)


def _answer_line(view: DealView, player: Player, form: type[Event]) -> int | None:
    """The line of ``player``'s first answer after his adversary's call of the head ``form``
    (a younger hand whose better holding is stated only by his answer)."""
    heads = [i for i, e in view.of_type(form)]
    for place, answer in view.of_type(Answer):
        if answer.player is player and any(h < place for h in heads):
            return answer.line
    return None


def _first_trick_line(view: DealView) -> int:
    tricks = view.replay.tricks
    return tricks[0].line if tricks else view.deal.line


def scored(score: DealScore, category: Category) -> tuple[Step, ...]:
    """The steps of ``category`` that score (a declaration of a player who reckons nothing, or
    one that only bars, scores nothing: the law that rules it weighs, but makes no score)."""
    return tuple(s for s in score.steps if s.category is category and s.points > 0)


def thirty(score: DealScore) -> Step | None:
    """The first step by which a player not barred reaches thirty in the deal, before the cards
    (which count toward neither pique nor repique, law 69)."""
    for step in score.steps:
        if step.category in (Category.CARDS, Category.PIQUE, Category.REPIQUE):
            continue
        if step.player in score.reckon_nothing:
            continue
        if step.total - step.points < THIRTY <= step.total:
            return step
    return None


def bonus_step(score: DealScore, bonus: Category) -> Step | None:
    """The step before the pique or repique: the one that made it."""
    steps = score.steps
    return next((steps[i - 1] for i, s in enumerate(steps) if s.category is bonus and i), None)


def describe(step: Step) -> str:
    """A step in words for a finding: who scores what, and how much."""
    return f"{step.player} scores {step.detail}: {step.points}"
