"""What the replay knows of the cards at a moment of a deal: each hand and the stock, as far as
the record has told them.

A record may leave cards out (``A takes 5``, ``??``); what it leaves out is unknown, never
assumed. A :class:`Hand` holds the cards known to be in it and a count of cards in it that are
not known; a :class:`Stock` holds its cards from the top down, each known or ``None``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from adjudicator.notation.cards import Card


@dataclass
class Hand:
    """A player's hand as far as the record tells it."""

    known: set[Card] = field(default_factory=set)
    """Cards known to be in the hand."""
    unknown: int = 0
    """How many cards are in it besides, not known."""
    told: bool = False
    """Whether the record has said anything of this hand yet."""

    @property
    def size(self) -> int:
        """How many cards the hand holds."""
        return len(self.known) + self.unknown

    @property
    def whole(self) -> frozenset[Card] | None:
        """The hand, if every card of it is known."""
        return frozenset(self.known) if self.told and not self.unknown else None

    def add(self, cards: Iterable[Card | None], *, dealt: bool = True) -> list[Card]:
        """Put ``cards`` into the hand (``None``: a card not known); returns those it already
        held. Cards taken in (``dealt`` false) by a player whose hand the record has not told
        are noted as his, and his hand stays untold: its size is not known."""
        again = []
        for card in cards:
            if not self.told and not dealt:
                if card is not None:
                    self.known.add(card)
                continue
            self.told = True
            if card is None:
                self.unknown += 1
            elif card in self.known:
                again.append(card)
            else:
                self.known.add(card)
        return again

    def remove(self, cards: Iterable[Card | None]) -> list[Card]:
        """Take ``cards`` out of the hand; returns the known cards it could not have held (not in
        it, and no unknown card could be them). An unknown card taken out of a hand of known
        cards makes every card of the hand uncertain: they become unknown."""
        missing: list[Card] = []
        if not self.told:
            self.known.difference_update(c for c in cards if c is not None)
            return missing
        for card in cards:
            if card is None:
                if self.unknown:
                    self.unknown -= 1
                elif self.known:
                    self.unknown = len(self.known) - 1
                    self.known.clear()
            elif card in self.known:
                self.known.remove(card)
            elif self.unknown:
                self.unknown -= 1
            else:
                missing.append(card)
        return missing

    def state(self, cards: Iterable[Card | None]) -> bool:
        """The record states the whole hand: returns whether that agrees with what was known,
        and takes the statement as the hand from here on."""
        stated = list(cards)
        said = {c for c in stated if c is not None}
        blanks = len(stated) - len(said)
        agrees = (not self.told and self.known <= said) or (
            len(stated) == self.size
            and len(self.known - said) <= blanks
            and len(said - self.known) <= self.unknown
        )
        if agrees and self.told:
            said |= self.known
        self.known = said
        self.unknown = len(stated) - len(said)
        self.told = True
        return agrees

    def holds(self, card: Card) -> bool | None:
        """Whether the hand holds ``card``: ``None`` when the record does not tell."""
        if card in self.known:
            return True
        return None if self.unknown else False


@dataclass
class Stock:
    """The stock as far as the record tells it: its cards from the top down."""

    cards: list[Card | None] = field(default_factory=list)
    """The cards not yet taken, top first (``None``: not known)."""
    told: bool = False
    """Whether the record has given the stock."""

    def take(self, count: int) -> list[Card | None]:
        """Take ``count`` cards from the top (fewer if the stock runs out)."""
        taken, self.cards = self.cards[:count], self.cards[count:]
        return taken

    def take_card(self, card: Card | None) -> Card | None:
        """Take ``card`` out of the stock wherever it lies (``None``, or a card not in it: the
        top card), and return the card that was on top (``None`` if the stock is empty)."""
        if not self.cards:
            return None
        top = self.cards[0]
        self.cards.remove(card if card is not None and card in self.cards else top)
        return top
