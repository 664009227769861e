"""The lines of irregularities (version 2 of the notation) in the replay: each is recorded as a
fact on its deal (or its partie's opening), for the laws to judge, and the replay follows the
cards where the line moves them (a discard taken back, cards mixed, a card retracted).

No law of piquet judges these facts yet: each line that may depart from lawful play is noted
as a deviation of kind :attr:`~DeviationKind.NOT_YET_JUDGED`, which names the laws that will
judge it, so that a ruling never calls such a deal regular. Two lines are no departure in
themselves and are only recorded: a player taking up his cards, and touching the stock (they
say *when*: laws 10, 15, 16, 32); so is a pack named as the other pack, and a score sheet named.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicator.engine.piquet.deviations import Deviation, DeviationKind
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.piquet.events import (
    Deals,
    Event,
    Lead,
    Look,
    Play,
    PointCall,
    Score,
    SequenceCall,
    SetCall,
)
from adjudicator.notation.piquet.irregularities import (
    IRREGULARITIES,
    Claim,
    Collects,
    Cuts,
    Mix,
    Retract,
    Shuffles,
    TakeBack,
    TakesUp,
    Touch,
)
from adjudicator.notation.piquet.vocabulary import Claimed, LookAt, MixedWith, PackDealt
from adjudicator.notation.piquet.writer import event_text

if TYPE_CHECKING:
    from adjudicator.engine.piquet.walk import DealWalk, Played

LAWS: dict[str, str] = {
    "expose": "laws 7, 13, 27",
    "faced": "law 14",
    "counted": "laws 11, 38, 39, 75",
    "announce": "laws 38, 39",
    "mix": "laws 26, 28, 29, 37",
    "take_back": "laws 24, 25",
    "retract": "laws 52, 59",
    "drop": "law 59 I",
    "damaged": "law 77",
    "new_packs": "laws 76, 77",
    "cuts": "laws 3, 7, 8",
    "shuffles": "laws 1, 2",
    "collects": "law 17",
    "claim_reply": "the laws of the claim it answers",
    "stand": "laws 11, 28, 29, 40-43",
    "waive": "law 44",
    "bystander": "law 78",
    "lead": "law 59 II",
    "play": "law 59 II",
    "deals": "laws 15, 16",
    "score": "law 70",
    "look": "law 37",
}
"""The laws that will judge each line form of an irregularity (a claim: :data:`CLAIM_LAWS`)."""

CLAIM_LAWS: dict[Claimed, str] = {
    Claimed.FRESH_DEAL: "laws 11, 13, 28, 29; Case III",
    Claimed.FRESH_CUT: "law 7",
    Claimed.RECKONS_NOTHING: "laws 25-35, 44, 54, 58",
    Claimed.STOCK_COUNTED: "law 38",
    Claimed.ALTER_DISCARD: "laws 11, 32; Case V",
    Claimed.PLAY_AGAIN: "law 59 II, IV, V; Cases X, XV",
    Claimed.PUT_RIGHT: "law 10",
}
"""The laws that will judge each claim."""


def is_irregularity(event: Event) -> bool:
    """Whether ``event`` is a line the laws of irregularities will judge: a line of version 2,
    or a line of version 1 with version 2's words of one (several cards led or played at once,
    the same pack dealt with again, a score corrected, an adversary's discard looked at)."""
    if isinstance(event, IRREGULARITIES):
        return True
    if isinstance(event, Lead | Play):
        return bool(event.more)
    if isinstance(event, Deals):
        return event.pack is not None
    if isinstance(event, Score):
        return event.corrected or event.by is not None
    return isinstance(event, Look) and event.at is LookAt.ADVERSARY_DISCARD


def untried(event: Event, deal: int | None) -> Deviation | None:
    """The deviation that says ``event`` is not yet judged, and by which laws it will be;
    ``None`` for a line that is no departure in itself."""
    if isinstance(event, TakesUp | Touch | Cuts | Shuffles | Collects):
        return None
    if isinstance(event, Deals) and event.pack is not PackDealt.SAME:
        return None
    if isinstance(event, Score) and not event.corrected:
        return None
    laws = CLAIM_LAWS[event.claimed] if isinstance(event, Claim) else LAWS[event.kind]
    player = getattr(event, "player", None)
    return Deviation(
        DeviationKind.NOT_YET_JUDGED,
        f"'{event_text(event)}' is recorded as a fact for {laws}",
        event.line,
        event.column,
        player,
        deal,
    )


def record(walk: DealWalk, event: Event) -> None:
    """Record ``event`` on the deal as a fact, and note it as not yet judged if it may depart
    from lawful play."""
    walk.irregular.append(event)
    found = untried(event, walk.deal.number)
    if found is not None:
        walk.found.append(found)


def on_take_back(walk: DealWalk, e: TakeBack) -> None:
    """``A takes back KS from his discard``: the cards go back into his hand (laws 24, 25)."""
    walk.hands[e.player].add(e.cards, dealt=False)
    if e.player in walk.discarded:
        walk.discarded[e.player] -= len(e.cards)


def on_mix(walk: DealWalk, e: Mix) -> None:
    """``B mixes 7D with his hand``: cards of the stock go into his hand (laws 28, 29);
    ``A mixes KS with his discard``: cards of his hand go into his discard (law 26). The left
    cards mixed with a discard (law 37) move no card the replay follows."""
    if e.left_cards:
        return
    hand = walk.hands[e.player]
    if e.into is MixedWith.HAND:
        known = [c for c in e.cards if c is not None]
        walk.stock.cards = [c for c in walk.stock.cards if c not in known]
        hand.add(e.cards, dealt=False)
        return
    held = [c for c in e.cards if c is not None and hand.holds(c)]
    hand.remove(held)
    walk.discarded[e.player] = walk.discarded.get(e.player, 0) + len(held)


@dataclass(frozen=True)
class Retraction:
    """A card a player would take back from the play, and what the table shows of it: what a
    law needs to give or refuse its leave (law 59), as facts."""

    player: Player
    card: Card
    line: int
    """The line of the ``retracts`` event."""
    led: bool
    """The card was led (else it was played to a lead)."""
    revoke: bool
    """It was played to a lead of another suit while the player still holds that suit."""
    out_of_turn: bool
    """It was led out of turn (the replay noted the lead as such)."""
    at_once: bool
    """It is one of several cards led, or played, at once."""
    after_error: bool
    """A card played before it, still on the table, was a revoke."""
    claimed: bool = False
    """A player has claimed, earlier in the deal, to take back the cards and play again."""
    played_line: int = 0
    """The line where the card was led or played."""
    recalled: bool = False
    """It was led to the first trick, and since then the adversary has called again a head he
    had called before it (a call put right: law 52)."""


RetractLeave = Callable[[Retraction], bool | None]
"""The laws' leave for a card taken back: ``True`` if they allow it, ``False`` if they forbid
it (the card stays played), ``None`` if they say nothing (the table moves as written)."""


def on_retract(walk: DealWalk, e: Retract) -> None:
    """``A retracts AH``: each card is taken back from the play into his hand when it is the
    last card on the table and the laws' leave (``walk.leave``) does not forbid it (laws 52,
    59). Cards retracted on lines that follow one another are taken back in whatever order
    the table allows, the last card played first, so that both players' cards of several
    tricks may be written a player a line (Case X); a card that never comes to be the last on
    the table, or one forbidden, stays played and is recorded only."""
    walk.pending.extend((e, card) for card in e.cards if card is not None)
    while walk.pending:
        ready = [i for i, (r, card) in enumerate(walk.pending) if _last(walk, r.player, card)]
        if not ready:
            return
        r, card = walk.pending.pop(ready[0])
        if not _take_back_last(walk, r, card):
            return


def _last(walk: DealWalk, player: Player, card: Card) -> tuple[int, bool] | None:
    """Where ``card`` is, if it is the last card ``player`` put on the table with nothing
    played after it (of cards led at once, any that was played to): its trick's place, and
    whether it was led."""
    last = len(walk.tricks) - 1
    for at in range(last, -1, -1):
        trick = walk.tricks[at]
        if trick.follower is player and trick.played == card:
            return at, False
        if trick.follower is not None:
            return None
        if at == last and trick.leader is player and trick.led == card:
            return at, True
    return None


def _take_back_last(walk: DealWalk, e: Retract, card: Card) -> bool:
    """Take ``card`` back into the player's hand if it is the last card he played and the laws
    allow it; whether it was."""
    found = _last(walk, e.player, card)
    if found is None:
        return False
    at, led = found
    if not _allowed(walk, e, card, at, led=led):
        return False
    trick = walk.tricks[at]
    if led:
        walk.tricks.pop()
    else:
        walk.tricks[at] = type(trick)(trick.number, trick.leader, trick.led, None, None, trick.line)
    walk.hands[e.player].add([card], dealt=False)
    walk.moment -= 1
    return True


def _revoked(walk: DealWalk, trick: Played) -> bool:
    """Whether the card played to ``trick`` is of another suit than the lead while its player
    still holds the suit led."""
    if trick.follower is None or trick.led is None or trick.played is None:
        return False
    if trick.played.suit is trick.led.suit:
        return False
    suit = trick.led.suit
    return any(c.suit is suit for c in walk.hands[trick.follower].known)


def _allowed(walk: DealWalk, e: Retract, card: Card, at: int, *, led: bool) -> bool:
    """Ask the laws' leave for taking back ``card`` of trick ``at``, and record the answer;
    whether the table moves (it does unless the laws forbid it)."""
    trick = walk.tricks[at]
    lines = [t.line for t in walk.tricks]
    follows = [t.follow_line for t in walk.tricks if t.follow_line]
    asked = Retraction(
        e.player,
        card,
        e.line,
        led,
        revoke=not led and _revoked(walk, trick),
        out_of_turn=led
        and any(
            d.kind is DeviationKind.LEAD and d.line == trick.line and d.player is e.player
            for d in walk.found
        ),
        at_once=lines.count(trick.line) > 1 or (not led and follows.count(trick.follow_line) > 1),
        after_error=any(_revoked(walk, t) for t in walk.tricks[:at]),
        claimed=any(
            isinstance(c, Claim) and c.claimed is Claimed.PLAY_AGAIN and c.line < e.line
            for c in walk.irregular
        ),
        played_line=trick.line if led else (trick.follow_line or trick.line),
        recalled=led and at == 0 and _recalled(walk, walk.other(e.player)),
    )
    answer = walk.leave(asked) if walk.leave is not None else None
    walk.retracted.append((asked, answer))
    return answer is not False


def _recalled(walk: DealWalk, caller: Player) -> bool:
    """Whether ``caller`` called, after the first lead, a head he had called before it."""
    heads: set[type] = set()
    for line, moment in walk.dialogue.said:
        if line.player is not caller or not isinstance(line, PointCall | SequenceCall | SetCall):
            continue
        if moment >= 1 and type(line) in heads:
            return True
        heads.add(type(line))
    return False
