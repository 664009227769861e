"""The claims made at the table, judged against the options the laws' findings give: who may
take each, and until when (:mod:`~adjudicator.court.piquet.windows`). A claim says what was
claimed, never whether it is good: the court finds which finding's option it takes, if any,
and whether it was made in time by the player the law allows. The court knows no law by
number: it reads each finding's choices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.irregularities import Claim, ClaimReply, Stand, Waive
from adjudicator.notation.piquet.vocabulary import Claimed, Consent
from laws.piquet import LAWS, Choice, DealView, Effect, Fate, Finding, Option, Who, Window
from laws.piquet.base import FRESH

from .windows import closes_at, in_time


@dataclass(frozen=True)
class ClaimJudged:
    """A claim line of the record (a claim, a waiver, a deal stood), judged."""

    line: int
    player: Player
    said: str
    """What was claimed, in words."""
    upheld: bool
    law: int | None
    """The law that decides it (``None``: no law gives what was claimed)."""
    reason: str
    """Why, in words."""
    weighed: tuple[int, ...] = ()
    """The laws weighed in refusing a claim no finding gives: every law that gives what was
    claimed, or imposes what it would do (they are cited). The claim is judged under the one
    of them that last found something in the deal before it, else the first in number."""


@dataclass
class Fates:
    """What became of each option of each finding, as the claims are judged in order."""

    findings: Sequence[Finding]
    taken: dict[tuple[int, Option], Fate] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for index, finding in enumerate(self.findings):
            for option in finding.acted:
                self.set(index, option, Fate.TAKEN)

    def set(self, index: int, option: Option, fate: Fate) -> None:
        """Record ``option`` of finding ``index`` as taken or declined."""
        self.taken.setdefault((index, option), fate)

    def of(self, view: DealView, index: int, choice: Choice) -> Fate:
        """The option's fate: taken or declined by a claim, imposed, expired when the event
        that closes its window is in the deal, else open."""
        fate = self.taken.get((index, choice.option))
        if fate is not None:
            return fate
        if choice.window is Window.AT_ONCE:
            return Fate.IMPOSED
        after = view.place_of(self.findings[index].line)
        return Fate.OPEN if closes_at(view, choice.window, after) is None else Fate.EXPIRED


def _may(who: Who, player: Player, finding: Finding, view: DealView) -> bool:
    """Whether ``player`` is one the option is given to."""
    offender = finding.offender
    return {
        Who.ELDER: player is view.elder,
        Who.YOUNGER: player is view.younger,
        Who.OFFENDER: player is offender,
        Who.ADVERSARY: offender is not None and player is view.other(offender),
        Who.EITHER: True,
        Who.BOTH: True,
        Who.NOBODY: False,
    }[who]


def _reply_to(view: DealView, at: int) -> Consent | None:
    """The adversary's answer written just after the claim at ``at``, if any."""
    if at + 1 < len(view.events):
        reply = view.events[at + 1]
        if isinstance(reply, ClaimReply):
            return reply.consent
    return None


def judge_claims(view: DealView, findings: Sequence[Finding], fates: Fates) -> list[ClaimJudged]:
    """Judge every claim, waiver and deal stood of the deal, in order, recording on ``fates``
    the options they take or decline."""
    judged: list[ClaimJudged] = []
    for at, event in enumerate(view.events):
        if isinstance(event, Claim):
            if event.claimed is Claimed.RECKONS_NOTHING and event.of is not None:
                judged.append(_penalty_claimed(view, findings, event, event.of))
            else:
                judged.append(_option_claimed(view, findings, fates, event, at))
        elif isinstance(event, Waive):
            judged.append(_waived(view, findings, fates, event))
        elif isinstance(event, Stand):
            judged.append(_stands(view, findings, fates, event, at))
    return judged


def _option_claimed(
    view: DealView, findings: Sequence[Finding], fates: Fates, claim: Claim, at: int
) -> ClaimJudged:
    said = f"{claim.player} claims {claim.claimed.value}"
    late: tuple[int, Choice] | None = None
    for index, finding in enumerate(findings):
        if finding.line > claim.line:
            continue
        for choice in finding.choices:
            if claim.claimed not in choice.claims or not _may(
                choice.who, claim.player, finding, view
            ):
                continue
            after = view.place_of(finding.line)
            if not in_time(view, choice.window, after, at):
                late = late or (index, choice)
                continue
            if choice.who is Who.BOTH and _reply_to(view, at) is not Consent.ACCEPTS:
                continue
            fates.set(index, choice.option, Fate.TAKEN)
            return ClaimJudged(
                claim.line,
                claim.player,
                said,
                True,
                choice.law(finding),
                f"{choice.does} (law {choice.law(finding)}: {choice.option.value}, "
                f"{choice.window.value})",
            )
    if late is not None:
        index, choice = late
        law = choice.law(findings[index])
        return ClaimJudged(
            claim.line,
            claim.player,
            said,
            False,
            law,
            f"too late: law {law} gives it {choice.window.value}",
        )
    weighed = weighed_for(claim.claimed)
    names = ", ".join(str(n) for n in weighed)
    found = [f.law for f in findings if f.line <= claim.line and f.law in weighed]
    return ClaimJudged(
        claim.line,
        claim.player,
        said,
        False,
        found[-1] if found else weighed[0] if weighed else None,
        f"no finding of the laws gives it to him (laws {names} weighed)"
        if weighed
        else "no finding of the laws gives it to him",
        weighed,
    )


def weighed_for(claimed: Claimed) -> tuple[int, ...]:
    """The laws a claim of ``claimed`` is weighed under when no finding gives it: those whose
    options it takes, and those that impose what taking one of them does; in order."""
    giving = [law for law in LAWS if any(claimed in c.claims for c in law.choices)]
    does = {e for law in giving for c in law.choices if claimed in c.claims for e in c.effects}
    imposing = [law for law in LAWS if does & set(law.effects)]
    return tuple(sorted({law.number for law in giving + imposing}))


def _penalty_claimed(
    view: DealView, findings: Sequence[Finding], claim: Claim, of: Player
) -> ClaimJudged:
    said = f"{claim.player} claims {of} reckons nothing"
    for finding in findings:
        if FRESH & set(finding.effects):  # whenever in the deal the annulment is found
            return ClaimJudged(
                claim.line,
                claim.player,
                said,
                False,
                finding.law,
                f"the deal is annulled (law {finding.law}): no penalty of it survives",
            )
    for finding in findings:
        penalised = finding.offender is of and Effect.RECKONS_NOTHING in finding.effects
        if penalised and finding.line <= claim.line:
            return ClaimJudged(
                claim.line,
                claim.player,
                said,
                True,
                finding.law,
                f"{of} reckons nothing that deal (law {finding.law})",
            )
    spared = next(
        (f for f in findings if f.offender is of and f.fault and f.line <= claim.line), None
    )
    if spared is not None:
        return ClaimJudged(
            claim.line,
            claim.player,
            said,
            False,
            spared.law,
            f"law {spared.law} finds {of}'s irregularity and sets no penalty of reckoning "
            "nothing on it",
        )
    return ClaimJudged(
        claim.line, claim.player, said, False, None, f"no law makes {of} reckon nothing"
    )


def _waived(view: DealView, findings: Sequence[Finding], fates: Fates, waive: Waive) -> ClaimJudged:
    said = f"{waive.player} waives the penalty"
    waived: list[tuple[int, int]] = []
    for index, finding in enumerate(findings):
        if finding.offender is None or finding.offender is waive.player:
            continue
        for choice in finding.choices:
            if Effect.RECKONS_NOTHING in choice.sets_aside:
                fates.set(index, choice.option, Fate.TAKEN)
                waived.append((finding.law, choice.law(finding)))
    if not waived:
        return ClaimJudged(
            waive.line, waive.player, said, False, None, "his adversary has no penalty to waive"
        )
    cited = ", ".join(str(n) for n in sorted({law for law, _ in waived}))
    by = waived[0][1]
    return ClaimJudged(
        waive.line,
        waive.player,
        said,
        True,
        by,
        f"the penalty of reckoning nothing (law {cited}) is not enforced (law {by})",
    )


def _stands(
    view: DealView, findings: Sequence[Finding], fates: Fates, stand: Stand, at: int
) -> ClaimJudged:
    said = f"{stand.player} stands the deal"
    for index, finding in enumerate(findings):
        for choice in finding.choices:
            if not choice.stood or not _may(choice.who, stand.player, finding, view):
                continue
            after = view.place_of(finding.line)
            if in_time(view, choice.window, after, at):
                fates.set(index, choice.option, Fate.DECLINED)
                return ClaimJudged(
                    stand.line,
                    stand.player,
                    said,
                    True,
                    finding.law,
                    f"he declines the {choice.option.value} law {finding.law} gives him",
                )
    return ClaimJudged(
        stand.line, stand.player, said, False, None, "no law gives him a deal to stand"
    )
