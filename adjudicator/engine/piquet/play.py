"""The play of the cards: the points made in play (law 65) and the cards (law 66).

A trick is given as its leader and the two cards, in the order played. Who won it follows from
the cards (the higher card of the suit led). The order of the leaders is taken as given, not
checked against the winners of the previous tricks: a lead out of turn that the adversary has
played to stands (law 59 III), and the tricks as played are what is scored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from adjudicator.engine.piquet.cards import beats
from adjudicator.notation.cards import Card, Player

TRICKS = 12
"""Tricks in a deal when each player holds his twelve cards."""


@dataclass(frozen=True)
class Trick:
    """One trick: who led, the card he led, and the card his adversary played to it."""

    leader: Player
    """The player who led to the trick."""
    led: Card
    """The card led."""
    played: Card
    """The card the adversary played to it."""

    @property
    def leader_wins(self) -> bool:
        """Whether the leader won the trick: he loses it only to a higher card of the suit led."""
        return not beats(self.played, self.led)


@dataclass(frozen=True)
class PlayPoint:
    """A point or two scored in play (law 65): for a card led, or for a trick won on the
    adversary's lead, or the last trick's two."""

    trick: int
    """The trick's number, 1 for the first played."""
    player: Player
    """Who scores it."""
    points: int
    """1, or 2 for the last trick (law 65)."""
    card: Card
    """The card led, or the card that won the trick."""
    led: bool
    """Whether it is scored for leading ``card`` (else for winning with it)."""

    def describe(self) -> str:
        """E.g. "leads AH", "wins with AD", "leads JS and wins the last trick"."""
        last = " the last trick" if self.points == 2 else ""
        if self.led:
            return f"leads {self.card}" + (f" and wins{last}" if last else "")
        return f"wins{last} with {self.card}"


@dataclass(frozen=True)
class Play:
    """What the play of a deal scores, and the tricks each player counts."""

    points: tuple[PlayPoint, ...]
    """Every point scored in play, in the order scored."""
    tricks: Mapping[Player, int]
    """Tricks each player counts for the cards (law 66): those he won, and the cards of his that
    a player short of cards could not play to (laws 26, 30, 57)."""
    last: int | None
    """The number of the last trick, the one that scores two (law 65, Case XIX)."""

    def total(self, player: Player) -> int:
        """What ``player`` made in play."""
        return sum(p.points for p in self.points if p.player is player)


def tricks_in_turn(
    first: Player, other: Player, cards: Iterable[tuple[Card, Card]]
) -> tuple[Trick, ...]:
    """The tricks of a deal played in turn: ``first`` leads to the first trick, and the winner of
    each trick leads to the next (the Description, "Playing"). ``cards`` gives each trick's card
    led and card played to it."""
    tricks = []
    leader, follower = first, other
    for led, played in cards:
        trick = Trick(leader, led, played)
        tricks.append(trick)
        if not trick.leader_wins:
            leader, follower = follower, leader
    return tuple(tricks)


def score_play(
    tricks: Iterable[Trick],
    players: tuple[Player, Player],
    *,
    unanswered: Mapping[Player, int] | None = None,
) -> Play:
    """The points made in play and the tricks counted (laws 65, 57; Case XIX).

    Each player scores one for every card he leads, and one for every trick he wins on his
    adversary's lead; a trick won by its leader scores only the one for the lead. The winner of
    the last trick scores two instead of one: the leader, if he wins it, two for the lead; if the
    second player wins it, the leader still scores one for his lead and the winner two.

    Which trick is last: Case XIX rules that "last" supposes twelve cards each, so with thirteen
    against twelve the twelfth trick is the last. The project's reading, where the laws are
    silent, is that with fewer than twelve tricks played (a player short of cards) the last is
    the final trick played, the last one both players play to.

    ``unanswered`` gives, for each player, how many of his cards his adversary, playing with
    fewer than twelve, could not play to: the player counts them as tricks (laws 26, 30, 57).
    The project's reading is that they count only as tricks, for the cards (law 66): no card
    was played to them, so they score nothing in play (law 65 pays for cards led to a trick and
    cards that win one), and they do not move the last trick.

    Raises ``ValueError`` for a card played twice, a leader not among ``players``, or a negative
    count of unanswered cards."""
    played = tuple(tricks)
    seen = [card for trick in played for card in (trick.led, trick.played)]
    if len(set(seen)) != len(seen):
        raise ValueError("a card is played twice")
    a, b = players
    if a is b:
        raise ValueError("two players, not one")
    extra = dict(unanswered or {})
    if any(n < 0 for n in extra.values()) or not set(extra) <= {a, b}:
        raise ValueError(f"unanswered cards are counted for {a} or {b}, never below zero")
    last = min(len(played), TRICKS) or None
    points: list[PlayPoint] = []
    won = {a: extra.get(a, 0), b: extra.get(b, 0)}
    for number, trick in enumerate(played, start=1):
        if trick.leader not in won:
            raise ValueError(f"{trick.leader} is not playing")
        follower = b if trick.leader is a else a
        worth = 2 if number == last else 1
        if trick.leader_wins:
            points.append(PlayPoint(number, trick.leader, worth, trick.led, led=True))
            won[trick.leader] += 1
        else:
            points.append(PlayPoint(number, trick.leader, 1, trick.led, led=True))
            points.append(PlayPoint(number, follower, worth, trick.played, led=False))
            won[follower] += 1
    return Play(tuple(points), MappingProxyType(won), last)


@dataclass(frozen=True)
class Cards:
    """The score for the cards (law 66)."""

    winner: Player | None
    """Who won the cards (more than six tricks); ``None`` when they are divided."""
    points: int
    """10 for the cards, 40 for a capot, 0 when divided."""
    capot: bool
    """Whether the winner took every trick."""


def score_cards(tricks: Mapping[Player, int]) -> Cards:
    """The cards (law 66): a player who counts more than six tricks scores ten; six each divides
    the cards and nobody scores; a player who counts every trick, twelve of them, wins a capot and
    scores forty instead of ten (law 66 says "twelve tricks", the Description "every trick"; the
    project requires both, which differ only when a player holds more than twelve cards).
    ``tricks`` is the count of each player (:attr:`Play.tricks`)."""
    if len(tricks) != 2 or any(n < 0 for n in tricks.values()):
        raise ValueError("the cards are counted for two players")
    (a, mine), (b, theirs) = sorted(tricks.items())
    for winner, count, rival in ((a, mine, theirs), (b, theirs, mine)):
        if count > TRICKS // 2 and count > rival:
            capot = count >= TRICKS and rival == 0
            return Cards(winner, 40 if capot else 10, capot)
    return Cards(None, 0, False)
