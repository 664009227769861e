"""A way to propose, accept and discard, written down so that a fresh deal can be valued.

The laws say what a player may do, not what he should. To say what a fresh deal is worth at a
score (:mod:`adjudicator.engine.ecarte.fresh`), both players need a fixed, stated way of
playing. This one follows the rules of thumb the period's books give (the *jeux de règle*),
restated here in the project's own words, and plays the cards perfectly
(:mod:`adjudicator.engine.ecarte.solve`):

1. **Standing (the elder).** Foster's principle: the dealer holds two trumps or more only about
   one time in three, so a hand that is sure of three tricks when he holds fewer than two is a
   hand to play without proposing. Made exact here: the elder stands when he takes three tricks
   or more against every one of :data:`SAMPLES` hands the dealer might hold with fewer than two
   trumps (drawn, with a seeded generator, from the cards the elder has not seen; the cards
   then played perfectly, both seeing all). Foster's exception: holding the king of trumps,
   which the dealer cannot draw, the elder asks for cards unless the vole is likely too (he
   takes all five against at least half of those hands).
2. **Discarding (both).** The Britannica's advice: keep the trumps and the kings, throw the
   rest. A player who must throw at least one card and would keep all five throws his lowest
   card that is not a trump (or his lowest trump). No one draws more cards than the stock holds.
3. **Accepting (the dealer).** The Britannica's advice: the dealer refuses when his hand is
   guarded (a king or a queen guarding a suit, a trump counting as a guard of its own): three
   suits guarded, or two and a trump, or one and two trumps, or three trumps. Otherwise he
   accepts, discards by rule 2 and draws.
4. **Again.** After an exchange the elder decides again by rule 1 (against hands drawn from the
   cards he has still not seen), until he stands, the dealer refuses, or the stock is empty.
5. **The king.** Turned up, the dealer marks it; held when play begins, it is announced and
   marked (law 47).

It is a fixed policy, not the best one: a club player adapts to the score (Foster and the
Britannica both say so) and cannot see the dealer's cards. The values it gives are those of this
policy, which the table's documentation says.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from adjudicator.engine.ecarte.hand_score import Terms, hand_score
from adjudicator.engine.ecarte.rules import HAND, SUIT_MASK, SUITS
from adjudicator.engine.ecarte.solve import leader_tricks
from adjudicator.notation.cards import Player, Suit

SAMPLES = 16
"""Hands of the dealer (with fewer than two trumps) that a standing hand must beat."""

PACK_SIZE = 32
KINGS = sum(1 << (8 * s) for s in range(4))
"""The four kings."""
_GUARDS = sum(0b11 << (8 * s) for s in range(4))
"""The kings and queens: a suit's guards."""
ELDER, DEALER = Player.A, Player.B
"""The seats as the hand's score names them (:func:`~adjudicator.engine.ecarte.hand_score.
hand_score`): the policy plays a deal between the elder and the dealer, whoever they are."""


def _lowest_of(m: int) -> int:
    """The lowest-ranking card of a non-empty set, as a one-bit set (of the lowest cards of
    each suit, the one of lowest rank; ties to the last suit)."""
    best = 0
    best_rank = -1
    for s in range(4):
        cards = (m >> (8 * s)) & 0xFF
        if cards:
            rank = cards.bit_length() - 1  # 0 king … 7 seven
            if rank >= best_rank:
                best_rank = rank
                best = 1 << (8 * s + rank)
    return best


def keeps(hand: int, trumps: int) -> int:
    """The cards a player keeps when he exchanges (rule 2): his trumps and his kings."""
    return hand & (trumps | KINGS)


def throws(hand: int, trumps: int, room: int) -> int:
    """The cards a player who exchanges throws (rule 2): all but his trumps and kings, at least
    one, and no more than ``room`` (what the stock can replace), the lowest first."""
    out = hand & ~keeps(hand, trumps)
    if not out:
        plain = hand & ~trumps
        out = _lowest_of(plain or hand)
    while out.bit_count() > room:
        # Keep the highest of those thrown: give back the highest-ranking.
        ranked = sorted(_bits(out), key=lambda b: (b.bit_length() - 1) & 7)
        out &= ~ranked[0]
    return out


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low)
        m ^= low
    return out


def dealer_refuses(hand: int, trumps: int) -> bool:
    """Whether the dealer refuses a proposal (rule 3)."""
    n_trumps = (hand & trumps).bit_count()
    guarded = sum(1 for s in range(4) if (hand & ~trumps) & (_GUARDS & (0xFF << (8 * s))))
    return n_trumps >= 3 or guarded + n_trumps >= 3


REJECTIONS = 100 * SAMPLES
"""How many hands of the dealer :func:`elder_stands` draws and sets aside (two trumps or more)
before it takes any hand: a bound on its work whatever cards are left unseen."""


def elder_stands(
    hand: int, trumps: int, unseen: list[int], trump: Suit, rng: random.Random
) -> bool:
    """Whether the elder plays without proposing (rule 1): ``unseen`` the cards he has not
    seen (one-bit sets), from which the dealer's hands are drawn."""
    king = trumps & KINGS
    vole_needed = bool(hand & king)
    voles = 0
    drawn = 0
    size = min(HAND, len(unseen))
    # The dealer's hand is drawn holding at most one trump; where the cards unseen cannot make
    # such a hand (too few that are not trumps: a record that deals or discards wrongly), or
    # rarely do, any hand of them is taken after REJECTIONS tries, so that this ends.
    plain = sum(1 for b in unseen if not b & trumps)
    rejections = REJECTIONS if plain >= size - 1 else 0
    while drawn < SAMPLES:
        dealer = 0
        for b in rng.sample(unseen, size):
            dealer |= b
        if (dealer & trumps).bit_count() >= 2 and rejections > 0:
            rejections -= 1
            continue
        drawn += 1
        tricks = leader_tricks(hand, dealer, trump)
        if tricks < 3:
            return False
        if tricks == HAND:
            voles += 1
    return not vole_needed or 2 * voles >= SAMPLES


class DealResult(NamedTuple):
    """How a deal played by the policy ends, from the seats' point of view."""

    king: str
    """Who marks the king: ``dealer``, ``elder`` or ``""`` (no one)."""
    winner: str
    """Who wins the hand: ``dealer`` or ``elder``."""
    marks: int
    """What he marks for it (1 or 2: the vole, or law 49's two)."""


def _dealer_exchanges(dealer: int, trumps: int, stock: list[int]) -> int:
    """The dealer's hand after he exchanges by rule 2 (nothing thrown if he keeps all five),
    the cards drawn from the top of ``stock`` (taken off it)."""
    out = throws(dealer, trumps, len(stock)) if dealer & ~keeps(dealer, trumps) else 0
    n = out.bit_count()
    dealer &= ~out
    for b in stock[:n]:
        dealer |= b
    del stock[:n]
    return dealer


def play_deal(rng: random.Random) -> DealResult:
    """One deal shuffled by ``rng`` and played by the policy (see the module's docstring)."""
    deck = [1 << i for i in range(PACK_SIZE)]
    rng.shuffle(deck)
    elder = dealer = 0
    for b in deck[:HAND]:
        elder |= b
    for b in deck[HAND : 2 * HAND]:
        dealer |= b
    return play_hands(elder, dealer, deck[2 * HAND], deck[2 * HAND + 1 :], deck, rng)


def play_hands(
    elder: int,
    dealer: int,
    turned: int,
    stock: list[int],
    deck: list[int],
    rng: random.Random,
    *,
    proposed: bool = False,
    first_refused: bool = False,
    closed: bool = False,
    dealer_next: bool = False,
    answer_next: bool = False,
    seen: int = 0,
) -> DealResult:
    """A deal played on by the policy from its hands (five cards each), the card turned up
    and the stock (one-bit sets, its top first); ``deck``: every card, in the order in which
    the elder's unseen cards are drawn from; ``proposed`` and ``first_refused``: what has
    already happened (law 49); ``closed``: no more exchanges (a proposal refused, or play
    declared); ``dealer_next``: the elder has exchanged and the dealer exchanges next;
    ``answer_next``: the elder has proposed and the dealer answers next; ``seen``: cards the
    elder has seen beside his hand and the turn-up (his discards, cards played)."""
    stock = list(stock)
    suit_index = (turned.bit_length() - 1) >> 3
    trump = SUITS[suit_index]
    trumps = SUIT_MASK[trump]
    king = trumps & KINGS
    seen |= elder | turned
    if dealer_next and stock and not closed:
        dealer = _dealer_exchanges(dealer, trumps, stock)
    answering = answer_next
    while not closed:
        if not answering:
            unseen = [b for b in deck if not b & seen]
            if not stock or elder_stands(elder, trumps, unseen, trump, rng):
                break
        answering = False
        refused = dealer_refuses(dealer, trumps)
        if not proposed:
            first_refused = refused
        proposed = True
        if refused:
            break
        out = throws(elder, trumps, len(stock))
        n = out.bit_count()
        elder &= ~out
        for b in stock[:n]:
            elder |= b
        del stock[:n]
        seen |= elder | out
        if stock:
            dealer = _dealer_exchanges(dealer, trumps, stock)
    if turned == king:
        marked = "dealer"
    elif elder & king:
        marked = "elder"
    elif dealer & king:
        marked = "dealer"
    else:
        marked = ""
    tricks = leader_tricks(elder, dealer, trump)
    terms = Terms(ELDER, DEALER, elder_proposed=proposed, first_refused=first_refused)
    score = hand_score(terms, (tricks, HAND - tricks))
    return DealResult(
        king=marked,
        winner="dealer" if score.winner is DEALER else "elder",
        marks=score.points,
    )


__all__ = [
    "KINGS",
    "PACK_SIZE",
    "SAMPLES",
    "DealResult",
    "dealer_refuses",
    "elder_stands",
    "keeps",
    "play_deal",
    "play_hands",
    "throws",
]
