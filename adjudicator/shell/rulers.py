"""The processes that rule for ``ecarte serve`` (:mod:`adjudicator.shell.serve`), two by
default (:class:`Rulers`): each ruling is given a time budget past which its process is stopped
and replaced, so that no record, however slow to rule, holds the server or its memory; a process
that has grown, or aged, is replaced after its ruling. Each runs :func:`work`: a ruling asked
on its standard input, its answer on its standard output.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from collections import Counter
from http import HTTPStatus
from pathlib import Path
from typing import Any

from adjudicator.shell.replies import JSON_TYPE, Reply, _diagnose, _internal, _refused, _reply
from adjudicator.shell.text_ruling import rule_text, ruled_json

BUDGET = 10.0
"""How long a ruling may take, in seconds (``ecarte serve --budget``), its wait for a free
ruling process included: past it the process is stopped and the answer is 503, saying so
(``ecarte rule`` on the command line has no such limit). A long evening's record is ruled in a
fraction of a second."""

LEAST_LEFT = 0.25
"""A ruling that waited for a free process until less than this share of its budget was left
is answered busy (503, ``Retry-After``) rather than begun: it would most likely run out of time,
and the process be stopped for it."""

WORKERS = 2
"""How many records are ruled at once, each in a process of its own."""

RECYCLE_MIB = 16
"""A ruling process whose memory has grown by more than this (MiB) since it started is
replaced after its ruling, so that what a large record took goes back to the system."""

RECYCLE_AFTER = 500
"""A ruling process is replaced after this many rulings, however little it grew."""

WORKER_MEMORY = 1 << 30
"""The address space a ruling process may take (1 GiB): a record that needs more is refused
(503), and the process replaced, rather than let grow the machine's memory."""

_ASK = struct.Struct(">II")
"""A ruling asked of a ruling process: the lengths of the text and of the referee's name
(:data:`_NO_REFEREE` for none), then both, UTF-8 (lone surrogates kept)."""

_NO_REFEREE = 0xFFFFFFFF

_TOLD = struct.Struct(">BIII")
"""What a ruling process tells: what it is (:data:`_READY`, :data:`_RULED` ...), the process's
resident memory and its peak (KiB), and the length of the bytes that follow."""

_READY, _RULED, _FAILED, _NO_MEMORY = range(4)

_ROOT = Path(__file__).resolve().parents[2]
"""The folder of the package ``adjudicator`` that runs the server: its ruling processes run
the same one."""


def _worker_code(budget: float, memory: int) -> str:
    """The program of a ruling process, for ``python -c``."""
    return (
        f"import sys; sys.path.insert(0, {str(_ROOT)!r}); "
        f"from adjudicator.shell.rulers import work; work({float(budget)!r}, {int(memory)!r})"
    )


_WARM = """[Event "warming"]
[A "A"]
[B "B"]

deal 1 A
  cut B 10
  B: KH QH 9D
  A: 7H 7S KS
  B: AC KC
  A: 8D 9C
  turn 8S
  B takes up
  A takes up
  B plays
  1. B KH A 7S
  2. A KS B QH
  3. A 7H B 9D
  4. A 8D B AC
  5. A 9C B KC
"""
"""A record ruled by each ruling process as it starts (a revoke: the reader, the court and the
report's template loaded), before it says it is ready."""


def work(budget: float = BUDGET, memory: int = WORKER_MEMORY) -> None:
    """The loop of a ruling process (:class:`Rulers`): read a ruling asked on standard input,
    answer it on standard output (:data:`_TOLD`), until standard input ends. Ctrl-C is the
    server's to answer, not its processes'; anything printed goes to standard error; its
    address space is bounded to ``memory`` bytes; and should the server be gone without
    stopping it, a ruling longer than twice its ``budget`` and a second ends it
    (``SIGALRM``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _bound_memory(memory)
    told = os.dup(1)
    os.dup2(2, 1)  # a stray print goes to standard error, never among the answers
    asked = sys.stdin.buffer
    try:
        with contextlib.suppress(Exception):  # a ruling itself will say what is wrong
            rule_text(_WARM)
        _tell(told, _READY, b"")
        while (head := _exactly(asked, _ASK.size)) is not None:
            text_length, referee_length = _ASK.unpack(head)
            data = _exactly(asked, text_length)
            name = b"" if referee_length == _NO_REFEREE else _exactly(asked, referee_length)
            if data is None or name is None:
                return
            text = data.decode("utf-8", "surrogatepass")
            referee = (
                None if referee_length == _NO_REFEREE else name.decode("utf-8", "surrogatepass")
            )
            del data
            signal.setitimer(signal.ITIMER_REAL, 2 * budget + 1)
            try:
                kind, body = _RULED, ruled_json(text, referee)
            except MemoryError:
                kind, body = _NO_MEMORY, b""
            except Exception as e:
                kind, body = _FAILED, f"{type(e).__name__}: {e}".encode("utf-8", "replace")
            signal.setitimer(signal.ITIMER_REAL, 0)
            del text
            _tell(told, kind, body)
    except (OSError, KeyboardInterrupt):  # the server has gone
        return


def _exactly(stream: Any, length: int) -> bytes | None:
    """``length`` bytes of ``stream``, or ``None`` if it ends first."""
    data: bytes = stream.read(length)
    return data if len(data) == length else None


def _bound_memory(memory: int) -> None:
    """Bound this process's address space to ``memory`` bytes (where the system can)."""
    try:
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = memory if hard == resource.RLIM_INFINITY else min(memory, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, ValueError, OSError):  # pragma: no cover - not a POSIX system
        pass


def _memory_kib() -> tuple[int, int]:
    """This process's resident memory and its peak, in KiB (0 where /proc has none)."""
    found = {"VmRSS:": 0, "VmHWM:": 0}
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                words = line.split()
                if words and words[0] in found:
                    found[words[0]] = int(words[1])
    except (OSError, ValueError, IndexError):  # pragma: no cover - no /proc
        pass
    return found["VmRSS:"], found["VmHWM:"]


def _tell(fd: int, kind: int, body: bytes) -> None:
    """Write one answer of a ruling process on ``fd``."""
    rss, peak = _memory_kib()
    _write_all(fd, _TOLD.pack(kind, rss, peak, len(body)))
    _write_all(fd, body)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class _Late(Exception):
    """The budget of a ruling ran out. ``clean``: nothing of it had been sent to its process,
    which can rule the next."""

    def __init__(self, clean: bool) -> None:
        super().__init__("late")
        self.clean = clean


class _Worker:
    """One ruling process (:func:`work`, with its ``budget`` and its ``memory``), and the pipes
    to it."""

    def __init__(self, budget: float, memory: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _worker_code(budget, memory)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
            start_new_session=True,  # Ctrl-C at the terminal is the server's alone
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self._to = self.process.stdin.fileno()
        self._from = self.process.stdout.fileno()
        os.set_blocking(self._to, False)
        self.ready = False
        self.base_kib = 0
        """Its resident memory when it was ready."""
        self.rulings = 0

    @property
    def pid(self) -> int:
        return self.process.pid

    def started(self, until: float) -> None:
        """Wait (until ``until``, a :func:`time.monotonic`) for it to say it is ready, if it
        has not yet. Raises :class:`_Late` (clean) past ``until``, ``EOFError`` if it ended."""
        if not self.ready:
            kind, rss, _, _ = self._told(until, clean=True)
            if kind != _READY:
                raise EOFError("a ruling process answered before it was ready")
            self.ready, self.base_kib = True, rss

    def ask(self, text: str, referee: str | None, until: float) -> tuple[int, int, int, bytes]:
        """Have it rule ``text``: what it told (kind, memory, peak memory, bytes). Raises
        :class:`_Late` past ``until``, ``OSError`` or ``EOFError`` if it ended."""
        self.started(until)
        data = text.encode("utf-8", "surrogatepass")
        name = b"" if referee is None else referee.encode("utf-8", "surrogatepass")
        head = _ASK.pack(len(data), _NO_REFEREE if referee is None else len(name))
        self._send((head, data, name), until)
        return self._told(until, clean=False)

    def _send(self, parts: tuple[bytes, ...], until: float) -> None:
        sent = False
        for part in parts:
            view = memoryview(part)
            while view:
                self._wait(self._to, select.POLLOUT, until, clean=not sent)
                try:
                    view = view[os.write(self._to, view[: 1 << 16]) :]
                except BlockingIOError:
                    continue
                sent = True

    def _told(self, until: float, clean: bool) -> tuple[int, int, int, bytes]:
        kind, rss, peak, length = _TOLD.unpack(self._read(_TOLD.size, until, clean))
        return kind, rss, peak, bytes(self._read(length, until, False))

    def _read(self, length: int, until: float, clean: bool) -> bytearray:
        """``length`` bytes from the process, read into one buffer of that size."""
        buffer = bytearray(length)
        view, got = memoryview(buffer), 0
        while got < length:
            self._wait(self._from, select.POLLIN, until, clean=clean and not got)
            count = os.readv(self._from, [view[got:]])
            if not count:
                raise EOFError("the ruling process ended")
            got += count
        return buffer

    @staticmethod
    def _wait(fd: int, event: int, until: float, clean: bool) -> None:
        """Wait until ``fd`` can be read or written, or ``until`` passes (:class:`_Late`)."""
        poll = select.poll()
        poll.register(fd, event)
        if not poll.poll(max(0.0, until - time.monotonic()) * 1000):
            raise _Late(clean)

    def stop(self) -> None:
        """Kill the process (idle, or past its budget) and close the pipes."""
        process = self.process
        try:
            if process.poll() is None:
                process.kill()
                process.wait()
        finally:
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    pipe.close()


class Rulers:
    """The ruling processes of a server: ``size`` of them, each ruling one record at a time,
    so that while one rules a large record the others go on answering. A ruling has
    ``budget`` seconds, its wait for a free process included; past it the process is killed
    and another started, and the answer is 503. A process whose memory has grown by more than
    ``recycle_kib`` since it started, or that has ruled :data:`RECYCLE_AFTER` records, is
    replaced after its ruling (its memory goes back to the system with it): its successor is
    started first, and it rules on until the successor is ready, so that no ruling waits for
    a process to start. A process's address space is bounded to ``memory`` bytes.

    ``counts`` counts what happened to the rulings asked: ``ruled``, ``stopped`` (past the
    budget), ``busy`` (no process free within the budget), ``no memory``, ``failed`` (a bug),
    ``ended`` (the process ended while ruling); and to the processes: ``recycled`` (grown, or
    old), ``replaced`` (after ``no memory`` or ``failed``). ``largest_kib`` is the most a
    process's memory grew over a ruling."""

    def __init__(
        self, size: int, budget: float, recycle_kib: int, memory: int = WORKER_MEMORY
    ) -> None:
        self.size, self.budget, self.recycle_kib, self.memory = size, budget, recycle_kib, memory
        self.counts: Counter[str] = Counter()
        self.largest_kib = 0
        self._lock = threading.Lock()
        self._free = threading.BoundedSemaphore(size)
        self._closed = False
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._retiring: dict[_Worker, _Worker] = {}
        """Processes among the idle or the busy being retired, and the successor of each
        (:meth:`_retire`)."""
        try:
            for _ in range(size):
                self._idle.append(self._new())
        except OSError:
            self.close()
            raise

    def _new(self) -> _Worker:
        return _Worker(self.budget, self.memory)

    def pids(self) -> list[int]:
        """The process ids of the ruling processes."""
        with self._lock:
            return sorted(w.pid for w in (*self._idle, *self._busy))

    def ready(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for every idle process to be ready; whether they
        are."""
        until = time.monotonic() + timeout
        with self._lock:
            try:
                for worker in self._idle:
                    worker.started(until)
            except (_Late, EOFError, OSError):
                return False
        return True

    def rule(self, text: str, referee: str | None) -> Reply:
        """The answer to a ruling asked: the ruling of a process, or 503 if none was free, or
        if it took longer than the budget."""
        until = time.monotonic() + self.budget
        if not self._free.acquire(timeout=self.budget):
            return self._busy_reply()
        try:
            if until - time.monotonic() < self.budget * LEAST_LEFT:
                # It waited so long for a process that too little of its budget is left to
                # rule it: a busy answer, rather than a process stopped when it runs out.
                return self._busy_reply()
            try:
                worker = self._take()
            except OSError as e:
                _diagnose(f"cannot start a ruling process: {e}")
                return _refused(
                    HTTPStatus.SERVICE_UNAVAILABLE, "The server cannot start a ruling process."
                )
            if worker is None:
                return _stopping()
            return self._ask(worker, text, referee, until)
        finally:
            self._free.release()

    def _ask(self, worker: _Worker, text: str, referee: str | None, until: float) -> Reply:
        try:
            kind, rss, peak, body = worker.ask(text, referee, until)
        except _Late as late:
            if late.clean:
                self._give(worker)
                return self._busy_reply()
            self._replace(worker, "stopped")
            return _refused(
                HTTPStatus.SERVICE_UNAVAILABLE,
                f"The record took longer than {self.budget:g} seconds to rule, the page's "
                "limit (its wait for the server included): rule it on the command line with "
                "'ecarte rule FILE', which has no such limit.",
            )
        except (OSError, EOFError) as e:
            self._replace(worker, "ended")
            if self._closed:
                return _stopping()
            return _internal(f"the ruling process ended unexpectedly ({type(e).__name__})")
        worker.rulings += 1
        with self._lock:
            self.largest_kib = max(self.largest_kib, peak - worker.base_kib)
        if kind == _RULED:
            reply, outcome = _reply(HTTPStatus.OK, body, JSON_TYPE), "ruled"
        elif kind == _NO_MEMORY:
            outcome = "no memory"
            reply = _refused(
                HTTPStatus.SERVICE_UNAVAILABLE,
                f"The record needs more memory than the page lets a ruling have "
                f"({self.memory >> 20} MiB): rule it with 'ecarte rule FILE'.",
            )
        else:
            reply, outcome = _internal(body.decode("utf-8", "replace")), "failed"
        self._count(outcome)
        if kind != _RULED:  # a process that ran out of memory, or met a bug, is not trusted
            self._replace(worker, "replaced")
        elif worker not in self._retiring and (
            rss - worker.base_kib > self.recycle_kib or worker.rulings >= RECYCLE_AFTER
        ):
            self._retire(worker)
        else:
            self._give(worker)
        return reply

    def _busy_reply(self) -> Reply:
        self._count("busy")
        return _refused(
            HTTPStatus.SERVICE_UNAVAILABLE,
            f"The server is busy with other rulings: none could begin within {self.budget:g} "
            "seconds. Try again in a moment, or rule the record with 'ecarte rule FILE'.",
            ("Retry-After", "1"),
        )

    def _count(self, what: str) -> None:
        with self._lock:
            self.counts[what] += 1

    def _take(self) -> _Worker | None:
        """An idle process, now busy: one that said it is ready rather than one being retired
        (:meth:`_retire`), rather than one still starting; ``None`` once closed. One that
        ended before it was ready is replaced."""
        with self._lock:
            if self._closed:
                return None
            now = time.monotonic()
            for worker in list(self._idle):
                try:
                    worker.started(now)
                except _Late:
                    continue
                except (EOFError, OSError):
                    _diagnose("a ruling process ended before it was ready")
                    self._idle.remove(worker)
                    worker.stop()
                    self._idle.append(self._new())
            chosen = min(self._idle, key=lambda w: (not w.ready, w in self._retiring), default=None)
            if chosen is None:
                chosen = self._new()
            else:
                self._idle.remove(chosen)
            self._busy.add(chosen)
            return chosen

    def _give(self, worker: _Worker) -> None:
        """A process back among the idle; stopped if the rulers are closed, or if it is being
        retired and its successor is ready (or has ended)."""
        with self._lock:
            self._busy.discard(worker)
            successor = self._retiring.get(worker)
            done = successor is not None and (
                successor.ready or successor.process.poll() is not None
            )
            if not self._closed and not done:
                self._idle.append(worker)
                return
            self._retiring.pop(worker, None)
        worker.stop()

    def _replace(self, worker: _Worker, why: str) -> None:
        """Kill a process (past its budget, or not to be trusted) and start another in its
        place, unless it has one already."""
        with self._lock:
            self._busy.discard(worker)
            self.counts[why] += 1
            succeeded = self._retiring.pop(worker, None) is not None
        worker.stop()
        with self._lock:
            if not self._closed and not succeeded:
                try:
                    self._idle.append(self._new())
                except OSError as e:  # the next ruling tries again
                    _diagnose(f"cannot start a ruling process: {e}")

    def _retire(self, worker: _Worker) -> None:
        """Replace a process that ruled well but grew, or aged: its successor is started now,
        and it stays among the idle (a ruling takes it only if no other is ready) until the
        successor is ready, then is stopped (:meth:`_watch`). No ruling waits for a process
        to start."""
        with self._lock:
            self._busy.discard(worker)
            self.counts["recycled"] += 1
            successor = None
            if not self._closed:
                try:
                    successor = self._new()
                except OSError as e:
                    _diagnose(f"cannot start a ruling process: {e}")
            if successor is not None:
                self._idle.extend((successor, worker))
                self._retiring[worker] = successor
        if successor is None:
            self._replace(worker, "replaced")
            return
        threading.Thread(target=self._watch, args=(successor, worker), daemon=True).start()

    def _watch(self, successor: _Worker, worker: _Worker) -> None:
        """Stop ``worker``, being retired, once ``successor`` is ready (or has ended, or has
        taken too long), unless a ruling has it: :meth:`_give` stops it then. Until then a
        ruling takes it if no other process is ready."""
        until = time.monotonic() + 30
        while time.monotonic() < until and not successor.ready:
            with self._lock:
                if self._closed:
                    return
                if successor in self._idle:
                    try:
                        successor.started(time.monotonic())
                    except _Late:
                        pass
                    except (EOFError, OSError):  # _take replaces it
                        break
            time.sleep(0.05)
        with self._lock:
            if worker not in self._retiring or worker in self._busy:
                return
            del self._retiring[worker]
            self._idle.remove(worker)
        worker.stop()

    def close(self) -> None:
        """Stop every process (a ruling under way is answered 503: the server is stopping)."""
        with self._lock:
            self._closed = True
            idle, busy = list(self._idle), list(self._busy)
            self._idle.clear()
            self._retiring.clear()
        for worker in busy:  # its ruling's thread sees it end, and closes its pipes
            worker.process.kill()
        for worker in idle:
            worker.stop()


def _stopping() -> Reply:
    return _refused(HTTPStatus.SERVICE_UNAVAILABLE, "The server is stopping.")
