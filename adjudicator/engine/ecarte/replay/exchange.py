"""Proposals and the exchange: a proposal and its answer, play declared, the discards, and how
many cards the player asked for."""

from __future__ import annotations

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.replay.hands import _Hands
from adjudicator.engine.ecarte.replay.state import _Deal, _set
from adjudicator.engine.ecarte.rules import HAND, mask
from adjudicator.engine.ecarte.table import SEAT, Holding, Phase, Proposal
from adjudicator.notation.ecarte.model import Accept, Ask, DeclarePlay, Discard, Propose, Refuse


class _Exchange(_Hands):
    """The lines of the proposals and the exchange."""

    def _propose(self, e: Propose, deal: _Deal) -> None:
        if e.player is not deal.elder:
            self._dev(DeviationKind.PROPOSAL_BY_DEALER, e.player, f"the dealer {e.player} proposed")
        if deal.phase == Phase.DEALING:
            self._dev(
                DeviationKind.PROPOSAL_BEFORE_TURN,
                e.player,
                "a proposal before the trump was turned",
            )
        elif deal.phase == Phase.PLAY:
            self._dev(
                DeviationKind.PROPOSAL_DURING_PLAY, e.player, "a proposal after the play began"
            )
        elif deal.stage not in ("", "dealer discards"):
            self._dev(
                DeviationKind.PROPOSAL_OUT_OF_TURN, e.player, f"a proposal while {deal.stage}"
            )
        if deal.declared is not None:
            self._dev(
                DeviationKind.PROPOSAL_AFTER_DECLARING,
                e.player,
                f"{e.player} proposed after declaring he would play",
            )
        deal.proposals = (*deal.proposals, Proposal(e.player))
        deal.stage = "answer"

    def _answer(self, e: Accept | Refuse, deal: _Deal, answer: str, conditional: bool) -> None:
        if e.player is not deal.dealer:
            self._dev(
                DeviationKind.ANSWER_BY_ELDER, e.player, f"the non-dealer {e.player} answered"
            )
        if deal.stage != "answer" or not deal.proposals:
            self._dev(
                DeviationKind.ANSWER_WITHOUT_PROPOSAL, e.player, f"{e.player} {answer}s no proposal"
            )
            return
        last = deal.proposals[-1]._replace(answer=answer, conditional=conditional)
        deal.proposals = (*deal.proposals[:-1], last)
        if answer == "accept":
            self._dealer_discarded_before = deal.discards[SEAT[deal.dealer]].size
            deal.stage = "elder discards"
            deal.asked = None
        else:
            deal.stage = ""

    def _accept(self, e: Accept, deal: _Deal) -> None:
        self._answer(e, deal, "accept", e.if_stock)

    def _refuse(self, e: Refuse, deal: _Deal) -> None:
        self._answer(e, deal, "refuse", False)

    def _accept_refused(self, e: Refuse, deal: _Deal) -> None:
        """A refusal that may not be made, as the acceptance it stands for."""
        self._answer(e, deal, "accept", False)

    def _declare_play(self, e: DeclarePlay, deal: _Deal) -> None:
        if e.player is not deal.elder:
            self._dev(
                DeviationKind.DECLARED_BY_DEALER, e.player, f"the dealer {e.player} declared play"
            )
        if deal.stage == "answer":
            self._dev(
                DeviationKind.DECLARED_DURING_PROPOSAL,
                e.player,
                "declared while a proposal awaited",
            )
        deal.declared = e.player
        deal.stage = ""

    def _discard(self, e: Discard, deal: _Deal) -> None:
        if self._remedied(e, deal):
            return
        seat = SEAT[e.player]
        stage = deal.stage
        expected = (
            deal.elder
            if stage == "elder discards"
            else deal.dealer
            if stage == "dealer discards"
            else None
        )
        if expected is not e.player:
            self._dev(
                DeviationKind.DISCARD_OUT_OF_TURN, e.player, f"{e.player} discarded out of turn"
            )
        self._remove(deal, e.player, e.cards, "discarded")
        pile = deal.discards[seat]
        deal.discards = _set(
            deal.discards,
            seat,
            Holding(
                pile.cards | mask(e.cards),
                pile.unknown + sum(1 for c in e.cards if c is None),
            ),
        )
        n = len(e.cards)
        if not 1 <= n <= HAND:
            self._dev(DeviationKind.DISCARD_SIZE, e.player, f"{e.player} discarded {n} card(s)")
        if e.player is deal.elder:
            deal.asked = deal.asked if deal.asked is not None else n
            deal.stage = "elder draws"
        else:
            deal.stage = "dealer draws"

    def _ask(self, e: Ask, deal: _Deal) -> None:
        if e.player is not deal.dealer:  # the dealer's is the number he wished (law 38)
            deal.asked = e.count
