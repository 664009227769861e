"""Calling and showing (laws 46-56): the order of the calls, what a call must say, calls
corrected in time, a misnomer, a claim of what is not held, showing, and what is omitted once
the younger has played to the first trick."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.piquet.deviations import DeviationKind

from .base import WAIVE, Choice, Effect, Finding, Law, Option, Section, Who, Window
from .view import DealView


def _question(view: DealView) -> Sequence[Finding]:
    return [
        ORDER_OF_POINT.finding(
            view,
            d.line,
            d.player,
            "question_not_allowed",
            f"{d.message}: the question bars him from counting a longer point",
            judges=(d.line,),
        )
        for d in view.deviations(DeviationKind.QUESTION)
    ]


def _omitted(view: DealView) -> Sequence[Finding]:
    return [
        OMITTED.finding(
            view,
            d.line,
            d.player,
            "called_too_late",
            "a call made after the younger hand has played to the first trick cannot be "
            "reckoned (law 56)",
            judges=(d.line,),
        )
        for d in view.deviations(DeviationKind.CALL)
        if "law 56" in d.message and "first trick" in d.message
    ]


ORDER_OF_POINT = Law(
    46,
    Section.CALLING,
    "Calling the point",
    "The elder must call his point first or lose it; the number of its cards is enough. The "
    "younger may ask what the point makes only if he holds as many cards in his own point, "
    "and asking bars him from then counting a longer one.",
    "The engine finds a question the younger may not ask; its effect is the engine's, which "
    "reckons his point as no longer than the elder's.",
    find=_question,
    judges=(DeviationKind.QUESTION,),
)

OMITTED = Law(
    56,
    Section.CALLING,
    "Nothing omitted is reckoned after the first trick",
    "Once the younger has played to the first trick, neither player may reckon anything he "
    "left out (saving law 54).",
    "The engine leaves out of the reckoning a call made after that moment; the finding "
    "replaces its deviation.",
    find=_omitted,
    judges=(DeviationKind.CALL,),
    keywords=("omit", "forgot"),
)

_CORRECT_CALL = Choice(
    Option.CORRECT_CALL,
    Who.OFFENDER,
    Window.BEFORE_REPLY,
    (),
    "the call is corrected",
    (Effect.CORRECTED,),
)

LAWS: tuple[Law, ...] = (
    ORDER_OF_POINT,
    Law(
        47,
        Section.CALLING,
        "The order of the calls",
        "The younger need not call his point first, and neither player need call his "
        "sequences straight after the point.",
        "A freedom: nothing is found.",
    ),
    Law(
        48,
        Section.CALLING,
        "Naming sequences and sets",
        "A sequence good against the cards may be called by its length alone; otherwise the "
        "elder must say to what card it runs. A quatorze or trio not good against the cards "
        "must likewise be named by its rank.",
        "'Good against the cards' is read as: no hand the adversary could hold, of the cards "
        "the caller cannot see, would beat it. Not yet found.",
    ),
    Law(
        49,
        Section.CALLING,
        "A first call good against the cards",
        "If the elder's first sequence called is good against the cards he may reckon every "
        "sequence he holds, larger or not; the same for a first quatorze or trio.",
        "Applied by the engine when it gathers what was declared.",
        applied_by="adjudicator.engine.piquet.declare.declarations",
    ),
    Law(
        50,
        Section.CALLING,
        "An under-call corrected",
        "An elder who calls less than he holds may put it right before the younger replies.",
        "Not yet found (a corrected call is the next call line).",
        choices=(_CORRECT_CALL,),
    ),
    Law(
        51,
        Section.CALLING,
        "An answer corrected",
        "A younger who allows as good or equal a call he could beat may put his answer right "
        "before the elder's next call, or, with none, before the elder leads.",
        "The engine finds an answer the hands do not bear out; the window is not yet judged.",
        choices=(
            Choice(
                Option.CORRECT_ANSWER,
                Who.YOUNGER,
                Window.BEFORE_NEXT_CALL,
                (),
                "the answer is corrected",
                (Effect.CORRECTED,),
            ),
        ),
        judges=(DeviationKind.ANSWER,),
    ),
    Law(
        52,
        Section.CALLING,
        "An over-call",
        "A player who calls more than he holds and is allowed it may put it right before the "
        "younger plays to the first trick; if the younger corrects after the elder has led, "
        "the elder may take back his lead and play again.",
        "Not yet found.",
        choices=(
            Choice(
                Option.CORRECT_CALL,
                Who.OFFENDER,
                Window.BEFORE_FIRST_PLAY,
                (),
                "the call is corrected",
                (Effect.CORRECTED,),
            ),
            Choice(
                Option.TAKE_BACK_LEAD,
                Who.ELDER,
                Window.BEFORE_FIRST_PLAY,
                (),
                "the elder takes back his lead",
                (Effect.TAKE_BACK,),
            ),
        ),
        keywords=("overcall", "miscall"),
    ),
    Law(
        53,
        Section.CALLING,
        "A misnomer",
        "Naming the suit or rank of a point, sequence, quatorze or trio wrongly, while holding "
        "one of the value called, costs nothing, provided what was named could not have been "
        "held in hand and discard together.",
        "Not yet found; law 54 yields to it.",
        keywords=("miscall", "misnomer", "wrong suit"),
    ),
    Law(
        54,
        Section.CALLING,
        "A claim of what is not held",
        "A player allowed a call he does not hold, and who does not put it right before the "
        "younger plays to the first trick, reckons nothing that deal, save for a misnomer or "
        "a call impossible even with his discard. The adversary then reckons whatever he has "
        "good that the offender's correct calls do not bar.",
        "The engine reckons only the offender's correct calls as barring (its reading of the "
        "law's last sentence). Not yet found.",
        choices=(WAIVE,),
        effects=(Effect.RECKONS_NOTHING,),
        keywords=("reckons nothing", "miscall", "false"),
        judges=(DeviationKind.CALL,),
    ),
    Law(
        55,
        Section.CALLING,
        "Showing",
        "A player allowed good or equal must show the cards called when asked (the younger, "
        "once the elder has led). Cards shown of his own accord before he plays cannot be "
        "miscalled.",
        "The engine checks that cards shown are held. Not yet found.",
        keywords=("show",),
    ),
    OMITTED,
)
"""The laws of calling, 46 to 56."""
