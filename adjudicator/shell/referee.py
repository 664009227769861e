"""The referee's report: ``ecarte rule --format html`` and ``--format md``, a ruling a club
would print, sign and pin up.

One document for a file, holding every record of it. For each record: the heading (event,
site, date, the players, the file and the record's line); each deal with the hands as cards
after the deal and after each exchange, the turn-up, the tricks, the lines of the record with
the irregular ones marked and their findings beside them, each finding with its law (number,
title, summary) and its options (who may take them, until when, what became of them, and what
each is worth where the advisor can tell); the score sheet as marked at the table and after
the ruling; the corrections, the corrected score, the winner and the trace of the laws; and a
signature block with the program's version and a hash of the record (SHA-256 of its canonical
text), so that a printed ruling can be matched to its record.

:func:`report_data` gathers all this as plain data; :func:`report_html` and :func:`report_md`
render it with the templates of ``adjudicator/shell/templates``. The output is a function of
the input alone (no clock, no randomness): the same records give the same bytes.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Sequence
from typing import Any

import jinja2

from adjudicator.court.adjudicate import adjudicate
from adjudicator.court.ruling import (
    ClaimRuling,
    Correction,
    DealRuling,
    FindingRuling,
    RecordRuling,
)
from adjudicator.engine.replay import game_target
from adjudicator.notation.errors import NotationError
from adjudicator.notation.model import Record
from adjudicator.notation.writer import write
from adjudicator.shell.batch import program_version
from adjudicator.shell.report import (
    capital,
    game_words,
    pending_words,
    perfect_words,
    rules_words,
    series_words,
    worth_words,
)
from adjudicator.shell.show import summarise
from laws import BY_NUMBER, cite

SEATS = ("A", "B", "C")
"""The seats a record may have: A and B, and C in pool écarté (a record shows those its ruling
scores: :func:`_seats`)."""


def _seats(ruling: RecordRuling) -> tuple[str, ...]:
    """The seats of a record's report: those its ruling scores (A and B, or all three)."""
    return tuple(seat for seat in SEATS if seat in ruling.score) or ("A", "B")


HASH_DIGITS = 16
"""How many hex digits of the record's hash are shown large (the whole hash in small print)."""

_RANKS = {
    "K": ("K", "king"),
    "Q": ("Q", "queen"),
    "J": ("J", "knave"),
    "A": ("A", "ace"),
    "T": ("10", "ten"),
    "9": ("9", "nine"),
    "8": ("8", "eight"),
    "7": ("7", "seven"),
}
"""Each rank's code: as a card shows it, and in words."""

_SUITS = {
    "S": ("♠", "spades", False),
    "H": ("♥", "hearts", True),
    "D": ("♦", "diamonds", True),
    "C": ("♣", "clubs", False),
}
"""Each suit's code: its symbol, its name, and whether it is red."""

_LINE_END = re.compile(r"\r\n|\r|\n")


def source_lines(data: bytes) -> list[str]:
    """The lines of a record file, as the reader numbers them (a line end is LF, CR LF or CR;
    a byte-order mark is dropped; bytes that are not UTF-8 are shown as replacement
    characters)."""
    text = data.decode("utf-8", errors="replace").removeprefix("\ufeff")
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return [line[1:] if line.startswith("\ufeff[") else line for line in lines]


def record_hash(record: Record) -> str:
    """The SHA-256 of the record's canonical text (:func:`adjudicator.notation.writer.write`,
    as UTF-8), in hex: what matches a printed ruling to its record."""
    return hashlib.sha256(write(record).encode("utf-8")).hexdigest()


def report_html(
    name: str,
    records: Sequence[Record],
    lines: Sequence[str],
    *,
    rulings: Sequence[RecordRuling] | None = None,
    referee: str | None = None,
    errors: Sequence[NotationError] = (),
) -> str:
    """The referee's report on the records of one file as one self-contained HTML page (no
    request to any network; printable on A4, readable on a phone). ``lines``: the file's
    lines (:func:`source_lines`); ``rulings``: the records' rulings, if already made (with
    the advice: ``adjudicate(record, advise=True)``); ``referee``: the name to sign with;
    ``errors``: the records of the file that could not be read."""
    data = report_data(name, records, lines, rulings=rulings, referee=referee, errors=errors)
    return _environment().get_template("ruling.html.j2").render(report=data)


def report_md(
    name: str,
    records: Sequence[Record],
    lines: Sequence[str],
    *,
    rulings: Sequence[RecordRuling] | None = None,
    referee: str | None = None,
    errors: Sequence[NotationError] = (),
) -> str:
    """The report of :func:`report_html` as Markdown, for pasting into a club's minutes."""
    data = report_data(name, records, lines, rulings=rulings, referee=referee, errors=errors)
    return _tidy(_environment().get_template("ruling.md.j2").render(report=data))


def report_data(
    name: str,
    records: Sequence[Record],
    lines: Sequence[str],
    *,
    rulings: Sequence[RecordRuling] | None = None,
    referee: str | None = None,
    errors: Sequence[NotationError] = (),
) -> dict[str, Any]:
    """Everything the report shows, as plain data (the templates only lay it out). The
    arguments are those of :func:`report_html`."""
    if rulings is None:
        rulings = [adjudicate(record, advise=True) for record in records]
    starts = sorted(
        {r.line for r in records} | {e.record_line or e.line for e in errors} | {len(lines) + 1}
    )
    ids = _Ids()
    out_records = []
    for index, (record, ruling) in enumerate(zip(records, rulings, strict=True)):
        end = min((s for s in starts if s > record.line), default=len(lines) + 1) - 1
        out_records.append(_record(name, index, record, ruling, lines, end, ids))
    profiles = sorted({r.rules for r in rulings} - {"club-1878"})
    under = "the laws of écarté of the London clubs (1878)"
    if profiles:
        under += ", with the rule profile" + ("s " if len(profiles) > 1 else " ")
        under += " and ".join(profiles) + " where a record's Rules tag names it"
    return {
        "file": name,
        "title": _title(name, out_records),
        "under": under,
        "records": out_records,
        "errors": [{"line": e.line, "text": str(e)} for e in errors],
        "referee": referee.strip() if referee and referee.strip() else None,
        "version": program_version(),
    }


class _Ids:
    """Ids unique in one document: a deal is ``deal-N`` (the first record's) or
    ``record-K-deal-N``; a repeated id gets a suffix."""

    def __init__(self) -> None:
        self.used: set[str] = set()
        self.findings = 0

    def unique(self, wanted: str) -> str:
        given, n = wanted, 1
        while given in self.used:
            n += 1
            given = f"{wanted}-{n}"
        self.used.add(given)
        return given

    def finding(self) -> str:
        self.findings += 1
        return self.unique(f"finding-{self.findings}")


def _title(name: str, records: list[dict[str, Any]]) -> str:
    """The page's title: the event of a file of one record, else the file."""
    if len(records) == 1 and records[0]["event"]:
        return f"Ruling: {records[0]['event']}"
    return f"Rulings on {name}"


def _names(record: Record, seats: tuple[str, ...] = ("A", "B")) -> dict[str, str]:
    """Each seat's player, from the tags (the seat itself where a tag is missing)."""
    out = {}
    for seat in seats:
        value = (record.tag(seat) or "").strip()
        out[seat] = value or seat
    return out


def _record(
    name: str,
    index: int,
    record: Record,
    ruling: RecordRuling,
    lines: Sequence[str],
    end: int,
    ids: _Ids,
) -> dict[str, Any]:
    """One record of the report: its heading, its deals, its score sheet and the rest."""
    seats = _seats(ruling)
    names = _names(record, seats)
    who = {seat: _player(seat, names) for seat in seats}

    def seat(value: str) -> dict[str, str]:
        return who.get(value) or _player(value, names)

    summary = {d["line"]: d for d in summarise(record)["deals"]}
    by_line = {d.line: d for d in ruling.deals}
    deals = list(record.deals)
    bounds = [d.line for d in deals] + [end + 1]
    irregular = _irregular_lines(ruling, names)

    # Findings and claims to the deal they belong to (index into ``deals``; -1: the opening).
    homes: dict[int, list[tuple[str, Any]]] = {}
    for f in sorted(ruling.findings, key=lambda f: (f.line, f.column, f.law or 0)):
        homes.setdefault(_finding_home(f, deals), []).append(("finding", f))
    for claim in ruling.claims:
        home = max((i for i, d in enumerate(deals) if d.line <= claim.line), default=-1)
        homes.setdefault(home, []).append(("claim", claim))
    finding_ids: dict[int, str] = {}  # numbered in the order the report shows them
    for home in range(-1, len(deals)):
        for kind, item in homes.get(home, []):
            if kind == "finding":
                finding_ids[id(item)] = ids.finding()
    for marks in irregular.values():
        for mark in marks:
            if mark["finding"] is not None:
                mark["href"] = "#" + finding_ids[id(mark["finding"])]

    def listing(first: int, last: int) -> list[dict[str, Any]]:
        return _listing(lines, first, last, irregular)

    def findings_of(home: int, deal: DealRuling | None) -> list[dict[str, Any]]:
        worths = {(a.law, a.option): a for a in deal.advice} if deal is not None else {}
        return [
            _finding(f, names, worths, finding_ids[id(f)])
            for kind, f in homes.get(home, [])
            if kind == "finding"
        ]

    def claims_of(home: int) -> list[dict[str, Any]]:
        return [_claim(c, names) for kind, c in homes.get(home, []) if kind == "claim"]

    first_deal = deals[0].line if deals else end + 1
    opening = {
        "lines": listing(record.line, first_deal - 1),
        "findings": findings_of(-1, None),
        "claims": claims_of(-1),
    }
    prefix = "" if index == 0 else f"record-{index + 1}-"
    out_deals = []
    for i, deal in enumerate(deals):
        ruled = by_line.get(deal.line)
        shown = summary.get(deal.line, {})
        out_deals.append(
            {
                "id": ids.unique(f"{prefix}deal-{deal.number}"),
                "first": i == 0,
                "number": deal.number,
                "line": deal.line,
                "dealer": seat(deal.dealer.value),
                "elder": seat(shown["elder"]) if "elder" in shown else None,
                "stages": _stages(shown, who),
                "tricks": _tricks(shown),
                "result": _result(shown, who),
                "lines": listing(deal.line, bounds[i + 1] - 1),
                "findings": findings_of(i, ruled),
                "claims": claims_of(i),
                "ruling": _deal_ruling(ruled) if ruled is not None else None,
            }
        )
    digest = record_hash(record)
    return {
        "index": index + 1,
        "id": ids.unique(f"record-{index + 1}"),
        "line": record.line,
        "file": name,
        "event": record.tag("Event"),
        "site": record.tag("Site"),
        "date": record.tag("Date"),
        "names": names,
        "players": who,
        "seats": "; ".join(f"{s} is {names[s]}" for s in seats if names[s] != s),
        "seat_list": list(seats),
        "rules": rules_words(ruling.rules),
        "series": [capital(series_words(x)) for x in ruling.series],
        "opening": opening,
        "deals": out_deals,
        "sheet": _sheet(ruling, game_target(record), who),
        "notes": [
            {"line": n.line, "law": n.law, "title": _law_title(n.law), "message": n.message}
            for n in ruling.notes
        ],
        "corrections": [_correction(c, who) for c in ruling.corrections],
        "score": _score(ruling.score, who),
        "pending": [p for d in ruling.deals for p in pending_words(d)],
        "games": [
            "G" + game_words(g, {p: w["label"] for p, w in who.items()})[1:]
            for g in ruling.games
            if g.winner in who
        ],
        "winner": who.get(ruling.winner or ""),
        "clean": ruling.clean,
        "trace": [
            {
                "where": f"deal {t.deal}" if t.deal is not None else "opening",
                "line": t.line,
                "law": t.law,
                "step": t.step,
                "text": t.text,
            }
            for t in ruling.trace
        ],
        "hash": digest,
        "hash_short": digest[:HASH_DIGITS],
        "hash_id": "record-hash" if index == 0 else f"record-hash-{index + 1}",
    }


def _player(seat: str, names: dict[str, str]) -> dict[str, str]:
    """A seat and its player: ``{"seat": "A", "name": "Mr. Anstey", "label": "Mr. Anstey
    (A)"}`` (the label is the seat alone when the record names no player)."""
    name = names.get(seat, seat)
    label = seat if name == seat else f"{name} ({seat})"
    return {"seat": seat, "name": name, "label": label}


def _law_title(law: int | None) -> str:
    """A law's title (empty for the court's own finding)."""
    found = BY_NUMBER.get(law) if law is not None else None
    return found.title if found is not None else ""


def _law_summary(law: int | None) -> str:
    """A law's summary (empty for the court's own finding)."""
    found = BY_NUMBER.get(law) if law is not None else None
    return found.summary if found is not None else ""


def _finding_home(f: FindingRuling, deals: list[Any]) -> int:
    """The deal a finding is about (its index; -1 for the opening): the last deal of its
    number that begins at or before its line, else the first of that number."""
    if f.deal is None:
        return -1
    same = [i for i, d in enumerate(deals) if d.number == f.deal]
    before = [i for i in same if deals[i].line <= f.line]
    if before:
        return before[-1]
    return same[0] if same else -1


def _irregular_lines(ruling: RecordRuling, names: dict[str, str]) -> dict[int, list[Any]]:
    """The lines a finding, a claim or a correction points at, each with what points at it
    (the marks shown beside the line)."""
    out: dict[int, list[dict[str, Any]]] = {}
    for f in sorted(ruling.findings, key=lambda f: (f.line, f.column, f.law or 0)):
        text = f"{cite(f.law)}, {_law_title(f.law)}" if f.law is not None else "the record"
        short = f"{cite(f.law)}" if f.law is not None else "the record"
        out.setdefault(f.line, []).append(
            {"kind": "finding", "law": f.law, "text": text, "short": short, "finding": f}
        )
    for c in ruling.claims:
        law = f", {cite(c.law)}" if c.law is not None else ""
        text = f"{names.get(c.player, c.player)}'s claim: {c.verdict}{law}"
        out.setdefault(c.line, []).append(
            {
                "kind": "claim",
                "law": c.law,
                "text": text,
                "short": f"claim {c.verdict}",
                "finding": None,
            }
        )
    for corr in ruling.corrections:
        if corr.line is None:
            continue
        text = f"correction: {corr.player} {corr.points:+d} ({cite(corr.law)})"
        out.setdefault(corr.line, []).append(
            {"kind": "correction", "law": corr.law, "text": text, "short": text, "finding": None}
        )
    return out


def _listing(
    lines: Sequence[str], first: int, last: int, irregular: dict[int, list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """The record's lines ``first`` to ``last`` (1-based; blank lines at the end left out),
    each with the marks of :func:`_irregular_lines` beside an irregular one."""
    last = min(last, len(lines))
    while last >= first and not lines[last - 1].strip() and last not in irregular:
        last -= 1
    out = []
    width = len(str(last))
    for number in range(max(first, 1), last + 1):
        marks = [
            {"kind": m["kind"], "law": m["law"], "text": m["text"], "short": m["short"]}
            | ({"href": m["href"]} if "href" in m else {})
            for m in irregular.get(number, [])
        ]
        gutter = str(number).rjust(width)
        out.append({"number": number, "gutter": gutter, "text": lines[number - 1], "marks": marks})
    return out


def card(code: str) -> dict[str, Any]:
    """A card as the report draws it: ``KH`` is the king of hearts, red, shown ``K♥``; a card
    the record does not know (``??``) is drawn face down."""
    rank, suit = _RANKS.get(code[:-1]), _SUITS.get(code[-1:])
    if rank is None or suit is None:
        return {
            "code": code,
            "known": False,
            "rank": "?",
            "suit": "",
            "red": False,
            "words": "a card the record does not show",
            "short": "??",
        }
    return {
        "code": code,
        "known": True,
        "rank": rank[0],
        "suit": suit[0],
        "red": suit[2],
        "words": f"{rank[1]} of {suit[1]}",
        "short": rank[0] + suit[0],
    }


def _cards(hand: str) -> list[dict[str, Any]]:
    """The cards of a hand written ``KH QH 9S ??`` (``-``: none)."""
    return [card(code) for code in hand.split() if code != "-"]


def _hands(hands: dict[str, str], elder: str, who: dict[str, dict[str, str]]) -> list[Any]:
    """The hands of a deal at one moment, the elder hand's first."""
    out = []
    for seat, hand in hands.items():
        role = "elder hand" if seat == elder else "dealer"
        out.append(
            {"player": who.get(seat, _player(seat, {})), "role": role, "cards": _cards(hand)}
        )
    return out


def _stages(shown: dict[str, Any], who: dict[str, dict[str, str]]) -> list[dict[str, Any]]:
    """The hands after the deal (with the turn-up) and after each exchange."""
    out: list[dict[str, Any]] = []
    elder = shown.get("elder", "")
    exchanges = 0
    for item in shown.get("lines", []):
        if item["what"] == "dealt":
            trump = _SUITS.get(item["trump"] or "")
            out.append(
                {
                    "title": "After the deal",
                    "hands": _hands(item["hands"], elder, who),
                    "turned": [card(c) for c in item["turned"]],
                    "trump": f"{trump[0]} {trump[1]}" if trump else "not known",
                    "stock": item["stock"],
                    "packets": item["packets"],
                }
            )
        elif item["what"] == "hands":
            exchanges += 1
            out.append(
                {
                    "title": f"After exchange {exchanges}",
                    "hands": _hands(item["hands"], elder, who),
                    "turned": [],
                    "trump": None,
                    "stock": None,
                    "packets": None,
                }
            )
    return out


def _tricks(shown: dict[str, Any]) -> list[dict[str, Any]]:
    """The tricks as played: number, leader and card, follower and card, winner."""
    return [
        {
            "number": item["number"],
            "leader": item["leader"],
            "lead": card(item["lead"]),
            "follower": item["follower"],
            "follow": card(item["follow"]),
            "winner": item["winner"],
        }
        for item in shown.get("lines", [])
        if item["what"] == "trick"
    ]


def _result(shown: dict[str, Any], who: dict[str, dict[str, str]]) -> str | None:
    """The result of the play as the table played it, in words."""
    result = shown.get("result")
    if not result:
        return None
    tricks = ", ".join(f"{p} {n}" for p, n in result["tricks"].items())
    if result["winner"]:
        winner = who.get(result["winner"], {"label": result["winner"]})["label"]
        points = result["points"]
        mark = "mark" if points == 1 else "marks"
        return f"{winner} wins the {result['how']} (tricks {tricks}): {points} {mark} to make"
    return f"undetermined (tricks {tricks})"


def _deal_ruling(deal: DealRuling) -> dict[str, Any]:
    """What the ruling makes of a deal: its outcome, and the marks it gives against those
    marked at the table."""
    return {
        "outcome": deal.outcome,
        "outcome_words": deal.outcome.replace("_", " "),
        "how": capital(deal.how),
        "laws": list(deal.laws),
        "needs": list(deal.needs),
        "perfect_play": (
            capital(perfect_words(deal.perfect_play)) if deal.perfect_play is not None else None
        ),
        "marks": _pairs(deal.marks),
        "recorded": _pairs(deal.recorded),
        "changed": _pairs(deal.marks) != _pairs(deal.recorded),
    }


def _pairs(marks: dict[str, int], seats: tuple[str, ...] = ()) -> dict[str, int]:
    """Marks for each of ``seats`` (by default the players of the deal the marks are for; A
    and B if none), in seat order (0 where none)."""
    chosen = seats or tuple(seat for seat in SEATS if seat in marks) or ("A", "B")
    return {seat: marks.get(seat, 0) for seat in chosen}


def _finding(
    f: FindingRuling, names: dict[str, str], worths: dict[tuple[int, str], Any], ident: str
) -> dict[str, Any]:
    """A finding with its law (number, title, summary) and its options, each with its fate
    and, where the deal's advice has one, its worth."""
    options = []
    for o in f.options:
        worth = worths.get((f.law, o.name)) if f.law is not None else None
        options.append(
            {
                "name": o.name,
                "who": o.who,
                "who_label": _player(o.who, names)["label"] if o.who else "the law decides",
                "window": o.window,
                "status": o.status,
                "required": o.who is None,
                "fate": {"taken": "done", "open": "due", "expired": "not done"}.get(
                    o.status, o.status
                )
                if o.who is None
                else o.status,
                "line": o.line,
                "effect": o.effect or o.name.replace("_", " "),
                "worth": worth_words(worth) if worth is not None else None,
            }
        )
    return {
        "id": ident,
        "law": f.law,
        "data_law": str(f.law) if f.law is not None else "record",
        "title": _law_title(f.law) if f.law is not None else "The record itself",
        "summary": _law_summary(f.law),
        "line": f.line,
        "column": f.column,
        "offender": _player(f.offender, names)["label"] if f.offender else None,
        "kind": f.kind,
        "message": f.message,
        "options": options,
        "default": f.default,
    }


def _claim(c: ClaimRuling, names: dict[str, str]) -> dict[str, Any]:
    """A claim made at the table, and the verdict on it."""
    return {
        "line": c.line,
        "player": _player(c.player, names)["label"],
        "claim": c.claim,
        "verdict": c.verdict,
        "law": c.law,
        "reason": capital(c.reason),
        "needs": list(c.needs),
    }


def _correction(c: Correction, who: dict[str, dict[str, str]]) -> dict[str, Any]:
    """A correction to the score sheet."""
    return {
        "player": who.get(c.player, _player(c.player, {}))["label"],
        "seat": c.player,
        "points": f"{c.points:+d}",
        "law": c.law,
        "title": _law_title(c.law),
        "deal": c.deal,
        "line": c.line,
        "reason": c.reason,
    }


def _score(score: dict[str, int], who: dict[str, dict[str, str]]) -> list[dict[str, Any]]:
    """The corrected score, player by player."""
    return [{"player": who[seat], "points": score.get(seat, 0)} for seat in who]


def _sheet(
    ruling: RecordRuling, target: int, who: dict[str, dict[str, str]]
) -> list[dict[str, Any]]:
    """The score sheet deal by deal: the marks made at the table and those the ruling allows,
    each with its running score (a game is won at ``target``; the next deal begins a new game,
    as the court counts it)."""
    seats = tuple(who)
    table = _Running(target, seats)
    ruled = _Running(target, seats)
    rows = []
    for deal in ruling.deals:
        recorded, marks = _pairs(deal.recorded, seats), _pairs(deal.marks, seats)
        rows.append(
            {
                "number": deal.number,
                "line": deal.line,
                "dealer": deal.dealer,
                "outcome": deal.outcome.replace("_", " "),
                "recorded": recorded,
                "table": table.add(recorded),
                "marks": marks,
                "ruled": ruled.add(marks),
                "changed": recorded != marks,
            }
        )
    return rows


class _Running:
    """A running score, game by game: a deal after a game is won begins the next game."""

    def __init__(self, target: int, seats: tuple[str, ...]) -> None:
        self.target = target
        self.seats = seats
        self.score = dict.fromkeys(seats, 0)
        self.over = False

    def add(self, marks: dict[str, int]) -> dict[str, Any]:
        """Add a deal's marks; the score after it, and who won the game with it, if anyone."""
        if self.over:
            self.score = dict.fromkeys(self.seats, 0)
            self.over = False
        for seat in self.seats:
            self.score[seat] += marks.get(seat, 0)
        won = next((seat for seat in self.seats if self.score[seat] >= self.target), None)
        self.over = won is not None
        return {**self.score, "game": won}


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")


def _md(text: Any) -> str:
    """Text made safe for Markdown: the characters that would mark it up escaped."""
    return _MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")


def _fence(lines: list[dict[str, Any]]) -> str:
    """A fence for a code block of ``lines``: longer than any run of backticks in them."""
    longest = max((len(run) for item in lines for run in re.findall("`+", item["text"])), default=0)
    return "`" * max(3, longest + 1)


def _tidy(text: str) -> str:
    """Markdown with one blank line between blocks (a template's blocks leave more), and no
    space at the end of a line; a code block is left as it is, but for spaces at line ends."""
    out: list[str] = []
    fence = ""
    for line in text.split("\n"):
        line = line.rstrip()
        if fence:
            if line == fence:
                fence = ""
        elif line.startswith("```"):
            fence = line
        elif not line and (not out or not out[-1]):
            continue
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"


@functools.cache
def _environment() -> jinja2.Environment:
    """The templates: HTML escaped, Markdown not (it escapes with the ``md`` filter)."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("adjudicator.shell", "templates"),
        autoescape=jinja2.select_autoescape(
            enabled_extensions=("html.j2",), default_for_string=False, default=False
        ),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["md"] = _md
    env.filters["cite"] = cite
    env.filters["Cite"] = lambda number: capital(cite(number))
    env.globals["fence"] = _fence
    return env


__all__ = [
    "card",
    "record_hash",
    "report_data",
    "report_html",
    "report_md",
    "source_lines",
]
