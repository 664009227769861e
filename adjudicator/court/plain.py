"""The fast path for a plain record: every deal lawful, played out and marked as it entitles.

Most records of an archive are plain: the cut for deal, then deals in which the packets go
3-2 or 2-3 in the dealer's order, a trump is turned, the exchanges are proposed, answered,
discarded and drawn in turn, five tricks are played by the rules of following and winning, and
the winner marks what the hand gives him (law 48, law 49, the king under laws 22-24 and 47).
The full adjudication of such a record (the replay's state after every event, then every law)
finds nothing and confirms the marks, so :func:`plain_ruling` checks exactly that with a few
local variables, and builds the ruling directly.

It is a filter, never a judge: anything it does not recognise as plainly lawful (an unknown
card, a claim, a mark out of place, a card not held, a revoke, a king announced late, any event
it does not model) makes it answer ``None``, and the adjudicator does the full work. The test
suite checks, on the casebook and on generated and mutated games, that whenever it answers, its
ruling is the one the full adjudication gives.
"""

from __future__ import annotations

from typing import Any

from adjudicator.court.ruling import DealRuling, RecordRuling
from adjudicator.engine.queries import ORDINARY
from adjudicator.engine.replay import MARK_DEFAULT
from adjudicator.engine.rules import (
    CARD_BIT,
    HAND,
    SUIT_MASK,
    beats,
    cut_rank,
    doubled,
    legal_follows,
    point_marks,
)
from adjudicator.notation.cards import PACK, Card, Player, Rank
from adjudicator.notation.model import Event, Record

_SEAT = {Player.A: 0, Player.B: 1}

# The stages of the exchange, as the engine names them (adjudicator/replay.py).
_ANSWER, _ELDER_DISCARDS, _ELDER_DRAWS, _DEALER_DISCARDS, _DEALER_DRAWS = range(1, 6)


class _NotPlain(Exception):
    """Raised inside the check: the record needs the full adjudication."""


def _known(cards: tuple[Card | None, ...]) -> int:
    """The set of ``cards``; not plain if one is unknown or repeated."""
    m = 0
    for c in cards:
        if c is None:
            raise _NotPlain
        bit = CARD_BIT[c]
        if m & bit:
            raise _NotPlain
        m |= bit
    return m


def plain_ruling(record: Record, target: int) -> RecordRuling | None:
    """The ruling on ``record`` if it is plain (see the module's docstring), else ``None``.
    ``target`` is the points that win a game."""
    try:
        return _rule(record, target)
    except _NotPlain:
        return None


def _rule(record: Record, target: int) -> RecordRuling:
    next_dealer: Player | None = None
    opening = record.opening
    if opening:
        if len(opening) != 1 or opening[0].kind != "cut_for_deal":
            raise _NotPlain
        cuts = opening[0].cuts
        a, b = cuts.get(Player.A), cuts.get(Player.B)
        if len(cuts) != 2 or a is None or b is None or len(a) != 1 or len(b) != 1:
            raise _NotPlain
        if a[0] is None or b[0] is None or cut_rank(a[0]) == cut_rank(b[0]):
            raise _NotPlain
        next_dealer = Player.A if cut_rank(a[0]) > cut_rank(b[0]) else Player.B
    if not record.deals:
        raise _NotPlain
    orders: list[int] = [0, 0]  # the first packet's size each player deals, once chosen
    sheet = [0, 0]
    game_over = False
    score = {"A": 0, "B": 0}
    winner: str | None = None
    deals: list[DealRuling] = []
    for deal in record.deals:
        dealer = deal.dealer
        if dealer not in _SEAT or (next_dealer is not None and dealer is not next_dealer):
            raise _NotPlain
        if deal.pack is not None and deal.pack is not dealer:
            raise _NotPlain
        if game_over:  # the deal after a game is won begins the next game
            sheet = [0, 0]
            score = {"A": 0, "B": 0}
            game_over = False
        last = deal is record.deals[-1]
        marks = _deal(deal.events, dealer, orders, sheet, target, last)
        next_dealer = Player.B if dealer is Player.A else Player.A
        given = {"A": marks[0], "B": marks[1]}
        deals.append(
            DealRuling.model_construct(
                number=deal.number,
                line=deal.line,
                dealer=dealer.value,
                outcome="stands",
                how="the deal stands",
                marks=given,
                recorded=dict(given),
                laws=[],
            )
        )
        for p in ("A", "B"):
            score[p] += given[p]
        for p in ("A", "B"):
            if score[p] >= target and not game_over:
                winner = p
                game_over = True
    return RecordRuling.model_construct(
        line=record.line,
        findings=[],
        claims=[],
        deals=deals,
        corrections=[],
        score=score,
        winner=winner,
        trace=[],
    )


def _deal(
    events: tuple[Event, ...],
    dealer: Player,
    orders: list[int],
    sheet: list[int],
    target: int,
    last: bool,
) -> list[int]:
    """Check one deal's events; return the marks made (by seat). ``orders`` and ``sheet`` (the
    current game's score as marked) are updated in place."""
    d = _SEAT[dealer]
    e = 1 - d
    elder = Player.B if dealer is Player.A else Player.A
    hands = [0, 0]
    seen = 0
    packets = 0
    stock = PACK
    first = orders[d]
    trump = None
    turned_king = False
    stage = 0
    proposed = False
    first_answer = ""
    declared = False
    discarded = 0  # cards in the discard awaiting its draw
    playing = False
    tricks = 0
    won = [0, 0]
    leader = e
    lead: Card | None = None
    played = [0, 0]
    announced: list[int] = []  # seats that announced the king in time
    firsts: list[Card | None] = [None, None]  # each player's first card played
    led_first = [False, False]  # ... and whether he led it
    play_hands = (0, 0)
    marks = [0, 0]
    result = False
    cut = False
    # The branches below read each event's fields after comparing its kind once, as a string;
    # narrowing by class (``ev.kind == ...`` in every test) costs this fast path 13%.
    untyped: tuple[Any, ...] = events
    for ev in untyped:
        kind = ev.kind
        if kind not in ORDINARY:  # out of the ordinary course of a deal: the full path
            raise _NotPlain
        if kind == "packet":
            cards = ev.cards
            n = len(cards)
            if ev.exposed or n > stock:
                raise _NotPlain
            got = _known(cards)
            if got & seen:
                raise _NotPlain
            seat = _SEAT.get(ev.player)
            if trump is None:  # dealing
                if packets == 0 and not first:
                    if n not in (2, 3):
                        raise _NotPlain
                    first = orders[d] = n
                size = first if packets < 2 else HAND - first
                if packets >= 4 or n != size or seat != (e if packets % 2 == 0 else d):
                    raise _NotPlain
                packets += 1
            elif stage == _ELDER_DRAWS and seat == e:
                if n != discarded:
                    raise _NotPlain
                stage = _DEALER_DISCARDS
            elif stage == _DEALER_DRAWS and seat == d:
                if n != discarded:
                    raise _NotPlain
                stage = 0
            else:
                raise _NotPlain
            hands[seat] |= got
            seen |= got
            stock -= n
        elif kind == "turn":
            if trump is not None or packets != 4 or len(ev.cards) != 1:
                raise _NotPlain
            card = ev.cards[0]
            if card is None or seen & CARD_BIT[card]:
                raise _NotPlain
            seen |= CARD_BIT[card]
            stock -= 1
            trump = card.suit
            turned_king = card.rank is Rank.KING
        elif kind == "trick" or kind == "lead" or kind == "play":
            if trump is None or stage in (_ANSWER, _ELDER_DISCARDS, _ELDER_DRAWS) or result:
                raise _NotPlain
            if not playing:
                if hands[0].bit_count() != HAND or hands[1].bit_count() != HAND:
                    raise _NotPlain
                playing = True
                stage = 0
                play_hands = (hands[0], hands[1])
            if kind == "trick":
                if ev.number != tricks + 1 or ev.names is not None or ev.follower is None:
                    raise _NotPlain
                plays: tuple[tuple[Player, Card | None], ...] = (
                    (ev.leader, ev.lead),
                    (ev.follower, ev.follow),
                )
            elif kind == "lead":
                if ev.names is not None or lead is not None:
                    raise _NotPlain
                plays = ((ev.player, ev.card),)
            else:
                if lead is None:
                    raise _NotPlain
                plays = ((ev.player, ev.card),)
            for player, card in plays:
                seat = _SEAT.get(player)
                if card is None or seat is None:
                    raise _NotPlain
                bit = CARD_BIT[card]
                held = hands[seat]
                if not held & bit:
                    raise _NotPlain
                if lead is None:
                    if seat != leader:
                        raise _NotPlain
                    lead = card
                else:
                    if seat == leader:
                        raise _NotPlain
                    if not legal_follows(held, lead, trump) & bit:
                        raise _NotPlain
                    if beats(card, lead, trump):
                        leader = seat
                    won[leader] += 1
                    tricks += 1
                    lead = None
                if not played[seat]:
                    firsts[seat] = card
                    led_first[seat] = lead is card
                hands[seat] = held & ~bit
                played[seat] += 1
            if tricks == HAND:
                result = True
        elif kind == "mark":
            if trump is None:
                raise _NotPlain  # a mark before the turn-up may be for the deal before
            points = ev.points
            if points is None:
                reason = ev.reason.value if ev.reason is not None else ""
                if reason not in MARK_DEFAULT:
                    raise _NotPlain
                points = MARK_DEFAULT[reason]
            seat = _SEAT.get(ev.player)
            if seat is None:
                raise _NotPlain
            marks[seat] += points
            sheet[seat] += points
        elif kind == "score":
            points = ev.points
            for player, n in points.items():
                seat = _SEAT.get(player)
                if seat is None or sheet[seat] != n:
                    raise _NotPlain
        elif kind == "propose":
            if (
                ev.player is not elder
                or trump is None
                or playing
                or stage not in (0, _DEALER_DISCARDS)
                or declared
            ):
                raise _NotPlain
            proposed = True
            stage = _ANSWER
        elif kind == "accept" or kind == "refuse":
            if ev.player is not dealer or stage != _ANSWER:
                raise _NotPlain
            if kind == "accept":
                if ev.if_stock:
                    raise _NotPlain
                stage = _ELDER_DISCARDS
            else:
                stage = 0
            if not first_answer:
                first_answer = kind
        elif kind == "discard":
            seat = _SEAT.get(ev.player)
            if stage == _ELDER_DISCARDS and seat == e:
                stage = _ELDER_DRAWS
            elif stage == _DEALER_DISCARDS and seat == d:
                stage = _DEALER_DRAWS
            else:
                raise _NotPlain
            cards = ev.cards
            n = len(cards)
            gone = _known(cards)
            if not 1 <= n <= HAND or gone & ~hands[seat]:
                raise _NotPlain
            hands[seat] &= ~gone
            discarded = n
        elif kind == "declare_play":
            if ev.player is not elder or stage == _ANSWER or trump is None or playing:
                raise _NotPlain
            declared = True
            stage = 0
        elif kind == "take_up":
            if ev.player not in _SEAT:
                raise _NotPlain
        elif kind == "announce":
            # In time (laws 23, 24): before his first card; or, when that card was the king of
            # trumps, before it was played to if he led it, or (the dealer) before he played
            # again if he played it to a lead.
            seat = _SEAT.get(ev.player)
            if seat is None or trump is None:
                raise _NotPlain
            if played[seat]:
                king_first = firsts[seat]
                if (
                    played[seat] != 1
                    or king_first is None
                    or king_first.suit is not trump
                    or king_first.rank is not Rank.KING
                    or not (lead is not None and leader == seat if led_first[seat] else seat == d)
                ):
                    raise _NotPlain
            announced.append(seat)
        elif kind == "shuffle":
            if ev.exposed or ev.below_table or packets or trump is not None or cut:
                raise _NotPlain
        elif kind == "cut":
            cut = True
            if (
                ev.player is not elder
                or ev.count < 2
                or ev.count > PACK - 2
                or ev.exposed
                or packets
            ):
                raise _NotPlain
        else:
            raise _NotPlain
    if not result and not (last and max(sheet) >= target):
        raise _NotPlain  # only a game won by a king may end a record's last deal unfinished
    entitled = [0, 0]
    if turned_king:
        entitled[d] += 1
    if announced:
        king = SUIT_MASK[trump] & -SUIT_MASK[trump]  # type: ignore[index]
        at_play = play_hands if playing else hands
        for seat in set(announced):
            if not at_play[seat] & king:
                raise _NotPlain
            entitled[seat] += 1
    if result:
        w = 0 if won[0] > won[1] else 1
        twice = doubled(
            dealer_won=w == d, elder_proposed=proposed, first_refused=first_answer == "refuse"
        )
        entitled[w] += point_marks(won[w], doubled=twice)
    if turned_king and marks[d] < entitled[d]:
        entitled[d] -= 1  # a turned king the dealer does not mark lapses (law 22)
    if marks != entitled:
        raise _NotPlain
    return marks
