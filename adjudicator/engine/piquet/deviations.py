"""What the replay finds where a record departs from lawful play: a closed list of kinds, and a
deviation with its place in the record.

A deviation is a *fact* about the record (a hand of thirteen cards, a card played that was not
held, a score wrongly added), never an exception and never yet a ruling: which law it falls
under, and what that law does about it, is the laws' business (``laws/piquet``). The replay
notes it and goes on, so that every deviation of a record is found in one pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.notation.cards import Player


class DeviationKind(StrEnum):
    """What kind of departure from lawful play a deviation is."""

    # The cut and the deal (laws 3-17)
    CUT = "cut"
    """The cut does not decide, or the player who chose had not cut the higher card (law 4)."""
    DEALER = "dealer"
    """The deal was dealt by the wrong player: the dealers alternate (laws 4, 16)."""
    DEALING = "dealing"
    """The cards were dealt otherwise than by twos or threes, or the method changed within the
    partie (law 9)."""
    PACK = "pack"
    """A card that is not of the piquet pack, or one card in two places (law 75)."""
    HAND_SIZE = "hand size"
    """A player was dealt other than twelve cards, or the stock other than eight (laws 9-15)."""
    # The exchange (laws 18-45)
    CARTE_BLANCHE = "carte blanche"
    """Carte blanche announced of a hand that is not one (laws 18-20)."""
    EXCHANGE_ORDER = "exchange order"
    """The younger hand exchanged before the elder, or either exchanged twice or after the play
    began (laws 21-23)."""
    EXCHANGE_COUNT = "exchange count"
    """The elder exchanged other than one to five cards, or the younger other than one to the
    cards left him (laws 21, 22, 34)."""
    TAKEN = "taken"
    """A player took in more or fewer cards than he discarded (laws 30, 31)."""
    NOT_FROM_TOP = "not from the top"
    """Cards taken in were not the next from the top of the stock (laws 23, 27)."""
    NOT_HELD = "not held"
    """A card discarded, shown or played that the player did not hold."""
    LOOK = "look"
    """A player looked at the cards the younger hand left when he might not (laws 36, 37)."""
    HAND_STATED = "hand stated"
    """A hand stated (``A holds ...``) that is not the hand the record has given the player."""
    # Calling and showing (laws 46-56)
    CALL = "call"
    """A call of a combination the player does not hold (laws 53, 54)."""
    ANSWER = "answer"
    """An answer ("good", "not good", "equal") that the two hands do not bear out (law 51)."""
    QUESTION = "question"
    """The younger asked what a point makes holding fewer cards in his own point, or his
    question (or an "equal" to a point called by its length) bars his longer point (law 46)."""
    CALL_ORDER = "call order"
    """The elder called his point after a sequence or a set (law 46)."""
    UNDER_CALL = "under-call"
    """The elder called less than he holds, and whether he put it right in time (law 50)."""
    CORRECTION = "correction"
    """An answer put right, in time or too late, or after a question that allowed the call
    (law 51, Case VII)."""
    MISNOMER = "misnomer"
    """A call that names the suit or rank wrongly of a combination held, what it names being
    out of reach of the caller's hand and discard (law 53)."""
    COUNT = "count"
    """A count said aloud (``A reckons 9``, ``A: 10``) that is not the player's score at that
    moment."""
    # Playing (laws 57-60)
    LEAD = "lead"
    """A lead by the wrong player: the elder leads first, then the winner of each trick
    (law 59 III)."""
    REVOKE = "revoke"
    """A card not of the suit led, played by a player who held one (law 59 IV)."""
    TRICK_NUMBER = "trick number"
    """A trick numbered otherwise than in the order played."""
    PLAY_SHORT = "play"
    """More tricks than the hands hold, or a hand with cards still in it when the deal's score is
    written (laws 57, 58)."""
    # Scoring (laws 61-74)
    RESULT = "result"
    """A deal's result written otherwise than it reckons (laws 61-70)."""
    SCORE = "score"
    """Running totals written otherwise than the deals add up to (laws 70, 74)."""
    PARTIE = "partie"
    """A partie's length, final totals or settlement written otherwise than the laws give
    (laws 71-73)."""
    # Irregularities written as such (version 2 of the notation)
    NOT_YET_JUDGED = "not yet judged"
    """A line of an irregularity (a card exposed, a claim, a penalty waived, ...) that the
    replay records as a fact but that no law judges yet; its message names the laws that
    will (:mod:`~adjudicator.engine.piquet.irregular`)."""


@dataclass(frozen=True)
class Deviation:
    """One departure from lawful play, where the record shows it."""

    kind: DeviationKind
    """What kind of departure it is."""
    message: str
    """What happened, in words, e.g. "B holds 13 cards after the exchange"."""
    line: int
    """Line of the record's file where it shows (1-based; 0 for a record built in memory)."""
    column: int = 0
    """Column of that line (1-based; 0 if not known)."""
    player: Player | None = None
    """The player who departed from lawful play, if it is one player's act."""
    deal: int | None = None
    """The number of the deal it is in, as written in the deal's heading."""

    def describe(self) -> str:
        """E.g. "line 12: B holds 13 cards after the exchange"."""
        return f"line {self.line}: {self.message}" if self.line else self.message
