"""What the court rules itself: the departures the engine reports that no law speaks of.

Each kind of departure the engine can report (:class:`~adjudicator.engine.ecarte.deviations.
DeviationKind`) is judged by a law (``Law.deviations``) or here. What no law judges is either a
record that contradicts itself (a card played that the player did not hold, a player playing to
his own lead, a proposal by the dealer): the deal is ``undetermined``, the finding says what would
settle it, and the laws' findings later in the deal are not ruled on, since the record cannot
be relied on from there; or a slip of the pen (a trick misnumbered, a mark with no points),
or an act out of order that no law penalises (a card played while a proposal awaits an
answer), which is reported and ruled as played. A test checks that every kind is judged somewhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.table import Deviation, Step
from laws.ecarte.view import DealView, remember


class Unjudged(NamedTuple):
    """How the court takes a departure no law speaks of."""

    reported: bool
    """Whether the ruling reports it (an act that is no irregularity at all is not)."""
    contradiction: bool
    """The record contradicts itself: the deal is undetermined. Else the deal is ruled as
    played: a slip of the pen, or an act out of order that no law penalises."""
    settles: str
    """What would settle it."""


_HANDS = (
    "the hands as they were (a card recorded wrongly), or an incorrect pack (which voids the deal)"
)

UNJUDGED: dict[DeviationKind, Unjudged] = {
    DeviationKind.CARD_NOT_HELD: Unjudged(True, True, _HANDS),
    DeviationKind.HOLDING_CONTRADICTS: Unjudged(True, True, _HANDS),
    DeviationKind.PLAYED_TO_OWN_LEAD: Unjudged(
        True, True, "who played the second card of the trick"
    ),
    DeviationKind.LEAD_TO_OPEN_TRICK: Unjudged(True, True, "what became of the card led before it"),
    DeviationKind.PLAY_WITHOUT_LEAD: Unjudged(True, True, "which card was led to the trick"),
    DeviationKind.PLAY_AFTER_HAND: Unjudged(True, True, "which five tricks were played"),
    DeviationKind.ANSWER_BY_ELDER: Unjudged(
        True, True, "who proposed and who answered (the dealer answers)"
    ),
    DeviationKind.PROPOSAL_BY_DEALER: Unjudged(
        True, True, "who proposed (only the non-dealer proposes)"
    ),
    DeviationKind.DECLARED_BY_DEALER: Unjudged(
        True, True, "who declared he would play (the non-dealer does)"
    ),
    DeviationKind.DISCARD_SIZE: Unjudged(True, True, "which cards were discarded (one to five)"),
    DeviationKind.PLAY_BEFORE_TURN: Unjudged(True, True, "when the trump card was turned up"),
    DeviationKind.PLAY_DURING_EXCHANGE: Unjudged(
        False, False, "nothing: an exchange accepted is given up by playing on (no law forbids it)"
    ),
    DeviationKind.PLAY_DURING_PROPOSAL: Unjudged(
        True, False, "nothing: the hands are played as they stand when the play begins"
    ),
    DeviationKind.PROPOSAL_BEFORE_TURN: Unjudged(True, True, "when the trump card was turned up"),
    DeviationKind.PROPOSAL_DURING_PLAY: Unjudged(True, True, "when the proposal was made"),
    DeviationKind.PROPOSAL_OUT_OF_TURN: Unjudged(True, True, "how the exchange in progress ended"),
    DeviationKind.HAND_UNFINISHED: Unjudged(
        True, True, "how the deal before ended: the rest of its play"
    ),
    DeviationKind.TRICK_NUMBER: Unjudged(
        True, False, "nothing: the tricks are counted in the order played"
    ),
    DeviationKind.OUTSIDE_A_DEAL: Unjudged(
        True, False, "nothing: the line stands outside every deal"
    ),
    DeviationKind.MARK_WITHOUT_POINTS: Unjudged(
        True, False, "how many points he marked (counted as none)"
    ),
    DeviationKind.ANSWER_WITHOUT_OFFER: Unjudged(
        True, False, "nothing: an answer to no offer changes nothing"
    ),
    DeviationKind.ANSWER_TO_VOID_OFFER: Unjudged(
        False, False, "nothing: the offer's finding says it is void, and its answer with it"
    ),
    DeviationKind.LOOKED_AT_STOCK: Unjudged(
        True, False, "nothing: no law penalises it (the law forbids looking at discards only)"
    ),
}
"""The departures no law speaks of, by the engine's kind."""


class RecordFinding(NamedTuple):
    """A departure no law speaks of, found in a deal."""

    step: Step
    deviation: Deviation
    unjudged: Unjudged

    @property
    def kind(self) -> str:
        return "inconsistent_record" if self.unjudged.contradiction else "unprovided"

    @property
    def message(self) -> str:
        if self.unjudged.contradiction:
            return (
                f"{self.deviation.message}: the record contradicts itself here, and no law "
                f"provides for it; the deal cannot be ruled until it is settled: "
                f"{self.unjudged.settles}"
            )
        return (
            f"{self.deviation.message}: no law provides for it; the deal is ruled as played "
            f"({self.unjudged.settles})"
        )


def record_findings(view: DealView) -> list[RecordFinding]:
    """The departures of the deal that no law speaks of, in order (worked out once per view:
    the court reads them when it closes the deal, judges it and rules the deal before)."""
    return remember(view, "court.record", lambda: _record_findings(view.deviations))


def _record_findings(deviations: Iterable[tuple[Step, Deviation]]) -> list[RecordFinding]:
    out = []
    for step, dev in deviations:
        unjudged = UNJUDGED.get(dev.kind)
        if unjudged is not None and unjudged.reported:
            out.append(RecordFinding(step, dev, unjudged))
    return out


def contradicted_at(found: Iterable[RecordFinding]) -> int | None:
    """The step (event number) of the first contradiction in the deal itself, if any (a deal
    left unfinished is the deal before's)."""
    for f in found:
        if f.unjudged.contradiction and f.deviation.kind != DeviationKind.HAND_UNFINISHED:
            return f.step.number
    return None


__all__ = ["UNJUDGED", "RecordFinding", "Unjudged", "contradicted_at", "record_findings"]
