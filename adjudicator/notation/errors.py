"""Errors a person can act on: ``path:line:col: message``, the line with a caret under the
fault, what was expected there in words, and a hint for the common mistakes.

A :class:`NotationError` means the input cannot be read as a record. It is never used for an
irregularity at the table: those are facts a record states, and the laws judge them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    pass


MAX_ERRORS = 20
"""The most errors reported for one record; the lines after the last are counted, not checked
(a file that is not a record at all would otherwise bury the first errors under the rest)."""


class NotationError(Exception):
    """A record, or a file, that cannot be read as the notation."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int = 1,
        column: int = 1,
        width: int = 1,
        source: str | None = None,
        expected: list[str] | None = None,
        hint: str | None = None,
        record_line: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        """What is wrong, in one sentence."""
        self.path = path
        """The file (``<stdin>``, ``<string>``) where it is wrong."""
        self.line = line
        """Line of the fault (1-based)."""
        self.column = column
        """Column of the fault (1-based)."""
        self.width = max(1, width)
        """How many characters the caret underlines."""
        self.source = source
        """The text of the faulty line, if known."""
        self.expected = expected or []
        """What the notation allows at that point, in words."""
        self.hint = hint
        """Advice for a common mistake, if this looks like one."""
        self.record_line = record_line
        """Line where the record holding the fault begins (the reader skips to the next)."""
        self.show_source = True
        """Whether to print the faulty line (not for a line too long to show)."""
        self.errors: list[NotationError] = [self]
        """Every error found in the record, in the order of its lines, this one first (a
        record is read to its end after an error, so that one run reports them all)."""
        self.unchecked = 0
        """Lines of the record left unchecked after the last of :attr:`errors`, when the record
        has more errors than :data:`MAX_ERRORS`."""
        self.unchecked_line = 0
        """The first of those lines."""

    @property
    def location(self) -> str:
        """``path:line:col``, the convention of compilers and linters."""
        return f"{self.path or '<input>'}:{self.line}:{self.column}"

    @classmethod
    def of_record(
        cls, errors: list[NotationError], *, unchecked: int = 0, unchecked_line: int = 0
    ) -> NotationError:
        """The first of a record's ``errors``, carrying them all (and the count of lines left
        unchecked after the last): what the reader gives in place of the record."""
        first = errors[0]
        first.errors = list(errors)
        first.unchecked = unchecked
        first.unchecked_line = unchecked_line
        return first

    def __str__(self) -> str:
        """Every error of the record, one block each (see :meth:`block`), then the line saying
        how many lines were left unchecked, if any."""
        out = [e.block() for e in self.errors]
        if self.unchecked:
            out.append(f"{self._where(self.unchecked_line, 1)}: {self._unchecked_message()}")
        return "\n".join(out)

    def _where(self, line: int, column: int) -> str:
        return f"{self.path or '<input>'}:{line}:{column}"

    def _unchecked_message(self) -> str:
        lines = "line" if self.unchecked == 1 else "lines"
        return (
            f"too many errors in this record: {self.unchecked} more {lines} not checked "
            f"(at most {MAX_ERRORS} errors are reported for a record)"
        )

    def block(self) -> str:
        """This error alone: location and message, the line with a caret under the fault,
        what was expected, and the hint."""
        out = [f"{self.location}: {self.message}"]
        if self.source is not None and self.show_source:
            text = self.source.replace("\t", " ")
            if len(text) > 160:  # keep a long line readable around the fault
                lo = max(0, self.column - 80)
                text = ("..." if lo else "") + text[lo : lo + 160]
                col = self.column - lo + (3 if lo else 0)
            else:
                col = self.column
            gutter = f"{self.line:>5} | "
            out.append(gutter + text)
            out.append(" " * (len(gutter) - 2) + "| " + " " * (col - 1) + "^" * self.width)
        if self.expected:
            out.append("  expected: " + or_list(self.expected))
        if self.hint:
            out.append("  hint: " + self.hint)
        return "\n".join(out)

    def to_json(self) -> dict[str, str | int | list[str] | None]:
        """The error as plain data (for ``--format json``)."""
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "message": self.message,
            "expected": self.expected,
            "hint": self.hint,
        }

    def to_json_list(self) -> list[dict[str, str | int | list[str] | None]]:
        """Every error of the record as plain data, in order (for ``--format json``); when
        lines were left unchecked, a last entry says so, located at the first of them."""
        out = [e.to_json() for e in self.errors]
        if self.unchecked:
            out.append(
                {
                    "path": self.path,
                    "line": self.unchecked_line,
                    "column": 1,
                    "message": self._unchecked_message(),
                    "expected": [],
                    "hint": None,
                }
            )
        return out


def or_list(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]
