"""The ``adjudicator`` command: the referee for both games under one name.

It has every command of ``ecarte`` (:mod:`adjudicator.shell.cli`), and reads a file by the game
its name says (:mod:`adjudicator.shell.games`): ``.etn`` écarté, ``.ptn`` piquet; a folder is
searched for both. ``check``, ``rule``, ``replay``, ``parse`` and ``fmt`` serve both games, and
the web page rules a record typed in it as piquet when its tags say ``[Game "piquet"]``; the
solver, the advisor, the laws, the profiles and the schema are écarté's so far.
On écarté records it prints exactly what ``ecarte`` prints.
"""

from __future__ import annotations

from typing import Annotated

import typer

from adjudicator.shell import batch, cli, games

app = typer.Typer(
    cls=cli._Group,
    name="adjudicator",
    help="A referee for card games: read, format and check records of écarté (.etn) and "
    "rubicon piquet (.ptn), and rule on them under the London clubs' laws.",
    epilog="\b\nExample:\n  adjudicator check games/\n\n"
    "The notations, a tutorial and the laws: the docs folder of the source "
    "(docs/notation.md, docs/piquet-notation.md, docs/tutorial.md, docs/laws.md).",
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.registered_commands.extend(cli.app.registered_commands)


def _version(value: bool) -> None:
    if value:
        print(f"adjudicator {batch.program_version()}", flush=True)
        raise typer.Exit(batch.EXIT_OK)


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
    """A referee for card games: read, format and check records of écarté (.etn) and rubicon
    piquet (.ptn), and rule on them under the London clubs' laws."""
    games.serve("ecarte", "piquet")
    if ctx.invoked_subcommand is None:  # `adjudicator` alone: the help, and success
        try:
            print(ctx.get_help(), flush=True)
        except BrokenPipeError:
            cli._closed(batch.EXIT_OK)
        raise typer.Exit(batch.EXIT_OK)
