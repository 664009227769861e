"""Playing (laws 57-60): too few or too many cards in the play, a card taken back (dropped,
played in excess, led out of turn), a revoke and misinformation, and seeing the tricks."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.engine.piquet.irregular import Retraction
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.vocabulary import Claimed

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


def _long(view: DealView) -> Sequence[Finding]:
    return _sized(view, long=True)


def may_take_back(asked: Retraction) -> bool | None:
    """Law 59's leave: a card played to a lead of a suit its player still holds (IV), or
    played after such a card and still on the table (IV: all cards played after the mistake),
    one of several led or played at once (II), or a lead out of turn not yet played to (III)
    may be taken back; a lead of the first trick is left to law 52 (an over-call corrected
    after the elder led); any other card stays played."""
    if asked.revoke or asked.after_error or asked.at_once:
        return True
    if asked.led and asked.out_of_turn:
        return True
    if asked.led:
        return None
    return False


def _retracted(view: DealView) -> list[Finding]:
    found = []
    for asked, answer in view.replay.retracted:
        if answer is None:
            continue
        if answer:
            message = (
                f"{asked.player} takes back {asked.card}, as law 59 allows: the play goes on "
                "as if it had not been played"
            )
        else:
            message = (
                f"{asked.player} takes back {asked.card}: no exception of law 59 lets a card "
                "once played be taken back, so it stays played"
            )
        found.append(
            TAKEN_BACK.finding(
                view,
                asked.line,
                asked.player,
                "taken_back" if answer else "may_not_take_back",
                message,
                judges=(asked.line,),
                fault=not answer,
                choices=(),
                effects=(),
            )
        )
    return found


def _taken_back(view: DealView) -> Sequence[Finding]:
    found = _retracted(view)
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
            )
        )
    return found


_PLAY_AGAIN = Choice(
    Option.PLAY_AGAIN,
    Who.EITHER,
    Window.DURING_DEAL,
    (Claimed.PLAY_AGAIN,),
    "the cards from the error on are taken back and played again",
    (Effect.PLAY_AGAIN,),
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
    "and the finding says so. Revokes and leads out of turn are found here; misinformation "
    "(V) is not yet found.",
    find=_taken_back,
    choices=(_TAKE_BACK, _PLAY_AGAIN),
    leave=may_take_back,
    keywords=("revoke", "renounce", "out of turn", "retract", "drop"),
    judges=(DeviationKind.REVOKE, DeviationKind.LEAD),
)

LAWS: tuple[Law, ...] = (
    SHORT,
    LONG,
    TAKEN_BACK,
    Law(
        60,
        Section.PLAYING,
        "Seeing the tricks",
        "Either player may look through his own and his adversary's tricks at any time.",
        "A right: nothing is found.",
    ),
)
