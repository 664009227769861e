"""The generic parts of every game's record model: a value with its position and comments
(:class:`Line`), a tag (:class:`Tag`), and a sequence of cards some of which nobody recorded
(:data:`Cards`).

Equality compares facts and comments, not positions: a record read back from its canonical
form equals the record it was written from, though its lines have moved. A game's model
(``adjudicator.notation.<game>.model``) builds its events on :class:`Line`.
"""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import sys
from pathlib import Path

from pydantic import BaseModel, ConfigDict, JsonValue

from adjudicator.notation.cards import Card

_POSITION = frozenset({"line", "column"})


@functools.cache
def _attribute_docs(source: str) -> dict[str, dict[str, str]]:
    """Each model class's attribute docstrings (the string under a field) in the module whose
    file is ``source``, read when a JSON schema is first made: pydantic's
    ``use_attribute_docstrings`` would read them for every class at import, which is most of a
    model module's import time."""
    out: dict[str, dict[str, str]] = {}
    try:
        tree = ast.parse(Path(source).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):  # installed without its source: no descriptions
        return out
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        docs = out.setdefault(node.name, {})
        body = node.body
        for first, second in itertools.pairwise(body):
            if (
                isinstance(first, ast.AnnAssign)
                and isinstance(first.target, ast.Name)
                and isinstance(second, ast.Expr)
                and isinstance(second.value, ast.Constant)
                and isinstance(second.value.value, str)
            ):
                docs[first.target.id] = inspect.cleandoc(second.value.value)
    return out


def _describe_fields(schema: dict[str, JsonValue], cls: type) -> None:
    """Give each property of a model's JSON schema its attribute docstring, as its
    ``description`` (from the class or the nearest base that documents it)."""
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return
    for name, prop in properties.items():
        if not isinstance(prop, dict) or "description" in prop:
            continue
        for base in cls.__mro__:
            source = getattr(sys.modules.get(base.__module__), "__file__", None)
            docs = _attribute_docs(source) if source else {}
            doc = docs.get(base.__name__, {}).get(name)
            if doc is not None:
                prop["description"] = doc
                break


class Node(BaseModel):
    """Base of every model: immutable; equal when the facts and comments are equal."""

    model_config = ConfigDict(
        frozen=True, extra="forbid", defer_build=True, json_schema_extra=_describe_fields
    )

    def facts(self) -> dict[str, object]:
        """The fields that make up this value's meaning (everything but its position)."""
        return {k: v for k, v in self.__dict__.items() if k not in _POSITION}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Node)
        return self.facts() == other.facts()

    def __hash__(self) -> int:
        return hash((type(self), *(_hashable(v) for v in self.facts().values())))


def _hashable(value: object) -> object:
    if isinstance(value, dict):
        return tuple(sorted(value.items()))
    return value


class Line(Node):
    """Anything written on a line of its own: where it stands, and the comments with it."""

    line: int = 0
    """Line of the record's file where this was written (1-based; 0 if it was not read)."""
    column: int = 0
    """Column of its first character (1-based; 0 if it was not read)."""
    comments: tuple[str, ...] = ()
    """Comments written on the same line, as written (with their ``;`` or braces)."""
    comments_continued: tuple[str, ...] = ()
    """Lines of comment right below this line that continue its comment (each begins in the
    column where one of the line's comments begins), as written. Only a line with ``comments``
    has them."""
    comments_before: tuple[str, ...] = ()
    """Comments standing on lines of their own just before this line (after any blank line
    above it), as written."""
    comments_after: tuple[str, ...] = ()
    """Comments standing on lines of their own after this line and before a blank line, as
    written: a note on what ended with this line (a deal ended, say). Never on a record's last
    line: comments after it are the record's ``comments_after``."""


Cards = tuple[Card | None, ...]
"""A sequence of cards in the order given; ``None`` for a card nobody recorded (``??``)."""


class Tag(Line):
    """``[Name "value"]``: one tag of the record's tag block."""

    name: str
    """The tag's name, as written (tag names are case-sensitive)."""
    value: str
    """The tag's value, unescaped."""
