"""``ecarte check`` over archives (``adjudicator.shell.batch``): output in input order and byte for
byte the same whatever the number of jobs and however big files are cut; results streamed;
the worst exit status; bad files reported in their place; a progress line only on a terminal;
Ctrl-C stops the pool cleanly."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator import NotationError, read_each, write
from adjudicator.engine.ecarte.generate import generate
from adjudicator.notation.ecarte.lexer import LineLexer
from adjudicator.shell import batch
from adjudicator.shell.cli import app

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases" / "ecarte"
DATA = Path(__file__).resolve().parent / "data"

BAD = '[Event "bad"]\n\ndeal 1 A\n  B KH QH 9S\n'
"""A record that cannot be read (a packet without its colon)."""


def game(seed: int) -> str:
    """A lawful generated game: no finding."""
    return write(generate(seed).record)


def casebook_texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(CASES.rglob("*.etn"))]


TRICKY = (
    # comments between records, on their own lines and after events
    "deal 1 A\n  turn KS\n; a comment between records\n"
    '[Event "after a comment"]\ndeal 1 A\n  turn KS ; trumps\n\n'
    '[Event "after a comment"]\ndeal 1 A\n  turn KS\n\n; game 2, écarté\n  ; and more\n\n'
    '[Event "after comments"]\ndeal 1 A\n  B KH ; a bad record before comments\n; c\n'
    '[Event "after a bad record"]\ndeal 1 A\n  turn KS\n{ a brace comment line }\n'
    '[Event "after a brace comment line"]\ndeal 1 A\n  turn KS\n'
    # a brace comment that runs over a tag line: no record begins inside it
    '[Event "brace"]\ndeal 1 A\n  turn KS {a note\n[Event "inside the note"]\n'
    "deal 1 B\n}\n  B proposes\n"
    '[Event "after the note"]\ndeal 1 A\n  turn KS { closed }\n'
    # braces and semicolons inside quotes and comments
    '[Event "a { in a tag"]\ndeal 1 A\n  turn KS ; a { in a comment\n'
    '[Event "b"]\ndeal 1 A\n  turn KS "an unclosed quote {\n'
    '[Event "c"]\n[Site "tags only, then a tag: one record"]\n[Event "d"]\ndeal 1 A\n'
    "  turn KS\n\n\n"
    '[Event "e"]\ndeal 1 A\n  } a stray brace\n'
    '[Event "f"]\ndeal 1 A {\nturn KS\n}\n  turn KS\n'
    '[Event "g"]\ndeal 1 A\n  B: KH QH\r\n'
    '[Event "h"]\r\ndeal 1 A\r\n  turn KS\r\n'
)
"""Records that test where a record begins: comments, braces, quotes, tags only, CRLF."""


def archive_text() -> str:
    """A file of many records: casebook records, lawful games, bad records, and the tricky
    ones above, with records not separated by blank lines."""
    parts: list[str] = []
    for i, text in enumerate(casebook_texts()[:30]):
        parts.append(text)
        if i % 9 == 4:
            parts.append(BAD)
        if i % 11 == 2:
            parts.append(game(i))
    parts.append(TRICKY)
    parts.append(game(99).rstrip("\n"))  # a record glued to the one before
    parts.append(game(98))
    return "\n".join(parts)


def run(items: Iterable[batch.Input | batch.Notice], **kw: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = batch.check(items, out=out, err=err, **kw)
    return status, out.getvalue(), err.getvalue()


def files(*paths: Path | str) -> list[batch.Input | batch.Notice]:
    return list(batch.inputs([str(p) for p in paths]))


def lexer_record_starts(data: bytes) -> dict[int, int]:
    """For each record the line lexer cuts from ``data`` (valid UTF-8), its first token's line
    and its first line in the file."""
    text = data.decode("utf-8")
    lines = [(n, line.removesuffix("\r")) for n, line in enumerate(text.split("\n"), 1)]
    if lines and lines[-1][1] == "":
        lines.pop()
    return {rt.line: rt.first_line for rt in LineLexer().records(lines)}


def cut_lines(data: bytes) -> list[int]:
    """The lines of the records before which ``data`` may be cut (each cut is made at the start
    of the line, or of the comments before it)."""
    tags = [n for n, line in enumerate(data.split(b"\n"), 1) if line.startswith(b"[")]
    lines = []
    for at in batch.cut_points(data):
        cut = data.count(b"\n", 0, at) + 1
        lines.append(next(n for n in tags if n >= cut))
    return sorted(lines)


def same_items(whole: bytes, pieces: list[tuple[int, int, bytes | None]]) -> None:
    """Reading the pieces, each with its first line, gives what reading the whole gives."""

    def plain(items: Iterable[Any]) -> list[Any]:
        return [str(i) if isinstance(i, NotationError) else i for i in items]

    expected = plain(read_each(io.BytesIO(whole), path="f"))
    got: list[Any] = []
    for offset, line, data in pieces:
        source = whole[offset:] if data is None else data
        got += plain(read_each(io.BytesIO(source), path="f", first_line=line))
    assert got == expected


# --------------------------------------------------------------------------------------------
#  Where a file may be cut
# --------------------------------------------------------------------------------------------


def test_cut_points_are_where_the_lexer_begins_a_record() -> None:
    texts = [*casebook_texts(), *(p.read_text("utf-8") for p in sorted(DATA.rglob("*.etn")))]
    texts += [TRICKY, archive_text(), "\n".join(casebook_texts())]
    seen = 0
    for text in texts:
        data = text.encode("utf-8")
        starts = lexer_record_starts(data)
        for line in cut_lines(data):
            seen += 1
            assert starts.get(line) == line, (line, text)
    assert seen > 200


def test_cut_points_in_tricky_places() -> None:
    data = TRICKY.encode("utf-8")
    lines = TRICKY.split("\n")
    cuts = {lines[n - 1] for n in cut_lines(data)}
    assert '[Event "inside the note"]' not in cuts  # inside a brace comment
    assert '[Event "after a brace comment line"]' not in cuts  # not sure of the brace
    assert '[Site "tags only, then a tag: one record"]' not in cuts
    assert '[Event "f"]' not in cuts  # after a stray brace: not sure
    # but where it is sure, it cuts: after a closed brace, a brace in a tag or a comment
    assert {'[Event "a { in a tag"]', '[Event "b"]', '[Event "c"]', '[Event "h"]\r'} <= cuts
    assert {'[Event "after a comment"]', '[Event "after comments"]'} <= cuts
    assert '[Event "after a bad record"]' in cuts
    assert '[Event "g"]' in cuts  # after the line that closes a brace and a plain line


def test_no_cut_after_a_line_the_reader_cannot_decode() -> None:
    data = b'[Event "a"]\ndeal 1 A\n  turn \xff\xfe\n[Event "b"]\ndeal 1 A\n  turn KS\n'
    assert list(batch.cut_points(data)) == []
    assert list(batch.cut_points(data.replace(b"\xff\xfe", b"KS"))) == [data.index(b'[Event "b"]')]
    comment = b'[Event "a"]\ndeal 1 A\n  turn KS\n; caf\xe9\n[Event "b"]\ndeal 1 A\n  turn KS\n'
    assert list(batch.cut_points(comment)) == []
    fine = comment.replace(b"\xe9", "é".encode())
    assert list(batch.cut_points(fine)) == [fine.index(b";")]


@pytest.mark.parametrize("chunk", [1, 50, 700])
def test_runs_of_records_read_as_the_whole(chunk: int) -> None:
    data = archive_text().encode("utf-8")
    pieces = list(batch.cut(io.BytesIO(data).read, chunk, seekable=False))
    assert len(pieces) > 20
    same_items(data, pieces)


def test_a_nul_byte_or_a_long_line_stops_the_cutting() -> None:
    good = "\n".join(game(s) for s in range(6)).encode()
    nul = good + b'\n[Event "x"]\ndeal 1 A\n  turn \0KS\n' + good
    pieces = list(batch.cut(io.BytesIO(nul).read, 300, seekable=True))
    assert pieces[-1][2] is None and len(pieces) > 2  # the rest read from its offset
    pieces = list(batch.cut(io.BytesIO(nul).read, 300, seekable=False))
    # A stream: the bytes read and not cut, then the rest of it, for the caller to stream.
    assert pieces[-1][2] is None
    assert pieces[-2][2] is not None and b"\0" in pieces[-2][2]
    # A CR alone ends a line for the reader: the lines are no longer counted here.
    cr = good + b'\n[Event "x"]\ndeal 1 A\r  turn KS\r\n' + good
    assert list(batch.cut_points(cr)) == []
    pieces = list(batch.cut(io.BytesIO(cr).read, 300, seekable=True))
    assert pieces[-1][2] is None and len(pieces) > 2
    same_items(cr, pieces)
    crlf = good.replace(b"\n", b"\r\n")
    assert len(list(batch.cut(io.BytesIO(crlf).read, 300, seekable=True))) > 4
    assert all(p[2] is not None for p in batch.cut(io.BytesIO(crlf).read, 301, seekable=True))
    long = good + b'\n[Event "x"]\ndeal 1 A\n  ; ' + b"x" * 300_000 + b"\n" + good
    pieces = list(batch.cut(io.BytesIO(long).read, 2000, seekable=True, give_up_bytes=10_000))
    assert pieces[-1][2] is None
    same_items(long, pieces)


# --------------------------------------------------------------------------------------------
#  The same output whatever the jobs and the cuts
# --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def casebook_text_output() -> tuple[int, str, str]:
    return run(files(CASES, DATA / "games"), fmt="text", jobs=1)


@pytest.mark.parametrize("jobs", [2, 3])
def test_casebook_output_is_the_same_whatever_the_jobs(
    jobs: int, casebook_text_output: tuple[int, str, str]
) -> None:
    got = run(files(CASES, DATA / "games"), fmt="text", jobs=jobs, chunk_bytes=1500)
    assert got == casebook_text_output
    status, _, err = got
    assert status == 1
    summary = f"{len(list(CASES.rglob('*.etn'))) + 6} file(s)"
    assert err.startswith(summary) and err.count("\n") == 1  # the summary alone, on stderr
    assert err.endswith("; 0 unreadable file(s)\n")


def test_casebook_json_is_the_same_whatever_the_jobs() -> None:
    some = sorted(CASES.rglob("*.etn"))[::5]
    one = run(files(*some), fmt="json", jobs=1)
    assert run(files(*some), fmt="json", jobs=3, chunk_bytes=1) == one
    assert [f["file"] for f in json.loads(one[1])] == [str(p) for p in some]


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("archive") / "archive.etn"
    path.write_text(archive_text(), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_big_file_cut_into_runs_gives_the_same_output(archive: Path, fmt: batch.Format) -> None:
    one = run(files(archive), fmt=fmt, jobs=1)
    status, _, err = one
    assert status == 2 and err.count("unexpected 'KH'") == 4
    tasks = list(batch.plan(files(archive), chunk_bytes=2000))
    assert len(tasks) > 10 and all(len(t) == 1 and t[0].data for t in tasks)
    assert run(files(archive), fmt=fmt, jobs=2, chunk_bytes=2000) == one
    assert run(files(archive), fmt=fmt, jobs=3, chunk_bytes=300) == one


def test_standard_input_is_cut_too(archive: Path) -> None:
    data = archive.read_bytes()
    stdin = [batch.Input("<stdin>", None)]
    one = run(stdin, jobs=1, stdin=io.BytesIO(data))
    assert one[0] == 2 and "<stdin>:" in one[2]
    assert run(stdin, jobs=2, chunk_bytes=1000, stdin=io.BytesIO(data)) == one


def test_json_is_the_document_it_always_was(tmp_path: Path) -> None:
    """The streamed JSON is, byte for byte, ``json.dumps`` of the whole document."""
    from adjudicator.court.ecarte.adjudicate import adjudicate
    from adjudicator.court.ecarte.ruling import FileRuling

    empty = tmp_path / "empty.etn"
    empty.write_text("")
    clean = tmp_path / "clean.etn"
    clean.write_text(game(5))
    cases = casebook_texts()
    several = tmp_path / "several.etn"
    several.write_text("\n".join([cases[3], BAD, game(4), cases[10], BAD, cases[40]]))
    case = sorted(CASES.rglob("*.etn"))[7]
    paths = [clean, empty, tmp_path / "missing.etn", case, several, tmp_path / "bad.etn"]
    paths[-1].write_text(BAD)
    document = []
    for p in paths:
        records, errors = [], []
        unreadable = 0
        for item in read_each(p, path=str(p)):
            if isinstance(item, NotationError):
                errors.extend(item.to_json_list())
                unreadable += 1
            else:
                records.append(adjudicate(item))
        totals = {
            "records": len(records),
            "clean": sum(r.clean for r in records),
            "findings": sum(len(r.findings) for r in records),
            "corrections": sum(len(r.corrections) for r in records),
            "unreadable": unreadable,
        }
        version = batch.program_version()
        ruling = FileRuling(
            file=str(p), records=records, errors=errors, totals=totals, version=version
        )
        document.append(ruling.model_dump(mode="json"))
    expected = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    assert run(files(*paths), fmt="json", jobs=1)[1] == expected
    assert run(files(*paths), fmt="json", jobs=2, chunk_bytes=1000)[1] == expected
    assert run([], fmt="json")[1] == "[]\n"


# --------------------------------------------------------------------------------------------
#  Bad files, exit status
# --------------------------------------------------------------------------------------------


def test_bad_files_are_reported_in_their_place_and_the_batch_goes_on(tmp_path: Path) -> None:
    revokes = sorted((CASES / "law-43-revoke").glob("*.etn"))
    cases = [c for c in revokes if "near-miss" not in c.name]  # each has findings to print
    (tmp_path / "empty").mkdir()
    (tmp_path / "binary.etn").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR")
    (tmp_path / "latin1.etn").write_bytes('[Event "Écarté"]\ndeal 1 A\n'.encode("latin-1"))
    (tmp_path / "utf16.etn").write_bytes('[Event "x"]\ndeal 1 A\n'.encode("utf-16"))
    big = tmp_path / "big.etn"
    big.write_bytes(("\n".join(game(s) for s in range(8)) + "\n\0\n" + game(9)).encode())
    paths: list[Path | str] = [
        cases[0],
        tmp_path / "binary.etn",
        cases[1],
        tmp_path / "empty",
        tmp_path / "latin1.etn",
        tmp_path / "missing.etn",
        big,
        tmp_path / "utf16.etn",
        cases[2],
    ]
    one = run(files(*paths), jobs=1)
    status, out, err = one
    assert status == 2
    *messages, summary = [line for line in err.splitlines() if not line.startswith(" ")]
    assert [m.split(":", 1)[0] for m in messages] == [
        str(tmp_path / "binary.etn"),
        str(tmp_path / "empty"),
        str(tmp_path / "latin1.etn"),
        str(tmp_path / "missing.etn"),
        str(big),
        str(tmp_path / "utf16.etn"),
    ]
    assert "NUL byte" in err and "UTF-16" in err and "not UTF-8" in err
    assert "no record files" in err and "cannot open the file" in err
    assert summary.startswith("8 file(s), ")  # the folder is no file
    # binary, latin1, missing, big (a NUL byte after its records), utf16; the folder is none
    assert summary.endswith("; 5 unreadable file(s)")
    assert str(cases[2]) in out  # the batch went on
    tasks = list(batch.plan(files(*paths), chunk_bytes=2000))
    parts = [part for task in tasks for part in task if part.name == str(big)]
    assert parts == [batch.Part(parts[0].file, str(big), path=str(big))]  # binary: read whole
    assert run(files(*paths), jobs=2, chunk_bytes=2000) == one
    assert run(files(*paths), jobs=3, chunk_bytes=1, fmt="text") == one


def test_exit_status_is_the_worst(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clean = tmp_path / "clean.etn"
    clean.write_text(game(1) + "\n" + game(2))
    findings = CASES / "law-02-faulty-shuffle" / "shuffle-during-play.etn"
    bad = tmp_path / "bad.etn"
    bad.write_text(BAD)
    for jobs in (1, 2):
        assert run(files(clean, clean), jobs=jobs)[0] == 0
        assert run(files(clean, findings, clean), jobs=jobs)[0] == 1
        assert run(files(bad, findings, clean), jobs=jobs)[0] == 2
        assert run(files(clean, findings, bad), jobs=jobs, chunk_bytes=1)[0] == 2

    import adjudicator.court.ecarte.api  # where the shells look it up

    real = adjudicator.court.ecarte.api.adjudicate

    def broken(record: Any, **options: Any) -> Any:
        if record.tag("Event") == "Generated game 2":
            raise ValueError("boom")
        return real(record, **options)

    monkeypatch.setattr(adjudicator.court.ecarte.api, "adjudicate", broken)
    for jobs in (1, 2):
        status, out, err = run(files(bad, clean, findings), jobs=jobs, chunk_bytes=1)
        assert status == 3
        assert f"ecarte: internal error (a bug; please report it): {clean}:" in err
        assert "ValueError: boom" in err
        assert str(findings) in out  # the batch went on
        assert err.splitlines()[-1].startswith("3 file(s), 2 record(s)")
        assert err.endswith("; 1 unreadable file(s)\n")


def test_a_worker_that_dies_stops_the_batch_with_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker killed (out of memory, say) is an error, not a batch that waits for ever."""
    clean = tmp_path / "clean.etn"
    clean.write_text("\n".join(game(s) for s in range(1, 5)))
    import adjudicator.court.ecarte.api  # where the shells look it up

    real = adjudicator.court.ecarte.api.adjudicate
    parent = os.getpid()

    def dying(record: Any, **options: Any) -> Any:
        if os.getpid() != parent and record.tag("Event") == "Generated game 3":
            os._exit(9)
        return real(record, **options)

    monkeypatch.setattr(adjudicator.court.ecarte.api, "adjudicate", dying)
    with pytest.raises(batch.WorkerDied):
        run(files(clean, clean), jobs=2, chunk_bytes=1)
    big = tmp_path / "big.etn"  # big enough to be cut, so that the workers rule on it
    big.write_text("\n".join(game(s) for s in range(100)))
    assert big.stat().st_size > batch.CHUNK_BYTES
    result = CliRunner().invoke(app, ["check", "-j", "2", str(big)])
    assert result.exit_code == 3
    assert "internal error" in result.stderr and "WorkerDied" in result.stderr


# --------------------------------------------------------------------------------------------
#  Streaming
# --------------------------------------------------------------------------------------------


class Watched:
    """Inputs that remember how many have been taken."""

    def __init__(self, paths: list[Path]) -> None:
        self.paths = paths
        self.taken = 0

    def __iter__(self) -> Iterator[batch.Input]:
        for p in self.paths:
            self.taken += 1
            yield batch.Input(str(p), p)


class Recorder(io.StringIO):
    """Standard output that notes how many inputs were taken at its first write."""

    def __init__(self, watched: Watched) -> None:
        super().__init__()
        self.watched = watched
        self.at_first_write: int | None = None

    def write(self, s: str) -> int:
        if self.at_first_write is None and s:
            self.at_first_write = self.watched.taken
        return super().write(s)


def test_results_stream_before_the_last_file_is_read() -> None:
    paths = sorted(CASES.rglob("*.etn"))[:20]
    for jobs, chunk in ((1, None), (2, 1), (2, 2000)):
        watched = Watched(paths)
        gen = batch.rulings(watched, jobs=jobs, chunk_bytes=chunk, window=2)
        next(gen)
        assert watched.taken < len(paths) / 2, (jobs, chunk)
        gen.close()
        watched = Watched(paths)
        out = Recorder(watched)
        batch.check(watched, jobs=jobs, chunk_bytes=chunk, out=out, err=io.StringIO())
        assert out.at_first_write is not None and out.at_first_write < len(paths), (jobs, chunk)


class ClosedPipe(io.StringIO):
    """Standard output whose reader went away after the first line (``| head -1``)."""

    def write(self, s: str) -> int:
        if self.tell():
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(s)


def test_a_closed_pipe_stops_the_workers(archive: Path) -> None:
    import multiprocessing

    with pytest.raises(BrokenPipeError):
        batch.check(files(archive), jobs=2, chunk_bytes=500, out=ClosedPipe(), err=io.StringIO())
    assert multiprocessing.active_children() == []


def test_one_record_at_a_time_in_one_job(archive: Path) -> None:
    results = list(batch.rulings(files(archive), jobs=1))
    assert len(results) == sum(1 for _ in read_each(archive))
    assert all(r.records + r.errors == 1 for r in results)


# --------------------------------------------------------------------------------------------
#  Progress
# --------------------------------------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_on_a_terminal_is_drawn_at_most_ten_times_a_second() -> None:
    tty, clock = FakeTerminal(), Clock()
    progress = batch.Progress(tty, clock=clock)
    assert progress.enabled
    clock.now += 0.05
    progress.update(1, 10)
    assert tty.getvalue() == ""  # nothing in the first tenth of a second
    clock.now += 0.15
    progress.update(2, 40)
    assert tty.getvalue() == "\rchecking: 2 file(s), 40 record(s), 200 records/s"
    clock.now += 0.05
    progress.update(3, 50)
    assert tty.getvalue().count("\r") == 1  # too soon to redraw
    clock.now += 0.1
    progress.update(3, 1500)
    assert tty.getvalue().endswith("\rchecking: 3 file(s), 1,500 record(s), 4,286 records/s")
    drawn = len(tty.getvalue())
    progress.clear()
    width = len("checking: 3 file(s), 1,500 record(s), 4,286 records/s")
    assert tty.getvalue()[drawn:] == "\r" + " " * width + "\r"
    progress.clear()  # nothing shown: nothing written
    assert len(tty.getvalue()) == drawn + width + 2


def test_no_progress_unless_on_a_terminal(tmp_path: Path) -> None:
    err = io.StringIO()
    progress = batch.Progress(err, interval=0)
    assert not progress.enabled
    status, _, _ = run(
        files(CASES / "law-01-right-to-shuffle", tmp_path / "missing.etn"), progress=progress
    )
    assert status == 2
    assert err.getvalue() == ""
    result = CliRunner().invoke(app, ["check", str(CASES / "law-02-faulty-shuffle")])
    assert result.exit_code == 1 and "checking" not in result.stderr
    assert result.stderr.startswith("3 file(s)") and result.stderr.count("\n") == 1


def test_progress_is_rubbed_out_before_a_diagnostic(tmp_path: Path, archive: Path) -> None:
    plain = run(files(archive, tmp_path / "missing.etn"), jobs=1)
    tty = FakeTerminal()
    progress = batch.Progress(tty, interval=0)
    out = io.StringIO()
    status = batch.check(
        files(archive, tmp_path / "missing.etn"), out=out, err=tty, progress=progress
    )
    shown = tty.getvalue()
    assert shown.count("\rchecking: ") > 20
    # On the screen, every diagnostic stands on its own line, nothing of the progress line
    # left beside it, and the progress line is rubbed out at the end.
    lines = screen(shown)
    assert lines[-1] == ""
    assert (status, out.getvalue(), "\n".join(lines)) == plain


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_progress_on_a_terminal_shared_with_the_results(
    tmp_path: Path, archive: Path, fmt: batch.Format
) -> None:
    inputs = [archive, tmp_path / "missing.etn", CASES / "law-02-faulty-shuffle"]
    both = io.StringIO()
    plain = batch.check(files(*inputs), fmt=fmt, out=both, err=both)
    terminal = FakeTerminal()
    progress = batch.Progress(terminal, interval=0)
    status = batch.check(files(*inputs), fmt=fmt, out=terminal, err=terminal, progress=progress)
    drawn = terminal.getvalue().count("\rchecking: ")
    # JSON on the terminal leaves lines open: no progress line is drawn on them.
    assert drawn > 20 if fmt == "text" else drawn == 0
    assert (status, screen(terminal.getvalue())) == (plain, both.getvalue().split("\n"))


def screen(text: str) -> list[str]:
    """The lines a terminal shows for ``text`` (a carriage return goes back to the start of
    the line, and what follows overwrites what was there), trailing spaces dropped."""
    lines: list[str] = []
    line: list[str] = []
    col = 0
    for ch in text:
        if ch == "\r":
            col = 0
        elif ch == "\n":
            lines.append("".join(line).rstrip())
            line, col = [], 0
        else:
            if col < len(line):
                line[col] = ch
            else:
                line.append(ch)
            col += 1
    lines.append("".join(line).rstrip())
    return lines


# --------------------------------------------------------------------------------------------
#  The command
# --------------------------------------------------------------------------------------------


def test_the_command_takes_jobs(archive: Path) -> None:
    runner = CliRunner()
    one = runner.invoke(
        app, ["check", "-j", "1", str(archive), str(CASES / "law-02-faulty-shuffle")]
    )
    two = runner.invoke(
        app, ["check", "--jobs", "2", str(archive), str(CASES / "law-02-faulty-shuffle")]
    )
    assert one.exit_code == two.exit_code == 2
    assert (one.stdout, one.stderr) == (two.stdout, two.stderr)
    bad = runner.invoke(app, ["check", "-j", "0", str(archive)])
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_default_jobs_are_the_available_cores() -> None:
    expected = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert batch.available_cores() == expected


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
def test_ctrl_c_stops_the_pool_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "many.etn"
    path.write_text(("\n".join(casebook_texts()) + "\n") * 20, encoding="utf-8")
    ecarte = Path(sys.executable).parent / "ecarte"
    if not ecarte.exists():
        pytest.skip("the ecarte command is not installed beside this Python")
    proc = subprocess.Popen(
        [str(ecarte), "check", "--jobs", "2", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, as a terminal's Ctrl-C reaches
    )
    assert proc.stdout is not None
    proc.stdout.readline()  # the pool is at work
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert err.decode() == "ecarte: interrupted\n"
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)  # no worker left behind


def test_a_folder_scan_leaves_out_hidden_folders_and_pycache(tmp_path: Path) -> None:
    record = write(generate(1).record)
    for where in ("a.etn", "sub/b.etn", ".venv/lib/c.etn", "sub/.git/d.etn", "__pycache__/e.etn"):
        (tmp_path / where).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / where).write_text(record)
    found = [i.name for i in batch.inputs([str(tmp_path)]) if isinstance(i, batch.Input)]
    assert found == [str(tmp_path / "a.etn"), str(tmp_path / "sub" / "b.etn")]
