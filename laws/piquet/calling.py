"""Calling (laws 46-49): the point called first and the questions the younger may ask (46),
the order of the calls (47), a sequence or set called without its height (48), and a first
call good against the cards (49). The corrections, the miscalls, showing and what is omitted
(laws 50-56) are in :mod:`~laws.piquet.miscalling`."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.piquet.calls import Category, Combination, category, resolve
from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import PointCall, Question, SequenceCall, SetCall
from adjudicator.notation.piquet.vocabulary import Asked

from .base import Finding, Law, Section
from .dialogue import CALLS, good_against_the_cards, unseen
from .view import DealView

Call = PointCall | SequenceCall | SetCall


def _order_of_point(view: DealView) -> Sequence[Finding]:
    found = []
    for d in view.deviations(DeviationKind.QUESTION):
        if "bars him" in d.message:
            kind, message = "point_bars_only", d.message
        else:
            kind = "question_not_allowed"
            message = f"{d.message}: the question bars him from counting a longer point"
        found.append(
            ORDER_OF_POINT.finding(
                view,
                d.line,
                d.player,
                kind,
                message,
                judges=(d.line,),
                fault=kind == "question_not_allowed",
            )
        )
    found += _questions_allowed(view)
    for d in view.deviations(DeviationKind.CALL_ORDER):
        found.append(
            ORDER_OF_POINT.finding(
                view, d.line, d.player, "point_called_late", d.message, judges=(d.line,)
            )
        )
    return found


def _questions_allowed(view: DealView) -> list[Finding]:
    """The younger's questions what the point makes that the engine, holding them against
    the hands, found no fault with: he held as many cards (noted)."""
    if view.replay.declared is None:
        return []
    faulted = {d.line for d in view.deviations(DeviationKind.QUESTION)}
    return [
        ORDER_OF_POINT.finding(
            view,
            e.line,
            e.player,
            "question_allowed",
            f"{e.player} asks what the point makes, holding as many cards in his own point: law "
            "46 allows the question",
            fault=False,
        )
        for _, e in view.of_type(Question)
        if e.asks is Asked.VALUE and e.player is view.younger and e.line not in faulted
    ]


def _calls(view: DealView, player: Player) -> list[Call]:
    """``player``'s calls before the younger played to the first trick, in order."""
    return [e for e in view.events if isinstance(e, CALLS) and e.player is player]


def _in_order(view: DealView) -> Sequence[Finding]:
    found = []
    for player in (view.elder, view.younger):
        calls = sorted(_calls(view, player), key=lambda e: e.line)
        heads = [category(c) for c in calls]
        for index, call in enumerate(calls):
            later = heads[index + 1 :]
            head = heads[index]
            if player is view.younger and head is not Category.POINT and Category.POINT in later:
                what = "his point"
            elif head is Category.SETS and Category.SEQUENCE in later:
                what = "a sequence"
            else:
                continue
            found.append(
                ORDER.finding(
                    view,
                    call.line,
                    player,
                    "call_out_of_order",
                    f"{player} calls {_named(call)} before {what}: law 47 leaves him free to",
                    fault=False,
                )
            )
            break
    return found


def _named(call: Call) -> str:
    return {
        Category.POINT: "his point",
        Category.SEQUENCE: "a sequence",
        Category.SETS: "a quatorze or trio",
    }[category(call)]


def _resolved(view: DealView, call: Call) -> Combination | None:
    """The combination a call names, among those its caller declared (the first call of a
    head, when the call names none of them)."""
    declared = view.replay.declared
    if declared is None or call.player not in declared:
        return None
    mine = declared[call.player]
    if isinstance(call, SequenceCall):
        return next(
            (s for s in mine.sequences if s.length == call.length and call.top in (None, s.top)),
            None,
        )
    if isinstance(call, SetCall):
        return next(
            (s for s in mine.sets if s.count == call.count and call.rank in (None, s.rank)), None
        )
    hand = view.replay.hands.get(call.player)
    return resolve(call, hand) if hand is not None else None


def _unnamed(view: DealView) -> Sequence[Finding]:
    cards = unseen(view, view.elder)
    if cards is None:
        return ()
    found = []
    for call in view.events:
        if not isinstance(call, SequenceCall | SetCall) or call.player is not view.elder:
            continue
        bare = call.top is None if isinstance(call, SequenceCall) else call.rank is None
        combo = _resolved(view, call) if bare else None
        if combo is None or good_against_the_cards(combo, cards):
            continue
        found.append(
            NAMING.finding(
                view,
                call.line,
                call.player,
                "height_not_stated",
                f"{call.player} calls his {combo.describe()} without saying its height, "
                "though it is not good against the cards: the elder is bound to state it "
                "(law 48); the younger may ask, and no penalty follows (Case XII)",
            )
        )
    return found


def _first_good(view: DealView) -> Sequence[Finding]:
    cards = unseen(view, view.elder)
    declared = view.replay.declared
    if cards is None or declared is None or view.elder not in declared:
        return ()
    mine = declared[view.elder]
    found = []
    heads: tuple[tuple[type[Call], tuple[Combination, ...]], ...] = (
        (SequenceCall, mine.sequences),
        (SetCall, mine.sets),
    )
    for kind, held in heads:
        calls = [c for c in view.events if isinstance(c, kind) and c.player is view.elder]
        first = _resolved(view, calls[0]) if calls else None
        if first is None or len(held) < 2 or not good_against_the_cards(first, cards):
            continue
        others = ", ".join(c.describe() for c in held if c != first)
        found.append(
            FIRST_GOOD.finding(
                view,
                calls[0].line,
                view.elder,
                "first_call_good_against_the_cards",
                f"{view.elder}'s first call, his {first.describe()}, is good against the cards: "
                f"he reckons also {others}, larger or not (law 49)",
                fault=False,
            )
        )
    return found


ORDER_OF_POINT = Law(
    46,
    Section.CALLING,
    "Calling the point",
    "The elder must call his point first or lose it; the number of its cards is enough. The "
    "younger may ask what the point makes only if he holds as many cards in his own point, "
    "and asking bars him from then counting a longer one.",
    "The engine reads the dialogue so: the elder's point called after a sequence or a set is "
    "not reckoned (found at the first other call); a younger who asks the value, or answers "
    "'equal' to a point called by its number of cards (Case I), holding more cards, has a "
    "point that bars but does not score; a question he may not ask is found, one he may ask "
    "is noted.",
    find=_order_of_point,
    judges=(DeviationKind.QUESTION, DeviationKind.CALL_ORDER),
)
ORDER = Law(
    47,
    Section.CALLING,
    "The order of the calls",
    "The younger need not call his point first, and neither player need call his "
    "sequences straight after the point.",
    "A freedom, not an irregularity: a younger who calls another head before his point, or a "
    "player who calls a set before a sequence, is noted, and his calls are reckoned as made.",
    find=_in_order,
)
NAMING = Law(
    48,
    Section.CALLING,
    "Naming sequences and sets",
    "A sequence good against the cards may be called by its length alone; otherwise the "
    "elder must say to what card it runs. A quatorze or trio not good against the cards "
    "must likewise be named by its rank.",
    "'Good against the cards' is read as: no hand the adversary could hold, of the cards "
    "the caller cannot see (the pack less his hand and his discard), would beat it. The law "
    "sets no penalty, and a call so made is no misinformation (Case XII): the finding has no "
    "effect.",
    find=_unnamed,
)
FIRST_GOOD = Law(
    49,
    Section.CALLING,
    "A first call good against the cards",
    "If the elder's first sequence called is good against the cards he may reckon every "
    "sequence he holds, larger or not; the same for a first quatorze or trio.",
    "A right: when the elder's first sequence (or set) called is good against the cards and "
    "he declares more than one, the ruling notes that he reckons them all, as the engine does.",
    find=_first_good,
)

LAWS: tuple[Law, ...] = (ORDER_OF_POINT, ORDER, NAMING, FIRST_GOOD)
"""The laws of calling, 46 to 49."""
