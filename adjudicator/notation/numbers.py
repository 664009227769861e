"""Numbers in the notation: the one place where text becomes an ``int``.

A number in a record (a deal's number, a cut's size, a count of cards, points marked or on the
score, a trick's number, the ``Game``, ``Pool`` and ``Rubber`` tags) is written in ASCII digits
(``0``-``9``) and has at most :data:`MAX_DIGITS` of them. Python's ``str.isdigit`` also accepts
superscripts, circled and Arabic-Indic digits, and ``int`` refuses strings of more than 4,300
digits: neither is consulted on a record's text anywhere but here (``tests/test_numbers.py``
greps the packages for ``int(`` to hold it).
"""

from __future__ import annotations

MAX_DIGITS = 9
"""The most digits a number in a record may have: far beyond any deal number, count or score a
record can hold (a record is at most a few megabytes), and far below Python's conversion limit."""


def is_number(text: str) -> bool:
    """Whether ``text`` is a number of the notation: ASCII digits, at most :data:`MAX_DIGITS`
    of them after any leading zeros (``007`` is 7, and a run of zeros of any length is 0)."""
    return (
        text.isascii()
        and text.isdigit()
        and (len(text) <= MAX_DIGITS or len(text.lstrip("0")) <= MAX_DIGITS)
    )


def number_problem(text: str) -> str | None:
    """Why ``text`` is not a number of the notation (``None`` if it is one): the words of a
    located error, saying what was expected."""
    if is_number(text):
        return None
    if text.isascii() and text.isdigit():
        return (
            f"a number of {len(text.lstrip('0')):,} digits; a number in a record has at most "
            f"{MAX_DIGITS} digits"
        )
    if text and all(c.isdigit() or c.isdecimal() or c.isnumeric() for c in text):
        return f"{text!r} is not written in the digits 0-9"
    return f"expected a number (the digits 0-9), not {text!r}"


def number(text: str) -> int:
    """The value of ``text``, a number of the notation; ``ValueError`` (with the words of
    :func:`number_problem`) if it is not one."""
    problem = number_problem(text)
    if problem is not None:
        raise ValueError(problem)
    return int(text.lstrip("0") or "0")
