"""The layers: notation -> engine -> laws -> court -> shells, nothing importing upward.

``lint-imports`` (run by ``.ci/run``) checks the contract in ``pyproject.toml``; these tests
check what it cannot see: an import hidden inside a function, which would let a layer reach
upward (or a module dodge a cycle) at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ("adjudicator/notation", "adjudicator/engine", "laws", "adjudicator/court")
"""The layers below the shells: every import at the top of the module. (The shells defer some
imports to keep the command line's start-up short; nothing imports a shell.)"""

LAYERS = ("notation", "engine", "laws", "court", "shell")


def _modules(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] == "laws":
        return LAYERS.index("laws")
    if parts[0] == "adjudicator" and len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return None


@pytest.mark.parametrize("path", [p for f in CORE for p in _modules(f)], ids=str)
def test_no_import_inside_a_function(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden = [
        f"line {node.lineno}"
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(fn)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert not hidden, f"{path.relative_to(ROOT)} imports inside a function: {hidden}"


@pytest.mark.parametrize(
    "path", [p for f in (*CORE, "adjudicator/shell") for p in _modules(f)], ids=str
)
def test_no_import_reaches_upward(path: Path) -> None:
    """The same rule as the contract, over every import statement wherever it stands."""
    rel = path.relative_to(ROOT).with_suffix("")
    here = _layer(".".join(rel.parts))
    assert here is not None
    tree = ast.parse(path.read_text(encoding="utf-8"))
    upward = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            there = _layer(name)
            if there is not None and there > here:
                upward.append(f"line {node.lineno}: {name}")
    assert not upward, f"{rel} imports from a layer above it: {upward}"


def test_the_contract_names_every_layer() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for name in ("adjudicator.shell", "adjudicator.court", '"laws"', "adjudicator.engine"):
        assert name in text
