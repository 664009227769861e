"""The profiles' lines at the table: advice (French écarté), an offer to double and its answer
(doubling), the point offered and its answer (offering)."""

from __future__ import annotations

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.hand_score import End
from adjudicator.engine.ecarte.profiles import Offer
from adjudicator.engine.ecarte.queries import hand_result
from adjudicator.engine.ecarte.replay.state import _Deal, _partner
from adjudicator.engine.ecarte.replay.working import _Working
from adjudicator.engine.ecarte.rules import offer_in_time
from adjudicator.engine.ecarte.table import Ending, Phase
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import Advise, Double, DoubleAnswer, OfferPoint, PointAnswer


class _Offers(_Working):
    """The lines of advice and of the offers to double and of the point."""

    def _advise(self, e: Advise, deal: _Deal) -> None:
        if e.player is deal.dealer or e.player is deal.elder:
            self._dev(
                DeviationKind.ADVICE_BY_PLAYER,
                e.player,
                f"{e.player}, a player of the deal, advised his adversary {e.advised}",
            )
        else:
            self._dev(DeviationKind.BYSTANDER_ADVICE, e.player, f"{e.player} advised {e.advised}")

    def _offer_window(self, deal: _Deal, player: Player, what: Offer) -> bool:
        """Whether an offer (``double`` or ``point``) may take effect; a deviation says why
        not: the profile has no such offer, it is out of time (before the turn-up, once the
        first card of the third trick is led, or after the hand), or a hand already doubled
        is offered again."""
        if what is Offer.DOUBLE:
            word = "to double"
            not_in_rules = DeviationKind.DOUBLE_NOT_IN_RULES
            late = DeviationKind.DOUBLE_OUT_OF_TIME
        else:
            word = "the point"
            not_in_rules = DeviationKind.POINT_OFFER_NOT_IN_RULES
            late = DeviationKind.POINT_OFFER_OUT_OF_TIME
        if what not in self.offers:
            rules = self.table.profile.name
            self._dev(
                not_in_rules,
                player,
                f"{player} offered {word}; the rules played ({rules}) have no such offer",
            )
            return False
        turned = deal.trump is not None or bool(deal.turned)
        if not offer_in_time(turned, len(deal.tricks), deal.lead is not None):
            when = "before the trump was turned up" if not turned else "once the third trick began"
            self._dev(late, player, f"{player} offered {word} {when}")
            return False
        if deal.result is not None:
            self._dev(late, player, f"{player} offered {word} after the hand was over")
            return False
        if what is Offer.DOUBLE and deal.doubled is not None:
            self._dev(
                DeviationKind.DOUBLE_AGAIN,
                player,
                f"{player} offered to double a hand already doubled",
            )
            return False
        return True

    def _double(self, e: Double, deal: _Deal) -> None:
        if self._offer_window(deal, e.player, Offer.DOUBLE):
            deal.offer = ("double", e.player)
        else:
            self._void_offer = (deal.number, "double", e.player)

    def _offer_point(self, e: OfferPoint, deal: _Deal) -> None:
        if self._offer_window(deal, e.player, Offer.POINT):
            deal.offer = ("point", e.player)
        else:
            self._void_offer = (deal.number, "point", e.player)

    def _answer_offer(self, player: Player, accepted: bool, what: str, deal: _Deal) -> bool:
        """Whether an answer answers the offer awaiting it (a deviation if not)."""
        offer = deal.offer
        void = self._void_offer
        if deal.result is not None:  # the hand is over: an offer unanswered was void
            deal.offer = None
            self._dev(
                DeviationKind.ANSWER_TO_VOID_OFFER,
                player,
                f"{player} answered an offer after the hand was over (unanswered, it was void)",
            )
            return False
        if (
            offer is None
            and void is not None
            and void[:2] == (deal.number, what)
            and void[2] is not player
        ):
            self._dev(
                DeviationKind.ANSWER_TO_VOID_OFFER,
                player,
                f"{player} answered an offer that was void",
            )
            return False
        if offer is None or offer[0] != what or offer[1] is player:
            self._dev(
                DeviationKind.ANSWER_WITHOUT_OFFER,
                player,
                f"{player} {'accepted' if accepted else 'refused'} "
                f"{'a double' if what == 'double' else 'the point'} nobody offered him",
            )
            return False
        deal.offer = None
        return True

    def _double_answer(self, e: DoubleAnswer, deal: _Deal) -> None:
        if not self._answer_offer(e.player, e.accepted, "double", deal):
            return
        offerer = _partner((deal.dealer, deal.elder), e.player)
        if e.accepted:
            deal.doubled = offerer
            return
        # Refused: the hand ends, and the offerer marks as for the point (rule D1): two if the
        # refuser is in law 49's case by then.
        tricks = self._tricks_won(deal)
        deal.result = hand_result(deal.freeze(), tricks, End.DOUBLE_REFUSED, e.player, so_far=True)
        deal.phase = Phase.OVER
        deal.ended_by = Ending.DOUBLE_REFUSED

    def _point_answer(self, e: PointAnswer, deal: _Deal) -> None:
        if not self._answer_offer(e.player, e.accepted, "point", deal):
            return
        if not e.accepted:
            deal.point_refused = e.player
            return
        # Accepted: the hand ends as if the acceptor had won the point (rule O1): two if the
        # offerer is in law 49's case by then.
        tricks = self._tricks_won(deal)
        deal.result = hand_result(deal.freeze(), tricks, End.POINT_ACCEPTED, e.player, so_far=True)
        deal.phase = Phase.OVER
        deal.ended_by = Ending.POINT_ACCEPTED
