"""Carte blanche (laws 18-20): a hand dealt without a court card, which scores first; how it is
shown (19) and when it must be told (20)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.engine.piquet.holdings import is_carte_blanche
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import CarteBlanche, Discard, ExchangeCall, Show, Take
from adjudicator.notation.piquet.irregularities import TakesUp

from .base import Finding, Law, Section
from .facts import first_lead, first_take, line_at
from .view import DealView

_EXCHANGE = (Discard, Take, ExchangeCall)
"""The lines of the exchange: a player who has done one of them has seen his hand."""


def _announced(view: DealView) -> list[tuple[int, CarteBlanche]]:
    """Each carte blanche announced of a hand the record gives as dealt and that is one, once a
    player (the first announcement of each holder), with its place."""
    found: list[tuple[int, CarteBlanche]] = []
    for at, e in view.of_type(CarteBlanche):
        dealt = view.replay.dealt.get(e.player)
        if dealt is None or not is_carte_blanche(dealt):
            continue
        if all(seen.player is not e.player for _, seen in found):
            found.append((at, e))
    return found


def _false_blanche(view: DealView) -> Sequence[Finding]:
    return [
        BLANCHE.finding(
            view,
            d.line,
            d.player,
            "carte_blanche_not_held",
            f"{d.message}: it does not score",
            judges=(d.line,),
        )
        for d in view.deviations(DeviationKind.CARTE_BLANCHE)
    ]


def _blanche(view: DealView) -> Sequence[Finding]:
    held = [
        BLANCHE.finding(
            view,
            e.line,
            None,
            "carte_blanche",
            f"{e.player} holds carte blanche, no king, queen or knave in the twelve cards "
            "dealt him: it reckons first of all, and counts toward a pique or repique (law 18); "
            "he announced it (law 20); it is worth ten (law 61)",
            fault=False,
            cites=(20, 61),
        )
        for _, e in _announced(view)
    ]
    return [*held, *_false_blanche(view)]


def _shown(view: DealView) -> Sequence[Finding]:
    found = []
    for at, e in _announced(view):
        dealt = view.replay.dealt.get(e.player) or frozenset()
        lead = first_lead(view)
        shows = [
            (place, s)
            for place, s in view.of_type(Show)
            if s.player is e.player and (lead is None or place < lead)
        ]
        cards = {c for _, s in shows for c in s.cards}
        if shows and dealt <= cards:
            took = first_take(view, e.player)
            put = {c for at, d in view.of_type(Discard) if d.player is e.player for c in d.cards}
            apart = took is not None and any(p > took and set(s.cards) <= put for p, s in shows)
            found.append(
                SHOWN.finding(
                    view,
                    shows[0][1].line,
                    None,
                    "carte_blanche_shown",
                    f"{e.player} shows his carte blanche, its twelve cards face up (law 19)"
                    + (
                        "; his discard shown apart, fixed since he took up a card of the "
                        "stock (law 24)"
                        if apart
                        else ""
                    ),
                    fault=False,
                    cites=(24,) if apart else (),
                )
            )
        elif lead is not None:
            missing = len(dealt - cards)
            found.append(
                SHOWN.finding(
                    view,
                    line_at(view, lead),
                    e.player,
                    "carte_blanche_not_shown",
                    f"{e.player} announced carte blanche but the play begins with {missing} of "
                    "its cards not shown: a carte blanche is shown by counting its cards face "
                    "up (law 19); the law sets no penalty",
                    judges=tuple(s.line for _, s in shows),
                )
            )
    return found


def _knew(view: DealView, holder: Player) -> int | None:
    """The place where ``holder`` had seen his hand: he took it up, or began his exchange."""
    return view.first(
        lambda e: isinstance(e, (TakesUp, *_EXCHANGE)) and getattr(e, "player", None) is holder
    )


def _told_late(view: DealView) -> Sequence[Finding]:
    found = []
    for at, e in _announced(view):
        knew = _knew(view, e.player)
        if knew is None or knew > at:
            continue
        since = view.first(lambda x: isinstance(x, _EXCHANGE), knew)
        lead = first_lead(view)
        if (since is None or since > at) and (lead is None or lead > at):
            continue
        found.append(
            TOLD.finding(
                view,
                e.line,
                e.player,
                "carte_blanche_told_late",
                f"{e.player} had seen his carte blanche (line {line_at(view, knew)}) but tells "
                f"{view.other(e.player)} of it only after the exchange had gone on (line "
                f"{line_at(view, since if since is not None else lead)}): he must tell as soon "
                "as he knows (law 20). The law sets no penalty: the carte blanche still "
                "reckons, and a discard fixed by a card of the stock taken up stays fixed "
                "(law 24; Case VI)",
                cites=(24,),
            )
        )
    return found


BLANCHE = Law(
    18,
    Section.CARTE_BLANCHE,
    "Carte blanche",
    "A hand dealt of twelve cards or more with no king, queen or knave is a carte blanche. It "
    "reckons before anything else, so it saves its holder from a pique or a repique, and it "
    "counts toward his own.",
    "The engine scores it first (law 67, I) and counts it toward pique and repique. Found, as "
    "a fact, where the holder of a hand dealt without a court card announces it; a carte "
    "blanche announced of a hand that holds a court card is found here as a fault and scores "
    "nothing. A player who reckons nothing still scores a carte blanche he showed (Case XXI: "
    "it accrues before any card is taken in).",
    find=_blanche,
    keywords=("blank",),
    judges=(DeviationKind.CARTE_BLANCHE,),
    readings=("a carte blanche shown scores even for a player who reckons nothing",),
)
SHOWN = Law(
    19,
    Section.CARTE_BLANCHE,
    "Showing carte blanche",
    "A carte blanche is shown by dealing its cards one at a time face up on the table.",
    "The notation writes the cards shown (``B shows ...``), on one line or several (hand and "
    "discard apart, Case XX). Found, as a fact, where a carte blanche announced is shown "
    "whole before the play; as a fault where the play begins with cards of it not shown. "
    "The law sets no penalty, and how the cards were laid down is not recorded.",
    find=_shown,
    readings=("hand and discard may be shown apart: together they are the carte blanche",),
)
TOLD = Law(
    20,
    Section.CARTE_BLANCHE,
    "Announcing carte blanche",
    "A player who finds he holds carte blanche must tell his adversary at once, but need "
    "not show it until the adversary has discarded.",
    "Found where the holder, having taken up his cards or begun his exchange, lets an act of "
    "the exchange (a discard, a card taken in, the elder's word of how many he takes) or the "
    "lead go by before telling. Where the record does not show he had seen his cards, his "
    "good faith is taken (Case VI). The law sets no penalty; a discard fixed by a card of "
    "the stock stays fixed (law 24).",
    find=_told_late,
    readings=(
        "he knows once he has taken up his cards or begun his exchange",
        "no penalty: the adversary's discard stays fixed once he has taken in (Case VI)",
    ),
)

LAWS: tuple[Law, ...] = (BLANCHE, SHOWN, TOLD)
