"""Rulings as text for a person: ``ecarte check`` and ``ecarte rule`` (the laws themselves are
shown by :mod:`adjudicator.shell.lawbook`)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from adjudicator.court.api import is_number, number
from adjudicator.court.ecarte.api import (
    BY_NUMBER,
    EXACT_WAYS,
    ON_SAMPLES,
    OptionWorth,
    Outcome,
    Record,
    RecordRuling,
    cite,
    fresh_deals,
    profile_named,
    series_of,
)
from adjudicator.shell.readings import (
    claim_reading,
    correction_reading,
    finding_reading,
    window_reading,
)
from adjudicator.shell.templating import capital
from adjudicator.shell.verdict import Verdict


def _law_title(number: int) -> str:

    law = BY_NUMBER.get(number)
    return law.title if law is not None else ""


def _law_summary(number: int) -> str:

    law = BY_NUMBER.get(number)
    return law.summary if law is not None else ""


def check_lines(path: str, ruling: RecordRuling) -> list[str]:
    """``path:line:col: law N: message`` for every finding and correction of a record, and
    every claim not upheld, in line order (:func:`in_line_order`); then, where the record's
    games count treble, double or single (law 46) or make pools or rubbers, ``path:line:col:
    game N: ...`` for each game won and ``path:line:col: pool: ...`` or ``rubber: ...`` for
    each series."""
    deal_lines = {d.number: d.line for d in ruling.deals}
    return [
        *in_line_order(path, ruling),
        *game_lines(path, ruling.line, ruling.games, deal_lines, ruling.series),
    ]


def in_line_order(path: str, ruling: RecordRuling) -> list[str]:
    """The lines of :func:`check_lines` for the findings, the corrections and the claims not
    upheld, sorted by line and column; at the same place, a finding before a correction
    before a claim (each list is in the ruling's order)."""
    places = [(f.line, f.column) for f in ruling.findings]
    places += [(c.line or ruling.line, c.column or 1) for c in ruling.corrections]
    places += [(c.line, c.column) for c in ruling.claims if not c.upheld]
    lines = finding_lines(path, ruling) + correction_lines(path, ruling)
    lines += claim_lines(path, ruling)
    order = sorted(range(len(lines)), key=lambda i: places[i])
    return [lines[i] for i in order]


def game_lines(
    path: str,
    line: int,
    games: list[Any],
    deal_lines: dict[int, int],
    series: list[Any],
) -> list[str]:
    """The lines of :func:`check_lines` for the games won (where law 46 values them) and the
    pools or rubbers they make; ``line``: the record's, for a series."""
    out = [f"{path}:{deal_lines.get(g.deal, line)}:1: {game_words(g)}" for g in games if g.counts]
    out.extend(f"{path}:{line}:1: {s.kind}: {series_words(s)}" for s in series)
    return out


def finding_lines(path: str, ruling: RecordRuling) -> list[str]:
    """The lines of :func:`check_lines` for the findings."""
    return [f"{path}:{f.line}:{f.column}: {_cited(f.law)}: {f.message}" for f in ruling.findings]


def correction_lines(path: str, ruling: RecordRuling) -> list[str]:
    """The lines of :func:`check_lines` for the corrections to the score."""
    out = []
    for c in ruling.corrections:
        sign = "+" if c.points > 0 else ""
        out.append(
            f"{path}:{c.line or ruling.line}:{c.column or 1}: {cite(c.law)}: score correction "
            f"{c.player} {sign}{c.points}"
            f" (deal {c.deal}): {c.reason}"
        )
    return out


def claim_lines(path: str, ruling: RecordRuling) -> list[str]:
    """The lines of :func:`check_lines` for the claims not upheld."""
    return [
        f"{path}:{claim.line}:{claim.column}: law {claim.law or '-'}: "
        f"{claim.player} {claim.claim}: {claim.verdict}: {claim.reason}"
        for claim in ruling.claims
        if not claim.upheld
    ]


def _cited(law: int | None) -> str:
    """``law N``, or ``record`` for the court's own finding on the record."""
    return f"{cite(law)}" if law is not None else "record"


def _wrap(text: str, indent: str, then: str | None = None) -> list[str]:
    """``text`` wrapped to 96 columns, its first line indented by ``indent``, the rest by
    ``then`` (by default the same)."""
    later = indent if then is None else then
    return textwrap.wrap(text, width=96, initial_indent=indent, subsequent_indent=later) or [indent]


def render_ruling(path: str, ruling: RecordRuling, options: TextOptions | None = None) -> str:
    """The full ruling: the verdict first, then deal by deal with each law's summary beside
    it (see :class:`RulingText`)."""
    text = RulingText(path, ruling.line, options)
    try:
        return "".join([*text.add(ruling), *text.end()])
    finally:
        text.close()


class TextOptions(NamedTuple):
    """What ``ecarte rule`` adds to the text of a ruling, or says in it."""

    trace: bool = False
    """The trace of the laws at the end (``--trace``)."""
    advice: bool = False
    """What each option is worth, and the game chances (``--advice``)."""
    date: str | None = None
    """The date of the ruling (``--date``; else the record's Date tag)."""
    next_dealer: str | None = None
    """Who deals next, as the laws move the table (where the replay tells)."""
    play: Mapping[int, str] | None = None
    """With ``--analyse``: each deal's tricks, each card with what it cost its player under
    perfect play (:func:`analysed_play`), by the deal's line."""


class RulingText:
    """The full ruling of :func:`render_ruling`, made from the pieces of a ruling as they come
    (:func:`adjudicator.court.ecarte.adjudicate.adjudicate_parts`), for a record too long to hold.
    The verdict opens it (:mod:`adjudicator.shell.verdict`), so everything waits in spooled
    files until the record ends: each deal is written to its spool once nothing more can come
    for it (a finding about a deal comes at the latest with the ruling of the deal after it),
    a clean deal on one line."""

    LAG = 2
    """A deal is written once this many deals after it are ruled."""

    def __init__(self, path: str, line: int, options: TextOptions | None = None) -> None:
        from adjudicator.shell.spool import Spooled

        self.path = path
        self.line = line
        self.options = options or TextOptions()
        self._pending: list[tuple[Any, list[Any], list[Any]]] = []
        """Deals ruled and not yet written: each with its findings and its claims."""
        self._opening: list[Any] = []
        """Findings before the first deal."""
        self._deals, self._notes, self._trace = Spooled(), Spooled(), Spooled()
        self._counts = {"notes": 0, "trace": 0}
        self._score: dict[str, int] = {}
        self._won: list[Any] = []
        """Each game won (for the verdict, and the pools or rubbers they make)."""
        self._rules = "club-1878"
        """The rule profile the record is ruled under."""
        self._pending_deals: list[str] = []
        """What the score waits on: replays not in the record, deals undetermined."""
        self._tags: dict[str, str] = {}
        """The record's tags (from its first piece): the heading names the event and players."""
        self._verdict: Verdict | None = None

    def add(self, piece: RecordRuling) -> list[str]:
        """Take in a piece of the ruling (nothing can be written before the verdict: the
        text is given by :meth:`end`)."""
        if self._verdict is None:
            self._tags = dict(piece.tags)
            self._rules = piece.rules
            self._verdict = Verdict(_target(self._tags))
        verdict = self._verdict
        self._won.extend(piece.games)
        for deal in piece.deals:
            self._pending_deals.extend(pending_words(deal))
            self._pending.append((deal, [], []))
            verdict.deal(deal)
        for f in piece.findings:
            verdict.finding(f, {})
            if f.deal is None:
                self._opening.append(f)
                continue
            for deal, findings, _claims in reversed(self._pending):
                if deal.number == f.deal:
                    findings.append(f)
                    break
        for claim in piece.claims:
            for i, (deal, _findings, claims) in enumerate(self._pending):
                after = self._pending[i + 1][0].line if i + 1 < len(self._pending) else None
                if deal.line <= claim.line and (after is None or claim.line < after):
                    claims.append(claim)
                    break
        for c in piece.corrections:
            verdict.correction(c)
        self._notes.write("".join(f"{line}\n" for n in piece.notes for line in _note(n)))
        self._trace.write("".join(f"{line}\n" for t in piece.trace for line in _trace(t)))
        self._counts["notes"] += len(piece.notes)
        self._counts["trace"] += len(piece.trace)
        self._score = piece.score
        self._ready(len(self._pending) - self.LAG)
        return []

    def end(self) -> list[str]:
        """The whole text (the spools let go as they are read)."""
        self._ready(len(self._pending))
        out = [self._head(), *self._verdict_lines()]
        out.extend(self._deals.blocks())
        if self._counts["notes"]:
            out.append("Notes (rights exercised; no irregularity)\n")
            out.extend(self._notes.blocks())
            out.append("\n")
        series = series_of(self._won, self._tags, profile_named(self._rules))
        if series:
            out.append("Pools\n" if series[0].kind == "pool" else "Rubbers\n")
            out.extend(f"{line}\n" for s in series for line in _wrap(series_words(s), "  "))
            out.append("\n")
        if self._counts["trace"] and self.options.trace:
            out.append("Trace of the laws\n")
            out.extend(self._trace.blocks())
            out.append("\n")
        if out[-1].endswith("\n\n"):
            out[-1] = out[-1][:-1]
        return out

    def close(self) -> None:
        for spool in (self._deals, self._notes, self._trace):
            spool.close()
        if self._verdict is not None:
            self._verdict.close()

    def _head(self) -> str:
        text = f"Ruling on the record at {self.path}:{self.line}\n"
        tags = self._tags
        where = ", ".join(tags[k] for k in ("Site", "Date") if tags.get(k))
        event = tags.get("Event", "")
        if event or where:
            text += f"{event} ({where})\n" if event and where else f"{event or where}\n"
        names = [f"{p}: {tags[p]}" for p in ("A", "B", "C") if tags.get(p)]
        if names:
            text += f"{'; '.join(names)}\n"
        text += f"Rules: {rules_words(self._rules)}\n"
        date = self.options.date or tags.get("Date")
        if date:
            text += f"Ruled on: {date}\n"
        return text + "\n"

    def _verdict_lines(self) -> list[str]:
        """The verdict, before the deals."""
        verdict = self._verdict or Verdict(5)
        won = [game_words(g) for g in self._won]
        dealer = self.options.next_dealer
        said = verdict.words({}, self._score, won, self._pending_deals, dealer, self._won)
        lines = ["Verdict"]
        lines.extend(_wrap(f"As marked at the table: {said['table']}", "  ", "    "))
        lines.extend(_wrap(f"As corrected: {said['corrected']}", "  "))
        if said["corrections"]:
            lines.append("  Corrections, each with the law that decides it:")
        for item in said["corrections"]:
            lines.extend(_wrap(f"- {capital(item)}", "    ", "      "))
        for item in said["games"]:
            lines.extend(_wrap(item, "  ", "    "))
        for item in said["pending"]:
            lines.extend(_wrap(f"Pending: {item}", "  ", "    "))
        if said["options"]:
            lines.append("  Still open:")
            lines.extend(
                line for item in said["options"] for line in _wrap(f"- {item}", "    ", "      ")
            )
        if said["next"]:
            lines.append(f"  {capital(said['next'])}.")
        if self._opening:
            lines.extend(["", "Before the first deal"])
            for f in sorted(self._opening, key=_finding_order):
                lines.extend(_finding(f))
        return ["\n".join(lines) + "\n\n"]

    def _ready(self, count: int) -> None:
        """Write the first ``count`` deals waiting to their spool (a clean deal on one line)."""
        if count <= 0:
            return
        for deal, findings, claims in self._pending[:count]:
            self._deals.write("\n".join(self._deal_lines(deal, findings, claims)) + "\n\n")
        del self._pending[:count]

    def _deal_lines(self, deal: Any, findings: list[Any], claims: list[Any]) -> list[str]:
        marks = ", ".join(f"{p} {n}" for p, n in deal.marks.items())
        head = f"Deal {deal.number} (dealer {deal.dealer}): {deal.outcome.replace('_', ' ')}"
        quiet = deal.outcome == "stands" and deal.marks == deal.recorded
        if quiet and not findings and not claims and deal.perfect_play is None:
            return [f"{head}; marks {marks}", *self._play_lines(deal.line)]
        lines = [head, *self._play_lines(deal.line)]
        worths = {(a.law, a.option): a for a in deal.advice} if self.options.advice else {}
        for f in sorted(findings, key=_finding_order):
            lines.extend(_finding(f, worths))
        for c in claims:
            reason = claim_reading(c.law, c.reason)
            text = f"claim, line {c.line}: {c.player} {c.claim}: {c.verdict}. {reason}"
            lines.extend(_wrap(text, "  "))
        recorded = ", ".join(f"{p} {n}" for p, n in deal.recorded.items())
        cited = ", ".join(str(n) for n in deal.laws)
        laws = f" (law{'s' if len(deal.laws) > 1 else ''} {cited})" if deal.laws else ""
        lines.extend(_wrap(f"outcome: {deal.how}{laws}", "  "))
        if deal.perfect_play is not None:
            lines.extend(_wrap(perfect_words(deal.perfect_play), "  "))
        lines.append(f"  marks after the ruling: {marks}; marked at the table: {recorded}")
        return lines

    def _play_lines(self, line: int) -> list[str]:
        """With ``--analyse``, the deal's tricks and what each card cost (else nothing)."""
        play = (self.options.play or {}).get(line)
        return _wrap(play, "  ", "    ") if play else []


def analysed_play(record: Record) -> dict[int, str]:
    """Each deal's tricks, each card with what it cost its player under perfect play (as
    ``replay --analyse`` finds it), in words, by the deal's line: "the tricks, each card with
    its cost under perfect play (double dummy): 1. B KS (best), A 8H (not a lawful card; best
    7S); ...". A deal whose tricks were not analysed (a card not known) has none."""
    from adjudicator.shell.hands import cost_words
    from adjudicator.shell.show import deal_summaries

    out: dict[int, str] = {}
    for shown in deal_summaries(record, analyse=True):
        said = []
        for trick in (i for i in shown.get("lines", []) if i["what"] == "trick"):
            found = {
                (a["player"], a["card"]): f" ({cost_words(a['cost'], ' '.join(a['best']))})"
                for a in trick.get("analysis", ())
            }
            cards = [
                f"{seat} {code}{found.get((seat, code), '')}"
                for seat, code in (
                    (trick["leader"], trick["lead"]),
                    (trick["follower"], trick["follow"]),
                )
            ]
            said.append(f"{trick['number']}. {', '.join(cards)}")
        if any(trick.get("analysis") for trick in shown.get("lines", [])):
            out[shown["line"]] = (
                "the tricks, each card with its cost under perfect play (double dummy): "
                + "; ".join(said)
            )
    return out


def _target(tags: dict[str, str]) -> int:
    """The points that win a game: the ``Game`` tag, else 5 (law 46)."""
    value = tags.get("Game", "").strip()
    return number(value) if is_number(value) and number(value) > 0 else 5


def game_words(g: Any, names: dict[str, str] | None = None) -> str:
    """A game won, in words: who won it, the score, against whom, the deal, and what it
    counts. ``names``: how to call each player (his letter, else)."""
    against = g.against or max((p for p in g.score if p != g.winner), key=lambda p: g.score[p])
    score = f"{g.score.get(g.winner, 0)} to {g.score.get(against, 0)}"
    called = names or {}
    winner, loser = called.get(g.winner, g.winner), called.get(against, against)
    text = f"game {g.number}: {winner} won it {score} against {loser}, in deal {g.deal}"
    if g.counts:
        return f"{text}; it counts {g.value}, a {g.counts} ({cite(g.law)})"
    return f"{text}; it counts one game"


def rules_words(name: str) -> str:
    """The rule profile a ruling used, in words: its name and title."""
    return f"{name} ({profile_named(name).title})"


def series_words(s: Any) -> str:
    """A pool or a rubber, in words: its games, the games each won, and who won it."""
    what = f"pool of {s.of} games running" if s.kind == "pool" else f"rubber, best of {s.of}"
    games = ", ".join(str(n) for n in s.games)
    wins = ", ".join(f"{p} {n}" for p, n in s.wins.items() if n)
    end = f"won by {s.winner}" if s.winner else "not decided when the record ends"
    return f"a {what} (games {games}; won: {wins}): {end}"


def pending_words(deal: Any) -> list[str]:
    """What in a deal's ruling is not final: a replay not in the record (with what perfect play
    would give), a deal undetermined."""
    if deal.outcome is Outcome.UNDETERMINED:
        return [f"deal {deal.number} is undetermined until the record says what it lacks"]
    if deal.outcome is Outcome.REPLAY and deal.perfect_play is not None:
        p = deal.perfect_play
        would = p.marks.get(p.winner, 0)
        return [
            f"the replay of deal {deal.number} is not in the record; its marks are added when "
            f"it is played (under perfect play, every card seen, {p.winner} would mark {would})"
        ]
    return []


def worth_words(w: Any) -> str:
    """What an option is worth to its chooser, in one sentence: each figure with its 95%
    interval or said to be exact, and the better choice only where the interval of the
    difference that decides excludes nought (else "about even")."""

    def number(n: float) -> str:
        return str(n) if isinstance(n, int) else f"{n:.2f}"

    def marks(m: dict[str, Any]) -> str:
        return ", ".join(f"{p} {number(n)}" for p, n in sorted(m.items()))

    def side(m: dict[str, Any] | None, by: str, basis: str, ways: int) -> str:
        if m is None:
            return "not shown by the record"
        if by == "fresh_deal":
            return f"a fresh deal, on average {marks(m)}"
        if by == "played_on":
            how = (
                f"solved in every way the cards not shown can lie ({ways:,})"
                if basis == "exact"
                else f"the cards not shown dealt at random ({ways:,} ways)"
            )
            return f"played on, {how}: on average {marks(m)}"
        if by == "perfect_play" and w.perfect_play is not None:
            p = w.perfect_play
            tricks = " to ".join(str(n) for n in sorted(p.tricks.values(), reverse=True))
            how = f"{p.winner} wins the {p.how}, {tricks}"
            return f"{marks(m)} (under perfect play, every card seen: {how})"
        return marks(m)

    what = "for the hand" if "perfect_play" in (w.taken_by, w.declined_by) else "for the deal"
    taken = side(w.taken, w.taken_by, w.taken_basis, w.taken_ways)
    declined = side(w.declined, w.declined_by, w.declined_basis, w.declined_ways)
    sides = f"taken: {taken}; declined: {declined}"
    if w.worth is None:
        head = f"worth to {w.chooser}: not weighed, a side is not in the record ({sides})"
    else:
        unit = "mark" if w.worth in (1, -1) else "marks"
        head = f"worth to {w.chooser}: {_signed(w.worth, number)} {unit} {what}"
        head += f", {_sure(w.interval, number)} ({sides})"
    chances = [
        f"{percent(c)} {label}{_chance_band(band)}"
        for c, band, label in (
            (w.game_taken, w.game_taken_interval, "taken"),
            (w.game_declined, w.game_declined_interval, "declined"),
        )
        if c is not None
    ]
    if chances:
        head += f"; {w.chooser}'s chance of the game: {', '.join(chances)}"
    return head + _verdict_words(w, number)


def _signed(n: float, number: Callable[[float], str]) -> str:
    """A number of marks with its sign: ``+0.07``, ``-1.12``."""
    return f"+{number(n)}" if n > 0 else number(n)


def _sure(band: Any, number: Callable[[float], str]) -> str:
    """A worth's 95% interval in words, or "exact"."""
    if band is None or band[0] == band[1]:
        return "exact"
    return f"95% interval {_signed(band[0], number)} to {_signed(band[1], number)}"


def _chance_band(band: Any) -> str:
    """A chance's 95% interval in words ("" when exact)."""
    if band is None or band[0] == band[1]:
        return " (exact)" if band is not None else ""
    return f" (95%: {100 * band[0]:.1f} to {100 * band[1]:.1f})"


def _verdict_words(w: Any, number: Callable[[float], str]) -> str:
    """The better choice where it is shown better, else "about even", with the difference
    that decides and its interval."""
    if not w.verdict:
        return ""
    if w.decided_by == "game":
        low, high = w.game_gain_interval
        by = (
            f"by the chance of the game, taken less declined: "
            f"{_points(w.game_gain)} points, 95% interval {_points(low)} to {_points(high)}"
        )
        exact = low == high
    else:
        low, high = w.interval
        exact = low == high
        by = "by the marks, exactly" if exact else f"by the marks, {_sure(w.interval, number)}"
    if w.verdict == "better":
        choice = "take it" if w.better == "take" else "decline it"
        return f"; the better choice: {choice} ({by})"
    if exact:
        return f"; about even: either choice is worth the same ({by})"
    return f"; about even: neither choice is shown the better ({by}, which includes nought)"


def _points(chance: float) -> str:
    """A difference of chances in percentage points, signed: ``+1.2``."""
    value = f"{100 * chance:.1f}"
    return value if value.startswith("-") else f"+{value}"


def percent(chance: float) -> str:
    """A chance in words: ``48.1%``."""
    return f"{chance * 100:.1f}%"


def perfect_words(p: Any) -> str:
    """The result of a replay the record does not show, under perfect play, in words."""
    tricks = " to ".join(str(n) for n in sorted(p.tricks.values(), reverse=True))
    marks = p.marks.get(p.winner, 0)
    return (
        f"the replay is not in the record: under perfect play, every card seen (not what was "
        f"played), {p.winner} wins the {p.how}, {tricks}, and may mark {marks} for it"
    )


def _finding_order(f: Any) -> tuple[int, int, int]:
    return (f.line, f.column, f.law or 0)


def _finding(f: Any, worths: dict[tuple[int, str], Any] | None = None) -> list[str]:
    """A finding's lines in the full ruling (with the worth of its options that have one)."""
    out = []
    who = f" ({f.offender})" if f.offender else ""
    if f.law is None:
        out.append(f"  line {f.line}: the record{who}")
    else:
        out.append(f"  line {f.line}: {cite(f.law)}, {_law_title(f.law)}{who}")
    out.extend(_wrap(f.message, "    "))
    reading = finding_reading(f.law, f.kind)
    if reading:
        out.extend(_wrap(reading, "    "))
    summary = _law_summary(f.law) if f.law is not None else ""
    if summary:
        out.extend(_wrap(f"{capital(cite(f.law))}, paraphrased: {summary}", "    "))
    for o in f.options:
        when = f" (line {o.line})" if o.line else ""
        window = o.window + window_reading(f.law, o.name)
        if o.who is None:  # no one chooses: the law requires it
            done = {"taken": "DONE", "open": "DUE", "expired": "NOT DONE"}.get(o.status, "")
            text = f"- the law requires ({window}): {o.effect or o.name}"
            out.extend(_wrap(f"{text}. {done or o.status.upper()}{when}", "    "))
            continue
        text = f"- option {o.name} ({o.who}, {window}): {o.effect or o.name}"
        out.extend(_wrap(f"{text}. {o.status.upper()}{when}", "    "))
        worth = (worths or {}).get((f.law, o.name))
        if worth is not None:
            out.extend(_wrap(worth_words(worth), "      "))
    if f.default:
        out.extend(_wrap(f"Otherwise: {f.default}", "    "))
    return out


def _note(n: Any) -> list[str]:
    return _wrap(f"line {n.line}: {cite(n.law)}: {n.message}", "  ")


def _correction(corr: Any) -> list[str]:
    sign = "+" if corr.points > 0 else ""
    reason = corr.reason + correction_reading(corr.law)
    return _wrap(f"{corr.player} {sign}{corr.points}, {cite(corr.law)}: {reason}", "  ")


def _trace(t: Any) -> list[str]:
    where = f"deal {t.deal}" if t.deal is not None else "opening"
    by = f"{cite(t.law)}: " if t.law is not None else ""
    if t.law is None and t.step == "finding":
        by = "the record: "
    at = f", line {t.line}" if t.line is not None else ""
    return _wrap(f"{where}{at}: {by}{t.step}: {t.text}", "  ")


def advice_data(ruling: RecordRuling) -> dict[str, Any]:
    """Each option the ruling's findings give a player, deal by deal, with its worth where the
    project can value it (``ecarte advise``'s JSON)."""
    deals: list[dict[str, Any]] = []
    by_deal: dict[int | None, list[Any]] = {}
    for f in ruling.findings:
        by_deal.setdefault(f.deal, []).append(f)
    for deal in ruling.deals:
        worths = {(a.law, a.option): a for a in deal.advice}
        options = []
        for f in by_deal.pop(deal.number, []):
            for o in f.options:
                if o.who is None or o.status == "imposed":
                    continue  # the law leaves no choice: no advice
                entry: dict[str, Any] = {
                    "law": f.law,
                    "line": f.line,
                    "option": o.name,
                    "who": o.who,
                    "window": o.window,
                    "status": o.status,
                }
                worth = worths.get((f.law, o.name))
                if worth is not None:
                    entry["worth"] = worth.model_dump(mode="json")
                elif not profile_named(ruling.rules).valued:
                    entry["not_valued"] = NOT_VALUED_PROFILE
                else:
                    entry["not_valued"] = NOT_VALUED
                options.append(entry)
        if options:
            deals.append({"number": deal.number, "line": deal.line, "options": options})
    return {
        "line": ruling.line,
        "perfect_play": "a replay's worth is worked out with both players seeing every card "
        "(double dummy): the value of perfect play, not a forecast",
        "fresh_deal": FRESH_DEAL_NOTE.format(deals=fresh_deals().deals),
        "played_on": PLAYED_ON_NOTE.format(samples=ON_SAMPLES, exact=EXACT_WAYS),
        "intervals": INTERVALS_NOTE,
        "deals": deals,
    }


NOT_VALUED = (
    "not valued: a side of this choice cannot be played on from what the record shows (a card "
    "to be taken in an exchange not yet made, or a hand played short or long, which the solver "
    "does not play)"
)
"""Why an option has no worth in the advice."""

NOT_VALUED_PROFILE = (
    "not valued: the solver and the table of fresh deals play the club code's ranks and score "
    "its hands, and this record is ruled with the ace high, or its hand was doubled or its "
    "point offered; or a side of this choice cannot be played on from what the record shows"
)
"""Why an option has no worth under a profile the advisor does not value (``Profile.valued``:
ace-high, doubling, offering)."""


FRESH_DEAL_NOTE = (
    "a fresh deal is valued by a table of {deals:,} deals played by a stated policy (the period's "
    "rules for proposing, accepting and discarding; the cards played perfectly): its average, "
    "not a forecast; chances of the game are from the score as marked when the deal began"
)
"""What a fresh deal's value is, in words (with the table's size)."""


PLAYED_ON_NOTE = (
    "where the record stops before a deal is played out, going on is valued by playing the deal "
    "on from there: by the same policy while the exchange is open, the cards the record does not "
    "show (the rest of each hand, the turn-up, the stock) dealt at random {samples} ways from a "
    "seed made of the position; once it is closed, under perfect play, solved in every way the "
    "cards not shown can lie when they are {exact:,} ways or fewer (exact), else in {samples} "
    "ways drawn at random"
)
"""What the value of playing on is, in words."""


INTERVALS_NOTE = (
    "how to read the figures: a figure said to be exact rests on no sample (the record, perfect "
    "play with every card known, or every way the cards not shown can lie); any other comes with "
    "its 95% interval, from this deal's sample and the table's (for a worth, and a difference of "
    "chances, the figure and 1.96 standard errors either side; for a chance, Wilson's interval, "
    "as 'solve' gives, at the sample's effective size). The better choice is named only where "
    "the interval of the difference that decides (the chance of the game, taken less declined, "
    "where both sides have one; else the worth in marks) leaves out nought; else the choice is "
    "about even: the sample cannot tell the two sides apart. The intervals cover the sampling, "
    "not the policy the deals are played by"
)
"""How to read the advice's intervals and its verdict, in words."""


def render_advice(path: str, ruling: RecordRuling) -> str:
    """``ecarte advise``'s text for one record."""
    data = advice_data(ruling)
    out = [f"The options in the record at {path}:{ruling.line}, and what they are worth"]
    if not data["deals"]:
        out.append("  no option: no law gives either player a choice in this record")
    for deal in data["deals"]:
        out.append(f"deal {deal['number']} (line {deal['line']})")
        for o in deal["options"]:
            out.extend(
                _wrap(
                    f"{cite(o['law'])} (line {o['line']}): {o['who']} may take {o['option']} "
                    f"({o['window']}); {o['status']}",
                    "  ",
                )
            )
            worth = o.get("worth")
            text = worth_words(OptionWorth.model_validate(worth)) if worth else o["not_valued"]
            out.extend(_wrap(text, "    "))
    bases = {
        by
        for deal in data["deals"]
        for o in deal["options"]
        if "worth" in o
        for by in (o["worth"]["taken_by"], o["worth"]["declined_by"])
    }
    for by, note in (
        ("perfect_play", "perfect_play"),
        ("fresh_deal", "fresh_deal"),
        ("played_on", "played_on"),
    ):
        if by in bases:
            out.extend(_wrap(f"Note: {data[note]}.", ""))
    if bases:
        out.extend(_wrap(f"Note: {data['intervals']}.", ""))
    return "\n".join(out) + "\n"
