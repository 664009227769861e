"""One home per rule: the court applies the laws' effects without knowing any law by number,
and law 49's rule is written once."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COURT = sorted((ROOT / "adjudicator" / "court").rglob("*.py"))
CODE = sorted(
    p
    for folder in ("adjudicator", "laws")
    for p in (ROOT / folder).rglob("*.py")
    if "grammar" not in p.parts
)

_LAW_WORDS = re.compile(r"\blaws?\s+\d")


def _docstrings(tree: ast.AST) -> set[int]:
    """The lines of the module's, classes' and functions' docstrings (and attribute
    docstrings: a string statement on its own)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


@pytest.mark.parametrize("path", COURT, ids=lambda p: p.name)
def test_the_court_names_no_law_number(path: Path) -> None:
    """No law number in the court's code or strings (its docstrings may explain, citing laws
    as examples): the law that answers for an effect comes from the laws' data."""
    named = _named(path.read_text(encoding="utf-8"))
    assert not named, f"{path.name} names laws by number: {named}"


def _named(text: str) -> list[str]:
    """Where ``text`` names a law by number outside its docstrings and comments."""
    tree = ast.parse(text)
    docs = _docstrings(tree)
    named = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.start[0] in docs or tok.type == tokenize.COMMENT:
            continue
        if tok.type == tokenize.STRING and _LAW_WORDS.search(tok.string):
            named.append(f"line {tok.start[0]}: {tok.string}")
    for node in ast.walk(tree):
        # `f.law == 51`, `law in (19, 22)`, `law=50`
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Attribute) and s.attr == "law" for s in sides) and any(
                isinstance(c, ast.Constant) and isinstance(c.value, int)
                for s in sides
                for c in ast.walk(s)
            ):
                named.append(f"line {node.lineno}: {ast.unparse(node)}")
        if (
            isinstance(node, ast.keyword)
            and node.arg == "law"
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, int)
        ):
            named.append(f"line {node.lineno}: law={node.value.value!r}")
    return named


def _doubled_calls(tree: ast.AST) -> list[str]:
    """Calls of ``point_marks`` whose ``doubled`` is not law 49's one statement (a call of
    ``doubled`` or ``point_doubled``, directly or through a name assigned from one)."""
    bad = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        assigned: dict[str, ast.expr] = {}
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name):
                    assigned[target.id] = node.value
        for node in ast.walk(fn):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "point_marks"
            ):
                continue
            value = next((k.value for k in node.keywords if k.arg == "doubled"), None)
            if isinstance(value, ast.Name):
                value = assigned.get(value.id, value)
            ok = (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id in ("doubled", "point_doubled")
            )
            if not ok:
                bad.append(f"line {node.lineno}: {ast.unparse(node)}")
    return bad


@pytest.mark.parametrize("path", CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_law_49_is_stated_once(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert not _doubled_calls(tree), f"{path.name}: law 49 written out again"
    defined = [
        n.name
        for n in ast.walk(tree)
        if isinstance(n, ast.FunctionDef) and n.name in ("doubled", "penalised", "_stood")
    ]
    if path.name != "rules.py":
        assert not defined, f"{path.name} defines {defined}"


def test_the_checks_can_fail() -> None:
    bad = ast.parse("def f(w, d):\n    return point_marks(3, doubled=w is d)\n")
    assert _doubled_calls(bad)
    good = ast.parse(
        "def f(d, w):\n    t = point_doubled(d, w)\n    return point_marks(3, doubled=t)\n"
    )
    assert not _doubled_calls(good)


def test_the_law_number_check_can_fail() -> None:
    assert _named("def f(x):\n    return x.law in (19, 22)\n")
    assert _named("def f():\n    return C(law=51)\n")
    assert _named('def f():\n    return "taken down under law 51"\n')
    assert not _named('def f(x):\n    """Law 51 says so."""\n    return f"law {x.law}"\n')
