"""Playing (laws 57-60): too few or too many cards in the play, a card taken back (dropped,
played in excess, led out of turn), a revoke and misinformation, and seeing the tricks."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.piquet.cards import RANK_ORDER
from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.engine.piquet.irregular import Retraction
from adjudicator.engine.piquet.rulings import rule_point, rule_sequences
from adjudicator.engine.piquet.scoring import IN_HAND, DealScore
from adjudicator.notation.cards import Card, Player
from adjudicator.notation.piquet.events import Lead, Look, NumberSaid, Play, Question
from adjudicator.notation.piquet.vocabulary import Claimed, LookAt

from .base import WAIVE, Choice, Effect, Finding, Law, Option, Section, Who, Window
from .facts import HAND, first_lead, line_at, played_with
from .view import DealView


def _size_line(view: DealView, player: Player) -> tuple[int, tuple[int, ...]]:
    """Where a hand's size shows at the play: the engine's deviation, else the first lead."""
    said = [d.line for d in view.deviations(DeviationKind.HAND_SIZE) if d.player is player]
    line = said[0] if said else line_at(view, first_lead(view))
    return line, tuple(said)


def _sized(view: DealView, long: bool) -> Sequence[Finding]:
    if first_lead(view) is None:
        return ()
    found = []
    for player in (view.elder, view.younger):
        size = played_with(view, player)
        if size is None or size == HAND or (size > HAND) != long:
            continue
        line, said = _size_line(view, player)
        if long:
            message = (
                f"{player} plays with {size} cards: he reckons nothing that deal, but his "
                "cards, not good to score, are good to bar (law 58)"
            )
            found.append(LONG.finding(view, line, player, "playing_long", message, judges=said))
        else:
            message = (
                f"{player} plays with {size} cards: no penalty, but his adversary counts as "
                "tricks the cards that cannot be played to (law 57)"
            )
            found.append(SHORT.finding(view, line, player, "playing_short", message, judges=said))
    return found


def _short(view: DealView) -> Sequence[Finding]:
    return _sized(view, long=False)


def bars(view: DealView, score: DealScore) -> bool:
    """Whether the rule this law states for every penalty of reckoning nothing decides
    something of the deal: a player who reckons nothing holds a good declaration, which scores
    nothing but still bars his adversary ("not good to score, good to bar")."""
    return any(
        s.player in score.reckon_nothing and s.held > 0 and s.category in IN_HAND
        for s in score.steps
    )


def _long(view: DealView) -> Sequence[Finding]:
    return _sized(view, long=True)


def may_take_back(asked: Retraction) -> bool | None:
    """Law 59's leave: a card played to a lead of a suit its player still holds (IV), or
    played after such a card and still on the table (IV: all cards played after the mistake),
    one of several led or played at once (II), a lead out of turn not yet played to (III), or
    any card once a player has claimed to play again (II, IV, V: whether the claim is good is
    the finding's to say) may be taken back, and so may the first lead where law 52 lets the
    elder take it back (the younger called a head again after it); any other lead of the first
    trick is left to law 52; any other card stays played."""
    if asked.revoke or asked.after_error or asked.at_once or asked.claimed:
        return True
    if asked.led and asked.out_of_turn:
        return True
    if asked.recalled:
        return True  # law 52's exception for the first lead, which this law acknowledges
    if asked.led:
        return None
    return False


def _refused(view: DealView) -> list[Finding]:
    """Each card taken back that no exception of law 59 lets be taken back: it stays played.
    (A card taken back with the law's leave is no irregularity: the finding of the error it
    puts right, if any, says so.)"""
    return [
        TAKEN_BACK.finding(
            view,
            asked.line,
            asked.player,
            "may_not_take_back",
            f"{asked.player} takes back {asked.card}: no exception of law 59 lets a card "
            "once played be taken back, so it stays played",
            judges=(asked.line,),
            choices=(),
            effects=(),
        )
        for asked, answer in view.replay.retracted
        if answer is False
    ]


def _put_right(view: DealView) -> list[Finding]:
    """Each revoke put right by taking the cards back (law 59 IV): found where it was played."""
    revokes = [a for a, answer in view.replay.retracted if answer and a.revoke]
    after = [a.line for a, answer in view.replay.retracted if answer and a.after_error]
    return [
        TAKEN_BACK.finding(
            view,
            asked.played_line,
            asked.player,
            "revoke",
            f"{asked.player} plays {asked.card} holding a card of the suit led: a revoke, put "
            "right by taking back the card and those played after it, the play going on as if "
            "no error had been made (law 59 IV)",
            judges=(asked.line, *after),
            choices=(_REVOKE_PUT_RIGHT,),
            effects=(Effect.PLAY_AGAIN,),
        )
        for asked in revokes
    ]


def _taken_back(view: DealView) -> Sequence[Finding]:
    found = _refused(view) + _put_right(view) + _excess(view) + _misinformed(view)
    for d in view.deviations(DeviationKind.REVOKE):
        found.append(
            TAKEN_BACK.finding(
                view,
                d.line,
                d.player,
                "revoke",
                f"{d.message}: the card and those played after it are taken back and the play "
                "goes on as if no error had been made (law 59 IV)",
                choices=(_PLAY_AGAIN,),
                effects=(Effect.PLAY_AGAIN,),
            )
        )
    for d in view.deviations(DeviationKind.LEAD):
        if "it is" not in d.message:
            continue
        back = [
            a.line
            for a, answer in view.replay.retracted
            if answer
            and a.led
            and a.out_of_turn
            and a.player is d.player
            and a.played_line == d.line
        ]
        found.append(
            TAKEN_BACK.finding(
                view,
                d.line,
                d.player,
                "lead_out_of_turn",
                f"{d.message}: the card may be taken back unless the adversary has played to "
                "it (law 59 III)",
                choices=(_TAKE_BACK,),
                effects=(),
                judges=tuple(back),
                acted=(Option.TAKE_BACK,) if back else (),
            )
        )
    return found


def _excess(view: DealView) -> list[Finding]:
    """Cards played at once to cards led at once, more than were led (law 59 II): the extra
    cards are taken back and the play made again."""
    found = []
    led = 0
    for event in view.events:
        if isinstance(event, Lead):
            led = 1 + len(event.more)
        elif isinstance(event, Play) and event.more and 1 + len(event.more) > led:
            extra = (event.card, *event.more)[led:]
            back = [
                a.line
                for a, answer in view.replay.retracted
                if answer and a.player is event.player and a.card in extra
            ]
            found.append(
                TAKEN_BACK.finding(
                    view,
                    event.line,
                    event.player,
                    "played_in_excess",
                    f"{event.player} plays {1 + len(event.more)} cards to {led} led at once: "
                    "the cards in excess are taken back and the play made again (law 59 II)",
                    judges=(event.line, *back),
                    choices=(_TAKE_BACK_EXCESS,),
                    effects=(),
                    acted=(Option.TAKE_BACK,) if back else (),
                )
            )
    return found


def _misinformed(view: DealView) -> list[Finding]:
    """A player asked how many cards of a suit he holds who answers wrongly (law 59 V): his
    adversary may take back the cards played since and play again."""
    found = []
    for at, event in enumerate(view.events):
        if not isinstance(event, Question) or event.suit is None or at + 1 >= len(view.events):
            continue
        answer = view.events[at + 1]
        if not isinstance(answer, NumberSaid) or answer.player is event.player:
            continue
        held = _held(view, answer.player, answer.line)
        if held is None:
            continue
        reckoned = _reckoned(view, answer.player)
        count = sum(
            1 for card in held if card.suit is event.suit and (reckoned is None or card in reckoned)
        )
        if count == answer.value:
            continue
        found.append(
            TAKEN_BACK.finding(
                view,
                answer.line,
                answer.player,
                "misinformation",
                f"{answer.player} says he holds {answer.value} {event.suit.name.lower()}, "
                f"holding {count}: his adversary may take back the cards played since and "
                "play again (law 59 V)",
                choices=(_PLAY_AGAIN_MISINFORMED,),
                effects=(),
            )
        )
    return found


def _reckoned(view: DealView, player: Player) -> frozenset[Card] | None:
    """The cards ``player`` reckoned good or called equal in his point and sequences, which a
    question of how many of a suit asks about (Cases XV, XVI); ``None`` where the deal's
    declarations are not known (the question is then taken of all his cards of the suit)."""
    declared, hand = view.replay.declared, view.replay.hands.get(player)
    if declared is None or hand is None or len(declared) != 2:
        return None
    mine = declared[player]
    cards: set[Card] = set()
    point = rule_point(declared)
    if mine.point is not None and (point.good is player or point.equal):
        cards |= {c for c in hand if c.suit is mine.point.suit}
    runs = rule_sequences(declared)
    if runs.good is player or runs.equal:
        for run in mine.sequences:
            top = RANK_ORDER.index(run.top)
            ranks = set(RANK_ORDER[top : top + run.length])
            cards |= {c for c in hand if c.suit is run.suit and c.rank in ranks}
    return frozenset(cards)


def _held(view: DealView, player: Player, line: int) -> frozenset[Card] | None:
    """The cards ``player`` holds at ``line`` of the play: his hand as played, less the cards
    he has put on the table before it (``None`` if his hand is not known)."""
    hand = view.replay.hands.get(player)
    if hand is None:
        return None
    gone = set()
    for trick in view.replay.tricks:
        if trick.line < line and trick.leader is player and trick.led is not None:
            gone.add(trick.led)
        followed = trick.follow_line and trick.follow_line < line
        if followed and trick.follower is player and trick.played is not None:
            gone.add(trick.played)
    return frozenset(hand - gone)


_PLAY_AGAIN = Choice(
    Option.PLAY_AGAIN,
    Who.EITHER,
    Window.DURING_DEAL,
    (Claimed.PLAY_AGAIN,),
    "the cards from the error on are taken back and played again",
    (Effect.PLAY_AGAIN,),
)
_REVOKE_PUT_RIGHT = Choice(
    Option.PLAY_AGAIN,
    Who.NOBODY,
    Window.AT_ONCE,
    (),
    "the cards from the revoke on are taken back and played again",
    (Effect.PLAY_AGAIN,),
)
_PLAY_AGAIN_MISINFORMED = Choice(
    Option.PLAY_AGAIN,
    Who.ADVERSARY,
    Window.DURING_DEAL,
    (Claimed.PLAY_AGAIN,),
    "the cards played since the misinformation are taken back and played again",
    (Effect.PLAY_AGAIN,),
)
_TAKE_BACK_EXCESS = Choice(
    Option.TAKE_BACK,
    Who.EITHER,
    Window.DURING_DEAL,
    (Claimed.PLAY_AGAIN,),
    "the cards played in excess, and those played after them, are taken back and played again",
    (Effect.TAKE_BACK,),
)
_TAKE_BACK = Choice(
    Option.TAKE_BACK,
    Who.EITHER,
    Window.BEFORE_PLAYED_TO,
    (),
    "the card is taken back",
    (Effect.TAKE_BACK,),
)

SHORT = Law(
    57,
    Section.PLAYING,
    "Playing short",
    "A player with fewer than twelve cards in the play is not penalised, but his adversary "
    "counts as tricks all the cards that cannot be played to.",
    "The court gives the adversary's unanswered cards to him as tricks when it reckons the "
    "deal again.",
    find=_short,
    effects=(Effect.TRICKS_TO_ADVERSARY,),
    keywords=("short", "fewer"),
    judges=(DeviationKind.HAND_SIZE,),
)
LONG = Law(
    58,
    Section.PLAYING,
    "Playing long",
    "A player with more than twelve cards in the play reckons nothing that deal; his cards, "
    "though they cannot score, still bar his adversary.",
    "The offender scores nothing, while what he held still beats or equals his adversary's "
    "point, sequences and sets, as Case XXII rules; a pique or repique is then judged on the "
    "adversary's scores, and the offender is not piqued or repiqued if his barring cards "
    "would have scored first (the Description). The adversary may waive it (law 44).",
    find=_long,
    choices=(WAIVE,),
    effects=(Effect.RECKONS_NOTHING,),
    weighs=bars,
    keywords=("long", "thirteen", "reckons nothing", "bar"),
    judges=(DeviationKind.HAND_SIZE,),
)
TAKEN_BACK = Law(
    59,
    Section.PLAYING,
    "A card taken back",
    "A card led or played stays played, save under law 52 and these: I a card dropped by "
    "accident may be picked up; II when several cards are led at once and the adversary "
    "plays too many, the extras are taken back and the play made again; III a lead out of "
    "turn may be taken back unless the adversary has played to it; IV a revoke must be "
    "put right when found, the cards from it on being taken back and the play going on as "
    "if none had been made, with no other penalty; V an adversary misinformed about cards "
    "allowed good or equal may take back everything played since and play again.",
    "A card taken back moves the table only with this law's leave (the court gives it to "
    "the replay): a revoke and the cards after it, cards led or played at once, a lead out "
    "of turn not yet played to; a first lead is left to law 52; any other card stays played "
    "and the finding says so. Found here: a revoke (open while played on; put right when the "
    "cards were taken back), a lead out of turn (its card taken back or not), cards played "
    "in excess of cards led at once (II), and a wrong answer to how many cards of a suit a "
    "player holds (V: misinformation), which his adversary's claim to play again takes.",
    find=_taken_back,
    choices=(_TAKE_BACK, _PLAY_AGAIN),
    leave=may_take_back,
    keywords=("revoke", "renounce", "out of turn", "retract", "drop"),
    judges=(DeviationKind.REVOKE, DeviationKind.LEAD),
)


def _seeing(view: DealView) -> Sequence[Finding]:
    """Each look through the tricks: a right, noted."""
    return [
        SEEING.finding(
            view,
            e.line,
            e.player,
            "tricks_seen",
            f"{e.player} looks through the tricks, as either player may at any time (law 60)",
            fault=False,
        )
        for _, e in view.of_type(Look)
        if e.at is LookAt.TRICKS
    ]


SEEING = Law(
    60,
    Section.PLAYING,
    "Seeing the tricks",
    "Either player may look through his own and his adversary's tricks at any time.",
    "A right: a look at the tricks ('A looks at the tricks') is noted, never a fault, at any "
    "moment of the deal.",
    find=_seeing,
    keywords=("tricks", "look"),
)

LAWS: tuple[Law, ...] = (
    SHORT,
    LONG,
    TAKEN_BACK,
    SEEING,
)
