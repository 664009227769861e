"""The written score as the laws of scoring judge it: a count corrected (law 70) and the
players' sheets that differ (law 74). Their findings read the ``score`` lines of the deal, and
of the deal before it where a correction concerns it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.engine.piquet.deviations import DeviationKind
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import (
    Discard,
    ExchangeCall,
    Lead,
    Play,
    Result,
    Score,
    Take,
    Trick,
)
from adjudicator.notation.piquet.irregularities import TakesUp

from .base import Choice, Effect, Finding, Law, Option, Section, Who, Window
from .view import DealView

_SEEING = (TakesUp, Discard, Take, ExchangeCall, Lead, Play, Trick)
"""The lines by which a player has seen his hand of the deal."""


def _totals(line: Score) -> dict[Player, int]:
    return {t.player: t.points for t in line.tallies}


def _written_before(view: DealView, line: int, by: Player | None) -> dict[Player, int] | None:
    """The totals last written before ``line`` on the same sheet (``by``), in the deal or,
    failing that, in the deal before."""
    found: dict[Player, int] | None = None
    for _, e in view.of_type(Score):
        if e.line < line and e.by is by:
            found = _totals(e)
    if found is None and view.previous is not None:
        for statement in view.previous.statements:
            if isinstance(statement, Score) and statement.by is by:
                found = _totals(statement)
    return found


def _own_count_before(view: DealView, at: int) -> bool:
    """Whether the deal's own result or score is written before the place ``at``."""
    return any(
        isinstance(e, Result) or (isinstance(e, Score) and not e.corrected)
        for e in view.events[:at]
        if e.line not in view.replay.before
    )


def _seen(view: DealView, at: int, player: Player | None) -> bool:
    """Whether ``player`` (any player, if ``None``) has seen his hand of the deal before the
    place ``at``."""
    return any(
        isinstance(e, _SEEING) and (player is None or getattr(e, "player", None) in (player, None))
        for e in view.events[:at]
    )


def _corrections(view: DealView) -> Sequence[Finding]:
    """Each score corrected (law 70): in time while the player in error has not seen his next
    hand; too late, the count of the deal it concerns stands."""
    found = []
    for at, e in view.of_type(Score):
        before = _written_before(view, e.line, e.by) if e.corrected else None
        if before is None:
            continue
        now = _totals(e)
        changed = [p for p in (view.elder, view.younger) if p in now and now[p] != before.get(p)]
        if not changed:
            continue
        offender = changed[0] if len(changed) == 1 else None
        own = _own_count_before(view, at) or view.previous is None
        late = not own and _seen(view, at, offender)
        who = offender or "the table"
        if late:
            message = (
                f"{who}'s count of the deal before is corrected after he has seen his next "
                "hand: too late, the count stands as written (law 70)"
            )
        else:
            message = f"{who}'s count is corrected in time (law 70)"
        found.append(
            CORRECTED.finding(
                view,
                e.line,
                offender,
                "count_corrected_late" if late else "count_corrected",
                message,
                judges=(e.line,),
                acted=() if late else (Option.PUT_RIGHT,),
                concerns=view.index if own else view.index - 1,
                amends=[(p, now[p] - before.get(p, 0)) for p in changed],
            )
        )
    return found


def _sheets(view: DealView) -> Mapping[Player, dict[Player, int]]:
    """Each player's sheet as last written in the deal: the totals his ``by`` line gives."""
    sheets: dict[Player, dict[Player, int]] = {}
    for _, e in view.of_type(Score):
        if e.by is not None:
            sheets[e.by] = _totals(e)
    return sheets


def _differing(view: DealView) -> Sequence[Finding]:
    """The players' written scores differing at the deal's end (law 74): each player's
    record of his own score stands."""
    sheets = _sheets(view)
    if len(sheets) < 2 or sheets[view.elder] == sheets[view.younger]:
        return []
    lines = [e.line for _, e in view.of_type(Score) if e.by is not None]
    return [
        SHEETS.finding(
            view,
            lines[-1],
            None,
            "scores_differ",
            f"the sheets differ ({_said(sheets, view.elder)}; {_said(sheets, view.younger)}): "
            "each player's record of his own score stands (law 74)",
            judges=tuple(lines),
            fault=False,
        )
    ]


def _said(sheets: Mapping[Player, Mapping[Player, int]], by: Player) -> str:
    totals = ", ".join(f"{p} {n}" for p, n in sheets[by].items())
    return f"{by}'s sheet {totals}"


def own_records(view: DealView) -> dict[Player, int] | None:
    """Each player's total from his own sheet at the deal's end, if both wrote one."""
    sheets = _sheets(view)
    if len(sheets) < 2:
        return None
    return {p: sheets[p][p] for p in sheets if p in sheets[p]}


CORRECTED = Law(
    70,
    Section.SCORING,
    "Errors corrected",
    "An error of counting, once proved, may be put right until the player who made it has "
    "seen his next hand.",
    "A score line marked 'corrected' is the correction: the player whose total it changes "
    "(from the totals last written before it) is the one in error. Written after the deal's "
    "own result or score, it corrects that deal, whose player has seen no next hand: in "
    "time. Written in a deal before any of its own, it corrects the deal before: in time "
    "only if no player has yet taken up, exchanged or played a card of the new deal. Too "
    "late, the correction is of no effect: the count of the deal it concerns stands as "
    "written, and the partie's totals with it.",
    find=_corrections,
    choices=(
        Choice(
            Option.PUT_RIGHT,
            Who.EITHER,
            Window.BEFORE_NEXT_HAND,
            (),
            "the count is corrected",
            (Effect.CORRECTED,),
            sets_aside=(Effect.COUNT_STANDS,),
        ),
    ),
    effects=(Effect.COUNT_STANDS,),
    judges=(DeviationKind.RESULT, DeviationKind.SCORE),
    keywords=("count", "mistake", "correct"),
    readings=(
        "the player whose total the correction changes is the one in error",
        "a correction before anything of the new deal is in time until a player sees his hand",
    ),
)

SHEETS = Law(
    74,
    Section.SCORING,
    "Written scores that differ",
    "When the players' written scores differ, each player's record of his own score is "
    "taken to be right.",
    "Score lines written 'by' a player are his sheet. Where the two sheets differ at a "
    "deal's end, each player's total is the one his own sheet gives, and the partie is "
    "totalled and settled from them: a note (no one is at fault), whose effect the court "
    "applies to the partie's totals.",
    find=_differing,
    effects=(Effect.OWN_RECORD,),
    judges=(DeviationKind.SCORE,),
    keywords=("score sheet", "written"),
    readings=("each player's own sheet gives his total, for the partie and its settlement",),
)
