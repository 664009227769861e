"""The ``ecarte`` command: a thin layer over the reader, the writer and the court.

Results go to standard output; diagnostics, and the summary line that ends a run over files
(``fmt``, ``check``), to standard error, so that standard output holds only results (a record
written by ``fmt -``, findings, JSON). Exit status:

* 0: everything was read, and nothing would change (``fmt --check``, ``fmt --diff``) or no
  deal needs a ruling (``check``, ``rule``);
* 1: findings, or files that are not in canonical form (``fmt --check``, ``fmt --diff``);
* 2: some input could not be read (a notation error, a missing file), or the command was
  used wrongly (``ecarte laws 52``); the other inputs were still processed;
* 3: an internal error (a bug in the adjudicator; please report it).

A closed output (``ecarte check archive/ | head -1``) ends a command quietly with the status
earned so far (:func:`_closed`), never 0 for findings already met.

Help is click's plain layout (the same in a terminal, a pipe and a test), with each command's
arguments named as a user types them (:class:`_Command`) and one example each.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import IO, Annotated, Any, NamedTuple, NoReturn

import typer
import typer.core

from adjudicator.court.api import NotationError, is_number
from adjudicator.court.api import number as number_of
from adjudicator.court.ecarte.api import (
    Portion,
    PortionDeals,
    Record,
    join_portions,
    read_each,
    read_parts,
)
from adjudicator.shell import batch, formatting, games, usage

RECORD_SUFFIXES = batch.RECORD_SUFFIXES
"""Files a folder is searched for (a file named on the command line is read whatever its
name)."""

EXIT_OK, EXIT_FINDINGS, EXIT_UNREADABLE, EXIT_INTERNAL = (
    batch.EXIT_OK,
    batch.EXIT_FINDINGS,
    batch.EXIT_UNREADABLE,
    batch.EXIT_INTERNAL,
)


class _Group(typer.core.TyperGroup):
    """The ``ecarte`` group: its help (``ecarte --help``) and ``--version`` cut short by a
    closed output exit 0, as they would have, not 1 (click's answer to a closed pipe)."""

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except BrokenPipeError:
            _closed(EXIT_OK)


app = typer.Typer(
    cls=_Group,
    name="ecarte",
    help="A referee for écarté: read, format and check records of play in the Écarté "
    "Transcript Notation, and rule on them under the 51 laws of the London clubs.",
    epilog="\b\nExample:\n  ecarte check games/\n\n"
    "The notation, a tutorial and the laws: the docs folder of the source "
    "(docs/notation.md, docs/tutorial.md, docs/laws.md).",
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

EXAMPLES = {
    "fmt": "ecarte fmt --check games/",
    "parse": "ecarte parse --format jsonl games/evening.etn",
    "check": "ecarte check -j 2 archive/",
    "rule": "ecarte rule games/evening.etn",
    "laws": "ecarte laws revoke",
    "replay": "ecarte replay games/evening.etn",
    "solve": "ecarte solve --deal 2 games/evening.etn",
    "advise": "ecarte advise games/evening.etn",
    "serve": "ecarte serve --port 8765",
    "schema": "ecarte schema > etn.schema.json",
    "rules": "ecarte rules pool",
}
"""One example for each command, shown at the end of its help."""


def _example(command: str) -> str:
    """A command's help epilog: its example, kept on its own line (``\\b``)."""
    return f"\b\nExample:\n  {EXAMPLES[command]}"


class _Command(typer.core.TyperCommand):
    """A command whose help names its arguments as a user types them (``PATH...``,
    ``[FILE]``) rather than by their Python types, which typer would show (``<list[str]>``).
    Its help cut short by a closed output exits 0, as it would have; a value it refuses is
    said in the project's words (:func:`usage.reword`)."""

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except BrokenPipeError:
            _closed(EXIT_OK)
        except typer.BadParameter as e:
            usage.reword(e)
            raise

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                pieces.append(_argument_usage(param))
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments = [
            (_argument_usage(p), p.help or "")
            for p in self.get_params(ctx)
            if p.param_type_name == "argument" and isinstance(p, typer.core.TyperArgument)
        ]
        options = []
        for p in self.get_params(ctx):
            if p.param_type_name == "option":
                record = p.get_help_record(ctx)
                if record is not None:
                    options.append(record)
        if arguments:
            with formatter.section("Arguments"):
                formatter.write_dl(arguments)
        if options:
            with formatter.section("Options"):
                formatter.write_dl(options)


def _argument_usage(param: Any) -> str:
    """An argument as the usage line writes it: ``PATH...`` if required, ``[PATH]...`` if
    not (its metavar, else its name in capitals)."""
    name = str(param.metavar or param.name.upper())
    if not param.required:
        name = f"[{name}]"
    return name + ("..." if param.nargs != 1 else "")


class ReplayFormat(StrEnum):
    """How ``replay`` prints a record."""

    text = "text"
    json = "json"


class OutputFormat(StrEnum):
    """How ``parse`` prints records."""

    json = "json"
    jsonl = "jsonl"


def _say(message: str) -> None:
    """A diagnostic line on standard error."""
    print(message, file=sys.stderr, flush=True)


class _Status:
    """The exit status a command has earned so far: the worst of what it met, earned before
    the output that tells it is written. If the output is closed part way, the command ends
    with it (:func:`_guard`)."""

    __slots__ = ("skipped", "value")

    def __init__(self) -> None:
        self.value = EXIT_OK
        self.skipped = 0
        """Entries of folders left out, each named on standard error."""

    def earn(self, status: int) -> None:
        self.value = max(self.value, status)


def _inputs(paths: list[str], status: _Status) -> Iterator[tuple[str, Path | None]]:
    """Each input named on the command line: files as given, folders searched for record
    files (sorted, so output order is stable), ``-`` for standard input. What a folder scan
    leaves out is said on standard error, in its place (:func:`batch.inputs`), and earns its
    status."""
    for item in batch.inputs(paths):
        if isinstance(item, batch.Notice):
            status.earn(item.status)
            status.skipped += item.skipped
            _say(item.text)
        else:
            yield item.name, item.path


def _source(path: Path | bytes | None) -> Path | IO[bytes]:
    """What to read for one input: a file, standard input (``None``), or bytes already read."""
    if path is None:
        return sys.stdin.buffer
    if isinstance(path, bytes):
        return io.BytesIO(path)
    return path


def _check_rules(value: str | None) -> str | None:
    """``--rules NAME``: the profile's name as the ruling gives it; a name that names no
    profile is a usage error (exit 2)."""
    if value is None:
        return None
    from adjudicator.court.ecarte.api import UnknownProfile, profile_named

    try:
        return profile_named(value).name
    except UnknownProfile as e:
        raise typer.BadParameter(str(e)) from None


RulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        metavar="NAME",
        callback=_check_rules,
        help="Rule every record under this rule profile, whatever its Rules tag says "
        "('ecarte rules' lists them; join them with '+').",
    ),
]


def _under_rules(items: Iterable[Any], rules: str | None) -> Iterator[Any]:
    """The records of ``items`` as they are to be ruled (:func:`batch.under_rules`)."""
    for item in items:
        yield batch.under_rules(item, rules)


def _read(name: str, path: Path | bytes | None) -> Iterator[Record | NotationError]:
    """The écarté records of one input (:func:`_source`); a piquet file (served by the
    ``adjudicator`` command) is refused with a word: the command that reads it is écarté's
    alone."""
    if games.game_of(name) == "piquet":
        return iter([_ecarte_only(name)])
    return read_each(_source(path), path=name)


def _ecarte_only(name: str) -> NotationError:
    return NotationError(
        "this command reads écarté records only; this file is a piquet record (.ptn): "
        "'adjudicator check', 'rule', 'replay', 'parse' and 'fmt' read it",
        path=name,
    )


def _read_parts(name: str, path: Path | bytes | None) -> Iterator[Any]:
    """The records of one input, of either game: an écarté record that is long comes in
    parts (:class:`Portion`); a piquet file (served by the ``adjudicator`` command) gives its
    records whole."""
    if games.game_of(name) == "piquet":
        from adjudicator.court.piquet.api import read_each as read_piquet

        return read_piquet(_source(path), path=name)
    return read_parts(_source(path), path=name)


_DEALS = "\0deals\0"
"""Stands for a long record's deals in its JSON, where they are written one by one (a NUL is
never in a record that was read)."""


def _record_line(
    name: str,
    first: Portion,
    items: Iterator[Record | Portion | NotationError],
    write: Callable[[str], object],
) -> list[NotationError]:
    """Write the JSON line of ``parse --format jsonl`` for a long record (``first``, then the
    next portions of ``items``), exactly as for the whole record: its deals wait in a spool
    until the record is read to its end. If a part cannot be read, nothing of the record is
    written (as for a record read whole): the errors of the parts that cannot be read are
    returned instead."""
    from adjudicator.shell.spool import Spooled

    spool = Spooled()
    deals = PortionDeals(first, items)
    try:
        for count, deal in enumerate(deals):
            text = json.dumps(deal.model_dump(mode="json"), ensure_ascii=False)
            spool.write((", " if count else "") + text)
        errors = deals.errors()
        last = deals.portion.record
        if errors or first.record is None or last is None:
            return errors
        data = first.record.model_copy(update={"deals": ()}).model_dump(mode="json")
        data["deals"] = _DEALS
        data["comments_after"] = list(last.comments_after)
        line = json.dumps({"file": name, "record": data}, ensure_ascii=False)
        before, after = line.split(json.dumps(_DEALS), 1)
        write(before + "[")
        for block in spool.blocks():
            write(block)
        write("]" + after + "\n")
        return []
    finally:
        spool.close()


def _joined(
    first: Portion,
    items: Iterator[Record | Portion | NotationError],
    status: _Status,
    errors: list[Any] | None = None,
) -> Record | None:
    """A long record held whole (its portions joined), for an output that is one document;
    ``None`` if a part cannot be read (its errors said, and put in ``errors`` as JSON)."""
    portions = [first]
    while not portions[-1].last:
        following = next(items)
        assert isinstance(following, Portion)
        portions.append(following)
    unread = [p.error for p in portions if p.error is not None]
    for error in unread:
        status.earn(EXIT_UNREADABLE)
        _say(str(error))
        if errors is not None:
            errors.extend(error.to_json_list())
    return None if unread else join_portions(portions)


def _guard(run: Callable[[_Status], None]) -> None:
    """Run a command; exit with the status it earned. Anything unexpected becomes a one-line
    report and exit status 3; a closed output ends the command with the status earned so far
    (:func:`_closed`)."""
    status = _Status()
    try:
        run(status)
    except (KeyboardInterrupt, batch.Terminated) as e:
        # Ctrl-C, or SIGTERM or SIGHUP (within batch.terminable): what was under way has been
        # unwound (a pool's workers stopped, a temporary file removed).
        _remove_temporaries()
        if isinstance(e, batch.Terminated):
            _say(f"ecarte: terminated ({e.name})")
        else:
            _say("ecarte: interrupted")
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
        # Exit at once: a pool's threads, stopped mid-way by the Ctrl-C, are not waited for.
        os._exit(e.status if isinstance(e, batch.Terminated) else 130)
    except batch.OutputClosed as e:
        status.earn(e.status)
        _closed(status.value)
    except BrokenPipeError:
        _closed(status.value)
    except typer.Exit:
        raise
    except Exception as e:  # pragma: no cover - the point is never to show a traceback
        _say(f"ecarte: internal error (a bug; please report it): {type(e).__name__}: {e}")
        raise typer.Exit(EXIT_INTERNAL) from None
    raise typer.Exit(status.value)


def _closed(status: int) -> NoReturn:
    """End the command when its output was closed part way (the reader of a pipe went away:
    ``ecarte check archive/ | head -1``): quietly, with the exit status it earned so far (1 if
    findings were written, 2 if an input could not be read), not 0, so that ``pipefail`` sees
    the truth. What is left in the buffers of standard output is dropped (flushing it would
    fail again, and Python would print "Exception ignored" at exit); the process exits at once,
    as after Ctrl-C (a pool's threads, stopped mid-way, are not waited for)."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()  # our own diagnostics, if standard error is still open
    os._exit(status)


_remove_temporaries = formatting.remove_temporaries
"""Remove the temporary files ``fmt`` was writing when a run is cut short (:func:`_guard`)."""


@app.command(cls=_Command, epilog=_example("fmt"))
def fmt(
    paths: Annotated[list[str], typer.Argument(help="Files or folders; '-' reads stdin.")],
    check: Annotated[
        bool, typer.Option("--check", help="Change nothing; exit 1 if a file would change.")
    ] = False,
    diff: Annotated[
        bool,
        typer.Option(
            "--diff",
            help="Change nothing; print a unified diff of what would change; exit 1 if any.",
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Rewrite read-only files too (keeping their mode).",
        ),
    ] = False,
) -> None:
    """Rewrite records in the canonical form of the notation.

    Every fact and comment is kept, and so are a file's owner, group and mode. A file is left
    as it was, and why said, if a record in it cannot be read, if it is written to while it
    is formatted, if it has several names (hard links), if it is read-only (unless --force),
    or if its owner cannot be kept; the other files are still done (exit 2). A bug met on one
    file is reported and the run goes on (exit 3). Standard input is written to standard
    output.
    """

    def run(status: _Status) -> None:
        # SIGTERM, SIGHUP: the temporary file being written is removed, then exit 128+signal.
        with batch.terminable():
            tally = formatting.format_inputs(
                _inputs(paths, status), check=check, diff=diff, force=force, earn=status.earn
            )
            _say(tally.summary(check=check or diff, skipped=status.skipped))

    _guard(run)


@app.command(cls=_Command, epilog=_example("parse"))
def parse(
    paths: Annotated[
        list[str],
        typer.Argument(metavar="PATH", help="Files or folders; '-' reads standard input."),
    ],
    format: Annotated[
        OutputFormat,
        typer.Option("--format", "-f", help="json: one document; jsonl: one line per record."),
    ] = OutputFormat.json,
) -> None:
    """Print the records as JSON.

    The JSON is the record model, whose schema 'ecarte schema' prints.
    """

    def run(status: _Status) -> None:
        files: list[dict[str, Any]] = []
        for name, path in _inputs(paths, status):
            records: list[Any] = []
            errors: list[Any] = []
            items = _read_parts(name, path)
            for item in items:
                if isinstance(item, Portion):  # a long record, a part at a time
                    if format is OutputFormat.jsonl:
                        for bad in _record_line(name, item, items, sys.stdout.write):
                            status.earn(EXIT_UNREADABLE)
                            _say(str(bad))
                            for error in bad.to_json_list():
                                line = {"file": name, "error": error}
                                print(json.dumps(line, ensure_ascii=False), flush=True)
                        continue
                    joined = _joined(item, items, status, errors)
                    if joined is not None:
                        records.append(joined.model_dump(mode="json"))
                    continue
                if isinstance(item, NotationError):
                    status.earn(EXIT_UNREADABLE)
                    _say(str(item))
                    if format is OutputFormat.jsonl:
                        for error in item.to_json_list():  # one line for each error
                            line = {"file": name, "error": error}
                            print(json.dumps(line, ensure_ascii=False), flush=True)
                    else:
                        errors.extend(item.to_json_list())
                    continue
                data = item.model_dump(mode="json")
                if format is OutputFormat.jsonl:
                    print(json.dumps({"file": name, "record": data}, ensure_ascii=False))
                else:
                    records.append(data)
            if format is OutputFormat.json:
                files.append({"file": name, "records": records, "errors": errors})
        if format is OutputFormat.json:
            print(json.dumps(files, ensure_ascii=False, indent=1))

    _guard(run)


class RulingFormat(StrEnum):
    """How ``check`` and ``advise`` print rulings (``rule``: :class:`RuleFormat`)."""

    text = "text"
    json = "json"


@app.command(cls=_Command, epilog=_example("check"))
def check(
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="PATH",
            help="Files or folders (default: the current folder); '-' reads standard input.",
        ),
    ] = None,
    format: Annotated[
        RulingFormat, typer.Option("--format", "-f", help="text or json.")
    ] = RulingFormat.text,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            metavar="N",
            help="Worker processes (default: every core available); 1 checks in this process.",
        ),
    ] = None,
    rules: RulesOption = None,
) -> None:
    """Rule on records under the laws, one line per finding.

    Each finding is a line 'file:line:col: law N: message' on standard output (a profile's
    rule is cited by its name), a record's findings, corrections and claims not upheld in
    the order of their lines; where law 46 values the games, or pools or rubbers are played
    (--rules, or the Rules tag), a line 'file:line:col: game N: ...' for each game won and
    'pool: ...' or 'rubber: ...' for each series follow the record's findings. The summary
    line (files, records, findings, unreadable files) ends the run on standard error. Results
    stream as records are ruled, in input order whatever the number of jobs; a progress line
    is drawn on standard error when it is a terminal. Exit 0 when every deal stands as
    recorded with no correction, 1 when there are findings, 2 when a file cannot be read, 3
    on an internal error (the worst over all inputs).
    """

    def run(status: _Status) -> None:
        status.earn(
            batch.check(
                batch.inputs(paths or ["."]),
                fmt="json" if format is RulingFormat.json else "text",
                jobs=jobs or batch.available_cores(),
                out=sys.stdout,
                err=sys.stderr,
                progress=batch.Progress(sys.stderr),
                stdin=sys.stdin.buffer,
                rules=rules,
            )
        )

    _guard(run)


class RuleFormat(StrEnum):
    """How ``rule`` prints a ruling: as ``check`` does (text, json), or as the referee's
    report of :mod:`adjudicator.shell.referee` (html, md)."""

    text = "text"
    json = "json"
    html = "html"
    md = "md"


TraceOption = Annotated[
    bool,
    typer.Option(
        "--trace",
        help="text: end with the trace of the laws (html and md always have it, in an appendix).",
    ),
]
AdviceOption = Annotated[
    bool,
    typer.Option(
        "--advice",
        help="Say what each option was worth and the game chances (left out of the signed "
        "ruling without it).",
    ),
]
AnalyseOption = Annotated[
    bool,
    typer.Option(
        "--analyse",
        help="Beside each card of the tricks, what it cost its player under perfect play, every "
        "card seen (as 'replay --analyse'); left out of the ruling without it.",
    ),
]
DateOption = Annotated[
    str | None,
    typer.Option(
        "--date",
        metavar="DATE",
        help="The date of the ruling (default: the record's Date tag; never the clock).",
    ),
]


@app.command(cls=_Command, epilog=_example("rule"))
def rule(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="FILE",
            help="Record files or folders, one or more; '-' reads standard input.",
        ),
    ],
    format: Annotated[
        RuleFormat,
        typer.Option(
            "--format",
            "-f",
            help="text, json, html (the referee's report: one page to print, sign and pin "
            "up) or md (the report in Markdown).",
        ),
    ] = RuleFormat.text,
    referee: Annotated[
        str | None,
        typer.Option(
            "--referee",
            metavar="NAME",
            help="The referee who signs the report (html, md); without it, a line to sign on.",
        ),
    ] = None,
    rules: RulesOption = None,
    trace: TraceOption = False,
    advice: AdviceOption = False,
    date: DateOption = None,
    analyse: AnalyseOption = False,
) -> None:
    """Give the full ruling for a referee, the verdict first.

    For each deal: the findings, the options they give and what became of them, the claims
    judged, the outcome, the marks and the corrections, each law's summary beside its
    finding; then the corrected score and the trace of the laws applied. Several files or
    folders are ruled one after another, in the order given. Exit status as for 'check'.

    With '--format html' or '--format md', the referee's report: one document for the file,
    every record in it, with the hands as cards, the tricks, the record's lines with the
    irregular ones marked, the score sheet before and after the ruling, and a signature block
    with the hash of each record.
    """

    if format in (RuleFormat.html, RuleFormat.md):
        markdown = format is RuleFormat.md
        shown = ReportOptions(referee, advice, date, analyse)
        _guard(lambda status: _referee_reports(paths, status, markdown, shown, rules))
        return

    def run(status: _Status) -> None:
        # The rulings as ``check`` makes them (a long record a piece at a time), the full
        # text instead of one line a finding; the JSON is check's document.
        fmt: batch.Format = "json" if format is RuleFormat.json else "text"
        report = batch.Report("json", sys.stdout, sys.stderr) if fmt == "json" else None
        for number, (name, p) in enumerate(_inputs(paths, status)):
            part = batch.Part(
                number,
                name,
                None if p is None else str(p),
                rules=rules,
                game=games.game_of(name),
                trace=trace,
                advice=advice,
                date=date,
                analyse=analyse,
            )
            for ruled in batch.rule(part, fmt, full=True):
                status.earn(ruled.status)
                if report is not None:
                    report.take(ruled)
                    continue
                for kind, text in ruled.chunks:
                    stream = sys.stderr if kind == batch.STDERR else sys.stdout
                    stream.write(text)
                    stream.flush()
        if report is not None:
            report.finish()

    _guard(run)


def _referee_reports(
    paths: list[str],
    status: _Status,
    markdown: bool,
    shown: ReportOptions,
    rules: str | None = None,
) -> None:
    """``rule --format html|md``: for each input file, one report holding every record of it,
    written as the records are ruled, a deal at a time, so that what is held does not grow
    with their length (:func:`adjudicator.shell.referee.write_report`). A record that cannot
    be read is said on standard error, and named in the report; a file with no record read
    gives no report."""
    from adjudicator.shell.referee import write_report

    referee, advice, date, analyse = shown

    def unread(error: NotationError) -> None:
        status.earn(EXIT_UNREADABLE)
        _say(str(error))

    def ruled(clean: bool) -> None:
        if not clean:
            status.earn(EXIT_FINDINGS)

    for name, p in _inputs(paths, status):
        if games.game_of(name) == "piquet":
            from adjudicator.shell.piquet_report import write_report as write_piquet

            write_piquet(
                name,
                p,
                sys.stdout.write,
                markdown=markdown,
                referee=referee,
                date=date,
                unread=unread,
                ruled=ruled,
            )
            sys.stdout.flush()
            continue
        write_report(
            name,
            p,
            sys.stdout.write,
            markdown=markdown,
            referee=referee,
            rules=rules,
            unread=unread,
            ruled=ruled,
            advice=advice,
            date=date,
            analyse=analyse,
        )
        sys.stdout.flush()


class ReportOptions(NamedTuple):
    """What ``rule --format html|md`` is told: who signs, whether the advice is shown, the
    date of the ruling, whether each card's cost under perfect play is shown."""

    referee: str | None
    advice: bool
    date: str | None
    analyse: bool = False


class LawsFormat(StrEnum):
    """How ``laws`` prints the laws."""

    text = "text"
    json = "json"
    md = "md"


class LawsGame(StrEnum):
    """Whose laws ``laws`` prints."""

    ecarte = "ecarte"
    piquet = "piquet"


LawsGameOption = Annotated[
    LawsGame,
    typer.Option(
        "--game",
        "-g",
        help="Whose laws: ecarte (the 51 laws, the default) or piquet (the 78 laws).",
    ),
]


@app.command(cls=_Command, epilog=_example("laws"))
def laws(
    query: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="N|WORD",
            help="A law's number (1 to 51), or words: the laws whose title, summary or "
            "keywords speak of them all.",
        ),
    ] = None,
    format: Annotated[
        LawsFormat,
        typer.Option("--format", "-f", help="text, json, or md (the page docs/laws.md)."),
    ] = LawsFormat.text,
    cases: Annotated[
        Path | None,
        typer.Option(
            "--cases",
            metavar="FOLDER",
            help="The casebook whose cases are listed (default: the one installed with ecarte).",
        ),
    ] = None,
    sources: Annotated[
        bool,
        typer.Option(
            "--sources",
            help="With one law: its reading as the project keeps it too (the sources by id, "
            "the reference's sections, names from the code) and what its finder looks at.",
        ),
    ] = False,
    game: LawsGameOption = LawsGame.ecarte,
) -> None:
    """List the laws, or show one, or look them up by word.

    With no argument, every law's number and title under its heading. With a number, or a
    profile's rule as rulings cite it ('P1', 'pool rule P1'), the law: its summary, how the
    project reads it (in words, for members), its options, and the cases of the casebook that
    show it; '--sources' adds the reading as the project keeps it (its sources by id, the
    names from the code) and what the law looks at. With words, the laws that speak of them
    ('revoke' finds 'revoking' and 'revoked'). Exit 2 when no law answers. '--game piquet':
    the same for the 78 laws of piquet."""
    if game is LawsGame.piquet:
        _guard(lambda status: _piquet_laws(status, query or [], format, cases))
        return
    from adjudicator.court.ecarte.api import BY_NUMBER, EVERY
    from adjudicator.shell import lawbook

    def run(status: _Status) -> None:
        root = cases if cases is not None else lawbook.casebook_root()
        words = query or []
        one = len(words) == 1 and is_number(words[0])
        if one:
            law = BY_NUMBER.get(number_of(words[0]))
            if law is None:
                _say(
                    f"ecarte laws: there are 51 laws (and the profiles' rules 101, 111, 121 "
                    f"and 131); no law {words[0]}"
                )
                status.earn(EXIT_UNREADABLE)
                return
            chosen: tuple[Any, ...] = (law,)
        elif words and lawbook.cited(" ".join(words)) is not None:
            chosen, one = (lawbook.cited(" ".join(words)),), True
        elif words:
            chosen = lawbook.matching(" ".join(words))
            if not chosen:
                _say(f"ecarte laws: no law speaks of {' '.join(words)!r}; 'ecarte laws' lists them")
                status.earn(EXIT_UNREADABLE)
                return
        else:
            chosen = EVERY
        if format is LawsFormat.json:
            print(json.dumps(lawbook.laws_json(chosen, root), ensure_ascii=False, indent=1))
        elif format is LawsFormat.md:
            print(lawbook.render_markdown(chosen, root), end="")
        elif one:
            print(lawbook.render_law(chosen[0], root, sources=sources), end="")
        else:
            print(lawbook.render_list(chosen), end="")

    _guard(run)


def _piquet_laws(status: _Status, words: list[str], format: LawsFormat, cases: Path | None) -> None:
    """``laws --game piquet``: the laws of piquet listed, shown or looked up."""
    from adjudicator.shell import lawbook_piquet

    root = cases if cases is not None else lawbook_piquet.casebook_root()
    chosen = lawbook_piquet.chosen(words)
    if not chosen:
        said = " ".join(words)
        _say(
            f"laws --game piquet: no law {said}; there are 78"
            if said.isdigit()
            else f"laws --game piquet: no law speaks of {said!r}; 'laws --game piquet' lists them"
        )
        status.earn(EXIT_UNREADABLE)
        return
    if format is LawsFormat.json:
        print(json.dumps(lawbook_piquet.laws_json(chosen, root), ensure_ascii=False, indent=1))
    elif format is LawsFormat.md:
        print(lawbook_piquet.render_markdown(chosen, root), end="")
    elif len(chosen) == 1 and words:
        print(lawbook_piquet.render_law(chosen[0], root), end="")
    else:
        print(lawbook_piquet.render_list(chosen), end="")


@app.command("replay", cls=_Command, epilog=_example("replay"))
def replay_command(
    path: Annotated[
        str, typer.Argument(metavar="FILE", help="A record file; '-' reads standard input.")
    ],
    format: Annotated[
        ReplayFormat, typer.Option("--format", "-f", help="text or json.")
    ] = ReplayFormat.text,
    analyse: Annotated[
        bool,
        typer.Option(
            "--analyse",
            help="Say of each card played what it cost its player under perfect play.",
        ),
    ] = False,
    rules: RulesOption = None,
) -> None:
    """Replay a record deal by deal, as the laws let the table move.

    For each deal: the hands after the deal and after each exchange, the trump, the stock,
    the tricks and who won them, the marks, the running score, and every departure from
    lawful play. Exit 0 when every record was read and replayed (its departures are shown,
    not ruled on: that is 'check' and 'rule'), 2 when one could not be read, 3 on an internal
    error.
    """
    from adjudicator.shell.show import deal_summaries, render_deal, summarise

    def run(status: _Status) -> None:
        summaries = []
        for name, p in _inputs([path], status):
            items = _under_rules(_read_parts(name, p), rules)
            for item in items:
                if isinstance(item, Portion):  # a long record, a part at a time
                    if format is ReplayFormat.json:  # the summary is one document: held
                        joined = _joined(item, items, status)
                        if joined is not None:
                            summary = summarise(joined, analyse=analyse)
                            summaries.append({"file": name, **summary})
                        continue
                    deals = PortionDeals(item, items)
                    if item.record is not None:
                        head = item.record.model_copy(update={"deals": ()})
                        for deal in deal_summaries(head, deals, analyse=analyse):
                            print(render_deal(deal))
                        sys.stdout.flush()
                    for error in deals.errors():
                        status.earn(EXIT_UNREADABLE)
                        _say(str(error))
                    continue
                if isinstance(item, NotationError):
                    status.earn(EXIT_UNREADABLE)
                    _say(str(item))
                    continue
                if not isinstance(item, Record):  # a piquet record (``adjudicator``)
                    _replay_piquet(name, item, summaries, as_json=format is ReplayFormat.json)
                    continue
                if format is ReplayFormat.json:
                    summaries.append({"file": name, **summarise(item, analyse=analyse)})
                    continue
                shown = False  # the text of each deal as the replay passes it
                for deal in deal_summaries(item, analyse=analyse):
                    print(render_deal(deal))
                    shown = True
                if not shown:
                    print()
                sys.stdout.flush()
        if format is ReplayFormat.json:
            print(json.dumps(summaries, ensure_ascii=False, indent=1))

    _guard(run)


def _replay_piquet(name: str, record: Any, summaries: list[Any], *, as_json: bool) -> None:
    """``replay`` of one piquet record: each deal's reckoning, or its ruling's JSON."""
    from adjudicator.court.piquet.api import rule_record
    from adjudicator.shell.piquet import replay_text

    ruling = rule_record(record)
    if as_json:
        summaries.append({"file": name, **ruling.to_json()})
    else:
        print(replay_text(name, ruling), end="", flush=True)


@app.command(cls=_Command, epilog=_example("solve"))
def solve(
    path: Annotated[
        str, typer.Argument(metavar="FILE", help="A record file; '-' reads standard input.")
    ],
    deal: Annotated[
        int | None, typer.Option("--deal", "-d", metavar="N", help="Only deal N.")
    ] = None,
    at: Annotated[
        int | None,
        typer.Option(
            "--at", metavar="LINE", help="The position just before the event on line LINE."
        ),
    ] = None,
    format: Annotated[
        ReplayFormat, typer.Option("--format", "-f", help="text or json.")
    ] = ReplayFormat.text,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            metavar="N",
            help="Processes that share the deals solved when cards are unknown (default 1).",
        ),
    ] = 1,
) -> None:
    """Solve each deal: what perfect play makes of it, card by card.

    The position is where the play begins (the exchange over), or just before line LINE.
    Both players are taken to see every card (double dummy): the value of perfect play, not a
    forecast. A deal whose cards at play are not all in the record says which are not, and
    gives the chances over every deal the record allows (or says why it cannot). Exit 0 when
    every record was read and solved (or said why not), 2 when one could not be read or has
    no deal N or line LINE (said at the record's line), 3 on an internal error.
    """
    from adjudicator.shell.solving import out_of_range, render, solve_record

    def each(name: str, record: Record, status: _Status) -> Any:
        absent = out_of_range(record, deal=deal, at=at)
        if absent is not None:  # a position the record does not have: bad input, located
            status.earn(EXIT_UNREADABLE)
            _say(f"{name}:{record.line}:1: {absent}")
            return None
        solved = solve_record(record, deal=deal, at=at, jobs=jobs)
        return solved if format is ReplayFormat.json else render(name, solved)

    _guard(lambda status: _per_record(path, status, format is ReplayFormat.json, each))


@app.command(cls=_Command, epilog=_example("advise"))
def advise(
    path: Annotated[
        str, typer.Argument(metavar="FILE", help="A record file; '-' reads standard input.")
    ],
    format: Annotated[
        RulingFormat, typer.Option("--format", "-f", help="text or json.")
    ] = RulingFormat.text,
    rules: RulesOption = None,
) -> None:
    """List the options the laws give, and what each is worth.

    A replay of the hands (laws 25, 43) is valued exactly: the hand as played against the
    hands played again under perfect play, each marked as the laws allow. A fresh deal is
    weighed against the deal as played, by the table of fresh deals (a new deal's average and
    the chance of the game from the score). Each figure is exact or has its 95% interval; the
    better choice is named only where the interval of the difference leaves out nought, else
    the choice is about even. Options the record cannot weigh are listed and said to be not
    valued. Exit status as for 'replay' and 'solve': 0 when every record was
    read (findings are for 'check' and 'rule' to report), 2 when one could not be.
    """
    from adjudicator.court.ecarte.api import adjudicate
    from adjudicator.shell.report import advice_data, render_advice

    def each(name: str, record: Record, status: _Status) -> Any:
        ruling = adjudicate(record, advise=True)
        return advice_data(ruling) if format is RulingFormat.json else render_advice(name, ruling)

    _guard(lambda status: _per_record(path, status, format is RulingFormat.json, each, rules))


@app.command("serve", cls=_Command, epilog=_example("serve"))
def serve_command(
    port: Annotated[
        int,
        typer.Option(
            "--port",
            "-p",
            min=0,
            max=65535,
            metavar="N",
            help="The port to listen on, at 127.0.0.1 (default 8765; 0 picks a free one).",
        ),
    ] = 8765,
    budget: Annotated[
        float,
        typer.Option(
            "--budget",
            min=0.1,
            metavar="SECONDS",
            help=(
                "The longest a ruling may take (default 10): a record that takes longer is "
                "refused with a message saying so ('ecarte rule' has no such limit)."
            ),
        ),
    ] = 10.0,
) -> None:
    """Rule on a record as it is typed, in a page on this machine.

    Serves a page at http://127.0.0.1:PORT/ (this machine only) where a referee types or pastes
    a record: at every pause the page shows the notation errors at their lines, or the
    referee's report of 'rule --format html', with Print and Save (the report's HTML), and a
    link to the notation. The page loads nothing from a network; the server keeps no record
    (the page keeps its draft in the browser's storage, for a reload). The address is said
    on standard error; Ctrl-C stops the server (exit 0).
    """

    def run(status: _Status) -> None:
        from adjudicator.shell import serve as serving

        try:
            server = serving.make_server(port, budget=budget)
        except OSError as e:
            _say(
                f"ecarte serve: cannot listen on {serving.HOST}:{port}: {e.strerror or e} "
                "('--port 0' picks a free port)"
            )
            status.earn(EXIT_UNREADABLE)
            return
        serving.serve(server, say=_say)

    _guard(run)


def _per_record(
    path: str,
    status: _Status,
    as_json: bool,
    each: Callable[[str, Record, _Status], Any],
    rules: str | None = None,
) -> None:
    """Run ``each`` on every record of ``path`` (a file, folder or ``-``): print its text as
    it comes, or (``as_json``) gather its data into one document ``[{"file", "records"}]``."""
    files: list[dict[str, Any]] = []
    for name, p in _inputs([path], status):
        records: list[Any] = []
        for item in _under_rules(_read(name, p), rules):
            if isinstance(item, NotationError):
                status.earn(EXIT_UNREADABLE)
                _say(str(item))
                continue
            done = each(name, item, status)
            if done is None:  # nothing to give (said on standard error)
                continue
            if as_json:
                records.append(done)
            else:
                print(done, flush=True)
        if as_json:
            files.append({"file": name, "records": records})
    if as_json:
        print(json.dumps(files, ensure_ascii=False, indent=1))


@app.command(cls=_Command, epilog=_example("schema"))
def schema(
    ruling: Annotated[
        bool,
        typer.Option(
            "--ruling",
            help="The schema of the ruling document ('check' and 'rule' --format json) instead.",
        ),
    ] = False,
) -> None:
    """Print the JSON Schema of the record model, or of the ruling.

    The record model is what 'ecarte parse' prints; with '--ruling', the document 'ecarte
    check --format json' and 'ecarte rule --format json' print: a list, an entry a file.
    """

    def run(status: _Status) -> None:
        if ruling:
            from pydantic import TypeAdapter

            from adjudicator.court.ecarte.api import FileRuling

            document = TypeAdapter(list[FileRuling]).json_schema()
            document["title"] = "The rulings on the files given, an entry a file"
            print(json.dumps(document, indent=2, ensure_ascii=False))
            return
        print(json.dumps(Record.model_json_schema(), indent=2, ensure_ascii=False))

    _guard(run)


@app.command("rules", cls=_Command, epilog=_example("rules"))
def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(metavar="NAME", help="A profile (or several joined with '+') to show."),
    ] = None,
    format: Annotated[
        RulingFormat, typer.Option("--format", "-f", help="text or json.")
    ] = RulingFormat.text,
) -> None:
    """List the rule profiles, or show one.

    The club code (club-1878) is the base and the default; each other profile says what it
    changes, why, and its source, and the rules it adds. A record chooses its profile with its
    Rules tag; 'check', 'rule', 'replay' and 'advise' take '--rules NAME' to override it.
    Exit 2 when no profile has the name.
    """
    from adjudicator.court.ecarte.api import PROFILES, UnknownProfile, profile_named
    from adjudicator.shell.lawbook import profile_data, render_profile

    def run(status: _Status) -> None:
        if name is None:
            chosen = list(PROFILES.values())
        else:
            try:
                chosen = [profile_named(name)]
            except UnknownProfile as e:
                _say(f"ecarte rules: {e}")
                status.earn(EXIT_UNREADABLE)
                return
        if format is RulingFormat.json:
            data = [profile_data(p) for p in chosen]
            print(json.dumps(data, ensure_ascii=False, indent=1))
        else:
            full = name is not None
            print("".join(render_profile(p, full=full) for p in chosen), end="")

    _guard(run)


def _version(value: bool) -> None:
    if value:
        print(f"ecarte {batch.program_version()} (adjudicator)", flush=True)
        raise typer.Exit(EXIT_OK)


@app.callback(invoke_without_command=True)
def main(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", "-V", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """A referee for écarté: read, format and check records of play in the Écarté Transcript
    Notation, and rule on them under the 51 laws of the London clubs."""
    games.serve("ecarte")
    if ctx.invoked_subcommand is None:  # `ecarte` alone: the help, and success
        try:
            print(ctx.get_help(), flush=True)
        except BrokenPipeError:
            _closed(EXIT_OK)
        raise typer.Exit(EXIT_OK)
