"""DEALING: laws 8 to 21 (Cavendish, 1886, pp. 8-10).

The chapter turns on two moments of a deal: the turn-up of the trump card, and the non-dealer's
first look at his hand. Before the turn-up a wrong deal may be put right or dealt again
(laws 9, 12, 14); after it, a wrong number of cards is dealt with by who holds it and which
way (laws 15 to 18), the dealer loses a king turned up (law 19), and a player who began to play
with the wrong number without taking cards brings a fresh deal (laws 20 and 21).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.queries import acts, first_look, has_looked, king_turned
from adjudicator.engine.ecarte.rules import HAND
from adjudicator.engine.ecarte.table import ANNULLED, SEAT, Phase, Step, StepKind
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import Holds, Order, Packet

from .base import (
    ALWAYS,
    Does,
    Finding,
    Heading,
    Law,
    Option,
    Outcome,
    Reading,
    Remedy,
    Rests,
    Who,
    Window,
)
from .facts import claims_by, deviations, finding, fresh_deal, opening_state, turn_step
from .view import DealView

# -- reading a deal ---------------------------------------------------------------------------


def _look_step(view: DealView, player: Player) -> int | None:
    """The event number at which ``player`` first looked at his hand
    (:func:`adjudicator.engine.ecarte.queries.first_look`)."""
    step = first_look(view.steps, player)
    return None if step is None else step.number


def _first(view: DealView, *kinds: StepKind, after: int = -1) -> Step | None:
    for step in view.steps:
        if step.number > after and step.kind in kinds:
            return step
    return None


def _cards(n: int) -> str:
    return "one card" if n == 1 else f"{n} cards"


# -- law 8: the order of dealing --------------------------------------------------------------


class _Announcement(NamedTuple):
    """An ``order`` line that law 8 does not allow: the order it names is not binding."""

    step: Step
    kind: str
    """``order_changed_in_game`` or ``order_after_cut``."""
    binding: tuple[int, int]
    """The dealer's order, which still binds him."""
    announced: tuple[int, int]


def _void_announcement(view: DealView) -> _Announcement | None:
    """A change of order announced in this deal that law 8 forbids: during a game, or (at the
    start of a later game) after the pack was cut. The engine accepts any ``order`` line made
    before the dealing; this finds the ones the law does not."""
    state = opening_state(view)
    if state is None:
        return None
    heading = view.steps[0]
    binding = heading.table.orders[SEAT[state.dealer]]
    if binding is None:
        return None
    # In the first game an order already chosen was chosen in this game. In a later game the
    # engine does not say whether the dealer has dealt in it yet: be lenient, and read any
    # announcement made before the cut as the notice law 8 allows at the start of a game.
    in_game = heading.table.game == 1
    cut = False
    for step in view.steps[1:]:
        kind = step.kind
        if kind == "packet":
            return None
        if kind == "cut":
            cut = True
        event = step.event
        if isinstance(event, Order):
            announced = (event.first, event.second)
            if announced == binding:
                continue
            if in_game:
                return _Announcement(step, "order_changed_in_game", binding, announced)
            if cut:
                return _Announcement(step, "order_after_cut", binding, announced)
    return None


def _find_law_8(view: DealView) -> Sequence[Finding]:
    state = opening_state(view)
    if state is None:
        return ()
    dealer = state.dealer
    found: list[Finding] = []
    for step, _dev in deviations(view, DeviationKind.ORDER_TOO_LATE):
        found.append(
            finding(
                8,
                view,
                step,
                dealer,
                "order_too_late",
                f"{dealer} announced a new order after the dealing began: too late, it does "
                "not change the order of this deal.",
                default="the announcement is of no effect",
            )
        )
    ann = _void_announcement(view)
    if ann is not None:
        b, a = ann.binding, ann.announced
        if ann.kind == "order_changed_in_game":
            why = f"he chose {b[0]}-{b[1]} earlier in this game, and may not change it during it"
        else:
            why = "a change at the start of a game must be told to the non-dealer before the cut"
        found.append(
            finding(
                8,
                view,
                ann.step,
                dealer,
                ann.kind,
                f"{dealer} announced the order {a[0]}-{a[1]}: {why}. The announcement is of "
                f"no effect; his order is still {b[0]}-{b[1]}.",
                default="the announcement is of no effect",
            )
        )
    return found


LAW_8 = Law(
    number=8,
    needs=("packets",),
    heading=Heading.DEALING,
    title="Five cards each, by two and three; the order binds",
    summary=(
        "The dealer gives each player five cards, in two rounds: two each then three each, or "
        "three each then two. Whichever of the two orders he first uses binds him for the "
        "rest of that game; he may change it when a new game begins, but only if he tells "
        "the non-dealer so before the pack is cut."
    ),
    interpretation=(
        "Law 8 states the duty; the remedies are other laws': a deal not in the dealer's order, "
        "or with a wrong number of cards, found before the turn-up is law 9's (the engine's "
        "`order_changed`, `wrong_packet_size`, `packet_to_wrong_player`, `extra_packet`); a "
        "wrong number found after it is laws 15-18's; a wrong order with the right numbers "
        "found after the turn-up is not covered, and the deal stands (§6.10 reading). Law 8's "
        "own findings are the announcements it does not allow, which have no effect: an "
        "`order` line after the dealing began (`order_too_late`), an order changed during a "
        "game (the engine accepts any `order` line before the dealing; in the first game any "
        "order already chosen binds, but in later games the engine does not say whether the "
        "dealer has already dealt in the game, so an announcement before the cut is read as "
        "the notice the law allows at the start of a game), and, at the start of a later "
        "game, a change announced after the cut. His order is the one his first deal selects "
        "(or he first announced); an announcement of the order he already has changes nothing. "
        "A first packet of two or three selects 2-3 or 3-2. One of another size still selects "
        "an order: the project reads it as the lawful packet nearest it with cards too many or "
        "too few, as laws 15-18 read a wrong hand (the five dealt, the surplus drawn or the "
        "shortage completed), so four or more select 3-2 (he began with the larger packet) and "
        "one selects 2-3 (the smaller). The engine records it (`Table.orders`) and judges the "
        "rest of that deal, and his later deals of the game, by it. Source: S2."
    ),
    find=_find_law_8,
    default="an announcement the law does not allow is of no effect",
    deviations=(DeviationKind.ORDER_TOO_LATE,),
    # order_too_late, or an order line the law does not allow
    looks_at=frozenset({DeviationKind.ORDER_TOO_LATE, "order"}),
)


# -- law 9: a wrong deal found before the turn-up ---------------------------------------------

_DEALING_DEVIATIONS = (
    DeviationKind.ORDER_CHANGED,
    DeviationKind.PACKET_TO_WRONG_PLAYER,
    DeviationKind.WRONG_PACKET_SIZE,
    DeviationKind.EXTRA_PACKET,
)


class _Misdeal(NamedTuple):
    problems: list[tuple[Step, str, str]]
    """Each departure from the deal the law prescribes: step, kind, words."""
    window: Window


def _misdeal(view: DealView) -> _Misdeal | None:
    """The departures from law 8 in the dealing of this deal, before the turn-up (packets
    given after the non-dealer required the dealer to rectify are the rectification)."""
    state = opening_state(view)
    if state is None:
        return None
    turn = turn_step(view)
    end = turn.number if turn is not None else None
    looked = _look_step(view, state.elder)
    rectify = next(
        (
            s
            for s in claims_by(view, state.elder, "rectify")
            if (end is None or s.number < end) and (looked is None or s.number < looked)
        ),
        None,
    )
    ann = _void_announcement(view)
    first_packet = _first(view, "packet")
    first_size = (
        len(first_packet.event.cards)
        if first_packet is not None and isinstance(first_packet.event, Packet)
        else None
    )
    problems: list[tuple[Step, str, str]] = []
    for step, dev in deviations(view, *_DEALING_DEVIATIONS):
        if end is not None and step.number > end:
            continue
        if rectify is not None and step.number > rectify.number:
            continue
        if (
            ann is not None
            and dev.kind == DeviationKind.ORDER_CHANGED
            and first_size is not None
            and first_size == ann.binding[0]
        ):
            continue  # he kept to his binding order and ignored his void announcement
        problems.append((step, dev.kind, dev.message))
    if (
        ann is not None
        and first_packet is not None
        and first_size == ann.announced[0]
        and first_size != ann.binding[0]
    ):
        b = ann.binding
        problems.append(
            (
                first_packet,
                DeviationKind.ORDER_CHANGED,
                f"{state.dealer} dealt {first_size}-{HAND - first_size}; his order this game "
                f"is {b[0]}-{b[1]}",
            )
        )
    if not problems:
        return None
    problems.sort(key=lambda p: p[0].number)
    if looked is not None and (end is None or looked < end):
        window = Window.BEFORE_LOOKING
    else:
        window = Window.BEFORE_TURN
    return _Misdeal(problems, window)


def _rectified(view: DealView) -> bool:
    """Whether the non-dealer required the dealer to rectify a wrong deal while law 9 let him
    (before the turn-up and before he looked): the hands at the turn-up are then taken as
    rectified, whether or not the record shows how (the notation cannot take a card back)."""
    state = opening_state(view)
    if state is None:
        return False
    wrong = _misdeal(view)
    if wrong is None:
        return False
    first_problem = wrong.problems[0][0].number
    turn = turn_step(view)
    looked = _look_step(view, state.elder)
    for step in claims_by(view, state.elder, "rectify"):
        if step.number < first_problem:
            continue
        if turn is not None and step.number > turn.number:
            continue
        if looked is not None and step.number > looked:
            continue
        return True
    return False


def _find_law_9(view: DealView) -> Sequence[Finding]:
    state = opening_state(view)
    wrong = _misdeal(view)
    if state is None or wrong is None:
        return ()
    dealer, elder = state.dealer, state.elder
    step = wrong.problems[0][0]
    order_only = all(kind == DeviationKind.ORDER_CHANGED for _s, kind, _m in wrong.problems)
    what = "; ".join(dict.fromkeys(m for _s, _k, m in wrong.problems))
    looked = _look_step(view, elder)
    if looked is not None and looked < step.number:
        when = f"{elder} had already looked at his hand, so law 9 gives him no option."
    else:
        when = (
            f"Before the trump is turned up and before he looks at his hand, {elder} may "
            f"require {dealer} to rectify the error or claim a fresh deal."
        )
    # A hand written down as one packet of five is most likely a hand stated whole.
    whole = [
        s.event
        for s in view.events("packet")
        if isinstance(s.event, Packet) and len(s.event.cards) == HAND and s.number <= step.number
    ]
    if whole:
        who = whole[0].player
        when += (
            f" (If the record means to give {who}'s whole hand rather than a packet of five, "
            f"write it `{who} holds ...`: a dealing not written down is not judged.)"
        )
    return [
        finding(
            9,
            view,
            step,
            dealer,
            "wrong_order" if order_only else "misdeal",
            f"{what}. {when}",
            options=(
                Option(
                    name="rectify",
                    who=Who.NON_DEALER,
                    window=wrong.window,
                    claims=("rectify",),
                    effect="the dealer puts the error right and the deal goes on",
                    outcome=Outcome.RECTIFIED,
                ),
                fresh_deal(Who.NON_DEALER, wrong.window),
            ),
            default=(
                "the deal goes on: a wrong number of cards is then judged after the turn-up "
                "(laws 15-18); a wrong order with the right numbers stands"
            ),
        )
    ]


LAW_9 = Law(
    number=9,
    needs=("packets",),
    heading=Heading.DEALING,
    title="Wrong deal found before the turn-up",
    summary=(
        "If the dealer gives either player too many or too few cards, or departs from the "
        "order of dealing he first chose, and this comes to light before the trump card is "
        "turned up, the non-dealer, provided he has not yet looked at his hand, can make the "
        "dealer put it right or can have the cards dealt again."
    ),
    keywords=("misdeal",),
    interpretation=(
        "One finding per deal, at the first packet that departs from law 8 (the engine's "
        "`order_changed`, `wrong_packet_size`, `packet_to_wrong_player` and `extra_packet`, "
        "and a deal in an order that law 8 did not let the dealer announce). Packet sizes are "
        "judged against the dealer's order, which his first packet selects even when it is of "
        "neither two nor three cards (law 8's reading: four or more, 3-2; one, 2-3): a deal "
        "of four then one is cited packet by packet ('packet 1 to B had 4 card(s), not 3'). "
        "The options are "
        "the non-dealer's and close at whichever comes first of the turn-up and his first look "
        "at his hand (his `takes up`, or an act he cannot do without seeing his cards); if he "
        "looked before the error was made, they are closed from the start. Packets given "
        "after his `claims rectify` are the rectification, not new errors; since the notation "
        "cannot show a card taken back, after a rectify claim in time the hands at the turn-up "
        "are taken as put right (laws 15-19 then find nothing). If neither option is taken, a "
        "wrong count is judged after the turn-up by laws 15-18, and a wrong order with the "
        "right counts stands (§6.10 reading). Source: S2."
    ),
    find=_find_law_9,
    options=(
        Option(
            "rectify",
            Who.NON_DEALER,
            Window.BEFORE_TURN,
            ("rectify",),
            "the dealer puts the error right and the deal goes on",
            Outcome.RECTIFIED,
        ),
        fresh_deal(Who.NON_DEALER, Window.BEFORE_TURN),
    ),
    default=(
        "the deal goes on: a wrong number is judged after the turn-up (laws 15-18); a wrong "
        "order with the right numbers stands"
    ),
    deviations=_DEALING_DEVIATIONS,
    # the dealing deviations, or a deal in an order announced in vain (an order line)
    looks_at=frozenset({*_DEALING_DEVIATIONS, "order"}),
)


# -- law 10: the turn-up ------------------------------------------------------------------------


def _find_law_10(view: DealView) -> Sequence[Finding]:
    """The trump card turned up before the hands were dealt: packets of the dealing follow
    the turn-up (the dealer went on dealing after it)."""
    state = opening_state(view)
    turn = turn_step(view)
    if state is None or turn is None or turn.table.deal is None:
        return ()
    dealt = len(turn.table.deal.packets)
    if dealt >= 4:
        return ()
    after: list[Step] = []
    for s in view.steps:  # the packets that follow the turn-up at once, the dealing going on
        if s.number <= turn.number:
            continue
        if s.kind != "packet":
            break
        after.append(s)
    if not after or dealt + len(after) < 4:
        return ()  # the dealing stopped short: a wrong number dealt (laws 15-18)
    return [
        finding(
            10,
            view,
            turn,
            state.dealer,
            "turned_before_dealt",
            f"{state.dealer} turned up the trump card after {dealt} packet(s) of the four and "
            "went on dealing after it: the trump card is turned up once the hands are dealt "
            "(law 10). The law lays down no penalty: the card turned up is the trump, and the "
            "deal stands.",
            evidence=tuple(c for c in turn.table.deal.turned if c is not None),
            default="the deal stands; the card turned up is the trump",
        )
    ]


LAW_10 = Law(
    number=10,
    heading=Heading.DEALING,
    title="The trump card is turned up",
    summary=(
        "When both hands have been dealt, the dealer turns face up the top card of the rest "
        "of the pack; its suit is trumps."
    ),
    interpretation=(
        "The engine applies it (`turn KD` sets the trump suit from the card; a king turned up "
        "is the dealer's to mark, laws 22 and 47). The turned card stays on the stock and is "
        "never taken into hand (the project's reading of law 38, §6.18). A card turned up "
        "before the hands are dealt, the dealing going on after it, is this law's finding "
        "(`turned_before_dealt`, at the turn-up); the law lays down no penalty, so the card "
        "turned is the trump and the deal stands, and the hands, complete once the dealing is "
        "done, are no wrong number dealt (this law overrides 15-18 there). A dealing that stops "
        "short at the turn-up is a wrong number dealt (laws 15-18). Turning up more than one "
        "card is law 11's; a card turned up after the trump is law 37's. Whether the card "
        "turned was the true top card cannot be told from a record. Source: S2."
    ),
    find=_find_law_10,
    overrides=(15, 16, 17, 18),
    looks_at=frozenset({DeviationKind.WRONG_COUNT_DEALT}),  # the hands are short at the turn-up
)


# -- law 11: several cards turned up --------------------------------------------------------------


def _find_law_11(view: DealView) -> Sequence[Finding]:
    state = opening_state(view)
    if state is None:
        return ()
    dealer, elder = state.dealer, state.elder
    found: list[Finding] = []
    for step, dev in deviations(view, DeviationKind.SEVERAL_TURNED):
        shown = " ".join(c.code for c in dev.cards) or "several cards"
        looked = _look_step(view, elder)
        choice = next(
            (s for s in claims_by(view, elder, "trump", "new deal") if s.number > step.number),
            None,
        )
        choose = Option(
            name="choose_trump",
            who=Who.NON_DEALER,
            window=Window.BEFORE_LOOKING,
            claims=("trump",),
            effect="the card he names is the trump card; the others are set aside",
            outcome=Outcome.STANDS,
            names=dev.cards,
        )
        fresh = fresh_deal(Who.NON_DEALER, Window.BEFORE_LOOKING)
        required = fresh_deal(
            Who.EITHER, Window.BEFORE_PLAYING, "the fresh deal the law requires"
        )._replace(name="required_fresh_deal")
        if looked is not None and looked < step.number:
            found.append(
                finding(
                    11,
                    view,
                    step,
                    dealer,
                    "several_turned",
                    f"{dealer} turned up {shown}; {elder} had already looked at his hand: "
                    "there must be a fresh deal.",
                    evidence=dev.cards,
                    options=(required,),
                    default="a fresh deal",
                    outcome=Outcome.FRESH_DEAL,
                )
            )
            continue
        late = looked is not None and (choice is None or looked < choice.number)
        found.append(
            finding(
                11,
                view,
                step,
                dealer,
                "several_turned",
                f"{dealer} turned up {shown}: before he looks at his hand, {elder} may choose "
                "which of them is the trump card or claim a fresh deal"
                + (
                    "; he looked at his hand first, so there must be a fresh deal." if late else "."
                ),
                evidence=dev.cards,
                options=(choose, fresh, required) if late else (choose, fresh),
                default="if the non-dealer looks at his hand before choosing, a fresh deal",
                outcome=Outcome.FRESH_DEAL if late else None,
            )
        )
    return found


LAW_11 = Law(
    number=11,
    heading=Heading.DEALING,
    title="More than one card turned up",
    summary=(
        "If the dealer turns up two or more cards, the non-dealer, so long as he has not "
        "looked at his hand, picks which of the exposed cards is to be trumps, or has the "
        "cards dealt again. Once the non-dealer has looked at his hand, the cards must be "
        "dealt again."
    ),
    interpretation=(
        "The options are the non-dealer's and close when he first looks at his hand (his "
        "`takes up`, or an act he cannot do without seeing his cards). If he had looked "
        "before the cards were turned, or looks before choosing, the fresh deal is imposed "
        "(the finding's outcome), and a claim of it by either player before play is upheld. "
        "A chosen trump leaves the deal standing with that trump (`claims trump 7S`); whether "
        "a king so chosen may be marked is law 22's and 47's. §6.11. The older English rule "
        "(S7: the adversary may find out which card should have been trump) is not followed. "
        "Source: S2."
    ),
    find=_find_law_11,
    options=(
        Option(
            "choose_trump",
            Who.NON_DEALER,
            Window.BEFORE_LOOKING,
            ("trump",),
            "the card he names is the trump card; the others are set aside",
            Outcome.STANDS,
        ),
        fresh_deal(Who.NON_DEALER, Window.BEFORE_LOOKING),
    ),
    default="if the non-dealer looks at his hand before choosing, a fresh deal",
    deviations=(DeviationKind.SEVERAL_TURNED,),
    looks_at=frozenset({DeviationKind.SEVERAL_TURNED}),
)


# -- law 12: a faced card in the pack -------------------------------------------------------------


def _find_law_12(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    for step, dev in deviations(view, DeviationKind.FACED_CARD):
        deal = step.table.deal
        if deal is None or deal.phase != Phase.DEALING:
            continue  # in the stock after the turn-up: laws 35 and §6.16
        shown = " ".join(c.code for c in dev.cards) or "a card"
        found.append(
            finding(
                12,
                view,
                step,
                None,
                "faced_card_in_pack",
                f"{shown} was found faced in the pack before the trump was turned up: there "
                "must be a fresh deal.",
                evidence=dev.cards,
                options=(fresh_deal(Who.EITHER, Window.BEFORE_TURN),),
                default="a fresh deal",
                outcome=Outcome.FRESH_DEAL,
            )
        )
    return found


LAW_12 = Law(
    number=12,
    heading=Heading.DEALING,
    title="Faced card in the pack before the turn-up",
    summary=(
        "A card found face up in the pack before the trump card has been turned up means the "
        "cards must be dealt again."
    ),
    interpretation=(
        "Mandatory: the fresh deal is imposed whatever is claimed (a claim of it by either "
        "player before the turn-up is upheld). Only a `faced` line before the turn-up is "
        "law 12's; a faced card in the stock later is law 35's (after discarding) or the gap "
        "of §6.16. A card exposed by the dealer as he deals it (`B: *KH`) is law 13's, not a "
        "faced card. Nobody is named offender: a faced card may be the shuffler's or "
        "the pack's fault. Source: S2; the older rule of S7 (void unless it is the eleventh "
        "card) is not followed."
    ),
    find=_find_law_12,
    options=(fresh_deal(Who.EITHER, Window.BEFORE_TURN),),
    default="a fresh deal",
    deviations=(DeviationKind.FACED_CARD,),
    looks_at=frozenset({DeviationKind.FACED_CARD}),
)


# -- law 13: cards exposed in dealing -------------------------------------------------------------


def _find_law_13(view: DealView) -> Sequence[Finding]:
    state = opening_state(view)
    if state is None:
        return ()
    dealer, elder = state.dealer, state.elder
    found: list[Finding] = []
    for step, dev in deviations(view, DeviationKind.EXPOSED_IN_DEALING):
        event = step.event
        owner = event.player if isinstance(event, Packet) else None
        shown = " ".join(c.code for c in dev.cards) or "a card"
        if owner is dealer:
            found.append(
                finding(
                    13,
                    view,
                    step,
                    dealer,
                    "own_card_exposed",
                    f"{dealer} exposed {shown}, a card of his own hand, in dealing: the deal "
                    "stands good.",
                    evidence=dev.cards,
                    default="the deal stands",
                )
            )
        else:
            found.append(
                finding(
                    13,
                    view,
                    step,
                    dealer,
                    "adversary_card_exposed",
                    f"{dealer} exposed {shown}, a card of {elder}'s hand, in dealing: before "
                    f"he looks at his hand, {elder} may claim a fresh deal.",
                    evidence=dev.cards,
                    options=(fresh_deal(Who.NON_DEALER, Window.BEFORE_LOOKING),),
                    default="the deal stands",
                )
            )
    return found


LAW_13 = Law(
    number=13,
    needs=("packets",),
    heading=Heading.DEALING,
    title="Cards exposed in dealing",
    summary=(
        "A dealer who shows one of his own cards while dealing must put up with it: the deal "
        "is good. If he shows one of the non-dealer's cards, the non-dealer may have the cards "
        "dealt again, provided he has not looked at his hand."
    ),
    interpretation=(
        "Judges the engine's `exposed_in_dealing` (a card starred in a packet dealt before the "
        "turn-up): whose card it is, is the packet's receiver. The non-dealer's option closes "
        "at his first look at his hand (his `takes up`, or an act he cannot do without seeing "
        "his cards), not at the turn-up. Unclaimed, the deal stands and the exposed card stays "
        "in the hand it was dealt to. §6.11. A card exposed in giving cards after the "
        "turn-up is law 36's. The older English rule (S7: void, or at the non-dealer's "
        "option) is not followed. Source: S2."
    ),
    find=_find_law_13,
    options=(fresh_deal(Who.NON_DEALER, Window.BEFORE_LOOKING),),
    default="the deal stands",
    deviations=(DeviationKind.EXPOSED_IN_DEALING,),
    looks_at=frozenset({DeviationKind.EXPOSED_IN_DEALING}),
)


# -- law 14: deal out of turn, or with the wrong pack ---------------------------------------------

_VOID = Option(
    name="void",
    who=Who.EITHER,
    window=Window.BEFORE_TURN,
    claims=("new deal",),
    effect="the deal is void; the right player deals with the right pack",
    outcome=Outcome.VOID,
)


def _packs_changed(view: DealView) -> bool:
    """Whether the packs had remained changed (law 14): the previous deal was dealt with the
    adversary's pack, as its heading says, and stood (its trump was turned up)."""
    prev = view.previous
    return (
        prev is not None
        and prev.pack is not None
        and prev.pack is not prev.dealer
        and bool(prev.turned)
        and prev.ended_by not in ANNULLED
    )


def _find_law_14(view: DealView) -> Sequence[Finding]:
    state = opening_state(view)
    if state is None:
        return ()
    heading = view.steps[0]
    dealer = state.dealer
    turned = turn_step(view) is not None
    changed = _packs_changed(view)
    problems: list[tuple[str, str]] = []
    for dev in heading.deviations:
        if dev.kind == DeviationKind.DEAL_OUT_OF_TURN:
            problems.append(("deal_out_of_turn", dev.message))
        elif dev.kind == DeviationKind.WRONG_PACK and not changed:
            problems.append(("wrong_pack", dev.message))
    if changed and state.pack is dealer:
        problems.append(
            (
                "wrong_pack",
                f"{dealer} dealt with his own pack; the packs had remained changed since the "
                "previous deal",
            )
        )
    found: list[Finding] = []
    for kind, words in problems:
        if turned:
            after = "found only after the trump was turned up: the deal stands" + (
                ", and the packs remain changed." if kind == "wrong_pack" else "."
            )
        else:
            after = "found before the trump was turned up: the deal is void."
        found.append(
            finding(
                14,
                view,
                heading,
                dealer,
                kind,
                f"{words}; {after}",
                options=(_VOID,),
                default=(
                    "after the turn-up the deal stands (with the adversary's pack, the packs "
                    "remain changed)"
                    if turned
                    else "the deal is void; the right player deals, with the right pack"
                ),
                outcome=None if turned else Outcome.VOID,
            )
        )
    return found


LAW_14 = Law(
    number=14,
    heading=Heading.DEALING,
    title="Deal out of turn or with the wrong pack",
    summary=(
        "A deal by the wrong player, or with the other player's pack, is void if the mistake "
        "comes to light before the trump card is turned up. After the turn-up nothing can be "
        "done about it; if the wrong pack was used, the two packs stay exchanged from then on."
    ),
    keywords=("misdeal",),
    interpretation=(
        "'Discovered before the trump card is turned up' is read from the record: a claim of a "
        "new deal by either player before the turn-up, or the deal breaking off before any "
        "turn-up, voids it (imposed when the deal has no turn-up); a deal whose trump was "
        "turned up stands. After a deal out of turn that stands, the deal alternates from the "
        "deal actually made (§6.12 reading; the engine does so). After a wrong-pack deal that "
        "stands, the packs remain changed: the next deal is right with the adversary's pack "
        "(as its heading `pack` says) and wrong with the dealer's own; this needs the "
        "previous deal's heading to name the pack. A deal annulled, whether by a claim or by a "
        "law that imposes it with no claim line (a fresh deal under laws 7, 11, 12 or 20, a "
        "deal void under this law or law 45), does not pass: the player whose deal it was "
        "deals again, and the engine, told by the adjudicator, expects him. A deal merely "
        "broken off, which no law annuls (an option nobody took, e.g. law 13's), passes like "
        "any other: the same dealer dealing again is out of turn. Source: S2."
    ),
    find=_find_law_14,
    options=(_VOID,),
    default=(
        "after the turn-up the deal stands (with the adversary's pack, the packs remain changed)"
    ),
    deviations=(DeviationKind.DEAL_OUT_OF_TURN, DeviationKind.WRONG_PACK),
    # it reads the deal before too (the packs left changed): no kind of this deal tells
    looks_at=ALWAYS,
)


# -- laws 15 to 18: a wrong number found after the turn-up ------------------------------------


class _WrongCount(NamedTuple):
    step: Step
    player: Player
    size: int


def _wrong_counts(view: DealView) -> list[_WrongCount]:
    """The hands that were not five cards when the trump was turned up, unless the non-dealer
    had required a rectification in time (law 9). Each is found at the turn-up, or, in a deal
    whose dealing is not written down, where a statement of the hand (``holds``) shows it."""
    turn = turn_step(view)
    state = opening_state(view)
    if turn is None or state is None or turn.table.deal is None:
        return []
    if not any(d.kind == DeviationKind.WRONG_COUNT_DEALT for d in turn.deviations):
        return []
    if _rectified(view):
        return []
    deal = turn.table.deal
    out = []
    for player in (state.elder, state.dealer):
        size = deal.hand(player).size
        if size != HAND:
            out.append(_WrongCount(_shown(view, turn, player), player, size))
    return out


def _shown(view: DealView, found: Step, player: Player) -> Step:
    """Where a wrong number of cards in ``player``'s hand, found at ``found``, shows in the
    record: there, or, in a deal whose dealing is not written down (its count known only from
    a later statement of his hand), at that statement (``holds``)."""
    deal = found.table.deal
    if deal is None or ("packets", None) not in deal.unrecorded:
        return found
    for s in view.events("holds"):
        if s.number > found.number and isinstance(s.event, Holds) and s.event.player is player:
            return s
    return found


def _count_words(dealer: Player, player: Player, size: int) -> str:
    whom = "himself" if player is dealer else player
    return f"{dealer} dealt {whom} {_cards(size)}, not five; found after the trump was turned up"


def _count_findings(
    view: DealView,
    law: int,
    kind: str,
    *,
    dealers_hand: bool,
    too_many: bool,
    then: Callable[[Player, Player, _WrongCount], str],
    options: tuple[Option, ...],
    default: str,
) -> Sequence[Finding]:
    """Laws 15 to 18: the hands found after the turn-up with too many or too few cards, the
    dealer's or the non-dealer's; ``then`` words what the non-dealer may do about it."""
    state = opening_state(view)
    if state is None:
        return ()
    dealer, elder = state.dealer, state.elder
    holder = dealer if dealers_hand else elder
    return [
        finding(
            law,
            view,
            w.step,
            dealer,
            kind,
            f"{_count_words(dealer, w.player, w.size)}. {then(dealer, elder, w)}",
            options=options,
            default=default,
        )
        for w in _wrong_counts(view)
        if w.player is holder and (w.size > HAND if too_many else w.size < HAND)
    ]


_OPTIONS_15 = (fresh_deal(Who.NON_DEALER, Window.BEFORE_PROPOSING),)
_DEFAULT_15 = "he discards the superfluous cards face down; the dealer may not see them"


def _find_law_15(view: DealView) -> Sequence[Finding]:
    return _count_findings(
        view,
        15,
        "non_dealer_too_many",
        dealers_hand=False,
        too_many=True,
        then=lambda dealer, elder, w: (
            f"Before he proposes (or plays), {elder} may claim a fresh deal; if he does not, "
            f"he discards the {_cards(w.size - HAND)} too many, unseen by the dealer."
        ),
        options=_OPTIONS_15,
        default=_DEFAULT_15,
    )


LAW_15 = Law(
    number=15,
    needs=("dealt",),
    heading=Heading.DEALING,
    title="Non-dealer given too many, found after the turn-up",
    summary=(
        "Should the non-dealer prove, after the turn-up, to hold six cards or more, he is entitled "
        "to a new deal, provided he has not yet proposed (or, "
        "if he does not propose, played). If he lets the deal stand, he throws out the extra "
        "cards, and the dealer has no right to see them."
    ),
    interpretation=(
        "Judges the engine's `wrong_count_dealt` (at the turn-up) for the non-dealer's surplus. "
        "The option closes at his first proposal, or, if he does not propose, at his "
        "declaration to play or his first card. Left unclaimed, the default is his discard of "
        "the surplus; if he plays without having taken cards and still holds more than five, "
        "law 20 makes the fresh deal mandatory. Electing to play (`elects play`: declining the "
        "fresh deal) has him put the surplus out, and the table carries it out (the law's "
        "remedy): his next `discards` line is the surplus put out, not a discard of an exchange, "
        "and may leave the cards unnamed (`??`), the dealer being entitled not to see them. "
        "After a rectification under law 9 there is no "
        "finding. A surplus found only after an exchange is not covered (§6.13): the deal "
        "stands. The dealer loses a king turned up (law 19). Source: S2."
    ),
    find=_find_law_15,
    options=_OPTIONS_15,
    default=_DEFAULT_15,
    remedy=Remedy(Does.PUT_OUT_SURPLUS, Who.NON_DEALER),
    deviations=(DeviationKind.WRONG_COUNT_DEALT,),
    looks_at=frozenset({DeviationKind.WRONG_COUNT_DEALT}),
)


_OPTIONS_16 = (
    Option(
        name="complete",
        who=Who.NON_DEALER,
        window=Window.BEFORE_PROPOSING,
        claims=("complete",),
        effect="his hand is made up to five from the top of the stock",
        outcome=Outcome.STANDS,
    ),
    fresh_deal(Who.NON_DEALER, Window.BEFORE_PROPOSING),
)
_DEFAULT_16 = "the hand stays short; if he plays without taking cards, law 20"


def _find_law_16(view: DealView) -> Sequence[Finding]:
    return _count_findings(
        view,
        16,
        "non_dealer_too_few",
        dealers_hand=False,
        too_many=False,
        then=lambda dealer, elder, w: (
            f"Before he proposes (or plays), {elder} may have his hand completed from the "
            "stock or claim a fresh deal."
        ),
        options=_OPTIONS_16,
        default=_DEFAULT_16,
    )


LAW_16 = Law(
    number=16,
    needs=("dealt",),
    heading=Heading.DEALING,
    title="Non-dealer given too few, found after the turn-up",
    summary=(
        "If, once the trump card is turned up, it turns out that the non-dealer has fewer "
        "than five cards, he may either have his hand made up from the stock or have the "
        "cards dealt again, provided he has not yet proposed (or, if he does not propose, "
        "played)."
    ),
    interpretation=(
        "Judges the engine's `wrong_count_dealt` for the non-dealer's shortage. Window as "
        "law 15's. `claims complete` takes the first option; the completing cards may be "
        "recorded as a packet to him: the engine takes a packet that makes his hand up to five "
        "after his claim as the completion it called for. Without the claim, after a claim the "
        "laws reject (the adjudicator rules the record again without it), or beyond five, the "
        "engine reports the packet as `cards_given_out_of_turn`. If he takes neither and "
        "plays without taking cards, law 20 makes a fresh deal; if he exchanges, §6.13 (not "
        "covered: the deal stands). The dealer loses a king turned up (law 19). Source: S2."
    ),
    find=_find_law_16,
    options=_OPTIONS_16,
    default=_DEFAULT_16,
    deviations=(DeviationKind.WRONG_COUNT_DEALT,),
    looks_at=frozenset({DeviationKind.WRONG_COUNT_DEALT}),
)


_OPTIONS_17 = (
    fresh_deal(Who.NON_DEALER, Window.BEFORE_ANSWER),
    Option(
        name="draw",
        who=Who.NON_DEALER,
        window=Window.BEFORE_ANSWER,
        claims=("draw",),
        effect="he draws the surplus from the dealer's hand",
        outcome=Outcome.STANDS,
        remedy=Remedy(Does.DRAW_SURPLUS, Who.DEALER),
    ),
)
_DEFAULT_17 = "the non-dealer draws the superfluous cards from the dealer's hand"


def _draw_words(dealer: Player, elder: Player, w: _WrongCount) -> str:
    """Law 17: the non-dealer's choice, and whether he may look at the cards he draws."""
    deal = w.step.table.deal
    seen = deal is not None and has_looked(deal, dealer)
    look = (
        f" {dealer} has taken up his hand, so {elder} may look at the cards he draws."
        if seen
        else ""
    )
    return (
        f"Before {dealer} accepts or refuses (or plays), {elder} may claim a fresh deal; if "
        f"he does not, he draws the {_cards(w.size - HAND)} too many from {dealer}'s hand.{look}"
    )


def _find_law_17(view: DealView) -> Sequence[Finding]:
    return _count_findings(
        view,
        17,
        "dealer_too_many",
        dealers_hand=True,
        too_many=True,
        then=_draw_words,
        options=_OPTIONS_17,
        default=_DEFAULT_17,
    )


LAW_17 = Law(
    number=17,
    needs=("dealt",),
    heading=Heading.DEALING,
    title="Dealer with too many, found after the turn-up",
    summary=(
        "Should the dealer prove, after the turn-up, to have dealt himself six cards or more, his "
        "adversary is entitled to a new deal, provided the "
        "dealer has not yet accepted or refused (or, with no proposal, played). Otherwise the "
        "non-dealer draws the extra cards out of the dealer's hand, and may look at them if "
        "the dealer had already picked up his hand."
    ),
    interpretation=(
        "Judges the engine's `wrong_count_dealt` for the dealer's surplus. The window closes at "
        "the dealer's answer to the first proposal, or, with no proposal, at his first card. "
        "`claims draw` takes the draw (as does `elects play`, declining the fresh deal: the "
        "law's own remedy), and the table carries it out at once: the surplus leaves the "
        "dealer's hand. The notation has no line for a card drawn: the cards drawn are those "
        "the record writes next as a `discards` line of the dealer's, or leaves out of a "
        "statement of his hand (`holds`) after the draw, or never shows him holding again; the "
        "exchange and the play go on from the hand the draw leaves (law 21 then finds "
        "nothing). Whether the dealer had taken up his hand is "
        "his `takes up` before the turn-up. The dealer loses a king turned up (law 19). "
        "Source: S2."
    ),
    find=_find_law_17,
    options=_OPTIONS_17,
    default=_DEFAULT_17,
    remedy=Remedy(Does.DRAW_SURPLUS, Who.DEALER),
    deviations=(DeviationKind.WRONG_COUNT_DEALT,),
    looks_at=frozenset({DeviationKind.WRONG_COUNT_DEALT}),
)


_OPTIONS_18 = (
    Option(
        name="permit_complete",
        who=Who.NON_DEALER,
        window=Window.BEFORE_ANSWER,
        claims=("permit complete",),
        effect="the dealer makes his hand up to five from the top of the stock",
        outcome=Outcome.STANDS,
    ),
    fresh_deal(Who.NON_DEALER, Window.BEFORE_ANSWER),
)
_DEFAULT_18 = "the dealer's hand stays short; if he plays without taking cards, law 21"


def _find_law_18(view: DealView) -> Sequence[Finding]:
    return _count_findings(
        view,
        18,
        "dealer_too_few",
        dealers_hand=True,
        too_many=False,
        then=lambda dealer, elder, w: (
            f"Before {dealer} accepts or refuses (or plays), {elder} may let him complete "
            "his hand from the stock, or claim a fresh deal."
        ),
        options=_OPTIONS_18,
        default=_DEFAULT_18,
    )


LAW_18 = Law(
    number=18,
    needs=("dealt",),
    heading=Heading.DEALING,
    title="Dealer with too few, found after the turn-up",
    summary=(
        "If, once the trump card is turned up, it turns out that the dealer has fewer than "
        "five cards, the non-dealer may either allow him to make up his hand from the stock "
        "or have the cards dealt again, provided the dealer has not yet accepted or refused "
        "(or, with no proposal, played)."
    ),
    interpretation=(
        "Judges the engine's `wrong_count_dealt` for the dealer's shortage; window as law "
        "17's. `permits complete` takes the first option: the engine takes a packet that makes "
        "the dealer's hand up to five after it as the completion it allowed. Without the "
        "permission, after one the laws reject (too late, or not the non-dealer's), or beyond "
        "five, it reports the packet as `cards_given_out_of_turn`. If neither is taken and the "
        "dealer plays without taking cards, law 21 gives the non-dealer a fresh deal. The "
        "dealer loses a king turned up (law 19). Source: S2."
    ),
    find=_find_law_18,
    options=_OPTIONS_18,
    default=_DEFAULT_18,
    deviations=(DeviationKind.WRONG_COUNT_DEALT,),
    looks_at=frozenset({DeviationKind.WRONG_COUNT_DEALT}),
)


# -- laws 20 and 21: play begun with the wrong number, no cards taken ------------------------


def _took_cards(view: DealView, player: Player, after: int) -> bool:
    """Whether ``player`` was given cards after the turn-up (in an exchange, or a completion)."""
    return any(
        step.number > after and isinstance(step.event, Packet) and step.event.player is player
        for step in view.steps
    )


def _short_play(view: DealView, player: Player) -> Step | None:
    """The step at which play began with ``player`` holding other than five cards, having taken
    no cards since the turn-up, and his count not put right under laws 15-18 by a claim the
    record cannot show the effect of (a completion: a draw is carried out on the table)."""
    state = opening_state(view)
    turn = turn_step(view)
    if state is None:
        return None
    after = turn.number if turn is not None else 0
    if _rectified(view):
        return None  # the hands were put right before the turn-up (law 9)
    for step, dev in deviations(view, DeviationKind.WRONG_COUNT_AT_PLAY):
        if dev.player is not player or _took_cards(view, player, after):
            continue
        fixed = player is state.elder and any(
            after < s.number < step.number for s in claims_by(view, state.elder, "complete")
        )
        if player is state.dealer:
            fixed = fixed or any(
                after < s.number < step.number
                and s.kind == "permit_complete"
                and not s.refused
                and acts(s, state.elder)
                for s in view.steps
            )
        if not fixed:
            return _shown(view, step, player)
    return None


def _play_size(step: Step, player: Player) -> int:
    deal = step.table.deal
    if deal is None or deal.play_hands is None:
        return HAND
    return deal.play_hands[SEAT[player]].size


def _find_law_20(view: DealView) -> Sequence[Finding]:
    state = opening_state(view)
    if state is None:
        return ()
    step = _short_play(view, state.elder)
    if step is None:
        return ()
    n = _play_size(step, state.elder)
    return [
        finding(
            20,
            view,
            step,
            state.dealer,
            "non_dealer_played_wrong_count",
            f"{state.elder} began to play with {_cards(n)} without having taken cards: there "
            "must be a fresh deal.",
            options=(fresh_deal(Who.EITHER, Window.BEFORE_NEXT_TURN),),
            default="a fresh deal",
            outcome=Outcome.FRESH_DEAL,
        )
    ]


LAW_20 = Law(
    number=20,
    needs=("dealt",),
    heading=Heading.DEALING,
    title="Non-dealer plays with the wrong number, no cards taken",
    summary=(
        "If the non-dealer begins to play without having exchanged any cards and is then found "
        "to hold more or fewer than five, the cards must be dealt again."
    ),
    interpretation=(
        "Judges the engine's `wrong_count_at_play` for the non-dealer when no card was given "
        "him after the turn-up (he stood, or his proposal was refused). The fresh deal is "
        "imposed, whenever the wrong number comes to light (a claim of it by either player is "
        "upheld until the next trump is turned up). It replaces laws 15 and 16's remedies, "
        "whose windows closed when he played. A completion claimed in time under law 16 is "
        "taken as made even if the record does not show the card; a claim the laws reject "
        "completes nothing (the record is ruled without it). Played with the wrong number after "
        "taking cards is not covered (§6.13: the deal stands; laws 29-34 if the exchange "
        "caused it). Source: S2."
    ),
    find=_find_law_20,
    options=(fresh_deal(Who.EITHER, Window.BEFORE_NEXT_TURN),),
    default="a fresh deal",
    overrides=(15, 16),
    deviations=(DeviationKind.WRONG_COUNT_AT_PLAY,),
    readings=(
        Reading(Rests.WINDOW, "fresh_deal", "the claim is open until the next deal's turn-up"),
    ),
    looks_at=frozenset({DeviationKind.WRONG_COUNT_AT_PLAY}),
)


def _find_law_21(view: DealView) -> Sequence[Finding]:
    state = opening_state(view)
    if state is None:
        return ()
    step = _short_play(view, state.dealer)
    if step is None:
        return ()
    n = _play_size(step, state.dealer)
    return [
        finding(
            21,
            view,
            step,
            state.dealer,
            "dealer_played_wrong_count",
            f"{state.dealer} began to play with {_cards(n)} without having taken cards: "
            f"{state.elder} may claim a fresh deal.",
            options=(fresh_deal(Who.NON_DEALER, Window.BEFORE_NEXT_TURN),),
            default="the deal stands; the dealer cannot mark a king turned up (law 19)",
        )
    ]


LAW_21 = Law(
    number=21,
    needs=("dealt",),
    heading=Heading.DEALING,
    title="Dealer plays with the wrong number, no cards taken",
    summary=(
        "If the dealer begins to play without having exchanged any cards and is then found to "
        "hold more or fewer than five, the non-dealer may have the cards dealt again."
    ),
    interpretation=(
        "Judges the engine's `wrong_count_at_play` for the dealer when no card was given him "
        "after the turn-up (he refused, or the non-dealer stood). The fresh deal is the "
        "non-dealer's option, not imposed (§6.13: law 20 makes it mandatory for the "
        "non-dealer's hand, law 21 optional for the dealer's). The claim may be made when the "
        "wrong number comes to light, and is read as open until the next trump is turned up "
        "(the project's limit for claims about a finished hand, as laws 22 and 50). A draw "
        "under law 17 is carried out on the table (he plays with five); a completion permitted "
        "in time under law 18 is taken as made even if the record does not show it. Only the "
        "adversary may claim the fresh deal: the offending dealer's claim is refused under this "
        "law. Unclaimed, the deal stands and the dealer cannot mark a "
        "king turned up (law 19, §6.4). Source: S2."
    ),
    find=_find_law_21,
    options=(fresh_deal(Who.NON_DEALER, Window.BEFORE_NEXT_TURN),),
    default="the deal stands; the dealer cannot mark a king turned up (law 19)",
    overrides=(17, 18),
    deviations=(DeviationKind.WRONG_COUNT_AT_PLAY,),
    readings=(
        Reading(Rests.WINDOW, "fresh_deal", "the claim is open until the next deal's turn-up"),
    ),
    looks_at=frozenset({DeviationKind.WRONG_COUNT_AT_PLAY}),
)


# -- law 19: no king after a wrong number -----------------------------------------------------


def _find_law_19(view: DealView) -> Sequence[Finding]:
    state = opening_state(view)
    turn = turn_step(view)
    if state is None or turn is None or turn.table.deal is None:
        return ()
    if not king_turned(turn.table.deal):
        return ()
    dealer = state.dealer
    king = turn.table.deal.turned[0]
    code = king.code if king is not None else "a king"
    if _wrong_counts(view):
        why = "the wrong number of cards was dealt"
    elif _short_play(view, dealer) is not None:
        why = f"{dealer} played with the wrong number of cards (law 21)"
    else:
        return ()
    return [
        finding(
            19,
            view,
            turn,
            dealer,
            "king_after_wrong_count",
            f"{dealer} turned up {code}, but {why}: unless a fresh deal is claimed, he cannot "
            "mark the king.",
            evidence=(king,) if king is not None else (),
            default="the dealer may not mark the king turned up",
            takes_king=(dealer,),
        )
    ]


LAW_19 = Law(
    number=19,
    needs=("dealt",),
    heading=Heading.DEALING,
    title="No king turned up after a wrong deal",
    summary=(
        "When a wrong number of cards has been dealt and the cards are not dealt again, the "
        "dealer may not score a king he turned up."
    ),
    interpretation=(
        "The finding takes the king away from the dealer (`takes_king`) whenever a king is turned "
        "up and a wrong number was dealt that laws 15-18 judge (the counts at the turn-up), "
        "or the dealer played with the wrong number under law 21 (§6.4: yes); a fresh deal "
        "makes it moot. A mark already made comes off (the score correction). A wrong number "
        "put right under law 9 before the turn-up does not count (§6.4, Foster S6's "
        "rationale: the card turned is then the true eleventh card). A wrong order with the "
        "right numbers is not a wrong number. The king held in hand by a player whose count "
        "was wrong is not affected: the law speaks only of the king turned up. Sources: S2; "
        "Foster (S6)."
    ),
    find=_find_law_19,
    default="the dealer may not mark the king turned up",
    deviations=(),
    # a wrong count at the turn-up (laws 15-18) or at the play (law 21)
    looks_at=frozenset({DeviationKind.WRONG_COUNT_DEALT, DeviationKind.WRONG_COUNT_AT_PLAY}),
)

LAWS: tuple[Law, ...] = (
    LAW_8,
    LAW_9,
    LAW_10,
    LAW_11,
    LAW_12,
    LAW_13,
    LAW_14,
    LAW_15,
    LAW_16,
    LAW_17,
    LAW_18,
    LAW_19,
    LAW_20,
    LAW_21,
)
