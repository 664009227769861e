"""PROPOSING, ACCEPTING, AND REFUSING: laws 26 and 27 (Cavendish, 1886, p. 11).

Both laws make a word spoken in the exchange binding: the non-dealer's proposal and the number
of cards he asks for (law 26), the dealer's acceptance or refusal (law 27). The engine keeps the
first answer to a proposal and reports a second as ``answer_without_proposal``; it takes the
last ``asks`` line as the number asked for. These finders say which word binds, and where that
changes the marks of law 49 (who proposed, who refused the first proposal), by how much.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.hand_score import hand_score
from adjudicator.engine.ecarte.queries import hand_terms
from adjudicator.engine.ecarte.table import SEAT, DealState, Step
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import Accept, Ask, DeclarePlay, Propose, Refuse

from .base import Finding, Heading, Law
from .facts import finding
from .view import DealView

# --------------------------------------------------------------------------------------------
#  Law 49's marks, recomputed for a ruled history of proposals
# --------------------------------------------------------------------------------------------


def ruled_points(final: DealState, stood: bool, refused_first: bool) -> int | None:
    """What the winner of the hand marks (laws 42, 48, 49) if the non-dealer ``stood`` (played
    without proposing) and the dealer ``refused_first``, as a ruling reads the exchange: the
    hand scored again (:func:`~adjudicator.engine.ecarte.hand_score.hand_score`) as it ended,
    on those terms; the engine's own ``Result`` reads them from the proposals as recorded.
    ``None`` if no winner is known."""
    result = final.result
    if result is None or result.winner is None:
        return None
    score = result.score
    terms = hand_terms(final)._replace(elder_proposed=not stood, first_refused=refused_first)
    won = (result.tricks[SEAT[final.elder]], result.tricks[SEAT[final.dealer]])
    return hand_score(terms, won, score.end, score.by).points


def _delta(final: DealState, stood: bool, refused_first: bool) -> tuple[tuple[Player, int], ...]:
    result = final.result
    ruled = ruled_points(final, stood, refused_first)
    if result is None or result.winner is None or ruled is None or ruled == result.points:
        return ()
    return ((result.winner, ruled - result.points),)


class _Ruled:
    """The proposals and answers of a deal as law 26 and law 27 read them: a proposal made
    after declaring play is void unless the dealer accepts it; a proposal cannot be withdrawn
    by declaring play (it awaits its answer); a second answer is of no effect."""

    def __init__(self) -> None:
        self.answers: list[str | None] = []
        self.declared = False
        self.void_pending = False
        self.retracted: list[Step] = []
        self.after_declaring: list[Step] = []
        self.second_answers: list[tuple[Step, str, str]] = []

    def read(self, view: DealView) -> _Ruled:
        for step in view.steps:
            deal = step.table.deal
            event = step.event
            if deal is None:
                continue
            if isinstance(event, Propose) and event.player is deal.elder:
                if self.declared:
                    self.void_pending = True
                    self.after_declaring.append(step)
                else:
                    self.answers.append(None)
            elif isinstance(event, (Accept, Refuse)) and event.player is deal.dealer:
                answer = "accept" if isinstance(event, Accept) else "refuse"
                if self.void_pending:
                    self.void_pending = False
                    if answer == "accept":  # the dealer waives the declaration
                        self.answers.append("accept")
                        self.declared = False
                elif self.answers and self.answers[-1] is None:
                    self.answers[-1] = answer
                elif self.answers:
                    first = self.answers[-1]
                    assert first is not None
                    self.second_answers.append((step, first, answer))
            elif isinstance(event, DeclarePlay) and event.player is deal.elder:
                if self.answers and self.answers[-1] is None and not self.void_pending:
                    self.retracted.append(step)
                self.declared = True
        return self

    @property
    def stood(self) -> bool:
        return not self.answers

    @property
    def refused_first(self) -> bool:
        return bool(self.answers) and self.answers[0] == "refuse"


# --------------------------------------------------------------------------------------------
#  Law 26
# --------------------------------------------------------------------------------------------


def _asks_altered(view: DealView) -> list[tuple[Step, int, int]]:
    """``asks`` lines that alter the number first asked for in the same exchange: (the step,
    the first number, the new one). An exchange begins with each proposal."""
    out: list[tuple[Step, int, int]] = []
    first: int | None = None
    for step in view.steps:
        event = step.event
        if isinstance(event, Propose):
            first = None
        elif isinstance(event, Ask):
            if first is None:
                first = event.count
            elif event.count != first:
                out.append((step, first, event.count))
    return out


def _find_law_26(view: DealView) -> Sequence[Finding]:
    final = view.final
    if final is None or view.number is None:
        return []
    ruled = _Ruled().read(view)
    marks = _delta(final, ruled.stood, ruled.refused_first)
    found: list[Finding] = []
    for steps, kind, message, default in (
        (
            ruled.after_declaring,
            "proposal_after_declaring",
            f"{final.elder} proposed after declaring that he would play: a declaration "
            "binds as a proposal does (law 26), so the proposal is of no effect unless "
            f"{final.dealer} accepts it; refused or unanswered, {final.elder} plays "
            "as he declared (law 49 reads him as having played without proposing).",
            "the declaration to play stands",
        ),
        (
            ruled.retracted,
            "proposal_retracted",
            f"{final.elder} declared that he would play while his proposal awaited "
            f"{final.dealer}'s answer: a proposal cannot be retracted (law 26); it "
            "stands, and the dealer's answer to it counts (law 49 included).",
            "the proposal stands",
        ),
    ):
        for step in steps:
            found.append(
                finding(
                    26,
                    view,
                    step,
                    offender=final.elder,
                    kind=kind,
                    message=message,
                    default=default,
                    marks=marks,
                )
            )
            marks = ()
    for step, first, count in _asks_altered(view):
        found.append(
            finding(
                26,
                view,
                step,
                offender=final.elder,
                kind="asked_number_altered",
                message=(
                    f"{final.elder} asked for {first} card(s), then for {count}: the number "
                    f"asked for cannot be altered (law 26); {first} binds."
                ),
                default=f"the number first asked for ({first}) binds",
            )
        )
    found.sort(key=lambda f: f.step)
    return found


LAW_26 = Law(
    number=26,
    heading=Heading.PROPOSING,
    title="A proposal cannot be withdrawn",
    summary=(
        "Once the non-dealer has proposed he may not take the proposal back, and he may not "
        "change how many cards he has asked for."
    ),
    interpretation=(
        "Three facts are judged. (1) A proposal followed by `plays` before the dealer answers "
        "(the engine's `declared_during_proposal`) is an attempt to retract it: the proposal "
        "stands and the dealer's answer to it, which the engine then reports as "
        "`answer_without_proposal`, counts, for law 49 too (a refusal of it is the refusal of "
        "the first proposal). (2) The converse, a proposal after declaring play (the engine's "
        "`proposal_after_declaring`), is read by analogy: the non-dealer's choice binds either "
        "way, so the late proposal is of no effect unless the dealer accepts it (he may waive "
        "the point, and the exchange then stands); refused or unanswered, the non-dealer has "
        "played without proposing for law 49. (3) Two `asks` lines with different numbers in "
        "one exchange: the first number binds, and the exchange's wrong numbers (laws 29 to "
        "32) are judged against it. Where the ruled history of proposals changes what law 49 "
        "gives the winner of the hand, the first finding carries the difference in marks. By "
        "the same token (§6.14) a non-dealer who asked for fewer cards than he discarded "
        "cannot have his hand completed (law 30). Footnote [22] (proposals may be repeated; "
        "later refusals are free) is law 49's matter. Sources: S2 with its footnote [22]."
    ),
    find=_find_law_26,
    default="the proposal, and the number first asked for, stand",
    deviations=(DeviationKind.DECLARED_DURING_PROPOSAL, DeviationKind.PROPOSAL_AFTER_DECLARING),
    # a declaration to play, after or during a proposal; an asks line altered
    looks_at=frozenset({"declare_play", "ask"}),
)


# --------------------------------------------------------------------------------------------
#  Law 27
# --------------------------------------------------------------------------------------------


def _find_law_27(view: DealView) -> Sequence[Finding]:
    final = view.final
    if final is None or view.number is None:
        return []
    found: list[Finding] = []
    for step, first, second in _Ruled().read(view).second_answers:
        past = {"accept": "accepted", "refuse": "refused"}
        found.append(
            finding(
                27,
                view,
                step,
                offender=final.dealer,
                kind="answer_retracted",
                message=(
                    f"{final.dealer} {past[first]} and then {past[second]}: the dealer cannot "
                    f"retract his answer (law 27); he {past[first]}."
                ),
                default="the first answer stands",
            )
        )
    return found


LAW_27 = Law(
    number=27,
    heading=Heading.PROPOSING,
    title="The dealer's answer is final",
    summary=(
        "When the dealer has accepted or refused a proposal he may not change his mind; and "
        "he must tell the non-dealer, if asked, how many cards he took."
    ),
    interpretation=(
        "A second answer to the same proposal (`accepts` then `refuses`, or the reverse; the "
        "engine's `answer_without_proposal` when the proposal had already been answered) is "
        "of no effect: the first answer stands, for law 49 too (the engine already keeps it). "
        "An answer to a proposal the non-dealer tried to withdraw is not a second answer (law "
        "26). The duty to tell how many cards he took cannot be recorded in the notation (no "
        "line asks or answers it), so no finder can see a breach of it. Source: S2."
    ),
    find=_find_law_27,
    default="the first answer stands",
    deviations=(DeviationKind.ANSWER_WITHOUT_PROPOSAL,),
    looks_at=frozenset({"accept", "refuse"}),  # a second answer to a proposal
)


LAWS: tuple[Law, ...] = (LAW_26, LAW_27)

__all__ = ["LAWS", "LAW_26", "LAW_27", "ruled_points"]
