"""Facts of a deal's dialogue the laws of calling read (laws 46-56): how a call was answered,
whether the caller put it right and when, the younger's first card to the first trick, what a
player held and never called, and whether a call was good against the cards (law 48)."""

from __future__ import annotations

from adjudicator.engine.piquet.calls import Category, Combination, best, verdict
from adjudicator.engine.piquet.cards import SET_RANKS
from adjudicator.engine.piquet.holdings import Point, RankSet, holdings
from adjudicator.engine.piquet.holdings import Sequence as Run
from adjudicator.engine.piquet.rulings import Verdict
from adjudicator.notation.cards import Card, Player, Rank, Suit
from adjudicator.notation.piquet.events import (
    Answer,
    Discard,
    Event,
    PointCall,
    Question,
    SequenceCall,
    SetCall,
    Trick,
)
from adjudicator.notation.piquet.events import Play as PlayLine
from adjudicator.notation.piquet.vocabulary import Asked, Reply

from .view import DealView

CALLS = (PointCall, SequenceCall, SetCall)
"""The line forms of a call."""


def place_at(view: DealView, line: int) -> int | None:
    """The place of the event written at ``line``."""
    return next((i for i, e in enumerate(view.events) if e.line == line), None)


def first_play(view: DealView) -> int | None:
    """The place of the younger's card to the first trick."""
    return view.first(
        lambda e: isinstance(e, PlayLine) or (isinstance(e, Trick) and e.follower is not None)
    )


def reply_to(view: DealView, at: int) -> Event | None:
    """The adversary's answer, or question, to the call at place ``at``: his first before the
    caller calls again."""
    caller = getattr(view.events[at], "player", None)
    for event in view.events[at + 1 :]:
        player = getattr(event, "player", None)
        if isinstance(event, CALLS) and player is caller:
            return None
        if isinstance(event, Answer | Question) and player is not caller:
            return event
    return None


def allowed(reply: Event | None) -> bool:
    """Whether a reply allows the call good: ``good``, or asking which card of it is not
    counted (Case VII)."""
    if isinstance(reply, Answer):
        return reply.reply is Reply.GOOD
    return isinstance(reply, Question) and reply.asks is Asked.NOT_COUNTED


def correction(view: DealView, at: int) -> int | None:
    """The place of the caller's next call of the same head as the call at ``at``, made
    before the younger has played to the first trick (laws 52, 54)."""
    call = view.events[at]
    end = first_play(view)
    for place in range(at + 1, len(view.events) if end is None else end):
        event = view.events[place]
        if type(event) is type(call) and getattr(event, "player", None) is call_player(call):
            return place
    return None


def call_player(event: Event) -> Player | None:
    """Who made a line, if a player did."""
    player = getattr(event, "player", None)
    return player if isinstance(player, Player) else None


def omitted(view: DealView, player: Player) -> list[Combination]:
    """What ``player`` held, would have had good against what his adversary declared, and
    never declared before the younger played to the first trick (law 56)."""
    hands, declared = view.replay.hands, view.replay.declared
    hand = hands.get(player)
    if hand is None or declared is None or player not in declared:
        return []
    mine, theirs = declared[player], declared.get(view.other(player))
    if theirs is None:
        return []
    heads: tuple[tuple[Category, bool, Combination | None], ...] = (
        (Category.POINT, mine.point is not None, theirs.point),
        (Category.SEQUENCE, bool(mine.sequences), _top(theirs.sequences)),
        (Category.SETS, bool(mine.sets), _top(theirs.sets)),
    )
    out = []
    for head, called, against in heads:
        held = best(hand, head)
        if called or held is None:
            continue
        if against is None or verdict(held, against) is Verdict.GOOD:
            out.append(held)
    return out


def _top(found: tuple[Run, ...] | tuple[RankSet, ...]) -> Combination | None:
    best_found: Combination | None = None
    for combo in found:
        if best_found is None or combo.precedence > best_found.precedence:
            best_found = combo
    return best_found


def unseen(view: DealView, player: Player) -> frozenset[Card] | None:
    """The cards ``player`` cannot see when he calls: the pack less his hand and his
    discard (``None`` when they are not known)."""
    hand = view.replay.hands.get(player)
    if hand is None:
        return None
    out: set[Card] = set()
    for _, event in view.of_type(Discard):
        if event.player is player:
            if None in event.cards:
                return None
            out |= {c for c in event.cards if c is not None}
    pack = {Card.parse(r.value + s.value) for r in Rank for s in Suit}
    return frozenset(pack - hand - out)


def good_against_the_cards(combo: Combination, unseen_cards: frozenset[Card]) -> bool:
    """Whether no hand the adversary could hold, of the cards the caller cannot see, would
    beat ``combo`` (law 48)."""
    if isinstance(combo, Point):
        rival = holdings(unseen_cards).point
        return rival is None or verdict(combo, rival) is Verdict.GOOD
    if isinstance(combo, Run):
        runs = holdings(unseen_cards).sequences
        return not runs or verdict(combo, runs[0]) is Verdict.GOOD
    for rank in SET_RANKS:
        held = sum(1 for c in unseen_cards if c.rank is rank)
        if held >= 3 and verdict(combo, RankSet(rank, min(held, 4))) is not Verdict.GOOD:
            return False
    return True
