"""The cards left in the stock (laws 33, 34, 36, 37) and a player's own discard (45): what the
elder may do with the cards he leaves, what the younger may take, who may see the cards the
younger leaves and when, and the younger's left cards mixed with his discard."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.notation.piquet.events import DoesNotLook, ExchangeCall, Leave, Look, Play, Take
from adjudicator.notation.piquet.irregularities import Mix
from adjudicator.notation.piquet.vocabulary import ExchangeWord, LookAt, MixedWith

from .base import WAIVE, Choice, Effect, Finding, Law, Option, Section, Who, Window
from .facts import ELDER_MOST, first_lead, first_take, taken
from .view import DealView

_RECKONS = "reckons nothing"


def said_take(view: DealView) -> int | None:
    """How many the elder said he takes, before taking up a card of the stock: ``A: take 4``,
    ``A: leave 1`` or ``A leaves 1`` written before his first card taken."""
    start = first_take(view, view.elder)
    for at, e in enumerate(view.events):
        if start is not None and at > start:
            break
        if isinstance(e, ExchangeCall) and e.player is view.elder:
            return e.count if e.word is ExchangeWord.TAKE else ELDER_MOST - e.count
        if isinstance(e, Leave) and e.player is view.elder:
            return ELDER_MOST - len(e.cards)
    return None


def _left_taken_up(view: DealView) -> Sequence[Finding]:
    said = said_take(view)
    took = taken(view, view.elder)
    if said is None or took <= said or took > ELDER_MOST:
        return ()
    lines = [e.line for _, e in view.of_type(Take) if e.player is view.elder]
    return [
        LEFT_TAKEN.finding(
            view,
            lines[-1],
            view.elder,
            "left_cards_taken_up",
            f"{view.elder} said he takes {said} and takes up {took}: he takes up the cards he "
            "left with his own, and reckons nothing that deal (law 33)",
            judges=(lines[-1],),
        )
    ]


def _takes_all(view: DealView) -> Sequence[Finding]:
    elder, younger = view.elder, view.younger
    took = taken(view, younger)
    if first_take(view, elder) is None or taken(view, elder) >= ELDER_MOST:
        return ()
    left = ELDER_MOST - taken(view, elder)
    if took <= 3 or took > 3 + left:
        return ()
    lines = [e.line for _, e in view.of_type(Take) if e.player is younger]
    return [
        TAKES_ALL.finding(
            view,
            lines[-1],
            None,
            "younger_takes_left",
            f"{younger} takes {took}: the {left} card(s) {elder} left as well as his own "
            "three, as the younger may (law 34)",
            fault=False,
        )
    ]


def _seen(view: DealView) -> Sequence[Finding]:
    found = [
        SEEN.finding(view, d.line, d.player, "left_cards_seen", d.message, judges=(d.line,))
        for d in view.deviations(DeviationKind.LOOK)
    ]
    played = view.first(lambda e: isinstance(e, Play) and e.player is view.younger)
    for at, e in view.of_type(Look):
        if e.at is not LookAt.LEFT_CARDS or e.player is not view.younger:
            continue
        if played is not None and at > played:
            found.append(
                SEEN.finding(
                    view,
                    e.line,
                    e.player,
                    "left_cards_seen_late",
                    f"{e.player} looks at the cards he left after playing a card: he must say "
                    "whether he will see them before he plays (law 36)",
                )
            )
    for at, no in view.of_type(DoesNotLook):
        later = [x for place, x in view.of_type(Look) if place > at and x.at is LookAt.LEFT_CARDS]
        found += [
            SEEN.finding(
                view,
                x.line,
                x.player,
                "left_cards_seen_after_declining",
                f"{x.player} looks at the cards {no.player} left after {no.player} said he "
                "would not see them: having declined, neither player may (law 36)",
            )
            for x in later[:1]
            if x.player is no.player
        ]
    return found


def _mixed_unshown(view: DealView) -> Sequence[Finding]:
    found = []
    lead = first_lead(view)
    for _, e in view.of_type(Mix):
        if not e.left_cards or e.into is not MixedWith.DISCARD or e.player is not view.younger:
            continue
        looked = [
            x.line
            for at, x in view.of_type(Look)
            if x.at is LookAt.ADVERSARY_DISCARD
            and x.player is view.elder
            and lead is not None
            and at > lead
        ]
        found.append(
            MIXED_LEFT.finding(
                view,
                e.line,
                e.player,
                "left_cards_mixed",
                f"{e.player} mixes the cards he left with his discard without showing them: "
                f"{view.elder}, after leading, may see the whole discard (law 37)",
                judges=(e.line, *looked),
            )
        )
    return found


def _own_discard(view: DealView) -> Sequence[Finding]:
    return [
        OWN_DISCARD.finding(
            view,
            e.line,
            None,
            "own_discard_seen",
            f"{e.player} looks at his own discard, as he may at any time (law 45)",
            judges=(e.line,),
            fault=False,
        )
        for _, e in view.of_type(Look)
        if e.at is LookAt.DISCARD
    ]


LEFT_TAKEN = Law(
    33,
    Section.DISCARDING,
    "The elder takes up the cards he left",
    "An elder who leaves cards may look at them; if he takes them up with the cards he is "
    "taking in, he reckons nothing that deal.",
    "Found where the elder, having said how many he takes (or leaves), takes up more, none of "
    "them the younger's (more than five is law 27's). It replaces law 31's finding of the same "
    "act. Looking at the cards he left is his right: no finding.",
    find=_left_taken_up,
    choices=(WAIVE,),
    effects=(Effect.RECKONS_NOTHING,),
    overrides=(31,),
    keywords=(_RECKONS,),
    judges=(DeviationKind.EXCHANGE_COUNT,),
)
TAKES_ALL = Law(
    34,
    Section.DISCARDING,
    "The younger may take all",
    "The younger may take in every card left in the stock.",
    "A right, found as a fact where the younger takes more than three, none beyond the cards "
    "the elder left; more than that is law 27's.",
    find=_takes_all,
)
SEEN = Law(
    36,
    Section.DISCARDING,
    "The cards the younger leaves",
    "A younger who leaves cards may see them, but must say whether he will once the elder "
    "has named the suit he will lead, or led, and before playing a card. If he looks, "
    "the elder may see them too after naming his suit or leading; if not, neither may.",
    "Found where the elder looks before the younger has, or after he declined (the engine's "
    "deviation); where the younger looks after playing a card; and where he looks after "
    "saying he would not. The law sets no penalty.",
    find=_seen,
    choices=(
        Choice(
            Option.LOOK_AT_LEFT,
            Who.YOUNGER,
            Window.BEFORE_FIRST_PLAY,
            (),
            "the younger looks at the cards he left, and the elder may too",
        ),
    ),
    judges=(DeviationKind.LOOK,),
)
MIXED_LEFT = Law(
    37,
    Section.DISCARDING,
    "Left cards mixed with the discard",
    "If the younger mixes the cards he left with his discard without showing them, the "
    "elder, after leading, may see the whole discard and the cards mixed with it.",
    "Found where the younger mixes the left cards with his discard; the elder's looking at "
    "his discard after leading is the option taken, and is judged with it.",
    find=_mixed_unshown,
    choices=(
        Choice(
            Option.SEE_DISCARD,
            Who.ELDER,
            Window.DURING_DEAL,
            (),
            "the elder sees the younger's whole discard",
        ),
    ),
)
OWN_DISCARD = Law(
    45,
    Section.DISCARDING,
    "Looking at one's own discard",
    "A player may look at his own discard at any time.",
    "A right, found as a fact where a player looks at his own discard; looking at the "
    "adversary's is law 37's question.",
    find=_own_discard,
)
