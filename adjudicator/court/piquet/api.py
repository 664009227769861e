"""Rubicon piquet as the shells see it: every name the shells (:mod:`adjudicator.shell`) use of
piquet's notation, engine and court, and nothing else of them (see
:mod:`adjudicator.court.ecarte.api`: ``lint-imports`` holds the shells to the façades).

Each name is loaded from its home when first asked for (:mod:`adjudicator.court.lazy`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.court.lazy import lazy_names

if TYPE_CHECKING:
    from adjudicator.court.piquet.deal_sheet import DealSheet as DealSheet
    from adjudicator.court.piquet.deal_sheet import Holding as Holding
    from adjudicator.court.piquet.partie_sheet import PartieSheet as PartieSheet
    from adjudicator.court.piquet.partie_sheet import partie_sheet as partie_sheet
    from adjudicator.court.piquet.ruling import DealRuling as DealRuling
    from adjudicator.court.piquet.ruling import PartieRuling as PartieRuling
    from adjudicator.court.piquet.ruling import RecordRuling as RecordRuling
    from adjudicator.court.piquet.ruling import rule_record as rule_record
    from adjudicator.engine.piquet.partie import RUBICON as RUBICON
    from adjudicator.engine.piquet.replay import PLAYERS as PLAYERS
    from adjudicator.notation.piquet.model import Record as Record
    from adjudicator.notation.piquet.reader import read_each as read_each
    from adjudicator.notation.piquet.writer import write as write
    from laws.piquet import BY_NUMBER as BY_NUMBER
    from laws.piquet import LAWS as LAWS
    from laws.piquet import Law as Law

HOMES: dict[str, tuple[str, ...]] = {
    "laws.piquet": ("BY_NUMBER", "LAWS", "Law"),
    "adjudicator.notation.piquet.model": ("Record",),
    "adjudicator.notation.piquet.reader": ("read_each",),
    "adjudicator.notation.piquet.writer": ("write",),
    "adjudicator.engine.piquet.partie": ("RUBICON",),
    "adjudicator.engine.piquet.replay": ("PLAYERS",),
    "adjudicator.court.piquet.deal_sheet": ("DealSheet", "Holding"),
    "adjudicator.court.piquet.partie_sheet": ("PartieSheet", "partie_sheet"),
    "adjudicator.court.piquet.ruling": (
        "DealRuling",
        "PartieRuling",
        "RecordRuling",
        "rule_record",
    ),
}
"""Each module the façade exports from, and the names it exports of it."""

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_names(__name__, HOMES)
