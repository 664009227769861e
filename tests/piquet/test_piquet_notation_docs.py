"""The Piquet notation's page and its grammar stay in step: every example of the page reads
(through the reader, and through the grammar's own rule ``record``), the examples show every
line form, every word of the grammar is on the page, and the page's whole deal is the example
file."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from adjudicator.notation.errors import NotationError
from adjudicator.notation.piquet import read_each, read_one, write
from adjudicator.notation.piquet.grammar import grammar_path, grammar_text, word_terminals
from adjudicator.notation.piquet.model import Event
from adjudicator.notation.piquet.reader import parser

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "piquet-notation.md"
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.ptn"))


def blocks() -> list[str]:
    """The text of each fenced ``ptn`` block of the page."""
    return re.findall(r"^```ptn\n(.*?)^```$", PAGE.read_text(encoding="utf-8"), re.S | re.M)


def test_every_example_of_the_page_reads() -> None:
    examples = blocks()
    assert len(examples) >= 12
    for text in examples:
        for item in read_each(text):
            assert not isinstance(item, NotationError), f"{item}\nin:\n{text}"


@pytest.mark.parametrize("text", [*blocks(), *(p.read_text("utf-8") for p in EXAMPLES)])
def test_the_grammars_record_rule_parses_the_examples(text: str) -> None:
    """The grammar alone (Lark's own lexer, comments ignored) reads what the reader reads."""
    tree = parser().parse(text, start="record")
    lines = [t for t in tree.children if getattr(t, "data", None) in ("line", "tag")]
    record = read_one(text)
    events = len(record.events()) + len(record.deals()) + len(record.tags)
    events += sum(p.number is not None for p in record.parties)
    assert len(lines) == events


def test_the_examples_show_every_line_form() -> None:
    (union,) = typing.get_args(Event)[:1]
    kinds = {t.model_fields["kind"].default for t in typing.get_args(union)}
    assert len(kinds) == 49
    seen: set[str] = set()
    for text in blocks():
        for record in read_each(text):
            assert not isinstance(record, NotationError)
            seen.update(event.kind for _, _, event in record.events())
    assert kinds <= seen, sorted(kinds - seen)


def test_every_rule_of_a_line_is_a_line_form_of_the_page() -> None:
    rules = re.search(r"^line: (.*?)\n\n", grammar_text(), re.S | re.M)
    assert rules is not None
    names = {n for n in re.split(r"[\s|]+", rules.group(1)) if n}
    (union,) = typing.get_args(Event)[:1]
    kinds = {t.model_fields["kind"].default for t in typing.get_args(union)}
    assert names == kinds | {"partie_heading", "deal_heading"}


def test_every_word_of_the_grammar_is_on_the_page() -> None:
    page = PAGE.read_text(encoding="utf-8").lower()
    words = {w for ws in word_terminals().values() for w in ws}
    assert len(words) > 90
    missing = sorted(w for w in words if not re.search(rf"(?<!\w){re.escape(w)}(?!\w)", page))
    assert not missing, f"words of the grammar not on the page: {missing}"


def test_the_pages_whole_deal_is_the_example_file() -> None:
    whole = blocks()[-1]
    assert whole == (ROOT / "docs" / "examples" / "piquet-example.ptn").read_text("utf-8")
    assert write(read_one(whole)) == whole


def test_the_grammar_found_is_the_checkout_s() -> None:
    """Installed (its copy in the package) or from the checkout: the same text."""
    found = grammar_path().read_text(encoding="utf-8")
    assert found == (ROOT / "grammar" / "piquet.lark").read_text(encoding="utf-8")
    assert 'parser="lalr"' not in grammar_text()  # the options are the reader's
    assert parser().options.parser == "lalr"
    assert parser().options.propagate_positions
