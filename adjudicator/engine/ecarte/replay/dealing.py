"""Dealing and the turn-up: the shuffle and the cut, the dealer's order, the packets dealt and the
cards given in the exchange, the trump turned up (or a card turned in error), a dealing not
written down, a faced card, a look at the stock, a hand taken up."""

from __future__ import annotations

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.replay.hands import _Hands
from adjudicator.engine.ecarte.replay.inference import counts_stated_later
from adjudicator.engine.ecarte.replay.state import _Deal, _set
from adjudicator.engine.ecarte.rules import CARD_BIT, HAND
from adjudicator.engine.ecarte.table import SEAT, Holding, Phase
from adjudicator.notation.cards import PACK, Player
from adjudicator.notation.ecarte.model import Cut, Faced, Look, Order, Packet, Shuffle, TakeUp, Turn


class _Dealing(_Hands):
    """The lines of the dealing and the turn-up, and of the cards given in the exchange."""

    # -- shuffling and cutting --------------------------------------------------------------

    def _shuffle(self, e: Shuffle, deal: _Deal | None) -> None:
        if e.exposed or e.below_table:
            how = "exposing cards" if e.exposed else "below the table"
            self._dev(DeviationKind.FAULTY_SHUFFLE, e.player, f"{e.player} shuffled {how}")
        if deal is not None and deal.phase == Phase.PLAY and deal.result is None:
            self._dev(
                DeviationKind.SHUFFLE_DURING_PLAY, e.player, f"{e.player} shuffled during the play"
            )
        elif (
            deal is not None and self._cut_made and not deal.packets and deal.phase == Phase.DEALING
        ):
            self._dev(
                DeviationKind.SHUFFLED_AFTER_CUT, e.player, f"{e.player} shuffled after the cut"
            )

    def _cut(self, e: Cut, deal: _Deal) -> None:
        self._cut_made = True
        if e.player is deal.dealer:
            self._dev(
                DeviationKind.CUT_BY_DEALER, e.player, f"the dealer {e.player} cut his own pack"
            )
        if e.count < 2 or e.count > PACK - 2:
            self._dev(
                DeviationKind.SHORT_CUT,
                e.player,
                f"{e.player} cut {e.count}; a cut leaves two cards each way",
            )
        if e.exposed:
            cards = tuple(c for c in e.exposed if c is not None)
            self._dev(DeviationKind.CUT_EXPOSED, e.player, "a card was exposed in cutting", cards)
        if deal.packets:
            self._dev(
                DeviationKind.CUT_AFTER_DEALING, e.player, f"{e.player} cut after the dealing began"
            )

    def _order(self, e: Order, deal: _Deal | None) -> None:
        if deal is not None and deal.packets:
            self._dev(
                DeviationKind.ORDER_TOO_LATE,
                deal.dealer,
                "a new order announced after the dealing began",
            )
        self.table = self.table._replace(pending_order=(e.first, e.second))

    # -- dealing and giving cards -----------------------------------------------------------

    def _packet(self, e: Packet, deal: _Deal) -> None:
        if e.exposed:
            exposed = tuple(c for i, c in enumerate(e.cards) if i in e.exposed and c is not None)
            whose = "his own" if e.player is deal.dealer else f"{e.player}'s"
            kind = (
                DeviationKind.EXPOSED_IN_DEALING
                if deal.phase == Phase.DEALING
                else DeviationKind.EXPOSED_IN_GIVING
            )
            self._dev(kind, deal.dealer, f"the dealer exposed {whose} card(s)", exposed)
        if deal.phase == Phase.DEALING:
            self._deal_packet(e, deal)
            return
        n = len(e.cards)
        stage = deal.stage
        seat = SEAT[e.player]
        if 0 < n <= self._replacing.get(seat, 0):
            # The cards given instead of those a remedy threw aside (law 36).
            self._replacing[seat] -= n
        elif stage == "elder draws" and e.player is deal.elder:
            asked = deal.asked if deal.asked is not None else n
            if n != asked:
                self._dev(
                    DeviationKind.WRONG_NUMBER_GIVEN,
                    deal.dealer,
                    f"{e.player} asked for {asked} and was given {n}",
                )
            deal.stage = "dealer discards"
        elif stage == "dealer draws" and e.player is deal.dealer:
            wanted = deal.discards[SEAT[deal.dealer]].size - self._dealer_discarded_before
            if n != wanted:
                self._dev(
                    DeviationKind.DEALER_TOOK_WRONG_NUMBER,
                    deal.dealer,
                    f"{e.player} discarded {wanted} and took {n}",
                )
            deal.stage = ""
        elif (
            (who := self._completing) is not None
            and e.player is who
            and deal.hand(who).size + n <= HAND
        ):
            # The completion of his short hand from the stock, which his claim (or the other
            # player's permission) called for: laws 16, 18, 32, 34. A claim the laws reject
            # never reaches here (:class:`Leave`).
            self._completing = None
        else:
            self._dev(
                DeviationKind.CARDS_GIVEN_OUT_OF_TURN,
                e.player,
                f"{e.player} was given {n} card(s) when no exchange called for it",
            )
        if n > deal.stock:
            self._dev(
                DeviationKind.STOCK_EXHAUSTED,
                e.player,
                f"{n} card(s) given; the stock had {deal.stock}",
            )
        loose = sum(1 for c in e.cards if c is not None and self._loose & CARD_BIT[c])
        deal.stock = max(0, deal.stock - (n - loose))  # loose cards left it already
        self._receive(deal, e.player, e.cards)

    def _deal_packet(self, e: Packet, deal: _Deal) -> None:
        t = self.table
        k = len(deal.packets)
        n = len(e.cards)
        dealer_seat = SEAT[deal.dealer]
        order = t.orders[dealer_seat]
        if k == 0:
            chosen = t.pending_order or order
            if chosen is None:
                # His first packet selects his order (law 8). One of another size than two or
                # three is read as the lawful packet nearest it, with cards too many or too
                # few (as laws 15-18 read a wrong hand): four or more begin 3-2, one 2-3.
                chosen = (3, 2) if n >= 3 else (2, 3)
            if t.pending_order is not None or order is None:
                orders = list(t.orders)
                orders[dealer_seat] = chosen
                self.table = t = t._replace(orders=tuple(orders), pending_order=None)
            order = chosen
            self._order_used = order
            if order is not None and n != order[0] and n in (2, 3):
                self._dev(
                    DeviationKind.ORDER_CHANGED,
                    deal.dealer,
                    f"{deal.dealer} dealt {n}-{HAND - n}; his order this game is "
                    f"{order[0]}-{order[1]}",
                )
                self._order_used = (n, HAND - n)  # judge the rest of the deal by his new order
        if k < 4:
            expected_player = deal.elder if k % 2 == 0 else deal.dealer
            if e.player is not expected_player:
                self._dev(
                    DeviationKind.PACKET_TO_WRONG_PLAYER,
                    deal.dealer,
                    f"packet {k + 1} went to {e.player}; it was {expected_player}'s",
                )
            used = self._order_used
            if order is not None and used is not None:
                size = used[0] if k < 2 else used[1]
                if n != size:
                    self._dev(
                        DeviationKind.WRONG_PACKET_SIZE,
                        deal.dealer,
                        f"packet {k + 1} to {e.player} had {n} card(s), not {size}",
                    )
        else:
            self._dev(DeviationKind.EXTRA_PACKET, deal.dealer, f"a fifth packet, to {e.player}")
        deal.packets = (*deal.packets, (e.player, n))
        deal.stock = max(0, deal.stock - n)
        self._receive(deal, e.player, e.cards)

    def _turn(self, e: Turn, deal: _Deal) -> None:
        cards = e.cards
        known = tuple(c for c in cards if c is not None)
        if len(known) < len(cards):
            self._unnamed()
        seen = deal.seen
        for c in known:
            if seen & CARD_BIT[c]:
                self._dev(DeviationKind.CARD_SEEN_TWICE, None, f"{c} was already in play", (c,))
            seen |= CARD_BIT[c]
        if deal.phase != Phase.DEALING or e.in_error:
            self._dev(
                DeviationKind.CARD_TURNED_IN_ERROR,
                deal.dealer,
                f"{deal.dealer} turned up {' '.join(c.code for c in known) or 'a card'} "
                "after the trump was turned",
                known,
            )
            for c in known:
                self._loose |= CARD_BIT[c]
            deal.seen = seen
            deal.stock = max(0, deal.stock - len(cards))
            return
        if len(cards) > 1:
            self._dev(
                DeviationKind.SEVERAL_TURNED, deal.dealer, f"{len(cards)} cards turned up", known
            )
        if not deal.packets:
            self._dealing_unrecorded(deal)
        for p in (deal.elder, deal.dealer):
            size = deal.hand(p).size
            if size != HAND:
                self._dev(
                    DeviationKind.WRONG_COUNT_DEALT,
                    deal.dealer,
                    f"{p} was dealt {size} cards, not {HAND}",
                )
        deal.phase = Phase.EXCHANGE
        deal.turned = tuple(cards)
        deal.trump = cards[0].suit if cards and cards[0] is not None else None
        deal.seen = seen
        deal.stock = max(0, deal.stock - len(cards))

    def _dealing_unrecorded(self, deal: _Deal) -> None:
        """No packet written down by the turn-up: the dealing is not recorded. A hand stated
        whole (``holds``) is what he was dealt; so is one a later ``holds`` line counts
        (:func:`counts_stated_later`); any other is taken as five cards not named (the play
        names them, :func:`later_holdings`), how many he was dealt not being known. Either way
        the cards left the pack."""
        facts: list[tuple[str, Player | None]] = [("packets", None)]
        counted = counts_stated_later(self._events)
        for p in (deal.elder, deal.dealer):
            seat = SEAT[p]
            hand = deal.hands[seat]
            if hand.size:
                continue  # stated whole; the stock gave them up then (:meth:`_holds`)
            self._unnamed()
            n = counted.get(p)
            if n is None:
                facts.append(("dealt", p))
                n = HAND
            deal.hands = _set(deal.hands, seat, Holding(0, max(0, n)))
            deal.stock = max(0, deal.stock - max(0, n))
        deal.unrecorded = (*deal.unrecorded, *facts)

    def _faced(self, e: Faced, deal: _Deal) -> None:
        where = "pack" if deal.phase == Phase.DEALING else "stock"
        cards = (e.card,) if e.card is not None else ()
        self._dev(DeviationKind.FACED_CARD, None, f"a faced card in the {where}", cards)
        if where == "stock":
            deal.stock = max(0, deal.stock - 1)  # thrown aside (law 35)
        if e.card is not None:
            self._loose |= CARD_BIT[e.card]
            deal.seen |= CARD_BIT[e.card]

    def _look(self, e: Look, deal: _Deal) -> None:
        if e.at == "discard":
            self._dev(DeviationKind.LOOKED_AT_DISCARD, e.player, f"{e.player} looked at a discard")
        else:
            self._dev(
                DeviationKind.LOOKED_AT_STOCK, e.player, f"{e.player} looked at cards of the stock"
            )

    def _take_up(self, e: TakeUp, deal: _Deal) -> None:
        deal.looked = deal.looked | {e.player}
