"""Lawful parties of rubicon piquet, drawn from a seed: records to test the notation and the
engine against.

Everything is drawn from ``random.Random(seed)``, so a seed always gives the same record. Each
partie opens with a cut for deal (law 4: the higher card chooses) and runs six deals, eight if
the totals are level after six (law 71); the dealer alternates. Every card is written. A deal
is dealt by twos or threes, the method kept for the partie (law 9), and written packet by
packet or as the two hands (``holds``), then the stock. The scores written (``result``,
``score``, ``partie``, the settlement and any count a player states) are the engine's
(:func:`~adjudicator.engine.piquet.scoring.score_deal`,
:func:`~adjudicator.engine.piquet.partie.partie_state`,
:func:`~adjudicator.engine.piquet.partie.settle`).

A deal's lines, in this order (``A`` the elder, ``B`` the younger, for the example):

1. dealing: ``B deals by twos`` and the packets, elder first; or ``A holds ...`` and
   ``B holds ...`` (in either order), after an optional ``B deals``; then ``stock ...``;
2. ``X: carte blanche`` from the holder of one (law 18), right after the stock;
3. the elder's exchange: ``A: take N`` or ``A: leave K`` (always when he takes fewer than
   five, sometimes when he takes five; law 32), ``A discards ...``, ``A takes ...``, and when
   he leaves cards, optionally ``A leaves K`` (a count) and ``A looks at the left cards``
   (law 33); a younger's carte blanche is shown here, ``B shows ...`` (law 20);
4. the younger's exchange: ``B discards ...``, ``B takes ...`` (he may take all that is left,
   law 34); an elder's carte blanche is shown here, ``A shows ...``; when cards remain,
   ``B leaves ...`` (a count or the cards), then ``B looks at the left cards`` (and
   optionally ``A looks at the left cards``) or ``B does not look`` (law 36); rarely
   ``A looks at his discard`` (law 45);
5. the elder's calls (law 46), each category in law 67's order:

   * point, unless he sinks it (rarely): ``A: five cards`` (optionally ``making 49``,
     optionally ``in hearts``); if the younger's point has as many cards and the value was not
     said, ``B: what do they make?`` and ``A: 49``; then ``B: good``, ``B: not good`` or
     ``B: equal``, always true to the hands;
   * sequences, if he holds any: his best, ``A: quart major`` or ``A: tierce to the queen``
     (optionally ``in hearts``); the younger's true answer; if good, each other sequence of
     his on a line of its own, unanswered (law 49);
   * quatorzes and trios of tens or higher, if he holds any: ``A: three knaves`` and the same
     answers and further calls; after ``not good`` or ``equal`` he calls no more in the
     category, and an ``equal`` annuls both players' holdings in it (nobody calls them);
   * optionally, when it is not nought, ``A reckons N``: his score in hand in law 67's order,
     a repique included;

6. ``A leads XX``; optionally ``A: N``, his count with the lead;
7. the younger's calls, unanswered, in each category where he answered ``not good`` or where
   the elder called nothing (all his sequences, all his sets, best first); optionally, when
   not nought, ``B reckons N`` (his score in hand); ``B plays YY``;
8. the tricks ``2. A KH B 7D`` to ``12. ...``, lawful and in turn; in some deals each player
   who scores in a trick then states his count (the leader first), and after the last trick
   the winner of the cards his count with them (law 66); a count after ``B plays`` is B's
   when he wins the first trick;
9. ``result A x B y`` and ``score A X B Y``; after a partie's last deal ``partie A X B Y`` and
   ``A wins N`` (``rubicon``; laws 72, 73), or no settlement when the partie is drawn.
"""

from __future__ import annotations

import collections.abc as abc
from collections import Counter
from dataclasses import dataclass
from random import Random

from adjudicator.engine.piquet.cards import height, in_order
from adjudicator.engine.piquet.holdings import (
    Declaration,
    Point,
    RankSet,
    Sequence,
    holdings,
    is_carte_blanche,
)
from adjudicator.engine.piquet.partie import partie_state, settle
from adjudicator.engine.piquet.play import TRICKS, Trick
from adjudicator.engine.piquet.scoring import IN_HAND, Category, DealScore, score_deal
from adjudicator.notation.cards import ALL_CARDS, Card, Player
from adjudicator.notation.piquet.model import (
    Answer,
    Asked,
    CarteBlanche,
    Choice,
    CutForDeal,
    Deal,
    Deals,
    Discard,
    DoesNotLook,
    Elect,
    Event,
    ExchangeCall,
    ExchangeWord,
    Holds,
    Lead,
    Leave,
    Look,
    LookAt,
    NumberSaid,
    Packet,
    Partie,
    PartieScore,
    Play,
    PlayerCards,
    PointCall,
    Question,
    Reckon,
    Record,
    Reply,
    Result,
    Score,
    Seat,
    SequenceCall,
    SetCall,
    Settlement,
    Show,
    Stock,
    Tag,
    Take,
    Tally,
)
from adjudicator.notation.piquet.model import Trick as TrickLine
from adjudicator.notation.piquet.writer import write

A: Seat = Player.A
B: Seat = Player.B


@dataclass(frozen=True)
class Pack:
    """The cards of one deal as dealt: to stack a deal instead of shuffling for it."""

    elder: tuple[Card, ...]
    """The elder's twelve cards, in the order dealt."""
    younger: tuple[Card, ...]
    """The younger's twelve cards, in the order dealt."""
    stock: tuple[Card, ...]
    """The eight cards of the stock, its top card first."""

    def __post_init__(self) -> None:
        cards = (*self.elder, *self.younger, *self.stock)
        sizes = (len(self.elder), len(self.younger), len(self.stock))
        if sizes != (12, 12, 8) or set(cards) != set(ALL_CARDS):
            raise ValueError("a pack deals the 32 cards: twelve to each player, eight in stock")


def generate_record(seed: int, parties: int = 1, *, packs: abc.Sequence[Pack] = ()) -> Record:
    """A record of ``parties`` lawful parties drawn from ``seed``: tags ``Game`` and
    ``Partie`` (and sometimes ``Event``), each partie's cut for deal and choice, and its deals
    in full with the engine's scores. ``packs`` stacks the record's first deals (in the order
    played, across parties); the others are shuffled."""
    if parties < 1:
        raise ValueError("a record holds at least one partie")
    rng = Random(seed)
    tags = [Tag(name="Game", value="piquet"), Tag(name="Partie", value="6")]
    if rng.random() < 0.5:
        tags.insert(0, Tag(name="Event", value=f"Generated record, seed {seed}"))
    stacked = list(packs)
    made = tuple(_partie(rng, n, parties > 1, stacked) for n in range(1, parties + 1))
    return Record(tags=tuple(tags), parties=made)


def generate_text(seed: int, parties: int = 1, *, packs: abc.Sequence[Pack] = ()) -> str:
    """The canonical text of :func:`generate_record` (the notation's writer)."""
    return write(generate_record(seed, parties, packs=packs))


def _other(player: Seat) -> Seat:
    return B if player is A else A


def _tallies(points: abc.Mapping[Player, int]) -> tuple[Tally, ...]:
    return (Tally(player=A, points=points[A]), Tally(player=B, points=points[B]))


def _partie(rng: Random, number: int, heading: bool, stacked: list[Pack]) -> Partie:
    """One partie: the cut for deal, the choice (law 4), then deals until it is over (law 71)."""
    high, low = rng.sample(range(8), 2)  # heights, 7 the ace: distinct, so the cut decides
    winner = rng.choice((A, B))
    cut = {winner: _cut_card(rng, max(high, low)), _other(winner): _cut_card(rng, min(high, low))}
    opening: list[Event] = [
        CutForDeal(cuts=tuple(PlayerCards(player=p, cards=(cut[p],)) for p in (A, B)))
    ]
    deals_first = rng.random() < 0.7
    opening.append(Elect(player=winner, choice=Choice.DEAL if deals_first else Choice.ELDER))
    dealer = winner if deals_first else _other(winner)
    if rng.random() < 0.3:
        opening.append(Deals(player=dealer))
    by = rng.choice((2, 3))
    scores: list[dict[Player, int]] = []
    deals: list[Deal] = []
    while True:
        pack = stacked.pop(0) if stacked else _shuffle(rng)
        deal, points = _deal(rng, len(deals) + 1, dealer, by, pack)
        scores.append(points)
        state = partie_state(scores, (A, B))
        totals = state.totals
        events = [*deal.events, Result(tallies=_tallies(points)), Score(tallies=_tallies(totals))]
        if state.finished:
            events.append(PartieScore(tallies=_tallies(totals)))
            won = settle(totals)
            if won.winner is not None:
                seat = A if won.winner is Player.A else B
                events.append(Settlement(player=seat, points=won.points, rubicon=won.rubicon))
        deals.append(deal.model_copy(update={"events": tuple(events)}))
        if state.finished:
            break
        dealer = _other(dealer)
    return Partie(number=number if heading else None, opening=tuple(opening), deals=tuple(deals))


def _cut_card(rng: Random, at: int) -> Card:
    return rng.choice([c for c in ALL_CARDS if height(c.rank) == at])


def _shuffle(rng: Random) -> Pack:
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    return Pack(tuple(cards[:12]), tuple(cards[12:24]), tuple(cards[24:]))


# --------------------------------------------------------------------------------------------
#  A deal
# --------------------------------------------------------------------------------------------


def _deal(
    rng: Random, number: int, dealer: Seat, by: int, pack: Pack
) -> tuple[Deal, dict[Player, int]]:
    """A deal's events up to the last trick, and what it scores for each player."""
    elder, younger = _other(dealer), dealer
    dealt = {elder: pack.elder, younger: pack.younger}
    ev: list[Event] = []
    _dealing(rng, ev, elder, younger, dealt, by)
    ev.append(Stock(cards=pack.stock))
    blanche = {p: is_carte_blanche(dealt[p]) for p in (elder, younger)}
    ev += [CarteBlanche(player=p) for p in (elder, younger) if blanche[p]]
    hand = {p: list(dealt[p]) for p in (elder, younger)}
    _exchanges(rng, ev, elder, younger, dealt, hand, list(pack.stock), blanche)
    calls, answers_after, declared = _declare(rng, elder, hand, blanche)
    tricks = _play(rng, elder, hand)
    score = score_deal(elder, younger, declared, tricks)
    ev += calls
    _play_written(rng, ev, elder, younger, answers_after, tricks, score)
    return Deal(number=number, dealer=dealer, events=tuple(ev)), score.totals


def _dealing(
    rng: Random,
    ev: list[Event],
    elder: Seat,
    younger: Seat,
    dealt: dict[Seat, tuple[Card, ...]],
    by: int,
) -> None:
    """The dealing written down: packet by packet, elder first (law 9), or as the two hands."""
    dealer = younger
    if rng.random() < 0.5:  # packet by packet, elder first (law 9)
        ev.append(Deals(player=dealer, by=by))
        for i in range(0, 12, by):
            ev += [Packet(player=p, cards=dealt[p][i : i + by]) for p in (elder, younger)]
    else:
        if rng.random() < 0.3:
            ev.append(Deals(player=dealer))
        order = [elder, younger] if rng.random() < 0.5 else [younger, elder]
        for p in order:
            cards = in_order(dealt[p]) if rng.random() < 0.5 else dealt[p]
            ev.append(Holds(player=p, cards=cards))


def _exchanges(
    rng: Random,
    ev: list[Event],
    elder: Seat,
    younger: Seat,
    dealt: dict[Seat, tuple[Card, ...]],
    hand: dict[Seat, list[Card]],
    stock: list[Card],
    blanche: dict[Seat, bool],
) -> None:
    """The exchange (laws 21-36): the elder takes one to five, the younger the rest if he
    likes; the cards left, and who looks at them; a carte blanche shown."""
    n = rng.choices((5, 4, 3, 2, 1), weights=(60, 20, 10, 6, 4))[0]
    if n < 5 or rng.random() < 0.3:
        if n < 5 and rng.random() < 0.5:
            ev.append(ExchangeCall(player=elder, word=ExchangeWord.LEAVE, count=5 - n))
        else:
            ev.append(ExchangeCall(player=elder, word=ExchangeWord.TAKE, count=n))
    _exchange(rng, ev, elder, hand[elder], stock, n)
    if n < 5:
        if rng.random() < 0.5:
            ev.append(Leave(player=elder, cards=(None,) * (5 - n)))
        if rng.random() < 0.3:
            ev.append(Look(player=elder, at=LookAt.LEFT_CARDS))
    if blanche[younger]:
        ev.append(Show(player=younger, cards=dealt[younger]))
    m = len(stock) if rng.random() < 0.6 else rng.randint(1, len(stock))
    _exchange(rng, ev, younger, hand[younger], stock, m)
    if blanche[elder]:
        ev.append(Show(player=elder, cards=dealt[elder]))
    if stock:
        left = tuple(stock) if rng.random() < 0.5 else (None,) * len(stock)
        ev.append(Leave(player=younger, cards=left))
        if rng.random() < 0.5:
            ev.append(Look(player=younger, at=LookAt.LEFT_CARDS))
            if rng.random() < 0.5:
                ev.append(Look(player=elder, at=LookAt.LEFT_CARDS))
        else:
            ev.append(DoesNotLook(player=younger))
    if rng.random() < 0.05:
        ev.append(Look(player=elder, at=LookAt.DISCARD))


def _play_written(
    rng: Random,
    ev: list[Event],
    elder: Seat,
    younger: Seat,
    answers_after: list[Event],
    tricks: tuple[Trick, ...],
    score: DealScore,
) -> None:
    """From the elder's reckoning to the last trick: the scores in hand stated, the lead, the
    younger's calls, the tricks, and in some deals each count as it is reached."""
    in_hand = _in_hand(score)
    if in_hand[elder] and rng.random() < 0.6:
        ev.append(Reckon(player=elder, value=in_hand[elder]))
    counting = rng.random() < 0.25
    counts = _counts(score)
    ev.append(Lead(player=elder, card=tricks[0].led))
    if counting or rng.random() < 0.2:
        ev.append(NumberSaid(player=elder, value=counts[0][elder]))
    ev += answers_after
    if in_hand[younger] and rng.random() < 0.6:
        ev.append(Reckon(player=younger, value=in_hand[younger]))
    ev.append(Play(player=younger, card=tricks[0].played))
    for i, trick in enumerate(tricks):
        if i:
            ev.append(
                TrickLine(
                    number=i + 1,
                    leader=_seat(trick.leader),
                    lead=trick.led,
                    follower=_other(_seat(trick.leader)),
                    follow=trick.played,
                )
            )
        if counting:
            ev += [
                NumberSaid(player=_seat(p), value=v)
                for p, v in counts[i].items()
                if i or p is not elder
            ]
    if counting and score.cards.winner is not None:
        winner = score.cards.winner
        ev.append(NumberSaid(player=_seat(winner), value=score.total(winner)))


def _seat(player: Player) -> Seat:
    return A if player is Player.A else B


def _exchange(
    rng: Random, ev: list[Event], player: Seat, hand: list[Card], stock: list[Card], n: int
) -> None:
    """Discard ``n`` cards, the low cards of short suits by preference, and take ``n`` from
    the top of the stock (laws 21-23)."""
    lengths = Counter(c.suit for c in hand)
    ranked = sorted(hand, key=lambda c: height(c.rank) + 1.5 * lengths[c.suit] + rng.uniform(0, 4))
    out, taken = ranked[:n], stock[:n]
    del stock[:n]
    for card in out:
        hand.remove(card)
    hand += taken
    ev += [Discard(player=player, cards=tuple(out)), Take(player=player, cards=tuple(taken))]


def _answer(mine: tuple[int, int], theirs: tuple[int, int]) -> Reply:
    """The younger's true answer to the elder's call of ``theirs``, holding ``mine``."""
    if theirs > mine:
        return Reply.GOOD
    return Reply.EQUAL if theirs == mine else Reply.NOT_GOOD


_Item = Sequence | RankSet
"""A combination of which a player may hold several: a sequence, a quatorze or trio."""


def _declare(
    rng: Random, elder: Seat, hand: dict[Seat, list[Card]], blanche: dict[Seat, bool]
) -> tuple[list[Event], list[Event], dict[Player, Declaration]]:
    """The elder's calls and the younger's answers (before the lead), the younger's calls
    (after it), and what each player declared (laws 46-49)."""
    younger = _other(elder)
    held = {p: holdings(hand[p]) for p in (elder, younger)}
    before: list[Event] = []
    after: list[Event] = []
    ep, yp = held[elder].point, held[younger].point
    assert ep is not None and yp is not None
    point: dict[Seat, Point | None] = {elder: None, younger: None}
    if rng.random() < 0.04:  # the elder sinks his point: the younger calls his
        point[younger] = yp
        after.append(_point_call(rng, younger, yp, making=False))
    else:
        point[elder] = ep
        call = _point_call(rng, elder, ep, making=rng.random() < 0.3)
        before.append(call)
        if call.value is None and yp.cards == ep.cards:  # law 46: as many cards, he may ask
            before += [Question(player=younger, asks=Asked.VALUE)]
            before += [NumberSaid(player=elder, value=ep.pips)]
        reply = _answer(yp.precedence, ep.precedence)
        before.append(Answer(player=younger, reply=reply))
        if reply is not Reply.GOOD:
            point[younger] = yp
        if reply is Reply.NOT_GOOD:
            after.append(_point_call(rng, younger, yp, making=yp.cards == ep.cards))

    def many(ours: tuple[_Item, ...], yours: tuple[_Item, ...]) -> dict[Seat, tuple[_Item, ...]]:
        """One category of several (sequences, sets): the elder calls his best; if good, his
        others (law 49); if not good, the younger calls all his after the lead."""
        if not ours:
            after.extend(_call(rng, younger, item) for item in yours)
            return {elder: (), younger: yours}
        before.append(_call(rng, elder, ours[0]))
        reply = _answer(yours[0].precedence, ours[0].precedence) if yours else Reply.GOOD
        before.append(Answer(player=younger, reply=reply))
        if reply is Reply.GOOD:
            before.extend(_call(rng, elder, item) for item in ours[1:])
            return {elder: ours, younger: ()}
        if reply is Reply.EQUAL:
            return {elder: ours[:1], younger: yours[:1]}
        after.extend(_call(rng, younger, item) for item in yours)
        return {elder: ours[:1], younger: yours}

    seqs = many(held[elder].sequences, held[younger].sequences)
    sets = many(held[elder].sets, held[younger].sets)
    declared: dict[Player, Declaration] = {
        p: Declaration(
            carte_blanche=blanche[p],
            point=point[p],
            sequences=tuple(s for s in seqs[p] if isinstance(s, Sequence)),
            sets=tuple(s for s in sets[p] if isinstance(s, RankSet)),
        )
        for p in (elder, younger)
    }
    return before, after, declared


def _point_call(rng: Random, player: Seat, point: Point, *, making: bool) -> PointCall:
    """``A: five cards``, with ``making 49`` if ``making``, sometimes ``in hearts``."""
    suit = point.suit if rng.random() < 0.2 else None
    value = point.pips if making else None
    return PointCall(player=player, length=point.cards, value=value, suit=suit)


def _call(rng: Random, player: Seat, item: _Item) -> Event:
    """The call of a sequence (its length, the card it runs to, sometimes its suit) or a set."""
    if isinstance(item, RankSet):
        return SetCall(player=player, count=item.count, rank=item.rank)
    suit = item.suit if rng.random() < 0.2 else None
    return SequenceCall(player=player, length=item.length, top=item.top, suit=suit)


# --------------------------------------------------------------------------------------------
#  The play and the counts
# --------------------------------------------------------------------------------------------


def _play(rng: Random, elder: Seat, hand: dict[Seat, list[Card]]) -> tuple[Trick, ...]:
    """Twelve tricks played lawfully in turn: the elder leads first, the follower follows suit
    if he can, the higher card of the suit led wins and its player leads next (the
    Description, "Playing"). Half the deals are played at random, half with a simple sense."""
    cards = {p: list(hand[p]) for p in hand}
    sensible = rng.random() < 0.5
    tricks: list[Trick] = []
    leader = elder
    for _ in range(TRICKS):
        follower = _other(leader)
        mine = cards[leader]
        if sensible and rng.random() < 0.8:
            lengths = Counter(c.suit for c in mine)
            led = max(mine, key=lambda c: (lengths[c.suit] + height(c.rank) / 2, rng.random()))
        else:
            led = rng.choice(mine)
        suited = [c for c in cards[follower] if c.suit is led.suit]
        choice = suited or cards[follower]
        if sensible:
            winners = [c for c in suited if height(c.rank) > height(led.rank)]
            pool = winners or choice
            played = min(pool, key=lambda c: (height(c.rank), rng.random()))
        else:
            played = rng.choice(choice)
        trick = Trick(leader, led, played)
        tricks.append(trick)
        mine.remove(led)
        cards[follower].remove(played)
        if not trick.leader_wins:
            leader = follower
    return tuple(tricks)


def _in_hand(score: DealScore) -> dict[Player, int]:
    """Each player's score in hand (law 67, I-IV), a repique included: what he reckons before
    the play."""
    made = {score.elder: 0, score.younger: 0}
    for step in score.steps:
        if step.category in IN_HAND or step.category is Category.REPIQUE:
            made[step.player] = step.total
    return made


def _counts(score: DealScore) -> list[dict[Player, int]]:
    """For each trick, the count of each player who scores in it, after it (a pique with the
    play point that makes it), the leader first."""
    counts: list[dict[Player, int]] = [{} for _ in range(TRICKS)]
    trick = 0
    for step in score.steps:
        if step.category is Category.PLAY and step.trick is not None:
            trick = step.trick
        if step.category in (Category.PLAY, Category.PIQUE):
            counts[trick - 1][step.player] = step.total
    return counts
