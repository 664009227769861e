"""What a law of piquet sees of one deal: its events as written, the replay of it (the hands,
the tricks, the score as the engine reckons it), the engine's deviations, the lines of
irregularities recorded as facts, and where the deal stands in its partie."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from adjudicator.engine.piquet.deal import DealReplay
from adjudicator.engine.piquet.deviations import Deviation, DeviationKind
from adjudicator.notation.cards import Player
from adjudicator.notation.piquet.events import Event
from adjudicator.notation.piquet.model import Deal

E = TypeVar("E")


@dataclass(frozen=True)
class DealView:
    """One deal, as the laws read it."""

    deal: Deal
    """The deal as written: its heading and events, in order."""
    replay: DealReplay
    """The deal as the engine replayed it."""
    deals_in_partie: int = 6
    """How many deals the partie has (law 71: six, or four by agreement)."""
    index: int = 0
    """Its place among the partie's deals (0 for the first written)."""
    dealers: tuple[Player, ...] = ()
    """Who dealt each deal of the partie, in order."""
    numbers: tuple[int, ...] = ()
    """The number of each deal of the partie, in order."""
    first_dealer: Player | None = None
    """Who was to deal first, as the cut decided it (``None``: no cut written)."""
    opening: tuple[Event, ...] = ()
    """The partie's opening (the cut for deal, the choice, the cut to the dealer, new packs
    called for), given with its first deal only: the laws of cutting read it there, and find
    before the first deal."""
    previous: DealReplay | None = None
    """The deal before it in the partie, as replayed (``None`` for the first): where a
    correction of the score (law 70) finds the totals it corrects."""
    _by_form: dict[type, tuple[tuple[int, Event], ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    """The events of each line form, with their places: worked out once, as most laws ask
    for one form or two."""

    def __post_init__(self) -> None:
        forms: dict[type, list[tuple[int, Event]]] = {}
        for i, event in enumerate(self.deal.events):
            forms.setdefault(type(event), []).append((i, event))
        self._by_form.update((form, tuple(found)) for form, found in forms.items())

    @property
    def number(self) -> int:
        """The deal's number as written."""
        return self.deal.number

    @property
    def elder(self) -> Player:
        """The elder hand (the non-dealer)."""
        return self.replay.elder

    @property
    def younger(self) -> Player:
        """The younger hand (the dealer)."""
        return self.replay.dealer

    @property
    def events(self) -> tuple[Event, ...]:
        """The deal's events, in order."""
        return self.deal.events

    def other(self, player: Player) -> Player:
        """The adversary of ``player``."""
        return self.younger if player is self.elder else self.elder

    def deviations(self, kind: DeviationKind) -> tuple[Deviation, ...]:
        """The engine's deviations of ``kind`` in the deal, in order."""
        return tuple(d for d in self.replay.deviations if d.kind is kind)

    def of_type(self, kind: type[E]) -> tuple[tuple[int, E], ...]:
        """The events of the line form ``kind``, each with its place among the events."""
        return self._by_form.get(kind, ())  # type: ignore[return-value]

    def first(self, test: Callable[[Event], bool], start: int = 0) -> int | None:
        """The place of the first event from ``start`` on for which ``test`` holds."""
        return next((i for i in range(start, len(self.events)) if test(self.events[i])), None)

    def place_of(self, line: int) -> int:
        """The place among the events of the event at ``line`` (the last event before it if
        none is written there; -1 before the first)."""
        place = -1
        for i, event in enumerate(self.events):
            if event.line > line:
                break
            place = i
        return place
