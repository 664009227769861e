"""A deal ruled: its outcome, the marks each player may make for it, the corrections to the score
sheet, and the trace of laws behind them. What each player may mark is the laws' combination
(:mod:`laws.ecarte.allowed`); the corrections to the sheet are the laws that make them
(``Law.correction``), asked without knowing them by number.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from adjudicator.court.ecarte.judge import Judge
from adjudicator.court.ecarte.record import record_findings
from adjudicator.court.ecarte.ruling import (
    Correction,
    DealRuling,
    TraceEntry,
    TraceStep,
)
from adjudicator.court.ecarte.worth import option_worths, perfect_replay
from adjudicator.engine.ecarte.deviations import DeviationKind
from adjudicator.engine.ecarte.queries import Unknown
from adjudicator.engine.ecarte.table import DealState
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import (
    Claim,
    ClaimKind,
    Mark,
    MarkReason,
    Unmark,
)
from laws.ecarte import LAWS, Law, cite
from laws.ecarte.allowed import Allowed, Corrected, Sheet, allowed_marks, most_marks
from laws.ecarte.base import ANNULS, Correcting, Finding, Outcome
from laws.ecarte.facts import replaced_marks, turn_index
from laws.ecarte.games import (
    MARK_KINDS,
    Standing,
    after_the_game,
    mark_points,
    marks_before_play,
)
from laws.ecarte.view import DealView

SEVERITY = {
    Outcome.VOID: 5,
    Outcome.FRESH_DEAL: 4,
    Outcome.REPLAY: 3,
    Outcome.RECTIFIED: 2,
    Outcome.UNDETERMINED: 1,
    Outcome.STANDS: 0,
}


def trace_deal(judged: Judge, deal: DealRuling, corrections: list[Correction]) -> list[TraceEntry]:
    """The chain of laws behind a deal's ruling, in the record's order: each finding and the
    fate of each option it gave, each claim judged, each note; then what the laws make of the
    marks (a cap that binds, a king taken), the outcome and the corrections."""
    n = deal.number
    links: list[tuple[int, TraceEntry]] = []

    def link(
        at: int | None, law: int | None, step: TraceStep, text: str, number: int | None = n
    ) -> None:
        entry = TraceEntry(deal=number, law=law, step=step, line=at, text=text)
        links.append((at or 0, entry))

    taken_at: set[tuple[int | None, int | None]] = set()  # (law, line) of options taken
    for f in judged.findings:
        who = f" by {f.offender}" if f.offender else ""
        link(f.line, f.law, "finding", f"{f.kind.replace('_', ' ')}{who}", f.deal)
        for o in f.options:
            at = f" (line {o.line})" if o.line else ""
            if o.who is None:  # no one chooses: the law requires it
                done = {"taken": "done", "open": "due", "expired": "not done"}
                text = f"required: {o.name}: {done.get(o.status, o.status)}{at}"
            else:
                text = f"{o.name}: {o.status}{at}"
            link(o.line or f.line, f.law, "option", text, f.deal)
            if o.status == "taken":
                taken_at.add((f.law, o.line))
    for c in judged.claims:
        if c.upheld and (c.law, c.line) in taken_at:
            continue  # the option it took is linked already, at its line
        link(c.line, c.law, "claim", f"{c.player} {c.claim}: {c.verdict}")
    for note in judged.notes:
        link(note.line, note.law, "note", note.kind.replace("_", " "))
    links.sort(key=lambda pair: pair[0])
    tail: list[tuple[int, TraceEntry]] = links
    links = []  # what follows comes after the record's lines, in this order
    for q, a in judged.allowed.items():
        if a.cap is not None:
            link(a.cap.line, a.cap.law, "cap", f"{q} marks at most {a.hand} for the hand")
        if a.king_answer is not None and a.king_entitled > a.king:
            link(a.king_answer.line, a.king_answer.law, "king", f"{q} may not mark the king")
    if deal.outcome is not Outcome.STANDS or deal.laws:
        cited = ", ".join(str(x) for x in deal.laws)
        laws = f" (law{'s' if len(deal.laws) > 1 else ''} {cited})" if deal.laws else ""
        link(deal.line, deal.decided_by, "outcome", f"{deal.outcome.replace('_', ' ')}{laws}")
    for corr in corrections:
        sign = "+" if corr.points > 0 else ""
        link(corr.line, corr.law, "correction", f"{corr.player} {sign}{corr.points}", corr.deal)
    return [entry for _, entry in (*tail, *links)]


def _early_marks(view: DealView | None) -> dict[str, int]:
    """Marks made in a deal before its trump is turned: they may be for the deal before."""
    out = dict.fromkeys(_SEATS, 0)
    if view is None:
        return out
    for s in view.steps:
        k = s.kind
        if k == "turn":
            break
        if k in MARK_KINDS and s.table.deal is not None and s.table.deal.marks:
            player, points = s.table.deal.marks[-1]
            if player.value in out:
                out[player.value] += points
    return out


class _Outcome(NamedTuple):
    """What becomes of a deal, before its marks are reckoned."""

    outcome: Outcome
    how: str
    decided_by: int | None
    laws: list[int]
    """The laws that produced the outcome (the marks' laws are added to it)."""
    unruled: bool
    """The record contradicts itself in the deal, or leaves it unfinished: it cannot be ruled."""
    needs: list[str]
    """The facts a claim that rests on what the record does not give needs."""


def _outcome(judged: Judge, next_view: DealView | None) -> _Outcome:
    """The deal's outcome: the gravest the laws impose or an option taken gives, unless the
    record cannot be ruled on it (it contradicts itself, leaves the deal unfinished, or a claim
    rests on facts it does not give: undetermined)."""
    outcome = Outcome.STANDS
    laws: list[int] = []
    how = "the deal stands"
    decided_by: int | None = None
    for f in judged.found:
        if f.outcome is not None and SEVERITY[f.outcome] > SEVERITY[outcome]:
            outcome, how = f.outcome, f"{cite(f.law)}: {f.default or f.message}"
            laws.append(f.law)
            decided_by = f.law
    for name, law, words in judged.taken_outcomes():
        if SEVERITY[name] > SEVERITY[outcome]:
            outcome, how = name, words
            laws.append(law)
            decided_by = law
    # A record that contradicts itself in the deal, or leaves it unfinished, cannot be ruled.
    unruled = [r for r in judged.record if r.unjudged.contradiction]
    unruled = [r for r in unruled if r.deviation.kind != DeviationKind.HAND_UNFINISHED]
    if next_view is not None:
        unruled += [
            r
            for r in record_findings(next_view)
            if r.deviation.kind == DeviationKind.HAND_UNFINISHED
        ]
    if unruled and SEVERITY[outcome] < SEVERITY[Outcome.UNDETERMINED]:
        r = unruled[0]
        outcome, decided_by = Outcome.UNDETERMINED, None
        how = (
            f"undetermined: {r.deviation.message} (line {r.step.line}); needs {r.unjudged.settles}"
        )
    # A claim that rests on facts the record does not give leaves the deal undecided too.
    pending = [c for c in judged.claims if c.undetermined]
    needs: list[str] = []
    if pending and SEVERITY[outcome] < SEVERITY[Outcome.UNDETERMINED]:
        for c in pending:
            needs.extend(n for n in c.needs if n not in needs)
        first = pending[0]
        outcome, decided_by = Outcome.UNDETERMINED, None
        how = (
            f"undetermined: {first.player} {first.claim} (line {first.line}) rests on what "
            f"the record does not give; needs {', '.join(needs)}"
        )
    return _Outcome(outcome, how, decided_by, laws, bool(unruled), needs)


def _replayed_later(view: DealView, outcome: Outcome) -> bool:
    """The hands are to be played again (laws 25, 43) by a claim made in the next deal, before
    its turn-up: the deal's record holds only the hand first played, which the replay, not
    written, replaces; what the hand gives waits on it (the king is not touched)."""
    if outcome is not Outcome.REPLAY:
        return False
    return not any(
        isinstance(s.event, Claim) and s.event.claim is ClaimKind.REPLAY and not s.refused
        for s in view.steps
    )


def _awaiting_replay(allowed: dict[str, Allowed]) -> dict[str, Allowed]:
    """What each player may mark for a deal whose hands are to be played again and whose replay
    the record does not show: the hand first played gives nothing; the king stands."""
    return {
        q: a._replace(hand=0, hand_reckoned=0, hand_given=0, cap=None) for q, a in allowed.items()
    }


class _Marks(NamedTuple):
    """A deal's marks as the laws allow them, against those made for it."""

    marks: dict[str, int]
    """What each player may mark for the deal (the sheet's corrections come after)."""
    recorded: dict[str, int]
    """What he marked for it (with what he made good early in the next deal, and what he took
    down himself of a mark the ruling had already taken down)."""
    allowed: dict[str, Allowed]
    kings: dict[str, int]
    """Of ``marks``, those for a king (the rest are for the hand)."""
    borrowed: dict[str, int]
    """Marks made early in the next deal for this one."""
    settled: dict[str, int]
    """Marks of ``owed`` settled here."""
    made: _Made
    """The marks made on the sheet in the deal."""
    spare: dict[str, int]
    """Marks made before the deal's turn-up, for the deal before, beyond what it owed."""


def _marks(
    view: DealView,
    final: DealState,
    judged: Judge,
    next_view: DealView | None,
    decided: _Outcome,
    lent: dict[str, int],
    owed: dict[str, int],
) -> tuple[_Marks, _Outcome]:
    """What each player may mark for the deal (:func:`laws.ecarte.allowed.allowed_marks`), and
    what he marked for it: his marks in the deal but those made for the deal before (``lent``),
    with those made for this one early in the next deal (laws 22, 50) and those he took down
    himself of a mark the ruling had taken down already (``owed``). The outcome comes back with
    the marks' laws added (undetermined, if the record lacks a card the marks need)."""
    recorded = dict.fromkeys(_SEATS, 0)
    for player, points in final.marks:
        if player.value in recorded:
            recorded[player.value] += points
    for q, n in lent.items():  # marks made here for the previous deal
        recorded[q] -= n
    early = _early_marks(next_view)
    allowed: dict[str, Allowed] = {}
    parts = allowed_marks(final, judged.found)
    outcome = decided.outcome
    if outcome in ANNULS:
        marks = dict.fromkeys(_SEATS, 0)
        if not isinstance(parts, Unknown):  # nothing allowed; who answers for a king mark
            allowed = {
                q.value: a._replace(king=0, hand=0, hand_reckoned=0, optional=0)
                for q, a in parts.items()
                if q.value in recorded
            }
    elif decided.unruled or decided.needs or isinstance(parts, Unknown):
        if isinstance(parts, Unknown) and outcome is Outcome.STANDS:
            how = f"undetermined: {parts.missing}"
            decided = decided._replace(outcome=Outcome.UNDETERMINED, how=how, decided_by=None)
        # Undetermined: the marks stand as made, but never beyond the most the deal can give,
        # whatever the record lacks (laws 47-49; law 51 takes the rest down).
        turned_up = turn_index(view) is not None
        most = most_marks(final, turned_up=turned_up, reliable=not decided.unruled)
        if not isinstance(parts, Unknown):
            for p, a in parts.items():  # and what the laws' re-reckonings give
                most[p] = max(most[p], a.king_entitled + a.hand_given)
        marks = {q: min(n, most.get(Player(q), n)) for q, n in recorded.items()}
    else:
        allowed = {q.value: a for q, a in parts.items() if q.value in recorded}
        if _replayed_later(view, outcome):
            allowed = _awaiting_replay(allowed)
        marks = dict.fromkeys(_SEATS, 0)
        for q, a in allowed.items():
            marks[q] = a.total
            for effect in (a.cap, a.king_answer, *a.reckonings):
                if effect is not None and effect.law not in decided.laws:
                    decided.laws.append(effect.law)
    judged.allowed = allowed
    kings = {q: a.king for q, a in allowed.items()}
    # A mark of choice (the king turned up) not made lapses: no omission.
    for q, a in allowed.items():
        if a.optional and recorded[q] + early.get(q, 0) < marks[q]:
            marks[q] -= a.optional
            kings[q] -= a.optional
    # Marks made early in the next deal, before its turn-up, make good an omission here.
    borrowed = dict.fromkeys(_SEATS, 0)
    for q in _SEATS:
        short = marks[q] - recorded[q]
        if short > 0 and early[q] > 0:
            borrowed[q] = min(short, early[q])
            recorded[q] += borrowed[q]
    # A mark the player took down himself here, when the ruling had already taken it down
    # for an earlier deal, settles that correction: it is not taken down twice.
    settled = dict.fromkeys(_SEATS, 0)
    made = _made(view)
    for q in _SEATS:
        short = marks[q] - recorded[q]
        if short > 0 and owed.get(q, 0) > 0 and made.down[q] > 0:
            settled[q] = min(short, owed[q], made.down[q])
            recorded[q] += settled[q]
    spare = {q: max(0, made.early[q] - lent.get(q, 0)) for q in _SEATS}
    return _Marks(marks, recorded, allowed, kings, borrowed, settled, made, spare), decided


def _replaced(
    view: DealView, judged: Judge, decided: _Outcome, sheet: _Marks
) -> dict[str, tuple[int, int]]:
    """Marks made for the hand first played, when an option taken replayed it (by a claim in
    the deal, or in the next before its turn-up: then every mark for the hand was for it), by
    player: the replay's law, which takes them off, and how many."""
    replay_law = next(
        (law for name, law, _ in judged.taken_outcomes() if name is Outcome.REPLAY), None
    )
    if replay_law is None:
        return {}
    _, first_played = replaced_marks(view)
    if _replayed_later(view, decided.outcome):
        kings = sheet.made.kings
        first_played = {Player(q): n - kings.get(q, 0) for q, n in sheet.recorded.items()}
    return {p.value: (replay_law, n) for p, n in first_played.items() if n > 0}


def _corrections(
    view: DealView,
    final: DealState,
    judged: Judge,
    decided: _Outcome,
    sheet: _Marks,
    nowhere: dict[str, int],
    lost_before: dict[str, int],
) -> tuple[list[Correction], dict[str, int]]:
    """The corrections of the sheet for the deal: what the laws that correct it
    (``Law.correction``) make of each player's marks against what the laws allow him, each
    placed at the player's mark it concerns and given to the deal it is for; ``sheet.marks``
    becomes what stands. ``nowhere``: the marks the deal entitles him to that count in no game
    (law 46). ``lost_before``: what the laws allowed each player for the deal before and did
    not let stand (an omission not made good in time), for which a mark made here before the
    play can only be (:attr:`Sheet.late`). Returns the corrections and what the laws allow each
    player for this deal and do not let stand."""
    marks, recorded, allowed, made = sheet.marks, sheet.recorded, sheet.allowed, sheet.made
    lines = made.lines
    before = view.previous.number if view.previous is not None else None
    t = turn_index(view)
    turned = view.steps[t].line if t is not None else 0
    replaced = _replaced(view, judged, decided, sheet)
    annulled = None
    if decided.outcome in ANNULS and decided.decided_by is not None:
        annulled = (
            decided.decided_by,
            "void" if decided.outcome is Outcome.VOID else "dealt afresh",
        )
    heading = (view.steps[0].line, view.steps[0].column)
    corrections: list[Correction] = []
    lost = dict.fromkeys(_SEATS, 0)
    for q in _SEATS:
        beyond = nowhere.get(q, 0)
        late = min(made.late[q], lost_before.get(q, 0))
        corrected = _correct(
            Sheet(
                player=Player(q),
                deal=view.number,
                allowed=marks[q] - beyond,
                recorded=recorded[q],
                window_open=view.next_turn_step is None,
                parts=allowed.get(q),
                kings=made.kings.get(q, 0),
                replaced=replaced.get(q),
                annulled=annulled,
                result=final.result,
                after_game=beyond,
                late=(before, late, turned) if late > 0 else None,
                early=(before, sheet.spare[q]) if sheet.spare[q] and before is not None else None,
            )
        )
        if corrected is None:
            marks[q] -= beyond
            continue
        lost[q] = max(0, marks[q] - beyond - corrected.stands)
        marks[q] = corrected.stands
        for fix in corrected.corrections:
            at_line, at_column = lines[q].get(fix.where, lines[q].get("any", heading))
            corrections.append(
                Correction(
                    player=q,
                    points=fix.points,
                    law=fix.law,
                    deal=view.number if fix.deal is None else fix.deal,
                    line=at_line,
                    column=at_column,
                    reason=fix.reason,
                )
            )
    return corrections, lost


def rule_deal(
    view: DealView,
    final: DealState,
    judged: Judge,
    next_view: DealView | None,
    lent: dict[str, int],
    owed: dict[str, int],
    refind: Callable[[DealView], list[Finding]] | None = None,
    *,
    standing: Standing | None = None,
    target: int = 5,
    advise: bool = False,
    lost_before: dict[str, int] | None = None,
) -> tuple[DealRuling, list[Correction], dict[str, int], dict[str, int], dict[str, int]]:
    """Rule on one deal. ``lent``: marks made in this deal that the previous deal claimed (made
    before this deal's turn-up, for the previous deal). ``owed``: marks the ruling has already
    taken down from each player earlier in the game, which a mark he takes down himself here
    settles. ``standing``: the game as the ruling counts it before the deal (:mod:`laws.ecarte.
    games`), of ``target`` points. ``lost_before``: what the deal before allowed each player
    and the laws did not let stand (an omission not made good in time). Returns the ruling, the
    corrections, the marks this deal claims from the next deal's early marks, the marks of
    ``owed`` settled here, and what this deal allowed each player and the laws do not let
    stand.

    The outcome (:func:`_outcome`), then what each player may mark and what he marked for the
    deal (:func:`_marks`; how the laws' effects combine is
    :func:`laws.ecarte.allowed.allowed_marks`), then the corrections of the sheet
    (:func:`_corrections`), which are the laws' own (``Law.correction``: an omission made good
    while its window is open, an overscore taken down, each mark taken down citing the law whose
    finding answers for it, the hand's marks after a king won the game counting nowhere); the
    court asks them, knowing none by number, and places each at the player's mark it concerns.

    ``refind``: what the laws find in a view (the court's); given, a replay of the hands that
    the record does not show is worked out under perfect play (:func:`_perfect_replay`), and,
    with ``advise``, the options of the deal are valued (:func:`option_worths`)."""
    sheet, decided = _marks(view, final, judged, next_view, _outcome(judged, next_view), lent, owed)
    _withdraw_made_good(judged, sheet)
    nowhere: dict[str, int] = {}
    if standing is not None and sheet.allowed:
        hands = {q: sheet.marks[q] - sheet.kings.get(q, 0) for q in sheet.allowed}
        nowhere = after_the_game(standing.score, target, sheet.kings, hands)
    corrections, lost = _corrections(
        view, final, judged, decided, sheet, nowhere, lost_before or {}
    )
    perfect = None
    advice = []
    if refind is not None:
        if decided.outcome is Outcome.REPLAY and final.result is None:  # not in the record
            perfect = perfect_replay(view, final, refind)
        if advise:
            advice = option_worths(view, final, judged.found, refind)
    seated = (final.dealer.value, final.elder.value)
    ruling = DealRuling(
        number=view.number,
        line=view.steps[0].line,
        dealer=final.dealer.value,
        outcome=decided.outcome,
        how=decided.how,
        marks={q: n for q, n in sheet.marks.items() if q in seated or n},
        recorded={q: n for q, n in sheet.recorded.items() if q in seated or n},
        laws=sorted(set(decided.laws)),
        decided_by=decided.decided_by,
        needs=decided.needs,
        perfect_play=perfect,
        advice=advice,
    )
    return ruling, corrections, sheet.borrowed, sheet.settled, lost


def _withdraw_made_good(judged: Judge, sheet: _Marks) -> None:
    """An omission the player made good in time, early in the next deal, is no irregularity:
    the findings of the laws that correct omissions (``Correcting.OMISSION``) against him are
    withdrawn. One made good in part stands, as does one not made good."""
    whole = {q for q in _SEATS if sheet.borrowed[q] > 0 and sheet.marks[q] <= sheet.recorded[q]}
    if whole:
        judged.findings = [
            f for f in judged.findings if not (f.offender in whole and f.law in _OMISSIONS)
        ]


_OMISSIONS = frozenset(law.number for law in LAWS if law.corrects is Correcting.OMISSION)
"""The laws that correct an omitted mark: a finding of theirs made good in time is withdrawn."""

_SEATS = ("A", "B", "C")
"""The seats, for the marks the court reckons (a deal's ruling gives its two players')."""

_CORRECTORS: tuple[Law, ...] = tuple(law for law in LAWS if law.correction is not None)
"""The laws that correct the score sheet (``Law.correction``), in order."""


def _correct(sheet: Sheet) -> Corrected | None:
    """What the laws that correct the sheet make of a player's marks for a deal: the first that
    has anything to correct (``None``: his marks are what the laws allow)."""
    for law in _CORRECTORS:
        assert law.correction is not None
        corrected = law.correction(sheet)
        if corrected is not None:
            return corrected
    return None


class _Made(NamedTuple):
    """The marks made on the sheet in a deal, read in one pass over its steps."""

    kings: dict[str, int]
    """The king marks each player made from the deal's turn-up on."""
    down: dict[str, int]
    """The marks each player took down himself (``unmarks``)."""
    lines: dict[str, dict[str, tuple[int, int]]]
    """For each player, the line of his last mark (``any``), of his last king mark (``king``),
    of his last other mark (``hand``) and of his last mark made before the play for an earlier
    deal (``late``): where a correction is located."""
    late: dict[str, int]
    """The marks for a hand each player made after the deal's turn-up and before its play
    began (:func:`laws.ecarte.games.marks_before_play`): for an earlier deal."""
    early: dict[str, int]
    """The marks each player made before the deal's turn-up: for the deal before."""


def _made(view: DealView) -> _Made:
    made = _Made(
        kings={},
        down=dict.fromkeys(_SEATS, 0),
        lines={q: {} for q in _SEATS},
        late=dict.fromkeys(_SEATS, 0),
        early=dict.fromkeys(_SEATS, 0),
    )
    before_play = marks_before_play(view)
    turned = "turn" not in view.kinds
    for s in view.steps:
        kind = s.kind
        if kind == "turn":
            turned = True
        if kind not in MARK_KINDS:
            continue
        e = s.event
        if not isinstance(e, Mark | Unmark) or e.player.value not in made.down:
            continue
        p = e.player.value
        at = (s.line, s.column)
        made.lines[p]["any"] = at
        if not turned and isinstance(e, Mark):
            made.lines[p]["early"] = at
            made.early[p] += max(0, mark_points(s) or 0)
        if isinstance(e, Unmark):
            made.down[p] += e.points
        elif e.reason is MarkReason.KING:
            made.lines[p]["king"] = at
            if turned:
                made.kings[p] = made.kings.get(p, 0) + (e.points or 1)
        else:
            made.lines[p]["hand"] = at
            if s.number in before_play:
                made.lines[p]["late"] = at
                made.late[p] += max(0, mark_points(s) or 0)
    return made


__all__ = ["SEVERITY", "rule_deal", "trace_deal"]
