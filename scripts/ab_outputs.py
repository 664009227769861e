"""Byte-identity A/B of the ``ecarte`` command between two checkouts.

Issue 22 asks that every output of the commands on the casebook and on 400 generated games be
byte-identical to the commit before the change, except the rulings it means to change. This
script makes that comparison in three steps, each run by hand:

1. ``inputs DIR``: copy every Écarté record of this checkout's casebook and test data into ``DIR``
   under flat names (so two checkouts with different layouts see the same paths), and write 400
   generated games (seeds 0-399, one to three games each) beside them.
2. ``dump DIR OUT`` run with ``PYTHONPATH`` set to a checkout: every command's output on every
   record of ``DIR`` (in process, through the command's own runner), one file per record and
   command, its exit status first.
3. ``compare OUT_A OUT_B``: the records and commands whose outputs differ, with a diff of the
   first few.

The dump imports ``adjudicator.shell.cli``, which every checkout since the first has had, and
nothing else of the project, so it runs against old commits as well as new.
"""

from __future__ import annotations

import difflib
import shutil
import sys
from pathlib import Path

COMMANDS: dict[str, list[str]] = {
    "check": ["check", "--jobs", "1"],
    "check-json": ["check", "--jobs", "1", "--format", "json"],
    "rule": ["rule"],
    "rule-json": ["rule", "--format", "json"],
    "rule-md": ["rule", "--format", "md", "--referee", "A/B"],
    "replay": ["replay"],
    "replay-json": ["replay", "--format", "json"],
    "replay-analyse": ["replay", "--analyse"],
    "parse": ["parse"],
    "fmt-diff": ["fmt", "--diff"],
    "solve": ["solve"],
    "advise": ["advise"],
}
"""Each command run on each record, by the name its output is kept under."""


def inputs(target: Path) -> None:
    """Copy the casebook and test records, and write the generated games, into ``target``."""
    from adjudicator.engine.ecarte.generate import generate
    from adjudicator.notation.ecarte.writer import write

    target.mkdir(parents=True, exist_ok=True)
    roots = [Path("cases/ecarte"), Path("tests/data")]
    count = 0
    for root in roots:
        for path in sorted(root.rglob("*.etn")):
            name = "-".join(path.relative_to(root).parts)
            shutil.copyfile(path, target / f"{root.name}-{name}")
            count += 1
    for seed in range(400):
        record = generate(seed, games=1 + seed % 3).record
        (target / f"generated-{seed:03}.etn").write_text(write(record), encoding="utf-8")
    print(f"{count} records copied, 400 generated, in {target}")


def dump(source: Path, out: Path) -> None:
    """Every command's output on every record of ``source``, written under ``out``."""
    from typer.testing import CliRunner

    from adjudicator.shell.cli import app

    runner = CliRunner()
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(source.glob("*.etn")):
        for name, args in COMMANDS.items():
            copy = out / "work.etn"
            shutil.copyfile(path, copy)
            given = [str(copy)] if name == "fmt-diff" else [str(path)]
            result = runner.invoke(app, [*args, *given])
            text = result.stdout.replace(str(copy), str(path))
            (out / f"{path.stem}.{name}").write_text(
                f"exit {result.exit_code}\n{text}", encoding="utf-8"
            )
    (out / "work.etn").unlink(missing_ok=True)


def compare(a: Path, b: Path, shown: int = 5) -> int:
    """The outputs that differ between two dumps; 0 if none."""
    names = sorted({p.name for p in a.iterdir()} | {p.name for p in b.iterdir()})
    differ = [n for n in names if _text(a / n) != _text(b / n)]
    for name in differ[:shown]:
        lines = difflib.unified_diff(
            _text(a / name).splitlines(), _text(b / name).splitlines(), str(a / name), str(b / name)
        )
        print("\n".join(list(lines)[:40]))
    records = sorted({n.split(".")[0] for n in differ})
    print(f"{len(names)} outputs, {len(differ)} differ, in {len(records)} records")
    for record in records:
        outputs = [n.split(".", 1)[1] for n in differ if n.startswith(record + ".")]
        print(" ", record, " ".join(outputs))
    return 1 if differ else 0


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else "<missing>"


def main(argv: list[str]) -> int:
    if argv[:1] == ["inputs"] and len(argv) == 2:
        inputs(Path(argv[1]))
        return 0
    if argv[:1] == ["dump"] and len(argv) == 3:
        dump(Path(argv[1]), Path(argv[2]))
        return 0
    if argv[:1] == ["compare"] and len(argv) == 3:
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
