"""What an option is worth to the player who chooses: the advisor.

A law that gives a player a choice leaves him a question a referee is asked every time: "which
is better for me?" Each side of a choice is valued in one of four ways
(:data:`~adjudicator.court.ecarte.ruling.Valuation`):

* **as played**: the deal as the record shows it played, marked as the laws allow (an offender
  who won it marks less);
* **perfect play**: the hands played again (laws 25 and 43), or the play gone on from a
  position a law describes (law 41), every card known, under perfect play with every card seen
  (double dummy, :mod:`adjudicator.engine.ecarte.solve`), marked as the laws would allow (for a
  replay they look at the deal again: an offender's cap depends on who wins it);
* **played on**: the deal played on from where the record leaves it, or from the position an
  option leads to, with cards the record does not show (the rest of a hand, the stock):
  by the fresh deals' policy while the exchange is open, the unknown cards dealt at random;
  perfectly once it is closed, solved in every way the unknown cards can lie when they are
  :data:`~adjudicator.engine.ecarte.fresh.EXACT_WAYS` or fewer, else dealt at random
  (:func:`adjudicator.engine.ecarte.fresh.play_from`); on average;
* **a fresh deal**: what a new deal gives each seat on average, and the chance of the game from
  the score before the deal with the same dealer dealing again, by the table of fresh deals
  (:mod:`adjudicator.engine.ecarte.fresh`: deals played by a stated policy of proposing, accepting
  and discarding, the cards then played perfectly).

An option is worth what its chooser gains by it over the other side: his marks less his
adversary's (for a replay, the hand's marks; otherwise the king's too, since a fresh deal takes
it away), and his chance of winning the game from the score the deal leaves.

How sure each figure is (:mod:`adjudicator.engine.ecarte.spread`): exact where nothing was
sampled (the record; perfect play with every card known; every way the unknown cards can lie),
else with its 95% interval, from this deal's sample of ways and the table of fresh deals' own
sample (a worth in marks and a difference of chances ± 1.96 standard errors; a chance, Wilson's
interval at its sample's effective size). The difference that decides is the chooser's chance of
the game, taken less declined, where both sides have one and they are not the same exactly,
else the worth in marks; the verdict is **better** (``better``: take or decline) only where its
interval, rounded outwards as printed, leaves out nought (an exact difference: where it is not
nought), else **about even** (``better``: either). The intervals cover the sampling, not the
policy the deals are played by. Which options are valued:

* a replay of the hands (laws 25, 43): the replay under perfect play against the hand as played;
* a fresh deal, against going on with the deal: as played, if the record shows it played out
  before any fresh deal was claimed; else played on from where the record leaves it, or, if a
  hand was played short or long from there, from where the irregularity was found, the hands
  put right as the law says when no fresh deal is claimed;
* the one way of going on that a law gives beside a fresh deal (rectify, complete, draw, choose
  the trump ...), the same choice seen from the other side;
* two ways of going on that a law describes as positions (its options' ``leads_to``: law 41's
  card led standing or the suit named led instead, the leader choosing the card; law 36's
  exposed card taken or thrown aside for the next card): each played on from there.

Not valued (the advice says so): law 37's card turned in error, taken or not in an exchange not
yet made; law 34's completing a short hand, whose other side is play with a short hand, which
the solver does not play; going on with a hand already played short or long.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import cached_property
from typing import Any, NamedTuple

from adjudicator.court.ecarte.ruling import Basis, OptionWorth, PerfectPlay, Valuation
from adjudicator.engine.ecarte import spread
from adjudicator.engine.ecarte.fresh import MAX_TARGET, Ways, fresh_deals, marks_of, play_from
from adjudicator.engine.ecarte.queries import Unknown
from adjudicator.engine.ecarte.rules import mask
from adjudicator.engine.ecarte.solve import solve_deal
from adjudicator.engine.ecarte.spread import Estimate
from adjudicator.engine.ecarte.table import ANNULLED, DealState, Phase, Result
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import Claim, ClaimKind
from laws.ecarte.allowed import Allowed, allowed_marks
from laws.ecarte.base import Finding, Option, Outcome, Who, Window
from laws.ecarte.view import DealView

Refind = Callable[[DealView], list[Finding]]
"""What the laws find in a view (the court's)."""

Marks = dict[str, int | float]

_ENDS = (ClaimKind.REPLAY, ClaimKind.NEW_DEAL)
"""Claims after which the record no longer shows the hand as first played."""


def perfect_replay(view: DealView, start: DealState, refind: Refind) -> PerfectPlay | None:
    """The hand from ``start`` (the hands as play began, or as far as a replay goes) played out
    under perfect play, with the marks the laws would then allow for it; ``None`` if a card of
    it is not known."""
    if _unvalued(view):
        return None  # the solver plays the club code's ranks and marks
    solved = solve_deal(start)
    if isinstance(solved, Unknown):
        return None
    total = solved.solution.total
    seats = (total.get(Player.A, 0), total.get(Player.B, 0), total.get(Player.C, 0))
    result = Result(seats, solved.score)
    ended = start._replace(result=result, phase=Phase.OVER)
    last = view.steps[-1]
    steps = (*view.steps[:-1], last._replace(table=last.table._replace(deal=ended)))
    parts = allowed_marks(ended, refind(replace(view, steps=steps, memo={})))
    if isinstance(parts, Unknown):
        return None
    return PerfectPlay(
        tricks={p.value: n for p, n in total.items()},
        winner=solved.winner.value,
        how=solved.how,
        marks={p.value: a.hand for p, a in parts.items()},
    )


class _Advisor:
    """The worth of the options of one deal (see the module's docstring)."""

    def __init__(
        self, view: DealView, final: DealState, found: list[Finding], refind: Refind
    ) -> None:
        self.view = view
        self.final = final
        self.found = found
        self.refind = refind
        start = view.steps[0].table
        self.sheet = dict(zip(Player, start.sheet, strict=False))
        """The score as marked when the deal began."""
        self.target = start.target
        self._played: dict[Player, Allowed] | None = None
        self._played_known = False
        self._on: dict[tuple[int, Player], _Side | None] = {}
        """Deals played on, by the state played on from (held by the view) and chooser."""

    def worths(self) -> list[OptionWorth]:
        out: list[OptionWorth] = []
        valued: set[tuple[int, str]] = set()  # an option two findings give is valued once
        for f in self.found:
            fresh = [o for o in f.options if o.outcome is Outcome.FRESH_DEAL and _chosen(o)]
            going_on = [
                o
                for o in f.options
                if o.outcome not in (Outcome.FRESH_DEAL, Outcome.REPLAY, Outcome.VOID)
                and _chosen(o)
            ]
            for option in f.options:
                key = (f.law, option.name)
                if key in valued or not _chosen(option):
                    continue
                chooser = self._chooser(option, f)
                if chooser is None:
                    continue
                worth: OptionWorth | None = None
                if option.outcome is Outcome.REPLAY:
                    worth = self._replay(key, chooser)
                elif option in fresh:
                    worth = self._fresh(key, chooser, f)
                elif fresh and going_on == [option]:
                    worth = self._going_on(key, chooser, f)
                elif option.leads_to is not None:
                    ways = [o for o in f.options if o is not option and o.leads_to is not None]
                    if len(ways) == 1:
                        worth = self._play_on_from(key, chooser, f, option, ways[0])
                if worth is not None:
                    valued.add(key)
                    out.append(worth)
        return out

    # -- who, and the two sides ------------------------------------------------------------

    def _chooser(self, option: Option, f: Finding) -> Player | None:
        final = self.final
        if option.who is Who.NON_DEALER:
            return final.elder
        if option.who is Who.DEALER:
            return final.dealer
        if f.offender is None:
            return None
        adversary = final.dealer if f.offender is final.elder else final.elder
        if option.who is Who.ADVERSARY:
            return adversary
        if option.who is Who.OFFENDER:
            return f.offender
        return None

    def _adversary(self, chooser: Player) -> Player:
        return self.final.dealer if chooser is self.final.elder else self.final.elder

    @cached_property
    def _cut(self) -> int | None:
        """The step of the claim after which the record no longer shows the deal as first
        played (a replay or a fresh deal claimed and not refused), if any."""
        return next(
            (
                i
                for i, s in enumerate(self.view.steps)
                if i > 0 and isinstance(s.event, Claim) and s.event.claim in _ENDS and not s.refused
            ),
            None,
        )

    def _as_played(self) -> dict[Player, Allowed] | None:
        """What each player may mark for the deal as it was first played (before any replay or
        fresh deal the record shows claimed after it), as the laws allow it; ``None`` if the
        record does not show it played to its end."""
        if self._played_known:
            return self._played
        steps, cut = self.view.steps, self._cut
        parts: dict[Player, Allowed] | Unknown | None
        if cut is not None:
            ended = steps[cut - 1].table.deal
            if ended is None or ended.result is None:
                parts = None
            else:
                view = replace(self.view, steps=tuple(steps[:cut]), memo={})
                parts = allowed_marks(ended, self.refind(view))
        elif self.final.result is None or self.final.ended_by in ANNULLED:
            parts = None
        else:
            parts = allowed_marks(self.final, self.found)
        self._played = None if isinstance(parts, Unknown) else parts
        self._played_known = True
        return self._played

    def _seat(self, chooser: Player) -> str:
        """The chooser's seat in this deal: ``dealer`` or ``elder``."""
        return "dealer" if chooser is self.final.dealer else "elder"

    def _game(self, chooser: Player, marks: Marks | None, deals_next: bool) -> Estimate | None:
        """The chooser's chance of the game from the score before the deal with ``marks``
        added, the next deal his (``deals_next``) or his adversary's (``None`` for a game
        longer than the table reckons)."""
        if marks is None or self.target > MAX_TARGET:
            return None
        adversary = self._adversary(chooser)
        mine = self.sheet[chooser] + round(marks.get(chooser.value, 0))
        his = self.sheet[adversary] + round(marks.get(adversary.value, 0))
        return spread.game(fresh_deals(), mine, his, deals_next, self.target)

    def _exact(
        self, chooser: Player, marks: Marks | None, by: Valuation, deals_next: bool
    ) -> _Side:
        """A side known exactly (as played, or solved once with every card known), and the
        chooser's chance of the game from the score it leaves."""
        net = None
        if marks is not None:
            net = Estimate(
                marks.get(chooser.value, 0) - marks.get(self._adversary(chooser).value, 0)
            )
        return _Side(marks, by, net, self._game(chooser, marks, deals_next))

    def _fresh_side(self, chooser: Player) -> _Side:
        """A fresh deal: the marks it gives each seat on average, and the chooser's chance of
        the game (the same dealer deals it, at the score before this deal)."""
        table = fresh_deals()
        final = self.final
        marks: Marks = {
            final.dealer.value: round(table.expected(True), 3),
            final.elder.value: round(table.expected(False), 3),
        }
        net = spread.fresh_marks(table, self._seat(chooser))
        if self.target > MAX_TARGET:
            return _Side(marks, "fresh_deal", net, None, table.deals)
        adversary = self._adversary(chooser)
        dealing = chooser is final.dealer
        chance = spread.game(
            table, self.sheet[chooser], self.sheet[adversary], dealing, self.target
        )
        return _Side(marks, "fresh_deal", net, chance, table.deals)

    def _played_side(self, chooser: Player, f: Finding) -> _Side:
        """Going on with the deal: as played, marks and the chooser's chance of the game from
        the score it leaves (the deal then passes), if the record shows it played out; else
        played on from where the record leaves it, or, if it cannot be played on from there
        (a hand played short or long), from where ``f`` was found (:meth:`_played_on`)."""
        parts = self._as_played()
        if parts is None:
            on = self._played_on(chooser, self._position())
            if on is None:
                on = self._played_on(chooser, self._found_at(f))
            return on or _Side(None, "played_on")
        marks: Marks = {p.value: a.total for p, a in parts.items()}
        return self._exact(chooser, marks, "as_played", chooser is self.final.elder)

    def _position(self) -> DealState | None:
        """Where the record leaves the deal: the deal before the claim that ended it, or as
        it ended."""
        cut = self._cut
        return self.view.steps[cut - 1].table.deal if cut is not None else self.final

    def _found_at(self, f: Finding) -> DealState | None:
        """The deal as it stood where ``f`` was found."""
        return next((s.table.deal for s in self.view.steps if s.number == f.step), None)

    def _played_on(self, chooser: Player, state: DealState | None) -> _Side | None:
        """The deal played on from ``state`` (:func:`play_from`): what each seat marks on
        average and the chooser's chance of the game; of several cards turned up (law 11),
        the one best for him as the trump."""
        if state is None:
            return None
        key = (id(state), chooser)
        if key in self._on:
            return self._on[key]
        turned = [c for c in state.turned if c is not None]
        choices = [
            (state._replace(turned=(c,), trump=c.suit), mask(turned) & ~mask([c])) for c in turned
        ] or [(state, 0)]
        best: tuple[float, _Side] | None = None
        for position, aside in choices:
            side = self._side_of(play_from(position, aside=aside), chooser)
            if side is None:
                continue
            rank = self._key(side, chooser)
            if best is None or rank > best[0]:
                best = (rank, side)
        self._on[key] = best[1] if best is not None else None
        return self._on[key]

    def _side_of(
        self, ways: Ways | None, chooser: Player, by: Valuation = "played_on"
    ) -> _Side | None:
        """What each player marks on average in deals that end as ``ways`` say, and the
        chooser's chance of the game after them (the deal then passes)."""
        if ways is None:
            return None
        final, counts = self.final, ways.counts
        seats = marks_of(counts)
        marks: Marks = {
            final.dealer.value: _rounded(seats["dealer"]),
            final.elder.value: _rounded(seats["elder"]),
        }
        net = spread.counted_marks(counts, self._seat(chooser), ways.exact)
        chance = None
        if self.target <= MAX_TARGET:
            adversary = self._adversary(chooser)
            score = (self.sheet[chooser], self.sheet[adversary])
            dealing = chooser is final.dealer
            chance = spread.game_after(
                fresh_deals(), counts, ways.exact, score, dealing, self.target
            )
        return _Side(marks, by, net, chance, sum(counts))

    def _key(self, side: _Side, chooser: Player) -> float:
        """How good a side is for the chooser: his chance of the game, else his net marks."""
        if side.game is not None:
            return round(side.game.value, 3)
        assert side.marks is not None
        return side.marks[chooser.value] - side.marks[self._adversary(chooser).value]

    # -- the options -------------------------------------------------------------------------

    def _worth(
        self,
        key: tuple[int, str],
        chooser: Player,
        taken: _Side,
        declined: _Side,
        perfect: PerfectPlay | None = None,
    ) -> OptionWorth:
        """What ``key`` is worth to ``chooser``: the two sides, the gain, and how sure it is."""
        c, a = chooser.value, self._adversary(chooser).value

        def net(marks: Marks) -> float:
            return marks.get(c, 0) - marks.get(a, 0)

        worth: int | float | None = None
        if taken.marks is not None and declined.marks is not None:
            gain = net(taken.marks) - net(declined.marks)
            worth = round(gain, 3) if isinstance(gain, float) else gain
        return OptionWorth(
            law=key[0],
            option=key[1],
            chooser=c,
            taken=taken.marks,
            declined=declined.marks,
            worth=worth,
            taken_by=taken.by,
            declined_by=declined.by,
            game_taken=_chance(taken.game),
            game_declined=_chance(declined.game),
            perfect_play=perfect,
            **_weighed(worth, taken, declined),
        )

    def _replay(self, key: tuple[int, str], chooser: Player) -> OptionWorth | None:
        """The hands played again under perfect play, against the hand as played (the king
        apart: neither touches it)."""
        final = self.final
        if final.play_hands is None:
            return None
        start = final._replace(
            hands=final.play_hands,
            tricks=(),
            lead=None,
            leader=final.elder,
            result=None,
            phase=Phase.PLAY,
            ended_by=None,
            played=(0, 0, 0),
        )
        replayed = perfect_replay(self.view, start, self.refind)
        parts = self._as_played()
        if replayed is None or parts is None:
            return None
        stood: Marks = {p.value: a.hand for p, a in parts.items()}
        kings: Marks = {p.value: a.king for p, a in parts.items()}
        elder_next = chooser is final.elder

        def side(hand: Marks, by: Valuation) -> _Side:
            seats = (final.dealer.value, final.elder.value)
            both: Marks = {q: hand.get(q, 0) + kings.get(q, 0) for q in seats}
            exact = self._exact(chooser, hand, by, elder_next)
            return exact._replace(game=self._game(chooser, both, elder_next))

        taken_marks: Marks = dict(replayed.marks)
        return self._worth(
            key,
            chooser,
            side(taken_marks, "perfect_play"),
            side(stood, "as_played"),
            replayed,
        )

    def _fresh(self, key: tuple[int, str], chooser: Player, f: Finding) -> OptionWorth:
        """A fresh deal, against going on with the deal."""
        return self._worth(key, chooser, self._fresh_side(chooser), self._played_side(chooser, f))

    def _going_on(self, key: tuple[int, str], chooser: Player, f: Finding) -> OptionWorth | None:
        """The one way of going on a law gives beside a fresh deal, against a fresh deal."""
        going = self._played_side(chooser, f)
        if going.marks is None:
            return None
        return self._worth(key, chooser, going, self._fresh_side(chooser))

    def _play_on_from(
        self, key: tuple[int, str], chooser: Player, f: Finding, taken: Option, other: Option
    ) -> OptionWorth | None:
        """Two ways of going on with the play that a law gives (its options' ``leads_to``),
        each valued under perfect play from the deal as the finding found it."""
        state = self._found_at(f)
        if state is None:
            return None
        took = self._best_of(taken, state, f, chooser)
        left = self._best_of(other, state, f, chooser)
        if took is None or left is None:
            return None
        return self._worth(key, chooser, took, left)

    def _best_of(
        self, option: Option, state: DealState, f: Finding, chooser: Player
    ) -> _Side | None:
        """The deal played on from the positions ``option`` leads to (:func:`play_from`: under
        perfect play where every card is known, else on average over the cards not known),
        of several the one his adversary would choose: the marks and the chooser's chance of
        the game."""
        assert option.leads_to is not None
        best: tuple[float, _Side] | None = None
        valued: Valuation = "perfect_play"
        for position in option.leads_to(state, f):
            ways = play_from(position)
            side = self._side_of(ways, chooser)
            if ways is None or side is None:
                return None
            counts = ways.counts
            if max(counts) != sum(counts) or sum(counts) > 1:
                valued = "played_on"
            rank = -self._key(side, chooser)  # his adversary picks
            if best is None or rank > best[0]:
                best = (rank, side)
        if best is None:
            return None
        return best[1]._replace(by=valued)


class _Side(NamedTuple):
    """One side of a choice: what each seat marks for it, how it is valued, the chooser's
    marks less his adversary's and his chance of the game with how sure each is
    (:mod:`adjudicator.engine.ecarte.spread`), and the ways or deals it rests on."""

    marks: Marks | None
    by: Valuation
    net: Estimate | None = None
    game: Estimate | None = None
    ways: int = 0


def _chance(e: Estimate | None) -> float | None:
    """A chance as the advice gives it: to three places."""
    return None if e is None else round(e.value, 3)


def _band(e: Estimate, low_high: tuple[float, float], places: int) -> tuple[float, float]:
    """An interval as the advice gives it: the figure twice when exact, else rounded outwards
    to ``places`` (as it is printed: two places of marks, a tenth of a point of chance), so
    that the verdict read from it is the one the reader sees."""
    if e.exact:
        return (e.value, e.value)
    scale = 10**places
    low, high = (round(x * scale, 6) for x in low_high)
    return (math.floor(low) / scale, math.ceil(high) / scale)


def _weighed(worth: int | float | None, taken: _Side, declined: _Side) -> dict[str, Any]:
    """How sure the worth and the chances are, and the verdict (:class:`OptionWorth`'s
    fields from ``verdict`` on): by the chance of the game where both sides have one and
    they are not the same exactly, else by the worth in marks."""
    table = fresh_deals()
    out: dict[str, Any] = {
        "taken_basis": _basis(taken),
        "declined_basis": _basis(declined),
        "taken_ways": taken.ways,
        "declined_ways": declined.ways,
    }
    decide: tuple[str, Estimate, tuple[float, float]] | None = None
    if taken.net is not None and declined.net is not None and worth is not None:
        diff = taken.net.minus(declined.net)._replace(value=worth)
        out["basis"] = "exact" if diff.exact else "sampled"
        out["interval"] = _band(diff, spread.interval(diff, table), 2)
        decide = ("marks", diff, out["interval"])
    for side, name in ((taken, "game_taken_interval"), (declined, "game_declined_interval")):
        if side.game is not None:
            game = side.game._replace(value=round(side.game.value, 3))
            out[name] = _band(game, spread.chance_interval(side.game, table), 3)
    if taken.game is not None and declined.game is not None:
        gain = taken.game.minus(declined.game)
        gain = gain._replace(value=round(gain.value, 4))
        out["game_gain"] = gain.value
        out["game_gain_interval"] = _band(gain, spread.interval(gain, table), 3)
        if not (gain.exact and _chance(taken.game) == _chance(declined.game)):
            decide = ("game", gain, out["game_gain_interval"])
    if decide is not None:
        by, e, (low, high) = decide
        verdict = spread.verdict(low, high, e.value)
        out["decided_by"], out["verdict"] = by, verdict
        out["better"] = (
            "either" if verdict == "about even" else "take" if e.value > 0 else "decline"
        )
    return out


def _basis(side: _Side) -> Basis:
    """How a side's worth is known."""
    return "sampled" if side.net is not None and not side.net.exact else "exact"


def _chosen(option: Option) -> bool:
    """Whether a player chooses it (a law that acts at once leaves no choice)."""
    return option.window is not Window.AT_ONCE and option.who is not Who.NOBODY


def _rounded(n: float) -> int | float:
    """A mark to three places; a whole number as an integer (a side known exactly)."""
    r = round(n, 3)
    return int(r) if r == int(r) else r


def option_worths(
    view: DealView, final: DealState, found: list[Finding], refind: Refind
) -> list[OptionWorth]:
    """The worth of each option of the deal (``found``: what the laws find in it) that the
    advisor can value (see the module's docstring). None under the ace-high profile, nor in
    a deal with an offer to double or of the point (:func:`_unvalued`)."""
    if _unvalued(view):
        return []
    return _Advisor(view, final, found, refind).worths()


OFFERS: frozenset[str] = frozenset({"double", "offer_point"})
"""The lines of a deal the advisor cannot value (the doubling and offering profiles): its
solver and its table of fresh deals score the club code's hands, not a doubled hand or one
whose point was offered."""


def _unvalued(view: DealView) -> bool:
    """Whether the deal is one the advisor cannot value: ruled with the ace high (the solver
    plays the club code's ranks), or holding an offer to double or of the point."""
    if not view.steps:
        return False
    return not view.steps[0].table.profile.solvable or not OFFERS.isdisjoint(view.kinds)


__all__ = ["option_worths", "perfect_replay"]
