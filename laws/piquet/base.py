"""What a law of piquet is, as data: its number and section, what it says in the project's
words, how the project reads it where the code is silent, the findings its finder makes, the
options it gives (who may take each, until which event of the deal), the effects it has (as
data the court applies without knowing the law), and the laws it sets aside.

A law's behaviour is a pure function, ``find``: given the view of one deal
(:class:`~laws.piquet.view.DealView`) it returns the :class:`Finding`\\ s it makes. Laws never
raise on a record and never change anything; the court (``adjudicator.court.piquet``) weighs
their findings against the claims made at the table and applies their effects.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.engine.piquet.irregular import RetractLeave
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.vocabulary import Claimed

if TYPE_CHECKING:
    from adjudicator.engine.piquet.partie import Settlement
    from adjudicator.engine.piquet.scoring import DealScore

    from .view import DealView


class Section(StrEnum):
    """The sections of the printed code (8th edition), in order."""

    SHUFFLING = "Shuffling"
    CUTTING = "Cutting"
    DEALING = "Dealing"
    CARTE_BLANCHE = "Carte Blanche"
    DISCARDING = "Discarding and Taking In"
    CALLING = "Calling and Showing"
    PLAYING = "Playing"
    SCORING = "Scoring"
    INCORRECT_PACKS = "Incorrect Packs"
    CHANGING_CARDS = "Changing Cards"
    BYSTANDERS = "Bystanders"


class Window(StrEnum):
    """Until when an option may be taken: each closes at an event of the deal, which the court
    finds from the facts (``adjudicator.court.piquet.windows``)."""

    BEFORE_CUT = "before the cut for the deal"
    BEFORE_TAKING_UP = "before either player takes up his cards"
    BEFORE_STOCK = "before the elder takes up a card of the stock"
    BEFORE_YOUNGER_STOCK = "before the younger takes up a card of the stock"
    BEFORE_REPLY = "before the younger replies to the call"
    BEFORE_NEXT_CALL = "before the elder's next call, or his lead if he calls no more"
    BEFORE_LEAD = "before the elder leads"
    BEFORE_FIRST_PLAY = "before the younger plays to the first trick"
    BEFORE_PLAYED_TO = "before the adversary plays to the trick"
    BEFORE_NEXT_HAND = "until the erring player has seen his next hand"
    DURING_DEAL = "at any time in the deal"
    AT_ONCE = "at once (no choice)"


class Who(StrEnum):
    """Who may take an option, relative to the deal and the finding."""

    ELDER = "the elder hand"
    YOUNGER = "the younger hand"
    OFFENDER = "the offender"
    ADVERSARY = "the offender's adversary"
    EITHER = "either player"
    BOTH = "both players, by consent"
    NOBODY = "nobody (the law decides)"


class Outcome(StrEnum):
    """What becomes of a deal; the value is the ruling's spelling (JSON, the casebook)."""

    STANDS = "stands"
    FRESH_DEAL = "fresh_deal"
    VOID = "void"
    UNDETERMINED = "undetermined"


class Effect(StrEnum):
    """What a law does, as data: the court applies each by what it is, never by the law's
    number (``adjudicator.court.piquet.effects``)."""

    RECKONS_NOTHING = "the offender reckons nothing that deal; his cards still bar"
    FRESH_DEAL = "the deal is annulled and dealt again by the same dealer"
    VOID = "the deal is void and the right dealer deals"
    ELDER_DEALS_TWICE = "the elder hand of the deal deals the next deal too"
    TRICKS_TO_ADVERSARY = "the cards that cannot be played to count as tricks to the adversary"
    TAKE_BACK = "the card is taken back and play resumed"
    PLAY_AGAIN = "the cards played since the error are taken back and played again"
    DISCARD_ALTERED = "the player alters his discard"
    STOCK_COUNTED = "the stock is counted"
    CORRECTED = "the error is put right"
    STAKES = "the bystander pays the prejudiced player's stakes and bets"
    COUNT_STANDS = "the offender's count of the deal it concerns stands as written"
    OWN_RECORD = "each player's own written record of his score stands"
    ADVERSARY_RECKONS_HELD = (
        "the adversary reckons, besides what he declared, his best of the head of the call "
        "found, where the offender's correct calls do not bar it"
    )


FRESH: frozenset[Effect] = frozenset({Effect.FRESH_DEAL, Effect.VOID})
"""The effects that annul the deal: its scores count for nothing."""


class Option(StrEnum):
    """The options the laws give, by the name a ruling uses (``cases/piquet/README.md``)."""

    PUT_RIGHT = "put_right"
    FRESH_DEAL = "fresh_deal"
    ALTER_DISCARD = "alter_discard"
    REDEAL_RIGHT_PACK = "redeal_right_pack"
    FRESH_CUT = "fresh_cut"
    STOCK_COUNTED = "stock_counted"
    SEE_DISCARD = "see_discard"
    LOOK_AT_LEFT = "look_at_left"
    CORRECT_CALL = "correct_call"
    CORRECT_ANSWER = "correct_answer"
    TAKE_BACK_LEAD = "take_back_lead"
    TAKE_BACK = "take_back"
    PLAY_AGAIN = "play_again"
    WAIVE = "waive"
    STAKES_FROM_BYSTANDER = "stakes_from_bystander"


class Fate(StrEnum):
    """What became of an option in the deal."""

    TAKEN = "taken"
    DECLINED = "declined"
    EXPIRED = "expired"
    OPEN = "open"
    IMPOSED = "imposed"


@dataclass(frozen=True)
class Choice:
    """A choice a law gives, and what taking it does, as data."""

    option: Option
    who: Who
    window: Window
    claims: tuple[Claimed, ...]
    """The record's claims that take it (``A claims a fresh deal``); the waiver takes
    :attr:`Option.WAIVE` by its own line, ``B waives the penalty``."""
    does: str
    """What taking it does, in words."""
    effects: tuple[Effect, ...] = ()
    """The effects taking it has."""
    sets_aside: tuple[Effect, ...] = ()
    """The law's own effects that taking it sets aside (the waiver: reckoning nothing)."""
    stood: bool = False
    """Declined by ``X stands the deal`` (laws 11, 28, 29, 40-43)."""
    by: int = 0
    """The law that gives it, when it is not the finding's own (the waiver: law 44, on the
    findings of every law whose penalty is reckoning nothing); 0 for the finding's law."""

    def law(self, finding: Finding) -> int:
        """The law a ruling cites for it on ``finding``."""
        return self.by or finding.law


@dataclass(frozen=True)
class Finding:
    """An irregularity a law finds in a deal (never an exception: a fact of the ruling)."""

    law: int
    deal: int | None
    """The deal's number as written (``None`` before the first deal)."""
    line: int
    """The line of the fact that shows it."""
    offender: Player | None
    kind: str
    """A stable identifier of what was found, e.g. ``younger_takes_more``."""
    message: str
    choices: tuple[Choice, ...] = ()
    """The options it gives."""
    effects: tuple[Effect, ...] = ()
    """What the law imposes, unless an option taken sets it aside."""
    judges: tuple[int, ...] = ()
    """The lines of the record's irregularity facts it judges (their deviations "not yet
    judged" give way to it)."""
    fault: bool = True
    """``False`` for a fact that is no irregularity (a right exercised): a note."""
    acted: tuple[Option, ...] = ()
    """The options the players took by their own acts, as the facts show, with no claim
    written (a card led out of turn taken back, a cut made again, a call corrected by the next
    call, an answer put right)."""
    amends: tuple[tuple[Player, int], ...] = ()
    """Points its effects add to each player's score of the deal it concerns, where the
    table's figures, not the engine's reckoning, give that score (law 70: a count corrected)."""
    concerns: int | None = None
    """The place in the partie (0 for its first deal written) of the deal whose score its
    effects change, when it is not the deal it is found in (law 70: a count of the deal
    before corrected)."""
    cites: tuple[int, ...] = ()
    """Other laws the finding applies or distinguishes (a carte blanche shown under law 19
    and announced under law 20; law 31 set apart where the card taken is the adversary's)."""


Finder = Callable[["DealView"], Sequence[Finding]]

Reckoner = Callable[["DealView", "DealScore"], Sequence[Finding]]
"""A law of scoring's finder of fact: where, in a deal reckoned as the laws allow, it makes a
score (``laws.piquet.reckoning``)."""


@dataclass(frozen=True)
class PartieFacts:
    """What the laws of the partie (71-73) read of a partie once its deals are judged."""

    written_deals: int
    """How many deals the record gives it (a deal dealt again counted once)."""
    due: int
    """How many deals it has (six, or four by agreement; law 71)."""
    finished: bool
    """Whether it is over as the laws count its deals."""
    settlement: Settlement | None
    """How it settles from the scores the laws allow (``None``: not over, or not known)."""
    as_written: tuple[Settlement, ...] = ()
    """How each of the totals the table wrote in its last deal would settle it (a count it
    later corrected among them), when it wrote as many deals as are due."""


Settles = Callable[[PartieFacts], bool]
"""Whether a law of the partie settles it (or, for ``Law.weighs_partie``, decides
something of it)."""


def finds_nothing(view: DealView) -> Sequence[Finding]:
    """For a law that defines (the scoring, the partie): the engine applies it."""
    return ()


def reckons_nothing(view: DealView, score: DealScore) -> Sequence[Finding]:
    """For a law that makes no score: it acts nowhere in the reckoning."""
    return ()


def settles_nothing(facts: PartieFacts) -> bool:
    """For a law that does not settle a partie, nor decides anything of it."""
    return False


def weighs_nothing(view: DealView, score: DealScore) -> bool:
    """For a law that has no part in reckoning a deal."""
    return False


@dataclass(frozen=True)
class Law:
    """One of the 78 laws of piquet of the Portland and Turf clubs (8th edition numbering)."""

    number: int
    heading: Section
    title: str
    summary: str
    """What the law says, in the project's own words."""
    interpretation: str
    """How the project reads it where the text is open, and the sources followed."""
    find: Finder = finds_nothing
    """The law's trigger: the findings it makes in a deal."""
    choices: tuple[Choice, ...] = ()
    """The options it gives (also on each finding)."""
    effects: tuple[Effect, ...] = ()
    """What it imposes on a finding, unless an option taken sets it aside."""
    overrides: tuple[int, ...] = ()
    """Laws whose findings of the same deal, player and fact this one replaces."""
    keywords: tuple[str, ...] = ()
    """Words it may be looked up by that its title and summary do not use."""
    readings: tuple[str, ...] = ()
    """The readings the project made where the law is silent, each in a few words."""
    judges: tuple[DeviationKind, ...] = ()
    """The engine's deviation kinds this law speaks of."""
    leave: RetractLeave | None = None
    """For a law that says when a card played may be taken back (law 59): its leave, which the
    court gives the replay so that the table moves only as the law allows, and which the
    law's finder reads back from the replay (the deal's ``retracted``)."""
    applied_by: str = ""
    """For a law that defines (the scoring, the partie): the engine's function that applies
    it, so that its effect is that function's and its finder finds nothing."""
    reckon: Reckoner = reckons_nothing
    """For a law of scoring (61-69): where it makes a score in a deal reckoned as the laws
    allow, as findings of fact (never of fault)."""
    settles: Settles = settles_nothing
    """For a law of the partie (71-73): whether it settles a partie."""
    weighs_partie: Settles = settles_nothing
    """For a law of the partie: whether it decides something of a partie it does not settle
    (the table's count made it a rubicon and the laws' does not; six deals written and tied),
    so that the ruling cites it."""
    weighs: Callable[[DealView, DealScore], bool] = weighs_nothing
    """For a law of scoring: whether it decides something in the deal's reckoning, a score
    made or refused (points equal, the cards divided), so that the ruling cites it."""
    cite: str = ""
    """How a ruling cites it, if not "law N" (always empty: every law of piquet is cited by
    its number)."""

    @property
    def definitional(self) -> bool:
        """Whether it defines rather than governs an irregularity."""
        return bool(self.applied_by)

    def finding(
        self,
        view: DealView,
        line: int,
        offender: Player | None,
        kind: str,
        message: str,
        *,
        judges: Sequence[int] = (),
        fault: bool = True,
        effects: Sequence[Effect] | None = None,
        choices: Sequence[Choice] | None = None,
        acted: Sequence[Option] = (),
        concerns: int | None = None,
        amends: Sequence[tuple[Player, int]] = (),
        cites: Sequence[int] = (),
    ) -> Finding:
        """A finding of this law in the view's deal, with the law's options and effects
        unless others are given; ``acted``, the options its facts show taken."""
        return Finding(
            self.number,
            view.number,
            line,
            offender,
            kind,
            message,
            tuple(self.choices if choices is None else choices),
            tuple(self.effects if effects is None else effects),
            tuple(judges),
            fault,
            acted=tuple(acted),
            amends=tuple(amends),
            concerns=concerns,
            cites=tuple(cites),
        )


WAIVE = Choice(
    Option.WAIVE,
    Who.ADVERSARY,
    Window.DURING_DEAL,
    (),
    "the adversary does not enforce the penalty (law 44)",
    sets_aside=(Effect.RECKONS_NOTHING,),
    by=44,
)
"""Law 44's option, on every finding whose penalty is reckoning nothing."""
