"""The rules of play and of scoring, as pure functions on cards and bitmasks.

A set of cards is an ``int``: bit ``card.index`` is set when the card is in the set. Suits take
eight bits each (spades, hearts, diamonds, clubs) and within a suit the king has the lowest
bit, so "higher in the suit" is "lower bit". Each function cites the law it states.
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.notation.cards import ALL_CARDS, PACK, Card, Player, Rank, Suit

GAME = 5
"""Points that win a game, unless the record's ``Game`` tag says otherwise (law 46)."""

HAND = 5
"""Cards in a hand (law 8)."""

STOCK_AFTER_DEAL = PACK - 2 * HAND - 1
"""Cards left to exchange from after a lawful deal and turn-up: 21. The turn-up is never
taken into hand (the project's reading of law 38; see laws/)."""

SUITS: tuple[Suit, ...] = tuple(Suit)
SUIT_MASK: dict[Suit, int] = {s: 0xFF << (8 * i) for i, s in enumerate(SUITS)}
"""The cards of each suit."""
CARD_BIT: dict[Card, int] = {c: 1 << c.index for c in ALL_CARDS}
ALL = (1 << PACK) - 1


def mask(cards: Iterable[Card | None]) -> int:
    """The set of the known cards among ``cards``."""
    m = 0
    for c in cards:
        if c is not None:
            m |= 1 << c.index
    return m


def cards_of(m: int) -> list[Card]:
    """The cards in a set, in the order spades, hearts, diamonds, clubs, each from the king."""
    out = []
    while m:
        low = m & -m
        out.append(ALL_CARDS[low.bit_length() - 1])
        m ^= low
    return out


def count(m: int) -> int:
    """How many cards a set holds."""
    return m.bit_count()


class RankOrder:
    """An order of the ranks within every suit, trumps included, in the play and in the cut for
    deal: the club code's K Q J A T 9 8 7 (:data:`CLUB_RANKS`), or a rule profile's. Its tables
    are made once, so that asking it costs what the club code's own order cost."""

    __slots__ = ("higher", "order", "places")

    def __init__(self, order: str) -> None:
        ranks = tuple(Rank(letter) for letter in order.split())
        if sorted(ranks) != sorted(Rank) or len(ranks) != len(Rank):
            raise ValueError(f"an order of the ranks names each rank once, not {order!r}")
        self.order: tuple[Rank, ...] = ranks
        """The ranks, highest first."""
        place = {rank: len(ranks) - 1 - i for i, rank in enumerate(ranks)}
        self.places: tuple[int, ...] = tuple(place[c.rank] for c in ALL_CARDS)
        """By :attr:`Card.index`: the card's place in the order, 7 for the highest rank."""
        self.higher: tuple[int, ...] = tuple(
            sum(
                1 << d.index
                for d in ALL_CARDS
                if d.suit is c.suit and place[d.rank] > place[c.rank]
            )
            for c in ALL_CARDS
        )
        """By :attr:`Card.index`: the set of the cards of its suit that beat it."""

    def __repr__(self) -> str:
        return f"RankOrder({' '.join(self.order)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RankOrder) and other.order == self.order

    def __hash__(self) -> int:
        return hash(self.order)


CLUB_RANKS = RankOrder("K Q J A T 9 8 7")
"""The club code's order: the ace between the knave and the ten (laws 5 and 39-43)."""

ACE_HIGH_RANKS = RankOrder("A K Q J T 9 8 7")
"""The ace-high profile's order: the ace above the king, the rest as in the club code."""


def above(card: Card, ranks: RankOrder = CLUB_RANKS) -> int:
    """The cards of ``card``'s suit that beat it (law: K Q J A T 9 8 7 in every suit; or the
    order ``ranks`` of a rule profile)."""
    return ranks.higher[card.index]


def beats(card: Card, other: Card, trump: Suit | None, ranks: RankOrder = CLUB_RANKS) -> bool:
    """Whether ``card``, played to ``other`` led, wins the trick."""
    if card.suit is other.suit:
        places = ranks.places
        return places[card.index] > places[other.index]
    return trump is not None and card.suit is trump


def trick_winner(
    leader: Player,
    lead: Card,
    follower: Player,
    follow: Card,
    trump: Suit | None,
    ranks: RankOrder = CLUB_RANKS,
) -> Player:
    """Who wins a trick: the follower if he played a higher card of the suit led, or a trump
    to a lead of another suit; otherwise the leader."""
    return follower if beats(follow, lead, trump, ranks) else leader


def legal_follows(hand: int, lead: Card, trump: Suit | None, ranks: RankOrder = CLUB_RANKS) -> int:
    """The cards the second player may play to ``lead`` from ``hand`` (laws 43, 39).

    He must follow suit, and must win the trick if he can: with a higher card of the suit led;
    or, void in that suit, with a trump. Otherwise any card. (The club code's reading, §6.7 of
    the reference: failing to trump when void and able is failing to win when able.)
    """
    same = hand & SUIT_MASK[lead.suit]
    if same:
        higher = same & ranks.higher[lead.index]
        return higher or same
    if trump is not None and trump is not lead.suit:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            return trumps
    return hand


def cut_rank(card: Card, ranks: RankOrder = CLUB_RANKS) -> int:
    """The value of a card cut for deal: the highest écarté card deals (law 5). King highest,
    then queen, knave, ace, ten, ... seven (or the order ``ranks`` of a rule profile). Suits
    have no rank."""
    return ranks.places[card.index]


def doubled(*, dealer_won: bool, elder_proposed: bool, first_refused: bool) -> bool:
    """Law 49, stated once: the point counts two when the dealer wins it and the non-dealer
    played without proposing, or the non-dealer wins it and the dealer refused the first
    proposal."""
    return not elder_proposed if dealer_won else first_refused


def offer_in_time(turned: bool, tricks: int, leading: bool) -> bool:
    """Whether an offer to double, or of the point, may be made (the doubling and offering
    profiles): from the turn-up until the first card of the third trick is led (``tricks``
    tricks played, ``leading`` a card led and not yet played to)."""
    return turned and (tricks < 2 or (tricks == 2 and not leading))


def point_marks(tricks: int, *, doubled: bool) -> int:
    """What the winner of the hand marks for ``tricks`` tricks (3, 4 or 5): the point 1, the
    vole 2 (law 48); 2 for the point when law 49 doubles it (:func:`doubled`: the point only;
    the vole stays 2)."""
    if tricks == HAND:
        return 2
    if tricks >= 3:
        return 2 if doubled else 1
    return 0


def game_value(loser_score: int) -> int:
    """Games counted for winning, by agreement (law 46): treble if the loser has not scored, a
    double if he has one or two, a single if three or four."""
    if loser_score <= 0:
        return 3
    if loser_score <= 2:
        return 2
    return 1


def is_king_of(card: Card | None, trump: Suit | None) -> bool:
    """Whether ``card`` is the king of trumps."""
    return (
        card is not None and trump is not None and card.rank is Rank.KING and (card.suit is trump)
    )


def king_of(trump: Suit) -> Card:
    """The king of trumps."""
    return ALL_CARDS[SUITS.index(trump) * 8]
