"""INCORRECT PACKS: law 45."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.rules import CARD_BIT
from adjudicator.notation.ecarte.model import PackFault, Turn

from .base import Finding, Heading, Law, Outcome, Reading, Rests
from .facts import finding
from .view import DealView


def _find_45(view: DealView) -> Sequence[Finding]:
    if view.number is None:
        return ()  # before the first deal: law 6 (the cut for deal holds good)
    out: list[Finding] = []
    faulty = any(s.kind == "pack_fault" for s in view.steps)
    turned = 0  # every card turned up so far in the deal
    for step in view.steps:
        e = step.event
        if isinstance(e, PackFault):
            out.append(
                finding(
                    45,
                    view,
                    step,
                    None,
                    "pack_faulty",
                    f"the pack was found {e.fault.value} in deal {view.number}: that deal is "
                    "void, every deal before it stands (law 45)",
                    outcome=Outcome.VOID,
                    default="the deal is void; the same dealer deals again with a correct pack",
                )
            )
        for dev in step.deviations:
            if dev.kind != DeviationKind.CARD_SEEN_TWICE or faulty or not dev.cards:
                continue
            card = dev.cards[0]
            if turned & CARD_BIT[card]:
                continue  # a card turned up (in error, or with another) and then given: laws 11, 37
            out.append(
                finding(
                    45,
                    view,
                    step,
                    None,
                    "card_seen_twice",
                    f"{card} appears twice in deal {view.number}: evidence of a redundant pack "
                    "(or a slip in the record); nobody found the pack faulty at the table, so "
                    "law 45 does not void the deal",
                    evidence=(card,),
                    default="the deal stands unless the pack is found faulty in it",
                )
            )
        if isinstance(e, Turn):
            for c in e.cards:
                if c is not None:
                    turned |= CARD_BIT[c]
    return out


LAW_45 = Law(
    number=45,
    heading=Heading.INCORRECT_PACKS,
    title="Incorrect pack",
    summary=(
        "When a pack turns out to be wrong (cards missing, cards doubled, or cards damaged), "
        "the deal during which this comes to light is cancelled. Deals finished before it are "
        "not affected."
    ),
    interpretation=(
        "S2 text; §6.21. `pack incorrect|redundant|imperfect` in a deal (engine deviation "
        "`pack_faulty`) makes that deal void (`pack_faulty`, outcome imposed), whether the "
        "discovery comes during the dealing, the play, or after the hand but before the next "
        "deal begins: the deal in whose record the line stands is the deal where the fault came to "
        "light; marks already made for it come off. Earlier deals stand. The same "
        "dealer deals again (the engine's next dealer). Before the first deal the line is law "
        "6's (the cut for deal holds good), not this law's. A card seen twice "
        "(`card_seen_twice`) is evidence of a redundant pack, but does not by itself void the "
        "deal: the law voids the deal in which the pack is *discovered* faulty, and a "
        "duplicate the table did not notice was discovered, if at all, only by the referee "
        "after the fact, when every deal 'precedes' the discovery; it is reported as a "
        "finding with no effect (not when the deal also has a `pack` line, nor for a card "
        "turned up and then given, laws 11 and 37)."
    ),
    find=_find_45,
    default="the deal in which the fault is discovered is void",
    deviations=(DeviationKind.PACK_FAULTY, DeviationKind.CARD_SEEN_TWICE),
    readings=(
        Reading(
            Rests.FINDING,
            "card_seen_twice",
            "a card seen twice that the table did not notice voids no deal",
        ),
    ),
    looks_at=frozenset({"pack_fault", DeviationKind.CARD_SEEN_TWICE}),
)


LAWS: tuple[Law, ...] = (LAW_45,)
