"""The per-card cost inline (issue 23, item 3): with ``rule --analyse``, beside each card of the
tricks, what it cost its player under perfect play (as ``replay --analyse`` finds it), in the
text ruling, the Markdown report's trick table and the HTML report's trick grid and
step-through; without it, nothing of the kind (it is analysis, not the ruling)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.shell.cli import app

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "examples" / "tutorial.etn"
COSTLY = ROOT / "cases" / "ecarte" / "law-51-overscore" / "x9-overscore-to-five-game-not-won.etn"
"""Deal 1: A's 9D to trick 4 costs him a trick (his best card was 7D)."""


def ruled(path: Path, *given: str) -> str:
    """The output of ``rule`` on ``path``."""
    return CliRunner().invoke(app, ["rule", *given, str(path)]).stdout


def test_text_says_each_card_s_cost_beside_it() -> None:
    tutorial = " ".join(ruled(TUTORIAL, "--analyse").split())
    assert "1. B KS (best), A 8H (not a lawful card; best 7S);" in tutorial
    costly = " ".join(ruled(COSTLY, "--analyse").split())
    assert "4. B JD (best), A 9D (costs 1 trick; best 7D);" in costly


def test_markdown_trick_table_gives_each_card_s_cost() -> None:
    text = ruled(TUTORIAL, "--format", "md", "--analyse")
    assert "| 1 | B K♠ (best) | A 8♥ (not a lawful card; best 7♠) | A |" in text
    assert "what it cost its player under perfect play" in text
    replay = ROOT / "cases" / "ecarte" / "law-43-revoke" / "replay-worth-two.etn"
    costly = ruled(replay, "--format", "md", "--analyse")
    assert "| 2 | A K♠ (best) | B Q♥ (costs 1 trick; best K♣ A♣) | A |" in costly


def test_html_trick_grid_and_step_through_give_each_card_s_cost() -> None:
    page = ruled(COSTLY, "--format", "html", "--analyse")
    cost = '<span class="cost lost" data-lost="1">costs 1 trick; best 7♦</span>'
    grid = page[page.index('<table class="tricks">') : page.index("</table>", page.index("tricks"))]
    assert cost in grid
    steps = page[page.index('class="step-through"') :]
    assert cost in steps[: steps.index("</details>")]
    assert not re.search(r"""\b(src|href)=["']?(https?:|//)""", page)  # nothing fetched


@pytest.mark.parametrize("fmt", ("text", "md", "html"))
def test_without_analyse_no_cost_is_shown(fmt: str) -> None:
    text = ruled(TUTORIAL, "--format", fmt)
    for words in ("not a lawful card", "under perfect play", 'class="cost'):
        assert words not in text, words
