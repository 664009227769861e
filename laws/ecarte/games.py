"""The games of a record: where each begins and ends, and which deal and game each mark is for,
decided once, by the laws that say so, for every reader (the ruling's games and score, the
check of the written score lines, laws 50 and 51, the pool's standing, the series of pools and
rubbers).

* **Which deal a mark is for** (laws 22 and 50): a deal's marks may be made until the trump of
  the next deal is turned up. A mark made in a deal before its own trump is turned up is for the
  deal before (nothing of this deal is yet won), and so is a king marked, after that turn-up,
  for the king the deal before turned up (law 22 finds it too late: the finding is the deal
  before's); any other mark is for the deal in which it is made (:func:`for_deal_before`).
* **Where a game ends** (law 46: the game is five up): with the deal whose marks take a player
  to five. The next deal begins the next game, whatever was marked since.
* **The sheet as marked** (:class:`Tally`): the marks as the table made them, each in the game
  of the deal it is for; a ``score`` line states the sheet of the game of the last mark made
  before it, or of the game its deal belongs to (:func:`sheet_lines`). The table's sheet is
  cut into games where its own marks reach five: a game the table believed won on an
  overscore ends there for the score lines (the marks as made add up so), though not for the
  ruling.
* **The games as ruled** (:func:`count_deal`): the marks each deal gives after the ruling,
  added up game by game. A game ends the moment a player's marks reach five (reference §6.8):
  the king (turned up or announced) is won before the hand, so a king that takes a player to
  five wins the game before the hand is played, and the hand's marks, played out all the same,
  count nowhere: not in the game, whose score was five when it ended, nor in the next, which
  begins with the next deal (:func:`after_the_game`). A mark made good in time (laws 22, 50)
  counts in the deal it is for, from the moment it was won.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from adjudicator.engine.ecarte.table import SEAT, Phase, Step, StepKind
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import Score

from .facts import is_king_mark, turn_index
from .king import carried_king, king_marks
from .view import DealView, remember

# --------------------------------------------------------------------------------------------
#  Which deal a mark is for
# --------------------------------------------------------------------------------------------


def _marks_for_before(view: DealView) -> frozenset[int]:
    if view.number is None or view.previous is None:
        return frozenset()
    t = turn_index(view)
    early = {
        s.number for i, s in enumerate(view.steps) if s.kind in MARK_KINDS and (t is None or i < t)
    }
    late: set[int] = set()
    if carried_king(view) is not None:  # a king the deal before turned up, marked here late
        late = {km.step.number for km in king_marks(view) if km.verdict == "late_carry"}
    return frozenset(early | late)


def for_deal_before(view: DealView) -> frozenset[int]:
    """The step numbers of the marks (and marks taken down) of the deal that are for the deal
    before: those made before the deal's trump is turned up (laws 22, 50: the deal before's
    marks may be made until then), and a king marked after it for the king the deal before
    turned up (law 22: too late, but that deal's king). Computed once per view."""
    return remember(view, "games.for_deal_before", lambda: _marks_for_before(view))


def _marks_before_play(view: DealView) -> frozenset[int]:
    if "mark" not in view.kinds or turn_index(view) is None:
        return frozenset()
    out: set[int] = set()
    for s in view.steps:
        deal = s.table.deal
        if s.kind != "mark" or deal is None or deal.phase is not Phase.EXCHANGE:
            continue
        if deal.result is None and not is_king_mark(s) and (mark_points(s) or 0) > 0:
            out.add(s.number)
    return frozenset(out)


def marks_before_play(view: DealView) -> frozenset[int]:
    """The step numbers of the marks for a hand (not a king's) made in the deal after its trump
    was turned up and before its first card was played: nothing of this deal's hand is won yet,
    so such a mark can only be for an earlier deal, and it comes after the time law 50 gave to
    make that deal's omission good (the next turn-up). Computed once per view."""
    return remember(view, "games.marks_before_play", lambda: _marks_before_play(view))


def mark_points(step: Step) -> int | None:
    """The points a ``marks`` or ``unmarks`` step put on the sheet (taken down: negative)."""
    if step.kind not in MARK_KINDS:
        return None
    deal = step.table.deal
    if deal is None or not deal.marks:
        return None
    return deal.marks[-1][1]


def marker(step: Step) -> Player | None:
    """Who made the mark (or took it down) at a ``marks``/``unmarks`` step."""
    deal = step.table.deal
    if step.kind not in MARK_KINDS or deal is None or not deal.marks:
        return None
    return deal.marks[-1][0]


MARK_KINDS: tuple[StepKind, ...] = ("mark", "unmark")
"""The steps that put marks on the sheet or take them down."""


# --------------------------------------------------------------------------------------------
#  The sheet as marked, cut into games
# --------------------------------------------------------------------------------------------


class Tally(NamedTuple):
    """The score sheet as the table marked it, each mark in the game of the deal it is for
    (:func:`for_deal_before`), after a deal: the game that deal belongs to and that game's
    sheet (by seat). The marks the next deal makes for this one are not in it yet."""

    game: int = 1
    sheet: tuple[int, int, int] = (0, 0, 0)


def _won(sheet: tuple[int, int, int], target: int) -> bool:
    return max(sheet) >= target


def _add(sheet: tuple[int, int, int], seat: int, n: int) -> tuple[int, int, int]:
    out = list(sheet)
    out[seat] += n
    return (out[0], out[1], out[2])


class SheetLine(NamedTuple):
    """A ``score`` line of a deal and the sheet as marked when it was written."""

    step: Step
    stated: Mapping[Player, int]
    """What the line says each player has."""
    right: bool
    """It states the sheet of the game of the last mark made before it, or of its deal's game."""
    marked: tuple[int, int, int]
    """The sheet it is read against (of the game of the last mark made before it)."""


def _walk(
    view: DealView, before: Tally, steps: Sequence[Step]
) -> Iterator[tuple[Step, Tally, tuple[int, int, int]]]:
    """The deal's ``steps`` (its marks, and any other steps wanted, in order), each with the
    tally of its deal's game so far and the sheet of the game of the last mark made (the deal
    before's while no mark of this deal is made). Only marks change either."""
    target = view.steps[0].table.target if view.steps else 5
    base = before.sheet  # the game of the deal before, with the marks made here for it
    own = (0, 0, 0)  # the marks made here for this deal
    last_before = True
    for_before = for_deal_before(view)
    for s in steps:
        n = mark_points(s)
        p = marker(s)
        if n is not None and p is not None:
            seat = SEAT[p]
            if s.number in for_before:
                base = _add(base, seat, n)
                last_before = True
            else:
                own = _add(own, seat, n)
                last_before = False
        new_game = _won(base, target)
        mine = Tally(before.game + 1, own) if new_game else Tally(before.game, _sum(base, own))
        yield s, mine, base if last_before else mine.sheet


def _sum(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _marks_and(view: DealView, *kinds: str) -> Sequence[Step]:
    """The deal's marks and marks taken down, with its steps of ``kinds``, in order."""
    wanted = {k for k in (*MARK_KINDS, *kinds) if k in view.kinds}
    return [s for s in view.steps if s.kind in wanted] if wanted else ()


def tally_after(view: DealView, before: Tally) -> Tally:
    """The tally after the deal of ``view``, from the tally after the deal before it."""
    if view.number is None or not view.steps:
        return before
    marks = _marks_and(view)
    if not marks:  # the deal's game as it began: the next, if the deal before won its game
        target = view.steps[0].table.target
        return Tally(before.game + 1) if _won(before.sheet, target) else before
    after = before
    for _, mine, _ in _walk(view, before, marks):
        after = mine
    return after


def sheet_lines(view: DealView) -> list[SheetLine]:
    """The deal's ``score`` lines, each read against the sheet as marked (``view.tally``: the
    tally after the deal before; without one, the engine's running sheet as the deal begins).
    A line is right if it states the sheet of the game of the last mark made before it, or of
    the game of its deal: between two games, the score is the finished game's, or the next
    one's."""
    if view.number is None or not view.steps or "score" not in view.kinds:
        return []
    before = view.tally
    if before is None:  # a view made without the court: the engine's sheet as the deal begins
        table = view.steps[0].table
        before = Tally(table.game, table.sheet)
    out: list[SheetLine] = []
    for s, mine, current in _walk(view, before, _marks_and(view, "score")):
        e = s.event
        if not isinstance(e, Score):
            continue
        right = any(
            all(sheet[SEAT[p]] == n for p, n in e.points.items()) for sheet in (current, mine.sheet)
        )
        out.append(SheetLine(s, e.points, right, current))
    return out


# --------------------------------------------------------------------------------------------
#  The games as ruled
# --------------------------------------------------------------------------------------------


class Standing(NamedTuple):
    """The game in progress as the ruling counts it: each player's score, as the laws let his
    marks stand, and whether a player has reached the game (the next deal begins the next)."""

    score: dict[str, int]
    over: bool = False


def after_the_game(
    score: Mapping[str, int], target: int, kings: Mapping[str, int], hands: Mapping[str, int]
) -> dict[str, int]:
    """The marks of a deal's hand that count nowhere (law 46): a king that takes its player to
    the game wins it before the hand is played, so every player's marks for the hand come
    after the game ended (``score``: the game's before the deal; ``kings`` and ``hands``: what
    each player's marks for the deal that stand are for). Empty when no king ends the game."""
    for p, k in kings.items():
        have = score.get(p, 0)
        if k > 0 and have < target <= have + k:
            return {q: n for q, n in hands.items() if n > 0}
    return {}


def count_deal(
    standing: Standing, marks: Mapping[str, int], target: int
) -> tuple[Standing, str | None]:
    """The standing after a deal whose marks, as ruled, are ``marks`` (the hand's marks after a
    game won by a king already taken away: :func:`after_the_game`), and who won the game with
    it (``None``: nobody). A deal after a game won begins the next game."""
    score = dict.fromkeys(standing.score, 0) if standing.over else dict(standing.score)
    for p in marks:
        if p not in score:  # a third player where none was looked for
            score = {q: score.get(q, 0) for q in sorted((*score, p))}
    for p in score:
        score[p] += marks.get(p, 0)
    winner = next((p for p in score if score[p] >= target), None)
    return Standing(score, winner is not None), winner


__all__ = [
    "MARK_KINDS",
    "SheetLine",
    "Standing",
    "Tally",
    "after_the_game",
    "count_deal",
    "for_deal_before",
    "mark_points",
    "marker",
    "marks_before_play",
    "sheet_lines",
    "tally_after",
]
