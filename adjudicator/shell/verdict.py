"""The verdict a ruling opens with (issue 23, item 1), the same words in text, Markdown and HTML.

A club reads the result first: the score as marked at the table and as corrected, one line
for each correction naming the law that decides it, why, what it does and the score of the
game after it, each game won (or thought won at the table and undone by the ruling), the
options still open with who holds them and until when, and who deals next. The deals and the
laws' trace follow.

:class:`Verdict` gathers what it needs as the pieces of a ruling come
(:func:`adjudicator.court.ecarte.adjudicate.adjudicate_parts`): the deals' marks wait in a spool
(what is held does not grow with the length of a record), the corrections and the open options
are held (few). :meth:`Verdict.words` gives the verdict as plain sentences, which each format
lays out (escaped for HTML and Markdown by its template).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from typing import Any, NamedTuple

from adjudicator.court.ecarte.api import (
    BY_NUMBER,
    Correction,
    DealRuling,
    FindingRuling,
    GameRuling,
    cite,
)
from adjudicator.shell.readings import correction_reading, window_reading
from adjudicator.shell.spool import Rows

SEATS = ("A", "B", "C")


def marks_words(n: int) -> str:
    """Marks in words: ``marks nothing``, ``1 mark``, ``3 marks`` (a count of 0 is said)."""
    if n == 0:
        return "nothing"
    return f"{n} mark" if n == 1 else f"{n} marks"


def score_words(score: dict[str, int], names: dict[str, str]) -> str:
    """A score as a sheet reads it: ``Mr. Anstey (A) 3, Mr. Bourke (B) 4``."""
    return ", ".join(f"{names.get(seat, seat)} {score.get(seat, 0)}" for seat in score)


class _Game:
    """A running score, game by game (a deal after a game is won begins the next one)."""

    def __init__(self, target: int, seats: tuple[str, ...]) -> None:
        self.target = target
        self.seats = seats
        self.score = dict.fromkeys(seats, 0)
        self.over = False
        self.number = 1

    def begin(self) -> dict[str, int]:
        """The score before the next deal's marks (a fresh game after one is won)."""
        if self.over:
            self.score = dict.fromkeys(self.seats, 0)
            self.over = False
            self.number += 1
        return dict(self.score)

    def add(self, marks: dict[str, int]) -> str | None:
        """Add a deal's marks; who won the game with them, if anyone."""
        self.begin()
        for seat in self.seats:
            self.score[seat] += marks.get(seat, 0)
        won = next((seat for seat in self.seats if self.score[seat] >= self.target), None)
        self.over = won is not None
        return won


class _Corrected(NamedTuple):
    """A correction, as the verdict holds it (lighter than the ruling's model)."""

    player: str
    points: int
    law: int
    deal: int | None
    line: int | None
    reason: str


class Verdict:
    """What the verdict of a record needs, gathered as its ruling comes."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.deals = Rows()
        """Each deal ruled: number, line, dealer, marks at the table, marks after the ruling."""
        self.corrections: list[_Corrected] = []
        self.open: list[tuple[int, str]] = []
        """Each option still open when the record ends: its line, and the sentence saying it."""
        self.seats: set[str] = set()
        self.found: dict[int, list[tuple[int, int]]] = {}
        """The law and line of each finding of a law about a deal, by the deal's number."""

    def deal(self, ruled: DealRuling) -> None:
        """A deal ruled."""
        self.seats.update(ruled.marks, ruled.recorded)
        self.deals.add(
            [
                ruled.number,
                ruled.line,
                ruled.dealer,
                ruled.recorded,
                ruled.marks,
                ruled.how,
                ruled.laws,
            ]
        )

    def correction(self, c: Correction) -> None:
        """A correction to the score sheet."""
        self.seats.add(c.player)
        self.corrections.append(_Corrected(c.player, c.points, c.law, c.deal, c.line, c.reason))

    def finding(self, f: FindingRuling, names: dict[str, str]) -> None:
        """A finding: its options still open are part of the verdict."""
        if f.deal is not None and f.law is not None:
            self.found.setdefault(f.deal, []).append((f.law, f.line))
        for o in f.options:
            if o.status != "open":
                continue
            law = cite(f.law) if f.law is not None else "the court"
            effect = o.effect or o.name.replace("_", " ")
            window = o.window + window_reading(f.law, o.name)
            if o.who is None:
                said = f"the law requires ({law}, line {f.line}): {effect}, {window}"
            else:
                who = names.get(o.who, o.who)
                said = (
                    f"{who} may still take the option {o.name.replace('_', ' ')} ({law}, "
                    f"line {f.line}), {window}: {effect}"
                )
            self.open.append((f.line, said))

    def close(self) -> None:
        self.deals.close()

    def words(
        self,
        names: dict[str, str],
        score: dict[str, int],
        won: list[str],
        pending: list[str],
        next_dealer: str | None,
        games: list[GameRuling],
    ) -> dict[str, Any]:
        """The verdict in sentences: ``table`` and ``corrected`` (the scores), ``corrections``
        (a line each), ``games`` (undone, then ``won``: each game won, in words), ``options``
        (still open), ``pending`` (what the score waits on) and ``next`` (who deals next, if
        the record tells); ``games``: the games won, for the corrected score."""
        seats = tuple(s for s in SEATS if s in self.seats or s in score) or ("A", "B")
        table, ruled = _Game(self.target, seats), _Game(self.target, seats)
        lines: list[str] = []
        thought: list[tuple[str, int, int]] = []
        won_at: set[tuple[str, int]] = set()
        ruled_at: dict[int, dict[str, int]] = {}
        for row, taken in self._rows_with_corrections():
            number, line, _dealer, recorded, marks, how, laws = row
            before = ruled.begin()
            running = {s: before[s] + recorded.get(s, 0) for s in seats}
            for c in taken:
                running[c.player] = running.get(c.player, 0) + c.points
                lines.append(self._correction_line(c, names, running))
            after = {s: before[s] + marks.get(s, 0) for s in seats}
            if running != after:  # the ruling changes the deal's marks by no correction
                if how == "the deal stands" and number in self.found:
                    law, at = self.found[number][0]
                    how = f"as the finding at line {at} says"
                    laws = [law]
                lines.append(_changed_line(number, recorded, marks, how, laws, names, after))
            winner = table.add(recorded)
            ruled_won = ruled.add(marks)
            if winner is not None:  # (held for these deals alone: few)
                thought.append((winner, number, line))
                ruled_at[line] = dict(ruled.score)
            if ruled_won is not None:
                won_at.add((ruled_won, line))
        for c in self.corrections:
            if c.line is None:
                lines.append(self._correction_line(c, names, None))
        undone = [
            self._undone(winner, number, names, ruled_at.get(line, {}))
            for winner, number, line in thought
            if (winner, line) not in won_at
        ]
        return {
            "table": self._table(table, thought, names),
            "corrected": self._corrected(ruled, score, games, names),
            "corrections": lines,
            "games": [*(capital(u) for u in undone), *won],
            "options": [said for _, said in sorted(self.open, key=lambda x: x[0])],
            "pending": pending,
            "next": f"{names.get(next_dealer, next_dealer)} deals next" if next_dealer else None,
        }

    def _rows_with_corrections(self) -> Iterator[tuple[Any, list[_Corrected]]]:
        """Each deal with the corrections written in its lines (a correction's line is its
        player's last mark for the deal), in their order."""
        placed = sorted((c for c in self.corrections if c.line is not None), key=_line_of)
        lines = [_line_of(c) for c in placed]
        held: Any = None
        for row in self.deals:
            if held is not None:
                upto = bisect.bisect_left(lines, row[1])
                yield held, placed[:upto]
                del placed[:upto], lines[:upto]
            held = row
        if held is not None:
            yield held, placed

    def _correction_line(
        self, c: _Corrected, names: dict[str, str], running: dict[str, int] | None
    ) -> str:
        """One correction: whose marks, by how much, the law that decides it and why, and the
        score of the game after it."""
        who = names.get(c.player, c.player)
        law = BY_NUMBER.get(c.law)
        title = f" ({law.title})" if law is not None else ""
        if c.points < 0:
            effect = f"{who} takes down {marks_words(-c.points)}"
        else:
            effect = f"{who} is given {marks_words(c.points)}"
        where = f"deal {c.deal}" if c.deal is not None else "the record"
        if c.line is not None:
            where += f", line {c.line}"
        text = f"{where}: {effect}, under {cite(c.law)}{title}: {c.reason}"
        text += correction_reading(c.law)
        if running is not None:
            text += f"; the game then stands at {score_words(running, names)}"
        return text

    def _table(
        self, table: _Game, thought: list[tuple[str, int, int]], names: dict[str, str]
    ) -> str:
        """The score as marked at the table: the games it thought won, and the game after."""
        now = score_words(table.score, names)
        if not thought:
            return now
        winner, number, _ = thought[-1]
        won = f"game {table.number if table.over else table.number - 1} marked as won by "
        won += f"{names.get(winner, winner)} in deal {number}"
        if table.over:
            return f"{won}, {now}; the next game not begun"
        return f"{won}; the game after it at {now}"

    def _undone(
        self, winner: str, number: int, names: dict[str, str], after: dict[str, int]
    ) -> str:
        """A game the table thought won that the ruling undoes."""
        who = names.get(winner, winner)
        has = after.get(winner, 0)
        return (
            f"the game {who} was thought to have won in deal {number} is undone: after the "
            f"corrections {who} has {has} of the {self.target} points that win it"
        )

    def _corrected(
        self,
        ruled: _Game,
        score: dict[str, int],
        games: list[GameRuling],
        names: dict[str, str],
    ) -> str:
        """The corrected score: the game in progress (the court's score), and the games won
        before it, said as such."""
        now = score_words({s: score.get(s, 0) for s in ruled.seats}, names)
        if not games:
            return now
        last = games[-1]
        won = f"game {last.number} won by {names.get(last.winner, last.winner)}"
        if ruled.over:
            return f"{won}, {score_words(last.score, names)}; the next game has not begun"
        return f"{won}; the game in progress (game {last.number + 1}) stands at {now}"


def _changed_line(
    number: int,
    recorded: dict[str, int],
    marks: dict[str, int],
    how: str,
    laws: list[int],
    names: dict[str, str],
    after: dict[str, int],
) -> str:
    """A deal whose marks the ruling changes otherwise than by a correction of the sheet (a
    mark taken down at the table, a deal annulled): what it gives against what was marked."""
    given = score_words({s: marks.get(s, 0) for s in recorded | marks}, names)
    made = score_words({s: recorded.get(s, 0) for s in recorded | marks}, names)
    cited = f" ({', '.join(cite(n) for n in laws)})" if laws else ""
    return (
        f"deal {number}: it gives {given}, where the table marked {made}: {how}{cited}; "
        f"the game then stands at {score_words(after, names)}"
    )


def capital(text: str) -> str:
    """A sentence begun with a capital."""
    return text[:1].upper() + text[1:]


def _line_of(c: _Corrected) -> int:
    return c.line or 0
