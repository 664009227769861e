"""The hands: cards given to a player, taken out of his hand (played, discarded), given back, and
stated whole (``holds``); the holdings inferred from later lines merged in; and what a law's
remedy does to the cards (a surplus drawn or put out, cards thrown aside)."""

from __future__ import annotations

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.remedy import (
    DrawSurplus,
    PutOutSurplus,
    Remedy,
    ThrowAside,
    discards_next,
    held_later,
    set_aside,
    surplus,
)
from adjudicator.engine.ecarte.replay.state import _Deal, _set, _tuple_new
from adjudicator.engine.ecarte.replay.working import _Working
from adjudicator.engine.ecarte.rules import CARD_BIT, cards_of, mask
from adjudicator.engine.ecarte.table import SEAT, Holding, Phase
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.ecarte.model import Discard, Holds


class _Hands(_Working):
    """Cards into and out of the hands, for every phase of the deal."""

    def _resolve(self, deal: _Deal) -> None:
        """Merge the inferred holdings into the hands."""
        if self.inferred is None:
            return
        later = self.inferred[self.local]
        hands = list(deal.hands)
        changed = False
        for seat in (0, 1, 2):
            extra = later[seat] & ~hands[seat].cards
            n = extra.bit_count()
            # More cards inferred than cards unaccounted for: the record contradicts itself
            # (the play will show it); infer nothing rather than guess.
            if extra and n <= hands[seat].unknown:
                hands[seat] = Holding(hands[seat].cards | extra, hands[seat].unknown - n)
                changed = True
        if changed:
            deal.hands = (hands[0], hands[1], hands[2])

    def _receive(self, deal: _Deal, player: Player, cards: tuple[Card | None, ...]) -> None:
        seat = SEAT[player]
        hand = deal.hands[seat]
        add = 0
        unknown = hand.unknown
        seen = deal.seen
        for c in cards:
            if c is None:
                self._unnamed()
                unknown += 1
                continue
            bit = CARD_BIT[c]
            if seen & bit:
                if self._loose & bit:  # a card turned or faced in error, now given (law 37)
                    self._loose &= ~bit
                else:
                    self._dev(
                        DeviationKind.CARD_SEEN_TWICE, player, f"{c} was already in play", (c,)
                    )
            seen |= bit
            add |= bit
        deal.hands = _set(deal.hands, seat, _tuple_new(Holding, (hand.cards | add, unknown)))
        deal.seen = seen

    def _receive_back(self, deal: _Deal, player: Player, card: Card | None) -> None:
        seat = SEAT[player]
        hand = deal.hands[seat]
        if card is None:
            self._unnamed()
            new = Holding(hand.cards, hand.unknown + 1)
        else:
            new = Holding(hand.cards | CARD_BIT[card], hand.unknown)
        deal.hands = _set(deal.hands, seat, new)

    def _holds(self, e: Holds, deal: _Deal) -> None:
        """A statement of the player's whole hand at this moment: the cards named, and as many
        more not named as it has ``??``. Cards known to be in his hand and not named must be
        among those not named, else the record contradicts itself. In a deal whose dealing is
        not written down (no packet yet), it is the hand he was dealt, and the stock is the
        smaller by it."""
        seat = SEAT[e.player]
        hand = deal.hands[seat]
        unnamed = sum(1 for c in e.cards if c is None)
        if unnamed:
            self._unnamed()
        named = [c for c in e.cards if c is not None]
        stated = mask(named)
        if stated.bit_count() < len(named):
            twice = sorted({c for c in named if named.count(c) > 1}, key=named.index)
            self._dev(
                DeviationKind.HOLDING_CONTRADICTS,
                e.player,
                f"{e.player} is said to hold {' '.join(c.code for c in twice)} more than once",
                tuple(twice),
            )
        missing = hand.cards & ~stated
        if missing.bit_count() > unnamed:
            self._dev(
                DeviationKind.HOLDING_CONTRADICTS,
                e.player,
                f"{e.player} is said to hold {len(e.cards)} cards without "
                f"{' '.join(c.code for c in cards_of(missing))}",
                tuple(cards_of(missing)),
            )
            missing = 0
        if deal.phase == Phase.DEALING and not deal.packets:
            deal.stock = max(0, deal.stock - (len(e.cards) - hand.size))
        deal.seen |= stated
        deal.hands = _set(
            deal.hands, seat, Holding(stated | missing, unnamed - missing.bit_count())
        )

    def _remove(
        self, deal: _Deal, player: Player, cards: tuple[Card | None, ...], verb: str
    ) -> None:
        """Take cards out of a hand (played or discarded)."""
        seat = SEAT[player]
        hand = deal.hands[seat]
        known, unknown = hand.cards, hand.unknown
        seen = deal.seen
        for c in cards:
            if c is None:
                self._unnamed()
                if unknown:
                    unknown -= 1
                elif known:
                    # a card we cannot name left a hand we knew: it is no longer known which
                    unknown, known = known.bit_count() - 1, 0
                continue
            bit = CARD_BIT[c]
            seen |= bit
            if known & bit:
                known &= ~bit
            elif unknown:
                unknown -= 1
            else:
                self._dev(
                    DeviationKind.CARD_NOT_HELD,
                    player,
                    f"{player} {verb} {c}, which he did not hold",
                    (c,),
                )
        deal.hands = _set(deal.hands, seat, Holding(known, unknown))
        deal.seen = seen

    def _remove_card(self, deal: _Deal, player: Player, card: Card | None, verb: str) -> None:
        """Take one card out of a hand (:meth:`_remove`, for the card of a trick)."""
        if card is None:
            self._remove(deal, player, (card,), verb)
            return
        seat = SEAT[player]
        hands = deal.hands
        hand = hands[seat]
        bit = CARD_BIT[card]
        deal.seen |= bit
        if hand.cards & bit:
            new = _tuple_new(Holding, (hand.cards & ~bit, hand.unknown))
        elif hand.unknown:
            new = _tuple_new(Holding, (hand.cards, hand.unknown - 1))
        else:
            self._dev(
                DeviationKind.CARD_NOT_HELD,
                player,
                f"{player} {verb} {card}, which he did not hold",
                (card,),
            )
            return
        if seat == 0:
            deal.hands = (new, hands[1], hands[2])
        elif seat == 1:
            deal.hands = (hands[0], new, hands[2])
        else:
            deal.hands = (hands[0], hands[1], new)

    # -- what a law's remedy does to the cards ----------------------------------------------

    def _remedy(self, remedy: Remedy, deal: _Deal) -> None:
        """Make the move a law's remedy makes (:mod:`adjudicator.engine.ecarte.remedy`), as
        the claim that takes it is upheld."""
        seat = SEAT[remedy.player]
        hand = deal.hands[seat]
        if isinstance(remedy, ThrowAside):
            out = mask(remedy.cards) & hand.cards
            if out:
                self._put_aside(deal, seat, Holding(hand.cards & ~out, hand.unknown), Holding(out))
                self._aside[seat] = self._aside.get(seat, 0) | out
                self._replacing[seat] = self._replacing.get(seat, 0) + out.bit_count()
            return
        n = surplus(hand)
        if not n:
            return
        if isinstance(remedy, PutOutSurplus) or discards_next(
            self._events, self.local, remedy.player
        ):
            self._putting_out[seat] = n  # his next discard line is the surplus leaving
            return
        assert isinstance(remedy, DrawSurplus)
        kept = held_later(self._events, self.local, remedy.player)
        left, drawn = set_aside(hand, n, kept)
        self._put_aside(deal, seat, left, drawn)

    @staticmethod
    def _put_aside(deal: _Deal, seat: int, hand: Holding, aside: Holding) -> None:
        """The hand at ``seat`` is now ``hand``; the cards ``aside`` left it, set aside with
        his discard, out of play."""
        pile = deal.discards[seat]
        deal.hands = _set(deal.hands, seat, hand)
        deal.discards = _set(
            deal.discards, seat, Holding(pile.cards | aside.cards, pile.unknown + aside.unknown)
        )
        deal.seen |= aside.cards

    def _remedied(self, e: Discard, deal: _Deal) -> bool:
        """Whether the discard line is a remedy's move written down, not a discard of an
        exchange: the surplus of his hand put out or drawn (up to as many cards as that), or
        cards already thrown aside (:meth:`_remedy`)."""
        seat = SEAT[e.player]
        n = len(e.cards)
        pending = self._putting_out.get(seat, 0)
        if 0 < n <= pending:
            self._putting_out[seat] = pending - n
            self._remove(deal, e.player, e.cards, "put out")
            gone = Holding(mask(e.cards), sum(1 for c in e.cards if c is None))
            self._put_aside(deal, seat, deal.hands[seat], gone)
            return True
        aside = self._aside.get(seat, 0)
        if not aside or None in e.cards:
            return False
        named = mask(e.cards)
        if named and named & ~aside == 0:
            self._aside[seat] = aside & ~named
            return True
        return False
