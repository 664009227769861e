"""One deal of rubicon piquet replayed from its record: the cards dealt, the exchange, the
declarations, the play and what it scores, with every departure from lawful play noted.

:func:`replay_deal` is a pure function of the deal's events. It follows the cards as far as the
record tells them (:mod:`~adjudicator.engine.piquet.table`), gathers the dialogue
(:mod:`~adjudicator.engine.piquet.calls`), and, when the play and the declarations are known,
reckons the deal (:func:`~adjudicator.engine.piquet.scoring.score_deal`). What it cannot know
(cards not written, a deal whose declarations were not recorded) it leaves unknown: the deal's
points are then those written in its ``result`` line, if any.

Two readings of the project where a record is silent: a deal with no line of the dialogue at
all has its declarations unrecorded (never "nothing declared"); and an answer "not good" or
"equal" declares the answerer's best combination of that head even if the record does not show
him naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from adjudicator.engine.piquet.declare import declarations
from adjudicator.engine.piquet.deviations import Deviation, DeviationKind
from adjudicator.engine.piquet.holdings import Declaration
from adjudicator.engine.piquet.irregular import (
    Retraction,
    RetractLeave,
    is_irregularity,
    on_mix,
    on_retract,
    on_take_back,
    record,
)
from adjudicator.engine.piquet.play import Trick
from adjudicator.engine.piquet.scoring import Category, DealScore, score_deal
from adjudicator.engine.piquet.walk import HAND, DealWalk, Played
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.piquet.events import (
    Answer,
    CardNamed,
    CarteBlanche,
    Deals,
    Discard,
    DoesNotLook,
    Event,
    ExchangeCall,
    Holds,
    Lead,
    Leave,
    Look,
    NumberSaid,
    Packet,
    PartieScore,
    Play,
    PointCall,
    Question,
    Reckon,
    Result,
    Score,
    SequenceCall,
    SetCall,
    Settlement,
    Show,
    Take,
)
from adjudicator.notation.piquet.events import Stock as StockLine
from adjudicator.notation.piquet.events import Trick as TrickLine
from adjudicator.notation.piquet.irregularities import Mix, Retract, TakeBack
from adjudicator.notation.piquet.model import Deal

IN_HAND = frozenset({Category.CARTE_BLANCHE, Category.POINT, Category.SEQUENCES, Category.SETS})
"""The heads reckoned before any card is played (law 67, I-IV)."""


@dataclass(frozen=True)
class DealReplay:
    """A deal as the replay found it."""

    number: int
    """The deal's number, as written in its heading."""
    dealer: Player
    """Who dealt: the younger hand."""
    elder: Player
    """The elder hand (the non-dealer)."""
    line: int
    """Line of the deal's heading."""
    dealt: Mapping[Player, frozenset[Card] | None]
    """Each hand as dealt, where every card of it is known."""
    hands: Mapping[Player, frozenset[Card] | None]
    """Each hand as played (after the exchange), where every card of it is known."""
    tricks: tuple[Played, ...]
    """The tricks as written, in order."""
    score: DealScore | None
    """The deal reckoned, when its play and declarations are known."""
    written: Mapping[Player, int] | None
    """What the deal's ``result`` line gives each player, if it has one."""
    statements: tuple[Score | PartieScore | Settlement, ...]
    """Its lines of running totals and of the partie's end, in order, for the partie to check."""
    before: frozenset[int]
    """Lines of ``statements`` written before anything else of the deal (totals before it)."""
    deviations: tuple[Deviation, ...]
    """Every departure from lawful play found in the deal, in the order of the record."""
    irregularities: tuple[Event, ...] = ()
    """The deal's lines of irregularities (version 2 of the notation), in order: facts
    recorded for the laws to judge (:mod:`~adjudicator.engine.piquet.irregular`)."""
    declared: Mapping[Player, Declaration] | None = None
    """What each player declared, held against his hand, when the deal was reckoned: what the
    laws reckon the deal again from when a penalty changes it (reckoning nothing)."""
    played: tuple[Trick, ...] = ()
    """The tricks as played, when the deal was reckoned."""
    retracted: tuple[tuple[Retraction, bool | None], ...] = ()
    """Each card a player would take back from the play, and the laws' leave for it."""

    @property
    def younger(self) -> Player:
        """The younger hand (the dealer)."""
        return self.dealer

    @property
    def points(self) -> Mapping[Player, int] | None:
        """What the deal scores for each player: as reckoned, or else as written; ``None`` when
        neither is known."""
        if self.score is not None:
            return MappingProxyType(self.score.totals)
        return self.written


_STATEMENTS = (Score, PartieScore, Settlement)


def replay_deal(
    deal: Deal, method: list[int | None], leave: RetractLeave | None = None
) -> DealReplay:
    """Replay ``deal``; ``method`` is the partie's method of dealing so far (a one-item list the
    partie shares between its deals: ``[None]`` until a deal says it, law 9); ``leave``, the
    laws' leave for a card taken back (none: the table moves as written)."""
    elder = next(p for p in (Player.A, Player.B) if p is not deal.dealer)
    walk = DealWalk(deal, elder, deal.dealer, method, leave=leave)
    for event in deal.events:
        if is_irregularity(event):
            record(walk, event)
        if not isinstance(event, Retract):
            walk.pending.clear()
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            handler(walk, event)
        if not isinstance(event, _STATEMENTS):
            walk.begun = True
    if not walk.tricks:
        walk._dealt_sizes(deal)
    return _finish(walk)


_HANDLERS: dict[type, Callable[[DealWalk, Any], None]] = {
    Deals: DealWalk.on_deals,
    Packet: DealWalk.on_packet,
    Holds: DealWalk.on_holds,
    StockLine: DealWalk.on_stock,
    ExchangeCall: DealWalk.on_exchange_call,
    Discard: DealWalk.on_discard,
    Take: DealWalk.on_take,
    Leave: DealWalk.on_leave,
    Look: DealWalk.on_look,
    DoesNotLook: DealWalk.on_not_look,
    PointCall: DealWalk.on_said,
    SequenceCall: DealWalk.on_said,
    SetCall: DealWalk.on_said,
    CarteBlanche: DealWalk.on_said,
    Answer: DealWalk.on_said,
    Question: DealWalk.on_said,
    NumberSaid: DealWalk.on_said,
    CardNamed: DealWalk.on_said,
    Reckon: DealWalk.on_reckon,
    Show: DealWalk.on_show,
    TrickLine: DealWalk.on_trick,
    Lead: DealWalk.on_lead,
    Play: DealWalk.on_play,
    Result: DealWalk.on_result,
    Score: DealWalk.on_statement,
    PartieScore: DealWalk.on_statement,
    Settlement: DealWalk.on_statement,
    TakeBack: on_take_back,
    Mix: on_mix,
    Retract: on_retract,
}
"""Which method replays each line form (the cut and the choice belong to the partie)."""


def _finish(walk: DealWalk) -> DealReplay:
    """The deal once its events are replayed: revokes found from the whole play, the
    declarations held against the hands, the deal reckoned and its counts and result checked."""
    if not walk.start:
        walk.start = {p: (set(h.known), h.unknown, h.told) for p, h in walk.hands.items()}
    played = {p: [c for t in walk.tricks for c in _cards_of(t, p)] for p in walk.hands}
    start = {p: _start_hand(walk, p, played[p]) for p in walk.hands}
    _revokes(walk, played)
    if len(walk.tricks) > HAND:
        walk.found.append(
            Deviation(
                DeviationKind.PLAY_SHORT,
                f"{len(walk.tricks)} tricks are played: the hands hold twelve",
                walk.tricks[HAND].line,
                0,
                None,
                walk.deal.number,
            )
        )
    score, declared = _reckon(walk, start)
    if score is not None:
        _check_counts(walk, score)
        if walk.written is not None:
            for player, points in sorted(walk.written.items()):
                if points != score.total(player):
                    walk.found.append(
                        Deviation(
                            DeviationKind.RESULT,
                            f"the result gives {player} {points}; the deal "
                            f"makes {score.total(player)} for him",
                            _line_of(walk, Result),
                            0,
                            None,
                            walk.deal.number,
                        )
                    )
    dealt = {p: h.whole for p, h in walk.dealt.items()}
    return DealReplay(
        walk.deal.number,
        walk.deal.dealer,
        walk.elder,
        walk.deal.line,
        MappingProxyType(dealt),
        MappingProxyType(start),
        tuple(walk.tricks),
        score,
        MappingProxyType(walk.written) if walk.written is not None else None,
        tuple(walk.statements),
        frozenset(walk.before),
        tuple(sorted(walk.found, key=lambda d: (d.line, d.column))),
        tuple(walk.irregular),
        MappingProxyType(dict(declared)) if declared is not None else None,
        tuple(t for t in (p.known() for p in walk.tricks) if t is not None) if score else (),
        tuple(walk.retracted),
    )


def _cards_of(trick: Played, player: Player) -> list[Card | None]:
    if trick.leader is player:
        return [trick.led]
    return [trick.played] if trick.follower is player else []


def _start_hand(
    walk: DealWalk, player: Player, played: list[Card | None]
) -> frozenset[Card] | None:
    known, unknown, told = walk.start[player]
    if told and not unknown:
        return frozenset(known)
    if len(played) == HAND and None not in played:
        return frozenset(c for c in played if c is not None)
    return None


def _revokes(walk: DealWalk, played: Mapping[Player, list[Card | None]]) -> None:
    for index, trick in enumerate(walk.tricks):
        known = trick.known()
        if known is None or trick.follower is None or known.played.suit is known.led.suit:
            continue
        follower = trick.follower
        before = [c for t in walk.tricks[: index + 1] for c in _cards_of(t, follower)]
        held = walk.start[follower][0] | {c for c in played[follower] if c is not None}
        held -= {c for c in before if c is not None}
        held.add(known.played)
        if any(c.suit is known.led.suit for c in held):
            walk.note(
                DeviationKind.REVOKE,
                f"{follower} plays {known.played} to "
                f"{known.led} holding a {known.led.suit.name.lower()[:-1]} (law 59)",
                _line_event(walk, trick.follow_line or trick.line),
                follower,
            )


def _reckon(
    walk: DealWalk, start: Mapping[Player, frozenset[Card] | None]
) -> tuple[DealScore | None, Mapping[Player, Declaration] | None]:
    """The deal reckoned as the cards fell, and what each declared, when its play and its
    declarations are known. A hand of more than twelve cards is reckoned too (its tricks are
    twelve): whether its holder may score is the laws' question (law 58), not the engine's;
    a hand of fewer is not, its adversary's unanswered cards being the laws' too (law 57)."""
    tricks = [t.known() for t in walk.tricks]
    if len(tricks) != HAND or any(t is None for t in tricks) or not walk.dialogue.said:
        return None, None
    hands = {p: h for p, h in start.items() if h is not None}
    if len(hands) != 2 or any(len(h) < HAND for h in hands.values()):
        return None, None
    dealt = {p: walk.dealt[p].whole for p in hands}
    seen = {p: hands[p] | cards for p, cards in dealt.items() if cards is not None}
    declared = declarations(walk.dialogue, hands, walk.deal.number, seen, walk.elder)
    walk.found.extend(declared.deviations)
    try:
        score = score_deal(
            walk.elder, walk.younger, declared.declarations, [t for t in tricks if t is not None]
        )
    except ValueError:
        return None, None
    return score, declared.declarations


def _check_counts(walk: DealWalk, score: DealScore) -> None:
    """Each count said aloud must be a score the player had reached since his last count."""
    since: dict[Player, int] = {}
    for player, value, moment, line, column in walk.counts:
        allowed = _reached(score, player, since.get(player, 0), moment)
        if value not in allowed:
            walk.found.append(
                Deviation(
                    DeviationKind.COUNT,
                    f"{player} counts {value}; his score is {max(allowed)} then",
                    line,
                    column,
                    player,
                    walk.deal.number,
                )
            )
        since[player] = moment


def _reached(score: DealScore, player: Player, since: int, now: int) -> set[int]:
    """The totals ``player`` reached between two moments of the play (in-hand scores at 0, a
    card led or a trick won when it is played, the cards at the end), and his total at ``now``;
    at the lead of a trick he wins, also the total before it counts two for the last."""
    reached: set[int] = set()
    current = 0
    when = 0
    for step in score.steps:
        if step.category not in (Category.PIQUE, Category.REPIQUE):
            when = _when(step.category, step.trick, step.detail)
        if step.player is not player or when > now:
            continue
        current = step.total
        if when >= since:
            reached.add(step.total)
            if step.trick is not None and step.points == 2:
                reached.add(step.total - 1)
    reached.add(current)
    return reached


def _when(category: Category, trick: int | None, detail: str) -> int:
    if category in IN_HAND or trick is None:
        return 0 if category in IN_HAND else 2 * HAND
    return 2 * trick - 1 if detail.startswith("leads") else 2 * trick


def _line_of(walk: DealWalk, kind: type) -> int:
    return next((e.line for e in walk.deal.events if isinstance(e, kind)), walk.deal.line)


def _line_event(walk: DealWalk, line: int) -> Event:
    return next(e for e in walk.deal.events if e.line == line)
