"""Piquet's part of the shells: a file of piquet records checked, replayed, printed as JSON.

``check`` prints, for each record, a line for each deal with what it scores by category, a
line for each partie with its totals and settlement, and a line for each departure from lawful
play, each as ``file:line:col: ...``; in JSON, the ruling of
:mod:`adjudicator.court.piquet.ruling`. ``replay`` tells each deal's reckoning step by step.
The output is a pure function of the input.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from adjudicator.court.api import NotationError
from adjudicator.court.piquet.api import (
    PLAYERS,
    DealRuling,
    PartieRuling,
    Record,
    RecordRuling,
    read_each,
    rule_record,
)
from adjudicator.shell.batch import (
    ERROR,
    EXIT_FINDINGS,
    EXIT_UNREADABLE,
    RECORD,
    STDERR,
    STDOUT,
    Format,
    Part,
    Ruled,
    _internal,
    _nested,
)
from adjudicator.shell.piquet_laws import (
    claim_words,
    deal_law_words,
    fates,
    partie_law_words,
)

HEADS = {
    "carte_blanche": "carte blanche",
    "point": "point",
    "sequences": "sequences",
    "sets": "quatorzes and trios",
    "play": "play",
    "cards": "cards",
    "repique": "repique",
    "pique": "pique",
}
"""Each head of the score as the text output names it."""


def records_of(part: Part) -> Iterator[Record | NotationError]:
    """The records of a part's file, or an error in place of each that cannot be read."""
    if part.path is None:
        import sys

        return read_each(sys.stdin.buffer, path=part.name)
    return read_each(Path(part.path), path=part.name)


def rule_part(part: Part, fmt: Format, *, full: bool = False) -> Iterator[Ruled]:
    """Rule on each piquet record of a part: one :class:`Ruled` a record (or bad record)."""
    line = 1
    try:
        for item in records_of(part):
            out = Ruled(part.file, part.name)
            if isinstance(item, NotationError):
                out.add(STDERR, f"{item}\n")
                if fmt == "json":
                    for error in item.to_json_list():
                        out.add(ERROR, _nested(error))
                out.errors, out.status = 1, EXIT_UNREADABLE
                yield out
                continue
            line = item.line
            ruling = rule_record(item)
            out.records = 1
            out.findings = ruling.reported
            out.clean = 1 if ruling.clean else 0
            if not ruling.clean:
                out.status = EXIT_FINDINGS
            if fmt == "json":
                out.add(RECORD, _nested(ruling.to_json()))
            else:
                text = rule_text(part, ruling) if full else check_text(part.name, ruling)
                out.add(STDOUT, text)
            yield out
    except Exception as e:  # a bug: reported, and the batch goes on
        yield _internal(part, line, e)


def rule_text(part: Part, ruling: RecordRuling) -> str:
    """``rule``'s text for one record: its ruling, the verdict first
    (:mod:`adjudicator.shell.piquet_text`), dated ``--date`` or the record's Date tag."""
    from adjudicator.shell.piquet_sheets import record_document
    from adjudicator.shell.piquet_text import ruling_text

    return ruling_text(record_document(part.name, ruling, date=part.date)) + "\n"


def check_text(name: str, ruling: RecordRuling) -> str:
    """``check``'s lines for one record: each deal's score, each partie's account, and each
    departure from lawful play, in the order of the record."""
    lines: list[tuple[int, int, str]] = []
    for partie in ruling.parties:
        for deal in partie.deals:
            lines.append((deal.replay.line, 0, f"{name}:{deal.replay.line}:1: {deal_line(deal)}"))
        if partie.replay.deals:
            last = partie.replay.deals[-1]
            where = max([last.line, *(s.line for s in last.statements)])
            lines.append((where, 1, f"{name}:{where}:1: {partie_line(partie)}"))
    for d in ruling.deviations:
        lines.append((d.line, 0, f"{name}:{d.line}:{d.column or 1}: {d.kind.value}: {d.message}"))
    for j in ruling.findings:
        f = j.finding
        lines.append((f.line, 0, f"{name}:{f.line}:1: law {f.law}: {f.message}{fates(j)}"))
    for c in ruling.claims:
        lines.append((c.line, 0, f"{name}:{c.line}:1: {claim_words(c)}"))
    for judged in ruling.judged:
        for dealt in judged.deals:
            said = deal_law_words(dealt)
            if said:
                lines.append((dealt.line, 1, f"{name}:{dealt.line}:1: {said}"))
        settled = partie_law_words(judged)
        if settled and judged.deals:
            where = judged.deals[-1].line
            lines.append((where, 2, f"{name}:{where}:1: {settled}"))
    lines.sort(key=lambda item: (item[0], item[1]))
    return "".join(f"{text}\n" for _, _, text in lines)


def deal_line(deal: DealRuling) -> str:
    """E.g. "deal 1: A 28 (point 5, sequences 4, play 9, cards 10), B 23 (quatorzes and trios
    17, play 6)"; a deal not reckoned: its score as written, or "not known"."""
    replay = deal.replay
    points = replay.points
    if points is None:
        return f"deal {replay.number}: score not known (no result written, play not recorded)"
    parts = []
    for player in PLAYERS:
        heads = deal.by_category(player)
        detail = ""
        if heads:
            detail = " (" + ", ".join(f"{HEADS[k]} {n}" for k, n in heads.items()) + ")"
        parts.append(f"{player} {points.get(player, 0)}{detail}")
    how = "" if deal.source == "reckoned" else " (as written)"
    return f"deal {replay.number}: " + ", ".join(parts) + how


def partie_line(partie: PartieRuling) -> str:
    """E.g. "partie 1: A 131, B 113: A wins 118"."""
    replay = partie.replay
    label = f"partie {replay.number}" if replay.number is not None else "partie"
    if replay.totals is None:
        return f"{label}: totals not known"
    totals = ", ".join(f"{p} {replay.totals[p]}" for p in PLAYERS)
    settled = replay.settlement
    if settled is None:
        count = replay.deals[-1].number if replay.deals else 0
        return f"{label}: {totals} after deal {count}, not finished"
    if settled.winner is None:
        return f"{label}: {totals}: drawn"
    rubicon = " rubicon" if settled.rubicon else ""
    return f"{label}: {totals}: {settled.winner} wins {settled.points}{rubicon}"


def replay_text(name: str, ruling: RecordRuling) -> str:
    """Each deal's reckoning step by step, then the partie's account (``replay``)."""
    out: list[str] = []
    for partie in ruling.parties:
        for deal in partie.deals:
            replay = deal.replay
            out.append(
                f"{name}:{replay.line}: deal {replay.number}, {replay.dealer} deals, "
                f"{replay.elder} is elder"
            )
            if replay.score is not None:
                out.extend(f"  {step}" for step in replay.score.explain())
            out.append(f"  {deal_line(deal)}")
            out.extend(f"  line {d.line}: {d.kind.value}: {d.message}" for d in replay.deviations)
        out.append(partie_line(partie))
    return "".join(f"{line}\n" for line in out) + "\n"
