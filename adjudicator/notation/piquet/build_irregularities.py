"""From a parsed line of an irregularity (version 2 of the notation) to its model: the methods
of :class:`~adjudicator.notation.piquet.build.Builder` for the rules of
``grammar/piquet.lark``'s section on irregularities, as a mixin of their own.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer

from adjudicator.notation.lines import parse_tag
from adjudicator.notation.piquet.irregularities import (
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
from adjudicator.notation.piquet.tokens import (
    BuildError,
    card_of,
    cards_of,
    count_of,
    number_of,
    player_of,
    some_cards,
    token_of,
    tokens_of,
)
from adjudicator.notation.piquet.vocabulary import (
    Claimed,
    Consent,
    Damage,
    Heap,
    MixedWith,
    Place,
    Seat,
)

_PLACES_OF_THE = {"PACK": Place.PACK, "STOCK": Place.STOCK, "LEFT": Place.LEFT_CARDS}
"""The places written with ``the``: ``the pack``, ``the stock``, ``the left cards``."""


class IrregularityBuilder(Transformer[Token, Any]):
    """Builds the model of a line of an irregularity from its parse tree."""

    def takes_up(self, c: list[Any]) -> TakesUp:
        return TakesUp(player=player_of(c[0]))

    def touch(self, c: list[Any]) -> Touch:
        return Touch(player=player_of(c[0]))

    def place(self, c: list[Any]) -> Place:
        words = {t.type for t in c}
        if "THE" in words:
            found = [p for k, p in _PLACES_OF_THE.items() if k in words]
            return found[0]
        if "ADVERSARYS" in words:
            return Place.ADVERSARY_DISCARD if "DISCARD" in words else Place.ADVERSARY
        return Place.DISCARD if "DISCARD" in words else Place.OWN

    def expose(self, c: list[Any]) -> Expose:
        place = next((p for p in c if isinstance(p, Place)), None)
        return Expose(player=player_of(c[0]), cards=cards_of(tokens_of(c, "CARD")), place=place)

    def faced(self, c: list[Any]) -> Faced:
        heap = Heap.PACK if token_of(c, "PACK") is not None else Heap.STOCK
        return Faced(cards=cards_of(tokens_of(c, "CARD")), heap=heap)

    def counted(self, c: list[Any]) -> Counted:
        heap = Heap.PACK if c[0].type == "PACK" else Heap.STOCK
        return Counted(heap=heap, count=number_of(c[2]))

    def announce(self, c: list[Any]) -> Announce:
        count = count_of(c)
        assert count is not None
        return Announce(player=player_of(c[0]), count=count.value)

    def mix(self, c: list[Any]) -> Mix:
        into = MixedWith.HAND if token_of(c, "HAND") is not None else MixedWith.DISCARD
        if token_of(c, "LEFT") is not None:
            return Mix(player=player_of(c[0]), left_cards=True, into=into)
        return Mix(player=player_of(c[0]), cards=some_cards(c[2:]), into=into)

    def take_back(self, c: list[Any]) -> TakeBack:
        return TakeBack(player=player_of(c[0]), cards=some_cards(c[3:]))

    def retract(self, c: list[Any]) -> Retract:
        return Retract(player=player_of(c[0]), cards=cards_of(c[2:]))

    def drop(self, c: list[Any]) -> Drop:
        return Drop(player=player_of(c[0]), cards=cards_of(c[2:]))

    def damaged(self, c: list[Any]) -> Damaged:
        damage = Damage.TORN if token_of(c, "TORN") is not None else Damage.MARKED
        return Damaged(card=card_of(c[0]), damage=damage)

    def new_packs(self, c: list[Any]) -> NewPacks:
        return NewPacks(player=player_of(c[0]))

    def cuts(self, c: list[Any]) -> Cuts:
        return Cuts(player=player_of(c[0]), count=number_of(c[2]))

    def shuffles(self, c: list[Any]) -> Shuffles:
        return Shuffles(player=player_of(c[0]))

    def collects(self, c: list[Any]) -> Collects:
        return Collects(player=player_of(c[0]))

    def claimed(self, c: list[Any]) -> tuple[Claimed, Seat | None]:
        words = {t.type for t in c}
        if "NOTHING" in words:
            return Claimed.RECKONS_NOTHING, player_of(c[0])
        if "FRESH" in words:
            if c[0].type == "PLAYER" and c[0].value.lower() != "a":
                raise BuildError("a fresh deal or cut is claimed: 'claims a fresh deal'", c[0])
            return (Claimed.FRESH_DEAL if "DEAL" in words else Claimed.FRESH_CUT), None
        if "STOCK" in words:
            return Claimed.STOCK_COUNTED, None
        if "RIGHT" in words:
            return Claimed.PUT_RIGHT, None
        return (Claimed.ALTER_DISCARD if "ALTER" in words else Claimed.PLAY_AGAIN), None

    def claim(self, c: list[Any]) -> Claim:
        claimed, of = c[2]
        return Claim(player=player_of(c[0]), claimed=claimed, of=of)

    def claim_reply(self, c: list[Any]) -> ClaimReply:
        consent = Consent.ACCEPTS if c[1].type == "ACCEPTS" else Consent.REFUSES
        return ClaimReply(player=player_of(c[0]), consent=consent)

    def stand(self, c: list[Any]) -> Stand:
        return Stand(player=player_of(c[0]))

    def waive(self, c: list[Any]) -> Waive:
        return Waive(player=player_of(c[0]))

    def bystander(self, c: list[Any]) -> Bystander:
        said = token_of(c, "STRING")
        if said is None:
            return Bystander()
        found = parse_tag(f"[R {said.value}]")
        assert found is not None
        return Bystander(remark=found[1])
