"""The hand's score, stated once: who marks for the hand, how many, and why (laws 42, 48, 49,
and the profiles' doubling rule D1 and offering rule O1).

The club code scores the hand by laws 48 and 49: the point (three or four tricks) one, the vole
(five) two; the point two for the dealer when the non-dealer played without proposing, and for
the non-dealer when the dealer refused the first proposal (:func:`~adjudicator.engine.ecarte.
rules.doubled`), the vole unaffected. A hand given up with no trick concedes the vole, with one
or two the point (law 42); given up with three or more it is taken as shown, and scored as
played. The profiles add theirs (``docs/profiles.md``): a hand doubled counts double (rule D1),
law 49's two included; a double refused ends the hand, the offerer marking as for the point; a
point offered and accepted ends it, the acceptor marking as for the point; a point offered and
refused gives the offerer two (doubled, four) unless the refuser makes the vole (rule O1).

:func:`hand_score` is the one function that says it. The replay engine scores every hand with
it, the solver, its chances, the fresh-deal policy and the generator value hands with it, and
law 26 reckons law 49 again with it on a ruled history of proposals. What it depends on besides
how the hand ended is :class:`Terms`; what it says is a :class:`HandScore`, whose fields say why
(its :attr:`~HandScore.how` is the same in words, for the reports).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from adjudicator.engine.ecarte.rules import HAND, doubled, point_marks
from adjudicator.notation.cards import Player


class End(StrEnum):
    """How the hand ended."""

    PLAYED = "played"
    """Played out, or the cards shown (laws 30 and 34: cards that cannot be played to count as
    the other's tricks), or given up with three tricks or more (law 42, taken as shown): the
    tricks decide."""
    ABANDONED = "abandoned"
    """Given up with fewer than three tricks (law 42)."""
    DOUBLE_REFUSED = "double refused"
    """An offer to double refused (doubling rule D1)."""
    POINT_ACCEPTED = "point accepted"
    """The point offered and accepted (offering rule O1)."""


class Why(StrEnum):
    """What the winner of the hand marks for."""

    POINT = "point"
    """The point (law 48), or a hand ended as for the point (laws 42, rules D1 and O1)."""
    VOLE = "vole"
    """The vole (law 48), or the vole conceded (law 42)."""
    OFFER_TWO = "offer's two"
    """The offerer's two: the point offered was refused and the refuser did not make the vole
    (offering rule O1)."""
    UNDETERMINED = "undetermined"
    """Nobody is known to have won the hand (a card of the play is not known)."""


class Terms(NamedTuple):
    """What the hand's score depends on besides how the hand ended: who sits where, law 49's
    two facts of the exchange, and the profiles' offers."""

    elder: Player
    """The non-dealer."""
    dealer: Player
    elder_proposed: bool
    """The non-dealer proposed in the hand (not: he played without proposing, law 49)."""
    first_refused: bool
    """The dealer refused the first proposal of the hand (law 49)."""
    doubled: bool = False
    """A double was offered and accepted: the hand's points count double (rule D1)."""
    point_refused: Player | None = None
    """Who refused the point offered him: he must make the vole (rule O1)."""

    def other(self, player: Player) -> Player:
        """The adversary of ``player`` in the hand."""
        return self.dealer if player is self.elder else self.elder


class HandScore(NamedTuple):
    """Who marks for the hand, how many, and why."""

    winner: Player | None
    """Who marks (``None``: undetermined)."""
    points: int
    """What he marks for the hand (laws 42, 48, 49; rules D1 and O1)."""
    why: Why
    """What for."""
    end: End = End.PLAYED
    """How the hand ended."""
    by: Player | None = None
    """Whose act ended it: who gave it up, refused the double, or accepted the point (``None``
    for a hand played)."""
    law49: bool = False
    """Law 49 makes the point two."""
    doubled: bool = False
    """The hand was doubled (rule D1): its points count double."""

    @property
    def single_point(self) -> bool:
        """The point won in play, worth one: law 49 does not make it two, nor is the hand
        doubled."""
        return (
            self.why is Why.POINT and self.end is End.PLAYED and not self.law49 and not self.doubled
        )

    @property
    def how(self) -> str:
        """The same in words, as the reports give it: ``point``, ``point (law 49)``, ``vole``
        (with ``, doubled`` in a hand doubled), ``abandoned``, ``offer's two (...)``, ``point
        (double refused)``, ``point (offered, accepted)`` or ``undetermined``."""
        why, end = self.why, self.end
        if why is Why.UNDETERMINED:
            return "undetermined"
        if why is Why.OFFER_TWO:
            if end is End.ABANDONED:
                return "offer's two (abandoned, no vole)"
            return "offer's two (the point refused, no vole)"
        if end is End.ABANDONED:
            return "abandoned"
        if end is End.DOUBLE_REFUSED:
            return "point (double refused)"
        if end is End.POINT_ACCEPTED:
            return "point (offered, accepted)"
        how = "vole" if why is Why.VOLE else "point (law 49)" if self.law49 else "point"
        return how + ", doubled" if self.doubled else how


UNDETERMINED = HandScore(None, 0, Why.UNDETERMINED)
"""The score of a hand nobody is known to have won."""


def most_a_hand_gives(*, doubled: bool) -> int:
    """The most any hand can give its winner, whatever its cards: the vole (law 48; law 49's
    point is no more), twice that in a hand doubled (rule D1)."""
    terms = Terms(Player.A, Player.B, elder_proposed=True, first_refused=False, doubled=doubled)
    return hand_score(terms, (HAND, 0)).points  # the vole


def hand_score(
    terms: Terms, won: tuple[int, int], end: End = End.PLAYED, by: Player | None = None
) -> HandScore:
    """The hand's score: ``won`` the tricks of the non-dealer and of the dealer (as the hand
    ended: all of them, played or counted, for a hand played; those made so far otherwise),
    ``end`` how it ended and ``by`` whose act ended it (see :class:`End`). A hand played in
    which nobody has three tricks is :data:`UNDETERMINED`."""
    times = 2 if terms.doubled else 1
    refuser = terms.point_refused
    if end is End.DOUBLE_REFUSED or end is End.POINT_ACCEPTED:
        assert by is not None
        winner = terms.other(by) if end is End.DOUBLE_REFUSED else by
        n = 3  # as for the point
    elif end is End.ABANDONED:
        assert by is not None
        mine = won[0] if by is terms.elder else won[1]
        if refuser is not None and (by is refuser or mine > 0):
            # The point was refused, and the refuser cannot make the vole now (rule O1).
            offerer = terms.other(refuser)
            return HandScore(offerer, 2 * times, Why.OFFER_TWO, end, by, False, terms.doubled)
        if mine < 3:
            winner = terms.other(by)
            n = HAND if mine == 0 else 3  # the vole conceded, or the point
        else:  # given up with the point made: taken as shown, scored as played
            return hand_score(terms, won)
    else:
        elder_won, dealer_won = won
        if elder_won >= dealer_won:
            winner, n = terms.elder, elder_won
        else:
            winner, n = terms.dealer, dealer_won
        if n < 3:
            return UNDETERMINED
        if refuser is not None and not (winner is refuser and n >= HAND):
            offerer = terms.other(refuser)
            return HandScore(offerer, 2 * times, Why.OFFER_TWO, doubled=terms.doubled)
    twice = doubled(
        dealer_won=winner is terms.dealer,
        elder_proposed=terms.elder_proposed,
        first_refused=terms.first_refused,
    )
    points = point_marks(min(n, HAND), doubled=twice) * times
    why = Why.VOLE if n >= HAND else Why.POINT
    return HandScore(winner, points, why, end, by, twice and why is Why.POINT, terms.doubled)


__all__ = ["UNDETERMINED", "End", "HandScore", "Terms", "Why", "hand_score", "most_a_hand_gives"]
