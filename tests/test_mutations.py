"""Mutation property: a lawful generated game has no finding; the same game with one
irregularity of a known kind injected is ruled under the right law at the right line.

Each mutation works on the record model (not the text), then goes through the writer and the
reader, so that positions are real.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from adjudicator import Card, Player, Record, read_one, write
from adjudicator.court.ecarte.adjudicate import adjudicate
from adjudicator.engine.ecarte.generate import generate
from adjudicator.engine.ecarte.rules import SUIT_MASK, is_king_of
from adjudicator.notation.cards import ALL_CARDS
from adjudicator.notation.ecarte.model import Announce, Mark, MarkReason, Packet, Trick

SEEDS = range(0, 60)


def _through_text(record: Record) -> Record:
    return read_one(write(record))


def _replace_event(record: Record, d: int, i: int, new: list[Any]) -> Record:
    deal = record.deals[d]
    events = list(deal.events)
    events[i : i + 1] = new
    deals = list(record.deals)
    deals[d] = deal.model_copy(update={"events": tuple(events)})
    return record.model_copy(update={"deals": tuple(deals)})


def _line_of(record: Record, d: int, i: int) -> int:
    """The line the event at (deal d, index i) will have once written and read."""
    return _through_text(record).deals[d].events[i].line


@pytest.mark.parametrize("seed", SEEDS)
def test_lawful_generated_games_have_no_finding(seed: int) -> None:
    ruling = adjudicate(_through_text(generate(seed).record))
    assert ruling.findings == [], [f.message for f in ruling.findings]
    assert ruling.corrections == []
    assert all(d.outcome == "stands" for d in ruling.deals)


# --------------------------------------------------------------------------------------------
#  Mutations: each returns the mutated record and where the finding must be (law, line), or
#  None when the game offers no place for it.
# --------------------------------------------------------------------------------------------

Mutation = Callable[[Record, random.Random], tuple[Record, int | None, int] | None]
"""A mutation: the record, and the law (``None``: the court's own finding) and line to cite."""


def _tricks(record: Record) -> list[tuple[int, int, Trick]]:
    return [
        (d, i, e)
        for d, deal in enumerate(record.deals)
        for i, e in enumerate(deal.events)
        if isinstance(e, Trick)
    ]


def revoke(record: Record, rng: random.Random) -> tuple[Record, int, int] | None:
    """The follower plays a card of another suit though he holds the suit led (law 43): his
    card of that trick is swapped with a card of another suit he plays later in the hand."""
    tricks = _tricks(record)
    rng.shuffle(tricks)
    for d, i, t in tricks:
        if t.follow is None or t.lead is None or t.follow.suit is not t.lead.suit:
            continue
        later = [
            (j, e)
            for j, e in enumerate(record.deals[d].events)
            if j > i and isinstance(e, Trick) and e.follower is t.follower
        ] + [
            (j, e)
            for j, e in enumerate(record.deals[d].events)
            if j > i and isinstance(e, Trick) and e.leader is t.follower
        ]
        for j, e in later:
            card = e.follow if e.follower is t.follower else e.lead
            if card is None or card.suit is t.lead.suit:
                continue
            swapped = t.model_copy(update={"follow": card})
            if e.follower is t.follower:
                other = e.model_copy(update={"follow": t.follow})
            else:
                other = e.model_copy(update={"lead": t.follow})
            mutated = _replace_event(record, d, i, [swapped])
            mutated = _replace_event(mutated, d, j, [other])
            return mutated, 43, _line_of(mutated, d, i)
    return None


def sixth_card(record: Record, rng: random.Random) -> tuple[Record, int, int] | None:
    """The dealer gives the non-dealer a sixth card in the deal, found after the turn-up
    (law 15)."""
    d = rng.randrange(len(record.deals))
    deal = record.deals[d]
    packets = [(i, e) for i, e in enumerate(deal.events) if isinstance(e, Packet)][:4]
    if len(packets) < 4:
        return None
    seen = 0
    for e in deal.events:
        for c in (*getattr(e, "cards", ()), getattr(e, "card", None), *_trick_cards(e)):
            if isinstance(c, Card):
                seen |= 1 << c.index
    spare = [c for c in ALL_CARDS if not seen & (1 << c.index)]
    if not spare:
        return None
    i, packet = next((i, p) for i, p in packets if p.player is not deal.dealer)
    bigger = packet.model_copy(update={"cards": (*packet.cards, spare[0])})
    mutated = _replace_event(record, d, i, [bigger])
    turn = next(j for j, e in enumerate(mutated.deals[d].events) if e.kind == "turn")
    return mutated, 15, _line_of(mutated, d, turn)


def _trick_cards(e: Any) -> tuple[Any, ...]:
    return (e.lead, e.follow) if isinstance(e, Trick) else ()


def exposed_card(record: Record, rng: random.Random) -> tuple[Record, int, int] | None:
    """The dealer exposes a card of the non-dealer's as he deals (law 13)."""
    d = rng.randrange(len(record.deals))
    deal = record.deals[d]
    for i, e in enumerate(deal.events):
        if isinstance(e, Packet) and e.player is not deal.dealer:
            mutated = _replace_event(record, d, i, [e.model_copy(update={"exposed": (0,)})])
            return mutated, 13, _line_of(mutated, d, i)
    return None


def false_king(record: Record, rng: random.Random) -> tuple[Record, int, int] | None:
    """A player announces the king of trumps without holding it (law 25): announced by the
    non-dealer before the first trick, in a deal where he does not hold it."""
    for d, deal in enumerate(record.deals):
        turn = next((e for e in deal.events if e.kind == "turn"), None)
        first = next((j for j, e in enumerate(deal.events) if e.kind in ("trick", "lead")), None)
        if turn is None or first is None or turn.cards[0] is None:
            continue
        trump = turn.cards[0].suit
        elder = Player.B if deal.dealer is Player.A else Player.A
        played = [
            c
            for e in deal.events
            if isinstance(e, Trick)
            for p, c in ((e.leader, e.lead), (e.follower, e.follow))
            if p is elder
        ]
        if any(is_king_of(c, trump) for c in played) or is_king_of(turn.cards[0], trump):
            continue
        if any(e.kind == "announce" for e in deal.events):
            continue
        mutated = _replace_event(record, d, first, [Announce(player=elder), deal.events[first]])
        return mutated, 25, _line_of(mutated, d, first)
    return None


def lead_out_of_turn(record: Record, rng: random.Random) -> tuple[Record, int, int] | None:
    """At a trick after the first, the player who did not win the last trick leads (law 40):
    the trick's two cards are kept with their owners and the order of play is reversed."""
    tricks = [(d, i, t) for d, i, t in _tricks(record) if t.number >= 2]
    rng.shuffle(tricks)
    for d, i, t in tricks:
        if t.follower is None:
            continue
        swapped = t.model_copy(
            update={"leader": t.follower, "lead": t.follow, "follower": t.leader, "follow": t.lead}
        )
        mutated = _replace_event(record, d, i, [swapped])
        return mutated, 40, _line_of(mutated, d, i)
    return None


def wrong_mark(record: Record, rng: random.Random) -> tuple[Record, int, int] | None:
    """A point marked as 2 when it was worth 1: an overscore (law 51)."""
    for d, deal in enumerate(record.deals):
        for i, e in enumerate(deal.events):
            if isinstance(e, Mark) and e.reason is MarkReason.POINT and e.points == 1:
                mutated = _replace_event(record, d, i, [e.model_copy(update={"points": 2})])
                return mutated, 51, _line_of(mutated, d, i)
    return None


def _deal_cards(deal: Any) -> int:
    seen = 0
    for e in deal.events:
        for c in (*getattr(e, "cards", ()), getattr(e, "card", None), *_trick_cards(e)):
            if isinstance(c, Card):
                seen |= 1 << c.index
    return seen


def card_from_the_stock(
    record: Record, rng: random.Random
) -> tuple[Record, int | None, int] | None:
    """A card never dealt to the player (one of the stock) is played: the record contradicts
    itself (the court's finding, no law)."""
    tricks = _tricks(record)
    rng.shuffle(tricks)
    for d, i, tr in tricks:
        if tr.follow is None or tr.follower is None:
            continue
        seen = _deal_cards(record.deals[d])
        spare = [c for c in ALL_CARDS if not seen & (1 << c.index)]
        if not spare:
            continue
        mutated = _replace_event(record, d, i, [tr.model_copy(update={"follow": spare[0]})])
        return mutated, None, _line_of(mutated, d, i)
    return None


def played_to_own_lead(record: Record, rng: random.Random) -> tuple[Record, int | None, int] | None:
    """The leader is written as the follower too: the record contradicts itself."""
    tricks = _tricks(record)
    rng.shuffle(tricks)
    for d, i, tr in tricks:
        if tr.follower is None:
            continue
        mutated = _replace_event(record, d, i, [tr.model_copy(update={"follower": tr.leader})])
        return mutated, None, _line_of(mutated, d, i)
    return None


def dealer_proposes(record: Record, rng: random.Random) -> tuple[Record, int | None, int] | None:
    """The dealer is written as the one who proposes: the record contradicts itself."""
    for d, deal in enumerate(record.deals):
        for i, e in enumerate(deal.events):
            if e.kind == "propose":
                mutated = _replace_event(
                    record, d, i, [e.model_copy(update={"player": deal.dealer})]
                )
                return mutated, None, _line_of(mutated, d, i)
    return None


def trick_misnumbered(record: Record, rng: random.Random) -> tuple[Record, int | None, int] | None:
    """A trick written with the wrong number: a slip of the record (the court's finding)."""
    tricks = _tricks(record)
    rng.shuffle(tricks)
    d, i, tr = tricks[0]
    mutated = _replace_event(record, d, i, [tr.model_copy(update={"number": tr.number % 5 + 1})])
    return mutated, None, _line_of(mutated, d, i)


MUTATIONS: dict[str, Mutation] = {
    "card from the stock": card_from_the_stock,
    "played to his own lead": played_to_own_lead,
    "dealer proposes": dealer_proposes,
    "trick misnumbered": trick_misnumbered,
    "revoke": revoke,
    "sixth card": sixth_card,
    "exposed card": exposed_card,
    "false king": false_king,
    "lead out of turn": lead_out_of_turn,
    "wrong mark": wrong_mark,
}


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_one_injected_irregularity_is_ruled_under_its_law(name: str) -> None:
    mutate = MUTATIONS[name]
    applied = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        got = mutate(generate(seed).record, rng)
        if got is None:
            continue
        mutated, law, line = got
        ruling = adjudicate(_through_text(mutated))
        cited = {(f.law, f.line) for f in ruling.findings} | {
            (c.law, None) for c in ruling.corrections
        }
        assert (law, line) in cited or (law, None) in cited, (
            f"seed {seed}: {name}: law {law} at line {line} not cited; got "
            f"{sorted(cited, key=str)}\n" + write(mutated)
        )
        applied += 1
    assert applied >= 10, f"{name}: only {applied} games offered a place for it"


def test_mutations_keep_the_suits_honest() -> None:
    # The revoke mutation needs a trick where the follower followed suit: generated games have
    # plenty; this guards the helper itself.
    assert SUIT_MASK
    record = generate(3).record
    assert revoke(record, random.Random(3)) is not None
