"""Who sits and who deals: a deal's heading (its players, whose deal it was, the deal before left
unfinished), the cut for deal, who sits out in pool écarté, and a deal annulled or a game taken
away by the laws, which change the next dealer or the seats."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.replay.state import _Deal, _partner
from adjudicator.engine.ecarte.replay.working import _Working
from adjudicator.engine.ecarte.rules import cut_rank
from adjudicator.engine.ecarte.table import ANNULLED, PLAYERS, Ending, Phase, Table
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import CutForDeal, Deal, SitOut


def _rotate(t: Table) -> Table:
    """Pool écarté, after a game: the loser gives his seat, and his turn to deal, to the one
    sitting out (pool rule P1; ``docs/profiles.md``)."""
    if not t.games_played or t.out is None:
        return t
    winner, loser = t.games_played[-1]
    newcomer = t.out
    if winner not in t.seated or newcomer in (winner, loser):
        return t  # a "game" marked by one not at the table: nobody changes seats
    due = newcomer if t.next_dealer is loser else t.next_dealer
    return t._replace(seated=(winner, newcomer), out=loser, next_dealer=due)


_NOT_SEATED: Final = ("advise", "sit_out", "mark", "unmark", "score", "call_new_cards")
"""Kinds of event whose ``player`` need not be at the table (a bystander, one sitting out, a
mark for the deal before, which law 50 allows until the turn-up)."""


def _players_named(deal: Deal) -> Iterator[Player]:
    """The players a deal's lines name as acting in it, in order (bystanders left out)."""
    for e in deal.events:
        if e.kind in _NOT_SEATED:
            continue
        fields = e.__dict__  # (a model's fields: no exception for an event without them)
        for who in (fields.get("player"), fields.get("leader"), fields.get("follower")):
            if isinstance(who, Player):
                yield who


class _Seating(_Working):
    """The deal's heading, the cut for deal, the seats of pool écarté."""

    # -- the deal heading -------------------------------------------------------------------

    def _begin(self, deal: Deal) -> None:
        self.devs = []
        t = self.table
        won = t.over
        if won:  # the previous deal won the game: this deal begins the next
            t = t._replace(sheet=(0, 0, 0), game=t.game + 1, over=False)
            if self.pool:
                t = _rotate(t)
        pair = self._pair(deal, t)
        due = t.next_dealer
        self._rotation_out = t.out if self._seating_known else None
        seated = pair[0] in t.seated and pair[1] in t.seated
        if self.pool and self._seating_known and not seated:
            intruder = next(p for p in pair if p not in t.seated)
            kept_out = next((p for p in t.seated if p not in pair), t.seated[0])
            self._dev(
                DeviationKind.WRONG_PLAYER_SEATED,
                intruder,
                f"{intruder} sat down in deal {deal.number}; {kept_out} should have played "
                f"and {intruder} sat out",
            )
            if due is kept_out:
                due = intruder  # he took the seat, and its turn to deal
                t = t._replace(next_dealer=intruder)
        self._seating_known = True
        if self.pool or not seated:
            out = next(p for p in PLAYERS if p not in pair)
            t = t._replace(seated=pair, out=out if self.pool else t.out)
        if due is not None and deal.dealer is not due:
            self._dev(
                DeviationKind.DEAL_OUT_OF_TURN,
                deal.dealer,
                f"{deal.dealer} dealt; it was {due}'s deal",
            )
        if deal.pack is not None and deal.pack is not deal.dealer:
            self._dev(
                DeviationKind.WRONG_PACK,
                deal.dealer,
                f"{deal.dealer} dealt with {deal.pack}'s pack",
            )
        previous = self.deal
        if (
            previous is not None
            and previous.result is None
            and previous.phase == Phase.PLAY
            and not previous.ended_by
            and not won  # a game won by a king marked during the play ends the hand
        ):
            self._dev(
                DeviationKind.HAND_UNFINISHED, None, f"deal {previous.number} was not played out"
            )
        self._due_dealer = t.next_dealer
        self._cut_made = False
        self._loose = 0
        self._completing = None
        self._putting_out = {}
        self._aside = {}
        self._replacing = {}
        self.deal = _Deal(deal.number, deal.dealer, pair[1], deal.pack)
        self._events = deal.events
        self.table = t._replace(next_dealer=pair[1])

    @staticmethod
    def _pair(deal: Deal, t: Table) -> tuple[Player, Player]:
        """The two players of ``deal``, the dealer first: he and the other player its lines
        name; if they name none, he and the other of the pair at the table (or the first of
        it, if he is not at it)."""
        dealer = deal.dealer
        for who in _players_named(deal):
            if who is not dealer:
                return (dealer, who)
        seated = t.seated
        if dealer in seated:
            return (dealer, _partner(seated, dealer))
        return (dealer, seated[0])

    def _annul(self, ending: Ending) -> None:
        """End the deal in progress as the laws annul it with no line of the record to say so,
        as a claimed fresh deal ends it (:meth:`_claim`): the deal does not pass; the player
        whose deal it was deals again. A deal the record already ended so (a claim, a faulty
        pack) is left as it is."""
        deal = self.deal
        if deal is None or deal.ended_by in ANNULLED:
            return
        self.table = self.table._replace(next_dealer=self._due_dealer or deal.dealer)
        deal.ended_by = ending

    def _unwin(self) -> None:
        """The game the deal just ended seemed to win, taken away by the laws (a mark taken
        down): it goes on, and in pool écarté nobody changes seats. The sheet stays as marked
        (the court keeps the corrected score)."""
        t = self.table
        self.table = t._replace(
            over=False,
            games=t.games[:-1],
            game_values=t.game_values[:-1],
            games_played=t.games_played[:-1],
        )

    # -- the cut for deal and the seats -----------------------------------------------------

    def _cut_for_deal(self, e: CutForDeal, deal: _Deal | None) -> None:
        cuts = e.cuts
        if any(len(cards) > 1 for cards in cuts.values()):
            who = [p for p, cards in cuts.items() if len(cards) > 1]
            self._dev(
                DeviationKind.CUT_EXPOSED_SEVERAL, who[0], f"{who[0]} exposed more than one card"
            )
            return
        known = {p: cards[0] for p, cards in cuts.items() if cards and cards[0] is not None}
        if len(known) < 2:
            return
        ranks = self.ranks
        ranked = sorted(known.items(), key=lambda pc: -cut_rank(pc[1], ranks))
        if self.pool and len(known) == 2:
            pair = (ranked[0][0], ranked[1][0])
            out = next(p for p in PLAYERS if p not in pair)
            self.table = self.table._replace(seated=pair, out=out)
            self._seating_known = True
        if cut_rank(ranked[0][1], ranks) == cut_rank(ranked[1][1], ranks):
            self._dev(
                DeviationKind.CUT_TIE, None, f"the cut is a tie: {ranked[0][1]} and {ranked[1][1]}"
            )
            return
        self.table = self.table._replace(next_dealer=ranked[0][0])

    def _sit_out(self, e: SitOut, deal: _Deal | None) -> None:
        if deal is None:  # the opening: who sits out first (pool)
            if self.pool:
                pair = tuple(p for p in PLAYERS if p is not e.player)
                self.table = self.table._replace(seated=(pair[0], pair[1]), out=e.player)
                self._seating_known = True
            return
        if e.player is deal.dealer or e.player is deal.elder:
            self._dev(
                DeviationKind.SITS_OUT_CONTRADICTS,
                e.player,
                f"{e.player} is said to sit out, but plays in deal {deal.number}",
            )
        elif self.pool and self._rotation_out not in (None, e.player):
            self._dev(
                DeviationKind.SITS_OUT_CONTRADICTS,
                e.player,
                f"{e.player} is said to sit out; the pool's turn was {self._rotation_out}'s",
            )
