"""The piquet engine stands alone: it imports from the project only the generic notation core and
piquet's own notation, never écarté's, never uses écarté's order of the ranks, and exports what it
names."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import adjudicator.engine.piquet as piquet

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted((ROOT / "adjudicator" / "engine" / "piquet").glob("*.py"))
ALLOWED = {"adjudicator.notation.cards", "adjudicator.notation.nodes"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_only_the_generic_core_and_piquets_notation_are_imported(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            if name.startswith(("adjudicator", "laws")):
                assert name in ALLOWED or name.startswith(
                    ("adjudicator.engine.piquet", "adjudicator.notation.piquet")
                ), name


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_ecartes_order_of_the_ranks_is_never_used(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "strength"]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_every_public_function_and_class_has_a_docstring(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_"):
            assert ast.get_docstring(node), f"{path.name}: {node.name}"


def test_the_package_exports_what_it_names() -> None:
    assert all(hasattr(piquet, name) for name in piquet.__all__)
    assert "score_deal" in piquet.__all__ and "settle" in piquet.__all__
