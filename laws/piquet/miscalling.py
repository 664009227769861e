"""Calls and answers put right, and calls of what was not held (laws 50-56): an under-call
corrected (50), an answer corrected (51), an over-call corrected (52), a misnomer (53), a claim
of what is not held (54), showing (55), and what is omitted once the younger has played to the
first trick (56).

The engine reads the dialogue as these laws allow (:mod:`adjudicator.engine.piquet.declare`):
what a correction in time replaces, what a correction too late leaves standing; it notes each
as a deviation, which the laws here turn into findings with their options and windows."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.piquet.deviations import Deviation, DeviationKind
from adjudicator.engine.piquet.irregular import Retraction
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import CarteBlanche, Lead, Question, Show, Trick
from adjudicator.notation.piquet.irregularities import Retract
from adjudicator.notation.piquet.vocabulary import Asked

from .base import WAIVE, Choice, Effect, Finding, Law, Option, Section, Who, Window
from .dialogue import allowed, correction, first_play, omitted, place_at, reply_to
from .view import DealView


def _under_called(view: DealView) -> Sequence[Finding]:
    return [
        UNDER_CALL.finding(
            view,
            d.line,
            d.player,
            "under_call_corrected" if "before the younger" in d.message else "corrected_too_late",
            d.message,
            judges=(d.line,),
            acted=(Option.CORRECT_CALL,) if "before the younger" in d.message else (),
        )
        for d in view.deviations(DeviationKind.UNDER_CALL)
        if "puts it right" in d.message
    ]


def _answers(view: DealView) -> Sequence[Finding]:
    corrections = view.deviations(DeviationKind.CORRECTION)
    found = []
    for d in view.deviations(DeviationKind.ANSWER):
        if d.player is not view.younger or not d.message.endswith("make it not good"):
            continue
        in_time = any(
            c.player is d.player and "in time" in c.message and f"line {d.line} " in c.message
            for c in corrections
        )
        found.append(
            ANSWER.finding(
                view,
                d.line,
                d.player,
                "wrong_answer",
                f"{d.message}: he may put it right before the elder calls again, or leads (law 51)",
                judges=(d.line,),
                acted=(Option.CORRECT_ANSWER,) if in_time else (),
            )
        )
    for c in corrections:
        in_time = "in time" in c.message
        found.append(
            ANSWER.finding(
                view,
                c.line,
                c.player,
                "answer_corrected" if in_time else "correction_too_late",
                c.message,
                judges=(c.line,),
                fault=not in_time,
                choices=None if in_time else (),
                acted=(Option.CORRECT_ANSWER,) if in_time else (),
            )
        )
    return found


def _false_calls(view: DealView) -> list[tuple[Deviation, int, int | None]]:
    """The calls of what was not held that were allowed good: each with its place and the
    place of its correction before the younger played to the first trick, if any."""
    out = []
    for d in view.deviations(DeviationKind.CALL):
        at = place_at(view, d.line)
        if at is None or "does not hold" not in d.message:
            continue
        if allowed(reply_to(view, at)):
            out.append((d, at, correction(view, at)))
    return out


def _over_called(view: DealView) -> Sequence[Finding]:
    found = []
    for d, _, fixed in _false_calls(view):
        if fixed is None:
            continue
        line = view.events[fixed].line
        choices: tuple[Choice, ...] = (_CORRECT_OVER_CALL,)
        taken = [Option.CORRECT_CALL]
        retracts: tuple[int, ...] = ()
        lead = view.first(lambda e: isinstance(e, Lead | Trick))
        if d.player is view.younger and lead is not None and lead < fixed:
            choices += (_TAKE_BACK_LEAD,)
            retracts = _lead_taken_back(view, fixed)
            if retracts:
                taken.append(Option.TAKE_BACK_LEAD)
        found.append(
            OVER_CALL.finding(
                view,
                d.line,
                d.player,
                "over_call_corrected",
                f"{d.message}; allowed good, he puts it right at line {line}, before the "
                "younger played to the first trick (law 52)",
                judges=(d.line, *retracts),
                choices=choices,
                acted=taken,
            )
        )
    return found


def _lead_taken_back(view: DealView, after: int) -> tuple[int, ...]:
    """The lines where the elder takes back his first lead after an over-call put right."""
    end = first_play(view)
    return tuple(
        e.line
        for at, e in view.of_type(Retract)
        if e.player is view.elder and at > after and (end is None or at < end)
    )


def _misnomers(view: DealView) -> Sequence[Finding]:
    found = []
    for d in view.deviations(DeviationKind.MISNOMER):
        named = "no misnomer" not in d.message
        found.append(
            MISNOMER.finding(
                view,
                d.line,
                d.player,
                "misnomer" if named else "not_a_misnomer",
                d.message,
                judges=(d.line,),
                fault=named,
            )
        )
    return found


def _misnomers_excepted(view: DealView) -> list[Finding]:
    found = []
    for d in view.deviations(DeviationKind.MISNOMER):
        at = place_at(view, d.line)
        if "no misnomer" in d.message or at is None or not allowed(reply_to(view, at)):
            continue
        found.append(
            NOT_HELD.finding(
                view,
                d.line,
                d.player,
                "misnomer_excepted",
                "the call was allowed good, but a misnomer is excepted from the penalty of "
                "law 54: he reckons as he holds",
                fault=False,
                choices=(),
                effects=(),
            )
        )
    return found


def _not_held(view: DealView) -> Sequence[Finding]:
    found = _misnomers_excepted(view)
    for d, _, fixed in _false_calls(view):
        if fixed is not None:
            found.append(
                NOT_HELD.finding(
                    view,
                    d.line,
                    d.player,
                    "put_right_in_time",
                    "the call was put right before the younger played to the first trick: the "
                    "penalty of law 54 does not follow",
                    fault=False,
                    choices=(),
                    effects=(),
                )
            )
            continue
        if "nor could have held" in d.message:
            found.append(
                NOT_HELD.finding(
                    view,
                    d.line,
                    d.player,
                    "impossible_call",
                    f"{d.message}: he is liable to no penalty (law 54)",
                    judges=(d.line,),
                    choices=(),
                    effects=(),
                )
            )
            continue
        found.append(
            NOT_HELD.finding(
                view,
                d.line,
                d.player,
                "call_not_held",
                f"{d.message}, the call was allowed good and not put right before the younger "
                "played to the first trick: he reckons nothing that deal, and his adversary "
                "reckons all he has good that the offender's correct calls do not bar (law 54)",
                judges=(d.line,),
            )
        )
    return found


def _played_before(view: DealView, player: Player | None, line: int) -> bool:
    return any(
        (t.leader is player and t.line < line)
        or (t.follower is player and 0 < t.follow_line < line)
        for t in view.replay.tricks
    )


def _asked_to_show(view: DealView) -> list[Finding]:
    """Questions that ask to see what was called: which card of a set is not counted (its
    answer stands for showing, Case VIII), how many cards of a suit (Cases XV, XVI)."""
    found = []
    for _, e in view.of_type(Question):
        if e.asks not in (Asked.NOT_COUNTED, Asked.HOW_MANY):
            continue
        what = (
            "which card of the set called is not counted: the answer stands for showing it "
            "(Case VIII)"
            if e.asks is Asked.NOT_COUNTED
            else "how many cards of a suit he holds: the answer is of the cards reckoned or "
            "called equal (Cases XV, XVI)"
        )
        found.append(
            SHOWING.finding(
                view,
                e.line,
                None,
                "asked_to_show",
                f"{e.player} asks {what}; what was called must be shown when asked (law 55)",
                fault=False,
            )
        )
    return found


def _showing(view: DealView) -> Sequence[Finding]:
    found = _asked_to_show(view)
    for _, e in view.of_type(Show):
        if e.player is None or _carte_blanche_shown(view, e.player):
            continue
        voluntary = not _played_before(view, e.player, e.line)
        miscalls = [
            d.line
            for d, _, fixed in _false_calls(view)
            if d.player is e.player and fixed is None and d.line < e.line
        ]
        if voluntary and miscalls:
            found.append(
                SHOWING.finding(
                    view,
                    e.line,
                    e.player,
                    "miscall_shown",
                    f"{e.player} shows of his own accord, before he plays a card, what he "
                    "called: he is liable to no penalty for the miscall of what he shows "
                    "(law 55, which sets law 54 aside)",
                    judges=tuple(miscalls),
                )
            )
            continue
        found.append(
            SHOWING.finding(
                view,
                e.line,
                None,
                "shown",
                f"{e.player} shows cards he called; what is called must be shown when asked "
                "(law 55)",
                fault=False,
            )
        )
    return found


def _carte_blanche_shown(view: DealView, player: Player) -> bool:
    return any(e.player is player for _, e in view.of_type(CarteBlanche))


def _omitted(view: DealView) -> Sequence[Finding]:
    found = [
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
    played = first_play(view)
    if played is None:
        return found
    line = view.events[played].line
    for player in (view.elder, view.younger):
        for combo in omitted(view, player):
            found.append(
                OMITTED.finding(
                    view,
                    line,
                    player,
                    "omitted",
                    f"{player} has not called his {combo.describe()}, good against what his "
                    "adversary declared: once the younger has played to the first trick he "
                    "cannot reckon it (law 56)",
                    fault=False,
                )
            )
    return found


def may_retake_lead(asked: Retraction) -> bool | None:
    """Law 52's leave: the elder may take back his first lead when the younger, after it, has
    called again a head he called before (his over-call put right); of any other card it says
    nothing."""
    if asked.led and asked.recalled and not asked.out_of_turn:
        return True
    return None


_CORRECT_OVER_CALL = Choice(
    Option.CORRECT_CALL,
    Who.OFFENDER,
    Window.BEFORE_FIRST_PLAY,
    (),
    "the call is corrected",
    (Effect.CORRECTED,),
)
_TAKE_BACK_LEAD = Choice(
    Option.TAKE_BACK_LEAD,
    Who.ELDER,
    Window.BEFORE_FIRST_PLAY,
    (),
    "the elder takes back his lead",
    (Effect.TAKE_BACK,),
)

UNDER_CALL = Law(
    50,
    Section.CALLING,
    "An under-call corrected",
    "An elder who calls less than he holds may put it right before the younger replies.",
    "A correction is the elder's next call of the same head naming the larger combination; "
    "in time it replaces the under-call, too late it is not reckoned and the call stands as "
    "made (the engine reads the dialogue so). An under-call never put right is the elder's "
    "call, no irregularity: nothing is found.",
    find=_under_called,
    choices=(
        Choice(
            Option.CORRECT_CALL,
            Who.OFFENDER,
            Window.BEFORE_REPLY,
            (),
            "the call is corrected",
            (Effect.CORRECTED,),
        ),
    ),
    judges=(DeviationKind.UNDER_CALL,),
    keywords=("undercall", "miscall"),
)
ANSWER = Law(
    51,
    Section.CALLING,
    "An answer corrected",
    "A younger who allows as good or equal a call he could beat may put his answer right "
    "before the elder's next call, or, with none, before the elder leads.",
    "A correction is a later answer to the same call, or the younger's own call of that head; "
    "too late, the call stays allowed and his calls of that head are not reckoned. Asking "
    "which card of a set is not counted allows the call past correcting (Case VII). Both the "
    "answer allowed wrongly and the correction are found, each at its line.",
    find=_answers,
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
    judges=(DeviationKind.ANSWER, DeviationKind.CORRECTION),
)
OVER_CALL = Law(
    52,
    Section.CALLING,
    "An over-call",
    "A player who calls more than he holds and is allowed it may put it right before the "
    "younger plays to the first trick; if the younger corrects after the elder has led, "
    "the elder may take back his lead and play again.",
    "A correction is the caller's next call of the same head before the younger's first card; "
    "the elder's lead taken back is a 'retracts' line after it, which the law gives its leave "
    "(the table moves) when the younger has called a head again since the lead. Uncorrected, "
    "law 54 decides.",
    find=_over_called,
    leave=may_retake_lead,
    choices=(_CORRECT_OVER_CALL, _TAKE_BACK_LEAD),
    judges=(DeviationKind.CALL,),
    keywords=("overcall", "miscall"),
)
MISNOMER = Law(
    53,
    Section.CALLING,
    "A misnomer",
    "Naming the suit or rank of a point, sequence, quatorze or trio wrongly, while holding "
    "one of the value called, costs nothing, provided what was named could not have been "
    "held in hand and discard together.",
    "The engine reckons a misnomer as the combination held; hand and discard are the hand as "
    "dealt with the cards taken in. Law 54 does not reach it.",
    find=_misnomers,
    judges=(DeviationKind.MISNOMER,),
    keywords=("miscall", "misnomer", "wrong suit"),
)
NOT_HELD = Law(
    54,
    Section.CALLING,
    "A claim of what is not held",
    "A player allowed a call he does not hold, and who does not put it right before the "
    "younger plays to the first trick, reckons nothing that deal, save for a misnomer or "
    "a call impossible even with his discard. The adversary then reckons whatever he has "
    "good that the offender's correct calls do not bar.",
    "Allowed means answered good, or asked which card of it is not counted (Case VII). The "
    "adversary reckons what he declared and his best of the head he answered, even after the "
    "first trick (law 56 gives way, Case II), barred only by the offender's correct calls. A "
    "misnomer is noted as excepted; a call shown of the caller's own accord before he plays "
    "is no offence (law 55).",
    find=_not_held,
    choices=(WAIVE,),
    effects=(Effect.RECKONS_NOTHING, Effect.ADVERSARY_RECKONS_HELD),
    keywords=("reckons nothing", "miscall", "false"),
    judges=(DeviationKind.CALL,),
)
SHOWING = Law(
    55,
    Section.CALLING,
    "Showing",
    "A player allowed good or equal must show the cards called when asked (the younger, "
    "once the elder has led). Cards shown of his own accord before he plays cannot be "
    "miscalled.",
    "A 'shows' line of cards called (not a carte blanche), and a question asking to see them "
    "(which card is not counted, how many of a suit), are noted. Cards shown before their "
    "player has played one, after a miscall not put right, are found against him and set "
    "law 54 aside. The engine checks that cards shown are held.",
    find=_showing,
    overrides=(54,),
    keywords=("show",),
)
OMITTED = Law(
    56,
    Section.CALLING,
    "Nothing omitted is reckoned after the first trick",
    "Once the younger has played to the first trick, neither player may reckon anything he "
    "left out (saving law 54).",
    "The engine leaves out of the reckoning a call made after that moment; the finding "
    "replaces its deviation. A combination held, good against what the adversary declared "
    "and never called, is noted where the younger plays to the first trick (Case IV).",
    find=_omitted,
    judges=(DeviationKind.CALL,),
    keywords=("omit", "forgot"),
)

LAWS: tuple[Law, ...] = (UNDER_CALL, ANSWER, OVER_CALL, MISNOMER, NOT_HELD, SHOWING, OMITTED)
"""The laws of calling 50 to 56."""
