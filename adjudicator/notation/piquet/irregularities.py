"""The events of version 2 of the Piquet Transcript Notation: the lines that say what happened
when play departed from its course (a card exposed, faced or dropped, the stock touched, cards
mixed, a discard taken back, a card retracted, a claim and its answer, a penalty waived, new
packs called for, a bystander's remark).

Facts only, as everywhere in the notation: who did or said what, which card, what was found.
None of them names a verdict ("misdeal", "revoke"); which law a fact falls under, and what
follows, is the laws' to say. The order of the lines says when each happened. Each event is a
:class:`~adjudicator.notation.nodes.Line`, told apart by its ``kind`` in
:data:`~adjudicator.notation.piquet.events.Event`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from adjudicator.notation.cards import Card
from adjudicator.notation.nodes import Cards, Line
from adjudicator.notation.piquet.vocabulary import (
    Claimed,
    Consent,
    Damage,
    Heap,
    MixedWith,
    Number,
    Place,
    Seat,
)


class TakesUp(Line):
    """``A takes up his cards``: a player takes up the hand dealt him (laws 10, 15, 16: what
    may be put right before either player has taken up his cards)."""

    kind: Literal["takes_up"] = "takes_up"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who took up his cards."""


class Touch(Line):
    """``A touches the stock``: a player touches the stock, taking up no card of it (laws 11,
    32, 39)."""

    kind: Literal["touch"] = "touch"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who touched it."""


class Expose(Line):
    """``B exposes AS`` or ``B exposes 7D from the stock``: cards exposed face up by a player,
    and where they were if the record says (laws 7, 13, 27)."""

    kind: Literal["expose"] = "expose"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who exposed them."""
    cards: Annotated[Cards, Field(min_length=1)]
    """The cards exposed (``None`` for each not recorded)."""
    place: Place | None = None
    """Where they were (``None``: not said)."""


class Faced(Line):
    """``faced 7D in the pack``: cards found face up in the pack when dealing, or in the stock
    when taking in (law 14)."""

    kind: Literal["faced"] = "faced"
    """The line form (the discriminator of :data:`Event`)."""
    cards: Annotated[Cards, Field(min_length=1)]
    """The cards found faced (``None`` for each not recorded)."""
    heap: Heap
    """Where they were found: the pack or the stock."""


class Counted(Line):
    """``stock counted 7`` or ``pack counted 31``: the stock or the pack counted, and how many
    cards it held (laws 11, 38, 39, 75)."""

    kind: Literal["counted"] = "counted"
    """The line form (the discriminator of :data:`Event`)."""
    heap: Heap
    """What was counted."""
    count: Number
    """How many cards it held."""


class Announce(Line):
    """``A announces 13 cards``: a player tells the table how many cards he was dealt (laws
    38, 39)."""

    kind: Literal["announce"] = "announce"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who announced it."""
    count: Number
    """How many cards he said he holds."""


class Mix(Line):
    """``B mixes 7D with his hand``, ``A mixes 2 with his discard``, ``B mixes the left cards
    with his discard``: cards mixed with a player's hand or his discard (laws 26, 28, 29, 37)."""

    kind: Literal["mix"] = "mix"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who mixed them."""
    cards: Cards = ()
    """The cards mixed (``None`` for each not known); none when ``left_cards``."""
    left_cards: bool = False
    """The cards mixed are those he left in the stock (law 37), not named."""
    into: MixedWith
    """What they were mixed with."""

    @model_validator(mode="after")
    def _what(self) -> Mix:
        if bool(self.cards) == self.left_cards:
            raise ValueError("cards are mixed by name or count, or as the left cards: one")
        return self


class TakeBack(Line):
    """``A takes back KS from his discard``: cards of a player's discard taken back into his
    hand (laws 24, 25)."""

    kind: Literal["take_back"] = "take_back"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who took them back."""
    cards: Annotated[Cards, Field(min_length=1)]
    """The cards taken back (``None`` for each not known)."""


class Retract(Line):
    """``A retracts AH``: a card led or played taken back into the hand: a lead out of turn, a
    card played in error, a card played after a miscall was corrected (laws 52, 59)."""

    kind: Literal["retract"] = "retract"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who took it back."""
    cards: Annotated[Cards, Field(min_length=1)]
    """The cards taken back, in the order written (``None`` for each not recorded)."""


class Drop(Line):
    """``A drops KS``: a card dropped by accident, face up (law 59 I)."""

    kind: Literal["drop"] = "drop"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who dropped it."""
    cards: Annotated[Cards, Field(min_length=1)]
    """The cards dropped (``None`` for each not recorded)."""


class Damaged(Line):
    """``7D is torn`` or ``7D is marked``: a card found damaged (law 77)."""

    kind: Literal["damaged"] = "damaged"
    """The line form (the discriminator of :data:`Event`)."""
    card: Card | None
    """The card (``None``: not recorded)."""
    damage: Damage
    """What is wrong with it."""


class NewPacks(Line):
    """``A calls for new packs``: a player calls for two new packs (laws 76, 77)."""

    kind: Literal["new_packs"] = "new_packs"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who called for them."""


class Cuts(Line):
    """``B cuts 5``: a player cuts the pack to the dealer, taking off that many cards (laws 3,
    7, 8)."""

    kind: Literal["cuts"] = "cuts"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who cut."""
    count: Number
    """How many cards he took off the top of the pack."""


class Shuffles(Line):
    """``A shuffles``: a player shuffles the pack before it is cut to the dealer (laws 1, 2)."""

    kind: Literal["shuffles"] = "shuffles"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who shuffled."""


class Collects(Line):
    """``A collects the cards``: a player gathers the cards for the next deal (law 17)."""

    kind: Literal["collects"] = "collects"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who gathered them."""


class Claim(Line):
    """``A claims fresh deal``, ``A claims B reckons nothing``, ``B claims to play again``: a
    claim made of the adversary, or a proposal made to him (laws 7, 11, 25-38, 54, 58, 59)."""

    kind: Literal["claim"] = "claim"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who claimed."""
    claimed: Claimed
    """What he claimed."""
    of: Seat | None = None
    """The player said to reckon nothing (``claims B reckons nothing``); only there."""

    @model_validator(mode="after")
    def _of(self) -> Claim:
        if (self.of is not None) != (self.claimed is Claimed.RECKONS_NOTHING):
            raise ValueError("a player is named in 'claims B reckons nothing' and only there")
        return self


class ClaimReply(Line):
    """``B accepts`` or ``B refuses``: the answer to the claim before it."""

    kind: Literal["claim_reply"] = "claim_reply"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who answered."""
    consent: Consent
    """What he answered."""


class Stand(Line):
    """``A stands the deal``: a player chooses to play the deal rather than have a fresh one
    (laws 11, 28, 29, 40-43)."""

    kind: Literal["stand"] = "stand"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who chose to stand."""


class Waive(Line):
    """``B waives the penalty``: a player does not enforce his adversary's penalty of reckoning
    nothing (law 44)."""

    kind: Literal["waive"] = "waive"
    """The line form (the discriminator of :data:`Event`)."""
    player: Seat
    """Who waived it."""


class Bystander(Line):
    """``bystander remarks`` or ``bystander remarks "B has thirteen cards"``: a bystander calls
    attention to an error or an oversight (law 78)."""

    kind: Literal["bystander"] = "bystander"
    """The line form (the discriminator of :data:`Event`)."""
    remark: str | None = None
    """What he said, if the record writes it."""


IRREGULARITIES = (
    TakesUp,
    Touch,
    Expose,
    Faced,
    Counted,
    Announce,
    Mix,
    TakeBack,
    Retract,
    Drop,
    Damaged,
    NewPacks,
    Cuts,
    Shuffles,
    Collects,
    Claim,
    ClaimReply,
    Stand,
    Waive,
    Bystander,
)
"""The line forms of version 2's irregularities, in the order of the grammar."""
