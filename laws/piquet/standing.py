"""Eleven or thirteen cards in the exchange (laws 38-43): the stock counted on an
announcement, the elder who takes in without announcing, and how many each hand discards and
takes when the elder stands a deal of thirteen or eleven cards, or a stock of seven."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import Stock, Take
from adjudicator.notation.piquet.irregularities import Announce, Counted, Stand
from adjudicator.notation.piquet.vocabulary import Claimed, Heap

from .base import Choice, Effect, Finding, Law, Option, Section, Who, Window
from .facts import (
    ELDER_MOST,
    HAND,
    STOCK,
    dealt_size,
    discarded,
    first_take,
    line_at,
    stock_size,
    taken,
)
from .view import DealView

ODD = (HAND - 1, HAND + 1)
"""The hands of eleven and thirteen that laws 11 and 38-43 speak of."""


def _announced(view: DealView) -> Sequence[Finding]:
    odd = [(at, e) for at, e in view.of_type(Announce) if e.count in ODD]
    counts = [(at, e.line) for at, e in view.of_type(Counted) if e.heap is Heap.STOCK]
    return [
        COUNTED.finding(
            view,
            e.line,
            None,
            "odd_hand_announced",
            f"{e.player} announces {e.count} cards: either player may have the stock counted "
            "(law 38)",
            judges=tuple(line for place, line in counts if place > at),
            fault=False,
        )
        for at, e in odd
    ]


def _unannounced(view: DealView) -> Sequence[Finding]:
    elder = view.elder
    size, start = dealt_size(view, elder), first_take(view, elder)
    if size not in ODD or start is None:
        return ()
    if any(at < start and e.player is elder for at, e in view.of_type(Announce)):
        return ()
    stock = stock_size(view)
    compulsory = size == HAND - 1 and stock == STOCK - 1
    rest = (
        "eleven cards against a stock of seven: the deal is annulled and dealt again"
        if compulsory
        else "he may no longer have a fresh deal nor alter his discard, and must leave at least "
        "three cards for the younger"
    )
    return [
        UNANNOUNCED.finding(
            view,
            line_at(view, start),
            elder,
            "takes_in_unannounced",
            f"{elder}, dealt {size}, takes up a card of the stock without announcing it: {rest} "
            "(law 39)",
            effects=(Effect.FRESH_DEAL,) if compulsory else (),
            cites=(11,),
        )
    ]


@dataclass(frozen=True)
class Exchange:
    """What each hand put out and took in, in a deal stood with an odd hand or stock."""

    elder_put: int
    elder_took: int
    younger_put: int
    younger_took: int
    seats: tuple[Player, Player]
    """The elder and the younger."""


Wrong = tuple[bool, str]
"""A count a law of standing finds wrong: whether it is the younger's, and what he did."""
Rule = Callable[[Exchange], list[Wrong]]


def _standing(
    elder_size: int, stock: int, rule: Rule, law: Callable[[], Law]
) -> Callable[[DealView], Sequence[Finding]]:
    """The finder of a law of standing: when the elder was dealt ``elder_size`` and the stock
    held ``stock``, a finding at the player's last take for each count ``rule`` finds wrong."""

    def find(view: DealView) -> Sequence[Finding]:
        elder, younger = view.elder, view.younger
        if dealt_size(view, elder) != elder_size or _stock(view) != stock:
            return ()
        if first_take(view, younger) is None or not _stands_knowing(view):
            return ()
        done = Exchange(
            discarded(view, elder),
            taken(view, elder),
            discarded(view, younger),
            taken(view, younger),
            (elder, younger),
        )
        this = law()
        takes = {p: [e.line for _, e in view.of_type(Take) if e.player is p] for p in done.seats}
        every = tuple(line for p in done.seats for line in takes[p]) + _counted_lines(view)
        wrongs = rule(done)
        if not wrongs:
            return [
                this.finding(
                    view,
                    takes[elder][-1],
                    None,
                    "odd_exchange_kept",
                    f"{elder} stands with {elder_size} cards against a stock of {stock}: he puts "
                    f"out {done.elder_put} and takes {done.elder_took}, {younger} puts out "
                    f"{done.younger_put} and takes {done.younger_took}, as law {this.number} "
                    "asks",
                    judges=every,
                    fault=False,
                )
            ]
        return [
            this.finding(
                view,
                takes[younger if of_younger else elder][-1],
                younger if of_younger else elder,
                "odd_exchange",
                f"{younger if of_younger else elder} {wrong} (law {this.number})",
                judges=every,
            )
            for of_younger, wrong in wrongs
        ]

    return find


def _stock(view: DealView) -> int | None:
    """How many cards the stock held as dealt: counted before any was taken, or as the
    record writes it, else as the hands' sizes leave it."""
    takes = view.of_type(Take)
    first = takes[0][0] if takes else None
    for at, e in view.of_type(Counted):
        if e.heap is Heap.STOCK and (first is None or at < first):
            return e.count
    written = view.of_type(Stock)
    return len(written[0][1].cards) if written else stock_size(view)


def _counted_lines(view: DealView) -> tuple[int, ...]:
    """The lines where the stock was counted (the count an elder stands on)."""
    return tuple(e.line for _, e in view.of_type(Counted) if e.heap is Heap.STOCK)


def _stands_knowing(view: DealView) -> bool:
    """Whether the elder stood the deal knowing its odd hand or stock: he said so, or he
    announced his hand, or the stock was counted, before he took up a card of the stock. An
    elder who takes in unaware of thirteen cards plays with them (law 39; Case XVII)."""
    elder, start = view.elder, first_take(view, view.elder)
    if start is None:
        return False
    if any(e.player is elder for _, e in view.of_type(Stand)):
        return True
    told = [at for at, e in view.of_type(Announce) if e.player is elder]
    counted = [at for at, e in view.of_type(Counted) if e.heap is Heap.STOCK]
    return any(at < start for at in told + counted)


def _elder_one_more(x: Exchange) -> list[Wrong]:
    if x.elder_put == x.elder_took + 1 and x.elder_put >= 2:
        return []
    return [
        (
            False,
            f"puts out {x.elder_put} and takes {x.elder_took}: standing with thirteen he must "
            "put out one more than he takes, and at least two",
        )
    ]


def _younger_one_more(x: Exchange) -> list[Wrong]:
    if x.younger_put == x.younger_took + 1 and x.younger_put >= 2:
        return []
    return [
        (
            True,
            f"puts out {x.younger_put} and takes {x.younger_took}: holding thirteen he must "
            "put out one more than he takes, and at least two",
        )
    ]


def _only_two(x: Exchange) -> list[Wrong]:
    if x.elder_took == ELDER_MOST and x.younger_took > 2:
        return [
            (
                True,
                f"takes {x.younger_took}: the elder having taken his five of a stock of seven, "
                "the younger may take only two",
            )
        ]
    return []


def _thirteen_eight(x: Exchange) -> list[Wrong]:
    out = _elder_one_more(x)
    if x.younger_put != x.younger_took - 1:
        out.append(
            (
                True,
                f"puts out {x.younger_put} and takes {x.younger_took}: holding eleven he must "
                "put out one fewer than he takes",
            )
        )
    return out


def _thirteen_seven(x: Exchange) -> list[Wrong]:
    return _elder_one_more(x) + _only_two(x)


def _eleven_eight(x: Exchange) -> list[Wrong]:
    out: list[Wrong] = []
    if x.elder_put != x.elder_took - 1:
        out.append(
            (
                False,
                f"puts out {x.elder_put} and takes {x.elder_took}: standing with eleven he "
                "must put out one fewer than he takes",
            )
        )
    return out + _younger_one_more(x)


def _twelve_seven(x: Exchange) -> list[Wrong]:
    out: list[Wrong] = []
    if x.elder_put != x.elder_took:
        out.append(
            (
                False,
                f"puts out {x.elder_put} and takes {x.elder_took}: with a stock of seven he "
                "must put out as many as he takes",
            )
        )
    return out + _only_two(x) + _younger_one_more(x)


_JUDGES = (DeviationKind.TAKEN, DeviationKind.EXCHANGE_COUNT)
"""The engine's deviations of the counts, which these laws judge where they apply."""

_COUNTS = (
    "The counts are read from the discards and the cards taken, the hands' sizes from the "
    "deal (or the announcement) and the stock's from the stock as dealt; counts as the law "
    "asks are found as a fact. The law sets no "
    "penalty of its own: a hand left long or short is laws 57 and 58's in the play."
)

COUNTED = Law(
    38,
    Section.DISCARDING,
    "The stock counted",
    "When a player announces he was dealt eleven or thirteen, the stock may be counted.",
    "Found, as a fact, where a player announces eleven or thirteen cards: either player may "
    "then claim the stock counted (the option stock_counted, open all the deal). A claim "
    "with no such announcement before it is upheld by no law.",
    find=_announced,
    choices=(
        Choice(
            Option.STOCK_COUNTED,
            Who.EITHER,
            Window.DURING_DEAL,
            (Claimed.STOCK_COUNTED,),
            "the stock is counted",
            (Effect.STOCK_COUNTED,),
        ),
    ),
)
UNANNOUNCED = Law(
    39,
    Section.DISCARDING,
    "The elder takes in without announcing",
    "An elder dealt eleven or thirteen who takes up a stock card without announcing it "
    "loses his option of a fresh deal, cannot change his discard, and must leave at least "
    "three cards for the younger; but eleven against a stock of seven is always a fresh deal.",
    "Found where the elder, dealt eleven or thirteen (his cards as dealt, or his packets), "
    "takes up a card of the stock with no announcement of his before it. The loss of law "
    "11's option is that option's window closing; eleven against seven annuls the deal.",
    find=_unannounced,
    readings=("eleven against a stock of seven annuls the deal at once, whatever is claimed",),
)
THIRTEEN_EIGHT: Law = Law(
    40,
    Section.DISCARDING,
    "Standing with thirteen and a stock of eight",
    "An elder who stands with thirteen cards and eight in the stock discards one more than "
    "he takes, and at least two; the younger discards one fewer than he takes, and need "
    "discard none if he takes one.",
    "Found where either hand's counts depart from these, the elder having stood knowing it "
    "(he said so, announced his hand, or had the stock counted, before taking in). " + _COUNTS,
    find=_standing(HAND + 1, STOCK, _thirteen_eight, lambda: THIRTEEN_EIGHT),
    judges=_JUDGES,
)
THIRTEEN_SEVEN: Law = Law(
    41,
    Section.DISCARDING,
    "Standing with thirteen and a stock of seven",
    "An elder who stands with thirteen and seven in the stock discards one more than he "
    "takes, and at least two; taking all his cards he discards six, and the younger may "
    "take only two.",
    "Found where either hand's counts depart from these, the elder having stood knowing it "
    "(he said so, announced his hand, or had the stock counted, before taking in). " + _COUNTS,
    find=_standing(HAND + 1, STOCK - 1, _thirteen_seven, lambda: THIRTEEN_SEVEN),
    judges=_JUDGES,
)
ELEVEN_EIGHT: Law = Law(
    42,
    Section.DISCARDING,
    "Standing with eleven and a stock of eight",
    "An elder who stands with eleven and eight in the stock discards one fewer than he "
    "takes, and none if he takes one; the younger discards one more than he takes, and at "
    "least two.",
    "Found where either hand's counts depart from these, the elder having stood knowing it "
    "(he said so, announced his hand, or had the stock counted, before taking in). " + _COUNTS,
    find=_standing(HAND - 1, STOCK, _eleven_eight, lambda: ELEVEN_EIGHT),
    judges=_JUDGES,
)
TWELVE_SEVEN: Law = Law(
    43,
    Section.DISCARDING,
    "Standing with twelve and a stock of seven",
    "An elder who stands with twelve and seven in the stock discards as many as he takes; "
    "if he takes all his cards the younger may take only two, and the younger discards one "
    "more than he takes, and at least two.",
    "Found where either hand's counts depart from these, the elder having stood knowing it "
    "(he said so, announced his hand, or had the stock counted, before taking in). " + _COUNTS,
    find=_standing(HAND, STOCK - 1, _twelve_seven, lambda: TWELVE_SEVEN),
    judges=_JUDGES,
)
