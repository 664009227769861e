"""Marks, claims and the end of a deal: points marked and taken down (and the game they win), the
king announced, a hand abandoned or shown, a score agreed, a faulty pack, and the claims and
permissions that change the table (a fresh deal, a completion, the trump, the hands replayed)."""

from __future__ import annotations

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.hand_score import End
from adjudicator.engine.ecarte.queries import hand_result
from adjudicator.engine.ecarte.replay.state import _Deal, _partner, _set, _with_sheet
from adjudicator.engine.ecarte.replay.working import _Working
from adjudicator.engine.ecarte.rules import HAND, game_value
from adjudicator.engine.ecarte.table import SEAT, Ending, Phase
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import (
    Abandon,
    Announce,
    CallNewCards,
    Claim,
    ElectPlay,
    Mark,
    PackFault,
    PermitComplete,
    Score,
    Show,
    Unmark,
)

MARK_DEFAULT = {"king": 1, "point": 1, "vole": 2}
"""The points a mark without a number stands for, by its reason."""


class _Ending(_Working):
    """The lines of the marks, the claims and the end of a deal."""

    # -- marks and the sheet ----------------------------------------------------------------

    def _mark(self, e: Mark, deal: _Deal) -> None:
        points = e.points
        if points is None:
            reason = e.reason.value if e.reason is not None else ""
            points = MARK_DEFAULT.get(reason, 0)
            if reason not in MARK_DEFAULT:
                self._dev(
                    DeviationKind.MARK_WITHOUT_POINTS, e.player, f"{e.player} marked without points"
                )
        self._add_to_sheet(e.player, points)
        deal.marks = (*deal.marks, (e.player, points))

    def _unmark(self, e: Unmark, deal: _Deal) -> None:
        self._add_to_sheet(e.player, -e.points)
        deal.marks = (*deal.marks, (e.player, -e.points))

    def _add_to_sheet(self, player: Player, points: int) -> None:
        t = self.table
        seat = SEAT[player]
        sheet = _set(t.sheet, seat, t.sheet[seat] + points)
        if not t.over and sheet[seat] >= t.target:
            loser = max(v for i, v in enumerate(sheet) if i != seat)
            value = game_value(loser) if t.law46 else 1
            t = t._replace(
                over=True,
                games=(*t.games, (player, sheet)),
                game_values=(*t.game_values, value),
                games_played=(*t.games_played, (player, _partner(t.seated, player))),
            )
        elif t.over and points < 0 and sheet[seat] < t.target and t.games:
            # an overscore taken down: the game was not won after all
            last_winner, _ = t.games[-1]
            if last_winner is player:
                t = t._replace(
                    over=False,
                    games=t.games[:-1],
                    game_values=t.game_values[:-1],
                    games_played=t.games_played[:-1],
                )
        self.table = _with_sheet(t, sheet)

    def _announce(self, e: Announce, deal: _Deal) -> None:
        played = deal.played[SEAT[e.player]]
        awaiting = deal.lead is not None and deal.lead[0] is e.player
        deal.announced = (*deal.announced, (e.player, played, awaiting))

    # -- the hand given up or shown ---------------------------------------------------------

    def _abandon(self, e: Abandon, deal: _Deal) -> None:
        tricks = self._tricks_won(deal)
        result = hand_result(deal.freeze(), tricks, End.ABANDONED, e.player)
        if result.score.end is End.PLAYED:  # given up with the point made (law 42)
            mine = tricks[SEAT[e.player]]
            self._dev(
                DeviationKind.ABANDONED_WITH_POINT,
                e.player,
                f"{e.player} abandoned with {mine} tricks",
            )
        deal.phase = Phase.OVER
        deal.result = result
        deal.ended_by = Ending.ABANDONED

    def _show(self, e: Show, deal: _Deal) -> None:
        won = list(self._tricks_won(deal))
        seat = SEAT[e.player]
        won[seat] += HAND - len(deal.tricks)  # he claims the tricks still to play
        deal.phase = Phase.OVER
        deal.result = self._result(deal, won, False)
        deal.ended_by = Ending.SHOWN

    # -- packs, scores, claims -----------------------------------------------------------------

    def _call_new_cards(self, e: CallNewCards, deal: _Deal | None) -> None:
        return

    def _pack_fault(self, e: PackFault, deal: _Deal | None) -> None:
        if deal is None:  # found before any deal: no deal to void, new cards come in
            return
        self._dev(DeviationKind.PACK_FAULTY, None, f"the pack is {e.fault.value}")
        self.table = self.table._replace(next_dealer=self._due_dealer or deal.dealer)
        deal.phase = Phase.OVER
        deal.ended_by = Ending.VOID

    def _score(self, e: Score, deal: _Deal | None) -> None:
        sheet = self.table.sheet
        for p, n in e.points.items():
            if sheet[SEAT[p]] != n:
                marked = ", ".join(f"{q} {sheet[SEAT[q]]}" for q in e.points)
                self._dev(
                    DeviationKind.SCORE_DIFFERS_FROM_MARKS,
                    p,
                    f"the score agreed ({', '.join(f'{q} {m}' for q, m in e.points.items())}) "
                    f"differs from the marks ({marked})",
                )
                break

    def _claim(self, e: Claim, deal: _Deal) -> None:
        what = e.claim.value
        if what == "new deal":
            # The deal is dealt again, by the player whose deal it was (law 14).
            self.table = self.table._replace(next_dealer=self._due_dealer or deal.dealer)
            deal.phase = Phase.OVER
            deal.ended_by = Ending.FRESH_DEAL
        elif what == "complete":
            self._completing = e.player  # his hand is to be completed from the stock
        elif what == "trump" and e.card is not None:
            deal.trump = e.card.suit
        elif what == "replay" and deal.play_hands is not None:
            deal.hands = deal.play_hands
            deal.tricks = ()
            deal.lead = None
            deal.leader = deal.elder
            deal.played = (0, 0, 0)
            deal.phase = Phase.PLAY
            deal.result = None
            deal.ended_by = None

    def _permit_complete(self, e: PermitComplete, deal: _Deal) -> None:
        # He lets the other player (the dealer, law 18) complete his hand from the stock.
        self._completing = deal.dealer if e.player is deal.elder else deal.elder

    def _elect_play(self, e: ElectPlay, deal: _Deal) -> None:
        return
