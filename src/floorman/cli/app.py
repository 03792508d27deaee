"""The ``floorman`` command: one Typer app, each group of commands in its own module."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

import typer

from floorman import __version__
from floorman.cli import (
    cards_commands,
    demo,
    export_commands,
    hh_commands,
    league_commands,
    replay_command,
    rng_commands,
    rules_commands,
    serve_command,
    simulate_command,
)
from floorman.errors import FloormanError, MalformedInputError

app = typer.Typer(
    name="floorman",
    help="Poker tournaments run by the book.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("eval")(cards_commands.eval_command)
app.command("equity")(cards_commands.equity_command)
app.command("demo")(demo.demo_command)
app.command("simulate")(simulate_command.simulate_command)
app.command("replay")(replay_command.replay_command)
app.command("serve")(serve_command.serve_command)
app.add_typer(hh_commands.app, name="hh")
app.add_typer(rules_commands.app, name="rules")
app.add_typer(export_commands.app, name="export")
app.add_typer(league_commands.app, name="league")
app.add_typer(rng_commands.app, name="rng")


@app.callback(invoke_without_command=True)
def _root(
    version: bool = typer.Option(False, "--version", help="Print the version and exit."),
) -> None:
    if version:
        typer.echo(f"floorman {__version__}")
        raise typer.Exit


def report_error(error: FloormanError, *, as_json: bool) -> None:
    """Print a refusal the way the user asked for output: a JSON object or a plain line."""
    constraint = error.constraint if isinstance(error, MalformedInputError) else None
    if as_json:
        typer.echo(json.dumps({"error": str(error), "constraint": constraint}))
    else:
        typer.echo(f"error: {error}", err=True)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command line; a refusal exits with status 2 after saying what was wrong."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        app(args=args, prog_name="floorman")
    except FloormanError as error:
        report_error(error, as_json="--json" in args)
        sys.exit(2)
