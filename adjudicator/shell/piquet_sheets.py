"""A piquet record's ruling as the data of its document (issue 23, item 8): the verdict first
(per partie the score as written and as reckoned, each difference with its reason, who won and
by how much, the rubicon, the settlement), the findings, each deal (the hands by suit, the
exchange, the declarations as a table of call and answer, the tricks with each winning card
marked, the score by head), the partie sheet, the ruling's date and the signatures.

:func:`record_document` gives plain data (dicts and lists) that the text of
:mod:`adjudicator.shell.piquet_text` and the templates ``piquet.html.j2`` and ``piquet.md.j2``
lay out alike. The data is a function of the record (and the date asked) alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from adjudicator.court.piquet.api import (
    BY_NUMBER,
    PLAYERS,
    RUBICON,
    DealSheet,
    Holding,
    PartieSheet,
    RecordRuling,
    partie_sheet,
    write,
)
from adjudicator.shell.hands import card, play_out, player_of, step_frames
from adjudicator.shell.piquet_laws import (
    claim_words,
    deal_law_words,
    fates,
    partie_law_words,
)
from adjudicator.shell.templating import capital

HEAD_TITLES = {
    "carte_blanche": "Carte blanche",
    "point": "Point",
    "sequences": "Sequences",
    "sets": "Quatorzes and trios",
    "play": "Play",
    "cards": "The cards",
    "repique": "Repique",
    "pique": "Pique",
}
"""Each head of the score, in law 67's order, the bonuses last, as the sheet names it."""

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""The suits in the usual order of a hand."""

SOURCES = {
    "reckoned": "reckoned from the play and the declarations",
    "written": "as its result line writes it (the play or the dialogue is not recorded in full)",
    "from the score": "as the score lines written before and after it give it (the play is "
    "not recorded in full)",
    "unknown": "not known (no result written, the play not recorded in full)",
}
"""Where a deal's points come from, in words."""


def record_document(
    name: str, ruling: RecordRuling, *, date: str | None = None, referee: str | None = None
) -> dict[str, Any]:
    """The document of one piquet record's ruling: see the module's docstring."""
    record = ruling.record
    names = {p.value: record.tag(p.value) or p.value for p in PLAYERS}
    who = {seat: player_of(seat, names) for seat in names}
    ident = f"record-{record.line}"
    parties = [
        _partie(partie_sheet(r, p), who, len(record.parties), ident, _under(ruling, i))
        for i, (r, p) in enumerate(zip(ruling.parties, record.parties, strict=True))
    ]
    canonical = write(record).encode("utf-8")
    return {
        "name": name,
        "id": ident,
        "line": record.line,
        "title": record.tag("Event") or f"Record at line {record.line}",
        "site": record.tag("Site"),
        "played": record.tag("Date"),
        "ruled_on": date or record.tag("Date"),
        "players": [who[s] for s in names],
        "clean": ruling.clean,
        "findings": _findings(ruling),
        "claims": [claim_words(c) for c in ruling.claims],
        "laws": _laws_verdict(ruling),
        "parties": parties,
        "referee": referee,
        "hash": hashlib.sha256(canonical).hexdigest(),
    }


def _under(ruling: RecordRuling, index: int) -> dict[int, str]:
    """For each deal of the partie at ``index`` (by its number), the laws of scoring its
    reckoning applies as the laws allow it, in words: "laws 62 (the point), 65 (points in
    play), ..."; a deal reckoned under none is left out."""
    if index >= len(ruling.judged):
        return {}
    out = {}
    for deal in ruling.judged[index].deals:
        numbers = sorted({f.law for f in deal.reckoned} | set(deal.weighed))
        if numbers:
            laws = ", ".join(f"{n} ({BY_NUMBER[n].title.lower()})" for n in numbers)
            out[deal.number] = f"laws {laws}"
    return out


def _label(seat: Any, who: Mapping[str, Mapping[str, str]]) -> str:
    return who[str(seat)]["label"]


def _score(totals: Mapping[Any, int] | None, who: Mapping[str, Mapping[str, str]]) -> str | None:
    """``Mr. Anstey (A) 91, Mr. Bourke (B) 92``; ``None`` when not known."""
    if totals is None:
        return None
    return ", ".join(f"{_label(p, who)} {totals[p]}" for p in PLAYERS if p in totals)


def _findings(ruling: RecordRuling) -> list[dict[str, Any]]:
    """The laws' findings, each naming its law, and the deviations no law judges yet, in the
    order of the record's lines."""
    found = [_finding(d) for d in ruling.deviations]
    for j in ruling.findings:
        f = j.finding
        found.append(
            {
                "line": f.line,
                "column": 1,
                "kind": f"law {f.law}",
                "message": f.message + fates(j),
                "deal": f.deal,
                "player": None if f.offender is None else f.offender.value,
                "id": f"finding-{f.line}-law-{f.law}",
                "law": f.law,
            }
        )
    return sorted(found, key=lambda f: (f["line"], f["column"]))


def _laws_verdict(ruling: RecordRuling) -> list[str]:
    """What the laws change of the deals and the parties, in words (none if nothing)."""
    out: list[str] = []
    for partie in ruling.judged:
        out.extend(w for w in (deal_law_words(d) for d in partie.deals) if w)
        settled = partie_law_words(partie)
        if settled:
            out.append(settled)
    return [capital(w) + "." for w in out]


def _finding(d: Any) -> dict[str, Any]:
    return {
        "line": d.line,
        "column": d.column or 1,
        "kind": d.kind.value,
        "message": d.message,
        "deal": d.deal,
        "player": None if d.player is None else d.player.value,
        "id": _finding_id(d),
    }


def _finding_id(d: Any) -> str:
    """A finding's id in its record's section (after the record's own id)."""
    return f"finding-{d.line}-{d.column or 1}"


def _partie(
    sheet: PartieSheet,
    who: Mapping[str, Mapping[str, str]],
    count: int,
    record: str,
    under: Mapping[int, str],
) -> dict[str, Any]:
    """A partie of the record whose id is ``record``: its verdict, its deals and its sheet."""
    label = f"Partie {sheet.number}" if sheet.number is not None else "The partie"
    if sheet.number is None and count > 1:
        label = "Partie 1"
    not_reckoned = [r.deal for r in sheet.rows if r.source in ("from the score", "unknown")]
    verdict: dict[str, Any] = {
        "label": label,
        "written": _score(sheet.written, who),
        "reckoned": _score(sheet.reckoned, who),
        "taken": not_reckoned,
        "differences": [_finding(d) for d in sheet.differences],
        "settled": None,
        "settled_written": sheet.settled_written,
        "agrees": None,
        "state": None,
    }
    settled = sheet.settled
    if settled is not None:
        if settled.winner is None:
            verdict["settled"] = "the partie is drawn: nothing is won"
        else:
            rubicon = ", a rubicon" if settled.rubicon else ""
            verdict["settled"] = (
                f"{_label(settled.winner, who)} wins the partie by {settled.points}{rubicon}"
            )
        verdict["how"] = _how(settled)
        if sheet.settled_written is not None:
            verdict["agrees"] = not any(d.kind.value == "partie" for d in sheet.differences)
    else:
        last = sheet.rows[-1].deal if sheet.rows else 0
        verdict["state"] = (
            f"not finished after deal {last} of {sheet.deals_due}: nothing is settled yet"
            if not sheet.finished
            else "its totals are not known: it cannot be settled"
        )
    return {
        "label": label,
        "verdict": verdict,
        "deals": [
            _deal(d, who, label, record)
            | {"written": _written(r, who), "under": under.get(d.number)}
            for d, r in zip(sheet.deals, sheet.rows, strict=True)
        ],
        "opening": _score(sheet.opening, who),
        "sheet": [_row(r, who) for r in sheet.rows],
    }


def _written(row: Any, who: Mapping[str, Mapping[str, str]]) -> str:
    """What a deal not reckoned scores, as written, and where that comes from: "Mr. Anstey (A)
    29; Mr. Bourke (B) reckons nothing, as the score lines ... give it"."""
    if row.points is None:
        return SOURCES["unknown"]
    each = [
        f"{_label(p, who)} {row.points[p]}"
        if row.points[p]
        else f"{_label(p, who)} reckons nothing"
        for p in PLAYERS
        if p in row.points
    ]
    return "; ".join(each) + ", " + SOURCES[row.source]


def _how(settled: Any) -> str:
    """The sum that settles a partie, with its law: "B 92 + A 91 + 100 = 283: A has not
    reached 100, and is rubiconed (law 73)"; "A 131 - B 113 + 100 = 118 (law 72)"."""
    winner, loser, totals, points = settled.winner, settled.loser, settled.totals, settled.points
    if winner is None or loser is None:
        each = ", ".join(f"{p} {totals[p]}" for p in PLAYERS)
        return f"{each}: the partie is drawn (law 71)"
    won, lost = totals[winner], totals[loser]
    if settled.rubicon:
        bonus = points - won - lost
        return (
            f"{winner} {won} + {loser} {lost} + {bonus} = {points}: {loser} has not reached "
            f"{RUBICON}, and is rubiconed (law 73)"
        )
    bonus = points - won + lost
    return f"{winner} {won} - {loser} {lost} + {bonus} = {points} (law 72)"


def _bonuses(deal: DealSheet) -> list[str]:
    """The repique, the pique and the capot of a deal, in words, with their laws."""
    out = []
    head = deal.by_head
    if deal.repique is not None:
        out.append(f"{deal.repique} repiques: {head[deal.repique]['repique']} (law 68)")
    if deal.pique is not None:
        out.append(f"{deal.pique} piques: {head[deal.pique]['pique']} (law 69)")
    if deal.capot is not None:
        scored = head[deal.capot].get("cards", 0)
        out.append(f"{deal.capot} wins every trick, a capot: {scored} (law 66)")
    return out


def _row(row: Any, who: Mapping[str, Mapping[str, str]]) -> dict[str, Any]:
    seats = [p.value for p in PLAYERS]

    def cells(totals: Mapping[Any, int] | None) -> dict[str, str]:
        return {s: "" if totals is None else str(totals.get(s, "")) for s in seats}

    return {
        "deal": row.deal,
        "dealer": str(row.dealer),
        "points": cells(row.points),
        "source": row.source,
        "times": row.times,
        "written": cells(row.written),
        "reckoned": cells(row.reckoned),
        "differs": row.differs,
    }


def _deal(
    deal: DealSheet, who: Mapping[str, Mapping[str, str]], partie: str, record: str
) -> dict[str, Any]:
    """A deal of the record whose id is ``record``: hands, exchange, declarations, tricks (the
    card at fault linked to its finding), the play a trick at a time, and the score by head."""
    elder, younger = _label(deal.elder, who), _label(deal.dealer, who)
    ident = f"{partie.lower().replace(' ', '-')}-deal-{deal.number}"
    tricks = [_trick(t, record, who) for t in deal.tricks]
    heads = [h for h in HEAD_TITLES if any(h in deal.by_head.get(p, {}) for p in PLAYERS)]
    return {
        "id": ident,
        "number": deal.number,
        "line": deal.line,
        "title": f"Deal {deal.number}: {younger} deals, {elder} is the elder hand",
        "elder": str(deal.elder),
        "younger": str(deal.dealer),
        "stages": [
            {"title": "As dealt", "hands": _hands(deal.dealt, deal.elder, who)},
            {"title": "After the exchange", "hands": _hands(deal.played, deal.elder, who)},
        ],
        "exchange": [
            {
                "player": _label(x.player, who),
                "discarded": [card(c) for c in x.discarded],
                "took": [card(c) for c in x.took],
                "left": [card(c) for c in x.left],
            }
            for x in deal.exchange
        ],
        "declared": [
            {
                "head": d.head,
                "elder": "; ".join(d.elder) or "nothing",
                "younger": "; ".join(d.younger) or "nothing",
                "scored": d.scored,
            }
            for d in deal.declared
        ],
        "carte_blanche": [_label(p, who) for p in deal.carte_blanche],
        "bonuses": _bonuses(deal),
        "tricks": tricks,
        "steps": _steps(deal, tricks, who, f"{record}-{ident}"),
        "reckoned": deal.reckoned,
        "points": _score(deal.points, who),
        "heads": [
            {
                "title": HEAD_TITLES[h],
                "points": {p.value: deal.by_head.get(p, {}).get(h, 0) for p in PLAYERS},
            }
            for h in heads
        ],
        "totals": {p.value: (deal.points or {}).get(p, 0) for p in PLAYERS},
    }


def _hands(holdings: Any, elder: Any, who: Mapping[str, Mapping[str, str]]) -> list[Any]:
    """The hands at one moment, the elder's first, each by suit."""
    out = []
    for h in holdings:
        suits = []
        if h.cards is not None:
            for suit, title in SUIT_NAMES.items():
                cards = [card(c) for c in h.cards if c.endswith(suit)]
                if cards:
                    suits.append({"suit": title, "cards": cards})
        out.append(
            {
                "player": who[str(h.player)],
                "role": "elder hand" if h.player is elder else "younger hand",
                "known": h.cards is not None,
                "suits": suits,
                "count": len(h.cards) if h.cards is not None else None,
            }
        )
    return out


def _trick(t: Any, record: str, who: Mapping[str, Mapping[str, str]]) -> dict[str, Any]:
    """A trick: its cards, the winning card marked and the card at fault linked to the (first)
    finding about it; the count after it, where the deal is reckoned."""
    follower = None if t.follower is None else str(t.follower)
    winner = None if t.winner is None else str(t.winner)

    def fault(found: Any) -> str | None:
        return f"{record}-{_finding_id(found[0])}" if found else None

    lead = card(t.led) | {"won": winner == str(t.leader), "fault": fault(t.led_faults)}
    follow = None
    if t.played is not None:
        follow = card(t.played) | {"won": winner == follower, "fault": fault(t.played_faults)}
    return {
        "number": t.number,
        "leader": str(t.leader),
        "lead": lead,
        "follower": follower,
        "follow": follow,
        "winner": winner,
        "count": _score(t.count, who),
        "scored": list(t.scored),
    }


def _steps(
    deal: DealSheet,
    tricks: list[dict[str, Any]],
    who: Mapping[str, Mapping[str, str]],
    ident: str,
) -> list[dict[str, Any]]:
    """The play a trick at a time, for the step-through: before each trick and after the last,
    the cards each player still holds (his hand as it went into play less the cards he has
    played, by suit; a card played but not written leaves the hand shown whole, and says how
    many of it are gone), the trick and who won it, and the count after it (after the last
    trick, the deal's, where it is reckoned). Empty when no trick is written."""
    if not tricks:
        return []
    sizes = {str(h.player): len(h.cards) for h in deal.played if h.cards is not None}
    left = {str(h.player): list(h.cards) for h in deal.played if h.cards is not None}
    gone = {str(h.player): 0 for h in deal.played}
    steps = []
    frames = step_frames(ident, [t["number"] for t in tricks])
    for frame, trick in zip(frames, [*tricks, None], strict=True):
        now = [
            Holding(h.player, None if h.cards is None else tuple(left[str(h.player)]))
            for h in deal.played
        ]
        held = []
        for h in _hands(now, deal.elder, who):
            seat = h["player"]["seat"]
            if h["known"]:
                h["count"] = max(0, sizes[seat] - gone[seat])
            h["unnamed"] = len(left[seat]) - h["count"] if h["known"] else 0
            held.append(h)
        count = trick["count"] if trick else (_score(deal.points, who) if deal.reckoned else None)
        steps.append(frame | {"held": held, "trick": trick, "count": count})
        if trick is not None:
            for seat, c in ((trick["leader"], trick["lead"]), (trick["follower"], trick["follow"])):
                if c is not None:
                    gone[seat] += 1
                    play_out(left, seat, c["code"])
    return steps
