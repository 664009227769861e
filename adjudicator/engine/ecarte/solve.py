"""The exact solver: what perfect play makes of a deal whose remaining cards are known.

From a position of the play (the hands both known, the trump, who leads, and the card led to the
trick in progress, if any), :func:`solve` gives the tricks each player takes with both playing
their best under the law of play (follow suit, win the trick if able, trump if void: laws 39 and
43, :func:`adjudicator.engine.ecarte.rules.legal_follows`), the principal line of play, and for each
card the player to move may play, the tricks it would cost him (a double-dummy solver's per-card
analysis). :func:`solve_deal` reads the position from the table and adds the marks: the point or
the vole (law 48), doubled or not by law 49, beside what was marked already (the king).

A double-dummy value assumes both players see every card: it is the value of perfect play, not a
forecast of what players who see only their own hands will make.

Built for speed: hands are bitmasks (:mod:`adjudicator.engine.ecarte.rules`), the trump suit is
moved to
the lowest eight bits so that one table serves every trump, and the value of every position met
(the two hands; the leader's first) is kept in a transposition table shared by all searches of
the process, so that the endings common to many deals are searched once. In each trick the
second player's lawful cards either all win it or all lose it (he must win if he can), so only
the card he gives up is his choice. The value is exact: a search cut short (a lead that cannot
beat the best found) stores nothing.

Maximising tricks is maximising marks: the marks of the hand rise with the tricks (none under
three, the point, the vole), so perfect play for tricks is perfect play for marks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from adjudicator.engine.ecarte.hand_score import HandScore, hand_score
from adjudicator.engine.ecarte.queries import Unknown, hand_terms, tricks_won
from adjudicator.engine.ecarte.rules import HAND
from adjudicator.engine.ecarte.table import DealState, Phase
from adjudicator.notation.cards import ALL_CARDS, Card, Player, Suit

_SUITS = tuple(Suit)
_SUIT = tuple(0xFF << (8 * (i >> 3)) for i in range(32))
"""For each card (bit), the cards of its suit."""
_ABOVE = tuple(_SUIT[i] & ((1 << i) - 1) for i in range(32))
"""For each card, the cards of its suit that beat it (a lower bit is a higher card)."""
_BETWEEN = tuple(
    tuple(((1 << j) - 1) & ~((1 << (i + 1)) - 1) if j > i else 0 for j in range(32))
    for i in range(32)
)
"""The cards strictly between two cards (by bit; of the same suit when both are): two cards of
one hand with none of the other hand's between them are worth the same to play (a double-dummy
solver's rank equivalence)."""
TRUMPS = 0xFF
"""The trump suit, once moved to the lowest bits."""

CACHE_LIMIT = 1 << 21
"""Positions kept in the transposition table before it is emptied (about 200 MB at most)."""

_TABLES: dict[int, dict[int, int]] = {TRUMPS: {}, 0: {}}
"""The transposition tables: with a trump suit (moved to the lowest bits), and with none. Key:
the leader's hand, shifted, and the follower's; value: the tricks the leader takes."""


def _to_low(m: int, suit: int) -> int:
    """``m`` with the cards of suit number ``suit`` and those of the first suit exchanged."""
    if suit == 0:
        return m
    shift = 8 * suit
    first, other = m & 0xFF, (m >> shift) & 0xFF
    return (m & ~(0xFF | (0xFF << shift))) | other | (first << shift)


def _leader_tricks(lh: int, fh: int, tm: int, table: dict[int, int]) -> int:
    """Tricks the leader (hand ``lh``) takes from here against the follower (``fh``, as many
    cards), both playing their best; ``tm``: the trump suit's cards (or 0)."""
    key = (lh << 32) | fh
    found = table.get(key)
    if found is not None:
        return found
    n = lh.bit_count()
    if n == 1:
        c = lh.bit_length() - 1
        d = fh.bit_length() - 1
        follower_wins = (_ABOVE[c] >> d) & 1 or ((tm >> d) & 1 and not (tm >> c) & 1)
        value = 0 if follower_wins else 1
        table[key] = value
        return value
    best = -1
    leads = lh
    before = -1  # the last card led of the search, to skip one equal to it
    while leads:
        low = leads & -leads
        leads ^= low
        c = low.bit_length() - 1
        if before >= 0 and before >> 3 == c >> 3 and not fh & _BETWEEN[before][c]:
            before = c
            continue  # no card of the follower's between: this lead is worth the last one
        before = c
        same = fh & _SUIT[c]
        if same:
            higher = same & _ABOVE[c]
            plays, wins = (higher, True) if higher else (same, False)
        else:
            trumps = 0 if (tm >> c) & 1 else fh & tm
            plays, wins = (trumps, True) if trumps else (fh, False)
        rest = lh ^ low
        worst = n
        given = -1  # the follower's last card tried, likewise
        while plays:
            d = plays & -plays
            plays ^= d
            i = d.bit_length() - 1
            if given >= 0 and given >> 3 == i >> 3 and not rest & _BETWEEN[given][i]:
                given = i
                continue
            given = i
            if wins:
                t = n - 1 - _leader_tricks(fh ^ d, rest, tm, table)
            else:
                t = 1 + _leader_tricks(rest, fh ^ d, tm, table)
            if t < worst:
                worst = t
                if worst <= best:
                    break  # this lead cannot beat the best found
        if worst > best:
            best = worst
            if best == n:
                break
    table[key] = best
    return best


def _table(tm: int) -> dict[int, int]:
    table = _TABLES[tm]
    if len(table) > CACHE_LIMIT:
        table.clear()
    return table


def leader_tricks(leader: int, follower: int, trump: Suit | None) -> int:
    """Tricks the player to lead takes from here with both playing their best: his hand
    ``leader`` and his adversary's ``follower`` (bitmasks of as many cards), ``trump`` the
    trump suit. The value alone, the fastest question (:func:`solve` gives the rest)."""
    if trump is None:
        return _leader_tricks(leader, follower, 0, _table(0))
    shift = _SUITS.index(trump)
    table = _table(TRUMPS)
    return _leader_tricks(_to_low(leader, shift), _to_low(follower, shift), TRUMPS, table)


class Position(NamedTuple):
    """A position of the play whose remaining cards are all known."""

    trump: Suit | None
    """The trump suit (``None``: none)."""
    leader: Player
    """Who leads the trick in progress (or the next trick, if none is in progress)."""
    follower: Player
    """The other player."""
    hands: tuple[int, int]
    """The leader's hand and the follower's (bitmasks; the card led not included)."""
    lead: Card | None = None
    """The card led to the trick in progress, if one has been led and not yet played to."""
    won: tuple[int, int] = (0, 0)
    """Tricks already won by the leader and by the follower."""

    @property
    def to_move(self) -> Player:
        """Who plays next: the follower if a card is led, else the leader."""
        return self.follower if self.lead is not None else self.leader


class Solution(NamedTuple):
    """What perfect play makes of a position (:func:`solve`)."""

    position: Position
    tricks: dict[Player, int]
    """Tricks each player takes from the position on (the trick in progress included)."""
    total: dict[Player, int]
    """Tricks each player has in the hand at its end: those won already, and those."""
    values: dict[Card, int]
    """For each card the player to move may play: the tricks he takes from the position on if
    he plays it, both then playing their best (for the leader's cards, what ``leads`` are in
    the JSON)."""
    costs: dict[Card, int]
    """For each of those cards: the tricks it costs him (0 for the best cards)."""
    line: tuple[tuple[Player, Card], ...]
    """The principal line of play: the cards, in order, each player playing his best (of equal
    cards, the first in the order spades, hearts, diamonds, clubs, each from the king)."""


def solve(position: Position) -> Solution:
    """What perfect play makes of ``position`` (see the module's docstring)."""
    trump = position.trump
    if trump is None:
        tm, shift = 0, 0
    else:
        tm, shift = TRUMPS, _SUITS.index(trump)
    table = _table(tm)
    lh, fh = (_to_low(h, shift) for h in position.hands)
    leader, follower = position.leader, position.follower
    values: dict[Card, int] = {}
    if position.lead is None:
        if lh.bit_count() != fh.bit_count():
            raise ValueError("the two hands must hold as many cards when a trick is to be led")
        n = lh.bit_count()
        for c in _cards(lh):
            values[ALL_CARDS[_unmap(c, shift)]] = _after_lead(lh, fh, c, tm, table)
        ours = max(values.values()) if values else 0
        tricks = {leader: ours, follower: n - ours}
    else:
        lead = _to_low(1 << position.lead.index, shift).bit_length() - 1
        if fh.bit_count() != lh.bit_count() + 1:
            raise ValueError("the follower must hold one card more than the leader")
        n = fh.bit_count()
        plays, wins = _follows(fh, lead, tm)
        for d in _cards(plays):
            leader_tricks = _after_follow(lh, fh, lead, d, wins, tm, table)
            values[ALL_CARDS[_unmap(d, shift)]] = n - leader_tricks
        ours = max(values.values())
        tricks = {follower: ours, leader: n - ours}
    costs = {card: ours - v for card, v in values.items()}
    won = {leader: position.won[0], follower: position.won[1]}
    total = {p: won[p] + tricks[p] for p in (leader, follower)}
    line = tuple(_line(position, lh, fh, tm, shift, table))
    return Solution(position, tricks, total, values, costs, line)


def _cards(m: int) -> Iterator[int]:
    while m:
        low = m & -m
        m ^= low
        yield low.bit_length() - 1


def _unmap(bit: int, shift: int) -> int:
    """The card's index before the trump suit was moved to the lowest bits."""
    return _to_low(1 << bit, shift).bit_length() - 1


def _follows(fh: int, c: int, tm: int) -> tuple[int, bool]:
    """The follower's lawful cards to card ``c`` led, and whether they win the trick."""
    same = fh & _SUIT[c]
    if same:
        higher = same & _ABOVE[c]
        return (higher, True) if higher else (same, False)
    trumps = 0 if (tm >> c) & 1 else fh & tm
    return (trumps, True) if trumps else (fh, False)


def _after_follow(
    lh: int, fh: int, c: int, d: int, wins: bool, tm: int, table: dict[int, int]
) -> int:
    """Tricks the leader takes from the trick in progress on (lead ``c`` already out of
    ``lh``; the follower plays ``d``)."""
    rest, fh2 = lh, fh ^ (1 << d)
    n = fh.bit_count()
    if not rest:
        return 0 if wins else 1
    if wins:
        return n - 1 - _leader_tricks(fh2, rest, tm, table)
    return 1 + _leader_tricks(rest, fh2, tm, table)


def _after_lead(lh: int, fh: int, c: int, tm: int, table: dict[int, int]) -> int:
    """Tricks the leader takes from here if he leads card ``c``, the follower then best."""
    plays, wins = _follows(fh, c, tm)
    rest = lh ^ (1 << c)
    return min(_after_follow(rest, fh, c, d, wins, tm, table) for d in _cards(plays))


def _line(
    position: Position, lh: int, fh: int, tm: int, shift: int, table: dict[int, int]
) -> Iterator[tuple[Player, Card]]:
    """The principal line from the position: each player's first best card, trick by trick."""
    leader, follower = position.leader, position.follower
    lead = None
    if position.lead is not None:
        lead = _to_low(1 << position.lead.index, shift).bit_length() - 1
    while lh or fh or lead is not None:
        if lead is None:  # the first of the best leads (max keeps the first of equals)
            lead = max(_cards(lh), key=lambda c: _after_lead(lh, fh, c, tm, table))
            lh ^= 1 << lead
            yield leader, ALL_CARDS[_unmap(lead, shift)]
        led: int = lead
        plays, wins = _follows(fh, led, tm)
        d = min(_cards(plays), key=lambda d: _after_follow(lh, fh, led, d, wins, tm, table))
        fh ^= 1 << d
        yield follower, ALL_CARDS[_unmap(d, shift)]
        if wins:
            leader, follower, lh, fh = follower, leader, fh, lh
        lead = None


# --------------------------------------------------------------------------------------------
#  From the table
# --------------------------------------------------------------------------------------------


class DealSolution(NamedTuple):
    """:func:`solve` of a deal's position, with the marks the hand would give."""

    solution: Solution
    score: HandScore
    """Who wins the hand under perfect play (three tricks or more), and what he marks for it
    by the club code (:func:`~adjudicator.engine.ecarte.hand_score.hand_score`): the point 1,
    or 2 when law 49 doubles it; the vole 2."""
    marked: dict[Player, int]
    """What each player has marked in the deal so far (a king)."""

    @property
    def winner(self) -> Player:
        """Who wins the hand under perfect play."""
        winner = self.score.winner
        assert winner is not None  # the five tricks are all played: one side has three
        return winner

    @property
    def points(self) -> int:
        """What he marks for it."""
        return self.score.points

    @property
    def how(self) -> str:
        """``point``, ``point (law 49)`` or ``vole``."""
        return self.score.how


def position_of(deal: DealState) -> Position | Unknown:
    """The position of ``deal``'s play, if every card still to be played is known (in the
    exchange: the play as it would begin now, the hands holding five cards each)."""
    # In the exchange, a position is the play as it would begin now (the first card led ends
    # the exchange): the hands must then hold five cards each, known.
    if deal.phase not in (Phase.EXCHANGE, Phase.PLAY) or deal.result is not None or deal.ended_by:
        return Unknown("the deal is not in its exchange or its play")
    won = tricks_won(deal)
    if isinstance(won, Unknown):
        return won
    if deal.lead is not None:
        leader, lead, _named = deal.lead
        if lead is None:
            return Unknown("the card led is not recorded")
    else:
        if deal.leader is None:
            return Unknown("who leads is not known")
        leader, lead = deal.leader, None
    follower = deal.dealer if leader is deal.elder else deal.elder
    hands = (deal.hand(leader), deal.hand(follower))
    for player, hand in zip((leader, follower), hands, strict=True):
        if hand.unknown:
            return Unknown(f"{hand.unknown} of {player}'s cards are not recorded")
    size = hands[0].size + (1 if lead is not None else 0)
    if size != hands[1].size or hands[1].size + len(deal.tricks) != HAND:
        return Unknown("the hands do not hold the cards a lawful deal leaves them")
    return Position(
        deal.trump,
        leader,
        follower,
        (hands[0].cards, hands[1].cards),
        lead,
        (won[leader], won[follower]),
    )


def solve_deal(deal: DealState) -> DealSolution | Unknown:
    """What perfect play makes of the rest of ``deal``'s play, with the marks (see
    :class:`DealSolution`); :class:`Unknown` if a card still to be played is not known."""
    position = position_of(deal)
    if isinstance(position, Unknown):
        return position
    solution = solve(position)
    total = solution.total
    # The club code's scoring: a doubled hand or a point offered is not valued (court.worth).
    score = hand_score(hand_terms(deal, club=True), (total[deal.elder], total[deal.dealer]))
    marked = {deal.elder: 0, deal.dealer: 0}
    for player, n in deal.marks:
        marked[player] = marked.get(player, 0) + n
    return DealSolution(solution, score, marked)


def clear() -> None:
    """Empty the transposition tables (for measures that must not profit from earlier ones)."""
    for table in _TABLES.values():
        table.clear()


__all__ = [
    "DealSolution",
    "Position",
    "Solution",
    "clear",
    "leader_tricks",
    "position_of",
    "solve",
    "solve_deal",
]
