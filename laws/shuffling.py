"""SHUFFLING: laws 1 and 2 (Cavendish, 1886, p. 7).

Law 1 gives rights and no remedy: the record shows who shuffled, and nothing in it can be an
offence against law 1. Law 2 forbids three ways of shuffling; it states no penalty, so its
findings record the fault and leave the deal standing.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import NEVER, Finding, Heading, Law
from .facts import finding
from .view import DealView

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
        "waives his right; if the non-dealer shuffles after the dealer, the dealer may simply "
        "shuffle again (the record shows it with a further `shuffle` line), and if he deals "
        "without doing so he has waived the last shuffle. So no record can show an offence "
        "against law 1, and its finder finds nothing: the law is treated as definitional. "
        "Faulty ways of shuffling are law 2's. Source: S2's wording; no source adds a penalty."
    ),
    definitional=True,
    looks_at=NEVER,
)


def _find_law_2(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    for step in view.steps:
        for dev in step.deviations:
            if dev.kind == "faulty_shuffle":
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
            elif dev.kind == "shuffle_during_play":
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
    deviations=("faulty_shuffle", "shuffle_during_play"),
    looks_at=frozenset({"faulty_shuffle", "shuffle_during_play"}),
)

LAWS: tuple[Law, ...] = (LAW_1, LAW_2)
