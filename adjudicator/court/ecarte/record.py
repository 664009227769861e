"""What the court rules itself: the departures the engine reports that no law speaks of.

Each kind of departure the engine can report (:data:`adjudicator.engine.ecarte.replay.DEVIATIONS`)
is judged by a law (``Law.deviations``) or here. What no law judges is either a record that
contradicts itself (a card played that the player did not hold, a player playing to his own
lead, a proposal by the dealer): the deal is ``undetermined``, the finding says what would
settle it, and the laws' findings later in the deal are not ruled on, since the record cannot
be relied on from there; or a slip of the pen (a trick misnumbered, a mark with no points),
or an act out of order that no law penalises (a card played while a proposal awaits an
answer), which is reported and ruled as played. A test checks that every kind is judged somewhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

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

UNJUDGED: dict[str, Unjudged] = {
    "card_not_held": Unjudged(True, True, _HANDS),
    "holding_contradicts": Unjudged(True, True, _HANDS),
    "played_to_own_lead": Unjudged(True, True, "who played the second card of the trick"),
    "lead_to_open_trick": Unjudged(True, True, "what became of the card led before it"),
    "play_without_lead": Unjudged(True, True, "which card was led to the trick"),
    "play_after_hand": Unjudged(True, True, "which five tricks were played"),
    "answer_by_elder": Unjudged(True, True, "who proposed and who answered (the dealer answers)"),
    "proposal_by_dealer": Unjudged(True, True, "who proposed (only the non-dealer proposes)"),
    "declared_by_dealer": Unjudged(True, True, "who declared he would play (the non-dealer does)"),
    "discard_size": Unjudged(True, True, "which cards were discarded (one to five)"),
    "play_before_turn": Unjudged(True, True, "when the trump card was turned up"),
    "play_during_exchange": Unjudged(
        False, False, "nothing: an exchange accepted is given up by playing on (no law forbids it)"
    ),
    "play_during_proposal": Unjudged(
        True, False, "nothing: the hands are played as they stand when the play begins"
    ),
    "proposal_before_turn": Unjudged(True, True, "when the trump card was turned up"),
    "proposal_during_play": Unjudged(True, True, "when the proposal was made"),
    "proposal_out_of_turn": Unjudged(True, True, "how the exchange in progress ended"),
    "hand_unfinished": Unjudged(True, True, "how the deal before ended: the rest of its play"),
    "trick_number": Unjudged(True, False, "nothing: the tricks are counted in the order played"),
    "outside_a_deal": Unjudged(True, False, "nothing: the line stands outside every deal"),
    "mark_without_points": Unjudged(True, False, "how many points he marked (counted as none)"),
    "answer_without_offer": Unjudged(True, False, "nothing: an answer to no offer changes nothing"),
    "answer_to_void_offer": Unjudged(
        False, False, "nothing: the offer's finding says it is void, and its answer with it"
    ),
    "looked_at_stock": Unjudged(
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
        if f.unjudged.contradiction and f.deviation.kind != "hand_unfinished":
            return f.step.number
    return None


__all__ = ["UNJUDGED", "RecordFinding", "Unjudged", "contradicted_at", "record_findings"]
