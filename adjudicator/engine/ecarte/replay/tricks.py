"""The play of the tricks: the play begun, a card led and a card played to it (followed, won, or
not as the laws require), the hand over when no trick can follow, and a card taken back."""

from __future__ import annotations

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.replay.hands import _Hands
from adjudicator.engine.ecarte.replay.state import _Deal, _set, _tuple_new
from adjudicator.engine.ecarte.rules import (
    CARD_BIT,
    HAND,
    SUIT_MASK,
    above,
    beats,
    cards_of,
    legal_follows,
)
from adjudicator.engine.ecarte.table import SEAT, Holding, Phase, TrickPlayed
from adjudicator.notation.cards import Card, Player, Suit
from adjudicator.notation.ecarte.model import Lead, Play, Retract, Trick


class _Tricks(_Hands):
    """The lines of the play."""

    def _start_play(self, deal: _Deal, player: Player) -> None:
        if deal.phase == Phase.DEALING:
            self._dev(
                DeviationKind.PLAY_BEFORE_TURN, player, "a card played before the trump was turned"
            )
        if deal.stage == "answer":
            self._dev(
                DeviationKind.PLAY_DURING_PROPOSAL, player, "a card played while a proposal awaited"
            )
        elif deal.stage in ("elder discards", "elder draws"):
            self._dev(
                DeviationKind.PLAY_DURING_EXCHANGE, player, "a card played during the exchange"
            )
        for p in (deal.elder, deal.dealer):
            size = deal.hand(p).size
            if size != HAND:
                self._dev(
                    DeviationKind.WRONG_COUNT_AT_PLAY, p, f"{p} began the play with {size} cards"
                )
        deal.phase = Phase.PLAY
        deal.stage = ""
        deal.play_hands = deal.hands
        unnamed = [("cards", p) for p in (deal.elder, deal.dealer) if deal.hand(p).unknown]
        if unnamed:  # cards of a hand at play that nothing in the record names
            deal.unrecorded = (*deal.unrecorded, *(f for f in unnamed if f not in deal.unrecorded))

    def _lead(self, e: Lead, deal: _Deal) -> None:
        self._lead_card(deal, e.player, e.card, e.names)

    def _lead_card(
        self, deal: _Deal, player: Player, card: Card | None, names: Suit | None
    ) -> None:
        if deal.phase != Phase.PLAY:
            self._start_play(deal, player)
        if deal.result is not None:
            self._dev(
                DeviationKind.PLAY_AFTER_HAND, player, f"{player} led after the hand was over"
            )
            return
        if deal.lead is not None:
            self._dev(
                DeviationKind.LEAD_TO_OPEN_TRICK, player, f"{player} led while a card awaited reply"
            )
        elif player is not deal.leader:
            self._dev(
                DeviationKind.LEAD_OUT_OF_TURN, player, f"{player} led; it was {deal.leader}'s lead"
            )
        self._remove_card(deal, player, card, "led")
        seat = SEAT[player]
        deal.lead = (player, card, names)
        deal.played = _set(deal.played, seat, deal.played[seat] + 1)

    def _play(self, e: Play, deal: _Deal) -> None:
        self._follow(deal, e.player, e.card)

    def _follow(self, deal: _Deal, player: Player, card: Card | None) -> None:
        if deal.lead is None:
            self._dev(DeviationKind.PLAY_WITHOUT_LEAD, player, f"{player} played with no card led")
            self._lead_card(deal, player, card, None)
            return
        leader, lead, _names = deal.lead
        if player is leader:
            self._dev(DeviationKind.PLAYED_TO_OWN_LEAD, player, f"{player} played to his own lead")
        seat = SEAT[player]
        winner = None
        if lead is not None and card is not None:
            trump = deal.trump
            hand = deal.hands[seat]
            bit = CARD_BIT[card]
            ranks = self.ranks
            if hand.unknown or not legal_follows(hand.cards | bit, lead, trump, ranks) & bit:
                self._check_follow(deal, player, hand, lead, card)
            winner = player if beats(card, lead, trump, ranks) else leader
        self._remove_card(deal, player, card, "played")
        tricks = deal.tricks
        deal.tricks = tricks = (
            *tricks,
            _tuple_new(TrickPlayed, (len(tricks) + 1, leader, lead, player, card, winner)),
        )
        deal.lead = None
        deal.leader = winner
        deal.played = _set(deal.played, seat, deal.played[seat] + 1)
        self._maybe_over(deal)

    def _check_follow(
        self, deal: _Deal, player: Player, hand: Holding, lead: Card, card: Card
    ) -> None:
        trump = deal.trump
        held = hand.cards | CARD_BIT[card]
        ranks = self.ranks
        legal = legal_follows(held, lead, trump, ranks)
        if legal & CARD_BIT[card]:
            # Lawful by the cards we know. Unknown cards could make it unlawful only if the
            # card played did not both follow and win, and (following) a card that would win
            # could be among them: not one seen in the deal or known to be in a hand.
            placed = deal.seen
            for h in deal.hands:
                placed |= h.cards
            could_win = above(lead, ranks) & ~placed
            if hand.unknown and not (
                card.suit is lead.suit and (beats(card, lead, trump, ranks) or not could_win)
            ):
                self._dev(
                    DeviationKind.PLAY_UNDETERMINED,
                    player,
                    f"whether {player} could have followed or won with {card} is not "
                    f"known: {hand.unknown} of his cards are not recorded",
                    (card,),
                )
            return
        legal_cards = tuple(cards_of(legal))
        words = " ".join(c.code for c in legal_cards)
        if card.suit is not lead.suit and held & SUIT_MASK[lead.suit]:
            kind = DeviationKind.NOT_FOLLOWING_SUIT
        else:
            kind = DeviationKind.NOT_WINNING
        self._dev(
            kind,
            player,
            f"{player} played {card} to {lead}; legal were {words}",
            (card,),
            legal_cards,
        )

    def _trick(self, e: Trick, deal: _Deal) -> None:
        expected = len(deal.tricks) + 1
        if e.number != expected:
            self._dev(
                DeviationKind.TRICK_NUMBER,
                e.leader,
                f"trick written as {e.number}; it is trick {expected}",
            )
        self._lead_card(deal, e.leader, e.lead, e.names)
        if e.follower is not None:
            self._follow(deal, e.follower, e.follow)

    def _maybe_over(self, deal: _Deal) -> None:
        """End the hand when no trick can follow: five played, or a hand empty (laws 30, 34:
        the other's remaining cards then count as his tricks)."""
        hands = deal.hands
        a, b = hands[SEAT[deal.elder]], hands[SEAT[deal.dealer]]
        if len(deal.tricks) < HAND and (a.cards or a.unknown) and (b.cards or b.unknown):
            return
        won = [0, 0, 0]
        undetermined = False
        for t in deal.tricks:
            if t.winner is None:
                undetermined = True
            else:
                won[SEAT[t.winner]] += 1
        if len(deal.tricks) < HAND:
            for p, h in ((deal.elder, a), (deal.dealer, b)):
                won[SEAT[p]] += h.size  # cards that cannot be played to (laws 30, 34)
        deal.phase = Phase.OVER
        deal.result = self._result(deal, won, undetermined)

    @staticmethod
    def _taken_back(e: Retract, deal: _Deal) -> str | None:
        """What a card taken back would take back: ``lead`` (the card led, not yet played to),
        ``follow`` (the card played to the last trick, before another card is led), or ``None``
        (neither: it is too late)."""
        if deal.lead is not None and deal.lead[0] is e.player and deal.lead[1] == e.card:
            return "lead"
        if deal.tricks and deal.lead is None:
            last = deal.tricks[-1]
            if last.follower is e.player and last.follow == e.card:
                return "follow"
        return None

    def _retract(self, e: Retract, deal: _Deal) -> None:
        seat = SEAT[e.player]
        what = self._taken_back(e, deal)
        if what == "lead":
            self._receive_back(deal, e.player, e.card)
            deal.lead = None
            deal.played = _set(deal.played, seat, deal.played[seat] - 1)
        elif what == "follow":
            last = deal.tricks[-1]
            self._receive_back(deal, e.player, e.card)
            deal.tricks = deal.tricks[:-1]
            deal.lead = (last.leader, last.lead, None)
            deal.leader = last.leader
            deal.played = _set(deal.played, seat, deal.played[seat] - 1)
            deal.phase = Phase.PLAY
            deal.result = None
        else:
            self._dev(
                DeviationKind.RETRACT_TOO_LATE,
                e.player,
                f"{e.player} took back {e.card or 'a card'} after another card was led",
            )
