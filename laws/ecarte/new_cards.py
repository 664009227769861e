"""CALLING FOR NEW CARDS: law 44."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.ecarte.table import Phase
from adjudicator.notation.ecarte.model import CallNewCards

from .base import Finding, Heading, Law
from .facts import finding
from .view import DealView


def _find_44(view: DealView) -> Sequence[Finding]:
    """A call for new cards once the deal's pack has been cut (or the dealing has begun) and
    before the hand is over comes too late for that deal."""
    if view.number is None:
        return ()
    out: list[Finding] = []
    cut = False
    for step in view.steps:
        kind = step.kind
        deal = step.table.deal
        if kind in ("cut", "packet", "turn"):
            cut = True
        if kind != "call_new_cards" or deal is None:
            continue
        over = deal.phase == Phase.OVER or deal.result is not None or bool(deal.ended_by)
        if not cut or over:
            continue
        e = step.event
        if not isinstance(e, CallNewCards):
            continue
        out.append(
            finding(
                44,
                view,
                step,
                None,
                "new_cards_for_next_deal",
                f"{e.player} called for new cards after the pack had been cut for deal "
                f"{view.number}: the deal is played out with the packs in use; two new packs, "
                "at his expense, come in before the pack is cut for the next deal, the dealer "
                "of that deal choosing between them (law 44)",
                default="the deal in progress is finished with the packs in use",
                fault=False,
            )
        )
    return out


LAW_44 = Law(
    number=44,
    heading=Heading.NEW_CARDS,
    title="Calling for new cards",
    summary=(
        "Either player may have new cards brought in, paying for them himself, provided he asks "
        "before the pack is cut for the coming deal. He must ask for two fresh packs, and the "
        "dealer picks which of the two he will deal with."
    ),
    interpretation=(
        "S2 text; §6.21. The call is a right, never an irregularity: a call made between deals, "
        "or in a deal before its pack is cut, takes effect for that deal and is not mentioned. "
        "A call made once the deal's pack has been cut (or, with no cut recorded, once the "
        "dealing has begun) and before the hand is over is still 'before the pack is cut for "
        "the next deal', so lawful, but cannot change the cards of the deal in progress: the "
        "ruling gives a note (`new_cards_for_next_deal`, not a finding), with no option and no "
        "penalty (the new packs come in before the next cut). A call after the hand is over is "
        "in time for the next deal. Which two packs, and the dealer's choice between them, are "
        "not recorded by the notation. The cut for deal before the first deal is not 'the pack "
        "cut for the next deal' (that is the cut to the dealer, law 3): a call in the record's "
        "opening is in time."
    ),
    find=_find_44,
    default="the new packs are used from the next cut",
    looks_at=frozenset({"call_new_cards"}),
)


LAWS: tuple[Law, ...] = (LAW_44,)
