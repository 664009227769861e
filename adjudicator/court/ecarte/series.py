"""Pools and rubbers: the series of games a profile plays for (``docs/profiles.md``), ruled
from the games the record's ruling finds won, in order.

A pool (pool écarté) goes to the first player to win two games running (three with
``[Pool "3"]``); a rubber (the rubber profile) to the first to win a majority of its N games
(``[Rubber "N"]``). A game won after one is decided begins the next. Under a profile with
neither, there is no series.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.court.ecarte.ruling import GameRuling, SeriesRuling
from adjudicator.engine.ecarte.profiles import Profile, Series
from adjudicator.notation.numbers import is_number, number

_POOL_RUN = {"2": 2, "3": 3}


def _count(tags: dict[str, str], name: str) -> str:
    return next((v.strip() for k, v in tags.items() if k.lower() == name.lower()), "")


def series_of(
    games: Sequence[GameRuling], tags: dict[str, str], profile: Profile
) -> list[SeriesRuling]:
    """The pools or rubbers the ``games`` make under ``profile`` (the series it plays for; its
    counts from the record's ``tags``): each decided one, then the one in progress, if a game
    of it is won."""
    if profile.series is Series.POOL:
        return _pools(games, _POOL_RUN.get(_count(tags, "Pool"), 2))
    if profile.series is Series.RUBBER:
        n = _count(tags, "Rubber")
        of = number(n) if is_number(n) and number(n) % 2 == 1 else 3
        return _rubbers(games, of)
    return []


def _pools(games: Sequence[GameRuling], run: int) -> list[SeriesRuling]:
    out: list[SeriesRuling] = []
    wins = dict.fromkeys("ABC", 0)
    numbers: list[int] = []
    last, running = "", 0
    for g in games:
        wins[g.winner] += 1
        numbers.append(g.number)
        running = running + 1 if g.winner == last else 1
        last = g.winner
        if running >= run:
            out.append(SeriesRuling(kind="pool", of=run, winner=g.winner, wins=wins, games=numbers))
            wins, numbers, last, running = dict.fromkeys("ABC", 0), [], "", 0
    if numbers:
        out.append(SeriesRuling(kind="pool", of=run, wins=wins, games=numbers))
    return out


def _rubbers(games: Sequence[GameRuling], of: int) -> list[SeriesRuling]:
    out: list[SeriesRuling] = []
    need = of // 2 + 1
    wins: dict[str, int] = {}
    numbers: list[int] = []
    for g in games:
        wins[g.winner] = wins.get(g.winner, 0) + 1
        numbers.append(g.number)
        if wins[g.winner] >= need:
            out.append(
                SeriesRuling(kind="rubber", of=of, winner=g.winner, wins=wins, games=numbers)
            )
            wins, numbers = {}, []
    if numbers:
        out.append(SeriesRuling(kind="rubber", of=of, wins=wins, games=numbers))
    return out


__all__ = ["series_of"]
