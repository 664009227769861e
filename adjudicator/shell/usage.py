"""A value the command line refuses, said in the project's words.

The command-line library checks each option's value against its type and, when it refuses
one, says so in the words of the validation library under it ("Value error, 'xml' is not one
of 'text', 'json'.", "Input should be a valid integer, unable to parse string as an
integer"). :func:`reword` puts each refusal as the rest of the program speaks: what was given,
and what is accepted.
"""

from __future__ import annotations

import re
from typing import Any

import typer

_CHOICES = re.compile(r"is not one of (.*)\.$")


def reword(error: typer.BadParameter) -> None:
    """Replace the message of a refused value with one in the project's words (the error is
    changed in place; a message that is already ours is kept)."""
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    if not callable(errors):
        return
    found: list[dict[str, Any]] = list(errors())
    if found:
        error.message = said(found[0])


def said(found: dict[str, Any]) -> str:
    """One refusal of the validation library (its error's ``type``, ``input``, ``ctx``) as
    the project says it."""
    given = f"{found.get('input')!r} was given"
    limits: dict[str, Any] = found.get("ctx") or {}
    kind = found.get("type", "")
    if kind == "value_error":
        choices = _CHOICES.search(str(limits.get("error", "")))
        if choices is not None:
            accepted = " or ".join(
                ", ".join(c.strip() for c in choices.group(1).split(",")).rsplit(", ", 1)
            )
            return f"{given}; accepted: {accepted}"
        return f"{given}: {limits.get('error', 'not accepted')}"
    if kind == "int_parsing":
        return f"{given}; accepted: a whole number"
    if kind == "float_parsing":
        return f"{given}; accepted: a number (such as 10 or 2.5)"
    if kind in ("greater_than_equal", "less_than_equal"):
        bound = "at least" if kind == "greater_than_equal" else "at most"
        limit = limits.get("ge", limits.get("le"))
        number = "a number" if isinstance(limit, float) else "a whole number"
        return f"{given}; accepted: {number} {bound} {limit}"
    return f"{given}; not accepted here (the command's help, -h, says what is)"
