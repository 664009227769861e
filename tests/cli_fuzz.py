"""Mutated records through every command of the CLI: the harness shared by the suite's test
(``tests/test_cli_fuzz.py``) and the long run by hand (``fuzz/cli_fuzz.py``).

A record of the casebook is mutated (:func:`mutate`), a character or a line at a time, with
what a hostile or careless writer produces: digits that are not ASCII (superscripts, circled,
Arabic-Indic, fullwidth), letters that look like the notation's (Cyrillic, Greek, fullwidth),
numbers of thousands of digits, lines of tens of thousands of cards, a line repeated thousands
of times, the third player C where a record has two, NUL, byte-order marks, stray quotes and
braces, lines dropped, doubled and swapped. The mutant then goes through each command
(:data:`COMMANDS`) in this process, through typer's runner, as a file; the exit status must be
0, 1 or 2 (a ruling, findings, or a located error): 3, the internal error, or an exception
escaping the command, is a crash.
"""

from __future__ import annotations

import random
import shutil
import signal
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.shell.cli import app

ROOT = Path(__file__).resolve().parent.parent
CASEBOOK = sorted(ROOT.glob("cases/ecarte/law-*/*.etn"))

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("check",),
    ("rule",),
    ("rule", "--format", "json"),
    ("rule", "--format", "html"),
    ("rule", "--format", "md"),
    ("advise",),
    ("solve",),
    ("replay",),
    ("replay", "--analyse"),
    ("fmt", "--check"),
    ("fmt",),
)
"""Each command run on every mutant (``fmt`` last: it rewrites the file)."""

UNICODE_DIGITS = "²³¹⁰①②⑤٠١٣٥۳߃०३১৩๓០༣၃႓፫៣᠓０３𝟑𝟓"
LOOKALIKES = "АВСКМТаеорсхΑΒΚΜΤοＡＢＫＱＪＳＨＤＣ"
ODD = ["\x00", "\ufeff", "\r", "\t", '"', "{", "}", "[", "]", ";", ":", ".", "-", "\u0301", " "]


HANG_SECONDS = 120
"""How long one command may take on one mutant (a fraction of a second is usual): past it the
command is interrupted and counted as a crash."""


def _hung(signum: int, frame: object) -> None:
    raise TimeoutError(f"the command took longer than {HANG_SECONDS} s")


@dataclass(frozen=True)
class Crash:
    """A command that ended in an internal error on a mutant."""

    command: tuple[str, ...]
    """The command's words (without the file)."""
    status: int
    """Its exit status (3 for the internal error)."""
    text: bytes
    """The mutant."""
    output: str
    """What the command printed (standard error included)."""


def _number_spot(text: str, rng: random.Random) -> tuple[int, int] | None:
    """Where a run of ASCII digits stands in ``text`` (its start and end), chosen at random."""
    spots = [i for i, c in enumerate(text) if c.isascii() and c.isdigit()]
    if not spots:
        return None
    i = rng.choice(spots)
    j = i
    while i > 0 and text[i - 1].isascii() and text[i - 1].isdigit():
        i -= 1
    while j < len(text) and text[j].isascii() and text[j].isdigit():
        j += 1
    return i, j


def _mutate_once(text: str, rng: random.Random) -> str:
    """One mutation of ``text``."""
    lines = text.split("\n")
    kind = rng.randrange(14)
    if kind == 0 and (spot := _number_spot(text, rng)):  # a Unicode digit for a number
        i, j = spot
        return text[:i] + "".join(rng.choice(UNICODE_DIGITS) for _ in range(j - i)) + text[j:]
    if kind == 1 and (spot := _number_spot(text, rng)):  # a huge number
        i, j = spot
        return text[:i] + "9" * rng.choice((10, 300, 4301, 5000)) + text[j:]
    if kind == 2 and text:  # a lookalike letter for one of the notation's
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(LOOKALIKES) + text[i + 1 :]
    if kind == 3 and text:  # an odd character inserted
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(ODD + list(UNICODE_DIGITS)) + text[i:]
    if kind == 4 and text:  # a character deleted
        i = rng.randrange(len(text))
        return text[:i] + text[i + 1 :]
    if kind == 5:  # a long line of cards
        i = rng.randrange(len(lines))
        cards = " ".join(rng.choice(("KS", "7H", "AD", "9C", "??")) for _ in range(5))
        who = rng.choice(("A: ", "B: ", "C: ", "A discards ", "A holds ", ""))
        lines.insert(i, "  " + who + " ".join([cards] * rng.choice((6, 200, 3000))))
        return "\n".join(lines)
    if kind == 6:  # a line repeated many times
        i = rng.randrange(len(lines))
        lines[i:i] = [lines[i]] * rng.choice((2, 50, 1500))
        return "\n".join(lines)
    if kind == 7 and len(lines) > 1:  # a line dropped
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == 8 and len(lines) > 1:  # two lines swapped
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    if kind == 9:  # the third player where there are two
        i = rng.randrange(len(lines))
        lines[i] = lines[i].replace(rng.choice(("A", "B")), "C", 1)
        return "\n".join(lines)
    if kind == 10:  # a line of another record's kind
        extra = rng.choice(
            (
                "  C advises B: play",
                "  C marks 1",
                "  C sits out",
                "  B doubles",
                "  A offers point",
                "  score A 9 B 9 C 9",
                "  A: 27",
                "  B: 32",
                "  A unmarks 3",
                "  A asks 40",
                '[Game "²"]',
                '[Rubber "٣"]',
                '[Pool "③"]',
                '[Rules "pool+french"]',
            )
        )
        lines.insert(rng.randrange(len(lines) + 1), extra)
        return "\n".join(lines)
    if kind == 11 and (spot := _number_spot(text, rng)):  # a number changed
        i, j = spot
        return text[:i] + str(rng.choice((0, 1, 2, 5, 6, 26, 27, 32, 33, 99, 10**8))) + text[j:]
    if kind == 12:  # a line cut short
        i = rng.randrange(len(lines))
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        return "\n".join(lines)
    i = rng.randrange(len(lines))  # a line duplicated once
    lines.insert(i, lines[i])
    return "\n".join(lines)


def mutate(text: str, rng: random.Random) -> bytes:
    """``text`` mutated one to four times; now and then encoded other than in UTF-8."""
    for _ in range(rng.randint(1, 4)):
        text = _mutate_once(text, rng)
    if rng.random() < 0.02:
        return text.encode("utf-16")
    if rng.random() < 0.02:
        return text.encode("latin-1", "replace")
    return text.encode("utf-8", "surrogatepass")


def mutants(seed: int, count: int) -> Iterator[bytes]:
    """``count`` mutants of the casebook's records, from ``seed`` (the same seed, the same
    mutants)."""
    rng = random.Random(seed)
    texts = [p.read_text(encoding="utf-8") for p in CASEBOOK]
    for _ in range(count):
        yield mutate(rng.choice(texts), rng)


def run_commands(
    data: bytes,
    folder: Path,
    runner: CliRunner | None = None,
    commands: tuple[tuple[str, ...], ...] = COMMANDS,
) -> list[Crash]:
    """Every command of ``commands`` on the record ``data`` (as the file ``folder/r.etn``);
    the crashes."""
    runner = runner or CliRunner()
    path = folder / "r.etn"
    crashes: list[Crash] = []
    for command in commands:
        path.write_bytes(data)
        old = signal.signal(signal.SIGALRM, _hung)
        signal.alarm(HANG_SECONDS)  # a hang is an internal error, not a stopped run
        try:
            result = runner.invoke(app, [*command, str(path)], catch_exceptions=True)
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
        escaped = result.exception is not None and not isinstance(result.exception, SystemExit)
        if result.exit_code not in (0, 1, 2) or escaped:  # (the runner says 1 for an escape)
            output = result.output
            if escaped:
                output += f"\n{type(result.exception).__name__}: {result.exception}"
            crashes.append(Crash(command, result.exit_code, data, output))
    return crashes


def fuzz(
    seed: int,
    count: int,
    commands: tuple[tuple[str, ...], ...] = COMMANDS,
    *,
    rotate: bool = False,
    start: int = 0,
) -> tuple[int, list[Crash]]:
    """``count`` mutants from ``seed`` through ``commands`` (``rotate``: each mutant through one
    command, the next in turn; ``start``: skip that many mutants first, for a run shared
    between processes): how many ran, and the crashes."""
    folder = Path(tempfile.mkdtemp(prefix="ecarte-clifuzz-"))
    runner = CliRunner()
    crashes: list[Crash] = []
    n = 0
    try:
        for i, data in enumerate(mutants(seed, start + count)):
            if i < start:
                continue
            chosen = (commands[i % len(commands)],) if rotate else commands
            crashes += run_commands(data, folder, runner, chosen)
            n += 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return n, crashes
