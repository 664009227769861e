"""One deal of a piquet ruling as the referee's report shows it (issue 23, item 8): the hands
by suit, the exchange, the declarations as a table of call and answer, carte blanche, pique,
repique and capot, the tricks with each winner, and the score by head. The shells word the
pique, the repique and the capot (and cite their laws).

:func:`deal_sheet` states a replayed deal (:class:`~adjudicator.court.piquet.ruling.DealRuling`)
and its lines in the record as plain values (cards by their codes, ``??`` for a card not
known), for the shells to print. Nothing here rules: the findings are the replay's deviations
as they stand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from adjudicator.court.piquet.ruling import DealRuling
from adjudicator.engine.piquet.calls import Category as Head
from adjudicator.engine.piquet.calls import category
from adjudicator.engine.piquet.cards import height
from adjudicator.engine.piquet.deal import DealReplay
from adjudicator.engine.piquet.deviations import Deviation, DeviationKind
from adjudicator.engine.piquet.replay import PLAYERS
from adjudicator.engine.piquet.rulings import Ruling
from adjudicator.engine.piquet.scoring import Category, DealScore
from adjudicator.engine.piquet.walk import Played
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.piquet.events import (
    Answer,
    CarteBlanche,
    Discard,
    Event,
    Leave,
    NumberSaid,
    PointCall,
    Question,
    SequenceCall,
    SetCall,
    Take,
)
from adjudicator.notation.piquet.irregularities import Retract
from adjudicator.notation.piquet.model import Deal
from adjudicator.notation.piquet.vocabulary import Asked
from adjudicator.notation.piquet.writer import event_text

SUITS = "SHDC"
"""The usual order of the suits in a hand: spades, hearts, diamonds, clubs (piquet has no
trumps)."""

HEAD_WORDS: Mapping[Head, str] = {
    Head.POINT: "point",
    Head.SEQUENCE: "sequence",
    Head.SETS: "quatorzes and trios",
}
"""Each head of the declarations as the report names it, in law 67's order."""


@dataclass(frozen=True)
class Holding:
    """One player's hand at a moment of the deal, as he holds it."""

    player: Player
    """Whose hand."""
    cards: tuple[str, ...] | None
    """Its cards by suit (spades, hearts, diamonds, clubs), each from the ace down; ``None``
    when the record does not give every card of it."""


@dataclass(frozen=True)
class Exchange:
    """What one player did in the exchange, as written."""

    player: Player
    discarded: tuple[str, ...] = ()
    """The cards he discarded (``??`` for each not named)."""
    took: tuple[str, ...] = ()
    """The cards he took in."""
    left: tuple[str, ...] = ()
    """The cards he left in the stock."""


@dataclass(frozen=True)
class Declared:
    """One head of the declarations: what the elder called, what the younger answered (and
    called of his own), and what was scored."""

    head: str
    """``point``, ``sequence`` or ``quatorzes and trios``."""
    elder: tuple[str, ...]
    """The elder's words under this head, in order (his calls, his answers to questions)."""
    younger: tuple[str, ...]
    """The younger's words: his answers (good, not good, equal), questions and calls."""
    scored: str
    """What was scored under the head, in words: who and how much, "neither: equal",
    "nothing declared", or "not reckoned" where the deal is not."""


@dataclass(frozen=True)
class TrickRow:
    """A trick as the report draws it."""

    number: int
    leader: Player
    led: str
    """The card led (``??``: not written)."""
    follower: Player | None
    played: str | None
    """The card played to it (``None``: not played; ``??``: not written)."""
    winner: Player | None
    """Who won it, where both cards are known."""
    led_faults: tuple[Deviation, ...] = ()
    """The findings about the card led: a lead out of turn, a card not held, a card retracted
    (the card at fault)."""
    played_faults: tuple[Deviation, ...] = ()
    """The findings about the card played to it: a revoke, a card not held, a card retracted."""
    count: Mapping[Player, int] | None = None
    """Each player's count of the deal after the trick, as reckoned in law 67's order (what he
    scored in hand, then in play trick by trick, a pique where it is made); ``None`` where the
    deal is not reckoned."""
    scored: tuple[str, ...] = ()
    """What the trick scored, in the reckoning's words ("A: leads AH 1, making 10")."""


@dataclass(frozen=True)
class DealSheet:
    """A deal as the report shows it."""

    number: int
    line: int
    dealer: Player
    elder: Player
    dealt: tuple[Holding, ...]
    """Each hand as dealt, the elder's first."""
    played: tuple[Holding, ...]
    """Each hand as it went into the play (after the exchange), the elder's first."""
    exchange: tuple[Exchange, ...]
    """The elder's exchange, then the younger's (a player who did not exchange is left out)."""
    declared: tuple[Declared, ...]
    """The heads called, in law 67's order (a head nobody spoke of is left out)."""
    carte_blanche: tuple[Player, ...]
    """Who announced carte blanche."""
    tricks: tuple[TrickRow, ...]
    reckoned: bool
    """Whether the deal was reckoned from its play and declarations."""
    points: Mapping[Player, int] | None
    """What the deal scores for each: as reckoned, or as its ``result`` line writes it."""
    by_head: Mapping[Player, Mapping[str, int]] = field(default_factory=dict)
    """What each player scored under each head (only the heads where he scored), reckoned."""
    repique: Player | None = None
    """Who made a repique (law 68), where the deal was reckoned."""
    pique: Player | None = None
    """Who made a pique (law 69)."""
    capot: Player | None = None
    """Who won every trick (law 66)."""


def deal_sheet(ruling: DealRuling, deal: Deal) -> DealSheet:
    """The deal ``ruling`` of the record's ``deal`` as the report shows it."""
    replay = ruling.replay
    order = (replay.elder, replay.younger)
    score = replay.score
    return DealSheet(
        number=replay.number,
        line=replay.line,
        dealer=replay.dealer,
        elder=replay.elder,
        dealt=tuple(Holding(p, _by_suit(replay.dealt.get(p))) for p in order),
        played=tuple(Holding(p, _by_suit(replay.hands.get(p))) for p in order),
        exchange=_exchange(deal.events, order),
        declared=_declared(deal.events, replay.elder, score),
        carte_blanche=tuple(
            p
            for p in order
            if any(isinstance(e, CarteBlanche) and e.player is p for e in deal.events)
        ),
        tricks=_tricks(replay),
        reckoned=score is not None,
        points=replay.points,
        by_head={p: ruling.by_category(p) or {} for p in PLAYERS} if score else {},
        repique=score.repique if score else None,
        pique=score.pique if score else None,
        capot=score.cards.winner if score and score.cards.capot else None,
    )


def hand_order(cards: Iterable[Card]) -> list[Card]:
    """Cards as a player holds them: by suit (spades, hearts, diamonds, clubs), each suit from
    the ace down."""
    return sorted(cards, key=lambda c: (SUITS.index(c.suit.value), -height(c.rank)))


def _by_suit(cards: Iterable[Card] | None) -> tuple[str, ...] | None:
    return None if cards is None else tuple(c.code for c in hand_order(cards))


def _codes(cards: Iterable[Card | None]) -> tuple[str, ...]:
    return tuple("??" if c is None else c.code for c in cards)


def _exchange(events: Iterable[Event], order: tuple[Player, Player]) -> tuple[Exchange, ...]:
    """Each player's discard, cards taken and cards left, as written."""
    done: dict[Player, dict[str, tuple[str, ...]]] = {p: {} for p in order}
    for e in events:
        if isinstance(e, Discard | Take | Leave):
            key = {Discard: "discarded", Take: "took", Leave: "left"}[type(e)]
            done[e.player][key] = done[e.player].get(key, ()) + _codes(e.cards)
    return tuple(Exchange(p, **done[p]) for p in order if done[p])


_CALLS = (PointCall, SequenceCall, SetCall)


def _declared(
    events: Iterable[Event], elder: Player, score: DealScore | None
) -> tuple[Declared, ...]:
    """The declarations head by head: each line of the dialogue goes under the head of its call
    (an answer, a question or a number said in answer under the head of the call before it);
    counts said aloud and carte blanche are not declarations of a head."""
    words: dict[Head, dict[Player, list[str]]] = {}
    head: Head | None = None
    asked = False
    for e in events:
        if isinstance(e, _CALLS):
            head = category(e)
        elif not isinstance(e, Answer | Question) and not (isinstance(e, NumberSaid) and asked):
            asked = False
            continue
        if head is None:
            continue
        text = event_text(e).split(": ", 1)[-1]
        words.setdefault(head, {p: [] for p in PLAYERS})[e.player].append(text)
        asked = isinstance(e, Question) and e.asks in (Asked.VALUE, Asked.HOW_MANY)
    younger = next(p for p in PLAYERS if p is not elder)
    return tuple(
        Declared(
            HEAD_WORDS[h],
            tuple(words[h][elder]),
            tuple(words[h][younger]),
            _scored(h, score),
        )
        for h in Head
        if h in words
    )


_RULED = {Head.POINT: "point", Head.SEQUENCE: "sequences", Head.SETS: "sets"}
_CATEGORY = {
    Head.POINT: Category.POINT,
    Head.SEQUENCE: Category.SEQUENCES,
    Head.SETS: Category.SETS,
}


def _scored(head: Head, score: DealScore | None) -> str:
    """What was scored under ``head``: the good player, what he reckoned and its worth."""
    if score is None:
        return "not reckoned"
    ruling: Ruling = getattr(score, _RULED[head])
    if ruling.equal:
        return "neither: equal"
    if ruling.good is None:
        return "nothing declared"
    items = ", ".join(f"{item.describe()} {item.value}" for item in ruling.reckoned)
    reckoned = sum(
        s.points for s in score.steps if s.category is _CATEGORY[head] and s.player is ruling.good
    )
    if reckoned != ruling.points:
        return f"{ruling.good} reckons nothing ({items}: they bar only)"
    return f"{ruling.good} {reckoned} ({items})"


def _tricks(replay: DealReplay) -> tuple[TrickRow, ...]:
    """The tricks as written, each with its winner, the findings about its cards and the
    count after it."""
    counts = _counts(replay.score)
    rows = []
    for t in replay.tricks:
        count, scored = counts.get(t.number, (None, ()))
        led, played = _faults(t, replay)
        rows.append(_trick(t, led, played, count, scored))
    return tuple(rows)


def _trick(
    t: Played,
    led_faults: tuple[Deviation, ...],
    played_faults: tuple[Deviation, ...],
    count: Mapping[Player, int] | None,
    scored: tuple[str, ...],
) -> TrickRow:
    """A trick as written, with its winner where both cards are known."""
    known = t.known()
    winner: Player | None = None
    if known is not None:
        winner = known.leader if known.leader_wins else t.follower
    played = None if t.follower is None else ("??" if t.played is None else t.played.code)
    return TrickRow(
        t.number,
        t.leader,
        "??" if t.led is None else t.led.code,
        t.follower,
        played,
        winner,
        led_faults,
        played_faults,
        count,
        scored,
    )


_LED_FAULTS = frozenset({DeviationKind.LEAD, DeviationKind.NOT_HELD})
"""The findings about a card led, written at its line: a lead out of turn, a card not held."""
_PLAYED_FAULTS: Mapping[DeviationKind, bool] = {
    DeviationKind.REVOKE: True,
    DeviationKind.NOT_HELD: True,
}
"""The findings about a card played to a lead: whether each is written at the line of the card
played (a card not held; a revoke, since the replay notes it there) or at the line of the
trick."""


def _faults(t: Played, replay: DealReplay) -> tuple[tuple[Deviation, ...], tuple[Deviation, ...]]:
    """The findings of the deal about the card led to ``t`` and about the card played to it:
    those the replay found at the card's line against its player, and a card retracted (a
    ``retracts`` line naming it) that stayed in the trick."""
    retracted = {
        (e.line, e.column): {(e.player, c) for c in e.cards if c is not None}
        for e in replay.irregularities
        if isinstance(e, Retract)
    }
    led: list[Deviation] = []
    played: list[Deviation] = []
    for d in replay.deviations:
        names = retracted.get((d.line, d.column), set())
        if (t.leader, t.led) in names or (
            d.kind in _LED_FAULTS and d.player is t.leader and d.line == t.line
        ):
            led.append(d)
        at = t.follow_line if _PLAYED_FAULTS.get(d.kind) else t.line
        if t.follower is not None and (
            (t.follower, t.played) in names
            or (d.kind in _PLAYED_FAULTS and d.player is t.follower and d.line == at)
        ):
            played.append(d)
    return tuple(led), tuple(played)


def _counts(score: DealScore | None) -> dict[int, tuple[Mapping[Player, int], tuple[str, ...]]]:
    """Each player's count of the deal after each trick, by the trick's number, with what the
    trick scored: the scores as the deal is reckoned in law 67's order (in hand, then in play
    trick by trick, a pique where a point in play makes it, law 69). Empty where the deal is
    not reckoned."""
    if score is None:
        return {}
    totals = dict.fromkeys((score.elder, score.younger), 0)
    out: dict[int, tuple[Mapping[Player, int], tuple[str, ...]]] = {}
    trick: int | None = None
    for step in score.steps:
        if step.category is Category.PLAY:
            trick = step.trick
        elif step.category is not Category.PIQUE:
            trick = None
        totals[step.player] = step.total
        if trick is not None:
            said = out.get(trick, ({}, ()))[1]
            out[trick] = (MappingProxyType(dict(totals)), (*said, step.describe()))
    return out
