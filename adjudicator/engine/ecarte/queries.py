"""Questions the laws ask of the table, each a plain function of a state.

None of them changes anything. Where the record does not hold the answer (unknown cards), the
answer is an :class:`Unknown` naming what is missing, never a guess.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from adjudicator.engine.ecarte.hand_score import End, Terms, Why, hand_score
from adjudicator.engine.ecarte.rules import (
    ALL,
    HAND,
    cards_of,
    is_king_of,
    legal_follows,
    trick_winner,
)
from adjudicator.engine.ecarte.table import SEAT, DealState, Holding, Phase, Result, Step, StepKind
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.ecarte.model import Event


class Unknown(NamedTuple):
    """The record does not say; ``missing`` says what it would need to."""

    missing: str


class ToAct(NamedTuple):
    """Whose turn it is, and to do what."""

    player: Player | None
    what: str


def to_act(deal: DealState) -> ToAct:
    """Whose turn it is and what he is to do next, by the laws' order of a deal."""
    if deal.phase == Phase.OVER:
        return ToAct(None, "nothing: the hand is over")
    if deal.phase == Phase.DEALING:
        return ToAct(deal.dealer, "deal the cards and turn up the trump")
    if deal.phase == Phase.EXCHANGE:
        stage = deal.stage
        if stage == "answer":
            return ToAct(deal.dealer, "accept or refuse the proposal")
        if stage == "elder discards":
            return ToAct(deal.elder, "discard")
        if stage == "elder draws":
            return ToAct(deal.dealer, f"give {deal.elder} the cards he asked for")
        if stage == "dealer discards":
            return ToAct(deal.dealer, "discard and take cards, or play")
        if stage == "dealer draws":
            return ToAct(deal.dealer, "take as many cards as he discarded")
        return ToAct(deal.elder, "propose, or lead")
    if deal.lead is not None:
        leader, card, _ = deal.lead
        other = deal.dealer if leader is deal.elder else deal.elder
        return ToAct(other, f"play to {card.code if card else 'the card led'}")
    return ToAct(deal.leader, "lead")


def legal_cards(deal: DealState, player: Player) -> list[Card] | Unknown:
    """The cards ``player`` may play now: any card to lead; to a lead, the cards that follow
    suit and win if he can, else trump if he can, else any (laws 39, 43)."""
    hand = deal.hand(player)
    if deal.lead is None or deal.lead[0] is player:
        if hand.unknown:
            return Unknown(f"{hand.unknown} of {player}'s cards are not recorded")
        return cards_of(hand.cards)
    lead = deal.lead[1]
    if lead is None:
        return Unknown("the card led is not recorded")
    if hand.unknown:
        return Unknown(f"{hand.unknown} of {player}'s cards are not recorded")
    return cards_of(legal_follows(hand.cards, lead, deal.trump))


def tricks_won(deal: DealState) -> dict[Player, int] | Unknown:
    """Tricks each player has won so far."""
    won = {deal.elder: 0, deal.dealer: 0}
    for t in deal.tricks:
        if t.winner is None:
            return Unknown(f"a card of trick {t.number} is not recorded")
        if t.winner not in won:
            return Unknown(f"trick {t.number} is won by {t.winner}, who does not play in the deal")
        won[t.winner] += 1
    return won


def winner_of(deal: DealState, number: int) -> Player | Unknown:
    """Who won trick ``number`` (1-based)."""
    t = deal.tricks[number - 1]
    if t.lead is None or t.follow is None:
        return Unknown(f"a card of trick {number} is not recorded")
    return trick_winner(t.leader, t.lead, t.follower, t.follow, deal.trump)


def has_looked(deal: DealState, player: Player) -> bool:
    """Whether the player has taken up his hand (its ``takes up`` line; law 17). Whether he
    has looked at it, by that or by any act he could not do unseen, is :func:`first_look`."""
    return player in deal.looked


ORDINARY: frozenset[StepKind] = frozenset(
    {
        "deal",
        "shuffle",
        "cut",
        "packet",
        "turn",
        "take_up",
        "propose",
        "accept",
        "refuse",
        "discard",
        "declare_play",
        "announce",
        "lead",
        "play",
        "trick",
        "mark",
        "score",
    }
)
"""The kinds of event of the ordinary course of a deal, from its heading to its score line. Any
other (a claim, a permission, a card taken back, a hand abandoned or shown, an order announced,
a number of cards asked for, a call for new cards, a faulty pack, a faced card, a mark taken
down, a hand stated whole) is out of the ordinary: a deal holding one is neither plain (the
court's fast path) nor quiet (the laws' filter); both read this one set."""


def unrecorded_words(fact: tuple[str, Player | None]) -> str:
    """A fact the record does not give (``DealState.unrecorded``), in words."""
    key, player = fact
    if key == "dealt":
        return f"how many cards {player} was dealt"
    if key == "packets":
        return "the packets of the dealing"
    if key == "cards":
        return f"which cards {player} held as the play began"
    return key


def ordinary_course(events: Iterable[Event]) -> bool:
    """Whether a deal's events keep to its ordinary course: every one of a kind in
    :data:`ORDINARY`, no mark made before the trump is turned up (it could be for the deal
    before), and no suit named with a card led (law 41). Half of what makes a deal quiet to the
    laws (:func:`marked_as_entitled` is the other half, the engine's deviations aside)."""
    turned = False
    for event in events:
        kind = event.kind
        if kind not in ORDINARY:
            return False
        if kind == "turn":
            turned = True
        elif kind == "mark":
            if not turned:
                return False
        elif (event.kind == "lead" or event.kind == "trick") and event.names is not None:
            return False
    return True


def marked_as_entitled(deal: DealState, *, game_won: bool = False) -> bool:
    """Whether the deal was played out (or, ``game_won``, the game was won by a king marked
    after the turn-up, so the hand is not played out) and its marks are exactly those it
    entitles: every king announced was held by its announcer as the play began and announced in
    time (laws 23, 24), and each player marked what :func:`entitled_marks` gives him, no more
    and no less, but that a king turned up is the dealer's to mark or let lapse (law 22). Then
    laws 22-25, 50 and 51 have nothing to say."""
    if deal.result is None and not (game_won and deal.phase in (Phase.EXCHANGE, Phase.PLAY)):
        return False
    for player, _played, _awaiting in deal.announced:
        if king_in_hand_at_play(deal, player) is not True or not announced_in_time(deal, player):
            return False
    entitled = entitled_marks(deal)
    if isinstance(entitled, Unknown):
        return False
    recorded: dict[Player, int] = {}
    for player, points in deal.marks:
        recorded[player] = recorded.get(player, 0) + points
    dealer = deal.dealer
    if king_turned(deal) and recorded.get(dealer, 0) < entitled.get(dealer, 0):
        entitled[dealer] -= 1  # the king turned up, not marked: it lapses (law 22)
    return all(recorded.get(p, 0) == entitled.get(p, 0) for p in {*recorded, *entitled})


LOOKING_ACTS: frozenset[StepKind] = frozenset(
    {"take_up", "propose", "declare_play", "discard", "ask", "announce", "lead", "play", "trick"}
)
"""The acts a player cannot do without having looked at his hand (a trick line: as its leader
or its follower)."""


def first_look(steps: Sequence[Step], player: Player) -> Step | None:
    """The step at which ``player`` first looked at his hand: his ``takes up`` line, or the
    first act he could not do without seeing his cards (:data:`LOOKING_ACTS`). The one
    definition of "he has looked at his hand" (laws 9, 11, 13, and the court's window that
    closes when the non-dealer looks)."""
    for step in steps:
        if step.kind in LOOKING_ACTS and acts(step, player):
            return step
    return None


def acts(step: Step, player: Player) -> bool:
    """Whether the step is an act of ``player`` (a trick line: as its leader or follower)."""
    event = step.event
    if step.kind == "trick":
        return bool(
            getattr(event, "leader", None) is player or getattr(event, "follower", None) is player
        )
    return getattr(event, "player", None) is player


def has_proposed(deal: DealState, player: Player) -> bool:
    """Whether the player has proposed in this deal."""
    return any(p.proposer is player for p in deal.proposals)


def played_without_proposing(deal: DealState) -> bool:
    """The non-dealer began the play without having proposed (law 49)."""
    return (
        deal.phase in (Phase.PLAY, Phase.OVER)
        and bool(deal.tricks or deal.lead)
        and not (has_proposed(deal, deal.elder))
    )


def refused_first_proposal(deal: DealState) -> bool:
    """The dealer refused the first proposal of the deal (law 49)."""
    return bool(deal.proposals) and deal.proposals[0].answer == "refuse"


def hand_terms(deal: DealState, *, so_far: bool = False, club: bool = False) -> Terms:
    """What the score of ``deal``'s hand depends on besides how it ended (:class:`Terms`): its
    seats, law 49's two facts (has the non-dealer proposed, did the dealer refuse the first
    proposal), and the profiles' offers (a double accepted, the point refused). ``so_far``: as
    the deal stands now, before it is played out (an offer answered in the doubling and
    offering profiles): the non-dealer has played without proposing only once he has declared
    that he plays or the play has begun. ``club``: without the profiles' offers, as the solver
    and its tables value a hand (the club code's scoring)."""
    undecided = so_far and not (
        deal.declared is deal.elder or deal.phase in (Phase.PLAY, Phase.OVER)
    )
    return Terms(
        deal.elder,
        deal.dealer,
        elder_proposed=undecided or has_proposed(deal, deal.elder),
        first_refused=refused_first_proposal(deal),
        doubled=not club and deal.doubled is not None,
        point_refused=None if club else deal.point_refused,
    )


def hand_result(
    deal: DealState,
    tricks: tuple[int, int, int],
    end: End = End.PLAYED,
    by: Player | None = None,
    *,
    so_far: bool = False,
) -> Result:
    """The hand's result: ``tricks`` (by seat) and its score on the deal's terms
    (:func:`~adjudicator.engine.ecarte.hand_score.hand_score`, :func:`hand_terms`); ``end`` how
    it ended and ``by`` whose act ended it."""
    terms = hand_terms(deal, so_far=so_far)
    won = (tricks[SEAT[deal.elder]], tricks[SEAT[deal.dealer]])
    return Result(tricks, hand_score(terms, won, end, by))


def has_played(deal: DealState, player: Player) -> bool:
    """Whether the player has played his first card (law 23)."""
    return deal.played[SEAT[player]] > 0


def stock_cards(deal: DealState) -> tuple[int, int]:
    """How many cards the stock holds, and which cards could be among them: a bitmask of the
    cards neither seen in the deal nor known (or inferred) to be in a hand or a discard. Some
    of them may be in hands the record leaves unknown."""
    placed = deal.seen
    for h in (*deal.hands, *deal.discards):
        placed |= h.cards
    return deal.stock, ALL & ~placed


def holds_king(deal: DealState, player: Player) -> bool | Unknown:
    """Whether the player holds the king of trumps now."""
    return _king_in(deal.hand(player), deal, player)


def king_turned(deal: DealState) -> bool:
    """Whether the card turned up for trumps is a king (law 47)."""
    return bool(deal.turned) and is_king_of(deal.turned[0], deal.trump)


def king_in_hand_at_play(deal: DealState, player: Player) -> bool | Unknown:
    """Whether the player held the king of trumps as the play began."""
    hands = deal.play_hands or deal.hands
    return _king_in(hands[SEAT[player]], deal, player)


def _king_in(hand: Holding, deal: DealState, player: Player) -> bool | Unknown:
    """Whether ``hand`` (the player's) holds the deal's king of trumps."""
    if deal.trump is None:
        return Unknown("the trump is not known")
    for c in cards_of(hand.cards):
        if is_king_of(c, deal.trump):
            return True
    if hand.unknown:
        return Unknown(f"{hand.unknown} of {player}'s cards are not recorded")
    return False


def announced_in_time(deal: DealState, player: Player) -> bool:
    """Whether the player announced the king of trumps in time (laws 23, 24): before playing
    his first card; or, if the king was the card first led, before it was played to; or, if it
    was the card the dealer first played, before he played again."""
    for who, played, awaiting in deal.announced:
        if who is not player:
            continue
        if played == 0:
            return True
        if played == 1 and deal.trump is not None:
            first, led = _first_card(deal, player)
            if is_king_of(first, deal.trump) and (awaiting if led else player is deal.dealer):
                return True
    return False


def _first_card(deal: DealState, player: Player) -> tuple[Card | None, bool]:
    """The first card the player played, and whether he led it."""
    for t in deal.tricks:
        if t.leader is player:
            return t.lead, True
        if t.follower is player:
            return t.follow, False
    if deal.lead is not None and deal.lead[0] is player:
        return deal.lead[1], True
    return None, False


def king_marks(deal: DealState) -> dict[Player, int] | Unknown:
    """What each player is entitled to mark for a king in this deal so far, before any penalty
    of the laws (law 47): the king turned up, the dealer's; a king held and announced in time
    (laws 23, 24)."""
    kings = {deal.elder: 0, deal.dealer: 0}
    if king_turned(deal):
        kings[deal.dealer] += 1
    for player in (deal.elder, deal.dealer):
        if any(a[0] is player for a in deal.announced):
            held = king_in_hand_at_play(deal, player)
            if isinstance(held, Unknown):
                return held
            if held and announced_in_time(deal, player):
                kings[player] += 1
    return kings


def entitled_parts(
    deal: DealState,
) -> tuple[dict[Player, int], dict[Player, int]] | Unknown:
    """What each player is entitled to mark from this deal so far, before any penalty of the
    laws, in two parts: for a king (:func:`king_marks`, law 47), and for the hand (the point or
    the vole as the deal's result scores it, laws 48, 49, 42:
    :func:`~adjudicator.engine.ecarte.hand_score.hand_score`)."""
    kings = king_marks(deal)
    if isinstance(kings, Unknown):
        return kings
    hands = {deal.elder: 0, deal.dealer: 0}
    if deal.result is not None:
        if deal.result.why is Why.UNDETERMINED:
            return Unknown("a card of the play is not recorded")
        if deal.result.winner is not None:
            hands[deal.result.winner] += deal.result.points
    return kings, hands


def most_entitled(deal: DealState) -> dict[Player, int]:
    """The most each player can be entitled to mark from this deal, whatever the cards the
    record does not name (laws 47-49): what :func:`entitled_parts` would give, were every card
    known, is never more. A king: the dealer's if the card turned up is a king or not recorded;
    a player's who announced one, if he may have held it and announced it in time. The hand:
    the best of the ways the tricks whose winner is not known could have fallen, each scored by
    :func:`~adjudicator.engine.ecarte.hand_score.hand_score`."""
    most = {deal.elder: 0, deal.dealer: 0}
    kings = king_marks(deal)
    if isinstance(kings, Unknown):
        for player in most:
            turned = player is deal.dealer and (not deal.turned or king_turned(deal))
            held = king_in_hand_at_play(deal, player)
            announced = held is not False and announced_in_time(deal, player)
            most[player] = 1 if turned or announced else 0
    else:
        most.update(kings)
    result = deal.result
    if result is None:
        return most
    if result.why is not Why.UNDETERMINED:
        if result.winner is not None:
            most[result.winner] += result.points
        return most
    elder, dealer = result.tricks[SEAT[deal.elder]], result.tricks[SEAT[deal.dealer]]
    unknown = max(0, HAND - elder - dealer)
    best = dict.fromkeys(most, 0)
    terms = hand_terms(deal)
    for extra in range(unknown + 1):
        score = hand_score(terms, (elder + extra, dealer + unknown - extra))
        if score.winner is not None:
            best[score.winner] = max(best[score.winner], score.points)
    return {p: most[p] + best[p] for p in most}


def entitled_marks(deal: DealState) -> dict[Player, int] | Unknown:
    """What each player is entitled to mark from this deal so far, before any penalty of the
    laws: :func:`entitled_parts`, the king and the hand together."""
    parts = entitled_parts(deal)
    if isinstance(parts, Unknown):
        return parts
    kings, hands = parts
    return {p: kings[p] + hands[p] for p in kings}


__all__ = [
    "ToAct",
    "Unknown",
    "acts",
    "announced_in_time",
    "entitled_marks",
    "entitled_parts",
    "first_look",
    "hand_result",
    "hand_terms",
    "has_looked",
    "has_played",
    "has_proposed",
    "holds_king",
    "king_in_hand_at_play",
    "king_marks",
    "king_turned",
    "legal_cards",
    "marked_as_entitled",
    "most_entitled",
    "ordinary_course",
    "played_without_proposing",
    "refused_first_proposal",
    "stock_cards",
    "to_act",
    "tricks_won",
    "unrecorded_words",
    "winner_of",
]
