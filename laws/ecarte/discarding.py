"""DISCARDING: laws 28 to 38 (Cavendish, 1886, pp. 11-13).

The exchange after an accepted proposal: each player discards, then takes as many cards from
the stock (law 28). Laws 29 to 34 rule on wrong numbers; law 35 on a faced card in the stock;
law 36 on cards exposed as they are given; law 37 on a card turned up in error; law 38 on a
stock too small for both players.

The finders share one piece of book-keeping, :func:`exchanges`: each accepted proposal and
what followed it, read from the record itself rather than from the engine's running ``asked``
count (which takes the last ``asks`` line, and forgets an ``asks`` line written before the
discard). For each player it gives what he discarded before he was given cards, how many he
asked for (the first ``asks`` line binds: law 26), how many he was given in the first packet,
and the stock at the time. Later packets in the same exchange are completions (laws 32, 34) or
replacements (laws 35, 36); later discards are the surplus drawn or thrown out (laws 29, 31,
33) or refused exposed cards (law 36). The notation has no line for cards drawn out of a hand:
a record shows them as a ``discards`` line of the hand they leave, after the claim.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.rules import HAND
from adjudicator.engine.ecarte.table import SEAT, DealState, Holding, Phase, Step
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.ecarte.model import (
    Abandon,
    Accept,
    Ask,
    Claim,
    ClaimKind,
    DeclarePlay,
    Discard,
    ElectPlay,
    Lead,
    Packet,
    PermitComplete,
    Play,
    Propose,
    Refuse,
    Show,
    TakeUp,
    Trick,
)

from .base import Does, Finding, Heading, Law, Option, Reading, Remedy, Rests, Who, Window
from .facts import deviations, finding, fresh_deal, indexed_deviations, state_before
from .view import DealView, remember

# --------------------------------------------------------------------------------------------
#  Book-keeping: the exchanges of a deal
# --------------------------------------------------------------------------------------------

_ENDS = (Propose, DeclarePlay, Lead, Trick, Play, Abandon, Show)
"""Events that close an exchange."""
_DECISIONS = (Claim, ElectPlay, PermitComplete)


@dataclass
class Side:
    """One player's part in an exchange."""

    player: Player
    discarded: int = 0
    """Cards he discarded before he was given any (if he was given some before discarding:
    the cards he discarded after, up to the first claim)."""
    discard_steps: list[Step] = field(default_factory=list)
    asked: int | None = None
    """The number he first asked for in an ``asks`` line, if any: the non-dealer's request, or
    the number the dealer wished to exchange where the stock could not give it (law 38)."""
    ask_step: Step | None = None
    given: int = 0
    """Cards in the first packet he was given."""
    give_step: Step | None = None
    stock: int = 0
    """The stock just before that packet."""
    took_first: bool = False
    """He was given cards before he had discarded (law 28 if he discards after; if he never
    does, only the numbers are wrong: laws 29, 31, 33)."""
    mixed: bool = False
    """He took up the cards given him, or the play began after (laws 29, 33)."""
    later: list[Step] = field(default_factory=list)
    """Packets given him after the first one in the exchange."""

    @property
    def wanted(self) -> int:
        """How many cards he was entitled to ask for: the number asked, else his discard."""
        return self.asked if self.asked is not None else self.discarded


@dataclass
class Exchange:
    """An accepted proposal and what followed it, up to the next proposal or the play."""

    accept: Step
    conditional: bool
    stock: int
    """The stock when the proposal was accepted."""
    steps: list[Step]
    """The events after the acceptance, up to (not including) the one that closed it."""
    elder: Side
    dealer: Side

    def side(self, player: Player) -> Side:
        return self.elder if player is self.elder.player else self.dealer


def _side(player: Player, steps: list[Step], rest: list[Step]) -> Side:
    side = Side(player)
    packets = [s for s in steps if isinstance(s.event, Packet) and s.event.player is player]
    discards = [s for s in steps if isinstance(s.event, Discard) and s.event.player is player]
    asks = [s for s in steps if isinstance(s.event, Ask) and s.event.player is player]
    first = packets[0] if packets else None
    if first is not None:
        assert isinstance(first.event, Packet)
        side.give_step = first
        side.given = len(first.event.cards)
        side.later = packets[1:]
        index = steps.index(first)
        prior = state_before(steps, index)
        side.stock = prior.stock if prior is not None else 0
        before = [s for s in discards if s.number < first.number]
        if before:
            counted = before
        else:
            side.took_first = True
            decision = next(
                (s.number for s in steps if s.number > first.number and _decides(s)), None
            )
            counted = [
                s
                for s in discards
                if s.number > first.number and (decision is None or s.number < decision)
            ]
        side.mixed = any(
            (isinstance(s.event, TakeUp) and s.event.player is player)
            or isinstance(s.event, (Lead, Trick, Play))
            for s in (*steps, *rest)
            if s.number > first.number
        )
    else:
        counted = discards
    side.discard_steps = counted
    side.discarded = sum(len(s.event.cards) for s in counted if isinstance(s.event, Discard))
    asks = [s for s in asks if first is None or s.number < first.number]
    if asks:
        assert isinstance(asks[0].event, Ask)
        side.ask_step = asks[0]
        side.asked = asks[0].event.count
    if first is not None and not side.took_first:
        _one_at_a_time(side, steps, steps.index(first))
    return side


def _one_at_a_time(side: Side, steps: list[Step], first: int) -> None:
    """Cards given in packets one after another, with nothing between them, until he has as
    many as he was due, are one giving (law 34's near miss: the dealer takes his cards one
    at a time): the packets after the first count in what he was given, not as later ones."""
    for step in steps[first + 1 :]:
        event = step.event
        if side.given >= side.wanted or not isinstance(event, Packet):
            break
        if event.player is not side.player:
            break
        side.given += len(event.cards)
        side.later.remove(step)


def _decides(step: Step) -> bool:
    return isinstance(step.event, _DECISIONS)


def exchanges(view: DealView) -> list[Exchange]:
    """The deal's exchanges: each accepted proposal and what followed it (computed once)."""
    return remember(view, "discarding.exchanges", lambda: _exchanges(view))


def _exchanges(view: DealView) -> list[Exchange]:
    out: list[Exchange] = []
    steps = view.steps
    i = 0
    while i < len(steps):
        step = steps[i]
        deal = step.table.deal
        before = state_before(view.steps, i)
        if (
            isinstance(step.event, Accept)
            and deal is not None
            and before is not None
            and before.stage == "answer"
            and deal.stage == "elder discards"
        ):
            j = i + 1
            while j < len(steps) and not isinstance(steps[j].event, _ENDS):
                j += 1
            body = list(steps[i + 1 : j])
            rest = list(steps[j:])
            conditional = bool(deal.proposals) and deal.proposals[-1].conditional
            out.append(
                Exchange(
                    accept=step,
                    conditional=conditional,
                    stock=deal.stock,
                    steps=body,
                    elder=_side(deal.elder, body, rest),
                    dealer=_side(deal.dealer, body, rest),
                )
            )
            i = j
        else:
            i += 1
    return out


def _in_exchange(view: DealView, step: Step) -> Exchange | None:
    for ex in exchanges(view):
        if step in ex.steps:
            return ex
    return None


def _cards(step: Step | None) -> tuple[Card, ...]:
    if step is None or not isinstance(step.event, (Packet, Discard)):
        return ()
    return tuple(c for c in step.event.cards if c is not None)


def _stock_short(ex: Exchange) -> bool:
    """The stock at the acceptance could not serve both players as they wished (law 38)."""
    return ex.elder.wanted + ex.dealer.wanted > ex.stock


# --------------------------------------------------------------------------------------------
#  Law 28
# --------------------------------------------------------------------------------------------


def _refused_exposed(view: DealView, index: int, player: Player, cards: tuple[Card, ...]) -> bool:
    """Whether the cards discarded at ``view.steps[index]`` are exposed cards given to
    ``player`` that he refused (law 36): thrown aside, shown as his discard."""
    refused = False
    exposed: set[Card] = set()
    for step in view.steps[:index]:
        event = step.event
        if isinstance(event, Packet) and event.player is player:
            for pos in event.exposed:
                card = event.cards[pos] if pos < len(event.cards) else None
                if card is not None:
                    exposed.add(card)
        if isinstance(event, Claim) and event.player is player and event.claim is ClaimKind.REFUSE:
            refused = True
    return refused and bool(cards) and set(cards) <= exposed


def _find_law_28(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    for ex in exchanges(view):
        for side in (ex.elder, ex.dealer):
            if side.took_first and side.discarded and side.give_step is not None:
                found.append(
                    finding(
                        28,
                        view,
                        side.give_step,
                        side.player,
                        "took_before_discarding",
                        f"{side.player} was given cards before he had discarded: each player "
                        "must put out his discard before he takes cards (law 28). No "
                        "penalty is laid down; the numbers are judged by laws 29 to 34.",
                        default="no penalty; the exchange stands",
                        evidence=_cards(side.give_step),
                    )
                )
    for step, dev in deviations(view, DeviationKind.LOOKED_AT_DISCARD):
        if dev.player is None:
            continue
        found.append(
            finding(
                28,
                view,
                step,
                dev.player,
                "looked_at_discard",
                f"{dev.player} looked at a discard once it was made: cards discarded may not be "
                "looked at again (law 28). No penalty is laid down.",
                default="no penalty",
            )
        )
    for i, step, dev in indexed_deviations(view, DeviationKind.DISCARD_OUT_OF_TURN):
        before = state_before(view.steps, i)
        player = dev.player
        if before is None or player is None or not isinstance(step.event, Discard):
            continue
        cards = _cards(step)
        if before.hand(player).size > HAND:
            continue  # the surplus of an oversized hand drawn or thrown out (laws 15, 17, 29-33)
        if _refused_exposed(view, i, player, cards):
            continue  # refused exposed cards thrown aside (law 36)
        within = _in_exchange(view, step)
        if within is not None:
            mine = within.side(player)
            if mine.give_step is None or mine.give_step.number > step.number:
                continue  # his own discard, in an exchange, before he takes cards
        found.append(
            finding(
                28,
                view,
                step,
                player,
                "discard_out_of_turn",
                f"{player} discarded when no exchange called for it ({dev.message}): a "
                "discard belongs to an accepted proposal, before taking cards (law 28). No "
                "penalty is laid down.",
                default="no penalty",
                evidence=cards,
            )
        )
    found.sort(key=lambda f: f.step)
    return found


LAW_28 = Law(
    number=28,
    heading=Heading.DISCARDING,
    title="How to discard",
    summary=(
        "Each player lays his discarded cards face down on the table, away from the stock and "
        "from the other player's discard, before he takes any cards; nobody may look at "
        "discarded cards again."
    ),
    interpretation=(
        "The law lays down the procedure and names no penalty, so its findings note the fault "
        "and change nothing. What the notation can show: cards given to a player in an "
        "exchange before he discarded, who discards after (the engine's "
        "`cards_given_out_of_turn` in the exchange; the numbers are then judged by laws 29 to "
        "34 on what he discarded after; a player given cards who never discards has only a "
        "wrong number), "
        "and a discard that no exchange calls for (the engine's `discard_out_of_turn`: before "
        "the dealer accepted, after a refusal, during the play). Not faults: a dealer who "
        "discards before the non-dealer has drawn (the law orders discarding before taking, "
        "not who goes first); the surplus of an oversized hand being drawn or thrown out "
        "(laws 15, 17, 29, 31, 33), and refused exposed cards thrown aside (law 36), which a "
        "record shows as `discards` lines. Looking at a discard once made is recorded "
        "`B looks at discard` and found (the engine's `looked_at_discard`); looking at the stock "
        "(`B looks at stock`) is no matter for this law, which speaks of discards only. "
        "Discarding face up or beside the stock cannot be recorded: the notation has no line "
        "for them. "
        "Packets before any proposal is accepted are the dealing laws' (16, 18). Source: S2."
    ),
    find=_find_law_28,
    default="no penalty",
    deviations=(
        DeviationKind.DISCARD_OUT_OF_TURN,
        DeviationKind.CARDS_GIVEN_OUT_OF_TURN,
        DeviationKind.LOOKED_AT_DISCARD,
    ),
    # cards taken before discarding in an exchange (opened by an acceptance); a discard out of
    # turn; a discard looked at
    looks_at=frozenset(
        {"accept", DeviationKind.DISCARD_OUT_OF_TURN, DeviationKind.LOOKED_AT_DISCARD}
    ),
)


# --------------------------------------------------------------------------------------------
#  Laws 29 to 34: wrong numbers
# --------------------------------------------------------------------------------------------


def _fresh_deal(who: Who) -> Option:
    return fresh_deal(who, Window.BEFORE_PLAYING, "a fresh deal by the same dealer")


def _draw(who: Who, drawer: str, owner: str, given: str, hand: Who) -> Option:
    """Law 29's or 33's option to play, ``drawer`` drawing the surplus from ``owner``'s hand
    (``hand``)."""
    return Option(
        name="draw",
        who=who,
        window=Window.BEFORE_PLAYING,
        claims=("draw", "elect play"),
        effect=(
            f"the hand is played: the {drawer} draws the superfluous cards from the {owner}'s "
            f"hand, and may look at them if the {owner} had taken up the cards {given}"
        ),
        remedy=Remedy(Does.DRAW_SURPLUS, hand),
    )


def _complete(who: Who, claims: tuple[str, ...], effect: str) -> Option:
    """Law 32's or 34's option to complete a short hand from the stock."""
    return Option(
        name="complete", who=who, window=Window.BEFORE_PLAYING, claims=claims, effect=effect
    )


DRAW_29 = _draw(Who.DEALER, "dealer", "non-dealer", "given him", Who.NON_DEALER)
DISCARD_31 = Option(
    name="discard_surplus",
    who=Who.NON_DEALER,
    window=Window.BEFORE_PLAYING,
    claims=("elect play",),
    effect="the hand is played: he discards the superfluous cards, unseen by the dealer",
    remedy=Remedy(Does.PUT_OUT_SURPLUS, Who.NON_DEALER),
)
COMPLETE_32 = _complete(
    Who.NON_DEALER,
    ("complete", "elect play"),
    "the hand is played: his hand is completed from the stock",
)
DRAW_33 = _draw(Who.NON_DEALER, "non-dealer", "dealer", "he gave himself", Who.DEALER)
COMPLETE_34 = _complete(
    Who.DEALER, ("complete",), "he completes his hand from the stock before he plays"
)


def _short_by_stock(side: Side, due: int) -> bool:
    """He was given fewer than due because the stock held no more (law 38)."""
    return side.given < due and side.given == side.stock


def _took_too_many(
    view: DealView,
    law: int,
    side: Side,
    step: Step,
    kind: str,
    head: str,
    claimant: Player,
    surplus: str,
    draw: Option,
    default: str,
) -> Finding:
    """Law 29 or 33: ``side`` took more than he discarded. If he took them up, ``claimant``
    may claim a fresh deal or ``draw`` the ``surplus``; if not, the surplus is returned."""
    mixed = side.mixed
    return finding(
        law,
        view,
        step,
        side.player,
        kind,
        head
        + (
            f"He took them up, so {claimant} may claim a fresh deal, or play and draw the "
            f"superfluous {surplus} from his hand (and look at them)."
            if mixed
            else "He had not mixed them with his hand: the superfluous cards are simply "
            "returned (§6.15)."
        ),
        options=(_fresh_deal(draw.who), draw) if mixed else (),
        default=default if mixed else "the superfluous cards are returned to the stock",
        evidence=_cards(step),
    )


def _elder_numbers(view: DealView, ex: Exchange) -> list[Finding]:
    """Laws 29 to 32 on the non-dealer's side of one exchange."""
    side = ex.elder
    dealer = ex.dealer.player
    d, k, g = side.discarded, side.wanted, side.given
    found: list[Finding] = []
    if k < d and side.ask_step is not None:
        found.append(
            finding(
                30,
                view,
                side.ask_step,
                side.player,
                "asked_fewer_than_discarded",
                f"{side.player} discarded {d} and asked for only {k}: he plays with "
                f"{HAND - d + k} cards and may not complete his hand (law 26); {dealer} counts "
                "as tricks all cards that cannot be played to (law 30).",
                default="the dealer counts as tricks the cards that cannot be played to",
            )
        )
    step = side.give_step
    if step is None:
        return found
    evidence = _cards(step)
    if k > d:
        if g > d:
            found.append(
                _took_too_many(
                    view,
                    29,
                    side,
                    step,
                    "elder_took_too_many",
                    f"{side.player} discarded {d}, asked for {k} and took {g}: {g - d} more "
                    "than he discarded (law 29). ",
                    dealer,
                    "cards",
                    DRAW_29,
                    "the dealer draws the superfluous cards",
                )
            )
        elif g < d and not _short_by_stock(side, d):
            found.append(_law_32(view, side, dealer, d, evidence))
        return found
    if g > k:
        found.append(
            finding(
                31,
                view,
                step,
                dealer,
                "dealer_gave_too_many",
                f"{dealer} gave {side.player} {g} cards; he asked for {k} (law 31): "
                f"{side.player} may claim a fresh deal, or play and discard the superfluous "
                f"{g - k}, which {dealer} may not see.",
                options=(_fresh_deal(Who.NON_DEALER), DISCARD_31),
                default="the non-dealer discards the superfluous cards, unseen",
                evidence=evidence,
            )
        )
    elif g < k and not _short_by_stock(side, k):
        found.append(_law_32(view, side, dealer, k, evidence))
    return found


def _law_32(
    view: DealView, side: Side, dealer: Player, due: int, evidence: tuple[Card, ...]
) -> Finding:
    assert side.give_step is not None
    return finding(
        32,
        view,
        side.give_step,
        dealer,
        "dealer_gave_too_few",
        f"{dealer} gave {side.player} {side.given} cards; he was due {due} (law 32): "
        f"{side.player} may claim a fresh deal, or play and have his hand completed from the "
        "stock.",
        options=(_fresh_deal(Who.NON_DEALER), COMPLETE_32),
        default="his hand is completed from the stock",
        evidence=evidence,
    )


def _dealer_numbers(view: DealView, ex: Exchange) -> list[Finding]:
    """Laws 33 and 34 on the dealer's side of one exchange."""
    side = ex.dealer
    elder = ex.elder.player
    d, g = side.discarded, side.given
    if d == 0 and g == 0:
        return []
    step = side.give_step
    if g > d and step is not None:
        return [
            _took_too_many(
                view,
                33,
                side,
                step,
                "dealer_took_too_many",
                f"{side.player} discarded {d} and gave himself {g} (law 33). ",
                elder,
                f"{g - d}",
                DRAW_33,
                "the non-dealer draws the superfluous cards",
            )
        ]
    if g < d:
        if _stock_short(ex) and not ex.conditional:
            return []  # law 38: the dealer must play his hand
        at = step if step is not None else side.discard_steps[-1]
        return [
            finding(
                34,
                view,
                at,
                side.player,
                "dealer_took_too_few",
                f"{side.player} discarded {d} and gave himself {g} (law 34): he may complete "
                f"his hand from the stock before he plays; if he plays with fewer than five, "
                f"{elder} counts as tricks all cards that cannot be played to.",
                options=(COMPLETE_34,),
                default=(
                    "he plays short; the non-dealer counts as tricks the cards that cannot "
                    "be played to"
                ),
                evidence=_cards(step),
            )
        ]
    return []


def _later_packets(view: DealView, ex: Exchange) -> list[Finding]:
    """Packets given after the first in an exchange to a hand that already held five or
    more: more cards than were due (law 31 for the non-dealer, law 33 for the dealer)."""
    found: list[Finding] = []
    for side in (ex.elder, ex.dealer):
        for step in side.later:
            index = view.steps.index(step)
            before = state_before(view.steps, index)
            deal = step.table.deal
            if before is None or deal is None or before.hand(side.player).size < HAND:
                continue
            surplus = deal.hand(side.player).size - HAND
            if side is ex.elder:
                found.append(
                    finding(
                        31,
                        view,
                        step,
                        ex.dealer.player,
                        "dealer_gave_too_many",
                        f"{ex.dealer.player} gave {side.player} {surplus} card(s) more than "
                        f"were due (law 31): {side.player} may claim a fresh deal, or play and "
                        "discard the superfluous cards, unseen.",
                        options=(_fresh_deal(Who.NON_DEALER), DISCARD_31),
                        default="the non-dealer discards the superfluous cards, unseen",
                        evidence=_cards(step),
                    )
                )
            else:
                found.append(
                    finding(
                        33,
                        view,
                        step,
                        side.player,
                        "dealer_took_too_many",
                        f"{side.player} gave himself {surplus} card(s) more than he "
                        f"discarded (law 33): {ex.elder.player} may claim a fresh deal, or "
                        "play and draw the superfluous cards.",
                        options=(_fresh_deal(Who.NON_DEALER), DRAW_33),
                        default="the non-dealer draws the superfluous cards",
                        evidence=_cards(step),
                    )
                )
    return found


def _numbers(view: DealView) -> tuple[Finding, ...]:
    """Laws 29 to 34's findings in the deal's exchanges (computed once: each law takes its
    own)."""
    return remember(view, "discarding.numbers", lambda: tuple(_compute_numbers(view)))


def _compute_numbers(view: DealView) -> list[Finding]:
    found: list[Finding] = []
    for ex in exchanges(view):
        if ex.conditional and _stock_short(ex):
            continue  # the acceptance fell (law 38): no exchange to judge
        found += _elder_numbers(view, ex)
        found += _dealer_numbers(view, ex)
        found += _later_packets(view, ex)
    return found


def _find_law_29(view: DealView) -> Sequence[Finding]:
    return [f for f in _numbers(view) if f.law == 29]


def _find_law_30(view: DealView) -> Sequence[Finding]:
    return [f for f in _numbers(view) if f.law == 30]


def _find_law_31(view: DealView) -> Sequence[Finding]:
    return sorted((f for f in _numbers(view) if f.law == 31), key=lambda f: f.step)


def _find_law_32(view: DealView) -> Sequence[Finding]:
    return [f for f in _numbers(view) if f.law == 32]


def _find_law_33(view: DealView) -> Sequence[Finding]:
    return sorted((f for f in _numbers(view) if f.law == 33), key=lambda f: f.step)


def _find_law_34(view: DealView) -> Sequence[Finding]:
    return [f for f in _numbers(view) if f.law == 34]


_COUNTING = (
    "How the numbers are read: for each accepted proposal the finder takes the non-dealer's "
    "discard made before he was given cards (D), the number he asked for (K: the first "
    "`asks` line of the exchange, law 26; with no `asks` line, K = D, since the notation "
    "writes `asks` only where it differs from the discard) and the size of the first packet "
    "given him (G: packets given one after another, nothing between them, until he has as "
    "many as he was due, are one giving, the cards taken one at a time); for the dealer, his "
    "discard and the first packet he gave himself, read alike. K > D "
    "and G > D is law 29 (he took more than he discarded); K < D is law 30; otherwise G > K "
    "is law 31 and G < K law 32. A shortfall the stock explains is law 38's, not 32's or "
    "34's. "
)

LAW_29 = Law(
    number=29,
    heading=Heading.DISCARDING,
    title="Non-dealer takes more than he discarded",
    summary=(
        "If the non-dealer takes more cards than he threw out and mixes any of them into his "
        "hand, the dealer may have a fresh deal; if the dealer plays instead, he pulls the "
        "extra cards out of the non-dealer's hand, and may look at them if the non-dealer had "
        "picked up any of the cards he was given."
    ),
    interpretation=(
        _COUNTING + "'Mix with his hand' is read as a `takes up` line by the non-dealer "
        "after the cards were given, or the play beginning; unmixed (§6.15), the surplus is "
        "simply returned, and the dealer has no option. Electing to play is drawing the "
        "surplus (`claims draw` or `elects play`), which the table carries out at once: the "
        "cards drawn are those the record writes next as a `discards` line of the non-dealer's, "
        "or leaves out of a statement of his hand (`holds`) after it, or never shows him "
        "holding again. Both options are open until the play "
        "begins. A hand played with the surplus in it is this law's consequence, not law 20's "
        "(which is about playing without taking cards). Sources: S2; §6.15."
    ),
    find=_find_law_29,
    remedy=Remedy(Does.DRAW_SURPLUS, Who.NON_DEALER),
    options=(_fresh_deal(Who.DEALER), DRAW_29),
    default="the dealer draws the superfluous cards",
    overrides=(20,),
    deviations=(DeviationKind.WRONG_NUMBER_GIVEN,),
    looks_at=frozenset({"ask"}),  # more asked for than discarded: an asks line
)

LAW_30 = Law(
    number=30,
    heading=Heading.DISCARDING,
    title="Non-dealer asks for fewer than he discarded",
    summary=(
        "A non-dealer who asks for fewer cards than he threw out plays with a short hand, and "
        "every card of the dealer's that he has nothing left to play to counts as a trick for "
        "the dealer."
    ),
    interpretation=(
        _COUNTING + "Found at the `asks` line. §6.14: each card of the dealer's that cannot "
        "be played to is a trick of his, with no lead needed (the engine ends the hand when a "
        "hand is empty and counts the other's cards as tricks); the non-dealer cannot complete "
        "his hand, since law 26 binds him to the number he asked for, so a `claims complete` "
        "is not his to make. The short hand at the play (the engine's `wrong_count_at_play`) "
        "is this law's consequence, not law 20's. Sources: S2; §6.14."
    ),
    find=_find_law_30,
    default="the dealer counts as tricks all cards that cannot be played to",
    overrides=(20,),
    deviations=(DeviationKind.WRONG_COUNT_AT_PLAY,),
    looks_at=frozenset({"ask"}),  # fewer asked for than discarded, found at the asks line
)

LAW_31 = Law(
    number=31,
    heading=Heading.DISCARDING,
    title="Dealer gives the non-dealer too many",
    summary=(
        "If the dealer hands the non-dealer more cards than he asked for, the non-dealer may "
        "have a fresh deal; if he plays instead, he throws out the extra cards, and the dealer "
        "may not see them."
    ),
    interpretation=(
        _COUNTING + "Also found: a second packet to a non-dealer who already held five. "
        "Electing to play (`elects play`) is discarding the surplus, which the record shows as "
        "a `discards` line after it: the table takes that line as the surplus put out, not a "
        "discard of the exchange. Options open until the play begins. Sources: S2."
    ),
    find=_find_law_31,
    remedy=Remedy(Does.PUT_OUT_SURPLUS, Who.NON_DEALER),
    options=(_fresh_deal(Who.NON_DEALER), DISCARD_31),
    default="the non-dealer discards the superfluous cards, unseen",
    overrides=(20,),
    deviations=(DeviationKind.WRONG_NUMBER_GIVEN,),
    looks_at=frozenset({"accept"}),  # a wrong number in an exchange, which opens with an acceptance
)

LAW_32 = Law(
    number=32,
    heading=Heading.DISCARDING,
    title="Dealer gives the non-dealer too few",
    summary=(
        "If the dealer hands the non-dealer fewer cards than he asked for, the non-dealer may "
        "have a fresh deal, or play with his hand made up from the stock."
    ),
    interpretation=(
        _COUNTING + "Completing is `claims complete` (or `elects play`); the completing packet "
        "that follows is no fault of its own (the engine reports it as "
        "`cards_given_out_of_turn`). Options open until the play begins. If neither is taken "
        "and he plays short, the cards that cannot be played to count as the dealer's tricks, "
        "as laws 30 and 34 rule for short hands. A non-dealer who asked for more than he "
        "discarded is due only his discard. Sources: S2."
    ),
    find=_find_law_32,
    options=(_fresh_deal(Who.NON_DEALER), COMPLETE_32),
    default="his hand is completed from the stock",
    overrides=(20,),
    deviations=(DeviationKind.WRONG_NUMBER_GIVEN, DeviationKind.CARDS_GIVEN_OUT_OF_TURN),
    looks_at=frozenset({"accept"}),  # a wrong number in an exchange, which opens with an acceptance
)

LAW_33 = Law(
    number=33,
    heading=Heading.DISCARDING,
    title="Dealer takes more than he discarded",
    summary=(
        "If the dealer gives himself more cards than he threw out and mixes any of them into "
        "his hand, the non-dealer may have a fresh deal; if he plays instead, he pulls the "
        "extra cards out of the dealer's hand, and may look at them if the dealer had picked "
        "up any of the cards he gave himself."
    ),
    interpretation=(
        _COUNTING + "Mixing is read as for law 29 (a `takes up` by the dealer after his "
        "packet, or the play beginning); unmixed, the surplus is returned (§6.15). A dealer "
        "who takes cards without discarding at all gave himself more than he discarded "
        "(none). Electing to play is drawing (`claims draw` or `elects play`), carried out on "
        "the table as law 29's. Options open "
        "until the play begins. The oversized hand at the play is this law's consequence, not "
        "law 21's. Sources: S2; §6.15."
    ),
    find=_find_law_33,
    remedy=Remedy(Does.DRAW_SURPLUS, Who.DEALER),
    options=(_fresh_deal(Who.NON_DEALER), DRAW_33),
    default="the non-dealer draws the superfluous cards",
    overrides=(21,),
    deviations=(DeviationKind.DEALER_TOOK_WRONG_NUMBER,),
    looks_at=frozenset({"accept"}),  # a wrong number in an exchange, which opens with an acceptance
)

LAW_34 = Law(
    number=34,
    heading=Heading.DISCARDING,
    title="Dealer takes fewer than he discarded",
    summary=(
        "A dealer who gives himself fewer cards than he threw out may make his hand up from the "
        "stock before he plays; if he plays with fewer than five, every card of the "
        "non-dealer's that he cannot play to counts as a trick for the non-dealer."
    ),
    interpretation=(
        _COUNTING + "Found at the dealer's packet (or at his discard, if he gave himself "
        "nothing). Completing needs no one's leave: `claims complete` or simply the packet "
        "(the engine's `cards_given_out_of_turn`) before the first card is played. §6.14: "
        "cards that cannot be played to are the non-dealer's tricks, with no lead needed (the "
        "engine counts them). Where the stock was too small for both players and the dealer "
        "had accepted without condition, law 38 rules instead (he must play his hand). The "
        "short hand at the play is this law's consequence, not law 21's. Sources: S2; §6.14."
    ),
    find=_find_law_34,
    options=(COMPLETE_34,),
    default="he plays short; the non-dealer counts as tricks the cards that cannot be played to",
    overrides=(21,),
    deviations=(
        DeviationKind.DEALER_TOOK_WRONG_NUMBER,
        DeviationKind.WRONG_COUNT_AT_PLAY,
        DeviationKind.CARDS_GIVEN_OUT_OF_TURN,
    ),
    looks_at=frozenset({"accept"}),  # a wrong number in an exchange, which opens with an acceptance
)


# --------------------------------------------------------------------------------------------
#  Law 35
# --------------------------------------------------------------------------------------------


def _find_law_35(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    for i, step, dev in indexed_deviations(view, DeviationKind.FACED_CARD):
        before = state_before(view.steps, i)
        if before is None or before.phase == Phase.DEALING:
            continue  # before the turn-up: law 12
        shown = " ".join(c.code for c in dev.cards) or "a card"
        exchanged = bool(exchanges(view)) and any(
            ex.accept.number < step.number for ex in exchanges(view)
        )
        when = "" if exchanged else " (after the turn-up, before any discard: §6.16)"
        found.append(
            finding(
                35,
                view,
                step,
                None,
                "faced_card_in_stock",
                f"{shown} was found faced in the stock{when}: both players may see it; it is "
                "thrown aside and the next card given instead (law 35). The deal stands.",
                default="the faced card is thrown aside; the next card is given instead",
                evidence=dev.cards,
            )
        )
    return found


LAW_35 = Law(
    number=35,
    heading=Heading.DISCARDING,
    title="A faced card in the stock",
    summary=(
        "A card found face up in the stock after discarding may be seen by both players; it "
        "is put aside and the card below it is given in its place."
    ),
    interpretation=(
        "The engine's `faced_card` once the trump is turned up (before it, law 12 orders a "
        "fresh deal). §6.16: a faced card found after the turn-up but before anyone has "
        "discarded is not covered by either law's words; the project applies law 35, since the "
        "deal is complete once the trump is turned and law 12's fresh deal is limited to "
        "'before the trump card is turned up'. No option, no penalty: the deal stands. A record "
        "shows the faced card on a `faced` line and gives the next cards as usual. Source: S2."
    ),
    find=_find_law_35,
    default="the faced card is thrown aside; the next card is given instead",
    deviations=(DeviationKind.FACED_CARD,),
    looks_at=frozenset({DeviationKind.FACED_CARD}),
)


# --------------------------------------------------------------------------------------------
#  Law 36
# --------------------------------------------------------------------------------------------


def _kept(deal: DealState, found: Finding) -> tuple[DealState, ...]:
    """The exposed cards taken: the exchange goes on from the cards as given."""
    return (deal,)


def _thrown_aside(deal: DealState, found: Finding) -> tuple[DealState, ...]:
    """The exposed cards refused: thrown aside, and as many of the next cards (not known)
    given instead."""
    exposed = 0
    for c in found.evidence:
        exposed |= 1 << c.index
    seat = SEAT[deal.elder]
    hand, aside = deal.hands[seat], deal.discards[seat]
    if not hand.cards & exposed:
        return ()
    n = (hand.cards & exposed).bit_count()
    hands, discards = list(deal.hands), list(deal.discards)
    hands[seat] = Holding(hand.cards & ~exposed, hand.unknown + n)
    discards[seat] = aside._replace(cards=aside.cards | (hand.cards & exposed))
    return (
        deal._replace(
            hands=(hands[0], hands[1], hands[2]),
            discards=(discards[0], discards[1], discards[2]),
            stock=deal.stock - n,
        ),
    )


TAKE_36 = Option(
    name="take",
    who=Who.NON_DEALER,
    window=Window.BEFORE_PLAYING,
    claims=("take", "elect play"),
    effect="he keeps the exposed cards",
    leads_to=_kept,
)
REFUSE_36 = Option(
    name="refuse",
    who=Who.NON_DEALER,
    window=Window.BEFORE_PLAYING,
    claims=("refuse",),
    effect="the exposed cards are thrown aside and the next cards given instead",
    leads_to=_thrown_aside,
    remedy=Remedy(Does.THROW_ASIDE, Who.NON_DEALER),
)


def _find_law_36(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    for _i, step, dev in indexed_deviations(view, DeviationKind.EXPOSED_IN_GIVING):
        deal = step.table.deal
        if deal is None or not isinstance(step.event, Packet):
            continue
        shown = " ".join(c.code for c in dev.cards) or "a card"
        receiver = step.event.player
        if receiver is deal.dealer:
            found.append(
                finding(
                    36,
                    view,
                    step,
                    deal.dealer,
                    "dealer_exposed_own",
                    f"{deal.dealer} exposed {shown} in giving himself cards: he must take "
                    "them (law 36).",
                    default="the dealer takes the exposed cards",
                    evidence=dev.cards,
                )
            )
        else:
            found.append(
                finding(
                    36,
                    view,
                    step,
                    deal.dealer,
                    "exposed_in_giving",
                    f"{deal.dealer} exposed {shown} in giving {receiver} cards: {receiver} may "
                    "take them, or refuse them, and then they are thrown aside and the next "
                    "cards given instead (law 36).",
                    options=(TAKE_36, REFUSE_36),
                    default="he takes the exposed cards",
                    evidence=dev.cards,
                )
            )
    return found


LAW_36 = Law(
    number=36,
    heading=Heading.DISCARDING,
    title="Cards exposed in giving",
    summary=(
        "If cards meant for the non-dealer are shown as they are given from the stock, he "
        "chooses whether to keep them; if he will not, they are put aside and the next cards "
        "given to him. The dealer must keep any of his own cards he shows."
    ),
    interpretation=(
        "The engine's `exposed_in_giving` (a card written `*` in a packet once the trump is "
        "turned; in the dealing it is law 13's `exposed_in_dealing`). The non-dealer takes with "
        "`claims take` (or simply plays on: `elects play`; keeping them is the default) and "
        "refuses with `claims refuse`, which throws them aside on the table at once; a record "
        "may write that as a `discards` line of those cards, or not, and the next packet to "
        "him, up to as many cards, is the cards given instead: neither is a fault (law 28) nor "
        "a wrong number (laws 29 to 32). The choice must be made before the play begins. "
        "The law does not say whether refusing is open once he has taken the cards up; the "
        "project does not bar it before the play. Cards given after the turn-up to complete a "
        "hand (laws 16, 18) are 'giving cards' too. Source: S2."
    ),
    find=_find_law_36,
    options=(TAKE_36, REFUSE_36),
    default="the exposed cards are taken",
    deviations=(DeviationKind.EXPOSED_IN_GIVING,),
    looks_at=frozenset({DeviationKind.EXPOSED_IN_GIVING}),
)


# --------------------------------------------------------------------------------------------
#  Law 37
# --------------------------------------------------------------------------------------------

TAKE_37 = Option(
    name="take",
    who=Who.NON_DEALER,
    window=Window.BEFORE_PLAYING,
    claims=("take",),
    effect="in the next exchange he takes the exposed card as one of the cards given him",
)


def _may_refuse(steps: Sequence[Step], fact: Step) -> bool | None:
    """Law 37's leave for a refusal: the dealer who has turned up a card in error in this deal
    may not refuse (a refusal he makes stands as an acceptance)."""
    deal = fact.table.deal
    event = fact.event
    if not isinstance(event, Refuse) or deal is None or event.player is not deal.dealer:
        return None
    if any(d.kind == DeviationKind.CARD_TURNED_IN_ERROR for s in steps for d in s.deviations):
        return False
    return None


def _find_law_37(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    turned_at: int | None = None
    for i, step, dev in indexed_deviations(view, DeviationKind.CARD_TURNED_IN_ERROR):
        shown = " ".join(c.code for c in dev.cards) or "a card"
        dealer = dev.player
        if turned_at is None:
            turned_at = i
        found.append(
            finding(
                37,
                view,
                step,
                dealer,
                "card_turned_in_error",
                f"{dealer} turned up {shown} in error, as if it were the trump card (law 37): "
                "he cannot refuse another discard, and if another is asked for the non-dealer "
                "may take the exposed card.",
                options=(TAKE_37,),
                default="the dealer must accept the next proposal",
                evidence=dev.cards,
            )
        )
    if turned_at is not None:
        steps = view.steps
        for i in range(turned_at + 1, len(steps)):
            step = steps[i]
            deal = step.table.deal
            if (
                isinstance(step.event, Refuse)
                and deal is not None
                and not any(
                    d.kind == DeviationKind.ANSWER_WITHOUT_PROPOSAL for d in step.deviations
                )
                and _may_refuse(steps[:i], step._replace(table=steps[i - 1].table)) is False
            ):
                found.append(
                    finding(
                        37,
                        view,
                        step,
                        deal.dealer,
                        "refused_after_card_turned",
                        f"{deal.dealer} refused a proposal after turning up a card in error: "
                        "he cannot refuse another discard (law 37); the refusal is of no "
                        "effect, and the non-dealer was entitled to exchange.",
                        default="the refusal is of no effect",
                    )
                )
    found.sort(key=lambda f: f.step)
    return found


LAW_37 = Law(
    number=37,
    heading=Heading.DISCARDING,
    title="A card turned up in error",
    summary=(
        "If, after the cards have been given, the dealer turns up another card as though it "
        "were the trump, he loses the right to refuse a further exchange; and if one is asked "
        "for, the non-dealer may have the turned card as one of his."
    ),
    interpretation=(
        "The engine's `card_turned_in_error` (a `turn` line after the trump was turned). "
        "'After giving the cards' is read as after the hands are complete, so a card turned "
        "before any exchange is judged here as well: the dealer may not refuse the next "
        "proposal (by analogy; none of the other laws covers it). §6.17: the forced acceptance "
        "normally follows an exchange and so never touches law 49; if it is the first "
        "proposal, the forced dealer simply cannot refuse it. A refusal he makes all the same "
        "is found (`refused_after_card_turned`) and is of no effect: the law's leave "
        "(`_may_refuse`) refuses it, and it stands as the acceptance the dealer owed, so the "
        "non-dealer's discard after it is lawful and law 49 does not treat it as a refusal. "
        "Taking the exposed card is `claims take`. Source: S2; §6.17."
    ),
    find=_find_law_37,
    leave=_may_refuse,
    options=(TAKE_37,),
    default="the dealer must accept the next proposal",
    deviations=(DeviationKind.CARD_TURNED_IN_ERROR,),
    # the card turned in error (and a refusal after it)
    looks_at=frozenset({DeviationKind.CARD_TURNED_IN_ERROR}),
)


# --------------------------------------------------------------------------------------------
#  Law 38
# --------------------------------------------------------------------------------------------


def _find_law_38(view: DealView) -> Sequence[Finding]:
    found: list[Finding] = []
    for ex in exchanges(view):
        if not _stock_short(ex):
            continue
        elder, dealer = ex.elder, ex.dealer
        want = f"{elder.player} wanted {elder.wanted}" + (
            f" and {dealer.player} {dealer.wanted}" if dealer.wanted else ""
        )
        if ex.conditional:
            at = elder.ask_step or (elder.discard_steps[0] if elder.discard_steps else ex.accept)
            if elder.wanted <= ex.stock and dealer.discard_steps:
                at = dealer.discard_steps[0]
            found.append(
                finding(
                    38,
                    view,
                    at,
                    None,
                    "conditional_acceptance_lapsed",
                    f"{dealer.player} accepted on condition that the stock sufficed; it held "
                    f"{ex.stock} and {want}: the acceptance falls, no cards are exchanged, and "
                    "the hands are played as they stood (a later refusal: law 49 does not "
                    "apply).",
                    default="the acceptance falls; the hands are played as they stood",
                )
            )
            continue
        if elder.wanted > ex.stock:
            at = elder.give_step or elder.ask_step or ex.accept
            message = (
                f"{dealer.player} accepted with {ex.stock} card(s) left in the stock; "
                f"{elder.player} asked for {elder.wanted}: he exchanges as many as are left, "
                f"and {dealer.player} must play his hand (law 38)."
            )
        else:
            at = dealer.ask_step or (dealer.discard_steps[0] if dealer.discard_steps else ex.accept)
            message = (
                f"{dealer.player} accepted with {ex.stock} card(s) left in the stock; "
                f"{elder.player} took {elder.wanted}, and too few are left for "
                f"{dealer.player}: he must play his hand (law 38); cards he cannot play to "
                f"count as {elder.player}'s tricks."
            )
        found.append(
            finding(
                38,
                view,
                at,
                None,
                "stock_short",
                message,
                default="the non-dealer exchanges what the stock allows; the dealer plays his hand",
            )
        )
    for _i, step, dev in indexed_deviations(view, DeviationKind.STOCK_EXHAUSTED):
        deal = step.table.deal
        found.append(
            finding(
                38,
                view,
                step,
                deal.dealer if deal is not None else None,
                "given_beyond_stock",
                f"{dev.message}: cards were given beyond the stock; neither the turn-up nor "
                "the discards may be drawn (law 38).",
                default="only the cards of the stock may be given",
                evidence=_cards(step),
            )
        )
    found.sort(key=lambda f: f.step)
    return found


LAW_38 = Law(
    number=38,
    heading=Heading.DISCARDING,
    title="Accepting when the stock runs short",
    summary=(
        "A dealer who accepts when the stock cannot give both players all the cards they want "
        "must let the non-dealer exchange the number he asked for, or all that remain if there "
        "are fewer, and must then play his own hand as it is; the dealer may instead accept "
        "only on condition that the stock is big enough."
    ),
    interpretation=(
        "§6.18: the stock after the deal is 21 cards; the turn-up is never taken into hand "
        "(modern summaries; the engine's `STOCK_AFTER_DEAL`), and cards given beyond the stock "
        "(the engine's `stock_exhausted`) are found as such. 'As many as they wish' is read as "
        "the number the non-dealer asked for (or discarded) plus the number the dealer "
        "discarded, against the stock when the proposal was accepted. Unconditional "
        "acceptance: the non-dealer is served first, up to what is left, and a shortfall the "
        "stock explains is no fault under law 32 or 34; the dealer 'must play his hand', read "
        "as: he takes no cards the stock cannot give, and cards he cannot play to count as the "
        "non-dealer's tricks (as law 34). Conditional acceptance (`accepts if stock`): if the "
        "stock cannot serve both, the acceptance falls and no exchange takes place; it counts "
        "as a refusal, which cannot be a first refusal (a first exchange takes at most ten of "
        "the 21 cards), so law 49 never applies. A wrong number given after a fallen "
        "acceptance is not judged under laws 29 to 34. Sources: S2; §6.18."
    ),
    find=_find_law_38,
    default="the non-dealer exchanges what the stock allows; the dealer plays his hand",
    overrides=(34,),
    deviations=(DeviationKind.STOCK_EXHAUSTED,),
    # an exchange too big for the stock, or cards given beyond it
    readings=(
        Reading(Rests.FINDING, "stock_short", "the turn-up is never drawn: the stock is 21 cards"),
    ),
    looks_at=frozenset({"accept", DeviationKind.STOCK_EXHAUSTED}),
)


LAWS: tuple[Law, ...] = (
    LAW_28,
    LAW_29,
    LAW_30,
    LAW_31,
    LAW_32,
    LAW_33,
    LAW_34,
    LAW_35,
    LAW_36,
    LAW_37,
    LAW_38,
)

__all__ = [
    "LAWS",
    "LAW_28",
    "LAW_29",
    "LAW_30",
    "LAW_31",
    "LAW_32",
    "LAW_33",
    "LAW_34",
    "LAW_35",
    "LAW_36",
    "LAW_37",
    "LAW_38",
    "Exchange",
    "Side",
    "exchanges",
]
