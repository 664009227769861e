"""SHUFFLING: laws 1 and 2 (Cavendish, 1886, p. 7).

Law 1 gives rights and no remedy: the record shows who shuffled; only a shuffle by the
non-dealer after the cut, the dealer dealing without shuffling after him, is found. Law 2
forbids three ways of shuffling; it states no penalty, so its findings record the fault and
leave the deal standing.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.table import Step
from adjudicator.notation.ecarte.model import Shuffle

from .base import Finding, Heading, Law
from .facts import finding, opening_state
from .view import DealView


def _find_law_1(view: DealView) -> Sequence[Finding]:
    """The non-dealer shuffles the pack after it has been cut, and the dealer deals it without
    shuffling after him: the dealer did not shuffle last."""
    state = opening_state(view)
    if state is None:
        return ()
    found: list[Finding] = []
    cut = False
    late: Step | None = None
    for step in view.steps:
        kind = step.kind
        e = step.event
        if kind == "cut":
            cut = True
        elif kind == "shuffle" and cut and isinstance(e, Shuffle):
            late = step if e.player is state.elder else None  # the dealer's shuffle after it
        elif kind in ("packet", "turn"):
            break
    if late is not None:
        found.append(
            finding(
                1,
                view,
                late,
                offender=state.elder,
                kind="shuffled_after_cut",
                message=(
                    f"{state.elder} shuffled the pack after it was cut, and {state.dealer} dealt "
                    "it without shuffling after him: the dealer has the right to shuffle last "
                    "(law 1). The law states no penalty; the deal stands."
                ),
                default="no penalty; the deal stands",
            )
        )
    return found


LAW_1 = Law(
    number=1,
    heading=Heading.SHUFFLING,
    title="Right to shuffle; the dealer shuffles last",
    summary=(
        "Either player may shuffle both packs, his own and his adversary's. The dealer is "
        "entitled to be the last to shuffle the pack he is about to deal."
    ),
    interpretation=(
        "A right, not a duty, and the law attaches no remedy. A player who does not shuffle "
        "waives his right; if the non-dealer shuffles after the dealer before the cut, the "
        "dealer may simply shuffle again (the record shows it with a further `shuffle` line), "
        "and if he has the pack cut and deals without doing so he has waived the last shuffle. "
        "Once the pack is cut the shuffling is over: a shuffle by the non-dealer after the cut, "
        "the dealer dealing without shuffling after him, takes the last shuffle from the "
        "dealer; the finding (`shuffled_after_cut`) records it, with no penalty, and the deal "
        "stands. Faulty ways of shuffling are law 2's. Source: S2's wording; no source adds a "
        "penalty."
    ),
    find=_find_law_1,
    deviations=(DeviationKind.SHUFFLED_AFTER_CUT,),
    looks_at=frozenset({DeviationKind.SHUFFLED_AFTER_CUT}),
)


def _find_law_2(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    for step in view.steps:
        for dev in step.deviations:
            if dev.kind == DeviationKind.FAULTY_SHUFFLE:
                found.append(
                    finding(
                        2,
                        view,
                        step,
                        offender=dev.player,
                        kind="faulty_shuffle",
                        message=(
                            f"{dev.message}; law 2 forbids it. The law states no penalty: "
                            "the pack is to be shuffled again properly before it is cut, and a "
                            "deal made from it stands."
                        ),
                        default="no penalty; the deal stands",
                    )
                )
            elif dev.kind == DeviationKind.SHUFFLE_DURING_PLAY:
                found.append(
                    finding(
                        2,
                        view,
                        step,
                        offender=dev.player,
                        kind="shuffle_during_play",
                        message=(
                            f"{dev.message}; law 2 forbids shuffling during the play of the "
                            "hand. The law states no penalty: the hand is played on and the "
                            "deal stands."
                        ),
                        default="no penalty; the deal stands",
                    )
                )
    return found


LAW_2 = Law(
    number=2,
    heading=Heading.SHUFFLING,
    title="How the pack must not be shuffled",
    summary=(
        "Shuffling is forbidden below the table, in a way that shows the faces of the cards, "
        "and while the hand is being played."
    ),
    interpretation=(
        "The law forbids and does not penalise. The project reads it as giving no option to "
        "either player: a faulty shuffle is noted, the pack should be shuffled again properly "
        "before the cut, and a deal made from it stands (no law voids it: the laws that void "
        "or renew a deal, 12, 14 and 45, name their causes, and a bad shuffle is not among "
        "them). A claim of a fresh deal for a faulty shuffle is therefore rejected. 'During the "
        "play of the hand' is read as any shuffle recorded after the first card of the hand is "
        "played and before the hand is over (in practice the other pack, got ready for the "
        "next deal). The engine's `faulty_shuffle` (`shuffle A exposed`, `below table`) and "
        "`shuffle_during_play` are judged here. Sources: S2; S7 and S9 add nothing on shuffling."
    ),
    find=_find_law_2,
    default="no penalty; the deal stands",
    deviations=(DeviationKind.FAULTY_SHUFFLE, DeviationKind.SHUFFLE_DURING_PLAY),
    looks_at=frozenset({DeviationKind.FAULTY_SHUFFLE, DeviationKind.SHUFFLE_DURING_PLAY}),
)

LAWS: tuple[Law, ...] = (LAW_1, LAW_2)
