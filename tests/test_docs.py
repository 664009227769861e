"""The documentation cannot rot: the notation's examples read and show every line form, the
tutorial's record is ``docs/examples/tutorial.etn`` in canonical form and the outputs it shows
are what the commands print today, and every link between the pages leads to a file."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import NotationError, read_each, read_one, write
from adjudicator.notation.ecarte import model
from adjudicator.shell.cli import app

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
NOTATION = DOCS / "notation.md"
TUTORIAL = DOCS / "tutorial.md"
RECORD = DOCS / "examples" / "tutorial.etn"


def blocks(path: Path, kind: str) -> list[str]:
    """The text of each fenced code block of ``kind`` (```etn, ```console) in a page."""
    return re.findall(rf"^```{kind}\n(.*?)^```$", path.read_text(encoding="utf-8"), re.S | re.M)


def test_every_example_of_the_notation_reads() -> None:
    examples = blocks(NOTATION, "etn")
    assert len(examples) >= 15
    for text in examples:
        for item in read_each(text):
            assert not isinstance(item, NotationError), f"{item}\nin:\n{text}"


def test_the_notation_shows_every_line_form() -> None:
    """Every event model of the notation appears in an example (a line form added to the
    grammar and the model must be added to docs/notation.md, section 7)."""
    (union,) = typing.get_args(model.Event)[:1]
    forms = {t.__name__ for t in typing.get_args(union)}
    assert len(forms) >= 30
    seen: set[str] = set()
    for text in blocks(NOTATION, "etn"):
        for record in read_each(text):
            assert not isinstance(record, NotationError)
            seen.update(type(event).__name__ for _, event in record.events())
            seen.update(["Tag"] if record.tags else [])
            seen.update(["Deal"] if record.deals else [])
    assert forms | {"Tag", "Deal"} <= seen, sorted(forms - seen)


def test_the_notations_whole_game_is_canonical() -> None:
    game = blocks(NOTATION, "etn")[-1]
    assert game.startswith("[Event ")
    assert write(read_one(game)) == game


def test_the_tutorials_record_is_the_example_file_in_canonical_form() -> None:
    (shown,) = blocks(TUTORIAL, "etn")
    text = RECORD.read_text(encoding="utf-8")
    assert shown == text
    assert write(read_one(text)) == text


def _console(path: Path, command: str = "ecarte") -> list[tuple[list[str], str]]:
    """Each console block of ``command``: its words after the command's name, and the output
    shown."""
    out = []
    for block in blocks(path, "console"):
        first, _, shown = block.partition("\n")
        assert first.startswith(("$ ecarte ", "$ adjudicator ")), first
        if first.split()[1] == command:
            out.append((first.split()[2:], shown.rstrip("\n")))
    return out


def test_the_tutorials_outputs_are_what_the_commands_print(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    shown = _console(TUTORIAL)
    assert [words[0] for words, _ in shown] == ["check", "rule", "replay", "laws"]
    runner = CliRunner()
    for words, expected in shown:
        result = runner.invoke(app, words)
        printed = (result.stdout + result.stderr).rstrip("\n")
        assert printed == expected, f"ecarte {' '.join(words)} prints another text today"
    assert runner.invoke(app, ["check", str(RECORD.relative_to(ROOT))]).exit_code == 1


def test_the_tutorials_piquet_outputs_are_what_the_commands_print(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from adjudicator.shell.main import app as adjudicator

    monkeypatch.chdir(ROOT)
    shown = _console(TUTORIAL, "adjudicator")
    assert [words[0] for words, _ in shown] == ["check", "replay"]
    runner = CliRunner()
    for words, expected in shown:
        result = runner.invoke(adjudicator, words)
        printed = (result.stdout + result.stderr).rstrip("\n")
        assert printed == expected, f"adjudicator {' '.join(words)} prints another text today"
    assert runner.invoke(adjudicator, ["check", "docs/examples/piquet-example.ptn"]).exit_code == 0


def test_the_docs_are_in_canonical_form(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["fmt", "--check", "docs/"])
    assert result.exit_code == 0, result.output
    assert "0 file(s) would be reformatted, 1 already in canonical form" in result.stderr


@pytest.mark.parametrize("page", ["README.md", *[f"docs/{p.name}" for p in DOCS.glob("*.md")]])
def test_links_lead_to_files(page: str) -> None:
    """Every relative link of a page leads to a file or folder of the repository (a clone
    alone has every page it links to: nothing under ../shared)."""
    path = ROOT / page
    text = path.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [link for link in links if "://" not in link]
    assert local or page == "docs/laws.md"
    for link in local:
        assert "shared" not in link.split("/"), (page, link)
        assert (path.parent / link).exists(), (page, link)
