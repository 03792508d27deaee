"""``floorman simulate``: one whole tournament played by bots, with its invariants checked."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from floorman.errors import MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.rules.tournament_rules import TournamentFormat
from floorman.sim.format_sim import simulate_format
from floorman.sim.incidents import FloorOptions
from floorman.sim.manual_sim import simulate_manual
from floorman.sim.tournament_sim import SimulationReport, simulate


def simulate_command(
    players: Annotated[int, typer.Option(help="Entrants (2 or more).")] = 100,
    profile: Annotated[str, typer.Option(help="Rule profile id.")] = "tda-2022",
    seed: Annotated[int, typer.Option(help="Seed: the same seed plays the same event.")] = 1,
    seats: Annotated[int, typer.Option(help="Seats per table.")] = 9,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    rebuys: Annotated[bool, typer.Option(help="Rebuys through level 3, then an add-on.")] = False,
    penalties: Annotated[float, typer.Option(help="Chance of a penalty per hand.")] = 0.0,
    absences: Annotated[float, typer.Option(help="Chance of an absence per hand.")] = 0.0,
    late_entries: Annotated[int, typer.Option(help="Late entries and re-entries.")] = 0,
    bounty: Annotated[int, typer.Option(help="Bounty per entry.")] = 0,
    deal: Annotated[str | None, typer.Option(help="icm, chip-chop or hybrid at 3 left.")] = None,
    format: Annotated[
        TournamentFormat | None,
        typer.Option(help="Freeze-out, Olympic, sit-and-go or shootout (default: the profile's)."),
    ] = None,
    manual: Annotated[
        bool, typer.Option(help="Tell the tournament only bust-outs and chip counts.")
    ] = False,
    overlap: Annotated[
        bool,
        typer.Option(help="Deal as tablets do: every table mid-hand, results in any order."),
    ] = False,
) -> None:
    """Run a tournament to the end with bots and report what happened."""
    if players < 2:
        raise MalformedInputError("a tournament needs at least 2 players", constraint="players")
    ruleset = get_ruleset(profile)  # an unknown profile is refused before anything runs
    floor = FloorOptions(
        rebuys=rebuys,
        penalties=penalties,
        absences=absences,
        late_entries=late_entries,
        bounty=bounty,
        deal=deal,
    )
    played = format or ruleset.tournament.format
    if manual or played is not TournamentFormat.FREEZE_OUT:
        report = (
            simulate_manual(players=players, profile=profile, seed=seed, seats_per_table=seats)
            if manual
            else simulate_format(
                players=players, format=played, profile=profile, seed=seed, seats_per_table=seats
            )
        )
        if as_json:
            typer.echo(json.dumps(report.as_dict(), ensure_ascii=False))
        else:
            show(Console(), report)
        return
    if as_json:
        report = simulate(
            players=players,
            profile=profile,
            seed=seed,
            seats_per_table=seats,
            floor=floor,
            overlap=overlap,
        )
        typer.echo(json.dumps(report.as_dict(), ensure_ascii=False))
        return
    console = Console()
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("players out", total=players - 1)

        def progress(left: int, entries: int) -> None:
            bar.update(task, completed=entries - max(left, 1))

        report = simulate(
            players=players,
            profile=profile,
            seed=seed,
            seats_per_table=seats,
            progress=progress,
            floor=floor,
            overlap=overlap,
        )
    show(console, report)


def show(console: Console, report: SimulationReport) -> None:
    """The report as Rich tables: the event's figures, the places paid, the invariants."""
    summary = Table(title=f"Simulated tournament ({report.profile}, seed {report.seed})")
    summary.add_column("")
    summary.add_column("", justify="right")
    for label, value in (
        ("Entries", report.players),
        ("Hands played", report.hands),
        ("Levels reached", report.levels_reached),
        ("Table moves", report.table_moves),
        ("Tables broken", report.tables_broken),
        ("Final table formed", "yes" if report.final_table_formed else "no"),
        ("Simulated hours", f"{report.simulated_hours:.1f}"),
        ("Prize pool", report.pool),
    ):
        summary.add_row(label, str(value))
    console.print(summary)
    places = Table(title="Places")
    for column in ("Place", "Player", "Prize"):
        places.add_column(column, justify="right" if column != "Player" else "left")
    for row in report.places:
        places.add_row(str(row["place"]), str(row["name"]), str(row["prize"]))
    console.print(places)
    checks = Table(title="Invariants")
    checks.add_column("Check")
    checks.add_column("Held")
    for name, held in report.invariants.items():
        checks.add_row(name.replace("_", " "), "[green]yes[/]" if held else "[red]NO[/]")
    console.print(checks)
