"""``ecarte fmt``: records put in canonical form, a file at a time.

A file is rewritten by a new file, written beside it and renamed over it (:func:`rewrite`), so
that a reader sees the old text or the new, never half of each. What ``fmt`` does not own it
keeps, or it leaves the file alone and says why (``PATH: ...`` on standard error), and goes on
to the next file:

* the owner, group and mode of the file are given to the new file before the rename; if they
  cannot be (a user's new file cannot belong to another user), the file is left as it was;
* a file with several names (hard links) is left as it was: a new file in its place would part
  its names, and rewriting it in place could not be atomic (a signal, a full disk or another
  writer part way through would leave half a file under every name);
* a read-only file (no write bit, or none for the user running ``fmt``) is left as it was unless
  ``--force`` is given (its mode is kept: a file of mode 0444 stays 0444);
* a file that cannot be read, with a record that cannot be read, or written to while it was
  formatted, is left as it was.

A file whose formatting fails by a bug (an unexpected exception) is named with the exception's
type, without a traceback, and the run goes on (:func:`format_inputs`): the summary counts it
and the exit status is 3, the status of an internal error.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import re
import signal
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import IO, Any

from adjudicator.court.api import NotationError
from adjudicator.court.ecarte.api import (
    Portion,
    PortionDeals,
    Record,
    read_each,
    read_parts,
    write,
    write_all,
    write_parts,
)
from adjudicator.shell import batch, games


class Outcome(StrEnum):
    """What ``fmt`` did with one input."""

    unchanged = "unchanged"
    """Already in canonical form."""
    changed = "changed"
    """Rewritten (or, with ``--check``, ``--diff``, it would be)."""
    left = "left"
    """Left as it was, and why said on standard error: it could not be read or written, or
    ``fmt`` would not rewrite it (hard links, read-only, an owner it cannot keep)."""
    crashed = "crashed"
    """Left as it was after an unexpected exception (a bug), said on standard error."""


def say(message: str) -> None:
    """A diagnostic line on standard error."""
    print(message, file=sys.stderr, flush=True)


@dataclass
class Tally:
    """What a run of ``fmt`` did, for its summary line."""

    changed: int = 0
    unchanged: int = 0
    left: int = 0
    """Inputs left as they were (those of :attr:`crashed` among them)."""
    crashed: int = 0

    def count(self, outcome: Outcome) -> None:
        if outcome is Outcome.changed:
            self.changed += 1
        elif outcome is Outcome.unchanged:
            self.unchanged += 1
        else:
            self.left += 1
            self.crashed += outcome is Outcome.crashed

    def summary(self, *, check: bool, skipped: int = 0) -> str:
        """The line that ends the run: ``N file(s) reformatted, M already in canonical form``,
        then the inputs left as they were (``--check``, ``--diff``: the unreadable ones), the
        internal errors among them, and the entries of folders skipped, if any."""
        verb = "would be reformatted" if check else "reformatted"
        text = f"{self.changed} file(s) {verb}, {self.unchanged} already in canonical form"
        if self.left:
            text += f"; {self.left} " + ("unreadable file(s)" if check else "left as they were")
            if self.crashed:
                text += f" ({self.crashed} internal error(s))"
        if skipped:
            text += f"; {skipped} skipped in folders"
        return text


_INTERNAL = "ecarte: internal error (a bug; please report it)"
"""How a bug met on one input begins its line (as ``check`` says one met on a record)."""


def format_inputs(
    inputs: Iterable[tuple[str, Path | None]],
    *,
    check: bool = False,
    diff: bool = False,
    force: bool = False,
    earn: Callable[[int], None],
) -> Tally:
    """``fmt`` over each input (a file, or standard input for ``None``): rewritten (or, with
    ``check``, checked; with ``diff``, its diff printed), its outcome counted, and the exit
    status it earns given to ``earn`` (1 for a file to change with ``check`` or ``diff``, 2 for
    an input left as it was, 3 for an internal error). An unexpected exception on one input is
    reported with its name and the run goes on; a closed output (``BrokenPipeError``), Ctrl-C
    and the stop signals end the run."""
    check = check or diff
    tally = Tally()
    for name, path in inputs:
        try:
            if path is None:
                outcome = _standard_input(name, check=check, diff=diff, earn=earn)
            else:
                outcome = _file(name, path, check=check, diff=diff, force=force, earn=earn)
        except BrokenPipeError:
            raise
        except Exception as e:  # a bug: said, and the next input is done
            say(f"{_INTERNAL}: {name}: {type(e).__name__}: {e}")
            outcome = Outcome.crashed
        if outcome is Outcome.left:
            earn(batch.EXIT_UNREADABLE)
        elif outcome is Outcome.crashed:
            earn(batch.EXIT_INTERNAL)
        tally.count(outcome)
    return tally


def _file(
    name: str, path: Path, *, check: bool, diff: bool, force: bool, earn: Callable[[int], None]
) -> Outcome:
    """One file through ``fmt``: its diff shown (``diff``), or it checked or rewritten."""
    if not check and not _regular(path):
        say(
            f"{name}: not a regular file: fmt rewrites files in place "
            f"(left as it was; 'ecarte fmt - < {name}' writes it in canonical form)"
        )
        return Outcome.left
    if diff:
        try:
            outcome = show_diff(name, path)
        except BrokenPipeError:
            earn(batch.EXIT_FINDINGS)  # the diff was being written
            raise
    else:
        try:
            outcome = rewrite(name, path, check=check, force=force)
        except BrokenPipeError:
            raise
        except OSError as e:
            say(f"{name}: cannot write the file (left as it was): {e.strerror or e}")
            return Outcome.left
    if outcome is Outcome.changed:
        if check:  # --diff is a --check that shows the change
            earn(batch.EXIT_FINDINGS)
        if not diff:
            print(f"{'would reformat' if check else 'reformatted'}: {name}", flush=True)
    return outcome


def _standard_input(name: str, *, check: bool, diff: bool, earn: Callable[[int], None]) -> Outcome:
    """Standard input through ``fmt``: its canonical form written to standard output (or, with
    ``check``, its name if it would change; with ``diff``, the diff)."""
    read = _canonical(name, sys.stdin.buffer.read)
    if read is None:
        return Outcome.left
    original, text = read
    if original == text.encode("utf-8"):
        if not check:
            sys.stdout.write(text)
        return Outcome.unchanged
    if diff:
        earn(batch.EXIT_FINDINGS)
        sys.stdout.write(unified_diff(name, original, text))
    elif check:
        earn(batch.EXIT_FINDINGS)
        print(f"would reformat: {name}", flush=True)
    else:
        sys.stdout.write(text)
    return Outcome.changed


def _regular(path: Path) -> bool:
    """Whether ``path`` is a regular file (through a link), or cannot be looked at (the
    reading reports why)."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return True


# --------------------------------------------------------------------------------------------
#  Rewriting a file
# --------------------------------------------------------------------------------------------

_temporaries: set[str] = set()
"""The temporary files ``fmt`` is writing: removed whatever ends the run (an error, Ctrl-C,
SIGTERM, SIGHUP); only SIGKILL can leave one, and its name keeps it out of every folder scan
(:func:`_temporary`)."""


def _temporary(target: Path) -> tuple[IO[bytes], str]:
    """A new temporary file beside ``target`` (on its file system, so that the rename is
    atomic), named ``.NAME.XXXXXXXX.tmp``: hidden, and not a record file to a folder scan
    (which takes only :data:`batch.RECORD_SUFFIXES`), so that one left by a SIGKILL is never
    read as a record. It is in :data:`_temporaries` from the moment it exists: SIGTERM and
    SIGHUP are held back between its making and its registering."""
    held = hasattr(signal, "pthread_sigmask")
    if held:
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, set(batch.STOP_SIGNALS))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        _temporaries.add(tmp)
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    return os.fdopen(fd, "wb"), tmp


def remove_temporaries() -> None:
    """Remove the temporary files of a run cut short."""
    for tmp in list(_temporaries):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        _temporaries.discard(tmp)


def _identity(st: os.stat_result) -> tuple[int, int, int, int]:
    """What tells that a file is still the one read, as it was read: the same file (device and
    inode: not replaced), the same size and the same modification time."""
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


class _Refused(Exception):
    """The new file cannot be given what the old one has (its owner, group or mode): the file
    is left as it was, and :attr:`args` says why."""


def _refusal(name: str, target: Path, before: os.stat_result, *, force: bool) -> str | None:
    """Why ``fmt`` leaves a file that would change as it was (``None``: it rewrites it): it has
    several names (hard links), or it is read-only and ``force`` is not given."""
    if before.st_nlink > 1:
        return (
            f"{name}: the file has {before.st_nlink} names (hard links): left as it was (a new "
            f"file in its place would part them; 'ecarte fmt - < {name}' writes its canonical "
            "form)"
        )
    if force:
        return None
    mode = stat.S_IMODE(before.st_mode)
    if not mode & 0o222:
        why = f"read-only (mode {mode:04o})"
    elif not os.access(target, os.W_OK, effective_ids=os.access in os.supports_effective_ids):
        why = f"not writable by this user (mode {mode:04o}, owner {before.st_uid})"
    else:
        return None
    return (
        f"{name}: the file is {why}: left as it was ('ecarte fmt --force' rewrites it, keeping "
        "its mode)"
    )


def _keep(name: str, out: IO[bytes], before: os.stat_result) -> None:
    """Give the new file ``out`` the owner, group and mode of the file it is to replace
    (``before``); raise :class:`_Refused` if it cannot be done (a user cannot give a file to
    another user, nor to a group of which he is not a member)."""
    fd = out.fileno()
    made = os.fstat(fd)
    owner = (before.st_uid, before.st_gid)
    if (made.st_uid, made.st_gid) != owner:
        try:
            os.fchown(fd, *owner)
        except OSError as e:
            raise _Refused(
                f"{name}: cannot give the new text the file's owner and group "
                f"({owner[0]}:{owner[1]}): {e.strerror or e}: left as it was (fmt writes a new "
                "file: run it as the file's owner, or as root)"
            ) from None
    os.fchmod(fd, stat.S_IMODE(before.st_mode))  # after fchown, which may clear set-id bits


def rewrite(name: str, path: Path, *, check: bool = False, force: bool = False) -> Outcome:
    """Put one file in canonical form as it is read, record by record, compared with the
    original as it goes; from the first difference, the canonical text goes into a temporary
    file beside it (:func:`_temporary`: none is made for a file already in canonical form, so
    that one in a read-only folder is fine) with the owner, group and mode of the original
    (:func:`_keep`), which is renamed over the original only if the original is still what was
    read (:func:`_identity`, checked just before the rename: a file appended to meanwhile is
    left alone). Memory is that of one record, whatever the file's size. Nothing is changed if a
    record cannot be read (its errors are reported), nor with ``check``, nor if
    :func:`_refusal` gives a reason (said only if the file would change).

    Returns :attr:`Outcome.unchanged`, :attr:`Outcome.changed` or :attr:`Outcome.left`
    (reported: a file that cannot be opened, a symlink loop, a record that cannot be read, a
    file changed while it was read, a file ``fmt`` will not rewrite). An ``OSError`` in
    writing leaves the file as it was, and is raised."""
    opened = _open_original(name, path)
    if opened is None:
        return Outcome.left
    target, original, before = opened
    refusal = None if check else _refusal(name, target, before, force=force)
    run = _Rewrite(name, target, original, before, writing=not check and refusal is None)
    try:
        with original:
            errors = run.compare()
            if errors:
                say(f"{name}: left as it was: {errors} record(s) could not be read")
                return Outcome.left
            if run.same and original.read(1) == b"":
                return Outcome.unchanged
            if check:
                return Outcome.changed
            if refusal is not None:
                say(refusal)
                return Outcome.left
            return run.replace()
    except _Refused as e:
        say(str(e))
        return Outcome.left
    finally:
        run.clean_up()


def _open_original(name: str, path: Path) -> tuple[Path, IO[bytes], os.stat_result] | None:
    """The file ``path`` names (a symlink followed), open for reading, and its status; ``None``
    (said) if it cannot be read."""
    try:
        target = path.resolve()  # a symlink is followed: the file it names is rewritten
    except RuntimeError:  # Python 3.11's "Symlink loop" (an OSError, ELOOP, from 3.13)
        say(f"{name}: cannot read the file: a loop of symbolic links")
        return None
    except OSError as e:
        say(f"{name}: cannot read the file: {e.strerror or e}")
        return None
    try:
        original = open(target, "rb")  # noqa: SIM115 - closed by rewrite
        before = os.fstat(original.fileno())
    except OSError as e:
        say(f"{name}: cannot read the file: {e.strerror or e}")
        return None
    return target, original, before


class _Rewrite:
    """One file being put in canonical form (see :func:`rewrite`): the canonical text compared
    with the original as it is written, and the new file, begun at the first difference if the
    file is to be rewritten."""

    __slots__ = ("before", "matched", "name", "original", "out", "same", "target", "tmp", "writing")

    def __init__(
        self, name: str, target: Path, original: IO[bytes], before: os.stat_result, *, writing: bool
    ) -> None:
        self.name = name
        self.target = target
        self.original = original
        self.before = before  # the original's status when it was opened
        self.writing = writing  # a new file is written from the first difference
        self.same = True  # the canonical text so far is the original's
        self.matched = 0  # how many bytes of it are
        self.out: IO[bytes] | None = None  # the new file
        self.tmp: str | None = None  # its name

    def compare(self) -> int:
        """Write each record of the file in canonical form, comparing it with the original (and
        into the new file, once begun); how many records could not be read (each reported)."""
        errors, first = 0, True
        items = _records(self.target, self.name)
        for item in items:
            bad: list[NotationError] = []
            parts: PortionDeals | None = None
            if isinstance(item, NotationError):
                bad.append(item)
                texts: Iterable[str] = ()
            elif isinstance(item, Portion):  # a long record, written a part at a time
                parts = PortionDeals(item, items)
                texts = write_parts(parts.records())
            else:
                texts = (_write(item),)
            begins = True  # the first text of the record: a blank line before it
            for text in texts:
                if errors:
                    continue  # go on reading, to report every bad record
                self._piece((("\n" if begins and not first else "") + text).encode("utf-8"))
                first = begins = False
            if parts is not None:  # (what was written of it goes if a part is bad)
                bad.extend(parts.errors())
            for error in bad:
                say(str(error))
            errors += bool(bad)
        return errors

    def _piece(self, piece: bytes) -> None:
        """The next piece of the canonical text: compared with the original while they are the
        same, then written to the new file."""
        if self.same:
            if self.original.read(len(piece)) == piece:
                self.matched += len(piece)
                return
            self.same = False
            if self.writing:
                self._begin_new()
        if self.out is not None:
            self.out.write(piece)

    def _begin_new(self) -> None:
        """Begin the new file with what was the same, as it was, and the original's owner,
        group and mode."""
        self.out, self.tmp = _temporary(self.target)
        _keep(self.name, self.out, self.before)
        _copy_start(self.original, self.out, self.matched)

    def replace(self) -> Outcome:
        """Put the new file in the original's place, if the original is still what was read."""
        if self.out is None:  # the canonical text is the start of the file: the rest goes
            self._begin_new()
        out, tmp = self.out, self.tmp
        assert out is not None and tmp is not None
        out.flush()
        os.fsync(out.fileno())  # the new text is on disk before it replaces the old
        out.close()
        if _identity(os.stat(self.target)) != _identity(self.before):
            say(
                f"{self.name}: the file changed while it was being formatted (another program "
                "writing to it?): left as it was; run fmt again once nothing writes to it"
            )
            return Outcome.left
        os.replace(tmp, self.target)
        _temporaries.discard(tmp)
        self.tmp = None
        return Outcome.changed

    def clean_up(self) -> None:
        """Close the new file, and remove it if it did not replace the original."""
        try:
            if self.out is not None:
                self.out.close()
        finally:
            if self.tmp is not None:
                Path(self.tmp).unlink(missing_ok=True)
                _temporaries.discard(self.tmp)


def _copy_start(original: IO[bytes], out: IO[bytes], size: int) -> None:
    """Copy the first ``size`` bytes of ``original`` to ``out``, a block at a time."""
    original.seek(0)
    while size > 0:
        block = original.read(min(size, 1 << 20))
        if not block:
            raise OSError(f"the file was cut short while it was being formatted ({size} bytes)")
        out.write(block)
        size -= len(block)


# --------------------------------------------------------------------------------------------
#  --diff, and whole inputs
# --------------------------------------------------------------------------------------------

_LINE = re.compile(r"[^\n]*\n|[^\n]+")
"""A line of text with its end (a CR is left inside the line it ends, as ``diff`` does)."""


def unified_diff(name: str, original: bytes, formatted: str) -> str:
    """What ``fmt`` would change in the file ``name``, as a unified diff (``--- a/NAME``,
    ``+++ b/NAME``; empty if nothing would change). A last line without a line end is marked
    as ``diff`` marks it."""
    before = _LINE.findall(original.decode("utf-8", errors="replace"))
    after = _LINE.findall(formatted)
    label = name.lstrip("/")
    out: list[str] = []
    for line in difflib.unified_diff(before, after, f"a/{label}", f"b/{label}"):
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _records(source: Path | IO[bytes], name: str, *, parts: bool = True) -> Iterator[Any]:
    """The records of a file of either game (:mod:`adjudicator.shell.games`); with ``parts``,
    an écarté record that is long comes in parts (:class:`Portion`)."""
    if games.game_of(name) == "piquet":
        from adjudicator.court.piquet.api import read_each as read_piquet

        return read_piquet(source, path=name)
    return read_parts(source, path=name) if parts else read_each(source, path=name)


def _write(record: Any) -> str:
    """A record of either game in its notation's canonical form."""
    if isinstance(record, Record):
        return write(record)
    from adjudicator.court.piquet.api import write as write_piquet

    return write_piquet(record)


def all_records(name: str, data: bytes) -> list[Any] | None:
    """Every record of ``data``; ``None`` if one cannot be read (each error reported, and that
    the input is left as it was)."""
    records: list[Record] = []
    errors = 0
    for item in _records(io.BytesIO(data), name, parts=False):
        if isinstance(item, NotationError):
            say(str(item))
            errors += 1
        else:
            records.append(item)
    if errors:
        say(f"{name}: left as it was: {errors} record(s) could not be read")
        return None
    return records


def _canonical(name: str, read: Callable[[], bytes]) -> tuple[bytes, str] | None:
    """The bytes ``read`` gives and their canonical text; ``None`` (said at ``name``) if they
    cannot be read or hold a record that cannot."""
    try:
        original = read()
    except OSError as e:
        say(f"{name}: cannot read the file: {e.strerror or e}")
        return None
    records = all_records(name, original)
    if records is None:
        return None
    if all(isinstance(r, Record) for r in records):
        return original, write_all(records)
    return original, "\n".join(_write(r) for r in records)


def show_diff(name: str, path: Path) -> Outcome:
    """Print the diff ``fmt`` would make to one file, changing nothing."""
    read = _canonical(name, path.read_bytes)
    if read is None:
        return Outcome.left
    original, text = read
    if original == text.encode("utf-8"):
        return Outcome.unchanged
    sys.stdout.write(unified_diff(name, original, text))
    sys.stdout.flush()
    return Outcome.changed
