"""CUTTING: laws 3 to 7 (Cavendish, 1886, p. 7).

Law 3 says what a cut is; law 4 and law 7 order a cut to be made again; law 5 says who deals
first (the engine applies it: ``Table.next_dealer``); law 6 keeps the cut for deal when the pack
proves incorrect.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.table import Step, StepKind
from adjudicator.notation.cards import Card
from adjudicator.notation.ecarte.model import CutForDeal

from .base import Finding, Heading, Law, Option, Outcome, Reading, Rests, Who, Window
from .facts import deviations, finding, turned
from .view import DealView


def _later(
    view: DealView, step: Step, kind: StepKind, before: StepKind | None = None
) -> Step | None:
    """The first step after ``step`` whose event is of ``kind``, if it comes before any event
    of kind ``before``."""
    for later in view.steps:
        if later.number <= step.number:
            continue
        event_kind = later.kind
        if before is not None and event_kind == before:
            return None
        if event_kind == kind:
            return later
    return None


# -- law 3 ----------------------------------------------------------------------------------


def _find_law_3(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    for step, dev in deviations(
        view, DeviationKind.SHORT_CUT, DeviationKind.CUT_BY_DEALER, DeviationKind.CUT_AFTER_DEALING
    ):
        recut = _later(view, step, "cut", before="packet") is not None
        if dev.kind == DeviationKind.CUT_AFTER_DEALING:
            after = "the cut is of no effect, and the deal goes on as dealt"
        elif recut:
            after = "the pack was cut again before the dealing, as the law requires"
        else:
            after = "the pack should have been cut again; the deal made from it stands"
        found.append(
            finding(
                3,
                view,
                step,
                offender=dev.player,
                kind=dev.kind,
                message=f"{dev.message}: not a cut under law 3; {after}.",
                default="the pack is cut again; a deal made from the faulty cut stands",
            )
        )
    return found


LAW_3 = Law(
    number=3,
    heading=Heading.CUTTING,
    title="What a cut must be",
    summary=(
        "Cutting means lifting off two cards or more, with two cards or more remaining underneath."
    ),
    interpretation=(
        "The law defines a valid cut and names no penalty. The project reads it as: a cut that "
        "is not valid is no cut, and the pack is to be cut again properly before it is dealt; "
        "no option is given to either player and, once the pack has been dealt from it, the "
        "deal stands (no law voids a deal for a bad cut; law 7 orders a fresh cut only for an "
        "exposed card). The cut to the dealer is made by the non-dealer (law 7: 'in cutting to "
        "the dealer'), so the engine's `cut_by_dealer` (the dealer cut his own pack) and "
        "`cut_after_dealing` (a cut recorded after the dealing began) are judged here with "
        "`short_cut`: each is noted, none changes the deal. Source: S2."
    ),
    find=_find_law_3,
    default="the pack is cut again; a deal made from the faulty cut stands",
    deviations=(
        DeviationKind.SHORT_CUT,
        DeviationKind.CUT_BY_DEALER,
        DeviationKind.CUT_AFTER_DEALING,
    ),
    looks_at=frozenset(
        {DeviationKind.SHORT_CUT, DeviationKind.CUT_BY_DEALER, DeviationKind.CUT_AFTER_DEALING}
    ),
)


# -- law 4 ----------------------------------------------------------------------------------


def _find_law_4(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    for step, dev in deviations(view, DeviationKind.CUT_EXPOSED_SEVERAL):
        event = step.event
        cards: tuple[Card, ...] = ()
        if dev.player is not None and isinstance(event, CutForDeal):
            cards = tuple(c for c in event.cuts.get(dev.player, ()) if c is not None)
        shown = " ".join(c.code for c in cards) or "more than one card"
        again = _later(view, step, "cut_for_deal") is not None
        found.append(
            finding(
                4,
                view,
                step,
                offender=dev.player,
                kind="cut_exposed_several",
                message=(
                    f"{dev.player} exposed {shown} in cutting for deal: he must cut again, and "
                    "this cut decides nothing"
                    + ("; he cut again." if again else "; no fresh cut is recorded.")
                ),
                evidence=cards,
                default="he cuts again",
            )
        )
    return found


LAW_4 = Law(
    number=4,
    heading=Heading.CUTTING,
    title="Several cards exposed in cutting for deal",
    summary=(
        "If a player shows more than one card when he cuts for deal, his cut does not count "
        "and he has to cut again."
    ),
    interpretation=(
        "Only the offender cuts again; his adversary's card stands (the record repeats it on "
        "the next `cut` line, since a cut for deal names both cards). The earlier S9 rule "
        "('there must be a new deal') is not the club code's and is not followed. No option: "
        "the re-cut is imposed, and until it is made the first dealer is undecided (the engine "
        "then leaves `next_dealer` unset). Source: S2."
    ),
    find=_find_law_4,
    default="he cuts again",
    deviations=(DeviationKind.CUT_EXPOSED_SEVERAL,),
    looks_at=frozenset({DeviationKind.CUT_EXPOSED_SEVERAL}),
)


# -- law 5 ----------------------------------------------------------------------------------


def _find_law_5(view: DealView) -> Sequence[Finding]:
    return [
        finding(
            5,
            view,
            step,
            offender=None,
            kind="cut_tie",
            message=(
                f"{dev.message}: the cards are of equal rank and suits have no rank, so "
                "neither cut the highest card; both cut again."
            ),
            default="both cut again",
        )
        for step, dev in deviations(view, DeviationKind.CUT_TIE)
    ]


LAW_5 = Law(
    number=5,
    heading=Heading.CUTTING,
    title="The higher cut deals and chooses",
    summary=(
        "Whoever cuts the higher card, by the order of the cards at écarté, deals first and "
        "chooses which pack he will have and where he sits; that choice holds for both seats "
        "and packs throughout the play."
    ),
    interpretation=(
        "Definitional: the engine applies it (`Table.next_dealer` after the cut for deal, "
        "then alternation), and a deal by the wrong player is judged by law 14. 'The highest "
        "Écarté card' is read by the écarté order of the cards, so for the cut too the ace "
        "ranks between the knave and the ten: king, queen, knave, ace, ten, nine, eight, seven "
        "(`adjudicator.engine.ecarte.rules.cut_rank`); a knave beats an ace. Suits have no "
        "rank. A tie, "
        "which the laws do not mention, is read as requiring both players to cut again (§6.20 "
        "reading): the finder reports the engine's `cut_tie` so that the record's next cut is "
        "understood as that re-cut. The choice of packs and seats is not recorded in the "
        "notation. Sources: S2; the notation spec's example ('the knave is higher than the "
        "ace')."
    ),
    find=_find_law_5,
    default="both cut again after a tie",
    definitional=True,
    deviations=(DeviationKind.CUT_TIE,),
    readings=(Reading(Rests.FINDING, "cut_tie", "a tie in the cut is cut again"),),
    looks_at=frozenset({DeviationKind.CUT_TIE}),
)


# -- law 6 ----------------------------------------------------------------------------------


def _find_law_6(view: DealView) -> Sequence[Finding]:
    if view.number is not None:
        return ()
    found: list[Finding] = []
    cut_seen = False
    for step in view.steps:
        kind = step.kind
        if kind == "cut_for_deal":
            cut_seen = True
        elif kind == "pack_fault" and cut_seen:
            found.append(
                finding(
                    6,
                    view,
                    step,
                    offender=None,
                    kind="cut_holds",
                    message=(
                        "the pack proved incorrect after the cut for deal: the cut holds good, "
                        "and its winner deals first with a correct pack."
                    ),
                    default="the cut for deal stands",
                )
            )
    return found


LAW_6 = Law(
    number=6,
    heading=Heading.CUTTING,
    title="The cut for deal stands with an incorrect pack",
    summary=(
        "The cut that decides the first dealer is valid even if the pack cut from turns out "
        "to be incorrect."
    ),
    interpretation=(
        "Definitional. When the fault is found in a deal, law 45 voids that deal and the "
        "engine lets the same dealer deal again: that is law 6 at work, and law 6 makes no "
        "finding of its own there (law 45 judges the `pack_faulty` deviation). When the record "
        "says `pack incorrect` before the first deal, after the cut for deal, the finder "
        "reports that the cut holds (no re-cut; the winner of the cut deals with a correct "
        "pack). The cut to the dealer inside a deal is not a cut for deal and is not covered. "
        "§6.21. Source: S2."
    ),
    find=_find_law_6,
    default="the cut for deal stands",
    definitional=True,
    looks_at=frozenset({"pack_fault"}),  # a pack_fault line after the cut for deal
)


# -- law 7 ----------------------------------------------------------------------------------

_FRESH_CUT = Option(
    name="fresh_cut",
    who=Who.EITHER,
    window=Window.BEFORE_TURN,
    claims=("new deal",),
    effect="the cards are gathered, the pack is cut again and dealt afresh",
    outcome=Outcome.FRESH_DEAL,
)


def _find_law_7(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    for step, dev in deviations(view, DeviationKind.CUT_EXPOSED):
        shown = " ".join(c.code for c in dev.cards) or "a card"
        recut = _later(view, step, "cut", before="packet") is not None
        dealt = _later(view, step, "packet") is not None
        if recut:
            message = (
                f"{dev.player} exposed {shown} in cutting to the dealer; the pack was cut "
                "again, as law 7 requires."
            )
            options: tuple[Option, ...] = ()
            outcome = None
        elif not dealt:
            message = (
                f"{dev.player} exposed {shown} in cutting to the dealer: there must be a fresh cut."
            )
            options = (_FRESH_CUT,)
            outcome = None
        elif turned(view):
            message = (
                f"{dev.player} exposed {shown} in cutting to the dealer and the pack was "
                "dealt without a fresh cut; the trump was turned up before anyone objected, "
                "so the deal stands."
            )
            options = (_FRESH_CUT,)
            outcome = None
        else:
            message = (
                f"{dev.player} exposed {shown} in cutting to the dealer and the pack was "
                "dealt without a fresh cut; found before the trump was turned up: the pack is "
                "cut again and dealt afresh."
            )
            options = (_FRESH_CUT,)
            outcome = Outcome.FRESH_DEAL
        found.append(
            finding(
                7,
                view,
                step,
                offender=dev.player,
                kind="cut_exposed",
                message=message,
                evidence=dev.cards,
                options=options,
                default=(
                    "the pack is cut again and dealt afresh"
                    if outcome is not None
                    else "the pack is cut again; once the trump is turned up the deal stands"
                ),
                outcome=outcome,
            )
        )
    return found


LAW_7 = Law(
    number=7,
    heading=Heading.CUTTING,
    title="A card exposed in cutting to the dealer",
    summary=(
        "When the pack is cut to the dealer and a card is shown in doing so, the cut does not "
        "count and the pack has to be cut again."
    ),
    interpretation=(
        "The fresh cut is imposed. If the record shows it (another `cut` before the first "
        "packet), the law was applied and the finding only notes the exposure. If the dealer "
        "dealt from the faulty cut, the project reads the error as one of the preparation of "
        "the deal, like law 14's: raised before the trump is turned up (a `claims new deal` by "
        "either player, or the deal breaking off before the turn-up) the cards are gathered, "
        "cut again and dealt afresh; once the trump is turned up it is too late and the deal "
        "stands. The Russian seed's law 7 (a card exposed in dealing) is its error: the "
        "English text is followed, and a card exposed in dealing is law 13's. Source: S2."
    ),
    find=_find_law_7,
    options=(_FRESH_CUT,),
    default="the pack is cut again; once the trump is turned up the deal stands",
    deviations=(DeviationKind.CUT_EXPOSED,),
    looks_at=frozenset({DeviationKind.CUT_EXPOSED}),
)

LAWS: tuple[Law, ...] = (LAW_3, LAW_4, LAW_5, LAW_6, LAW_7)
