"""The façades through which the shells see the layers below (``adjudicator/court/api.py``,
``adjudicator/court/ecarte/api.py``, ``adjudicator/court/piquet/api.py``): ``lint-imports`` holds
the shells to them; these tests hold each façade to what it says it is.

* a game's façade states its names twice, imported for the type checker and in its table of
  homes for loading at run time: the two agree;
* each name it gives is the object of its home, and none is loaded before it is asked for;
* it exports exactly what the shells use: every name is imported by some shell.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
FACADES = ["adjudicator.court.api", "adjudicator.court.ecarte.api", "adjudicator.court.piquet.api"]
LAZY = FACADES[1:]
"""The games' façades, which load each name when first asked for."""


def _source(name: str) -> ast.Module:
    return ast.parse((ROOT / (name.replace(".", "/") + ".py")).read_text(encoding="utf-8"))


def _imported(name: str) -> dict[str, str]:
    """Each name the façade's source imports (under ``TYPE_CHECKING`` or not), and its home."""
    out: dict[str, str] = {}
    for node in ast.walk(_source(name)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module != "__future__":
            for alias in node.names:
                if alias.name not in ("TYPE_CHECKING", "lazy_names"):
                    assert alias.asname in (None, alias.name), f"{name}: {alias.name} renamed"
                    out[alias.name] = node.module
    return out


def _homes(module: ModuleType) -> dict[str, str]:
    homes: dict[str, tuple[str, ...]] = module.HOMES
    return {n: home for home, names in homes.items() for n in names}


@pytest.mark.parametrize("name", LAZY)
def test_the_table_of_homes_is_what_the_type_checker_sees(name: str) -> None:
    assert _homes(importlib.import_module(name)) == _imported(name)


@pytest.mark.parametrize("name", FACADES)
def test_each_name_is_the_object_of_its_home(name: str) -> None:
    facade = importlib.import_module(name)
    for export, home in sorted(_imported(name).items()):
        assert getattr(facade, export) is getattr(importlib.import_module(home), export), export


@pytest.mark.parametrize("name", LAZY)
def test_a_name_unknown_to_the_facade_is_an_attribute_error(name: str) -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = importlib.import_module(name).no_such_name


@pytest.mark.parametrize("name", LAZY)
def test_nothing_is_loaded_before_it_is_asked_for(name: str) -> None:
    """Importing the façade loads none of its homes (but those the ``adjudicator`` package
    itself loads: écarté's reader and writer); asking for a name loads its home."""
    homes = _homes(importlib.import_module(name))
    some = list(homes)[-1]  # (of the court: loaded by nothing else)
    places = sorted(set(homes.values()))
    code = (
        "import sys, adjudicator\n"
        "before = set(sys.modules)\n"
        f"import {name}\n"
        f"print(sorted(h for h in {places!r} if h in sys.modules and h not in before))\n"
        f"from {name} import {some}\n"
        f"print({homes[some]!r} in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.split("\n")[:2] == ["[]", "True"]


def _used_by_the_shells() -> dict[str, set[str]]:
    used: dict[str, set[str]] = {f: set() for f in FACADES}
    for path in sorted((ROOT / "adjudicator" / "shell").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module in used:
                used[node.module].update(alias.name for alias in node.names)
    return used


@pytest.mark.parametrize("name", FACADES)
def test_the_facade_exports_exactly_what_the_shells_use(name: str) -> None:
    assert _used_by_the_shells()[name] == set(_imported(name))
