"""What the replay asks of whoever judges the record as it goes (the court): :class:`Leave`."""

from __future__ import annotations

from typing import Protocol

from adjudicator.engine.ecarte.remedy import Remedy
from adjudicator.engine.ecarte.table import Ending, Step


class Leave(Protocol):
    """What the engine asks of whoever judges the record as it replays (the court), so that the
    table moves only as the laws allow. Without one, the engine plays every fact as recorded."""

    def allows(self, fact: Step) -> bool:
        """Whether ``fact`` takes effect: a claim or permission that would change the table (a
        fresh deal, a choice of trump, a replay of the hands, a completion from the stock), a
        card taken back, or a refusal of a proposal. ``fact`` is the step as it would stand if
        refused: the event, with the table just before it. Refused, it is a step that changes
        nothing, but for a refusal, which stands as an acceptance (a proposal has two
        answers)."""
        ...

    def remedies(self, fact: Step) -> tuple[Remedy, ...]:
        """Asked once ``fact`` has taken effect (:meth:`allows`): what the laws' remedies it
        takes do to the cards on the table (a surplus drawn or put out, cards thrown aside),
        which the engine does at once (:mod:`adjudicator.engine.ecarte.remedy`)."""
        ...

    def ending(self, position: int) -> Ending | None:
        """Asked when the deal at ``position`` (in ``record.deals``) is over, before the next
        deal begins: a fresh deal or a void deal (:class:`Ending`) if the laws annul it although
        no line of the record ended it so (the deal does not pass, and the same player deals again);
        ``None`` if it stands, or the record ended it itself."""
        ...

    def unwon(self, position: int) -> bool:
        """Pool écarté: asked, after :meth:`ending`, when the deal at ``position`` won a game
        by the sheet as marked: whether the laws take the game away (a mark they take down
        leaves the winner short of the game), so that no seat changes (pool rule P1)."""
        ...
