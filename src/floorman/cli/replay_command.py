"""``floorman replay FILE``: rebuild an exported tournament and check it (service/replay.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from floorman.service.export import read_jsonl
from floorman.service.replay import ReplayReport, check_stream


def replay_command(
    file: Annotated[Path, typer.Argument(help="A tournament exported as JSON lines.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Rebuild a tournament from its exported log, decide every command again and check the
    invariants; exits with status 1 when something does not hold."""
    report = check_stream(read_jsonl(file))
    if as_json:
        typer.echo(json.dumps(report.as_dict(), ensure_ascii=False))
    else:
        show(Console(), report)
    if not report.ok:
        raise typer.Exit(1)


def show(console: Console, report: ReplayReport) -> None:
    summary = Table(title=f"Replay of {report.name or report.id}")
    summary.add_column("")
    summary.add_column("", justify="right")
    for label, value in (
        ("Tournament", report.id),
        ("Rule profile", report.profile),
        ("Log version", report.version),
        ("Commands", report.commands),
        ("Decided again, same events", report.redecided),
        ("Undos / commands undone", f"{report.undos} / {report.undone}"),
        ("Events", report.events),
        ("Entries / still in", f"{report.entries} / {report.alive}"),
        ("Hands", report.hands),
        ("Winner", report.winner or "-"),
    ):
        summary.add_row(label, str(value))
    console.print(summary)
    for problem in report.problems:
        console.print(f"[red]problem:[/red] {problem}")
    console.print("[green]ok[/green]" if report.ok else f"{len(report.problems)} problem(s)")
