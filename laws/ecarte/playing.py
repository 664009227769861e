"""PLAYING: laws 39 to 42 — taking a card back, leading out of turn, naming one suit and
playing another, abandoning the hand.

The helpers at the top (``lead_step``, ``corrected_at``, ``tricks_won``, ``result_marks``) are
shared with :mod:`laws.ecarte.revoking` and :mod:`laws.ecarte.scoring`; facts every chapter reads
are in :mod:`laws.ecarte.facts`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.hand_score import Why
from adjudicator.engine.ecarte.queries import hand_result
from adjudicator.engine.ecarte.rules import (
    SUIT_MASK,
    cards_of,
)
from adjudicator.engine.ecarte.solve import Position, solve
from adjudicator.engine.ecarte.table import PLAYERS, SEAT, DealState, Result, Step
from adjudicator.notation.cards import Card, Player, Suit
from adjudicator.notation.ecarte.model import (
    Abandon,
    Claim,
    Deal,
    Event,
    Lead,
    Play,
    Retract,
    Show,
    Trick,
)

from .base import Finding, Heading, Law, Option, Reading, Rests, Who, Window
from .facts import finding, opponent, other, state_before
from .view import DealView, remember

# --------------------------------------------------------------------------------------------
#  Shared helpers
# --------------------------------------------------------------------------------------------

REVOKES = (DeviationKind.NOT_FOLLOWING_SUIT, DeviationKind.NOT_WINNING)
"""The engine's deviations for a card played to a lead that law 43 forbids."""


def led_card(event: Event | Deal) -> tuple[Player, Card | None, Suit | None] | None:
    """For a ``lead`` or ``trick`` event: the leader, the card led and the suit named."""
    if isinstance(event, Lead):
        return event.player, event.card, event.names
    if isinstance(event, Trick):
        return event.leader, event.lead, event.names
    return None


def lead_step(view: DealView, before: int, player: Player, card: Card | None) -> int | None:
    """The last step (index into ``view.steps``) before ``before`` at which ``player`` led
    ``card``."""
    at = remember(view, "playing.leads", lambda: _leads(view.steps)).get((player, card))
    if not at:
        return None
    k = bisect_left(at, before)
    return at[k - 1] if k else None


def _leads(steps: Sequence[Step]) -> dict[tuple[Player, Card | None], list[int]]:
    """The steps at which each player led each card, in order (built once per view: a deal of
    many cards taken back asks for the lead of each)."""
    out: dict[tuple[Player, Card | None], list[int]] = {}
    for j, step in enumerate(steps):
        led = led_card(step.event)
        if led is not None:
            out.setdefault((led[0], led[1]), []).append(j)
    return out


def has_deviation(step: Step, kind: DeviationKind, player: Player | None = None) -> bool:
    """Whether the engine found a deviation of ``kind`` (by ``player``, if given) at ``step``."""
    return any(d.kind == kind and (player is None or d.player is player) for d in step.deviations)


def corrected_at(steps: Sequence[Step], i: int, player: Player, card: Card) -> int | None:
    """If the card ``player`` played at step ``i`` was taken back in time (law 39: before
    another card was led), the index of the step that took it back."""
    for j in range(i + 1, len(steps)):
        s = steps[j]
        kind = s.kind
        if kind in ("lead", "trick", "play"):
            return None
        if kind == "retract":
            e = s.event
            if isinstance(e, Retract) and e.player is player and e.card == card:
                return None if has_deviation(s, DeviationKind.RETRACT_TOO_LATE) else j
            return None
    return None


def tricks_won(deal: DealState) -> dict[Player, int] | None:
    """Tricks each player has won so far, or ``None`` if a winner is not known."""
    won = {deal.elder: 0, deal.dealer: 0}
    for t in deal.tricks:
        if t.winner is None:
            return None
        won[t.winner] = won.get(t.winner, 0) + 1
    return won


def result_marks(result: Result | None) -> dict[Player, int]:
    """What a hand's result gives each player to mark (laws 48, 49, 42)."""
    out: dict[Player, int] = {}
    if result is not None and result.winner is not None and result.why is not Why.UNDETERMINED:
        out[result.winner] = result.points
    return out


def _code(card: Card | None) -> str:
    return card.code if card is not None else "a card"


# --------------------------------------------------------------------------------------------
#  Law 39: a card led in turn stays; a card played may be taken back only to mend a revoke
# --------------------------------------------------------------------------------------------


def _lead_out_of_turn_at(steps: Sequence[Step], j: int | None, player: Player) -> bool:
    return j is not None and has_deviation(steps[j], DeviationKind.LEAD_OUT_OF_TURN, player)


def _suit_required(steps: Sequence[Step], start: int, end: int, leader: Player) -> bool:
    """Whether the leader's adversary claimed the named suit (law 41) between two steps."""
    for s in steps[start + 1 : end]:
        e = s.event
        if isinstance(e, Claim) and e.claim.value == "suit" and e.player is not leader:
            return True
    return False


def _last_play(steps: Sequence[Step], end: int, player: Player, card: Card | None) -> int | None:
    """The last step before ``end`` at which ``player`` led or played ``card`` (a backward
    scan: the card on the table was put there lately)."""
    for j in range(end - 1, -1, -1):
        e = steps[j].event
        if isinstance(e, Lead | Play) and e.player is player and e.card == card:
            return j
        if isinstance(e, Trick) and (
            (e.leader is player and e.lead == card) or (e.follower is player and e.follow == card)
        ):
            return j
    return None


def may_take_back(steps: Sequence[Step], fact: Step) -> bool | None:
    """Law 39's leave (:data:`laws.ecarte.base.Leave`): :func:`take_back_allowed` on the deal so
    far."""
    return take_back_allowed(steps, len(steps), fact)


def take_back_allowed(steps: Sequence[Step], end: int, fact: Step) -> bool | None:
    """Law 39's leave (with the exceptions of laws 40 and 41) for a card taken back: ``fact`` is
    the ``retracts`` step with the table just before it, ``steps[:end]`` the deal's steps
    before it.

    - The card led, not yet played to: it stays (a card led in turn cannot be taken up again),
      unless it was led out of turn (law 40) or the adversary required the suit the leader
      named (law 41).
    - The card played to the last trick, before another card is led: it may be taken back only
      to mend a renounce or a failure to win (or where the record cannot tell whether it was
      one); a lawful card stays.
    - Anything else the engine refuses itself, as too late: ``None``."""
    deal = fact.table.deal
    e = fact.event
    if deal is None or not isinstance(e, Retract):
        return None
    player, card = e.player, e.card
    if deal.lead is not None and deal.lead[0] is player and deal.lead[1] == card:
        j = _last_play(steps, end, player, card)
        if _lead_out_of_turn_at(steps, j, player):
            return True  # law 40: a lead out of turn may be taken back before it is played to
        return j is not None and _suit_required(steps, j, end, player)  # law 41
    if deal.tricks and deal.lead is None:
        last = deal.tricks[-1]
        if last.follower is player and last.follow == card:
            j = _last_play(steps, end, player, card)
            if j is None:
                return True
            return any(
                has_deviation(steps[j], k, player)
                for k in (*REVOKES, DeviationKind.PLAY_UNDETERMINED)
            )
    return None


def _find_39(view: DealView) -> Sequence[Finding]:
    out: list[Finding] = []
    steps = view.steps
    for i, step in enumerate(steps):
        kind = step.kind
        if kind in ("play", "trick"):
            if step.deviations:
                out.extend(_revokes_corrected(view, i, step))
        elif isinstance(step.event, Retract):
            found = _card_taken_back(view, i, step, step.event)
            if found is not None:
                out.append(found)
    return out


def _revokes_corrected(view: DealView, i: int, step: Step) -> list[Finding]:
    """Law 39 on a card played at ``step`` (index ``i``) against law 43, and taken back before
    another card was led: no penalty."""
    out: list[Finding] = []
    steps = view.steps
    for dev in step.deviations:
        if dev.kind not in REVOKES or dev.player is None or not dev.cards:
            continue
        j = corrected_at(steps, i, dev.player, dev.cards[0])
        if j is None:
            continue
        what = "renounced" if dev.kind == DeviationKind.NOT_FOLLOWING_SUIT else "failed to win"
        out.append(
            finding(
                39,
                view,
                step,
                dev.player,
                "revoke_corrected",
                f"{dev.message}: {dev.player} {what}, and took {dev.cards[0]} back "
                f"(line {steps[j].line}) before another card was led: there is no "
                "penalty (laws 39, 43)",
                evidence=(dev.cards[0],),
                default="no penalty: the card is taken back and a lawful card played",
            )
        )
    return out


def _card_taken_back(view: DealView, i: int, step: Step, e: Retract) -> Finding | None:
    """Law 39 on a card taken back at ``step`` (index ``i``): too late, a card led in turn,
    or a card played lawfully to a lead; nothing where another law allows it."""
    steps = view.steps
    player: Player = e.player
    card: Card | None = e.card
    prev = state_before(steps, i)
    if has_deviation(step, DeviationKind.RETRACT_TOO_LATE):
        return _taken_back_too_late(view, i, step, player, card)
    if prev is not None and prev.lead is not None and prev.lead[0] is player:
        if take_back_allowed(steps, i, step._replace(table=steps[i - 1].table)):
            return None  # law 40 or 41 allows it
        return finding(
            39,
            view,
            step,
            player,
            "lead_retracted",
            f"{player} took back {_code(card)}, which he had led in turn: a card "
            "led in turn cannot be taken up again; it stands as led (law 39)",
            evidence=(card,) if card else (),
            default="the card led stands, and the adversary plays to it",
        )
    if prev is not None and prev.tricks and prev.lead is None:
        last = prev.tricks[-1]
        if last.follower is not player or last.follow != card:
            return None
        if take_back_allowed(steps, i, step._replace(table=steps[i - 1].table)):
            return None  # a revoke mended (above), or the record cannot tell
        return finding(
            39,
            view,
            step,
            player,
            "lawful_card_retracted",
            f"{player} took back {_code(card)}, which he had played lawfully to "
            f"{_code(last.lead)}: a card played to a lead may be taken up only to "
            "save a revoke or a failure to win; it stands as played (law 39)",
            evidence=(card,) if card else (),
            default="the card stands as played",
        )
    return None


def _taken_back_too_late(
    view: DealView, i: int, step: Step, player: Player, card: Card | None
) -> Finding | None:
    """Law 39 on a card taken back after it was played to, or after another card was led
    (nothing for a lead out of turn played to, which law 40 rules on)."""
    j = lead_step(view, i, player, card)
    if _lead_out_of_turn_at(view.steps, j, player):
        return None  # law 40: a lead out of turn, once played to, stands
    led = j is not None
    return finding(
        39,
        view,
        step,
        player,
        "retract_too_late",
        f"{player} took back {_code(card)} after "
        + (
            "it had been played to: a card led in turn cannot be taken up again"
            if led
            else "another card had been led: a card played to a lead may be "
            "taken up only before another card is led"
        )
        + "; the card stands as played (law 39)",
        evidence=(card,) if card else (),
        default="the card stands as played",
    )


LAW_39 = Law(
    number=39,
    heading=Heading.PLAYING,
    title="A card led or played cannot be taken back",
    summary=(
        "Once a player has led a card in his turn, he may not take it back. The second player's "
        "card can be withdrawn for one purpose only: to mend a renounce or a failure to win "
        "the trick when he could have; and only until the next card is led. A revoke mended in "
        "that way carries no penalty."
    ),
    interpretation=(
        "S2 text. The notation records the taking back as `X retracts CARD`. Findings: a lead "
        "made in turn and taken back (`lead_retracted`: the card stands as led; a lead taken "
        "back because the adversary required the named suit under law 41, or a lead out of "
        "turn taken back before it was played to under law 40, is not this law's); a card taken "
        "back too late (`retract_too_late`: after another card was led, or a lead after it was "
        "played to; the card stands, and a revoke it was meant to mend is penalised by law "
        "43); a lawful card taken back (`lawful_card_retracted`: the law allows a card played "
        "to be taken back only to mend a revoke or a failure to win, so it stands); and a "
        "revoke mended in time (`revoke_corrected`, at the step of the revoke: no penalty). "
        "Law 43's last sentence says the same, so this law overrides 43 for a revoke taken back "
        "in time. The card that cannot be taken back stays where it is: the law's leave "
        "(`may_take_back`, asked by the court before the table moves) refuses the taking back, "
        "so the trick is counted with the card. Where the record then goes on as if it had been "
        "taken back (another card led in its place), the record contradicts the table, and the "
        "court rules the deal undetermined from there."
    ),
    find=_find_39,
    leave=may_take_back,
    default="the card stands as led or played; a revoke taken back in time carries no penalty",
    overrides=(43,),
    deviations=(
        DeviationKind.RETRACT_TOO_LATE,
        DeviationKind.NOT_FOLLOWING_SUIT,
        DeviationKind.NOT_WINNING,
    ),
    looks_at=frozenset({"retract"}),  # every finding is of a card taken back, in time or too late
)


# --------------------------------------------------------------------------------------------
#  Law 40: a lead out of turn
# --------------------------------------------------------------------------------------------


def _fate_of_lead(
    steps: Sequence[Step], i: int, player: Player, card: Card | None
) -> tuple[str, Step | None]:
    """What became of a card led at step ``i``: ``played to``, ``taken back`` or ``pending``,
    with the step that decided it."""
    e = steps[i].event
    if isinstance(e, Trick) and e.follower is not None:
        return "played to", steps[i]
    for s in steps[i + 1 :]:
        kind = s.kind
        ev = s.event
        if isinstance(ev, Retract) and ev.player is player and ev.card == card:
            if has_deviation(s, DeviationKind.RETRACT_TOO_LATE):
                return "played to", s
            return "taken back", s
        if kind in ("play", "trick", "lead"):
            return "played to", s
        if kind in ("abandon", "show"):
            return "pending", s
    return "pending", None


def _find_40(view: DealView) -> Sequence[Finding]:
    out: list[Finding] = []
    steps = view.steps
    for i, step in enumerate(steps):
        for dev in step.deviations:
            if dev.kind != DeviationKind.LEAD_OUT_OF_TURN or dev.player is None:
                continue
            led = led_card(step.event)
            card = led[1] if led else None
            fate, at = _fate_of_lead(steps, i, dev.player, card)
            before = state_before(steps, i)
            rightful = before.leader if before is not None else None
            if fate == "taken back":
                tail = (
                    f"it was taken back (line {at.line if at else step.line}) before it was "
                    f"played to, as law 40 allows; {rightful} leads"
                )
            elif fate == "played to":
                tail = (
                    "it was played to, so the error cannot be rectified: the trick stands, and "
                    "its winner leads to the next"
                )
            else:
                tail = "it may be taken back until it is played to"
            out.append(
                finding(
                    40,
                    view,
                    step,
                    dev.player,
                    "lead_out_of_turn",
                    f"{dev.player} led {_code(card)} out of turn"
                    + (f" (it was {rightful}'s lead)" if rightful else "")
                    + f"; {tail} (law 40)",
                    evidence=(card,) if card else (),
                    default="once played to, the trick stands and its winner leads next",
                )
            )
        retract = step.event
        if isinstance(retract, Retract) and has_deviation(step, DeviationKind.RETRACT_TOO_LATE):
            e = retract
            j = lead_step(view, i, e.player, e.card)
            if _lead_out_of_turn_at(steps, j, e.player):
                out.append(
                    finding(
                        40,
                        view,
                        step,
                        e.player,
                        "lead_out_of_turn_retracted_late",
                        f"{e.player} took back {_code(e.card)}, which he had led out of turn, "
                        "after it had been played to: the error can no longer be rectified; "
                        "the trick stands (law 40)",
                        evidence=(e.card,) if e.card else (),
                        default="the trick stands as played",
                    )
                )
    return out


LAW_40 = Law(
    number=40,
    heading=Heading.PLAYING,
    title="Lead out of turn",
    summary=(
        "A card led when it was not the player's turn to lead may be taken back, but only "
        "until the adversary has played to it. Once it has been played to, the mistake stands "
        "and cannot be put right."
    ),
    interpretation=(
        "S2 text; the older Hoyle (S7, §4.3) has the same rule ('unless his adversary had played "
        "to it, in which case it is a good trick'). The engine reports `lead_out_of_turn`; the "
        "finding says whether the card was taken back before it was played to (lawful: the "
        "rightful leader then leads), played to (the trick stands), or still pending when the "
        "record ends. §6.19: after a lead out of turn has been played to, the winner of that "
        "trick leads to the next, as after any trick (the engine does so). A lead out of turn "
        "taken back after it was played to (`retract_too_late` on it) is this law's "
        "`lead_out_of_turn_retracted_late`: the trick stands. No claim of the notation takes "
        "the card back (the `retracts` line does), so the law gives no claimable option, and "
        "it has no penalty."
    ),
    find=_find_40,
    default="once the card led out of turn has been played to, the trick stands",
    deviations=(DeviationKind.LEAD_OUT_OF_TURN, DeviationKind.RETRACT_TOO_LATE),
    looks_at=frozenset({DeviationKind.LEAD_OUT_OF_TURN, DeviationKind.RETRACT_TOO_LATE}),
)


# --------------------------------------------------------------------------------------------
#  Law 41: naming one suit and leading another
# --------------------------------------------------------------------------------------------


def _named_suit_led(deal: DealState, found: Finding) -> tuple[DealState, ...]:
    """The suit named required: the leader takes back the card led and leads, of his cards of
    the suit he named, the one he chooses (a position for each)."""
    if deal.lead is None:
        return ()
    leader, card, names = deal.lead
    if card is None or names is None:
        return ()
    hand = deal.hand(leader)
    back = hand.cards | (1 << card.index)
    out = []
    for c in cards_of(hand.cards & SUIT_MASK[names]):
        hands = list(deal.hands)
        hands[SEAT[leader]] = hand._replace(cards=back & ~(1 << c.index))
        out.append(deal._replace(hands=(hands[0], hands[1], hands[2]), lead=(leader, c, names)))
    return tuple(out)


def _card_led_stands(deal: DealState, found: Finding) -> tuple[DealState, ...]:
    """Playing to the card led: the play goes on as it stands."""
    return (deal,)


_REQUIRE_SUIT = Option(
    "require_suit",
    Who.ADVERSARY,
    Window.BEFORE_PLAYED_TO,
    ("suit",),
    "the leader takes back the card led and leads a card of the suit he named",
    leads_to=_named_suit_led,
)
_PLAY_TO_CARD = Option(
    "play_to_card",
    Who.ADVERSARY,
    Window.BEFORE_PLAYED_TO,
    ("elect play",),
    "the adversary plays to the card led, which stands",
    leads_to=_card_led_stands,
)


def _find_41(view: DealView) -> Sequence[Finding]:
    out: list[Finding] = []
    for step in view.steps:
        led = led_card(step.event)
        if led is None:
            continue
        leader, card, names = led
        if names is None or card is None or card.suit is names:
            continue
        deal = step.table.deal
        if deal is None:
            continue
        hand = deal.hand(leader)
        holds = hand.cards & SUIT_MASK[names]
        played_to = step.kind == "trick" and getattr(step.event, "follower", None)
        head = f"{leader} named {names.value} and led {card}"
        options: tuple[Option, ...] = ()
        default = "the card led stands"
        if not holds and not hand.unknown:
            words = (
                f"{head}; he has no card of the suit he named, so the card led cannot be "
                "withdrawn: it stands (law 41)"
            )
        elif played_to:
            adversary = _adversary(step, leader)
            words = f"{head}; {adversary} played to the card led, which therefore stands (law 41)"
        else:
            known = " ".join(c.code for c in cards_of(holds))
            held = f"he holds {known}" if holds else "whether he holds that suit is not recorded"
            words = (
                f"{head} ({held}): {_adversary(step, leader)} may play to the card led, or require "
                f"him to lead {names.value} (law 41)"
            )
            options = (_REQUIRE_SUIT, _PLAY_TO_CARD)
            default = "if the adversary plays to it, the card led stands"
        out.append(
            finding(
                41,
                view,
                step,
                leader,
                "named_other_suit",
                words,
                evidence=(card,),
                options=options,
                default=default,
            )
        )
    return out


LAW_41 = Law(
    number=41,
    heading=Heading.PLAYING,
    title="Naming one suit and leading another",
    summary=(
        "When the leader says one suit and leads a card of another, his adversary chooses: "
        "play to the card actually led, or make the leader lead the suit he named. If the "
        "leader holds none of the named suit, the card he led must stay."
    ),
    interpretation=(
        "S2 text. In the club game naming a suit is optional (§6.19, §3.4: compulsory only in "
        "the French game); the law applies only when a suit is named (`names S`) and the card "
        "led is of another. The adversary's choice is open until he plays to the card "
        "(`claims suit S` to require the suit; `elects play`, or simply playing to it, to let "
        "it stand). On a trick line that also shows the card played to it, he has already "
        "chosen to play to it. If the leader holds none of the named suit (by the record, "
        "inference included) the card stands and no option is given; if the record does not "
        "show whether he held it, the options are given. The leader's taking back the card "
        "after the suit is required is not a law-39 offence."
    ),
    find=_find_41,
    options=(_REQUIRE_SUIT, _PLAY_TO_CARD),
    default="if the adversary plays to the card led, it stands",
    looks_at=frozenset({"lead", "trick"}),  # a suit named on a lead or trick line
)


# --------------------------------------------------------------------------------------------
#  Law 42: abandoning the hand; throwing the cards down claiming to score
# --------------------------------------------------------------------------------------------


def _adversary(step: Step, player: Player) -> Player:
    """The other player of the deal at ``step``."""
    deal = step.table.deal
    return opponent(deal, player) if deal is not None else other(player)


def _claim_result(deal: DealState, claimer: Player) -> Result | None:
    """The hand's result if the remaining tricks are played out as the cards lie, each side
    playing its best; ``None`` if the record does not show every card still in play."""
    won = tricks_won(deal)
    if won is None:
        return None
    adversary = opponent(deal, claimer)
    position = _play_position(deal)
    if position is None:
        return None
    made = solve(position).tricks  # perfect play from here (the engine's solver)
    if claimer not in made or adversary not in made:
        return None  # (a claimer who is not one of the deal's two players)
    tricks = {
        claimer: won.get(claimer, 0) + made[claimer],
        adversary: won.get(adversary, 0) + made[adversary],
    }
    per_seat = tuple(tricks.get(p, 0) for p in PLAYERS)
    result = hand_result(deal, (per_seat[0], per_seat[1], per_seat[2]))
    return None if result.why is Why.UNDETERMINED else result


def _play_position(deal: DealState) -> Position | None:
    """The position of the play for the solver, if every card still to be played is known and
    the hands hold what the trick in progress leaves them (whatever was played before)."""
    lead: Card | None = None
    if deal.lead is not None:
        leader, lead, _ = deal.lead
        if lead is None:
            return None
    elif deal.leader is None:
        return None
    else:
        leader = deal.leader
    follower = opponent(deal, leader)
    hands = (deal.hand(leader), deal.hand(follower))
    if hands[0].unknown or hands[1].unknown:
        return None
    if hands[1].size != hands[0].size + (1 if lead is not None else 0):
        return None
    return Position(deal.trump, leader, follower, (hands[0].cards, hands[1].cards), lead)


def _find_42(view: DealView) -> Sequence[Finding]:
    out: list[Finding] = []
    steps = view.steps
    for i, step in enumerate(steps):
        e = step.event
        if not isinstance(e, Abandon | Show):
            continue
        player: Player = e.player
        prev = state_before(steps, i)
        after = step.table.deal
        if prev is None or after is None:
            continue
        if step.kind == "abandon":
            out.append(_abandoned(view, step, prev, after, player))
            continue
        found = _thrown_down(view, step, prev, after, player)
        if found is not None:
            out.append(found)
    return out


def _abandoned(
    view: DealView, step: Step, prev: DealState, after: DealState, player: Player
) -> Finding:
    """Law 42 on a hand abandoned: what the adversary marks, by the tricks the player had made
    (``prev``: the deal before, ``after``: the deal ended)."""
    adversary = opponent(prev, player)
    won = tricks_won(prev)
    mine = won.get(player, 0) if won is not None else None
    result = after.result
    points = result.points if result is not None else 0
    offender: Player | None = player
    default = ""
    if mine is None:
        kind = "abandoned"
        message = (
            f"{player} abandoned his hand; the record does not show how many tricks "
            "he had made, so what his adversary marks is undetermined (law 42)"
        )
    elif result is not None and result.why is Why.OFFER_TWO:
        kind = "abandoned" if mine else "abandoned_without_trick"
        message = (
            f"{player} abandoned his hand; the point was offered and refused, and the "
            f"refuser cannot now make the vole: {result.winner} marks {points} "
            "(law 42, offering rule O1)"
        )
        default = f"{result.winner} marks {points}"
    elif mine == 0:
        kind = "abandoned_without_trick"
        doubled = ", doubled" if prev.doubled is not None else ""
        message = (
            f"{player} abandoned his hand without having made a trick: {adversary} "
            f"marks the vole{doubled}, {points} (law 42)"
        )
        default = f"{adversary} marks the vole"
    elif mine < 3:
        law49 = result is not None and result.score.law49
        why = ", worth two under law 49" if law49 else ""
        if prev.doubled is not None:
            why += f", doubled: {points}"
        tricks = "one trick" if mine == 1 else "two tricks"
        kind = "abandoned"
        message = (
            f"{player} abandoned his hand after making {tricks}: {adversary} "
            f"marks the point{why} (law 42)"
        )
        default = f"{adversary} marks the point"
    else:
        offender = None
        kind = "abandoned_with_point"
        message = (
            f"{player} gave up his hand after making {mine} tricks: he had won the "
            "point, so this is taken as throwing down his cards to score; there is "
            "no penalty and he marks the point (law 42)"
        )
        default = "no penalty; he marks the point he has won"
    return finding(42, view, step, offender, kind, message, default=default)


def _thrown_down(
    view: DealView, step: Step, prev: DealState, after: DealState, player: Player
) -> Finding | None:
    """Law 42 on cards thrown down claiming to score: not abandoned, no penalty. The claim is
    settled by the cards as they lie (the project's reading, §6.6): a finding where they give
    other marks than the claim."""
    solvable = step.table.profile.solvable  # the solver plays the club code's ranks
    actual = _claim_result(prev, player) if solvable else None
    if actual is None or after.result is None:
        return None
    adversary = opponent(prev, player)
    shown = result_marks(after.result)
    ruled = result_marks(actual)
    delta = tuple(
        (p, ruled.get(p, 0) - shown.get(p, 0))
        for p in (player, adversary)
        if ruled.get(p, 0) != shown.get(p, 0)
    )
    if not delta:
        return None
    t = actual.tricks
    return finding(
        42,
        view,
        step,
        player,
        "claim_not_made_good",
        f"{player} threw down his cards claiming the remaining tricks; as the cards lie "
        f"he makes {t[SEAT[player]]} of five, not all: "
        f"{actual.winner} wins the {actual.how} and marks {actual.points}. There is no "
        "penalty for the claim (law 42); the tricks go as the cards lie",
        marks=delta,
        default="the remaining tricks are reckoned as the cards lie",
    )


LAW_42 = Law(
    number=42,
    heading=Heading.PLAYING,
    title="Abandoning the hand",
    summary=(
        "A player who gives up his hand before he has won a trick concedes the vole to his "
        "adversary; one who gives it up with one or two tricks concedes the point. Laying the "
        "cards on the table to claim a score is not giving up the hand, and costs nothing."
    ),
    keywords=("throw",),
    interpretation=(
        "S2 text; the older Hoyle's forfeits of two and one (§4.3) are superseded. `B abandons` "
        "is an abandonment, `B shows` a claim to score (§6.6: the notation records the "
        "difference). §6.5 decided: the point conceded by abandoning with one or two tricks "
        "is worth two when law 49 applies (the abandoner is the non-dealer who played "
        "without proposing, or the dealer who refused the first proposal), the literal "
        "reading 'the point' plus law 49; the engine's result already counts it, so the "
        "finding adds no marks. §6.6 decided: giving up with three or more tricks is taken as "
        "a claim (`abandoned_with_point`, no penalty: he marks the point he has won, not the "
        "vole). A claim (`shows`) is settled by the cards as they lie: where the record shows "
        "every card still in play, the remaining tricks are reckoned with both sides playing "
        "their best (the claimer's adversary may play to defeat the claim); if that changes "
        "the marks the engine credited (all remaining tricks to the claimer), the finding "
        "`claim_not_made_good` gives the difference. Where cards are unknown the claim is "
        "taken as made. Law 43's replay is open even to a player who abandoned."
    ),
    find=_find_42,
    default="the adversary marks the vole (no trick) or the point (one or two tricks)",
    deviations=(DeviationKind.ABANDONED_WITH_POINT,),
    readings=(
        Reading(
            Rests.FINDING,
            "abandoned_with_point",
            "giving up with three tricks or more is a claim to score",
        ),
        Reading(
            Rests.FINDING,
            "claim_not_made_good",
            "a claim is settled by the cards as they lie, both players playing their best",
        ),
    ),
    looks_at=frozenset({"abandon", "show"}),
)


LAWS: tuple[Law, ...] = (LAW_39, LAW_40, LAW_41, LAW_42)
