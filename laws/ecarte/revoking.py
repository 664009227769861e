"""REVOKING AND NOT WINNING THE TRICK: law 43."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.hand_score import Why
from adjudicator.notation.cards import Player

from .base import Finding, Heading, Law, Option, Outcome, Reading, Rests, Who, Window
from .facts import finding, offender_marks, opponent, other
from .playing import REVOKES, corrected_at
from .view import DealView

_REPLAY = Option(
    "replay",
    Who.ADVERSARY,
    Window.BEFORE_NEXT_TURN,
    ("replay",),
    "the hands are played again as they were when the play began (same cards, trump and "
    "leader, no new proposals); the offender's reduced marks apply to the hand replayed",
    Outcome.REPLAY,
    reading=(
        "law 43 sets no time for it: the cut-off is the project's reading, by analogy with "
        "law 50; see 'ecarte laws 43'"
    ),
)
_REPLAY_UNDETERMINED = _REPLAY._replace(
    name="replay_if_revoke",
    effect="the hands are played again if the missing cards show that the player could have "
    "followed suit or won the trick; the record does not say",
    outcome=Outcome.UNDETERMINED,
)


def _find_43(view: DealView) -> Sequence[Finding]:
    out: list[Finding] = []
    steps = view.steps
    final = view.final
    winner = None
    if final is not None and final.result is not None and final.result.why is not Why.UNDETERMINED:
        winner = final.result.winner
    reduced: set[Player] = set()
    replayed = any(
        s.kind == "claim" and getattr(s.event, "claim", None) == "replay" and not s.refused
        for s in steps
    )
    hand = "the replayed hand" if replayed else "the hand"
    for i, step in enumerate(steps):
        if step.kind not in ("play", "trick"):
            continue
        for dev in step.deviations:
            if dev.player is None or dev.kind not in (*REVOKES, DeviationKind.PLAY_UNDETERMINED):
                continue
            deal = step.table.deal
            adversary = opponent(deal, dev.player) if deal is not None else other(dev.player)
            if dev.kind == DeviationKind.PLAY_UNDETERMINED:
                out.append(
                    finding(
                        43,
                        view,
                        step,
                        dev.player,
                        "revoke_undetermined",
                        f"{dev.message}: whether this was a revoke (law 43) depends on cards "
                        "the record does not give",
                        evidence=dev.cards,
                        options=(_REPLAY_UNDETERMINED,),
                        default="no penalty unless the missing cards show a revoke",
                    )
                )
                continue
            if dev.cards and corrected_at(steps, i, dev.player, dev.cards[0]) is not None:
                continue  # taken back in time: law 39, no penalty
            what = (
                "renounced, holding a card of the suit led"
                if dev.kind == DeviationKind.NOT_FOLLOWING_SUIT
                else "failed to win the trick when he could"
            )
            caps: tuple[tuple[Player, int], ...] = ()
            tail = ""
            if dev.player not in reduced:
                reduced.add(dev.player)
                if winner is dev.player and final is not None and final.result is not None:
                    res = final.result
                    allowed = offender_marks(res.points, final.doubled is not None)
                    caps = ((dev.player, allowed),)
                    tail = (
                        f" {dev.player} won {hand} ({res.how}, {res.points}); as offender he "
                        f"marks {allowed} for it."
                    )
                elif winner is adversary:
                    tail = f" {adversary} won {hand}; his marks are not reduced."
            kind = "revoke" if dev.kind == DeviationKind.NOT_FOLLOWING_SUIT else "not_winning"
            out.append(
                finding(
                    43,
                    view,
                    step,
                    dev.player,
                    kind,
                    f"{dev.message}: {dev.player} {what} (law 43). {adversary} may require the "
                    "hands to be played again, even if he has abandoned his hand." + tail,
                    evidence=dev.cards,
                    options=(_REPLAY,),
                    caps=caps,
                    default="the hand stands; if the offender wins, he marks nothing for the "
                    "point, one for the vole, one for a point worth two under law 49",
                )
            )
    return out


LAW_43 = Law(
    number=43,
    needs=("cards",),
    heading=Heading.REVOKING,
    title="Revoke, or failing to win the trick",
    summary=(
        "If a player does not follow suit when he can, or does not win the trick when he can, "
        "his adversary may have the hands played over again, even after giving up his own "
        "hand. The offender's winnings from the hand are cut: a point gives him nothing, a vole "
        "only one, and a point that law 49 would make worth two only one. A card played in "
        "error and taken back before the next lead (law 39) brings no penalty."
    ),
    keywords=("renounce", "renege"),
    interpretation=(
        "S2 text. What is a revoke (§6.7): the club reading, that the second player must follow "
        "suit and win if he can, and, void in the suit led, must trump if he can (S11's "
        "International Encyclopedia and Americana; the engine's `legal_follows`); the American "
        "Cyclopaedia's 'not obliged to trump' is the alternative, not followed. The engine's "
        "`not_following_suit` gives the finding `revoke`, `not_winning` the finding "
        "`not_winning`; `play_undetermined` (the record lacks the cards to tell) gives "
        "`revoke_undetermined`, with no penalty and a replay whose outcome is undetermined. "
        "§6.1 decided, reading (b) with the older Hoyle (S7): the reductions apply to whichever "
        "hand stands, the hand as played when no replay is required, the replayed hand when "
        "one is; they limit what the offender marks when he wins the hand (the point nothing, "
        "the vole one, the law-49 point one: a cap, `Finding.caps`, never a subtraction), a "
        "win by the adversary's abandoning included (the cap applies to law 42's result, so "
        "no override of law 42 is needed); they do not stack when he revokes twice; the "
        "adversary's own marks are never reduced. 'Played again' is the same hands after the "
        "exchange, the same trump and leader, with no new "
        "proposals (the engine's replay). The offender's king is not touched (law 43 names only "
        "the point and the vole; the king is scored apart, law 47). The replay is open to the "
        "adversary even if he abandoned until the trump of the "
        "next deal is turned up (§6.7's cut-off, chosen by analogy with law 50); the reductions "
        "need no claim and apply whenever the revoke is found, the offender never having been "
        "entitled to those marks (law 51). A revoke taken back before another card was led is "
        "law 39's (no penalty), which overrides this law."
    ),
    find=_find_43,
    options=(_REPLAY,),
    default=(
        "the hand stands; if the offender wins, he marks nothing for the point, one for the "
        "vole, one for a point worth two under law 49"
    ),
    deviations=(
        DeviationKind.NOT_FOLLOWING_SUIT,
        DeviationKind.NOT_WINNING,
        DeviationKind.PLAY_UNDETERMINED,
    ),
    readings=(Reading(Rests.WINDOW, "replay", "the replay is open until the next deal's turn-up"),),
    looks_at=frozenset({*REVOKES, DeviationKind.PLAY_UNDETERMINED}),
)


LAWS: tuple[Law, ...] = (LAW_43,)
