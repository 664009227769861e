"""The replay engine's dispatch table against the notation's model: every kind of event the
model's ``Event`` union admits has a handler, and each handler takes the event of its kind; the
closed list of event kinds (``EventKind``) is the union's; and the engine's ending of an annulled
deal is spelt as the ruling's outcome."""

from __future__ import annotations

import inspect
from typing import get_args, get_type_hints

import pytest

from adjudicator.engine.ecarte.replay import driver, state
from adjudicator.engine.ecarte.table import ANNULLED, DealState, Ending, Step
from adjudicator.notation.cards import Player
from adjudicator.notation.ecarte.model import Event, EventKind, Line
from laws.ecarte.base import ANNULS, Outcome


def _event_models() -> tuple[type[Line], ...]:
    union = get_args(Event)[0]  # Event is Annotated[Union[...], Field(discriminator="kind")]
    models: tuple[type[Line], ...] = get_args(union)
    return models


def _kind_of(model: type[Line]) -> str:
    """The one kind an event model admits: its ``kind: Literal[...]`` field."""
    (kind,) = get_args(model.model_fields["kind"].annotation)
    assert isinstance(kind, str)
    return kind


MODELS = _event_models()
KINDS = {_kind_of(model): model for model in MODELS}


def test_the_union_is_read_whole() -> None:
    assert len(MODELS) >= 30
    assert len(KINDS) == len(MODELS), "two event models share a kind"


def test_the_event_kinds_are_the_closed_list() -> None:
    """``EventKind`` (what steps and the laws' ``looks_at`` name events by) is the kinds of the
    union's models, each once; a step's kind is one of them, or ``deal`` for a heading."""
    kinds = get_args(EventKind)
    assert sorted(kinds) == sorted(KINDS)
    assert Step._field_defaults["kind"] == "deal" and "deal" not in kinds


def test_an_annulled_deal_has_one_spelling() -> None:
    """The engine ends a deal annulled as the ruling's outcome names it (``fresh_deal``, ``void``):
    one spelling of each, from the record's line to the ruling's JSON."""
    assert {e.value for e in ANNULLED} == {o.value for o in ANNULS}
    assert Ending.FRESH_DEAL.value == Outcome.FRESH_DEAL.value == "fresh_deal"
    assert Ending.VOID.value == Outcome.VOID.value


def test_every_kind_of_the_union_has_a_handler() -> None:
    assert sorted(set(KINDS) - set(driver._HANDLERS)) == []


def test_every_handler_is_for_a_kind_of_the_union() -> None:
    assert sorted(set(driver._HANDLERS) - set(KINDS)) == []


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_handler_takes_the_event_of_its_kind(kind: str) -> None:
    # What the table's one cast takes for granted (mypy checks it where the table is built).
    handler = driver._HANDLERS[kind]
    _self, event, _deal = inspect.signature(handler).parameters
    assert get_type_hints(handler)[event] is KINDS[kind]


def test_events_outside_a_deal_have_the_same_handlers_and_take_no_deal() -> None:
    for kind, handler in driver._OUTSIDE_A_DEAL.items():
        assert driver._HANDLERS[kind] is handler
        _self, _event, deal = inspect.signature(handler).parameters
        assert type(None) in get_args(get_type_hints(handler)[deal])


def test_the_working_deal_has_the_fields_of_the_deal_state() -> None:
    assert sorted(state._Deal.__slots__) == sorted(DealState._fields)


def test_a_frozen_deal_puts_each_field_in_its_place() -> None:
    deal = state._Deal(7, Player.B, Player.A, Player.A)
    for i, name in enumerate(DealState._fields):
        setattr(deal, name, f"value {i}")
    frozen = deal.freeze()
    assert all(getattr(frozen, name) == f"value {i}" for i, name in enumerate(DealState._fields))
