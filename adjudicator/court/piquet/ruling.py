"""A piquet record's ruling: what each deal scores, by category, how each partie stands and
settles, where the record departs from lawful play, and what the laws make of it.

:func:`rule_record` replays the record (:func:`~adjudicator.engine.piquet.replay.replay_record`),
judges it under the 78 laws (:mod:`~adjudicator.court.piquet.judge`: the findings, the claims,
each deal's outcome and score as the laws allow, each partie's totals and settlement from
them) and states the result as plain values that the shells print as text or JSON. The ruling
is a pure function of the record: the same record, the same ruling, byte for byte.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.court.piquet.claims import ClaimJudged
from adjudicator.court.piquet.judge import (
    DealJudgement,
    Judged,
    PartieJudgement,
    judge_record,
    remaining,
)
from adjudicator.engine.piquet.deal import DealReplay
from adjudicator.engine.piquet.deviations import Deviation
from adjudicator.engine.piquet.partie import Settlement
from adjudicator.engine.piquet.replay import PLAYERS, PartieReplay, replay_record
from adjudicator.engine.piquet.scoring import Category
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.model import Record
from laws.piquet import Finding, leave

CATEGORY_KEYS: Mapping[Category, str] = {
    Category.CARTE_BLANCHE: "carte_blanche",
    Category.POINT: "point",
    Category.SEQUENCES: "sequences",
    Category.SETS: "sets",
    Category.PLAY: "play",
    Category.CARDS: "cards",
    Category.REPIQUE: "repique",
    Category.PIQUE: "pique",
}
"""Each head of the score as a JSON key, in law 67's order, the bonuses last."""


@dataclass(frozen=True)
class DealRuling:
    """One deal's part of the ruling."""

    replay: DealReplay
    """The deal as replayed."""

    @property
    def source(self) -> str:
        """Where its points come from: ``"reckoned"`` from the play and the declarations,
        ``"written"`` from its ``result`` line, or ``"unknown"``."""
        if self.replay.score is not None:
            return "reckoned"
        return "written" if self.replay.written is not None else "unknown"

    def by_category(self, player: Player) -> dict[str, int] | None:
        """What ``player`` scored under each head (only the heads where he scored), when the
        deal was reckoned."""
        score = self.replay.score
        if score is None:
            return None
        scored = score.by_category(player)
        return {CATEGORY_KEYS[c]: n for c, n in scored.items() if n}

    def to_json(self) -> dict[str, Any]:
        """The deal as JSON."""
        deal = self.replay
        points = deal.points
        return {
            "deal": deal.number,
            "line": deal.line,
            "dealer": deal.dealer.value,
            "elder": deal.elder.value,
            "source": self.source,
            "score": {p.value: points[p] for p in PLAYERS if p in points} if points else None,
            "by_category": (
                {p.value: self.by_category(p) for p in PLAYERS} if deal.score else None
            ),
            "pique": _name(deal.score.pique) if deal.score else None,
            "repique": _name(deal.score.repique) if deal.score else None,
            "steps": list(deal.score.explain()) if deal.score else None,
        }


@dataclass(frozen=True)
class PartieRuling:
    """One partie's part of the ruling."""

    replay: PartieReplay
    """The partie as replayed."""

    @property
    def deals(self) -> tuple[DealRuling, ...]:
        """Its deals."""
        return tuple(DealRuling(d) for d in self.replay.deals)

    def to_json(self) -> dict[str, Any]:
        """The partie as JSON."""
        partie = self.replay
        settled = partie.settlement
        return {
            "partie": partie.number,
            "deals": [d.to_json() for d in self.deals],
            "totals": _scores(partie.totals),
            "finished": partie.finished,
            "settlement": _settlement(settled),
        }


@dataclass(frozen=True)
class RecordRuling:
    """A whole record's ruling."""

    record: Record
    """The record ruled on."""
    parties: tuple[PartieRuling, ...]
    """Its parties."""
    judged: tuple[PartieJudgement, ...] = ()
    """Its parties as the laws judge them (:mod:`~adjudicator.court.piquet.judge`)."""

    @property
    def deviations(self) -> tuple[Deviation, ...]:
        """Every departure from lawful play that no law has judged, in the order of the
        record's lines (a law's finding replaces the deviations it judges)."""
        every = tuple(d for p in self.parties for d in p.replay.deviations)
        return remaining(every, self.judged)

    @property
    def findings(self) -> tuple[Judged, ...]:
        """The laws' findings, in the order of the record's lines."""
        found = [j for p in self.judged for d in p.deals for j in d.findings]
        return tuple(sorted(found, key=lambda j: (j.finding.line, j.finding.law)))

    @property
    def reckoned(self) -> tuple[Finding, ...]:
        """Where the laws of scoring make a score (findings of fact, laws 61-69), in the order
        of the record's lines."""
        found = [f for p in self.judged for d in p.deals for f in d.reckoned]
        return tuple(sorted(found, key=lambda f: (f.line, f.law)))

    @property
    def claims(self) -> tuple[ClaimJudged, ...]:
        """The claims of the record, judged, in order."""
        return tuple(c for p in self.judged for d in p.deals for c in d.claims)

    @property
    def reported(self) -> int:
        """How many things the ruling reports against the record: the laws' findings of a
        fault and the deviations no law has judged yet."""
        return len(self.deviations) + sum(1 for j in self.findings if j.finding.fault)

    @property
    def clean(self) -> bool:
        """Whether the record shows lawful play throughout: no deviation, no finding of a
        fault, no claim."""
        faults = any(j.finding.fault for j in self.findings)
        return not self.deviations and not faults and not self.claims

    def score(self) -> dict[Player, int] | None:
        """The running totals of the last partie, as the record leaves them (``None`` when
        not known)."""
        if not self.parties or self.parties[-1].replay.totals is None:
            return None
        return dict(self.parties[-1].replay.totals)

    def to_json(self) -> dict[str, Any]:
        """The ruling as JSON: the record's line and tags, each partie, the deviations and the
        score as the record leaves it."""
        return {
            "game": "piquet",
            "line": self.record.line,
            "tags": {t.name: t.value for t in self.record.tags},
            "parties": [p.to_json() for p in self.parties],
            "deviations": [_deviation(d) for d in self.deviations],
            "score": _scores(self.score()),
            "clean": self.clean,
            "laws": self.laws_json(),
        }

    def laws_json(self) -> dict[str, Any]:
        """What the laws make of the record, as JSON: the findings with their options' fates,
        the claims judged, each deal's outcome and score as the laws allow, and each partie
        settled from the allowed scores."""
        return {
            "findings": [_judged(j) for j in self.findings],
            "claims": [_claim(c) for c in self.claims],
            "deals": [_deal_judged(d) for p in self.judged for d in p.deals],
            "parties": [_partie_judged(p) for p in self.judged],
        }


def rule_record(record: Record) -> RecordRuling:
    """Replay ``record`` (a card taken back moving the table only with the laws' leave),
    judge it under the laws and state its ruling."""
    replayed = replay_record(record, leave)
    return RecordRuling(
        record,
        tuple(PartieRuling(p) for p in replayed.parties),
        judge_record(record, replayed),
    )


def _judged(j: Judged) -> dict[str, Any]:
    f = j.finding
    return {
        "law": f.law,
        "deal": f.deal,
        "line": f.line,
        "offender": _name(f.offender),
        "kind": f.kind,
        "message": f.message,
        "fault": f.fault,
        "cites": list(f.cites),
        "options": [
            {
                "name": o.option,
                "who": o.who,
                "window": o.window,
                "fate": o.fate.value,
                "law": o.law,
                "closes": o.closes,
            }
            for o in j.options
        ],
        "effects": sorted(e.name.lower() for e in j.effects),
    }


def _claim(c: ClaimJudged) -> dict[str, Any]:
    return {
        "line": c.line,
        "player": c.player.value,
        "said": c.said,
        "upheld": c.upheld,
        "law": c.law,
        "reason": c.reason,
    }


def _deal_judged(d: DealJudgement) -> dict[str, Any]:
    return {
        "deal": d.number,
        "line": d.line,
        "outcome": d.outcome.value,
        "reckons_nothing": [p.value for p in d.reckons_nothing],
        "score": _scores(d.allowed.score),
        "written": _scores(d.written),
        "how": d.allowed.how,
        "steps": list(d.allowed.steps),
        "reckoned": [_fact(f) for f in d.reckoned],
        "weighed": list(d.weighed),
    }


def _fact(f: Finding) -> dict[str, Any]:
    """A finding of fact of a law of scoring, as JSON."""
    return {"law": f.law, "line": f.line, "kind": f.kind, "message": f.message}


def _partie_judged(p: PartieJudgement) -> dict[str, Any]:
    settled = p.settlement
    return {
        "partie": p.number,
        "totals": _scores(p.totals),
        "finished": p.finished,
        "settlement": _settlement(settled),
        "settled_by": list(p.settled_by),
        "weighed": list(p.weighed),
    }


def _settlement(settled: Settlement | None) -> dict[str, Any] | None:
    """A partie's settlement as JSON (``None`` while it is not settled)."""
    if settled is None:
        return None
    return {
        "winner": _name(settled.winner),
        "loser": _name(settled.loser),
        "points": settled.points,
        "rubicon": settled.rubicon,
    }


def _name(player: Player | None) -> str | None:
    return None if player is None else player.value


def _scores(scores: Mapping[Player, int] | None) -> dict[str, int] | None:
    return None if scores is None else {p.value: scores[p] for p in PLAYERS}


def _deviation(d: Deviation) -> dict[str, Any]:
    return {
        "kind": d.kind.value,
        "line": d.line,
        "column": d.column,
        "player": _name(d.player),
        "deal": d.deal,
        "message": d.message,
    }
