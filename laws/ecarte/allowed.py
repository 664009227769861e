"""What each player may mark for a deal once the laws have spoken: the one statement of how the
laws' effects on the marks combine, read by the court (the ruling's marks and corrections) and
by law 50 (what a player omitted).

In order:

1. **Entitlement** (the engine, laws 47-49 and 42): the king turned up (the dealer's) or held
   and announced in time, and the hand: the point, the vole, law 49's two.
2. **Re-reckoning** (``Finding.marks``): a law that reckons the hand otherwise than the table
   did adds to or takes from the hand (laws 26, 42).
3. **Caps** (``Finding.caps``): a law that says the offender "marks only N" for the hand limits
   it to N. Caps are limits, never subtractions: of several, the lowest binds (two laws that
   each leave him one leave him one).
4. **The king** (``Finding.takes_king``): a law that says a player may not mark a king in the
   deal leaves him none for it. A law that answers for king marks he may not make
   (``Finding.answers_king``) leaves him any king he may mark.
5. **A mark of choice**: the king turned up is the dealer's to mark if he will (law 22); not
   marked in time, it lapses, and is no omission (``Allowed.optional``).

A finding that is dropped (overridden) has no effect; an effect is applied once however many
findings state it.

What a player marked for the deal, set against what he may mark (:class:`Sheet`), is corrected by
the laws that correct the score sheet (laws 50 and 51: ``Law.correction``), which say what stands
and what corrections they make (:class:`Corrected`); the court asks them without knowing which.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from adjudicator.engine.ecarte.hand_score import most_a_hand_gives
from adjudicator.engine.ecarte.queries import Unknown, entitled_parts, king_turned, most_entitled
from adjudicator.engine.ecarte.table import DealState, Result
from adjudicator.notation.cards import Player

from .base import Finding


class Allowed(NamedTuple):
    """What one player may mark for a deal, and which findings decided it."""

    king: int
    """For a king (after the laws that take it away)."""
    hand: int
    """For the hand (after re-reckonings and caps)."""
    king_entitled: int
    """For a king, before any law took it away."""
    hand_reckoned: int
    """For the hand after re-reckonings, before caps."""
    cap: Finding | None
    """The finding whose cap binds (the lowest; of equal caps, the last in the record: the
    irregularity that left him there), if a cap cuts the hand."""
    king_answer: Finding | None
    """The last finding that takes his king or answers for his king marks, if any: a king mark
    taken down cites its law."""
    reckonings: tuple[Finding, ...]
    """The findings that reckoned his hand otherwise, in order."""
    optional: int
    """Of ``king``, what he marks only if he chooses to (the king turned up): unmarked, it
    lapses."""
    hand_given: int
    """For the hand with the marks laws give him (re-reckonings that add), before those they
    take and before caps: what law 51 holds his marks to, a mark another law takes being that
    law's finding, not an overscore."""

    @property
    def total(self) -> int:
        return self.king + self.hand


def allowed_marks(final: DealState, found: Sequence[Finding]) -> dict[Player, Allowed] | Unknown:
    """What each player of the deal may mark, from its final state and the laws' findings
    (``Unknown`` if the record lacks a card the entitlement needs)."""
    parts = entitled_parts(final)
    if isinstance(parts, Unknown):
        return parts
    kings, hands = parts
    out: dict[Player, Allowed] = {}
    for p in (final.elder, final.dealer):
        reckonings = tuple(f for f in found if any(q is p for q, _ in f.marks))
        hand = given = hands.get(p, 0)
        for f in reckonings:
            hand = max(0, hand + sum(n for q, n in f.marks if q is p))
            given += sum(n for q, n in f.marks if q is p and n > 0)
        cap: Finding | None = None
        lowest = hand
        for f in sorted(found, key=lambda f: f.step):
            for q, n in f.caps:
                if q is p and n < hand and n <= lowest:
                    cap, lowest = f, n
        taken = any(p in f.takes_king for f in found)
        king_answer = None
        for f in found:
            if p in f.takes_king or p in f.answers_king:
                king_answer = f
        king = 0 if taken else kings.get(p, 0)
        out[p] = Allowed(
            king=king,
            hand=min(hand, lowest),
            king_entitled=kings.get(p, 0),
            hand_reckoned=hand,
            cap=cap,
            king_answer=king_answer,
            reckonings=reckonings,
            optional=king if p is final.dealer and king_turned(final) else 0,
            hand_given=given,
        )
    return out


def most_marks(final: DealState, *, turned_up: bool, reliable: bool = True) -> dict[Player, int]:
    """What each player may at most mark for a deal whose entitlement the record cannot settle
    (a card of the play or the trump not recorded, :func:`allowed_marks` ``Unknown``): laws 47
    and 48 cap a deal at one king and the hand, whatever the missing card
    (:func:`~adjudicator.engine.ecarte.queries.most_entitled`), and law 51 takes down what is
    marked beyond. ``turned_up``: the record shows the deal's turn-up; if it does not, every
    mark of the deal was made before it, and is for the deal before (laws 22, 50), none for
    this one. ``reliable``: the replay's account of the deal can be trusted; if the record
    contradicts itself in the deal, it cannot, and the bound is the laws' own, whatever the
    cards: a king and the vole (law 49's point is no more), twice the hand if it was doubled."""
    if not turned_up:
        return {final.elder: 0, final.dealer: 0}
    if not reliable:
        hand = most_a_hand_gives(doubled=final.doubled is not None)
        return {final.elder: 1 + hand, final.dealer: 1 + hand}
    return most_entitled(final)


class Sheet(NamedTuple):
    """What one player marked for a deal, against what the laws allow him: what a law that
    corrects the score sheet (``Law.correction``) reads."""

    player: Player
    deal: int | None
    """The deal's number as written."""
    allowed: int
    """What the laws allow him for the deal (a king turned up he did not mark lapsed)."""
    recorded: int
    """What he marked for it (with what he made good early in the next deal, and what he took
    down himself of a mark the ruling had already taken down)."""
    window_open: bool
    """The trump of the next deal is not turned up yet (law 50's window)."""
    parts: Allowed | None
    """What he may mark, and the findings that decided it (``None``: no law's combination
    applies, as when the record cannot say)."""
    kings: int
    """The king marks he made from the deal's turn-up on."""
    replaced: tuple[int, int] | None
    """The law whose replay of the hands took the place of the hand first played, and the marks
    he made for that hand."""
    annulled: tuple[int, str] | None
    """The law that annulled the deal, and how (``void``, ``dealt afresh``)."""
    result: Result | None
    """The hand's result."""
    after_game: int = 0
    """Of what the deal entitles him to, the marks that count nowhere: the hand's, when a king
    won the game before the hand was played (law 46, :func:`laws.ecarte.games.after_the_game`).
    ``allowed`` is without them."""
    early: tuple[int | None, int] | None = None
    """Marks he made in this deal before its trump was turned up, which are for the deal before
    (:func:`laws.ecarte.games.for_deal_before`), beyond what that deal still owed him: the deal
    before's number, and how many of ``recorded`` they are."""
    late: tuple[int | None, int, int] | None = None
    """Marks he made in this deal, after its trump was turned up and before its play began,
    for the deal before (:func:`laws.ecarte.games.marks_before_play`), which that deal's
    ruling had lost to him: the deal before's number, how many of ``recorded`` they are, and
    the line of this deal's turn-up."""


class SheetCorrection(NamedTuple):
    """A correction to a player's marks for a deal."""

    points: int
    """Added (positive) or taken down (negative)."""
    law: int
    """The law that answers for it."""
    where: str
    """The kind of mark it is located at: ``king``, ``hand``, ``early`` or ``late`` (a mark made
    for the deal before, :attr:`Sheet.early`, :attr:`Sheet.late`) or ``any``."""
    reason: str
    deal: int | None = None
    """The deal whose marks it corrects, when it is not the sheet's (a mark made for the deal
    before)."""


class Corrected(NamedTuple):
    """What a law that corrects the sheet makes of a player's marks for a deal."""

    stands: int
    """The marks that stand for him for the deal."""
    corrections: tuple[SheetCorrection, ...]


__all__ = ["Allowed", "Corrected", "Sheet", "SheetCorrection", "allowed_marks", "most_marks"]
