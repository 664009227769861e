"""The écarté adjudicator: reads records of play in the Écarté Transcript Notation and, in later
layers, replays them under the 51 laws of the London clubs and rules on them."""

from .cards import ALL_CARDS, Card, Player, Rank, Suit
from .errors import NotationError
from .model import Deal, Event, Record, Tag
from .reader import read, read_each, read_one
from .writer import write, write_all

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
