"""The templates of the reports of both games (``adjudicator/shell/templates``): one Jinja
environment, HTML escaped and Markdown not (a Markdown template escapes with the ``md``
filter), and the filters every report uses."""

from __future__ import annotations

import re
from typing import Any

import jinja2

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")


def capital(text: str) -> str:
    """``text`` with its first letter a capital and nothing else changed (a citation begins in
    lower case: "pool rule P1")."""
    return text[:1].upper() + text[1:]


def md(text: Any) -> str:
    """Text made safe for Markdown: the characters that would mark it up escaped."""
    return _MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")


def environment() -> jinja2.Environment:
    """A fresh environment of the report templates, with the filters ``md`` and ``capital``;
    a report adds its own filters and caches the result."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("adjudicator.shell", "templates"),
        autoescape=jinja2.select_autoescape(
            enabled_extensions=("html.j2",), default_for_string=False, default=False
        ),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["md"] = md
    env.filters["capital"] = capital
    return env
