"""What an option is worth to the player who chooses: the advisor's first part.

A law that lets the non-offender have the hands played again (an option whose outcome is a
replay: laws 25 and 43) leaves him a choice a referee is asked about every time: "stand, or
replay?" Both sides of it can be worked out exactly from the record:

* **the hand stands**: the hand as it was played, marked as the laws allow (an offender who won
  it marks less);
* **the hands are played again**: the same hands, trump and leader, played out under perfect
  play with every card seen (double dummy, :mod:`adjudicator.engine.solve`), marked as the laws
  would allow if it ended so (they look at the deal again: an offender's cap depends on who
  wins the replay).

Each is given as the marks each player would make for the hand (the king apart: neither choice
touches it), and the option's worth as what the chooser gains by it over the other choice, in
marks, his adversary's marks counting against him. A replay that the record does not show is
worked out the same way (:func:`perfect_replay`), and labelled as perfect play.

Other options (a fresh deal, a card to take or leave) are worth what a new deal or the rest of
this one would give, which needs a table of fresh deals by score and seat that the project has
not made yet: they are not valued.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from adjudicator.court.ruling import OptionWorth, PerfectPlay
from adjudicator.engine.queries import Unknown
from adjudicator.engine.solve import solve_deal
from adjudicator.engine.table import DealState, Result
from adjudicator.notation.cards import Player
from adjudicator.notation.model import Claim, ClaimKind
from laws.allowed import allowed_marks
from laws.base import Finding, Outcome
from laws.view import DealView

Refind = Callable[[DealView], list[Finding]]
"""What the laws find in a view (the court's)."""


def perfect_replay(view: DealView, start: DealState, refind: Refind) -> PerfectPlay | None:
    """The hand from ``start`` (the hands as play began, or as far as a replay goes) played out
    under perfect play, with the marks the laws would then allow for it; ``None`` if a card of
    it is not known."""
    solved = solve_deal(start)
    if isinstance(solved, Unknown):
        return None
    total = solved.solution.total
    seats = (total.get(Player.A, 0), total.get(Player.B, 0), 0)
    result = Result(seats, solved.winner, solved.points, solved.how)
    ended = start._replace(result=result, phase="over")
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


def replay_worths(
    view: DealView, final: DealState, found: list[Finding], refind: Refind
) -> list[OptionWorth]:
    """The worth of each option of the deal (``found``: what the laws find in it) that has the
    hands played again (see the module's docstring); none if the hands at play or the hand as
    played are not known."""
    out: list[OptionWorth] = []
    valued: set[tuple[int, str]] = set()  # an option two findings give is valued once
    for f in found:
        for option in f.options:
            key = (f.law, option.name)
            if option.outcome is not Outcome.REPLAY or f.offender is None or key in valued:
                continue
            valued.add(key)
            chooser = final.dealer if f.offender is final.elder else final.elder
            worth = _worth(view, final, found, refind, chooser, key)
            if worth is not None:
                out.append(worth)
            break
    return out


def _worth(
    view: DealView,
    final: DealState,
    found: list[Finding],
    refind: Refind,
    chooser: Player,
    option: tuple[int, str],
) -> OptionWorth | None:
    """The worth to ``chooser`` of ``option`` (its law and name), a replay of the hands."""
    if final.play_hands is None:
        return None
    start = final._replace(
        hands=final.play_hands,
        tricks=(),
        lead=None,
        leader=final.elder,
        result=None,
        phase="play",
        ended_by="",
        played=(0, 0, 0),
    )
    replayed = perfect_replay(view, start, refind)
    stood = _as_played(view, final, found, refind)
    if replayed is None or stood is None:
        return None
    adversary = final.dealer if chooser is final.elder else final.elder
    c, a = chooser.value, adversary.value

    def net(marks: dict[str, int]) -> int:
        return marks.get(c, 0) - marks.get(a, 0)

    return OptionWorth(
        law=option[0],
        option=option[1],
        chooser=c,
        taken=replayed.marks,
        declined=stood,
        worth=net(replayed.marks) - net(stood),
        perfect_play=replayed,
    )


def _as_played(
    view: DealView, final: DealState, found: list[Finding], refind: Refind
) -> dict[str, int] | None:
    """The marks each player may make for the hand as it was first played (before any replay
    the record shows), as the laws allow them."""
    steps = view.steps
    cut = next(
        (
            i
            for i, s in enumerate(steps)
            if isinstance(s.event, Claim) and s.event.claim is ClaimKind.REPLAY and i > 0
        ),
        None,
    )
    if cut is not None:
        ended = steps[cut - 1].table.deal
        if ended is None or ended.result is None:
            return None
        parts = allowed_marks(ended, refind(replace(view, steps=tuple(steps[:cut]), memo={})))
    else:
        if final.result is None:
            return None
        parts = allowed_marks(final, found)
    if isinstance(parts, Unknown):
        return None
    return {p.value: a.hand for p, a in parts.items()}


__all__ = ["perfect_replay", "replay_worths"]
