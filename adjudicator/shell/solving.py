"""What perfect play makes of each deal of a record: ``ecarte solve``.

For each deal whose cards at play are known, the position is taken where the play begins (the
exchange over, before the first card), or just before the line asked for (``--at LINE``), and
the engine's solver (:mod:`adjudicator.engine.ecarte.solve`) gives the tricks each player takes with
both playing their best, what each card the player to move may play is worth and costs him,
the principal line of play, and the marks the hand would give. A deal whose cards are not all
known says which are not.

The values are those of perfect play with every card seen (double dummy): not a forecast of
what players who see only their own hands will make.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.court.ecarte.api import (
    Chances,
    Deal,
    DealSolution,
    DealState,
    Record,
    Step,
    Unknown,
    chances,
    ruled_replay,
    solve_deal,
)

_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _deals(record: Record) -> Iterator[tuple[Deal, list[Step]]]:
    """Each deal of the ruled replay with its steps (its heading first)."""
    deal: Deal | None = None
    steps: list[Step] = []
    for step in ruled_replay(record):
        if isinstance(step.event, Deal):
            if deal is not None:
                yield deal, steps
            deal, steps = step.event, [step]
        elif deal is not None:
            steps.append(step)
    if deal is not None:
        yield deal, steps


def _position_step(steps: list[Step], at: int | None) -> tuple[DealState | None, int | None]:
    """The table where the play begins (before the first card of the deal), or just before
    the event on line ``at``; and the line of the event that follows it."""
    before: DealState | None = steps[0].table.deal
    for step in steps[1:]:
        if at is not None:
            if step.line >= at:
                return before, step.line
        elif step.kind in ("trick", "lead"):
            return before, step.line
        before = step.table.deal
    return (before, None) if at is None else (None, None)


def solve_record(
    record: Record, *, deal: int | None = None, at: int | None = None, jobs: int = 1
) -> dict[str, Any]:
    """The solutions of ``record``'s deals (those numbered ``deal``, if given; at line ``at``,
    if given), as plain data (the JSON of ``ecarte solve``); ``jobs`` processes share the
    deals solved where cards are unknown."""
    out: list[dict[str, Any]] = []
    for heading, steps in _deals(record):
        if deal is not None and heading.number != deal:
            continue
        last = steps[-1].line
        if at is not None and not heading.line <= at <= last:
            continue
        state, before = _position_step(steps, at)
        entry: dict[str, Any] = {"number": heading.number, "line": heading.line}
        if not steps[0].table.profile.solvable:
            entry["unknown"] = ACE_HIGH
            out.append(entry)
            continue
        if state is None:
            entry["unknown"] = "no position of the play here"
            out.append(entry)
            continue
        solved = solve_deal(state)
        if isinstance(solved, Unknown):
            entry["unknown"] = solved.missing
            spread = chances(
                state, jobs=jobs
            )  # some cards unknown: over every deal the record allows
            if not isinstance(spread, Unknown):
                entry["before_line"] = before
                entry["chances"] = _chances(spread)
            elif at is not None:  # mid-deal: why there are no chances either
                entry["no_chances"] = f"{spread.missing} (solve it without '--at')"
        else:
            entry.update(_solution(solved, before))
        out.append(entry)
    return {"line": record.line, "double_dummy": DOUBLE_DUMMY, "deals": out}


ACE_HIGH = "the record is ruled with the ace high, and the solver plays the club code's ranks"
"""Why a deal under the ace-high profile is not solved."""

DOUBLE_DUMMY = (
    "both players are taken to see every card (double dummy): the value of perfect play, not "
    "a forecast of play by players who see only their own hands"
)
"""What every value of ``ecarte solve`` assumes, said in its JSON."""


def _solution(solved: DealSolution, before: int | None) -> dict[str, Any]:
    s = solved.solution
    position = s.position
    mover = position.to_move
    values = {card.code: v for card, v in s.values.items()}
    return {
        "before_line": before,
        "trump": position.trump.value if position.trump is not None else None,
        "to_move": mover.value,
        "lead": position.lead.code if position.lead is not None else None,
        "tricks": {p.value: n for p, n in s.tricks.items()},
        "total": {p.value: n for p, n in s.total.items()},
        ("leads" if position.lead is None else "plays"): values,
        "costs": {card.code: c for card, c in s.costs.items()},
        "line_of_play": [f"{p.value} {c.code}" for p, c in s.line],
        "winner": solved.winner.value,
        "points": solved.points,
        "how": solved.how,
        "marked": {p.value: n for p, n in solved.marked.items()},
    }


def _chances(c: Chances) -> dict[str, Any]:
    players = list(c.wins)
    return {
        "deals": c.deals,
        "solved": c.solved,
        "exact": c.exact,
        "win": {p.value: round(c.chance(p), 4) for p in players},
        "interval": {p.value: [round(x, 4) for x in c.interval(p)] for p in players},
        "vole": {p.value: round(c.voles[p] / c.solved, 4) if c.solved else 0.0 for p in players},
        "marks": {p.value: round(c.marks[p], 4) for p in players},
        "tricks": {p.value: {str(n): k for n, k in c.tricks[p].items()} for p in players},
    }


def render(name: str, solved: dict[str, Any]) -> str:
    """The text of ``ecarte solve`` for one record."""
    out = [f"Perfect play in the record at {name}:{solved['line']} (every card seen: double dummy)"]
    for d in solved["deals"]:
        head = f"deal {d['number']} (line {d['line']})"
        if "unknown" in d:
            out.append(f"{head}: not solved: {d['unknown']}")
            if "chances" in d:
                out.extend(_render_chances(d["chances"]))
            elif "no_chances" in d:
                out.append(f"  no chances over the deals the record allows: {d['no_chances']}")
            continue
        where = f"before line {d['before_line']}" if d["before_line"] else "at its end"
        trump = _SUIT_NAMES.get(d["trump"] or "", "no") + " trumps"
        mover = d["to_move"]
        doing = "to lead" if d["lead"] is None else f"to play to {d['lead']}"
        out.append(f"{head}, {where}: {mover} {doing}; {trump}")
        tricks = ", ".join(f"{p} {n}" for p, n in d["tricks"].items())
        total = ", ".join(f"{p} {n}" for p, n in d["total"].items())
        out.append(
            f"  from here: {tricks} (the hand: {total}); {d['winner']}'s {d['how']}, "
            f"{d['points']} mark{'s' if d['points'] != 1 else ''}"
        )
        values = d.get("leads") or d.get("plays") or {}
        cards = ", ".join(
            f"{c} {v}" + (f" (costs {d['costs'][c]})" if d["costs"][c] else "")
            for c, v in sorted(values.items(), key=lambda kv: (-kv[1], kv[0]))
        )
        out.append(f"  {mover}'s cards, tricks he then takes: {cards}")
        line = "; ".join(d["line_of_play"])
        out.append(f"  best line: {line}")
    return "\n".join(out) + "\n"


def _render_chances(c: dict[str, Any]) -> list[str]:
    how = (
        f"every one of the {c['deals']:,} deals the record allows"
        if c["exact"]
        else f"{c['solved']:,} deals drawn from the {c['deals']:,} the record allows"
    )
    out = [f"  over {how}, each solved under perfect play:"]
    for p, win in c["win"].items():
        low, high = c["interval"][p]
        band = "" if c["exact"] else f" (95%: {100 * low:.1f} to {100 * high:.1f})"
        out.append(
            f"    {p} wins the hand in {100 * win:.1f}%{band}, the vole in "
            f"{100 * c['vole'][p]:.1f}%; marks {c['marks'][p]:.3f} on average"
        )
    return out


def out_of_range(record: Record, *, deal: int | None, at: int | None) -> str | None:
    """Why ``solve --deal N`` or ``--at LINE`` asks for a position ``record`` does not have
    (no deal N; line LINE in no deal, or not in deal N), in words; ``None`` if it has one. A
    deal runs from its heading to its last event, as :func:`solve_record` takes it."""
    spans = {d.number: (d.line, max([d.line, *(e.line for e in d.events)])) for d in record.deals}
    if deal is not None and deal not in spans:
        have = ", ".join(str(n) for n in spans) if len(spans) <= 12 else f"{len(spans)} deals"
        have = have or "none"
        return f"no deal {deal} in this record to solve (its deals: {have})"
    if at is None:
        return None
    inside = [n for n, (first, last) in spans.items() if first <= at <= last]
    if deal is None and inside:
        return None
    if deal is not None and deal in inside:
        return None
    where = "; ".join(f"deal {n}: lines {a} to {b}" for n, (a, b) in spans.items())
    if len(spans) > 4:  # a long record: where its deals run, not each one
        where = f"its deals run from line {min(a for a, _ in spans.values())} to line "
        where += str(max(b for _, b in spans.values()))
    takes = f"'--at' takes a line of a deal ({where})"
    end = max([record.line, *(b for _, b in spans.values())])
    if at > end:
        return f"line {at} is past the record's end (line {end}); {takes}"
    asked = f"deal {deal}" if deal is not None else "a deal"
    return f"line {at} is not in {asked}; {takes}"
