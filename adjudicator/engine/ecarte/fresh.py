"""What a fresh deal is worth at a score and seat, and the chance of winning the game from a score.

A law that lets a player claim a fresh deal (laws 9, 11, 13, 15–18, 21, 29, 31–33) asks him to
weigh the deal before him against a new one. A new deal's worth does not depend on the cards of
this one: it is the same for every record, and is worked out once, by playing many deals with a
stated policy (:mod:`adjudicator.engine.ecarte.policy`: the period's rules of thumb for proposing,
accepting and discarding, the cards played perfectly) and counting how they end. The counts are
shipped with the program (``fresh_deals.json``, made by ``scripts/fresh_deals.py``), in chunks of
:data:`CHUNK` deals, each dealt from its own seed, so that any chunk can be dealt again and
checked.

From the counts, :class:`FreshDeals` gives what a deal is worth to each seat on average
(:meth:`FreshDeals.marks`), and the chance that a player wins the game from a score, the next
deal being his or his adversary's (:meth:`FreshDeals.game`): an exact sum over the ways the
deals to come can end (each deal's king and hand, the deal passing after each), with the king
marked before the hand is played (a player at four who marks the king has won).

The same policy plays a deal on from where a record leaves it (:func:`play_from`, and
:func:`play_on` before the exchange): the cards the record does not show dealt at random, a
seeded number of ways; :meth:`FreshDeals.after` then gives the chance of the game when this
deal ends so and those after it as the table says.

These are values of the policy's play, not of the best play and not a forecast: a real player
adapts to the score and does not see his adversary's cards.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache
from importlib import resources
from math import comb
from typing import NamedTuple

from adjudicator.engine.ecarte.chances import hands_of
from adjudicator.engine.ecarte.policy import (
    KINGS,
    PACK_SIZE,
    SAMPLES,
    DealResult,
    play_deal,
    play_hands,
    throws,
)
from adjudicator.engine.ecarte.queries import (
    Unknown,
    announced_in_time,
    has_proposed,
    refused_first_proposal,
)
from adjudicator.engine.ecarte.rules import HAND, SUIT_MASK, SUITS, mask
from adjudicator.engine.ecarte.solve import solve_deal
from adjudicator.engine.ecarte.table import SEAT, DealState, Holding, Phase
from adjudicator.notation.cards import Player

CHUNK = 2_500
"""Deals in one chunk of the table."""

MAX_TARGET = 30
"""The longest game whose chances are reckoned (a ``Game`` tag may ask for any length)."""

SEED = 1878
"""The table's seed (the year of the club code)."""

POLICY = f"jeux de règle, {SAMPLES} dealer hands"
"""The policy the table was made with (:mod:`adjudicator.engine.ecarte.policy`)."""

OUTCOMES: tuple[DealResult, ...] = tuple(
    DealResult(king, winner, marks)
    for king in ("", "dealer", "elder")
    for winner in ("dealer", "elder")
    for marks in (1, 2)
)
"""Every way a deal can end: who marks the king, who wins the hand, and what he marks."""


def chunk_seed(seed: int, chunk: int) -> int:
    """The seed chunk number ``chunk`` of a table is dealt from."""
    return seed * 1_000_003 + chunk


def deal_chunk(seed: int, chunk: int, size: int = CHUNK) -> list[int]:
    """How ``size`` deals dealt from the chunk's seed end: a count for each of
    :data:`OUTCOMES`."""
    rng = random.Random(chunk_seed(seed, chunk))
    counts = Counter(play_deal(rng) for _ in range(size))
    return [counts[o] for o in OUTCOMES]


class FreshDeals:
    """The table of fresh deals: how deals played by the policy end, and what follows."""

    def __init__(self, counts: Iterable[int], *, deals: int, seed: int, policy: str) -> None:
        self.counts = tuple(counts)
        """How many deals ended each way of :data:`OUTCOMES`."""
        self.deals = deals
        """Deals in the table."""
        self.seed = seed
        self.policy = policy
        if len(self.counts) != len(OUTCOMES) or sum(self.counts) != deals:
            raise ValueError("the table's counts do not match its outcomes and deals")
        self._chances = tuple(
            (o, n / deals) for o, n in zip(OUTCOMES, self.counts, strict=True) if n
        )

    def after(
        self, counts: Iterable[int], mine: int, his: int, dealing: bool, target: int = 5
    ) -> float:
        """The chance that a player wins the game when this deal, his (``dealing``) or his
        adversary's, ends as ``counts`` say (a count for each of :data:`OUTCOMES`: a deal played
        on, :func:`play_on`) and the deals after it as the table says."""
        if not 0 < target <= MAX_TARGET:
            raise ValueError(f"a game to {target} is not reckoned (at most {MAX_TARGET})")
        dist = _distribution(counts)
        return _step(dist, self._chances, max(0, mine), max(0, his), dealing, target)

    def marks(self, dealer: bool) -> float:
        """What a fresh deal is worth on average to the dealer (``dealer``) or the elder, king
        included: his marks less his adversary's."""
        seat = "dealer" if dealer else "elder"
        net = 0.0
        for o, p in self._chances:
            gain = (1 if o.king == seat else -1 if o.king else 0) + (
                o.marks if o.winner == seat else -o.marks
            )
            net += p * gain
        return net

    def expected(self, dealer: bool) -> float:
        """What a fresh deal gives the dealer (``dealer``) or the elder on average: the marks
        he makes, king included (his adversary's not taken off)."""
        seat = "dealer" if dealer else "elder"
        return sum(
            p * ((1 if o.king == seat else 0) + (o.marks if o.winner == seat else 0))
            for o, p in self._chances
        )

    def game(self, mine: int, his: int, dealing: bool, target: int = 5) -> float:
        """The chance that a player with ``mine`` points wins the game against ``his``, the
        next deal being his own (``dealing``) or his adversary's; 1 or 0 once a side has
        ``target``. ``ValueError`` for a target over :data:`MAX_TARGET`."""
        if not 0 < target <= MAX_TARGET:
            raise ValueError(f"a game to {target} is not reckoned (at most {MAX_TARGET})")
        return _game(self._chances, max(0, mine), max(0, his), dealing, target)


Chances = tuple[tuple[DealResult, float], ...]
"""How a deal ends: each outcome with its chance (those with none left out)."""


def _distribution(counts: Iterable[int]) -> Chances:
    counts = tuple(counts)
    total = sum(counts)
    if len(counts) != len(OUTCOMES) or total <= 0:
        raise ValueError("a count for each outcome, and at least one deal, are needed")
    return tuple((o, n / total) for o, n in zip(OUTCOMES, counts, strict=True) if n)


def marks_of(counts: Iterable[int]) -> dict[str, float]:
    """What each seat (``dealer``, ``elder``) marks on average in deals that end as ``counts``
    say, king included."""
    out = {"dealer": 0.0, "elder": 0.0}
    for o, p in _distribution(counts):
        if o.king:
            out[o.king] += p
        out[o.winner] += p * o.marks
    return out


@cache
def _game(chances: Chances, mine: int, his: int, dealing: bool, target: int) -> float:
    return _step(chances, chances, mine, his, dealing, target)


def _step(
    this: Chances, chances: Chances, mine: int, his: int, dealing: bool, target: int
) -> float:
    """The chance of the game when the next deal ends as ``this`` says and those after it as
    ``chances`` say."""
    if mine >= target:
        return 1.0
    if his >= target:
        return 0.0
    total = 0.0
    for o, p in this:
        after = score_after(o, mine, his, dealing, target)
        if isinstance(after, float):
            total += p * after
        else:
            total += p * _game(chances, *after, not dealing, target)
    return total


def score_after(
    o: DealResult, mine: int, his: int, dealing: bool, target: int
) -> float | tuple[int, int]:
    """The score after a deal that ends as ``o`` (his own if ``dealing``), the king marked
    before the hand is played: the game's result (1.0 won, 0.0 lost) if it decides it, else
    both players' points."""
    me, him = ("dealer", "elder") if dealing else ("elder", "dealer")
    m, h = mine, his
    if o.king == me:
        m += 1
    elif o.king == him:
        h += 1
    if m >= target or h >= target:
        return 1.0 if m >= target else 0.0
    if o.winner == me:
        m += o.marks
    else:
        h += o.marks
    return m, h


ON_SAMPLES = 64
"""Ways the cards the record does not show are dealt when a deal is played on and they are not
all placed in every way (:func:`play_on`, :func:`play_from`)."""

EXACT_WAYS = 1_000
"""The most ways of placing the cards the record does not show in which a deal played on under
perfect play (the exchange closed) is solved, every one of them, for an exact answer; past it,
:data:`ON_SAMPLES` ways are drawn at random. Chosen from a measurement
(``scripts/exact_ways.py``, on one core): a way costs about 0.25 ms to deal and solve (0.24 ms
a way over 253 ways, 0.27 over 2,024), so 1,000 ways take about a quarter of a second, some
fifteen times the sample of 64 (about 16 ms), the most one position played on can cost; the
casebook's positions played on under perfect play have at most 6 ways."""


class Ways(NamedTuple):
    """How a deal played on ends (:func:`play_from`): a count for each of :data:`OUTCOMES`, and
    whether the counts are every way the cards not shown can lie (``exact``), else a sample."""

    counts: list[int]
    exact: bool


def play_on(
    elder: int,
    dealer: int,
    turned: int,
    out: int,
    *,
    samples: int = ON_SAMPLES,
) -> list[int]:
    """How a deal ends if it is played on by the policy from what the record shows of it: the
    elder's and the dealer's known cards (one-bit sets; five at most, or more for a hand dealt
    too many), the card turned up (0 if none yet) and the cards out of play (discarded, or
    turned up beside the trump card). The rest of each hand, the turn-up if none, and the
    stock's order are dealt at random from the other cards ``samples`` times, from a seed
    made of the position (the same position, the same answer). A hand of more than five is
    brought to five as the laws say: the elder throws the cards he would discard (law 15),
    the dealer loses cards drawn at random from his hand (law 17). A count for each of
    :data:`OUTCOMES`."""
    known = elder | dealer | turned | out
    rng = random.Random(((elder * 1_000_003 + dealer) * 1_000_033 + turned) * 1_000_037 + out)
    pool = [1 << i for i in range(PACK_SIZE) if not (known >> i) & 1]
    deck = [1 << i for i in range(PACK_SIZE)]
    counts: Counter[DealResult] = Counter()
    for _ in range(samples):
        rest = list(pool)
        rng.shuffle(rest)
        e, d, t = elder, dealer, turned
        if not t:
            t = rest.pop()
        e, d = _five(e, d, t, rest, rng)
        counts[play_hands(e, d, t, rest, deck, rng)] += 1
    return [counts[o] for o in OUTCOMES]


def _five(
    elder: int, dealer: int, turned: int, rest: list[int], rng: random.Random
) -> tuple[int, int]:
    """Both hands brought to five: the elder throws what he would discard (law 15), the dealer
    loses cards drawn at random (law 17), a short hand is completed from ``rest``."""
    trumps = 0xFF << (8 * ((turned.bit_length() - 1) >> 3))
    while elder.bit_count() > HAND:
        elder &= ~throws(elder, trumps, 1)
    while dealer.bit_count() > HAND:
        dealer &= ~rng.choice([1 << i for i in range(PACK_SIZE) if (dealer >> i) & 1])
    while elder.bit_count() < HAND:
        elder |= rest.pop()
    while dealer.bit_count() < HAND:
        dealer |= rest.pop()
    return elder, dealer


def play_from(deal: DealState, *, samples: int = ON_SAMPLES, aside: int = 0) -> Ways | None:
    """How ``deal`` ends if it is played on from where it stands: by the policy while the
    exchange is open (:func:`play_on`'s way, the cards not known dealt at random ``samples``
    ways), under perfect play once it is closed (a proposal refused, play declared, or a card
    played), solved in every way the cards not known (and a card drawn or taken at random to
    put a hand right) can lie when they are :data:`EXACT_WAYS` or fewer, else dealt at random
    ``samples`` ways (:class:`Ways` says which). Before a card is played, a hand of the wrong
    number is put right as the laws say when no fresh deal is claimed (laws 15 to 18, as
    :func:`play_on` does). ``None`` where it cannot be played on: a hand played short or long
    once play has begun (the solver plays hands of equal size), a deal in the middle of an
    exchange (a player between discarding and drawing), several cards turned up. ``aside``:
    cards out of play that the deal does not show so (turned up beside the trump card)."""
    if deal.result is not None or deal.ended_by:
        return None
    elder, dealer = deal.hand(deal.elder), deal.hand(deal.dealer)
    turned = [c for c in deal.turned if c is not None]
    if len(turned) > 1 or deal.stage not in ("", "dealer discards", "answer"):
        return None
    in_play = bool(deal.tricks) or any(deal.played) or deal.lead is not None
    if in_play and not _playable_in_play(deal, elder, dealer, bool(turned)):
        return None
    closed = (
        deal.phase == Phase.PLAY
        or in_play
        or deal.declared is not None
        or bool(deal.proposals and deal.proposals[-1].answer == "refuse")
    )
    started = bool(deal.proposals) or closed
    out = _out_of_play(deal, aside)
    top = mask(turned)
    known = elder.cards | dealer.cards | top | out
    if _short_of_cards(elder, dealer, top, known, in_play):
        return None
    if not started and not elder.unknown and not dealer.unknown:
        return Ways(play_on(elder.cards, dealer.cards, top, out, samples=samples), exact=False)
    if closed and 0 < ways_to_place(elder, dealer, top, known, in_play) <= EXACT_WAYS:
        return _solved_every_way(deal, top, known, in_play)
    counts = _played_on(deal, top, out, known, in_play, closed, samples)
    return None if counts is None else Ways(counts, exact=False)


def ways_to_place(elder: Holding, dealer: Holding, top: int, known: int, in_play: bool) -> int:
    """How many ways, all alike likely, the cards not known can lie once the exchange is
    closed: the turn-up if none is known, the unknown cards of each hand, and, before play, a
    hand put right as :func:`_five` does (the dealer's surplus cards lost at random, a short
    hand completed from the cards no one is known to hold)."""
    left = PACK_SIZE - known.bit_count()
    ways = 1
    if not top:
        ways, left = left, left - 1
    for need in (elder.unknown, dealer.unknown):
        ways, left = ways * comb(max(0, left), need), left - need
    if in_play:
        return ways
    if dealer.size > HAND:
        ways *= comb(dealer.size, dealer.size - HAND)
    for size in (elder.size, dealer.size):
        need = max(0, HAND - size)
        ways, left = ways * comb(max(0, left), need), left - need
    return ways


def _solved_every_way(deal: DealState, top: int, known: int, in_play: bool) -> Ways | None:
    """:func:`play_from` exactly: the deal played on under perfect play in every way the
    cards not known can lie (:func:`ways_to_place`)."""
    elder, dealer = deal.hand(deal.elder), deal.hand(deal.dealer)
    pool = ((1 << PACK_SIZE) - 1) & ~known
    counts: Counter[DealResult] = Counter()
    for t in [top] if top else [1 << i for i in range(PACK_SIZE) if pool >> i & 1]:
        for more_e in hands_of(pool & ~t, elder.unknown):
            for more_d in hands_of(pool & ~t & ~more_e, dealer.unknown):
                e, d, rest = elder.cards | more_e, dealer.cards | more_d, pool & ~t & ~more_e
                hands = [(e, d)] if in_play else _every_five(e, d, t, rest & ~more_d)
                for e5, d5 in hands:
                    ended = _played_out(deal, e5, d5, t)
                    if ended is None:
                        return None
                    counts[ended] += 1
    return Ways([counts[o] for o in OUTCOMES], exact=True)


def _every_five(elder: int, dealer: int, turned: int, rest: int) -> Iterator[tuple[int, int]]:
    """Every way :func:`_five` can bring both hands to five: the elder throws what he would
    discard, the dealer loses any of his surplus cards, a short hand is completed with any of
    the cards of ``rest``."""
    trumps = 0xFF << (8 * ((turned.bit_length() - 1) >> 3))
    while elder.bit_count() > HAND:
        elder &= ~throws(elder, trumps, 1)
    for lost in hands_of(dealer, max(0, dealer.bit_count() - HAND)):
        kept = dealer & ~lost
        for more_e in hands_of(rest, max(0, HAND - elder.bit_count())):
            for more_d in hands_of(rest & ~more_e, max(0, HAND - kept.bit_count())):
                yield elder | more_e, kept | more_d


def _playable_in_play(deal: DealState, elder: Holding, dealer: Holding, turned: bool) -> bool:
    """Once play has begun: whether the hands are of equal size, as many cards as the tricks
    still to play (the solver plays no short or long hand), and, with a trick in progress,
    every card known."""
    led = 1 if deal.lead is not None else 0
    leader = deal.lead[0] if deal.lead is not None else None
    sizes = {p: deal.hand(p).size + (led if p is leader else 0) for p in (deal.elder, deal.dealer)}
    if len(set(sizes.values())) != 1 or sizes[deal.elder] + len(deal.tricks) != HAND:
        return False
    return deal.lead is None or not (elder.unknown or dealer.unknown or not turned)


def _out_of_play(deal: DealState, aside: int) -> int:
    """The cards out of play: discarded, played, led, and ``aside``."""
    out = aside
    for h in deal.discards:
        out |= h.cards
    for trick in deal.tricks:
        out |= mask((trick.lead, trick.follow))
    if deal.lead is not None:
        out |= mask((deal.lead[1],))
    return out


def _played_on(
    deal: DealState, top: int, out: int, known: int, in_play: bool, closed: bool, samples: int
) -> list[int] | None:
    """:func:`play_from`'s deals played on, the cards not known dealt at random (once, if none
    is unknown where the play is perfect): by the policy while the exchange is open, under
    perfect play once it is closed."""
    elder, dealer = deal.hand(deal.elder), deal.hand(deal.dealer)
    answering = deal.stage == "answer"
    answered = [p for p in deal.proposals if p.answer is not None]
    # A proposal awaiting its answer is answered by the policy: law 49 counts it then.
    proposed = bool(answered) if answering else has_proposed(deal, deal.elder)
    first_refused = refused_first_proposal(deal) if answered or not answering else False
    seen = out | deal.discards[SEAT[deal.elder]].cards  # what the elder has seen, beside his hand
    rng = random.Random(
        ((elder.cards * 1_000_003 + dealer.cards) * 1_000_033 + top) * 1_000_037 + out
    )
    pool = [1 << i for i in range(PACK_SIZE) if not (known >> i) & 1]
    deck = [1 << i for i in range(PACK_SIZE)]
    counts: Counter[DealResult] = Counter()
    fives = elder.size == dealer.size == HAND
    exact = closed and bool(top) and not elder.unknown and not dealer.unknown
    ways = 1 if exact and (in_play or fives) else samples
    for _ in range(ways):
        rest = list(pool)
        rng.shuffle(rest)
        e, d, t = elder.cards, dealer.cards, top
        if not t:
            t = rest.pop()
        for _ in range(elder.unknown):
            e |= rest.pop()
        for _ in range(dealer.unknown):
            d |= rest.pop()
        if not in_play:  # a wrong number, put right as the laws say (see play_on)
            e, d = _five(e, d, t, rest, rng)
        if closed:
            ended = _played_out(deal, e, d, t)
            if ended is None:
                return None
            counts[ended] += 1
        else:
            stock = rest[: max(0, deal.stock)]
            counts[
                play_hands(
                    e,
                    d,
                    t,
                    stock,
                    deck,
                    rng,
                    proposed=proposed,
                    first_refused=first_refused,
                    dealer_next=deal.stage == "dealer discards",
                    answer_next=answering,
                    seen=seen,
                )
            ] += 1
    return [counts[o] for o in OUTCOMES]


def _short_of_cards(elder: Holding, dealer: Holding, top: int, known: int, in_play: bool) -> bool:
    """Whether the pack lacks the cards to play a deal on: the unknown cards of both hands, a
    turn-up if none is known, and (before play) the cards that bring a short hand to five
    must all come from the cards no one is known to hold. A record that deals one hand 27
    cards, say, leaves too few (such a deal is not played on: :func:`play_from` is ``None``)."""
    need = elder.unknown + dealer.unknown + (0 if top else 1)
    if not in_play:
        for hand in (elder, dealer):
            need += max(0, HAND - hand.cards.bit_count() - hand.unknown)
    return need > PACK_SIZE - known.bit_count()


def _played(deal: DealState, player: Player) -> int:
    return deal.played[SEAT[player]]


def _played_out(deal: DealState, elder: int, dealer: int, turned: int) -> DealResult | None:
    """The deal's play from here under perfect play, the hands now ``elder`` and ``dealer``
    (``None`` if the solver cannot play it)."""
    hands = list(deal.hands)
    hands[SEAT[deal.elder]] = Holding(elder)
    hands[SEAT[deal.dealer]] = Holding(dealer)
    trump = deal.trump or SUITS[(turned.bit_length() - 1) >> 3]
    state = deal._replace(
        hands=(hands[0], hands[1], hands[2]),
        trump=trump,
        phase=Phase.PLAY,
        leader=deal.leader or deal.elder,
    )
    solved = solve_deal(state)
    if isinstance(solved, Unknown):
        return None
    king = SUIT_MASK[trump] & KINGS
    marked = ""
    if turned == king:
        marked = "dealer"
    else:
        for player, hand, seat in ((deal.elder, elder, "elder"), (deal.dealer, dealer, "dealer")):
            if not (hand & king or _held_by(deal, player, king)):
                continue
            # Held: marked if announced in time, or if he has not yet played (he announces).
            if not _played(deal, player) or announced_in_time(deal, player):
                marked = seat
    winner = "dealer" if solved.winner is deal.dealer else "elder"
    return DealResult(king=marked, winner=winner, marks=solved.points)


def _held_by(deal: DealState, player: Player, king: int) -> bool:
    """Whether ``player`` played the king of trumps already (to a trick, or led now)."""
    played = [(t.leader, t.lead) for t in deal.tricks] + [
        (t.follower, t.follow) for t in deal.tricks
    ]
    if deal.lead is not None:
        played.append((deal.lead[0], deal.lead[1]))
    return any(who is player and c is not None and (1 << c.index) & king for who, c in played)


def table_json(fresh: FreshDeals, chunks: list[list[int]]) -> str:
    """The shipped table's text: its provenance and each chunk's counts."""
    data = {
        "about": "How deals played by the policy of adjudicator/engine/ecarte/policy.py end: "
        "for each chunk of deals, dealt from its own seed "
        "(adjudicator.engine.ecarte.fresh.chunk_seed), a count for each outcome. Made by "
        "scripts/fresh_deals.py.",
        "policy": fresh.policy,
        "seed": fresh.seed,
        "chunk": CHUNK,
        "deals": fresh.deals,
        "outcomes": [f"{o.king or '-'} {o.winner} {o.marks}" for o in OUTCOMES],
        "chunks": chunks,
    }
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()]
    rows = ",\n".join(f"    {json.dumps(c)}" for c in chunks)
    lines[-1] = f'  "chunks": [\n{rows}\n  ]'
    return "{\n" + ",\n".join(lines) + "\n}\n"


class Shipped(NamedTuple):
    """The shipped table and its chunks."""

    fresh: FreshDeals
    chunks: list[list[int]]


@cache
def shipped() -> Shipped:
    """The table shipped with the program."""
    text = (
        resources.files("adjudicator.engine.ecarte").joinpath("fresh_deals.json").read_text("utf-8")
    )
    data = json.loads(text)
    chunks = [list(c) for c in data["chunks"]]
    totals = [sum(col) for col in zip(*chunks, strict=True)]
    fresh = FreshDeals(totals, deals=data["deals"], seed=data["seed"], policy=data["policy"])
    return Shipped(fresh, chunks)


def fresh_deals() -> FreshDeals:
    """The shipped table of fresh deals."""
    return shipped().fresh


__all__ = [
    "CHUNK",
    "EXACT_WAYS",
    "MAX_TARGET",
    "ON_SAMPLES",
    "OUTCOMES",
    "POLICY",
    "SEED",
    "FreshDeals",
    "Ways",
    "chunk_seed",
    "deal_chunk",
    "fresh_deals",
    "marks_of",
    "play_from",
    "play_on",
    "score_after",
    "shipped",
    "table_json",
    "ways_to_place",
]
