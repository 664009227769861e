"""Random lawful games of écarté, from a seed: test data for the engine and the laws, and load
for the benchmarks.

Every game follows the laws: the higher cut deals first and the deal alternates; each dealer
keeps the packet order he first chose; proposals, acceptances and refusals, exchanges from the
stock while it lasts; kings turned up and marked, kings in hand announced in time (law 24's
timing included) or not announced; voles; law 49's two points; games played to the target.
The generator keeps its own tally of the score, independently of the replay engine (each hand
scored by the one statement of the hand's score, :mod:`adjudicator.engine.ecarte.hand_score`).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from adjudicator.engine.ecarte.hand_score import Terms, Why, hand_score
from adjudicator.engine.ecarte.rules import (
    HAND,
    cards_of,
    cut_rank,
    is_king_of,
    legal_follows,
    mask,
    trick_winner,
)
from adjudicator.notation.cards import ALL_CARDS, Card, Player, Rank, Suit
from adjudicator.notation.ecarte.model import (
    Accept,
    Announce,
    CutForDeal,
    Deal,
    DeclarePlay,
    Discard,
    Event,
    Lead,
    Mark,
    MarkReason,
    Packet,
    Play,
    Propose,
    Record,
    Refuse,
    Score,
    Tag,
    TakeUp,
    Trick,
    Turn,
)
from adjudicator.notation.ecarte.model import Cut as PackCut


class Generated(NamedTuple):
    """A generated record and the generator's own tally of it."""

    record: Record
    games: list[tuple[Player, dict[Player, int]]]
    """Each finished game: its winner and the final score."""
    score: dict[Player, int]
    """The score of the game in progress at the end (all zero if the last game finished)."""


def generate(seed: int, *, games: int = 1, target: int = 5) -> Generated:
    """A record of ``games`` complete games, decided by ``seed`` alone."""
    return _Game(random.Random(seed), seed, target).play(games)


def _other(p: Player) -> Player:
    return Player.B if p is Player.A else Player.A


class _Sheet:
    """A deal as the generator writes it: its lines so far, and the score as it keeps it."""

    __slots__ = ("events", "score", "target")

    def __init__(self, score: dict[Player, int], target: int) -> None:
        self.events: list[Event] = []
        self.score = score
        self.target = target

    def mark(self, player: Player, points: int, reason: MarkReason) -> bool:
        """Mark and say whether the game is won."""
        self.events.append(Mark(player=player, points=points, reason=reason))
        self.score[player] += points
        return self.score[player] >= self.target

    def close(self, winner: Player | None) -> tuple[list[Event], dict[Player, int], Player | None]:
        """The score agreed, written last: the deal's lines, the score, the game's winner."""
        score = self.score
        self.events.append(Score(points={Player.A: score[Player.A], Player.B: score[Player.B]}))
        return self.events, score, winner


class _Game:
    def __init__(self, rng: random.Random, seed: int, target: int) -> None:
        self.rng = rng
        self.seed = seed
        self.target = target
        self.orders: dict[Player, tuple[int, int]] = {}

    def play(self, n_games: int) -> Generated:
        rng = self.rng
        tags = (
            Tag(name="Event", value=f"Generated game {self.seed}"),
            Tag(name="A", value="Mr. Anstey"),
            Tag(name="B", value="Mr. Bourke"),
            Tag(name="Game", value=str(self.target)),
        )
        # The cut for deal: two cards of different rank; the higher deals (law 5).
        while True:
            a, b = rng.sample(ALL_CARDS, 2)
            if cut_rank(a) != cut_rank(b):
                break
        dealer = Player.A if cut_rank(a) > cut_rank(b) else Player.B
        opening = (CutForDeal(cuts={Player.A: (a,), Player.B: (b,)}),)
        deals: list[Deal] = []
        finished: list[tuple[Player, dict[Player, int]]] = []
        score = {Player.A: 0, Player.B: 0}
        while len(finished) < n_games:
            events, score, winner = self._deal(dealer, score)
            deals.append(Deal(number=len(deals) + 1, dealer=dealer, events=tuple(events)))
            if winner is not None:
                finished.append((winner, dict(score)))
                score = {Player.A: 0, Player.B: 0}
            dealer = _other(dealer)
        record = Record(tags=tags, opening=opening, deals=tuple(deals))
        return Generated(record, finished, score)

    def _deal(
        self, dealer: Player, score: dict[Player, int]
    ) -> tuple[list[Event], dict[Player, int], Player | None]:
        """One deal, written down, and the score after it; the player who won the game with
        it, if one did."""
        rng = self.rng
        elder = _other(dealer)
        sheet = _Sheet(dict(score), self.target)
        hands, turned, stock = self._deal_cards(sheet.events, elder, dealer)
        trump = turned.suit
        if (
            turned.rank is Rank.KING
            and rng.random() < 0.85
            and sheet.mark(dealer, 1, MarkReason.KING)
        ):
            return sheet.close(dealer)
        sheet.events.append(TakeUp(player=elder))
        if rng.random() < 0.5:
            sheet.events.append(TakeUp(player=dealer))
        stood, refused_first = self._exchange(sheet.events, elder, dealer, hands, stock)
        if (stood or not refused_first) and rng.random() < 0.5:
            sheet.events.append(DeclarePlay(player=elder))

        # Kings in hand: announced before the holder's first card (law 23), or at law 24's
        # moment when the king is itself the first card; sometimes not announced at all.
        king_plan: dict[Player, str] = {}
        for p in (elder, dealer):
            if any(is_king_of(c, trump) for c in hands[p]):
                roll = rng.random()
                king_plan[p] = "before" if roll < 0.6 else ("with" if roll < 0.85 else "never")
        for p in (elder, dealer):
            if king_plan.get(p) == "before":
                sheet.events.append(Announce(player=p))
                if sheet.mark(p, 1, MarkReason.KING):
                    return sheet.close(p)

        won, king_won = self._play_tricks(sheet, elder, hands, trump, king_plan)
        if king_won is not None:  # a king marked in the play won the game
            return sheet.close(king_won)
        terms = Terms(elder, dealer, elder_proposed=not stood, first_refused=refused_first)
        scored = hand_score(terms, (won[elder], won[dealer]))
        hand_winner = scored.winner
        assert hand_winner is not None  # five tricks played: one side has three
        reason = MarkReason.VOLE if scored.why is Why.VOLE else MarkReason.POINT
        if sheet.mark(hand_winner, scored.points, reason):
            return sheet.close(hand_winner)
        return sheet.close(None)

    def _deal_cards(
        self, events: list[Event], elder: Player, dealer: Player
    ) -> tuple[dict[Player, list[Card]], Card, list[Card]]:
        """The pack shuffled and cut, the hands dealt in the dealer's order (chosen at his first
        deal), the trump turned up: the hands, the card turned and the stock."""
        rng = self.rng
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        events.append(PackCut(player=elder, count=rng.randint(2, 30)))
        if dealer not in self.orders:
            first = rng.choice((2, 3))
            self.orders[dealer] = (first, HAND - first)
        first, second = self.orders[dealer]
        hands: dict[Player, list[Card]] = {elder: [], dealer: []}
        pos = 0
        for size in (first, second):
            for p in (elder, dealer):
                cards = deck[pos : pos + size]
                pos += size
                hands[p] += cards
                events.append(Packet(player=p, cards=tuple(cards)))
        turned = deck[pos]
        events.append(Turn(cards=(turned,)))
        return hands, turned, deck[pos + 1 :]

    def _exchange(
        self,
        events: list[Event],
        elder: Player,
        dealer: Player,
        hands: dict[Player, list[Card]],
        stock: list[Card],
    ) -> tuple[bool, bool]:
        """Proposals (law 26): the elder may propose as long as the dealer accepts and the
        stock lasts; the dealer may accept (and exchange) or refuse. Whether the elder stood
        (proposed nothing), and whether his first proposal was refused."""
        rng = self.rng
        proposals = 0
        refused_first = False
        while stock and rng.random() < (0.65 if proposals == 0 else 0.35):
            proposals += 1
            events.append(Propose(player=elder))
            if rng.random() < (0.3 if proposals == 1 else 0.2):
                events.append(Refuse(player=dealer))
                refused_first = proposals == 1
                break
            events.append(Accept(player=dealer))
            stock = self._discard_and_draw(events, elder, hands[elder], stock)
            if stock and rng.random() < 0.8:
                stock = self._discard_and_draw(events, dealer, hands[dealer], stock)
        return proposals == 0, refused_first

    def _discard_and_draw(
        self, events: list[Event], player: Player, hand: list[Card], stock: list[Card]
    ) -> list[Card]:
        """The player discards one to five cards and is given as many from the stock: the
        stock left."""
        rng = self.rng
        k = rng.randint(1, min(HAND, len(stock)))
        out = rng.sample(hand, k)
        for c in out:
            hand.remove(c)
        events.append(Discard(player=player, cards=tuple(out)))
        given, stock = stock[:k], stock[k:]
        hand += given
        events.append(Packet(player=player, cards=tuple(given)))
        return stock

    def _play_tricks(
        self,
        sheet: _Sheet,
        elder: Player,
        hands: dict[Player, list[Card]],
        trump: Suit,
        king_plan: dict[Player, str],
    ) -> tuple[dict[Player, int], Player | None]:
        """The play: the elder leads; the second player follows and wins when he can. The
        tricks each won, and the player who won the game by a king announced with the first
        card, if one did (the play then stops)."""
        rng = self.rng
        events = sheet.events
        dealer = _other(elder)
        leader = elder
        won = {elder: 0, dealer: 0}
        for number in range(1, HAND + 1):
            follower = _other(leader)
            lead = self._lead_choice(hands[leader], trump, king_plan.get(leader), number)
            hands[leader].remove(lead)
            legal = cards_of(legal_follows(mask(hands[follower]), lead, trump))
            follow = self._follow_choice(legal, trump, king_plan.get(follower), number)
            hands[follower].remove(follow)
            winner = trick_winner(leader, lead, follower, follow, trump)
            announce_lead = number == 1 and king_plan.get(leader) == "with"
            announce_follow = (
                number == 1 and follower is dealer and king_plan.get(follower) == "with"
            )
            if announce_lead and is_king_of(lead, trump):
                events.append(Lead(player=leader, card=lead))
                events.append(Announce(player=leader))
                events.append(Play(player=follower, card=follow))
            elif announce_follow and is_king_of(follow, trump):
                events.append(Lead(player=leader, card=lead))
                events.append(Play(player=follower, card=follow))
                events.append(Announce(player=follower))
            elif rng.random() < 0.1:
                events.append(Lead(player=leader, card=lead))
                events.append(Play(player=follower, card=follow))
            else:
                events.append(
                    Trick(number=number, leader=leader, lead=lead, follower=follower, follow=follow)
                )
            if (announce_lead and is_king_of(lead, trump)) or (
                announce_follow and is_king_of(follow, trump)
            ):
                who = leader if announce_lead else follower
                if sheet.mark(who, 1, MarkReason.KING):
                    return won, who
            won[winner] += 1
            leader = winner
        return won, None

    def _lead_choice(self, hand: list[Card], trump: Suit, plan: str | None, number: int) -> Card:
        if plan == "with" and number == 1:
            kings = [c for c in hand if is_king_of(c, trump)]
            if kings:
                return kings[0]
        return self.rng.choice(hand)

    def _follow_choice(self, legal: list[Card], trump: Suit, plan: str | None, number: int) -> Card:
        if plan == "with" and number == 1:
            kings = [c for c in legal if is_king_of(c, trump)]
            if kings:
                return kings[0]
        return self.rng.choice(legal)


__all__ = ["Generated", "generate"]
