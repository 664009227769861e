"""Écarté as the shells see it: every name the shells (:mod:`adjudicator.shell`) use of écarté's
notation, engine, laws and court, and nothing else of them. The shells import from here (with
the Piquet façade, :mod:`adjudicator.court.piquet.api`, and the game-neutral one,
:mod:`adjudicator.court.api`), never from the modules below: ``lint-imports`` holds them to it
(``pyproject.toml``), so that what the shells rely on is this list, and the modules behind it
can be cut and moved without touching a shell.

Each name is loaded from its home when first asked for (:mod:`adjudicator.court.lazy`), so that
a command loads only what it uses, as when the shells imported from the homes themselves.

* the notation: the record and its deals, reading (a long record in parts) and writing;
* the engine: the rule profiles, the replay's table and steps, the double-dummy solver, the
  chances of the game, the fresh deals;
* the laws: the lawbook, and how a law or rule is cited;
* the court: the ruling (whole, or in pieces for a long record), the replay as ruled, the
  games made into series, the ruling as data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.court.lazy import lazy_names

if TYPE_CHECKING:
    from adjudicator.court.ecarte.adjudicate import MAX_WAITING as MAX_WAITING
    from adjudicator.court.ecarte.adjudicate import adjudicate as adjudicate
    from adjudicator.court.ecarte.adjudicate import adjudicate_parts as adjudicate_parts
    from adjudicator.court.ecarte.adjudicate import ruled_replay as ruled_replay
    from adjudicator.court.ecarte.plain import tags_of as tags_of
    from adjudicator.court.ecarte.ruling import ClaimRuling as ClaimRuling
    from adjudicator.court.ecarte.ruling import Correction as Correction
    from adjudicator.court.ecarte.ruling import DealRuling as DealRuling
    from adjudicator.court.ecarte.ruling import FileRuling as FileRuling
    from adjudicator.court.ecarte.ruling import FindingRuling as FindingRuling
    from adjudicator.court.ecarte.ruling import GameRuling as GameRuling
    from adjudicator.court.ecarte.ruling import OptionWorth as OptionWorth
    from adjudicator.court.ecarte.ruling import RecordRuling as RecordRuling
    from adjudicator.court.ecarte.series import series_of as series_of
    from adjudicator.engine.ecarte.chances import Chances as Chances
    from adjudicator.engine.ecarte.chances import chances as chances
    from adjudicator.engine.ecarte.fresh import EXACT_WAYS as EXACT_WAYS
    from adjudicator.engine.ecarte.fresh import ON_SAMPLES as ON_SAMPLES
    from adjudicator.engine.ecarte.fresh import fresh_deals as fresh_deals
    from adjudicator.engine.ecarte.profiles import PROFILES as PROFILES
    from adjudicator.engine.ecarte.profiles import Profile as Profile
    from adjudicator.engine.ecarte.profiles import UnknownProfile as UnknownProfile
    from adjudicator.engine.ecarte.profiles import profile_named as profile_named
    from adjudicator.engine.ecarte.profiles import with_rules as with_rules
    from adjudicator.engine.ecarte.queries import Unknown as Unknown
    from adjudicator.engine.ecarte.replay import game_target as game_target
    from adjudicator.engine.ecarte.solve import DealSolution as DealSolution
    from adjudicator.engine.ecarte.solve import position_of as position_of
    from adjudicator.engine.ecarte.solve import solve as solve
    from adjudicator.engine.ecarte.solve import solve_deal as solve_deal
    from adjudicator.engine.ecarte.table import SEAT as SEAT
    from adjudicator.engine.ecarte.table import DealState as DealState
    from adjudicator.engine.ecarte.table import Holding as Holding
    from adjudicator.engine.ecarte.table import Phase as Phase
    from adjudicator.engine.ecarte.table import Step as Step
    from adjudicator.notation.ecarte.model import Deal as Deal
    from adjudicator.notation.ecarte.model import Record as Record
    from adjudicator.notation.ecarte.reader import MAX_LINE_BYTES as MAX_LINE_BYTES
    from adjudicator.notation.ecarte.reader import Portion as Portion
    from adjudicator.notation.ecarte.reader import PortionDeals as PortionDeals
    from adjudicator.notation.ecarte.reader import join_portions as join_portions
    from adjudicator.notation.ecarte.reader import read_each as read_each
    from adjudicator.notation.ecarte.reader import read_one as read_one
    from adjudicator.notation.ecarte.reader import read_parts as read_parts
    from adjudicator.notation.ecarte.writer import event_text as event_text
    from adjudicator.notation.ecarte.writer import write as write
    from adjudicator.notation.ecarte.writer import write_all as write_all
    from adjudicator.notation.ecarte.writer import write_parts as write_parts
    from laws.ecarte import BY_NUMBER as BY_NUMBER
    from laws.ecarte import EVERY as EVERY
    from laws.ecarte import LAWS as LAWS
    from laws.ecarte import Law as Law
    from laws.ecarte import cite as cite
    from laws.ecarte.base import FIRST_RULE as FIRST_RULE
    from laws.ecarte.base import Outcome as Outcome
    from laws.ecarte.base import Remedy as Remedy
    from laws.ecarte.base import Rests as Rests
    from laws.ecarte.base import citation as citation
    from laws.ecarte.base import reading_of as reading_of
    from laws.ecarte.profiles import rules_of as rules_of

HOMES: dict[str, tuple[str, ...]] = {
    "adjudicator.notation.ecarte.model": ("Deal", "Record"),
    "adjudicator.notation.ecarte.reader": (
        "MAX_LINE_BYTES",
        "Portion",
        "PortionDeals",
        "join_portions",
        "read_each",
        "read_one",
        "read_parts",
    ),
    "adjudicator.notation.ecarte.writer": ("event_text", "write", "write_all", "write_parts"),
    "adjudicator.engine.ecarte.chances": ("Chances", "chances"),
    "adjudicator.engine.ecarte.fresh": ("EXACT_WAYS", "ON_SAMPLES", "fresh_deals"),
    "adjudicator.engine.ecarte.profiles": (
        "PROFILES",
        "Profile",
        "UnknownProfile",
        "profile_named",
        "with_rules",
    ),
    "adjudicator.engine.ecarte.queries": ("Unknown",),
    "adjudicator.engine.ecarte.replay": ("game_target",),
    "adjudicator.engine.ecarte.solve": ("DealSolution", "position_of", "solve", "solve_deal"),
    "adjudicator.engine.ecarte.table": ("SEAT", "DealState", "Holding", "Phase", "Step"),
    "laws.ecarte": ("BY_NUMBER", "EVERY", "LAWS", "Law", "cite"),
    "laws.ecarte.base": (
        "FIRST_RULE",
        "Outcome",
        "Remedy",
        "Rests",
        "citation",
        "reading_of",
    ),
    "laws.ecarte.profiles": ("rules_of",),
    "adjudicator.court.ecarte.adjudicate": (
        "MAX_WAITING",
        "adjudicate",
        "adjudicate_parts",
        "ruled_replay",
    ),
    "adjudicator.court.ecarte.plain": ("tags_of",),
    "adjudicator.court.ecarte.ruling": (
        "ClaimRuling",
        "Correction",
        "DealRuling",
        "FileRuling",
        "FindingRuling",
        "GameRuling",
        "OptionWorth",
        "RecordRuling",
    ),
    "adjudicator.court.ecarte.series": ("series_of",),
}
"""Each module the façade exports from, and the names it exports of it."""

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_names(__name__, HOMES)
