"""The laws' effects applied to a deal, generically: the court reads what each finding's law
imposes and what each option taken does or sets aside (``laws.piquet.base.Effect``), and
never which law it is. What a deal comes to: its outcome, who reckons nothing, whose
unanswered cards are tricks to his adversary, and the deal reckoned again as the laws allow."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from adjudicator.engine.piquet.calls import Combination, best, category
from adjudicator.engine.piquet.holdings import Declaration, Point
from adjudicator.engine.piquet.holdings import Sequence as Run
from adjudicator.engine.piquet.scoring import DealScore, score_deal
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import PointCall, SequenceCall, SetCall
from laws.piquet import DealView, Effect, Fate, Finding, Outcome

FateOf = Mapping[tuple[int, str], Fate]


@dataclass(frozen=True)
class Applied:
    """The effects a deal's findings have, once the claims are judged."""

    effects: tuple[tuple[Finding, frozenset[Effect]], ...]
    """Each finding with the effects it has."""

    @property
    def outcome(self) -> Outcome:
        """A fresh deal or the deal void if any finding's effects annul it, else it stands."""
        every = {e for _, effects in self.effects for e in effects}
        if Effect.VOID in every:
            return Outcome.VOID
        if Effect.FRESH_DEAL in every:
            return Outcome.FRESH_DEAL
        return Outcome.STANDS

    def against(self, effect: Effect) -> frozenset[Player]:
        """The offenders ``effect`` applies to."""
        return frozenset(
            f.offender for f, effects in self.effects if effect in effects and f.offender
        )


def apply(findings: Sequence[Finding], fates: Mapping[tuple[int, str], Fate]) -> Applied:
    """Each finding's effects: the law's own, less those an option taken sets aside, and the
    effects of each option taken."""
    out = []
    for index, finding in enumerate(findings):
        effects = set(finding.effects)
        for choice in finding.choices:
            if fates.get((index, choice.option.value)) is Fate.TAKEN:
                effects -= set(choice.sets_aside)
                effects |= set(choice.effects)
        out.append((finding, frozenset(effects)))
    return Applied(tuple(out))


@dataclass(frozen=True)
class Allowed:
    """A deal's score as the laws allow it."""

    score: Mapping[Player, int] | None
    """What each player scores (``None``: not known)."""
    steps: tuple[str, ...] = ()
    """How it reckons, when the deal was reckoned again."""
    how: str = ""
    """Where it comes from, in words."""
    reckoning: DealScore | None = None
    """The deal reckoned as the laws allow, when it was reckoned (not annulled, not taken as
    written): what the laws of scoring read their findings of fact from."""


def allowed_score(
    view: DealView, applied: Applied, written: Mapping[Player, int] | None
) -> Allowed:
    """The deal's score as the laws allow: nothing for either in a deal annulled; the deal
    reckoned again with those who reckon nothing barred (their cards still bar, law 58) when
    the engine could reckon it; else the points as written, less the offenders'."""
    players = (view.elder, view.younger)
    if applied.outcome is not Outcome.STANDS:
        return Allowed(dict.fromkeys(players, 0), (), "the deal is annulled: it scores nothing")
    barred = applied.against(Effect.RECKONS_NOTHING)
    replay = view.replay
    if replay.score is not None and replay.declared is not None:
        if not barred:
            score = replay.score
            return Allowed(score.totals, score.explain(), "reckoned", score)
        declared = _adversaries_held(view, applied, barred)
        score = score_deal(view.elder, view.younger, declared, replay.played, reckon_nothing=barred)
        return Allowed(score.totals, score.explain(), "reckoned again, the offender barred", score)
    if written is None:
        return Allowed(None, (), "not known")
    if not barred:
        return Allowed(dict(written), (), "as written")
    kept = {p: (0 if p in barred else written.get(p, 0)) for p in players}
    return Allowed(kept, (), "as written, the offender's points taken down")


def _adversaries_held(
    view: DealView, applied: Applied, barred: frozenset[Player]
) -> Mapping[Player, Declaration]:
    """What each player declared, the adversary of an offender whose finding has the effect
    :attr:`Effect.ADVERSARY_RECKONS_HELD` (while the offender reckons nothing) declaring too
    his best combination of the head of the call found (the call he answered)."""
    declared = dict(view.replay.declared or {})
    for finding, effects in applied.effects:
        offender = finding.offender
        if Effect.ADVERSARY_RECKONS_HELD not in effects or offender not in barred:
            continue
        call = next((e for e in view.events if e.line == finding.line), None)
        adversary = view.other(offender)
        hand = view.replay.hands.get(adversary)
        if not isinstance(call, PointCall | SequenceCall | SetCall) or hand is None:
            continue
        held = best(hand, category(call))
        if held is not None and adversary in declared:
            declared[adversary] = _adding(declared[adversary], held)
    return declared


def _adding(declaration: Declaration, combo: Combination) -> Declaration:
    if isinstance(combo, Point):
        return replace(declaration, point=declaration.point or combo)
    if isinstance(combo, Run):
        if combo in declaration.sequences:
            return declaration
        return replace(declaration, sequences=(*declaration.sequences, combo))
    if combo in declaration.sets:
        return declaration
    return replace(declaration, sets=(*declaration.sets, combo))
