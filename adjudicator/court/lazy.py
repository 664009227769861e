"""Names a module exports but loads only when first asked for (PEP 562): how the façades
(:mod:`adjudicator.court.ecarte.api`, :mod:`adjudicator.court.piquet.api`) give the shells what
they use of the layers below without loading all of it at start-up (``ecarte fmt`` needs
neither the laws nor the solver).

A façade states its names twice: imported under ``TYPE_CHECKING`` (for the
type checker, and for ``lint-imports``, which reads those imports like any other), and in the
table of homes it gives :func:`lazy_names`. ``tests/test_facades.py`` holds the two to each
other.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy_names(
    module: str, homes: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``module`` (a façade), which exports each name of
    ``homes`` (the module that defines it, and the names): loaded from its home when first
    asked for, then kept in ``module`` itself."""
    home_of = {name: home for home, names in homes.items() for name in names}
    namespace = sys.modules[module].__dict__

    def __getattr__(name: str) -> object:
        home = home_of.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *home_of})

    return __getattr__, __dir__
