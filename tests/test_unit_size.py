"""Units a reader can hold (issue 22, item 5): no function or method in the package or the laws
longer than 80 lines, docstring and comments included, measured on the syntax tree as the source
spans it. A function that grows past it is split by what it does, not exempted here."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 80
"""The most lines a function may span."""


def _long_functions(root: Path, base: Path = ROOT) -> list[str]:
    """The functions under ``root`` longer than :data:`LIMIT`, as ``path:line name (n lines)``,
    the path relative to ``base``."""
    out = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                span = node.end_lineno - node.lineno + 1
                if span > LIMIT:
                    where = path.relative_to(base)
                    out.append(f"{where}:{node.lineno} {node.name} ({span} lines)")
    return out


def test_no_function_longer_than_the_limit() -> None:
    long = [f for top in ("adjudicator", "laws") for f in _long_functions(ROOT / top)]
    assert not long, "functions over 80 lines:\n" + "\n".join(long)


def test_the_measure_sees_a_long_function(tmp_path: Path) -> None:
    """The measure itself: a function of 81 lines is caught, one of 80 is not."""
    body = "\n".join(f"    x{i} = {i}" for i in range(79))
    (tmp_path / "long.py").write_text(f"def long():\n{body}\n    return 0\n", encoding="utf-8")
    (tmp_path / "short.py").write_text(f"def short():\n{body}\n", encoding="utf-8")
    found = _long_functions(tmp_path, tmp_path)
    assert found == ["long.py:1 long (81 lines)"]
