"""Nothing lost: ``ecarte fmt`` keeps every fact and every comment of every record, writes a file
atomically (a temporary file beside it, then a rename), and never touches a file it cannot read
fully.

Checked on a copy of the whole casebook and on generated records: the models (facts and the
comments attached to them) before and after are equal, every comment's text is still in the
file, and a second ``fmt`` changes nothing.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import read, write
from adjudicator.engine.ecarte.generate import generate
from adjudicator.shell.cli import app

CASES = Path(__file__).resolve().parent.parent / "cases" / "ecarte"
_COMMENT = re.compile(r"\{[^}]*\}|;[^\n]*")


def _models(path: Path) -> list[object]:
    return list(read(path))


def _comments(text: str) -> list[str]:
    """Every comment's words, in order (the writer may move a comment, never drop one)."""
    return sorted(" ".join(c.split()) for c in _COMMENT.findall(text))


def _fmt_keeps_everything(folder: Path) -> int:
    files = sorted(folder.rglob("*.etn"))
    before = {f: (_models(f), _comments(f.read_text(encoding="utf-8"))) for f in files}
    result = CliRunner().invoke(app, ["fmt", str(folder)])
    assert result.exit_code == 0, result.output
    for f in files:
        models, comments = before[f]
        text = f.read_text(encoding="utf-8")
        assert _models(f) == models, f
        assert _comments(text) == comments, f
    again = CliRunner().invoke(app, ["fmt", "--check", str(folder)])
    assert again.exit_code == 0, again.output  # canonical after one pass
    assert not list(folder.rglob("*.tmp")), "a temporary file was left behind"
    return len(files)


def test_fmt_keeps_every_fact_and_comment_of_the_casebook(tmp_path: Path) -> None:
    copy = tmp_path / "cases" / "ecarte"
    shutil.copytree(CASES, copy)
    assert _fmt_keeps_everything(copy) >= 170


def test_fmt_keeps_every_fact_and_comment_of_generated_records(tmp_path: Path) -> None:
    for seed in range(30):
        text = write(generate(seed).record)
        # the same game as a person might write it: indented, in lower case, with comments
        lines = []
        for i, line in enumerate(text.splitlines()):
            if line.startswith("["):
                lines.append(line)
            elif i % 7 == 3:
                lines.append(f"    {line.lower()}   {{note {i}}} ; said aloud")
            else:
                lines.append(line.lower() if i % 2 else line)
        (tmp_path / f"game-{seed}.etn").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _fmt_keeps_everything(tmp_path) == 30


def test_a_failed_write_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.etn"
    original = "deal 1 A\n   b:  kh qh 9s   ; untidy\n"
    path.write_text(original, encoding="utf-8")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    result = CliRunner().invoke(app, ["fmt", str(path)])
    assert result.exit_code == 2
    assert "cannot write the file" in result.output
    assert path.read_text(encoding="utf-8") == original
    assert [p.name for p in tmp_path.iterdir()] == ["game.etn"]  # no temporary file left


def test_a_file_with_an_unreadable_record_is_never_touched(tmp_path: Path) -> None:
    path = tmp_path / "two.etn"
    original = b'[Event "one"]\ndeal 1 A\n  b: kh\n\n[Event "two"]\ndeal 1 A\n  b: kh \xff\n'
    path.write_bytes(original)
    before = path.stat().st_mtime_ns
    result = CliRunner().invoke(app, ["fmt", str(path)])
    assert result.exit_code == 2
    assert path.read_bytes() == original and path.stat().st_mtime_ns == before


def test_a_file_that_cannot_be_opened_is_reported_and_the_rest_formatted(tmp_path: Path) -> None:
    good = tmp_path / "a.etn"
    good.write_text("deal 1 A\n b: kh\n", encoding="utf-8")
    missing = tmp_path / "missing.etn"
    result = CliRunner().invoke(app, ["fmt", str(missing), str(good)])
    assert result.exit_code == 2
    assert good.read_text(encoding="utf-8") == "deal 1 A\n  B: KH\n"
