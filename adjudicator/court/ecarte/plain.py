"""The quick path for a plain record: every deal quiet to the laws, ruled without the replay's
steps.

Most records of an archive are plain: the cut for deal, then deals that keep to their ordinary
course, in which the engine meets no deviation from lawful play and each player marks what the
deal entitles him to. No law can find anything in such a deal (the laws' own filter,
:func:`laws.ecarte.view.quiet`, says so from the same two queries used here), so its ruling is "the
deal stands, marked as recorded", and the record's score is the sum of the marks.

This module decides that with the engine's own replay run without steps
(:func:`adjudicator.engine.ecarte.replay.deal_ends`: the same handlers, nothing copied per event,
the replay stopping at the first deviation) and the engine's queries
(:func:`adjudicator.engine.ecarte.queries.ordinary_course`,
:func:`adjudicator.engine.ecarte.queries.marked_as_entitled`). It is a filter, never a judge, and
has no rules of play of its own: whenever anything is not plainly lawful it answers ``None`` and the
court does the full work. The test suite checks, on the casebook and on generated and mutated
games, that whenever it answers, its ruling is the one the full adjudication gives.
"""

from __future__ import annotations

from adjudicator.court.ecarte.ruling import DealRuling, GameRuling, RecordRuling
from adjudicator.engine.ecarte.profiles import CLUB, Profile, profile_of
from adjudicator.engine.ecarte.queries import (
    Unknown,
    entitled_parts,
    marked_as_entitled,
    ordinary_course,
)
from adjudicator.engine.ecarte.replay import counts_by_law46, deal_ends
from adjudicator.engine.ecarte.rules import cut_rank, game_value
from adjudicator.engine.ecarte.table import DealState
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import Record
from laws.ecarte import LAWS
from laws.ecarte.base import Outcome
from laws.ecarte.games import Standing, after_the_game, count_deal

_COUNTS = {3: "treble", 2: "double", 1: "single"}
_GAME_VALUE_LAW = next(law.number for law in LAWS if "treble" in law.keywords)
"""The law that values a game by the loser's score (found by its keyword, not its number)."""


def players_of(profile: Profile) -> tuple[str, ...]:
    """The players whose score the ruling keeps from the start: the profile's (A, B and C in
    pool écarté, else A and B; the court adds C where a deal of his comes)."""
    return tuple(p.value for p in profile.seats.players)


def game_won(
    number: int,
    winner: str,
    score: dict[str, int],
    deal: int,
    by_law: bool,
    against: str | None = None,
) -> GameRuling:
    """A game won, valued by the loser's score if ``by_law`` (else it counts one). ``against``:
    the loser, in a game of three (pool écarté); else the other of A and B."""
    if against is None:
        against = max((p for p in score if p != winner), key=lambda p: score[p])
    value = game_value(score.get(against, 0)) if by_law else 1
    return GameRuling(
        number=number,
        winner=winner,
        against=against,
        score=dict(score),
        deal=deal,
        value=value,
        counts=_COUNTS[value] if by_law else "",
        law=_GAME_VALUE_LAW if by_law else None,
    )


def tags_of(record: Record) -> dict[str, str]:
    """The record's tags by name (of a tag written twice, the last)."""
    return {t.name: t.value for t in record.tags}


def plain_ruling(
    record: Record, target: int, profile: Profile | None = None
) -> RecordRuling | None:
    """The ruling on ``record`` if it is plain (see the module's docstring), else ``None``.
    ``target`` is the points that win a game; ``profile`` the rule profile it is ruled under
    (the record's own if not given): only the club code's records are plain."""
    if profile is None:
        profile = profile_of(record)
    if not record.deals or not _plain_opening(record) or profile is not CLUB:
        return None
    for deal in record.deals:
        if deal.dealer is Player.C or not ordinary_course(deal.events):
            return None
    standing = Standing({"A": 0, "B": 0})
    winner: str | None = None
    deals: list[DealRuling] = []
    games: list[GameRuling] = []
    by_law = counts_by_law46(record, profile)
    # The end of each deal, until a deviation or a card not named (None; no more follow).
    for deal, table in zip(record.deals, deal_ends(record, profile), strict=False):
        final = table.deal if table is not None else None
        if table is None or final is None or not marked_as_entitled(final, game_won=table.over):
            return None
        if Player.C in (final.dealer, final.elder):
            return None
        if standing.over:  # the deal after a game is won begins the next game
            standing = Standing({"A": 0, "B": 0})
        given = {"A": 0, "B": 0}
        for player, points in final.marks:
            given[player.value] += points
        if _after_the_game(final, standing, given, target):
            return None  # a hand played on after a king won the game: the court rules it
        deals.append(
            DealRuling.model_construct(
                number=deal.number,
                line=deal.line,
                dealer=deal.dealer.value,
                outcome=Outcome.STANDS,
                how="the deal stands",
                marks=given,
                recorded=dict(given),
                laws=[],
            )
        )
        standing, won = count_deal(standing, given, target)
        if won is not None:
            winner = won
            games.append(game_won(len(games) + 1, won, standing.score, deal.number, by_law))
    return RecordRuling.model_construct(
        games=games,
        line=record.line,
        tags=tags_of(record),
        findings=[],
        claims=[],
        deals=deals,
        corrections=[],
        score=standing.score,
        winner=winner,
        trace=[],
    )


def _after_the_game(
    final: DealState, standing: Standing, given: dict[str, int], target: int
) -> bool:
    """Whether a king marked in the deal won the game before its hand, which was played and
    marked all the same (:func:`laws.ecarte.games.after_the_game`: those marks count nowhere)."""
    if all(standing.score.get(p, 0) + n < target for p, n in given.items()):
        return False  # nobody reaches the game in the deal: no mark of it is after the game
    parts = entitled_parts(final)
    if isinstance(parts, Unknown):
        return True
    kinged, hands_won = parts
    # Marked as entitled (:func:`marked_as_entitled`): a king not marked has lapsed.
    kings = {
        p.value: n if given.get(p.value, 0) >= n + hands_won.get(p, 0) else 0
        for p, n in kinged.items()
    }
    hands = {p: n - kings.get(p, 0) for p, n in given.items()}
    return bool(after_the_game(standing.score, target, kings, hands))


def _plain_opening(record: Record) -> bool:
    """Whether the record opens plainly: with nothing, or with one cut for deal in which A and
    B each cut one card and the cut is no tie (law 5), the laws then having nothing to say."""
    opening = record.opening
    if not opening:
        return True
    if len(opening) != 1 or opening[0].kind != "cut_for_deal":
        return False
    cuts = opening[0].cuts
    a, b = cuts.get(Player.A), cuts.get(Player.B)
    if len(cuts) != 2 or a is None or b is None or len(a) != 1 or len(b) != 1:
        return False
    return a[0] is not None and b[0] is not None and cut_rank(a[0]) != cut_rank(b[0])
