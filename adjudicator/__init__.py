"""The écarté adjudicator: reads records of play in the Écarté Transcript Notation, replays them
and rules on them under the 51 laws of the London clubs.

Layers, each importing only from those below it (an import-linter contract in
``pyproject.toml``): ``adjudicator.notation`` (read and write records) → ``adjudicator.engine``
(the rules of play and the replay) → ``laws`` (the 51 laws) → ``adjudicator.court`` (claims,
options, outcomes, corrections, the ruling) → ``adjudicator.shell`` (the command line, batches,
output). This package exports the notation layer's API."""

from adjudicator.notation.cards import ALL_CARDS, Card, Player, Rank, Suit
from adjudicator.notation.ecarte.model import Deal, Event, Record, Tag
from adjudicator.notation.ecarte.reader import read, read_each, read_one
from adjudicator.notation.ecarte.writer import write, write_all
from adjudicator.notation.errors import NotationError

__all__ = [
    "ALL_CARDS",
    "Card",
    "Deal",
    "Event",
    "NotationError",
    "Player",
    "Rank",
    "Record",
    "Suit",
    "Tag",
    "read",
    "read_each",
    "read_one",
    "write",
    "write_all",
]
