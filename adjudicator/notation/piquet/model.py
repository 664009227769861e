"""The record model of the Piquet Transcript Notation: what a record *says*.

Facts only: what was cut, dealt, said, exchanged, declared, played and scored, in the order it
happened. Nothing here judges whether it was lawful (a discard of six cards, a call of what was
not held, a score wrongly added are values like any other). An unknown card is ``None``
(written ``??``); a count of unknown cards (``A takes 5``) is that many ``None``.

A record holds parties; a partie holds its opening (the cut for deal and the choice) and its
deals; a deal holds its events in order (:mod:`~adjudicator.notation.piquet.events`, one model
for each line form). Every value written on a line of its own keeps where it was written and
the comments that go with it (:class:`~adjudicator.notation.nodes.Line`). Equality compares
facts and comments, not positions.
"""

from __future__ import annotations

from pydantic import model_validator

from adjudicator.notation.nodes import Cards, Line, Node, Tag
from adjudicator.notation.numbers import is_number, number
from adjudicator.notation.piquet.events import (
    Answer,
    CardNamed,
    CarteBlanche,
    CutForDeal,
    Deals,
    Discard,
    DoesNotLook,
    Elect,
    Event,
    EventKind,
    ExchangeCall,
    Holds,
    Lead,
    Leave,
    Look,
    NumberSaid,
    Packet,
    PartieScore,
    Play,
    PlayerCards,
    PointCall,
    Question,
    Reckon,
    Result,
    Score,
    SequenceCall,
    SetCall,
    Settlement,
    Show,
    Stock,
    Take,
    Tallies,
    Tally,
    Trick,
)
from adjudicator.notation.piquet.irregularities import (
    IRREGULARITIES,
    Announce,
    Bystander,
    Claim,
    ClaimReply,
    Collects,
    Counted,
    Cuts,
    Damaged,
    Drop,
    Expose,
    Faced,
    Mix,
    NewPacks,
    Retract,
    Shuffles,
    Stand,
    TakeBack,
    TakesUp,
    Touch,
    Waive,
)
from adjudicator.notation.piquet.vocabulary import (
    MAX_CARD_COUNT,
    NUMBER_WORDS,
    RANK_NAMES,
    RANK_ORDER,
    SEQUENCE_NAMES,
    SUIT_NAMES,
    Asked,
    Choice,
    Claimed,
    Consent,
    Damage,
    ExchangeWord,
    Heap,
    LookAt,
    MixedWith,
    Number,
    PackDealt,
    Place,
    Reply,
    Seat,
)

# --------------------------------------------------------------------------------------------
#  Deals, parties, records
# --------------------------------------------------------------------------------------------


class Deal(Line):
    """A deal: its heading (``deal 1 B``) and the events under it, in order."""

    number: Number
    """The deal's number as written."""
    dealer: Seat
    """Who dealt: the younger hand (the other is the elder)."""
    events: tuple[Event, ...] = ()
    """What happened in the deal, in the order it happened."""


class Partie(Line):
    """A partie (law 71): its heading (``partie 2``), if one was written, its opening (the cut
    for deal, the choice) and its deals. A record's first partie may have no heading: its
    lines are those before the first ``partie`` heading, and its position and comments are
    none."""

    number: Number | None = None
    """The partie's number as written in its heading; ``None`` for a first partie written
    without one."""
    opening: tuple[Event, ...] = ()
    """Events before its first deal: the cut for deal, normally."""
    deals: tuple[Deal, ...] = ()
    """Its deals, in the order written."""

    @model_validator(mode="after")
    def _unwritten_heading(self) -> Partie:
        if self.number is None and (
            self.comments or self.comments_before or self.comments_after or self.comments_continued
        ):
            raise ValueError("a partie without a heading has no line to hold comments")
        return self


DEFAULT_PARTIE = 6
"""Deals in a partie when the ``Partie`` tag does not say (law 71)."""


class Record(Node):
    """One record: a sitting at one table, from its tags to its last line."""

    line: int = 0
    """Line of the file where the record begins (1-based; 0 if it was not read)."""
    tags: tuple[Tag, ...] = ()
    """The tag block, in the order written; tags of any name are kept."""
    parties: tuple[Partie, ...] = ()
    """The parties, in the order written."""
    comments_after: tuple[str, ...] = ()
    """Comments standing on their own after the record's last line."""

    @model_validator(mode="after")
    def _headings(self) -> Record:
        if any(p.number is None for p in self.parties[1:]):
            raise ValueError("only a record's first partie may be written without a heading")
        return self

    def partie_length(self) -> int:
        """Deals in a partie, from the ``Partie`` tag (law 71: 6, or 4 by agreement); 6 when
        the tag is absent (the reader refuses one that is not a number)."""
        value = self.tag("Partie")
        return number(value) if value is not None and is_number(value) else DEFAULT_PARTIE

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of the first tag called ``name`` (case-insensitive), else ``default``."""
        lowered = name.lower()
        for tag in self.tags:
            if tag.name.lower() == lowered:
                return tag.value
        return default

    def deals(self) -> list[Deal]:
        """Every deal of the record, partie after partie."""
        return [deal for partie in self.parties for deal in partie.deals]

    def events(self) -> list[tuple[Partie, Deal | None, Event]]:
        """Every event of the record in order, with its partie and its deal (``None`` in a
        partie's opening)."""
        out: list[tuple[Partie, Deal | None, Event]] = []
        for partie in self.parties:
            out.extend((partie, None, e) for e in partie.opening)
            for deal in partie.deals:
                out.extend((partie, deal, e) for e in deal.events)
        return out


__all__ = [
    "DEFAULT_PARTIE",
    "IRREGULARITIES",
    "MAX_CARD_COUNT",
    "NUMBER_WORDS",
    "RANK_NAMES",
    "RANK_ORDER",
    "SEQUENCE_NAMES",
    "SUIT_NAMES",
    "Announce",
    "Answer",
    "Asked",
    "Bystander",
    "CardNamed",
    "Cards",
    "CarteBlanche",
    "Choice",
    "Claim",
    "ClaimReply",
    "Claimed",
    "Collects",
    "Consent",
    "Counted",
    "CutForDeal",
    "Cuts",
    "Damage",
    "Damaged",
    "Deal",
    "Deals",
    "Discard",
    "DoesNotLook",
    "Drop",
    "Elect",
    "Event",
    "EventKind",
    "ExchangeCall",
    "ExchangeWord",
    "Expose",
    "Faced",
    "Heap",
    "Holds",
    "Lead",
    "Leave",
    "Line",
    "Look",
    "LookAt",
    "Mix",
    "MixedWith",
    "NewPacks",
    "Node",
    "Number",
    "NumberSaid",
    "PackDealt",
    "Packet",
    "Partie",
    "PartieScore",
    "Place",
    "Play",
    "PlayerCards",
    "PointCall",
    "Question",
    "Reckon",
    "Record",
    "Reply",
    "Result",
    "Retract",
    "Score",
    "Seat",
    "SequenceCall",
    "SetCall",
    "Settlement",
    "Show",
    "Shuffles",
    "Stand",
    "Stock",
    "Tag",
    "Take",
    "TakeBack",
    "TakesUp",
    "Tallies",
    "Tally",
    "Touch",
    "Trick",
    "Waive",
]
