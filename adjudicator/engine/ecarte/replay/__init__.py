"""The replay engine: a pure function from a record to the state of the table after every event.

:func:`replay` never refuses a record. It plays what the record says was done, lawful or not
(a revoked card is played, a sixth card is held, a card is exposed), and reports each departure
from lawful play as a :class:`~adjudicator.engine.ecarte.table.Deviation`: a fact for the laws to
judge. It judges nothing itself and knows nothing of the laws' options and penalties.

Unknown cards (``??``) are carried as counts. Holdings are inferred from the whole deal: a card
a player plays, discards or is said to hold later, and was not given after, was in his hand
before (:func:`later_holdings`).

The engine is one class, :class:`~adjudicator.engine.ecarte.replay.driver._Replay`, made of the
phases of a deal, a module each: ``seating`` (the deal's heading, the cut for deal, who sits),
``dealing`` (the dealing and the turn-up), ``exchange`` (proposals and the exchange), ``tricks``
(the play), ``ending`` (marks, claims and the end of a deal), ``offers`` (the profiles' advice,
doubling and the point); ``hands`` moves the cards into and out of the hands for all of them,
``working`` holds the state they share, and ``driver`` plays the events through them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from adjudicator.engine.ecarte.profiles import Profile
from adjudicator.engine.ecarte.replay.driver import _Replay
from adjudicator.engine.ecarte.replay.ending import MARK_DEFAULT
from adjudicator.engine.ecarte.replay.inference import counts_stated_later, later_holdings
from adjudicator.engine.ecarte.replay.leave import Leave
from adjudicator.engine.ecarte.replay.working import counts_by_law46, game_target
from adjudicator.engine.ecarte.table import Step, Table
from adjudicator.notation.ecarte.model import Deal, Record


def replay(
    record: Record,
    leave: Leave | None = None,
    deals: Iterable[Deal] | None = None,
    profile: Profile | None = None,
) -> Iterator[Step]:
    """The table after every event of ``record``, in order (a deal's heading is a step too).

    ``leave``: the court, asked before a fact that needs a law's leave changes the table, and
    at the end of each deal whether the laws annul it (:class:`Leave`). The engine judges
    nothing itself: without ``leave`` it plays every fact as the record gives it.

    ``deals``: the record's deals, if not ``record.deals`` (a long record read a part at a
    time gives its deals as they are read; the replay holds only the deal in progress).

    ``profile``: the rule profile to play under, resolved once by the caller (the court); the
    record's own (:func:`~adjudicator.engine.ecarte.profiles.profile_of`) if not given. The
    replay asks it, not the record's ``Rules`` tag, for everything a profile changes."""
    return _Replay(record, leave, deals, profile).run()


def deal_ends(record: Record, profile: Profile | None = None) -> Iterator[Table | None]:
    """The table at the end of each deal of ``record`` (after its last event), one deal at a
    time, until the replay meets a deviation from lawful play or a card the record does not
    name: then ``None``, and nothing more.

    The same replay as :func:`replay`, without its steps: nothing is copied per event. It plays
    every fact as recorded (no :class:`Leave`), so it answers for what the laws would allow only
    where the record holds no fact that needs their leave but those no law refuses where nothing
    deviates (a refusal of a proposal: law 37 forbids it only after a card turned up in error).
    The court's quick path reads it, and stops reading at the first deal it cannot take.
    ``profile``: as for :func:`replay`."""
    return _Replay(record, profile=profile).ends()


def final_table(record: Record) -> Table:
    """The table after the last event."""
    table = Table(target=game_target(record), sheet=(0, 0, 0))
    for step in replay(record):
        table = step.table
    return table


__all__ = [
    "MARK_DEFAULT",
    "Leave",
    "counts_by_law46",
    "counts_stated_later",
    "deal_ends",
    "final_table",
    "game_target",
    "later_holdings",
    "replay",
]
