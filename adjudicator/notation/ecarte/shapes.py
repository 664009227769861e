"""Building a record line by line, with each line's grammar rule learnt from Lark once.

Every line of the notation is one statement of the grammar, made of terminals only, and the
LALR parser's choices depend on the terminals' *types*, never on their values. So the sequence
of token types of a line (its *shape*: ``PLAYER COLON CARD_RUN NL``) decides, once and for all,
whether the line is a line of the notation and which rule it is (``packet``). The reader asks
Lark the first time it meets a shape, remembers the answer, and from then on calls the rule's
callback in :class:`~adjudicator.notation.ecarte.builder.Builder` directly, as Lark itself would
after its
reductions. Lark stays the only judge of the language; this module only remembers its verdicts.

A record whose lines all have known, accepted shapes (tags first, then the rest) is built here;
anything else (an unknown word, a line no rule accepts, a tag after the body) returns ``None``
and the reader hands the whole record to Lark, which builds it or explains the error. The test
suite checks that both ways give the same model, positions and comments included.

Plain lines (no comment on them) that recur across an archive (``B proposes``, ``A refuses``)
keep the model their first occurrence built; later occurrences copy it with their own line.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Final, Literal, cast

from lark import Lark, UnexpectedInput

from adjudicator.notation.ecarte.builder import BodyLine, Builder, BuildError, moved
from adjudicator.notation.ecarte.lexer import RecordTokens, Terminal, Tok
from adjudicator.notation.ecarte.model import (
    CutForDeal,
    Deal,
    Event,
    Line,
    Node,
    Record,
    Score,
    Tag,
)

Rule = Callable[[Builder, list[Terminal]], BodyLine]
"""A builder callback for a line of a record's body, unbound: ``rule(builder, children)``."""


class _TagLine(Enum):
    """The rule of a tag line, told apart from the rules of the body (the type checker narrows
    on an enum member)."""

    RULE = "tag"


_TAG_LINE: Final = _TagLine.RULE
"""The rule of a tag line: :meth:`Builder.tag`, whose value joins the record's tags."""

LineRule = Rule | Literal[_TagLine.RULE]
"""What builds a line of a given shape: a rule of the body, or :data:`_TAG_LINE`."""

_SHARED_UNSAFE: tuple[type[Node], ...] = (CutForDeal, Score)
"""Models that hold a dict (mutable): each line builds its own rather than share one."""


def _rules_by_model() -> dict[type[Node], Rule]:
    """The callback that builds each model class of a body line (read off the builder's return
    types; a tag line's is :data:`_TAG_LINE`)."""
    out: dict[type[Node], Rule] = {Deal: Builder.deal_line}
    for name, member in vars(Builder).items():
        if name.startswith("_") or not callable(member):
            continue
        returned = typing.get_type_hints(member).get("return")
        if isinstance(returned, type) and issubclass(returned, Line) and returned is not Tag:
            out[returned] = member
    return out


_RULE_OF_MODEL = _rules_by_model()

MAX_SHAPES = 4096
"""How many shapes are remembered (the notation's lines have a few dozen; hostile input could
make any number: past this, a new shape is asked of Lark each time)."""

_SHAPES: dict[tuple[str, ...], LineRule | None] = {}
"""Each shape met so far: the rule that builds it, or ``None`` if no line has that shape."""

_UNSEEN = cast(Rule, object())


class _Plain:
    """What a plain line remembers (in :attr:`PlainLine.memo`)."""

    __slots__ = ("model", "rule")

    def __init__(self, rule: LineRule | None) -> None:
        self.rule = rule
        self.model: Event | None = None


def _learn(
    shape: tuple[str, ...], tokens: list[Terminal], lark: Lark, builder: Builder
) -> LineRule | None:
    """Ask Lark what a line of this shape is; remember the answer unless the line's values,
    not its shape, were at fault (a :class:`BuildError`: then ``None``, not remembered)."""
    line, after = builder.line, builder.comments_after
    builder.line, builder.comments_after = tokens[0].line, ()
    try:
        record = cast(Record, lark.parse(tokens))
    except UnexpectedInput:
        if len(_SHAPES) < MAX_SHAPES:
            _SHAPES[shape] = None
        return None
    except BuildError:
        return None
    finally:
        builder.line, builder.comments_after = line, after
    rule: LineRule
    if record.tags:
        rule = _TAG_LINE
    elif record.deals:
        rule = _RULE_OF_MODEL[Deal]
    else:
        rule = _RULE_OF_MODEL[type(record.opening[0])]
    if len(_SHAPES) < MAX_SHAPES:
        _SHAPES[shape] = rule
    return rule


def build_record(rt: RecordTokens, lark: Lark, builder: Builder) -> Record | None:
    """The record of ``rt``, built line by line; ``None`` if Lark must parse it.

    Raises :class:`BuildError` as Lark's parse would (a callback refusing its values).
    """
    tags: list[Terminal | Tag | list[BodyLine]] = []
    body: list[BodyLine] = []
    for first, rest, plain in rt.lines:
        memo: _Plain | None = None
        if plain is not None:
            memo = cast("_Plain | None", plain.memo)
            if memo is not None:
                model = memo.model
                if model is not None and type(first) is Tok:
                    body.append(moved(model, first.line))
                    continue
                rule = memo.rule
            else:
                rule = _rule(_shape(first, rest), first, rest, lark, builder)
                if rule is not None:
                    memo = plain.memo = _Plain(rule)
        else:
            rule = _rule(_shape(first, rest), first, rest, lark, builder)
        if rule is None:
            return None
        children: list[Terminal] = [first, *rest]
        if rule is _TAG_LINE:
            if body:
                return None  # a tag after the body: Lark explains
            tags.append(builder.tag(children))
            continue
        value = rule(builder, children)
        body.append(value)
        if (
            memo is not None
            and type(first) is Tok
            and isinstance(value, Node)
            and type(value) not in _SHARED_UNSAFE
        ):
            memo.model = value
    if body:
        tags.append(body)
    return builder.record(tags)


def _shape(first: Tok, rest: Sequence[Tok]) -> tuple[str, ...]:
    return (first.type, *[t.type for t in rest])


def _rule(
    shape: tuple[str, ...], first: Tok, rest: Sequence[Tok], lark: Lark, builder: Builder
) -> LineRule | None:
    rule = _SHAPES.get(shape, _UNSEEN)
    if rule is _UNSEEN:
        rule = _learn(shape, [first, *rest], lark, builder)
    return rule


def refused(first: Tok, rest: Sequence[Tok], lark: Lark, builder: Builder) -> bool:
    """Whether no line of the shape of ``first`` and ``rest`` is a line of the notation: it has
    a ``WORD`` (which no rule accepts), or Lark refused the shape (asked the first time it is
    met). A shape not remembered (past :data:`MAX_SHAPES`, or whose line was refused for its
    values alone) counts as accepted: the lexer counts, with this, lines that are errors."""
    shape = _shape(first, rest)
    if "WORD" in shape:
        return True
    if shape not in _SHAPES:
        _learn(shape, [first, *rest], lark, builder)
    return _SHAPES.get(shape, _UNSEEN) is None
