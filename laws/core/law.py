"""The shape every law object of every game has, as a :class:`typing.Protocol`: a game's law
class satisfies it by its fields alone (no base class to inherit), so that the lookup, the
listing and the citations of :mod:`laws.core.lookup` serve every game's laws unchanged."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


class Named(Protocol):
    """A heading of a printed code: an enum member whose value is the heading's words."""

    @property
    def value(self) -> str:
        """The heading as printed."""
        ...


@runtime_checkable
class LawLike(Protocol):
    """What a law object of any game has: its number in the code, the heading it is printed
    under, a title, a summary in the project's own words, the project's interpretation (its
    readings where the code is silent), the words it may also be looked up by, and the laws it
    sets aside (``overrides``: the only way one law sets aside another)."""

    @property
    def number(self) -> int:
        """Its number in the code (a game's added rules number past the code's)."""
        ...

    @property
    def heading(self) -> Named:
        """The heading of the code it is printed under."""
        ...

    @property
    def title(self) -> str:
        """A few words."""
        ...

    @property
    def summary(self) -> str:
        """What it says, in the project's own words."""
        ...

    @property
    def interpretation(self) -> str:
        """How the project reads it where the text is open, and the sources followed."""
        ...

    @property
    def keywords(self) -> tuple[str, ...]:
        """Words it may be looked up by that its title and summary do not use."""
        ...

    @property
    def overrides(self) -> tuple[int, ...]:
        """The laws whose findings it replaces."""
        ...

    @property
    def cite(self) -> str:
        """How a ruling cites it, if not "law N" (empty for a law of the code)."""
        ...


def citation(law: LawLike) -> str:
    """How a ruling cites ``law``: "law 43", or the name an added rule is cited by."""
    return law.cite or f"law {law.number}"
