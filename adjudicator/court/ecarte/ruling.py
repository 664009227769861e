"""A ruling: what the adjudicator says of a record, as plain data (pydantic models, stable JSON).

The names of the JSON fields are part of the product's interface: ``file``, ``records``, and per
record ``line``, ``findings`` (``law``, ``deal``, ``line``, ``column``, ``offender``, ``kind``,
``message``), ``deals`` (``number``, ``dealer``, ``outcome``, ``marks``), ``corrections``
(``player``, ``points``, ``law``), ``score`` and ``winner``. More fields stand beside them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, WithJsonSchema

from laws.ecarte.base import Outcome

OptionStatus = Literal["taken", "declined", "expired", "open", "imposed"]
OutcomeName = Annotated[
    Outcome,
    WithJsonSchema({"enum": [o.value for o in Outcome], "title": "Outcome", "type": "string"}),
]
"""A deal's outcome (:class:`~laws.ecarte.base.Outcome`), described in the ruling's JSON Schema
by its values in place, as the schema has always given it."""


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class OptionRuling(_Model):
    """An option a law gave, and what became of it."""

    name: str
    """The option, e.g. ``fresh_deal``, ``rectify``, ``replay``."""
    who: str | None
    """The player who may take it (``A``, ``B``), or ``None`` when the law decides."""
    window: str
    """Until when it may be taken."""
    status: OptionStatus
    """``taken`` (by a claim), ``declined`` (the player elected to play on), ``expired`` (the
    window closed), ``open`` (still open when the record ends), ``imposed`` (no choice)."""
    line: int | None = None
    """The line of the claim that took or declined it, or of the event that closed it."""
    effect: str = ""
    """What taking it does."""


class FindingRuling(_Model):
    """An irregularity found, with the law that governs it."""

    law: int | None
    """The law; ``None`` for a departure no law speaks of, which the court rules itself: the
    record contradicts itself (``kind`` ``inconsistent_record``: the deal is undetermined), or
    an act no law provides for is ruled as played (``unprovided``)."""
    title: str = ""
    """The law's title (empty for the court's own finding)."""
    summary: str = ""
    """What the law says, in the project's words."""
    deal: int | None
    line: int
    column: int
    offender: str | None
    kind: str
    message: str
    evidence: list[str] = []
    """The cards concerned."""
    options: list[OptionRuling] = []
    default: str = ""
    """What the law imposes, or what happens when no option is taken."""


class NoteRuling(_Model):
    """A fact a law speaks of that is no irregularity: a right exercised (law 44's call for new
    cards). It changes nothing and is no finding."""

    law: int
    deal: int | None
    line: int
    column: int
    player: str | None
    kind: str
    message: str


class ClaimRuling(_Model):
    """A claim made at the table, upheld or rejected."""

    line: int
    column: int
    player: str
    claim: str
    """What was claimed, as written (``new deal``, ``replay``, ``elect play`` ...)."""
    upheld: bool
    law: int | None
    """The law that grants it (or, rejected, the law the claim could only rest on)."""
    reason: str
    undetermined: bool = False
    """Neither upheld nor rejected: it rests on facts the record does not give (``needs``)."""
    needs: list[str] = []
    """The facts that would settle it, in words (e.g. "how many cards B was dealt")."""

    @property
    def verdict(self) -> str:
        """``upheld``, ``rejected`` or ``undetermined``."""
        if self.undetermined:
            return "undetermined"
        return "upheld" if self.upheld else "rejected"


class PerfectPlay(_Model):
    """The result of a replay of the hands that the record does not show (laws 25, 43), worked
    out under perfect play with every card seen (double dummy): what the replay gives if both
    play their best, not what was played."""

    tricks: dict[str, int]
    """Tricks each player would take in the replayed hand."""
    winner: str
    how: str
    """``point``, ``point (law 49)`` or ``vole``."""
    marks: dict[str, int]
    """What each would mark for the hand, after the reductions the laws make for an offender
    (the king apart)."""


Valuation = Literal["perfect_play", "as_played", "played_on", "fresh_deal"]
"""How one side of a choice is valued: the hands played again under perfect play; the hand as
the record shows it played (marked as the laws allow); the deal played on from where the record
leaves it, by the policy of the table of fresh deals, the cards it does not show dealt at random
(:func:`adjudicator.engine.ecarte.fresh.play_on`); or a new deal at the same score and seat (the
table of fresh deals, :mod:`adjudicator.engine.ecarte.fresh`)."""

Basis = Literal["exact", "sampled"]
"""How a figure of the advice is known (:mod:`adjudicator.engine.ecarte.spread`): exactly
(nothing sampled: the record, perfect play with every card known, every way the cards not shown
can lie), or from a sample (a deal played on a sample of ways, the table of fresh deals)."""

Interval = tuple[float, float]
"""A 95% interval: its low and high ends (the figure twice when exact)."""


class OptionWorth(_Model):
    """What an option is worth to the player who may take it (the advisor:
    :mod:`adjudicator.court.ecarte.worth`)."""

    law: int
    option: str
    """The option, e.g. ``replay``, ``fresh_deal``."""
    chooser: str
    """Who may take it."""
    taken: dict[str, int | float] | None
    """The marks each player would make for the deal if he takes it (for a replay, the hand's
    marks, the king apart; for a fresh deal, the marks a new deal gives each seat on average,
    the king included); ``None`` if the record does not show that side."""
    declined: dict[str, int | float] | None
    """The same if he does not take it."""
    worth: int | float | None
    """What he gains by taking it: his marks less his adversary's if taken, less the same if
    declined (negative: declining is worth more); ``None`` if a side is not known."""
    taken_by: Valuation = "perfect_play"
    """How the side taken is valued."""
    declined_by: Valuation = "as_played"
    """How the side declined is valued."""
    game_taken: float | None = None
    """His chance of winning the game if he takes it, from the score the deal leaves (or,
    for a fresh deal, the score before it), by the table of fresh deals."""
    game_declined: float | None = None
    """The same if he does not."""
    perfect_play: PerfectPlay | None = None
    """How the side worked out under perfect play (a replay) comes out."""

    better: Literal["take", "decline", "either", ""] = ""
    """Which choice is worth more to him, where one is shown better (:attr:`verdict`);
    ``either`` where they are about even; ``""`` when a side is not known."""
    verdict: Literal["better", "about even", ""] = ""
    """``better`` where the 95% interval of the difference that decides excludes nought (an
    exact difference: where it is not nought), else ``about even``; ``""`` when a side is not
    known."""
    decided_by: Literal["game", "marks", ""] = ""
    """The difference that decides: his chance of the game, taken less declined, where both
    sides have one and they are not the same exactly; else the worth in marks."""
    basis: Basis = "exact"
    """How the worth is known: exactly where both sides are, else from a sample."""
    interval: Interval | None = None
    """The worth's 95% interval (± 1.96 standard errors); ``None`` with no worth."""
    taken_basis: Basis = "exact"
    """How the side taken is known."""
    declined_basis: Basis = "exact"
    """How the side declined is known."""
    taken_ways: int = 0
    """For a side played on, the ways it was solved in (every way, where exact) or drawn; for
    a fresh deal, the table's deals; else 0 (read from the record, or solved once)."""
    declined_ways: int = 0
    """The same for the side declined."""
    game_taken_interval: Interval | None = None
    """The 95% interval of :attr:`game_taken` (Wilson's, at its sample's effective size)."""
    game_declined_interval: Interval | None = None
    """The same for :attr:`game_declined`."""
    game_gain: float | None = None
    """His chance of the game taken less declined (``None`` unless both sides have one)."""
    game_gain_interval: Interval | None = None
    """Its 95% interval (± 1.96 standard errors, what the two sides share of the table's
    uncertainty cancelling)."""


class DealRuling(_Model):
    """What becomes of a deal, and the marks it gives after the ruling."""

    number: int
    line: int = 0
    """The line of the deal's heading."""
    dealer: str
    outcome: OutcomeName
    how: str = ""
    """The outcome in words."""
    marks: dict[str, int]
    """Marks each player is entitled to from the deal after penalties."""
    recorded: dict[str, int]
    """Marks made on the sheet for the deal."""
    laws: list[int] = []
    """The laws that produced the outcome and the marks."""
    needs: list[str] = []
    """For an undetermined deal: the facts the record does not give that would settle it."""
    decided_by: int | None = None
    """The law that decided the outcome (``None``: the deal stands, or the court decided)."""
    perfect_play: PerfectPlay | None = None
    """For a replay of the hands that the record does not show: its result under perfect
    play, labelled as such (the marks above are those recorded, pending the replay)."""
    advice: list[OptionWorth] = []
    """What each option of the deal that can be valued is worth to the player who may take
    it."""


class Correction(_Model):
    """A change to the score sheet."""

    player: str
    points: int
    """Points to add (positive) or take down (negative)."""
    law: int
    deal: int | None = None
    line: int | None = None
    """The line of the player's last mark for the deal (or of the deal's heading)."""
    column: int | None = None
    reason: str = ""


TraceStep = Literal["finding", "option", "claim", "cap", "king", "outcome", "correction", "note"]


class TraceEntry(_Model):
    """One link of the chain of laws behind a ruling: a finding, an option's fate, a claim
    judged, a cap or a king taken, a deal's outcome, a correction to the score."""

    deal: int | None
    law: int | None
    """The law that decided it (``None``: the court, on what no law speaks of)."""
    text: str
    step: TraceStep = "finding"
    """What kind of link it is."""
    line: int | None = None
    """The record's line that shows it."""


class GameRuling(_Model):
    """A game won in the record, and what it counts."""

    number: int
    """Which game of the record (1, 2 ...)."""
    winner: str
    against: str = ""
    """Who lost it: the other player of the deal that won it."""
    score: dict[str, int]
    """The score, as the ruling corrects it, when it was won."""
    deal: int
    """The deal that won it."""
    value: int
    """What it counts: 1, or with the ``Scoring "law46"`` tag 3, 2 or 1 by the loser's score."""
    counts: Literal["treble", "double", "single", ""] = ""
    """Under the ``Scoring "law46"`` tag, how it counts; empty when every game counts one."""
    law: int | None = None
    """The law that values it (under that tag)."""


class SeriesRuling(_Model):
    """A pool or a rubber (``docs/profiles.md``): the games it holds and who won it."""

    kind: Literal["pool", "rubber"]
    of: int
    """For a pool, the games running that win it (2 or 3); for a rubber, its N (best of N)."""
    winner: str | None = None
    """Who won it; ``None`` while it is undecided at the record's end."""
    wins: dict[str, int] = {}
    """Games each player won in it."""
    games: list[int] = []
    """Its games, by their numbers in the record."""


class RecordRuling(_Model):
    """The ruling on one record."""

    line: int
    """Line where the record begins."""
    tags: dict[str, str] = {}
    """The record's tags: the event, site and date, the players' names (``A``, ``B``) ..."""
    findings: list[FindingRuling] = []
    notes: list[NoteRuling] = []
    """Rights exercised that a law speaks of: no finding, no effect."""
    claims: list[ClaimRuling] = []
    deals: list[DealRuling] = []
    corrections: list[Correction] = []
    score: dict[str, int]
    """The corrected running score at the end (of the current game)."""
    winner: str | None = None
    """Who won the game (the last one won in the record), if any."""
    trace: list[TraceEntry] = []
    games: list[GameRuling] = []
    """The games won in the record, in order."""
    rules: str = "club-1878"
    """The rule profile it was ruled under (``docs/profiles.md``)."""
    series: list[SeriesRuling] = []
    """Under the pool and rubber profiles, the pools or rubbers the games make, in order."""

    @property
    def clean(self) -> bool:
        """Every deal stands as recorded, with no finding and no correction."""
        return (
            not self.findings
            and not self.corrections
            and all(d.outcome is Outcome.STANDS for d in self.deals)
        )


class FileRuling(_Model):
    """The rulings on the records of one file (the JSON of ``ecarte check`` and ``rule``)."""

    file: str
    records: list[RecordRuling] = []
    errors: list[dict[str, object]] = []
    """Records that could not be read."""
    totals: dict[str, int] = {}
    """What the file counted: ``records``, ``clean``, ``findings``, ``corrections``,
    ``unreadable``."""
    version: str = ""
    """The program that ruled (its version)."""
