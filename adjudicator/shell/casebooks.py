"""Where each game's casebook is, and which of its records show a law: the `laws` command of
either game lists them beside the law (``cases/<game>/law-NN-*/``)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def casebook_root(game: str) -> Path | None:
    """Where ``game``'s casebook is (``ecarte``, ``piquet``): inside the installed package, else
    at the top of a checkout; ``None`` if neither is there."""
    packaged = resources.files("adjudicator").joinpath(f"cases/{game}")
    if packaged.is_dir():
        return Path(str(packaged))
    checkout = Path(__file__).resolve().parents[2] / "cases" / game
    return checkout if checkout.is_dir() else None


def law_cases(number: int, root: Path | None, suffix: str) -> list[Path]:
    """The records (files ending in ``suffix``) of the casebook at ``root`` that show the law
    ``number`` (its folders ``law-NN-*``), sorted."""
    if root is None or not root.is_dir():
        return []
    folders = sorted(root.glob(f"law-{number:02d}-*"))
    return [p for folder in folders for p in sorted(folder.glob(f"*{suffix}"))]
