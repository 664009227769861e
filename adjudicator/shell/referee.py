"""The referee's report: ``ecarte rule --format html`` and ``--format md``, a ruling a club
would print, sign and pin up.

One document for a file, holding every record of it. For each record: the heading (event,
site, date, the players, the file and the record's line); each deal with the hands as cards
after the deal and after each exchange, the turn-up, the tricks, the lines of the record with
the irregular ones marked and their findings beside them, each finding with its law (number,
title, summary) and its options (who may take them, until when, what became of them, and what
each is worth where the advisor can tell); the score sheet as marked at the table and after
the ruling; the corrections, the corrected score, the winner and the trace of the laws; and a
signature block with the program's version and a hash of the record (SHA-256 of its canonical
text), so that a printed ruling can be matched to its record.

The report is written as the records are ruled, a deal at a time, so that what is held does
not grow with the length of a record or of the file (:func:`write_report`): a long record is
read in parts and ruled in pieces (:func:`adjudicator.court.ecarte.adjudicate.adjudicate_parts`),
the file's lines are read alongside, and each deal is rendered once nothing more can come for
it. What can be written only later waits in spooled temporary files (in memory up to a
megabyte, on disk beyond: :mod:`adjudicator.shell.spool`): the rendered deals, the score
sheet, the corrections, the notes, the trace, the hashes and the records that could not be
read. Some of what a deal shows is known only at the end of its record: the seats the record
shows (a third player may come in late), hence how the report calls player C, and the numbers
of the findings (those before the first deal are numbered first). The rendered deals hold a
mark for each (:data:`_MARK`), replaced when the spool is copied out. The heading of the file
(its title names the event of a file of one record) and the heading of each record are written
last, in front of what waited: a summary of the ruling at the top of a record or of the file
can be added the same way. What is still held grows only with the games won and the deals the
score waits on (listed at the end, as the text of ``rule`` lists them).

:func:`report_html` and :func:`report_md` give the report on records already read and held
(``ecarte serve``); both ways run the same code. The templates of
``adjudicator/shell/templates`` lay out the data, a part at a time (their ``phase``). The
output is a function of the input alone (no clock, no randomness): the same records give the
same bytes.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import io
import itertools
import os
import re
import shutil
import stat
import sys
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import jinja2
import markupsafe

from adjudicator.court.api import MAX_ERRORS, NotationError
from adjudicator.court.api import number as notation_number
from adjudicator.court.ecarte.api import (
    BY_NUMBER,
    MAX_WAITING,
    ClaimRuling,
    Deal,
    DealRuling,
    FindingRuling,
    Portion,
    PortionDeals,
    Record,
    RecordRuling,
    adjudicate,
    adjudicate_parts,
    cite,
    game_target,
    profile_named,
    read_parts,
    series_of,
    write,
    write_parts,
)
from adjudicator.shell import templating
from adjudicator.shell.batch import program_version, under_rules
from adjudicator.shell.hands import card, play_result, play_steps, player_of, stages, tricks
from adjudicator.shell.readings import (
    claim_reading,
    correction_reading,
    finding_reading,
    window_reading,
)
from adjudicator.shell.report import (
    game_words,
    pending_words,
    perfect_words,
    rules_words,
    series_words,
    worth_words,
)
from adjudicator.shell.show import deal_summaries
from adjudicator.shell.spool import BLOCK, SPOOL_BYTES
from adjudicator.shell.spool import Rows as _Rows
from adjudicator.shell.templating import capital
from adjudicator.shell.verdict import Verdict

SEATS = ("A", "B", "C")
"""The seats a record may have: A and B, and C in pool écarté (a record shows those its ruling
scores)."""

HASH_DIGITS = 16
"""How many hex digits of the record's hash are shown large (the whole hash in small print)."""

PIECE = 64
"""A long record is ruled in pieces of this many deals (``adjudicate_parts(every=...)``)."""

LAG = 2
"""A deal is rendered once this many deals after it are ruled: a finding or a claim about a
deal comes at the latest with the ruling of the deal after it (as for the text of ``rule``,
:class:`adjudicator.shell.report.RulingText`)."""

MAX_PENDING = MAX_WAITING + 2 * PIECE + LAG
"""The most deals held before they are rendered. A deal waits for its ruling (the court holds
up to :data:`~adjudicator.court.ecarte.adjudicate.MAX_WAITING` deals that no trump has followed) and
for the end of its game (a correction of the game in progress may still come: law 51); past
this many, the oldest is rendered anyway: a correction that comes later for one of its lines
is then in the table of corrections but not beside the line."""

_MARK = "\0"
"""What brackets a mark in the rendered deals (a NUL: the reader refuses a file that has one,
so no text of a record can hold it): ``R`` the heading of the next record; ``F<n>`` the n-th
finding of the record's deals; ``T<n>`` the finding that came n-th from the court; ``L`` and
``N`` player C's label and name."""


def _seats(score: dict[str, int]) -> tuple[str, ...]:
    """The seats of a record's report: those its ruling scores (A and B, or all three)."""
    return tuple(seat for seat in SEATS if seat in score) or ("A", "B")


_LINE_END = re.compile(r"\r\n|\r|\n")


def source_lines(data: bytes) -> list[str]:
    """The lines of a record file, as the reader numbers them (a line end is LF, CR LF or CR;
    a byte-order mark is dropped; bytes that are not UTF-8 are shown as replacement
    characters)."""
    text = data.decode("utf-8", errors="replace").removeprefix("\ufeff")
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return [line[1:] if line.startswith("\ufeff[") else line for line in lines]


def record_hash(record: Record) -> str:
    """The SHA-256 of the record's canonical text (:func:`adjudicator.notation.ecarte.writer.write`,
    as UTF-8), in hex: what matches a printed ruling to its record."""
    return hashlib.sha256(write(record).encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------------------------
#  The reports on records held (serve), and on a file read as it is ruled (rule)
# --------------------------------------------------------------------------------------------


def report_html(
    name: str,
    records: Sequence[Record],
    lines: Sequence[str],
    *,
    rulings: Sequence[RecordRuling] | None = None,
    referee: str | None = None,
    errors: Sequence[NotationError] = (),
    typed: bool = False,
    advice: bool = False,
    date: str | None = None,
    analyse: bool = False,
) -> str:
    """The referee's report on the records of one file as one self-contained HTML page (no
    request to any network; printable on A4, readable on a phone). ``lines``: the file's
    lines (:func:`source_lines`); ``rulings``: the records' rulings, if already made (with
    the advice: ``adjudicate(record, advise=True)``); ``referee``: the name to sign with;
    ``errors``: the records of the file that could not be read; ``typed``: the records were
    typed in ``ecarte serve``'s page, and have no file: the report names them by their event
    instead; ``advice``: say what each option is worth (else left out of the signed document);
    ``date``: the date of the ruling (else each record's Date tag); ``analyse``: beside each
    card of the tricks, what it cost its player under perfect play (``--analyse``)."""
    report = _Report(
        name, markdown=False, referee=referee, advice=advice, date=date, analyse=analyse
    )
    report.typed = typed
    return _held(report, records, lines, rulings, errors)


def report_md(
    name: str,
    records: Sequence[Record],
    lines: Sequence[str],
    *,
    rulings: Sequence[RecordRuling] | None = None,
    referee: str | None = None,
    errors: Sequence[NotationError] = (),
    advice: bool = False,
    date: str | None = None,
    analyse: bool = False,
) -> str:
    """The report of :func:`report_html` as Markdown, for pasting into a club's minutes."""
    report = _Report(
        name, markdown=True, referee=referee, advice=advice, date=date, analyse=analyse
    )
    return _held(report, records, lines, rulings, errors)


def _held(
    report: _Report,
    records: Sequence[Record],
    lines: Sequence[str],
    rulings: Sequence[RecordRuling] | None,
    errors: Sequence[NotationError],
) -> str:
    """The report on records held, each ruled whole: a record's lines run to the next record
    or record that could not be read."""
    out: list[str] = []
    try:
        starts = sorted(
            {r.line for r in records} | {e.record_line or e.line for e in errors} | {len(lines) + 1}
        )
        source = _HeldLines(lines)
        given = rulings if rulings is not None else [None] * len(records)
        for record, ruling in zip(records, given, strict=True):
            end = min((s for s in starts if s > record.line), default=len(lines) + 1) - 1
            part = report.record(record, source)
            part.whole(record, ruling)
            part.end(end)
        for error in errors:
            report.error(error)
        report.finish(out.append)
    finally:
        report.close()
    return "".join(out)


def write_report(
    name: str,
    path: Path | None,
    write: Callable[[str], object],
    *,
    markdown: bool = False,
    referee: str | None = None,
    rules: str | None = None,
    unread: Callable[[NotationError], object] = lambda error: None,
    ruled: Callable[[bool], object] = lambda clean: None,
    every: int = PIECE,
    advice: bool = False,
    date: str | None = None,
    analyse: bool = False,
) -> bool:
    """Write the referee's report on the records of one file (``path``; ``None``: standard
    input) with ``write``, reading and ruling them as it goes: what is held does not grow with
    the number of deals or records (see the module's docstring). The report is written once
    the file is ruled to its end, and only if a record of it was read.

    ``rules``: the rule profile to rule every record under (``--rules``); ``unread`` is told
    each record that cannot be read (which the report names too), ``ruled`` whether each
    record read is clean; ``every``: the deals of a piece of a long record's ruling;
    ``advice``, ``date`` and ``analyse``: as for :func:`report_html`. Returns whether a
    report was written."""
    report = _Report(
        name,
        markdown=markdown,
        referee=referee,
        every=every,
        advice=advice,
        date=date,
        analyse=analyse,
    )
    copy: Path | None = None
    try:
        if path is None or not _regular(path):  # standard input, a pipe: copied, read twice
            handle, temporary = tempfile.mkstemp(prefix="ecarte-", suffix=".etn")
            os.close(handle)
            copy = Path(temporary)
        source = copy if copy is not None else path
        assert source is not None
        try:
            if copy is not None:
                _copy(path, copy)
            lines = source.open("rb")
        except OSError:  # the reader says why, as for every command
            given = path if path is not None else sys.stdin.buffer
            for item in read_parts(given, path=name):
                if isinstance(item, NotationError):
                    unread(item)
            return False
        with lines:
            return _write_file(report, source, lines, write, rules, unread, ruled)
    finally:
        report.close()
        if copy is not None:
            copy.unlink()


def _regular(path: Path) -> bool:
    """Whether ``path`` is a regular file (or cannot be looked at: opening it will say why)."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return True


def _copy(path: Path | None, to: Path) -> None:
    """Copy the file ``path`` (``None``: standard input) to ``to``."""
    with to.open("wb") as out:
        if path is None:
            shutil.copyfileobj(sys.stdin.buffer, out)
            return
        with path.open("rb") as given:
            shutil.copyfileobj(given, out)


def _write_file(
    report: _Report,
    path: Path,
    lines: IO[bytes],
    write: Callable[[str], object],
    rules: str | None,
    unread: Callable[[NotationError], object],
    ruled: Callable[[bool], object],
) -> bool:
    """Read, rule and report on the records of a file (see :func:`write_report`)."""
    name = report.name
    source = _FileLines(lines)
    items = (under_rules(item, rules) for item in read_parts(path, path=name))
    last: _RecordReport | None = None  # a record whose lines run to the next one's start
    for item in items:
        start = _start(item)
        if last is not None and start > last.line:
            last.end(start - 1)
            last = None
        if isinstance(item, NotationError):
            unread(item)
            report.error(item)
        elif isinstance(item, Record):
            part = report.record(item, source)
            part.whole(item, None)
            ruled(part.clean)
            last = part
        elif item.record is None:  # the first part of a long record cannot be read
            for error in PortionDeals(item, items).errors():
                unread(error)
                report.error(error)
        else:
            deals = PortionDeals(item, items)
            head = item.record.model_copy(update={"deals": ()})
            part = report.record(head, source)
            part.parts(head, deals.records())
            errors = deals.errors()
            if errors:  # the record cannot be read whole: named, as a short one would be
                part.drop()
                for error in _one_error(errors):
                    unread(error)
                    report.error(error)
                continue
            ruled(part.clean)
            last = part
    if last is not None:
        last.end(None)
    if not report.records:
        return False
    report.finish(write)
    return True


def _one_error(errors: list[NotationError]) -> list[NotationError]:
    """The errors of the parts of a long record that cannot be read, as one error of the
    record (as the reader gives for a record read whole), where they are few enough to be
    reported whole (else as they are, a part's at a time)."""
    every = [e for error in errors for e in error.errors]
    if len(errors) == 1 or len(every) > MAX_ERRORS or any(e.unchecked for e in errors):
        return errors
    return [NotationError.of_record(every)]


def _start(item: Record | Portion | NotationError) -> int:
    """The line where an item of a file begins (a record, or a record that cannot be read)."""
    if isinstance(item, NotationError):
        return item.record_line or item.line
    if isinstance(item, Portion):
        if item.record is not None:
            return item.record.line
        error = item.error
        return (error.record_line or error.line) if error is not None else 0
    return item.line


# --------------------------------------------------------------------------------------------
#  The lines of the file
# --------------------------------------------------------------------------------------------


class _FileLines:
    """The lines of a record file as :func:`source_lines` gives them, read forward once: the
    report asks for the lines of each part of each record in order; the lines it does not
    show (those of a record that cannot be read) are passed over, a block at a time, without
    being held."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._text = io.TextIOWrapper(stream, encoding="utf-8", errors="replace", newline=None)
        self._read = 0
        """The lines read so far."""

    def take(self, first: int, last: int | None) -> tuple[int, list[str]]:
        """The lines ``first`` to ``last`` (1-based; ``None``: to the end of the file) that
        are not read yet, and the number of the first of them."""
        first = max(first, self._read + 1)
        out: list[str] = []
        while last is None or self._read < last:
            line = self._line(keep=self._read + 1 >= first)
            if line is None:
                break
            self._read += 1
            if self._read >= first:
                out.append(line)
        return first, out

    def _line(self, *, keep: bool) -> str | None:
        """The next line (without its end), or ``None`` at the end of the file; a line not
        kept is read a block at a time and given as empty."""
        if keep:
            raw = self._text.readline()
        else:
            raw = self._text.readline(BLOCK)
            while raw and not raw.endswith("\n"):
                more = self._text.readline(BLOCK)
                if not more:
                    break
                raw = more
        if not raw:
            return None
        if self._read == 0:
            raw = raw.removeprefix("\ufeff")
        line = raw[:-1] if raw.endswith("\n") else raw
        return line[1:] if line.startswith("\ufeff[") else line


class _HeldLines:
    """The lines of a file held whole (:func:`source_lines`), asked for as from a
    :class:`_FileLines`."""

    def __init__(self, lines: Sequence[str]) -> None:
        self._lines = lines

    def take(self, first: int, last: int | None) -> tuple[int, list[str]]:
        first = max(first, 1)
        end = len(self._lines) if last is None else min(last, len(self._lines))
        return first, list(self._lines[first - 1 : end])


_Lines = _FileLines | _HeldLines


# --------------------------------------------------------------------------------------------
#  What waits: lists spooled, Markdown tidied as it is written
# --------------------------------------------------------------------------------------------


class _Each:
    """A list read from a :class:`_Rows` with each item made over by ``make`` (a generator of
    the items made, given the rows): what a template iterates over once."""

    def __init__(self, rows: _Rows, make: Callable[[Iterable[Any]], Iterator[Any]]) -> None:
        self._rows = rows
        self._make = make

    def __len__(self) -> int:
        return len(self._rows)

    def __bool__(self) -> bool:
        return bool(self._rows)

    def __iter__(self) -> Iterator[Any]:
        return self._make(self._rows)


class _Tidy:
    """Markdown with one blank line between blocks (a template's blocks leave more), and no
    space at the end of a line; a code block is left as it is, but for spaces at line ends.
    The text comes a piece at a time and is written as it comes: a blank line waits for a line
    that is not blank (those at the end are dropped)."""

    def __init__(self, write: Callable[[str], object]) -> None:
        self._write = write
        self._partial: list[str] = []
        self._fence = ""
        self._blanks = 0
        """Blank lines kept but not yet written."""
        self._kept = False
        """Whether a line was kept."""
        self._blank = False
        """Whether the last line kept is blank."""
        self._written = False

    def __call__(self, text: str) -> None:
        start = 0
        out: list[str] = []
        while (end := text.find("\n", start)) >= 0:
            self._partial.append(text[start:end])
            self._line("".join(self._partial), out)
            self._partial.clear()
            start = end + 1
        if start < len(text):
            self._partial.append(text[start:])
        if out:
            self._write("".join(out))
            self._written = True

    def end(self) -> None:
        out: list[str] = []
        self._line("".join(self._partial), out)
        self._partial.clear()
        if not self._written and not out:
            out.append("\n")
        self._write("".join(out))

    def _line(self, line: str, out: list[str]) -> None:
        line = line.rstrip()
        if self._fence:
            if line == self._fence:
                self._fence = ""
        elif line.startswith("```"):
            self._fence = line
        elif not line and (not self._kept or self._blank):
            return
        self._kept = True
        self._blank = not line
        if not line:
            self._blanks += 1
            return
        out.append("\n" * self._blanks + line + "\n")
        self._blanks = 0


# --------------------------------------------------------------------------------------------
#  The report on one file
# --------------------------------------------------------------------------------------------


class _Report:
    """The report on the records of one file, made as they are ruled (:meth:`record`) and
    written at the end (:meth:`finish`): the heading of the file, then the records as they
    waited, each heading put in its place and each mark in the deals replaced, then the
    records that could not be read and the signature."""

    def __init__(
        self,
        name: str,
        *,
        markdown: bool,
        referee: str | None,
        every: int = PIECE,
        advice: bool = False,
        date: str | None = None,
        analyse: bool = False,
    ) -> None:
        self.name = name
        self.advice = advice
        """Whether the options' worth and the game chances are shown (``--advice``)."""
        self.analyse = analyse
        """Whether each card of the tricks says what it cost its player under perfect play
        (``--analyse``)."""
        self.date = date.strip() if date and date.strip() else None
        """The date of the ruling (``--date``), else each record's Date tag."""
        self.markdown = markdown
        self.referee = referee.strip() if referee and referee.strip() else None
        self.every = every
        self.template = _environment().get_template(
            "ruling.md.j2" if markdown else "ruling.html.j2"
        )
        self.body: IO[str] = tempfile.SpooledTemporaryFile(  # noqa: SIM115 - closed below
            max_size=SPOOL_BYTES, mode="w+", encoding="utf-8"
        )
        """The records as rendered, with the marks of :data:`_MARK`."""
        self.heads = _Rows()
        """Each record's heading, and what the marks in its deals stand for."""
        self.hashes = _Rows()
        self.errors = _Rows()
        self.records = 0
        """The records in the report."""
        self.event: str | None = None
        """The first record's event."""
        self.typed = False
        """The records were typed in ``ecarte serve``'s page: named by their event, not a
        file."""
        self.profiles: set[str] = set()
        self.findings = 0
        """The findings numbered so far (each has an id, ``finding-N``)."""

    def escape(self, text: str) -> str:
        """``text`` as the template writes it where a mark of C's label or name stands."""
        return templating.md(text) if self.markdown else str(markupsafe.escape(text))

    def render(self, phase: str, **data: Any) -> Iterator[str]:
        """A part of the document (the template's ``phase``), a piece at a time."""
        return self.template.generate(phase=phase, **data)

    def record(self, head: Record, lines: _Lines) -> _RecordReport:
        """Begin the report on a record (``head``: its tags, opening and line)."""
        return _RecordReport(self, head, lines)

    def error(self, error: NotationError) -> None:
        """A record of the file that cannot be read."""
        self.errors.add({"line": error.line, "text": str(error)})

    def finish(self, write: Callable[[str], object]) -> None:
        """Write the whole document with ``write``."""
        tidy = _Tidy(write) if self.markdown else None
        out = tidy if tidy is not None else write
        title = f"Rulings on {self.name}"
        if self.records == 1 and self.event:
            title = f"Ruling: {self.event}"
        profiles = sorted(self.profiles - {"club-1878"})
        under = "the laws of écarté of the London clubs (1878)"
        if profiles:
            under += ", with the rule profile" + ("s " if len(profiles) > 1 else " ")
            under += " and ".join(profiles) + " where a record's Rules tag names it"
        version = program_version()
        typed = None  # no file: the records typed in the page, by their event
        if self.typed:
            typed = (self.event if self.records == 1 else None) or "typed in the page"
        head = {
            "file": self.name,
            "title": title,
            "under": under,
            "version": version,
            "typed": typed,
        }
        for text in self.render("head", report=head):
            out(text)
        for text in self._copied():
            out(text)
        foot = {
            "errors": self.errors,
            "referee": self.referee,
            "version": version,
            "records": self.hashes,
        }
        for text in self.render("foot", report=foot):
            out(text)
        if tidy is not None:
            tidy.end()

    def _copied(self) -> Iterator[str]:
        """The records as they waited, each mark replaced by what it stands for."""
        heads = iter(self.heads)
        now: dict[str, Any] = {}
        self.body.seek(0)
        held = ""
        while block := self.body.read(BLOCK):
            text, held, start = held + block, "", 0
            while (at := text.find(_MARK, start)) >= 0:
                close = text.find(_MARK, at + 1)
                if close < 0:
                    held = text[at:]
                    break
                yield text[start:at]
                mark = text[at + 1 : close]
                if mark == "R":
                    now = next(heads)
                    yield now["head"]
                elif mark[0] == "F":
                    yield f"finding-{now['first'] + now['opening'] + notation_number(mark[1:])}"
                elif mark[0] == "T":
                    yield f"finding-{now['first'] + now['tokens'][mark[1:]]}"
                else:
                    yield now["label" if mark == "L" else "name"]
                start = close + 1
            else:
                yield text[start:]
                continue
            yield text[start:at]
        if held:
            yield held

    def close(self) -> None:
        self.body.close()
        for rows in (self.heads, self.hashes, self.errors):
            rows.close()


class _Deal:
    """A deal of the record being reported, read and not yet rendered."""

    __slots__ = ("claims", "dealer", "end", "findings", "index", "line", "number", "ruling")

    def __init__(self, index: int, deal: Deal) -> None:
        self.index = index
        self.number = deal.number
        self.line = deal.line
        self.dealer = deal.dealer.value
        self.end: int | None = None
        """Its last line (the line before the next deal), once known."""
        self.ruling: DealRuling | None = None
        self.findings: list[_Found] = []
        self.claims: list[ClaimRuling] = []


class _Numbers:
    """How many deals of each number a record has had so far (the id of a deal whose number
    came before gets a suffix), held as runs of numbers seen once, and the numbers seen more
    often: a record that numbers its deals in order holds one run, however long."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        """The runs, in order, apart: ``starts[i]`` to ``ends[i]``."""
        self.more: dict[int, int] = {}

    def count(self, number: int) -> int:
        """Count a deal of ``number``: how many the record has had, this one included."""
        if number in self.more:
            self.more[number] += 1
            return self.more[number]
        i = bisect.bisect_right(self.starts, number) - 1
        if i >= 0 and number <= self.ends[i]:
            self.more[number] = 2
            return 2
        after = i >= 0 and self.ends[i] == number - 1
        before = i + 1 < len(self.starts) and self.starts[i + 1] == number + 1
        if after and before:  # the number joins two runs
            self.ends[i] = self.ends.pop(i + 1)
            del self.starts[i + 1]
        elif after:
            self.ends[i] = number
        elif before:
            self.starts[i + 1] = number
        else:
            self.starts.insert(i + 1, number)
            self.ends.insert(i + 1, number)
        return 1


class _Found:
    """A finding, with its place among those the court gave (``token``) and, once its deal is
    rendered, its number among the findings of the record's deals (``local``)."""

    __slots__ = ("f", "local", "token")

    def __init__(self, token: int, f: FindingRuling) -> None:
        self.token = token
        self.f = f
        self.local: int | None = None


def _order(x: _Found) -> tuple[int, int, int]:
    """The order of findings in the report: by line, column and law."""
    return (x.f.line, x.f.column, x.f.law or 0)


class _RecordReport:
    """The report on one record, made as its ruling comes: the deals are rendered (into the
    report's spool) once nothing more can come for them, what follows the deals waits in
    spools, and at the end (:meth:`end`) the heading is made and the rest written."""

    def __init__(self, report: _Report, head: Record, lines: _Lines) -> None:
        self.report = report
        self.head = head
        self.line = head.line
        self.lines = lines
        self.index = report.records
        self.prefix = "" if self.index == 0 else f"record-{self.index + 1}-"
        self.target = game_target(head)
        self.named = {seat: (head.tag(seat) or "").strip() or seat for seat in SEATS}
        """Each seat's player as the tags name him (the seat itself where none does)."""
        self.start = report.body.tell()
        report.body.write(_MARK + "R" + _MARK)
        self.digest = ""
        # The deals read and not yet rendered, and what is known of them.
        self.pending: deque[_Deal] = deque()
        self.by_line: dict[int, _Deal] = {}
        self.last: _Deal | None = None
        self.count = 0
        self.first_line: int | None = None
        self.written = 0
        """The last line of the deals rendered."""
        self.numbers = _Numbers()
        self.marks: dict[int, tuple[list[_Found], list[ClaimRuling], list[Any]]] = {}
        """What points at each line not yet rendered: findings, claims, corrections."""
        self.opening_findings: list[_Found] = []
        self.opening_claims: list[ClaimRuling] = []
        self.opening_lines: tuple[int, list[str]] | None = None
        self.waiting: dict[int, list[_Found]] = {}
        """Findings about a deal of a number not read yet (else, at the end, the opening's)."""
        self.tokens = 0
        self.local = 0
        self.wanted: set[int] = set()
        """The findings a mark points at before they had their number."""
        self.numbered: dict[int, int] = {}
        """The number among the deals' findings of each finding of :attr:`wanted`."""
        self.summaries: Iterator[dict[str, Any]] = iter(())
        self.summary: dict[str, Any] | None = None
        self.ruled: deque[int] = deque(maxlen=LAG)
        """The lines of the last deals ruled."""
        # The game in progress, as the court counts it: corrections of it may yet come.
        self.game: dict[str, int] = {}
        self.game_over = True
        self.game_line = 0
        """The line of the game's first deal."""
        # What follows the deals.
        self.sheet = _Rows()
        self.notes = _Rows()
        self.corrections = _Rows()
        self.trace = _Rows()
        self.pending_words: list[str] = []
        self.games: list[Any] = []
        self.series: list[Any] | None = None
        self.verdict = Verdict(self.target)
        self.ending: dict[str, Any] = {}
        """What the replay tells at the end: who deals next."""
        self.score: dict[str, int] = {}
        self.winner: str | None = None
        self.rules = "club-1878"
        self.tags: dict[str, str] | None = None
        self.seated: set[str] = set()
        self.clean = True
        self.ended = False
        """Whether the record has ended: the seats it shows are known."""

    # -- the ruling, as it comes -------------------------------------------------------------

    def whole(self, record: Record, ruling: RecordRuling | None) -> None:
        """Report on a record held whole, with its ruling if already made."""
        for deal in record.deals:
            self._read(deal)
        self.summaries = deal_summaries(record, end=self.ending, analyse=self.report.analyse)
        self.digest = record_hash(record)
        ruling = ruling if ruling is not None else adjudicate(record, advise=True)
        self._take(ruling)
        self.series = list(ruling.series)

    def parts(self, head: Record, parts: Iterator[Record]) -> None:
        """Report on a long record read in parts (``head``: its tags and opening), ruled in
        pieces as its deals are read; each deal is rendered once nothing more can come for
        it."""
        digest = hashlib.sha256()
        court, replay = itertools.tee(self._hashed(parts, digest.update))
        self.summaries = deal_summaries(head, replay, end=self.ending, analyse=self.report.analyse)
        deals = self._reading(court)
        for piece in adjudicate_parts(head, deals, every=self.report.every, advise=True):
            self._take(piece)
            self._render_ready()
        for _ in deals:  # (the court reads every deal: nothing is left)
            pass
        self.digest = digest.hexdigest()

    def _hashed(self, parts: Iterator[Record], hashed: Callable[[bytes], object]) -> Iterator[Deal]:
        """The deals of the parts, the record's canonical text hashed as they are read."""
        read: deque[Record] = deque()

        def reading() -> Iterator[Record]:
            for part in parts:
                read.append(part)
                yield part

        for text in write_parts(reading()):
            hashed(text.encode("utf-8"))
            while read:
                yield from read.popleft().deals
        while read:
            yield from read.popleft().deals

    def _reading(self, deals: Iterable[Deal]) -> Iterator[Deal]:
        for deal in deals:
            self._read(deal)
            yield deal

    def _read(self, deal: Deal) -> None:
        """A deal read (the court is about to rule on it)."""
        d = _Deal(self.count, deal)
        self.count += 1
        if self.last is not None:
            self.last.end = d.line - 1
        else:
            self.first_line = d.line
        self.last = d
        self.pending.append(d)
        self.by_line[d.line] = d
        d.findings.extend(self.waiting.pop(d.number, ()))

    def _take(self, piece: RecordRuling) -> None:
        """A piece of the ruling (the whole ruling of a record held whole)."""
        if self.tags is None:
            self.tags = dict(piece.tags)
        self.rules = piece.rules
        self.score, self.winner = dict(piece.score), piece.winner
        self.seated = set(piece.score)
        self.clean = self.clean and piece.clean
        for ruled in piece.deals:
            self._ruled(ruled)
        for f in piece.findings:
            self._found(f)
        for c in piece.claims:
            self._claimed(c)
        for correction in piece.corrections:
            self.verdict.correction(correction)
            if correction.line is not None:
                self._mark(correction.line, 2, correction)
            self.corrections.add(correction.model_dump(mode="json"))
        for n in piece.notes:
            self.notes.add(
                {"line": n.line, "law": n.law, "title": _law_title(n.law), "message": n.message}
            )
        for t in piece.trace:
            self.trace.add(
                {
                    "where": f"deal {t.deal}" if t.deal is not None else "opening",
                    "line": t.line,
                    "law": t.law,
                    "step": t.step,
                    "text": t.text,
                }
            )
        self.games.extend(piece.games)

    def _ruled(self, ruled: DealRuling) -> None:
        d = self.by_line.get(ruled.line)
        if d is not None:  # (a deal is rendered only once the court has ruled past it)
            d.ruling = ruled
        self.ruled.append(ruled.line)
        self.verdict.deal(ruled)
        if self.game_over:  # a deal after a game is won begins the next game
            self.game, self.game_over, self.game_line = {}, False, ruled.line
        for seat, n in ruled.marks.items():
            self.game[seat] = self.game.get(seat, 0) + n
        self.game_over = any(n >= self.target for n in self.game.values())
        self.sheet.add(
            [
                ruled.number,
                ruled.line,
                ruled.dealer,
                ruled.outcome.replace("_", " "),
                ruled.recorded,
                ruled.marks,
            ]
        )
        self.pending_words.extend(pending_words(ruled))

    def _found(self, f: FindingRuling) -> None:
        """A finding: beside its line, and in the deal it is about (the last of its number that
        begins at or before its line, else the first of that number; else the opening)."""
        x = _Found(self.tokens, f)
        self.tokens += 1
        self.verdict.finding(f, {s: player_of(s, self.named)["label"] for s in SEATS})
        self._mark(f.line, 0, x)
        if f.deal is None:
            self.opening_findings.append(x)
            return
        same = [d for d in self.pending if d.number == f.deal]
        before = [d for d in same if d.line <= f.line]
        if before:
            before[-1].findings.append(x)
        elif same:
            same[0].findings.append(x)
        else:
            self.waiting.setdefault(f.deal, []).append(x)

    def _claimed(self, c: ClaimRuling) -> None:
        """A claim: beside its line, and in the last deal that begins at or before it."""
        self._mark(c.line, 1, c)
        if self.first_line is None or c.line < self.first_line:
            self.opening_claims.append(c)
            return
        home = None
        for d in self.pending:
            if d.line > c.line:
                break
            home = d
        (home.claims if home is not None else self.opening_claims).append(c)

    def _mark(self, line: int, kind: int, item: Any) -> None:
        """What points at a line (``kind``: 0 a finding, 1 a claim, 2 a correction), kept until
        the line is rendered (the deals' lines are rendered in order)."""
        if self.first_line is not None and self.first_line <= line <= self.written:
            return  # (past MAX_PENDING only: its line is rendered)
        self.marks.setdefault(line, ([], [], []))[kind].append(item)

    def _render_ready(self) -> None:
        """Render the deals nothing more can come for: those followed by :data:`LAG` deals
        ruled, and before the game in progress (a correction of it may yet point at one of
        its lines); the oldest anyway past :data:`MAX_PENDING`."""
        while self.pending and self.pending[0].end is not None:
            d = self.pending[0]
            ready = len(self.ruled) == LAG and self.ruled[0] > d.line and d.line < self.game_line
            if not ready and len(self.pending) <= MAX_PENDING:
                return
            self._render(self.pending.popleft())

    # -- the end of the record -----------------------------------------------------------------

    def end(self, last: int | None) -> None:
        """The record ends at line ``last`` (``None``: at the end of the file): render the rest
        of its deals, then its heading (before the deals) and what follows them."""
        if self.last is not None and self.pending:
            self.last.end = last
        while self.pending:
            self._render(self.pending.popleft())
        self.ended = True
        if self.opening_lines is None:
            self.opening_lines = self.lines.take(self.line, last)
        for waiting in self.waiting.values():
            self.opening_findings.extend(waiting)
        report = self.report
        seats = _seats(self.score)
        names = {seat: self.named[seat] for seat in seats}
        who = {seat: player_of(seat, names) for seat in seats}
        everyone = {seat: who.get(seat) or player_of(seat, {}) for seat in SEATS}
        opening = sorted(self.opening_findings, key=_order)
        first = report.findings
        tokens = {x.token: i + 1 for i, x in enumerate(opening)}
        tokens.update({t: len(opening) + n for t, n in self.numbered.items()})

        def at(x: _Found) -> int:  # a finding's number in the record
            return tokens[x.token] if x.local is None else len(opening) + x.local

        start, lines = self.opening_lines
        marks = {n: self.marks.pop(n) for n in range(start, start + len(lines)) if n in self.marks}
        heading = {
            "id": f"record-{self.index + 1}",
            "line": self.line,
            "file": report.name,
            "typed": report.typed,
            "event": self.head.tag("Event"),
            "site": self.head.tag("Site"),
            "date": self.head.tag("Date"),
            "names": names,
            "seat_list": list(seats),
            "ruled_on": report.date or self.head.tag("Date"),
            "deals": self.count,
            "verdict": self._verdict(who),
            "rules": rules_words(self.rules),
            "opening": {
                "lines": self._listing(start, lines, marks, lambda x: f"finding-{first + at(x)}"),
                "findings": [
                    _finding(x.f, everyone, {}, f"finding-{first + i + 1}")
                    for i, x in enumerate(opening)
                ],
                "claims": [_claim(c, everyone) for c in self.opening_claims],
            },
        }
        c = everyone["C"]
        report.heads.add(
            {
                "head": "".join(report.render("record", r=heading)),
                "first": first,
                "opening": len(opening),
                "tokens": {str(t): n for t, n in tokens.items() if t in self.wanted},
                "label": report.escape(c["label"]),
                "name": report.escape(c["name"]),
            }
        )
        self._tail(seats, names, who)
        report.findings += len(opening) + self.local
        report.records += 1
        if report.records == 1:
            report.event = self.head.tag("Event")
        report.profiles.add(self.rules)
        number = report.records
        report.hashes.add(
            {
                "line": self.line,
                "hash": self.digest,
                "hash_short": self.digest[:HASH_DIGITS],
                "hash_id": "record-hash" if number == 1 else f"record-hash-{number}",
                "players": [who[seat]["label"] for seat in seats],
            }
        )
        self._close()

    def _verdict(self, who: dict[str, dict[str, str]]) -> dict[str, Any]:
        """The verdict that opens the record's report (:mod:`adjudicator.shell.verdict`)."""
        labels = {seat: player["label"] for seat, player in who.items()}
        return self.verdict.words(
            labels,
            self.score,
            ["G" + game_words(g, labels)[1:] for g in self.games if g.winner in who],
            self.pending_words,
            self.ending.get("next_dealer"),
            self.games,
        )

    def _tail(
        self, seats: tuple[str, ...], names: dict[str, str], who: dict[str, dict[str, str]]
    ) -> None:
        """What follows the deals: the score sheet, the notes, the corrections, the score and
        the games, the trace."""
        target = self.target

        def sheet(rows: Iterable[Any]) -> Iterator[dict[str, Any]]:
            table, ruled = _Running(target, seats), _Running(target, seats)
            for number, line, dealer, outcome, recorded, marks in rows:
                at_table, allowed = _pairs(recorded, seats), _pairs(marks, seats)
                yield {
                    "number": number,
                    "line": line,
                    "dealer": dealer,
                    "outcome": outcome,
                    "recorded": at_table,
                    "table": table.add(at_table),
                    "marks": allowed,
                    "ruled": ruled.add(allowed),
                    "changed": _pairs(recorded, SEATS) != _pairs(marks, SEATS),
                }

        def corrections(rows: Iterable[Any]) -> Iterator[dict[str, Any]]:
            for c in rows:
                yield _correction(c, who)

        if self.series is None:
            self.series = series_of(self.games, self.tags or {}, profile_named(self.rules))
        labels = {p: w["label"] for p, w in who.items()}
        tail = {
            "id": f"record-{self.index + 1}",
            "seat_list": list(seats),
            "seats": "; ".join(f"{s} is {names[s]}" for s in seats if names[s] != s),
            "sheet": _Each(self.sheet, sheet),
            "notes": self.notes,
            "corrections": _Each(self.corrections, corrections),
            "score": _score(self.score, who),
            "pending": self.pending_words,
            "games": ["G" + game_words(g, labels)[1:] for g in self.games if g.winner in who],
            "series": [capital(series_words(x)) for x in self.series],
            "winner": who.get(self.winner or ""),
            "trace": self.trace,
        }
        for text in self.report.render("tail", r=tail):
            self.report.body.write(text)

    def drop(self) -> None:
        """Leave the record out of the report (a part of it cannot be read)."""
        self.report.body.seek(self.start)
        self.report.body.truncate()
        self._close()

    def _close(self) -> None:
        for rows in (self.sheet, self.notes, self.corrections, self.trace):
            rows.close()
        self.verdict.close()

    # -- a deal --------------------------------------------------------------------------------

    def _who(self) -> dict[str, dict[str, str]]:
        """Each seat's player, as a deal rendered now shows him: A and B as the tags name them;
        C too if the ruling scores him, else as a mark (what the report calls him is known at
        the end: named if the ruling comes to score him, else "C")."""
        who = {seat: player_of(seat, self.named) for seat in ("A", "B")}
        if "C" in self.seated or self.named["C"] == "C" or self.ended:
            who["C"] = player_of("C", self.named if "C" in self.seated else {})
        else:
            who["C"] = {"seat": "C", "name": _MARK + "N" + _MARK, "label": _MARK + "L" + _MARK}
        return who

    def _render(self, d: _Deal) -> None:
        report = self.report
        if d.index == 0:
            self.opening_lines = self.lines.take(self.line, d.line - 1)
        start, lines = self.lines.take(d.line, d.end)
        self.written = d.end if d.end is not None else sys.maxsize
        marks = {n: self.marks.pop(n) for n in range(start, start + len(lines)) if n in self.marks}
        findings = sorted(d.findings, key=_order)
        for x in findings:
            self.local += 1
            x.local = self.local
            if x.token in self.wanted:
                self.numbered[x.token] = x.local
        shown = self._summary(d.line)
        who = self._who()
        seen = self.numbers.count(d.number)
        ident = f"{self.prefix}deal-{d.number}" + (f"-{seen}" if seen > 1 else "")
        ruled = d.ruling
        advised = ruled is not None and report.advice
        worths = {(a.law, a.option): a for a in ruled.advice} if advised and ruled else {}
        played = tricks(shown, _faults(findings))
        players = dict(who)
        if ruled is not None:
            for seat in (*ruled.marks, *ruled.recorded):
                players.setdefault(seat, player_of(seat, {}))
        data = {
            "id": ident,
            "first": d.index == 0,
            "number": d.number,
            "line": d.line,
            "dealer": who.get(d.dealer) or player_of(d.dealer, {}),
            "elder": (who.get(shown["elder"]) or player_of(shown["elder"], {}))
            if "elder" in shown
            else None,
            "stages": stages(shown, who),
            "tricks": played,
            "analysed": ANALYSED if any(_costed(t) for t in played) else None,
            "steps": play_steps(shown, who, ident),
            "result": play_result(shown, who),
            "lines": self._listing(start, lines, marks, self._href),
            "findings": [
                _finding(x.f, who, worths, _MARK + f"F{x.local}" + _MARK) for x in findings
            ],
            "claims": [_claim(c, who) for c in d.claims],
            "ruling": _deal_ruling(ruled) if ruled is not None else None,
            "clean": not findings
            and not d.claims
            and ruled is not None
            and ruled.outcome == "stands"
            and _pairs(ruled.marks) == _pairs(ruled.recorded),
        }
        for text in report.render("deal", d=data, r={"players": players}):
            report.body.write(text)
        del self.by_line[d.line]

    def _href(self, x: _Found) -> str:
        """The id of a finding, as a deal rendered now points at it."""
        if x.local is not None:
            return _MARK + f"F{x.local}" + _MARK
        self.wanted.add(x.token)
        return _MARK + f"T{x.token}" + _MARK

    def _summary(self, line: int) -> dict[str, Any]:
        """The replay's summary of the deal at ``line`` (empty if it has none)."""
        while self.summary is None or self.summary["line"] < line:
            self.summary = next(self.summaries, None)
            if self.summary is None:
                return {}
        if self.summary["line"] != line:
            return {}
        shown, self.summary = self.summary, None
        return shown

    def _listing(
        self,
        start: int,
        lines: list[str],
        marks: dict[int, tuple[list[_Found], list[ClaimRuling], list[Any]]],
        href: Callable[[_Found], str],
    ) -> list[dict[str, Any]]:
        """The lines from ``start`` (blank lines at the end left out), each with the marks
        beside an irregular one: its findings, its claims and its corrections."""
        last = start + len(lines) - 1
        while last >= start and not lines[last - start].strip() and last not in marks:
            last -= 1
        out = []
        width = len(str(last))
        for number in range(start, last + 1):
            found, claims, corrections = marks.get(number, ([], [], []))
            beside = []
            for x in sorted(found, key=_order):
                f = x.f
                text = f"{cite(f.law)}, {_law_title(f.law)}" if f.law is not None else "the record"
                short = f"{cite(f.law)}" if f.law is not None else "the record"
                beside.append(
                    {"kind": "finding", "law": f.law, "text": text, "short": short}
                    | {"href": "#" + href(x)}
                )
            for c in claims:
                law = f", {cite(c.law)}" if c.law is not None else ""
                name = self._name(c.player)
                beside.append(
                    {
                        "kind": "claim",
                        "law": c.law,
                        "text": f"{name}'s claim: {c.verdict}{law}",
                        "short": f"claim {c.verdict}",
                    }
                )
            for corr in corrections:
                text = f"correction: {corr.player} {corr.points:+d} ({cite(corr.law)})"
                beside.append({"kind": "correction", "law": corr.law, "text": text, "short": text})
            gutter = str(number).rjust(width)
            text = lines[number - start]
            out.append(
                {
                    "number": number,
                    "gutter": gutter,
                    "text": text,
                    "marks": beside,
                    "tag": text.lstrip().startswith("["),
                }
            )
        return out

    def _name(self, seat: str) -> str:
        """What a claim beside its line calls a player: his name (see :meth:`_who`)."""
        return self._who().get(seat, {}).get("name", seat)


ANALYSED = (
    "Beside each card: what it cost its player under perfect play, both players seeing every "
    "card (double dummy), in tricks, with his best cards; the value of perfect play, not what "
    "players who see only their own hands would make. Analysis, not part of the ruling."
)
"""What the costs beside the cards of the tricks are (``rule --analyse``)."""


def _costed(trick: dict[str, Any]) -> bool:
    """Whether a card of the trick says what it cost (``--analyse``)."""
    return bool(trick["lead"]["cost"] or trick["follow"]["cost"])


def _law_title(law: int | None) -> str:
    """A law's title (empty for the court's own finding)."""
    found = BY_NUMBER.get(law) if law is not None else None
    return found.title if found is not None else ""


def _law_summary(law: int | None) -> str:
    """A law's summary (empty for the court's own finding)."""
    found = BY_NUMBER.get(law) if law is not None else None
    return found.summary if found is not None else ""


def _faults(findings: list[_Found]) -> dict[str, str]:
    """The cards the findings of a deal are about, each with the id of its finding (a mark
    replaced once the report is written): the card at fault, linked to its finding."""
    return {
        code: _MARK + f"F{x.local}" + _MARK
        for x in findings
        for code in x.f.evidence
        if x.f.kind != "inconsistent_record"
    }


def _deal_ruling(deal: DealRuling) -> dict[str, Any]:
    """What the ruling makes of a deal: its outcome, and the marks it gives against those
    marked at the table."""
    return {
        "outcome": deal.outcome,
        "outcome_words": deal.outcome.replace("_", " "),
        "how": capital(deal.how),
        "laws": list(deal.laws),
        "needs": list(deal.needs),
        "perfect_play": (
            capital(perfect_words(deal.perfect_play)) if deal.perfect_play is not None else None
        ),
        "marks": _pairs(deal.marks),
        "recorded": _pairs(deal.recorded),
        "changed": _pairs(deal.marks) != _pairs(deal.recorded),
    }


def _pairs(marks: dict[str, int], seats: tuple[str, ...] = ()) -> dict[str, int]:
    """Marks for each of ``seats`` (by default the players of the deal the marks are for; A
    and B if none), in seat order (0 where none)."""
    chosen = seats or tuple(seat for seat in SEATS if seat in marks) or ("A", "B")
    return {seat: marks.get(seat, 0) for seat in chosen}


def _label(seat: str, who: dict[str, dict[str, str]]) -> str:
    """What the report calls the player of ``seat``."""
    return (who.get(seat) or player_of(seat, {}))["label"]


def _finding(
    f: FindingRuling, who: dict[str, dict[str, str]], worths: dict[tuple[int, str], Any], ident: str
) -> dict[str, Any]:
    """A finding with its law (number, title, summary) and its options, each with its fate
    and, where the deal's advice has one, its worth."""
    options = []
    for o in f.options:
        worth = worths.get((f.law, o.name)) if f.law is not None else None
        options.append(
            {
                "name": o.name,
                "who": o.who,
                "who_label": _label(o.who, who) if o.who else "the law decides",
                "window": o.window,
                "reading": window_reading(f.law, o.name),
                "status": o.status,
                "required": o.who is None,
                "fate": {"taken": "done", "open": "due", "expired": "not done"}.get(
                    o.status, o.status
                )
                if o.who is None
                else o.status,
                "line": o.line,
                "effect": o.effect or o.name.replace("_", " "),
                "worth": worth_words(worth) if worth is not None else None,
            }
        )
    return {
        "id": ident,
        "law": f.law,
        "data_law": str(f.law) if f.law is not None else "record",
        "title": _law_title(f.law) if f.law is not None else "The record itself",
        "summary": _law_summary(f.law),
        "line": f.line,
        "column": f.column,
        "offender": _label(f.offender, who) if f.offender else None,
        "kind": f.kind,
        "message": f.message,
        "reading": finding_reading(f.law, f.kind),
        "options": options,
        "default": f.default,
    }


def _claim(c: ClaimRuling, who: dict[str, dict[str, str]]) -> dict[str, Any]:
    """A claim made at the table, and the verdict on it."""
    return {
        "line": c.line,
        "player": _label(c.player, who),
        "claim": c.claim,
        "verdict": c.verdict,
        "law": c.law,
        "reason": capital(claim_reading(c.law, c.reason)),
        "needs": list(c.needs),
    }


def _correction(c: dict[str, Any], who: dict[str, dict[str, str]]) -> dict[str, Any]:
    """A correction to the score sheet (as its JSON has it)."""
    return {
        "player": _label(c["player"], who),
        "seat": c["player"],
        "points": f"{c['points']:+d}",
        "law": c["law"],
        "title": _law_title(c["law"]),
        "deal": c["deal"],
        "line": c["line"],
        "reason": c["reason"] + correction_reading(c["law"]),
    }


def _score(score: dict[str, int], who: dict[str, dict[str, str]]) -> list[dict[str, Any]]:
    """The corrected score, player by player."""
    return [{"player": who[seat], "points": score.get(seat, 0)} for seat in who]


class _Running:
    """A running score, game by game: a deal after a game is won begins the next game."""

    def __init__(self, target: int, seats: tuple[str, ...]) -> None:
        self.target = target
        self.seats = seats
        self.score = dict.fromkeys(seats, 0)
        self.over = False

    def add(self, marks: dict[str, int]) -> dict[str, Any]:
        """Add a deal's marks; the score after it, and who won the game with it, if anyone."""
        if self.over:
            self.score = dict.fromkeys(self.seats, 0)
            self.over = False
        for seat in self.seats:
            self.score[seat] += marks.get(seat, 0)
        won = next((seat for seat in self.seats if self.score[seat] >= self.target), None)
        self.over = won is not None
        return {**self.score, "game": won}


def _fence(lines: list[dict[str, Any]]) -> str:
    """A fence for a code block of ``lines``: longer than any run of backticks in them."""
    longest = max((len(run) for item in lines for run in re.findall("`+", item["text"])), default=0)
    return "`" * max(3, longest + 1)


@functools.cache
def _environment() -> jinja2.Environment:
    """The templates (:func:`~adjudicator.shell.templating.environment`) with the écarté
    report's filters and globals."""
    env = templating.environment()
    env.filters["cite"] = cite
    env.filters["Cite"] = lambda number: capital(cite(number))
    env.globals["fence"] = _fence
    env.globals["card_of"] = card
    return env


__all__ = [
    "card",
    "record_hash",
    "report_html",
    "report_md",
    "source_lines",
    "write_report",
]
