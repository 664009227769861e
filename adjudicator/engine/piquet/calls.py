"""The declarations as the record gives them: calls, answers and questions turned into what
each player declared (laws 46-56, 62-64).

A call names a combination partly (``five cards``, ``quart major``, ``three knaves``); held
against the caller's hand it is one :class:`~adjudicator.engine.piquet.holdings.Point`,
:class:`~adjudicator.engine.piquet.holdings.Sequence` or
:class:`~adjudicator.engine.piquet.holdings.RankSet`, or nothing he holds. An answer ("good",
"not good", "equal") is the answerer's statement about his own cards: "equal" and "not good"
declare his own combination of that category, which bars the call even if he never names it
(law 51, the Description), so :func:`~adjudicator.engine.piquet.declare.declarations`, which
reads the dialogue in order with these pieces, adds it to his declaration from his hand.

Nothing here rules on a departure: it is noted as a
:class:`~adjudicator.engine.piquet.deviations.Deviation`, and the laws decide what follows.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from adjudicator.engine.piquet.cards import SET_RANKS, card_value, height
from adjudicator.engine.piquet.holdings import Holdings, Point, RankSet, holdings
from adjudicator.engine.piquet.holdings import Sequence as Run
from adjudicator.engine.piquet.rulings import Verdict, compare_points, compare_sequences
from adjudicator.notation.cards import Card, Player, Rank, Suit
from adjudicator.notation.piquet.events import (
    Answer,
    CardNamed,
    CarteBlanche,
    NumberSaid,
    PointCall,
    Question,
    SequenceCall,
    SetCall,
)
from adjudicator.notation.piquet.vocabulary import Asked, Reply

Call = PointCall | SequenceCall | SetCall
"""A call of a combination."""
Said = Call | Answer | Question | NumberSaid | CarteBlanche | CardNamed
"""Any line of the dialogue this module reads."""
Combination = Point | Run | RankSet
"""A combination reckoned in hand."""


class Category(StrEnum):
    """The three heads of declarations that are compared (laws 62-64)."""

    POINT = "point"
    SEQUENCE = "sequence"
    SETS = "quatorzes and trios"


def category(call: Call) -> Category:
    """The head a call belongs to."""
    if isinstance(call, PointCall):
        return Category.POINT
    return Category.SEQUENCE if isinstance(call, SequenceCall) else Category.SETS


@dataclass
class Dialogue:
    """The declarations of one deal, gathered from its lines in order."""

    said: list[tuple[Said, int]] = field(default_factory=list)
    """Each line of the dialogue with the moment it was said (the play's clock: 0 before the
    first lead, then one tick for each card played)."""

    def add(self, line: Said, moment: int) -> None:
        """Note a line of the dialogue, said at ``moment``."""
        self.said.append((line, moment))


def resolve(
    call: Call,
    hand: frozenset[Card],
    value: int | None = None,
    declared: Collection[Combination] = (),
) -> Combination | None:
    """The combination ``call`` names in ``hand``, or ``None`` if he holds none such.

    A call that names less than the caller holds (``five cards`` from six of a suit, ``tierce``
    from a quart) is an under-call (law 50): it names the lesser combination, made of the highest
    cards of the holding. ``value`` is what the caller said his point makes, if he said it after
    the call (``what do they make?``, ``A: 49``). A second call of the same head names another
    combination than those he has already ``declared`` (two quarts major are two calls)."""
    if isinstance(call, PointCall):
        return _point(call, hand, call.value if call.value is not None else value)
    if isinstance(call, SequenceCall):
        return _sequence(call, hand, declared)
    return _set(call, hand, declared)


def _point(call: PointCall, hand: frozenset[Card], value: int | None) -> Point | None:
    if not hand:
        return None
    if call.length is None:
        held = _holdings(hand).point
        if held is None or (call.suit is not None and held.suit is not call.suit):
            return None
        return held if value is None or held.pips == value else None
    candidates = []
    for suit in Suit:  # in the notation's order: of equal points, the first is named (as in
        # holdings), whatever the order of a set of suits in this process
        cards = sorted((c for c in hand if c.suit is suit), key=card_value, reverse=True)
        if len(cards) < call.length or (call.suit is not None and suit is not call.suit):
            continue
        candidates.append(Point.of(cards[: call.length]))
    if value is not None:
        candidates = [p for p in candidates if p.pips == value]
    return max(candidates, key=lambda p: (p.precedence, -len(hand)), default=None)


def _sequence(
    call: SequenceCall, hand: frozenset[Card], declared: Collection[Combination]
) -> Run | None:
    found = []
    for run in _holdings(hand).sequences:
        if (call.suit is not None and run.suit is not call.suit) or run.length < call.length:
            continue
        for drop in range(run.length - call.length + 1):
            top_height = height(run.top) - drop
            top = next(r for r in Rank if height(r) == top_height)
            named = Run(run.suit, call.length, top)
            if (call.top is None or call.top is top) and not _overlaps(named, declared):
                found.append(named)
    return max(found, key=lambda s: s.precedence, default=None)


def _overlaps(run: Run, declared: Collection[Combination]) -> bool:
    """Whether ``run`` shares a card with a sequence already declared (a second call of a
    head names another combination)."""
    cards = set(run.cards)
    return any(isinstance(c, Run) and cards & set(c.cards) for c in declared)


def _set(call: SetCall, hand: frozenset[Card], declared: Collection[Combination]) -> RankSet | None:
    if call.count not in (3, 4):
        return None
    ranks = [call.rank] if call.rank is not None else list(SET_RANKS)
    for rank in ranks:
        if rank in SET_RANKS and sum(1 for c in hand if c.rank is rank) >= call.count:
            named = RankSet(rank, call.count)
            if named not in declared:
                return named
    return None


@functools.lru_cache(maxsize=64)
def _holdings(hand: frozenset[Card]) -> Holdings:
    """What a hand holds (:func:`~adjudicator.engine.piquet.holdings.holdings`), worked out once
    for the several calls and answers of a deal."""
    return holdings(hand)


def best(hand: frozenset[Card], head: Category) -> Combination | None:
    """The player's best combination of a category (what an "equal" or "not good" declares)."""
    held = _holdings(hand)
    if head is Category.POINT:
        return held.point
    found: Sequence[Combination] = held.sequences if head is Category.SEQUENCE else held.sets
    return found[0] if found else None


def verdict(call: Combination, answer: Combination | None) -> Verdict:
    """The true answer to ``call`` from a player whose best of the category is ``answer``."""
    if answer is None:
        return Verdict.GOOD
    if isinstance(call, Point) and isinstance(answer, Point):
        return compare_points(call, answer)
    if isinstance(call, Run) and isinstance(answer, Run):
        return compare_sequences(call, answer)
    if isinstance(call, RankSet) and isinstance(answer, RankSet):
        if call.rank is answer.rank:  # one rank cannot be held by both
            return Verdict.GOOD
        return Verdict.GOOD if call.precedence > answer.precedence else Verdict.NOT_GOOD
    raise ValueError("a call is answered by a combination of its own category")


def asks_value(before: Sequence[Said], player: Player) -> bool:
    """Whether the last of the lines said ``before`` a number ``player`` says calls for the
    value of his point: his adversary's ``what do they make?``, or his ``equal`` to the point
    ``player`` has just called by its number of cards (Case I: the value then completes the
    call)."""
    if not before or before[-1].player is player:
        return False
    previous = before[-1]
    if isinstance(previous, Question):
        return previous.asks is Asked.VALUE
    if not isinstance(previous, Answer) or previous.reply is not Reply.EQUAL or len(before) < 2:
        return False
    called = before[-2]
    return isinstance(called, PointCall) and called.player is player and called.value is None
