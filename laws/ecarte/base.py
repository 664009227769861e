"""What a law is, as data: its number and heading, what it says in the project's words, how the
project reads it where the text is open, the options it gives and when each is open, what
happens when none is taken, the marks it gives or takes away, and which laws it overrides.

A law's behaviour is a pure function, ``find``: given the replay of one deal (a :class:`DealView`)
it returns the :class:`Finding`\\ s it triggers. Laws never raise on a record and never change
anything; the adjudicator (``adjudicator.court.ecarte.adjudicate``) weighs their findings against
the claims made at the table.

Each law also says what its finder looks at (``looks_at``): the kinds of event and of the
engine's deviation without one of which it can find nothing. Most deals that are not quiet hold
two or three irregularities, so the adjudicator runs only the finders whose kinds the deal
holds (:func:`may_find`); the test suite checks, law by law and ruling by ruling, that this
skips nothing a finder would find.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Final, NamedTuple

from adjudicator.engine.ecarte import remedy as moves
from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.table import DealState, Step
from adjudicator.notation.cards import Card, Player

from .view import DealView, Kind, remember

if TYPE_CHECKING:  # (allowed imports this module)
    from .allowed import Corrected, Sheet


class Heading(StrEnum):
    """The headings of the printed code (Cavendish, 1886), in order."""

    SHUFFLING = "Shuffling"
    CUTTING = "Cutting"
    DEALING = "Dealing"
    MARKING_THE_KING = "Marking the King"
    PROPOSING = "Proposing, Accepting, and Refusing"
    DISCARDING = "Discarding"
    PLAYING = "Playing"
    REVOKING = "Revoking and Not Winning the Trick"
    NEW_CARDS = "Calling for New Cards"
    INCORRECT_PACKS = "Incorrect Packs"
    SCORING = "Scoring"
    PROFILES = "Rules of the Profiles"
    """Not a heading of the code: the rules the profiles add (``docs/profiles.md``)."""


class Window(StrEnum):
    """When an option may be taken; each closes at an event of the deal (see
    ``adjudicator.court.ecarte.adjudicate._CLOSING``)."""

    BEFORE_LOOKING = "before the non-dealer looks at his hand"
    BEFORE_TURN = "before the trump card is turned up"
    BEFORE_PROPOSING = "before proposing, or, if there is no proposal, before playing"
    BEFORE_ANSWER = (
        "before the dealer accepts or refuses, or, if there is no proposal, before he plays"
    )
    BEFORE_PLAYING = "before playing"
    BEFORE_PLAYED_TO = "before the card led is played to"
    BEFORE_NEXT_LEAD = "before another card is led"
    BEFORE_NEXT_TURN = "before the trump card of the next deal is turned up"
    BEFORE_NEXT_CUT = "before the pack is cut for the next deal"
    DURING_GAME = "at any time during the game"
    AT_ONCE = "at once (no choice)"


class Who(StrEnum):
    """Who may choose, relative to the deal."""

    NON_DEALER = "non-dealer"
    DEALER = "dealer"
    ADVERSARY = "the offender's adversary"
    OFFENDER = "the offender"
    EITHER = "either player"
    NOBODY = "nobody (the law decides)"


class Outcome(StrEnum):
    """What becomes of a deal. The value is the one spelling, the ruling's (``fresh_deal`` in its
    JSON and the casebook); the words of a text ruling are derived from it ("fresh deal")."""

    STANDS = "stands"
    FRESH_DEAL = "fresh_deal"
    VOID = "void"
    RECTIFIED = "rectified"
    REPLAY = "replay"
    UNDETERMINED = "undetermined"


ANNULS: Final[frozenset[Outcome]] = frozenset({Outcome.FRESH_DEAL, Outcome.VOID})
"""The outcomes that annul the deal: its hand counts for nothing (the engine ends it so:
:data:`adjudicator.engine.ecarte.table.ANNULLED`)."""


class Correcting(StrEnum):
    """What a law corrects on the score sheet when no finding of another law answers for it."""

    OVERSCORE = "overscore"
    """Marks made beyond what the laws allow are taken down."""
    OMISSION = "omission"
    """Marks not yet made, while the player may still make them, are added; a finding of the
    law against a player who made the marks good in time is withdrawn (the court's
    ``_withdraw_made_good``)."""


class Does(StrEnum):
    """What a law's remedy does to the cards on the table (the engine's moves,
    :mod:`adjudicator.engine.ecarte.remedy`)."""

    DRAW_SURPLUS = "the cards beyond five are drawn out of"
    PUT_OUT_SURPLUS = "the cards beyond five are put out, unseen, from"
    THROW_ASIDE = "the cards found are thrown aside, and the next given instead, in"


class Remedy(NamedTuple):
    """What a law's remedy does to the table, as data: a move of the cards (``does``) in a
    hand (``hand``: whose, relative to the deal and the finding). The court, when a claim
    takes the option (or a player declines a law's options and plays on, for the law's own
    remedy), has the engine make the move at once, so that what follows is judged against
    the table the law leaves; it knows no law by number."""

    does: Does
    hand: Who

    def words(self) -> str:
        """What it does, in words: "the cards beyond five are drawn out of the dealer's
        hand"."""
        return f"{self.does.value} the {_OWNER[self.hand]} hand"

    def on(self, deal: DealState, finding: Finding) -> moves.Remedy | None:
        """The engine's move for ``finding`` in ``deal`` (``None`` if the hand is no
        player's: the finding names no offender where the remedy needs one)."""
        player = _whose(self.hand, deal, finding)
        if player is None:
            return None
        if self.does is Does.DRAW_SURPLUS:
            return moves.DrawSurplus(player)
        if self.does is Does.PUT_OUT_SURPLUS:
            return moves.PutOutSurplus(player)
        return moves.ThrowAside(player, finding.evidence)


_OWNER = {
    Who.NON_DEALER: "non-dealer's",
    Who.DEALER: "dealer's",
    Who.OFFENDER: "offender's",
    Who.ADVERSARY: "offender's adversary's",
    Who.EITHER: "player's",
    Who.NOBODY: "player's",
}


def _whose(who: Who, deal: DealState, finding: Finding) -> Player | None:
    """The player ``who`` names in ``deal``, for ``finding``."""
    if who is Who.NON_DEALER:
        return deal.elder
    if who is Who.DEALER:
        return deal.dealer
    offender = finding.offender
    if who is Who.OFFENDER or offender is None:
        return offender
    if who is Who.ADVERSARY:
        return deal.dealer if offender is deal.elder else deal.elder
    return None


class Option(NamedTuple):
    """A choice a law gives a player, and what taking it does."""

    name: str
    """A stable identifier, e.g. ``fresh_deal``, ``rectify``, ``choose_trump``, ``replay``."""
    who: Who
    """Who may take it."""
    window: Window
    """Until when."""
    claims: tuple[str, ...]
    """The record's claim lines that take it (``ClaimKind`` values, or ``elect play``)."""
    effect: str
    """What taking it does, in words."""
    outcome: Outcome = Outcome.STANDS
    """What becomes of the deal when it is taken."""
    names: tuple[Card, ...] = ()
    """The cards among which a claim that takes it must name one (law 11: one of the cards
    turned up); empty if the claim names none, or any."""
    leads_to: Callable[[DealState, Finding], tuple[DealState, ...]] | None = None
    """For an option that goes on with the play: the positions the deal goes on from if it is
    taken, from the deal as it stood where the finding was made (of several, the other player
    chooses). The advisor values each under perfect play; ``None`` for other options."""
    remedy: Remedy | None = None
    """What taking it does to the cards on the table (:class:`Remedy`), if anything; the
    court has the engine do it as the claim is upheld."""
    reading: str = ""
    """When the window is the project's reading, not the law's words (the law sets no time):
    what the ruling says of it, with where the reading is documented; empty when the law
    itself sets the window."""


class Rests(StrEnum):
    """What part of a ruling a :class:`Reading` bears on."""

    WINDOW = "window"
    """An option's deadline (the reading's ``name``: the option's)."""
    FINDING = "finding"
    """A finding (the reading's ``name``: the finding's kind)."""
    CORRECTION = "correction"
    """The corrections to the score sheet the law decides (the reading's ``name`` is empty)."""


class Reading(NamedTuple):
    """A reading the project made where the law is silent, and the part of a ruling that rests
    on it: a ruling labels that part as the project's reading, citing the law's section of
    ``docs/laws.md``, where the law's interpretation states it in full."""

    rests: Rests
    name: str
    """The option's name (:attr:`Rests.WINDOW`) or the finding's kind (:attr:`Rests.FINDING`);
    empty for :attr:`Rests.CORRECTION`."""
    what: str
    """The reading in a few words, e.g. "a tie in the cut is cut again"."""


@dataclass(frozen=True)
class Finding:
    """An irregularity a law finds in a deal (never an exception: a fact of the ruling)."""

    law: int
    """The law that governs it."""
    deal: int | None
    """The deal's number as written (``None`` before the first deal)."""
    line: int
    column: int
    offender: Player | None
    """Whose act it was, if anyone's."""
    kind: str
    """A stable identifier of what was found, e.g. ``wrong_count_dealt``, ``revoke``."""
    message: str
    """What happened and what the law makes of it, in words."""
    evidence: tuple[Card, ...] = ()
    """The cards concerned."""
    options: tuple[Option, ...] = ()
    """The choices the law gives because of it."""
    default: str = ""
    """What happens if no option is taken (or, with no options, what the law imposes)."""
    outcome: Outcome | None = None
    """The outcome the law imposes whatever anyone claims (e.g. law 12: a fresh deal)."""
    marks: tuple[tuple[Player, int], ...] = ()
    """Marks the law adds to (positive) or takes from (negative) a player's hand by reckoning
    it otherwise than the table did (laws 26 and 42): a re-reckoning of the hand, applied
    before any cap."""
    caps: tuple[tuple[Player, int], ...] = ()
    """The most a player may mark for the hand (the point or the vole) under this law: "he
    marks only one" (laws 25, 43). A cap, never a subtraction: of several, the lowest binds."""
    takes_king: tuple[Player, ...] = ()
    """Players who may not mark a king in this deal under this law (law 19: not the king he
    turned up): a mark for it is taken down, and the correction cites this law."""
    answers_king: tuple[Player, ...] = ()
    """Players whose king marks beyond what they may mark this law answers for (laws 22-25: a
    king marked too late, unannounced, or not held): the correction cites this law, and a
    king the player may mark in the deal is left to him."""
    step: int = 0
    """The engine step (event number) where it was found."""
    fault: bool = True
    """``False`` when the law speaks of a fact that is no irregularity (a right exercised, law
    44): the ruling gives it as a note, with no effect."""


Finder = Callable[[DealView], Sequence[Finding]]

Leave = Callable[[Sequence[Step], Step], bool | None]
"""A law's leave for a fact that changes the table only if the laws allow it (a card taken
back): given the deal's steps before the fact and the fact itself (its event, with the table
just before it), ``False`` if the law forbids it, ``True`` if it allows it, ``None`` if the law
has nothing to say. The court asks every law that has one before the engine moves the table;
the law's finder reads the same function, so that what the table does and what the finding
says cannot differ."""


def findings_of(view: DealView, law: Law) -> tuple[Finding, ...]:
    """What ``law`` finds in the view, computed once (the adjudicator and any law that needs
    another law's findings share it)."""
    return remember(view, ("find", law.number), lambda: tuple(law.find(view)))


def finds_nothing(view: DealView) -> Sequence[Finding]:
    """For definitional laws, whose effect is in the scoring and the engine."""
    return ()


class Always(Enum):
    """The type of :data:`ALWAYS`."""

    ALWAYS = "always"


ALWAYS: Final = Always.ALWAYS
"""``looks_at`` of a law whose finder reads more of a deal than which kinds it holds (the
marks against the entitlements, the deal before): it runs on every deal that is not quiet."""

NEVER: Final[frozenset[Kind]] = frozenset()
"""``looks_at`` of a law whose finder finds nothing (``finds_nothing``)."""

TRIGGERS = True
"""Whether a law is skipped in a deal holding none of the kinds it looks at (:func:`may_find`).
Switched off (by the test suite) every finder runs on every deal that is not quiet: the
rulings must be the same."""


def may_find(view: DealView, law: Law) -> bool:
    """Whether ``law`` can find anything in the view: it looks at every deal, or one of the
    kinds it looks at tells in the deal (``DealView.telling``). When this is false,
    ``findings_of(view, law)`` is empty, so the adjudicator, and any law that reads other
    laws' findings, may skip it."""
    kinds = law.looks_at
    if not TRIGGERS:
        return True
    if kinds is ALWAYS:
        # A deal quiet but for its score line has its marks as the deal entitles, and nothing
        # else a law reads: only the laws that look at the sheet's deviations may find.
        return not view.sheet_only
    return not kinds.isdisjoint(view.telling)


class LawIndex:
    """Laws indexed by the kinds they look at, so that the laws that may find anything in a
    deal (:func:`may_find`) are found from the kinds that tell in it rather than by asking
    every law."""

    def __init__(self, laws: Sequence[Law]) -> None:
        self.laws = tuple(laws)
        self.order = {law.number: i for i, law in enumerate(self.laws)}
        self.always = tuple(law for law in self.laws if law.looks_at is ALWAYS)
        self.by_kind: dict[Kind, list[Law]] = {}
        for law in self.laws:
            if law.looks_at is not ALWAYS:
                for kind in law.looks_at:
                    self.by_kind.setdefault(kind, []).append(law)

    def that_may_find(self, view: DealView) -> tuple[Law, ...]:
        """The laws of the index, in their order, for which :func:`may_find` holds."""
        if not TRIGGERS:
            return self.laws
        found: dict[int, Law] = {}
        if not view.sheet_only:
            found = {law.number: law for law in self.always}
        for kind in view.telling:
            for law in self.by_kind.get(kind, ()):
                found[law.number] = law
        return tuple(sorted(found.values(), key=lambda law: self.order[law.number]))


FIRST_RULE: Final = 101
"""The number of the first rule a profile adds: the numbers from here on are not the code's."""


@dataclass(frozen=True)
class Law:
    """One of the 51 laws, or a rule a profile adds (numbered from 101: :data:`FIRST_RULE`)."""

    number: int
    heading: Heading
    title: str
    """A few words, e.g. "Wrong number of cards found before the turn-up"."""
    summary: str
    """What the law says, in the project's own words."""
    interpretation: str
    """How the project reads it where the text is open, and the sources followed."""
    find: Finder = finds_nothing
    """The law's trigger: the findings it makes in a deal."""
    leave: Leave | None = None
    """Whether a fact that needs a law's leave may change the table (:data:`Leave`)."""
    options: tuple[Option, ...] = ()
    """The options it gives (also on each finding)."""
    default: str = ""
    """What happens when no option is taken."""
    remedy: Remedy | None = None
    """What the law itself does to the cards on the table when no option is taken and a
    player, declining its options, plays on (:class:`Remedy`): e.g. law 15's surplus put out.
    An option's own remedy is the option's (``Option.remedy``)."""
    overrides: tuple[int, ...] = ()
    """Laws whose findings this one replaces where both find at the same step (the court
    drops the overridden law's finding there): the only way one law sets aside another."""
    corrects: Correcting | None = None
    """The score sheet's corrections this law makes when no other law's finding answers for
    them: an overscore taken down (law 51) or an omission still open (law 50)."""
    correction: Callable[[Sheet], Corrected | None] | None = None
    """For a law that corrects the score sheet (laws 50 and 51): given what a player marked for
    a deal against what the laws allow him (:class:`~laws.ecarte.allowed.Sheet`), what stands
    and the corrections it makes (each citing the law that answers for it), or ``None`` when it
    has nothing to correct. The court asks each law that has one, in order, and takes the first
    answer."""
    needs: tuple[str, ...] = ()
    """Facts this law's finder reads that a record may leave unwritten (the keys of
    ``DealState.unrecorded``: ``packets`` and ``dealt``, the dealing, whose faults are the
    dealer's; ``cards``, which cards a player held). Where they are unwritten the law finds
    nothing, and a claim that could only rest on it is undetermined, not rejected."""
    definitional: bool = False
    """A law that defines (the deal, the scoring) rather than governs an irregularity."""
    scoring: Callable[..., object] | None = None
    """For a law that says how the score is made (laws 46 to 49, and the profiles' rules that
    change the hand's score): the engine's function that states it, once, and that the engine,
    the solver and the laws apply (the law's effect: its finder finds nothing of it). The hand's
    score is :func:`adjudicator.engine.ecarte.hand_score.hand_score`."""
    keywords: tuple[str, ...] = ()
    """Words a player or referee may look the law up by (``ecarte laws WORD``) that its title
    and summary do not use, e.g. "revoke" for law 39, whose summary says "renounce"."""
    deviations: tuple[DeviationKind, ...] = field(default=())
    """The engine's deviation kinds this law judges (members of
    :class:`~adjudicator.engine.ecarte.deviations.DeviationKind`)."""
    cite: str = ""
    """How a ruling cites it, if not "law N": a profile's rule, e.g. "pool rule P1"."""
    readings: tuple[Reading, ...] = ()
    """The readings the project made where the law is silent that a ruling rests on (an
    option's deadline, a finding, a correction): each labelled in the ruling as the project's
    reading (:class:`Reading`). Its ``interpretation`` states them in full."""
    looks_at: frozenset[Kind] | Always = field(kw_only=True)
    """What the finder looks at (:data:`~laws.ecarte.view.Kind`): the kinds of event
    (``EventKind`` of ``adjudicator.notation.ecarte.model``; ``deal`` for a deal's heading) and of
    the engine's deviation (``DeviationKind`` of ``adjudicator.engine.ecarte.deviations``) without
    one of which in a deal it finds nothing there, read off the finder; :data:`ALWAYS` if it
    reads more than which kinds a deal holds, :data:`NEVER` if it finds nothing. Every law must
    say (there is no default): the adjudicator skips a finder whose kinds a deal does not hold
    (:func:`may_find`)."""


def reading_of(law: Law, rests: Rests, name: str = "") -> Reading | None:
    """The reading of ``law`` that the part of a ruling named by ``rests`` and ``name`` rests
    on (an option's deadline, a finding of a kind, its corrections), if any."""
    return next((r for r in law.readings if r.rests is rests and r.name == name), None)


def citation(law: Law) -> str:
    """How a ruling cites ``law``: "law 43", or a profile's rule by its name."""
    return law.cite or f"law {law.number}"
