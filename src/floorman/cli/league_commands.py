"""``floorman league``: a league file's standings, qualified players, a player's history, and
the merge of duplicate players (see :mod:`floorman.records.league_file` for the file).

With ``--db URL`` the standings and the qualified players are those of a season the console
stored in the service's database (:mod:`floorman.service.leagues`), named by its id instead of
a file; ``export-toml`` writes such a season as a league file (its results as JSON files
beside it), which the other commands then read."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from floorman.errors import MalformedInputError
from floorman.records.document import Document
from floorman.records.exports import results_json
from floorman.records.i18n import LANGUAGES
from floorman.records.league import League, Season, qualified
from floorman.records.league_document import (
    history_document,
    standings_csv,
    standings_document,
    standings_json,
)
from floorman.records.league_file import load_league, save_league, toml
from floorman.records.render_html import render_html
from floorman.records.render_pdf import render_pdf
from floorman.service.leagues import UnknownSeason, stored_league
from floorman.service.store import EventStore

app = typer.Typer(help="Leagues: seasons, standings, players.", no_args_is_help=True)

FileArgument = Annotated[Path, typer.Argument(help="The league file (TOML or JSON).")]
SourceArgument = Annotated[
    str, typer.Argument(help="The league file (TOML or JSON), or with --db a season's id.")
]
DbOption = Annotated[
    str | None, typer.Option("--db", help="The service's database URL: read a stored season.")
]
SeasonOption = Annotated[str | None, typer.Option(help="Season id (default: the last).")]
LangOption = Annotated[str, typer.Option(help=" ".join(LANGUAGES))]
FormatOption = Annotated[str, typer.Option("--format", "-f", help="text|csv|json|html|pdf")]
OutputOption = Annotated[Path | None, typer.Option("--output", "-o", help="Write to a file.")]


def _show(document: Document) -> None:
    """A document on the terminal: its facts, then each table."""
    console = Console()
    console.print(f"[bold]{document.title}[/bold]  {document.subtitle}")
    for label, value in document.facts:
        console.print(f"  {label}: {value}")
    for section in document.sections:
        table = RichTable(title=section.heading)
        if section.table is None or not section.table.rows:
            console.print(section.empty or section.heading)
            continue
        for index, column in enumerate(section.table.columns):
            table.add_column(column, justify="right" if index in section.table.numeric else "left")
        for row in section.table.rows:
            table.add_row(*row)
        console.print(table)


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")


def _check_format(fmt: str, allowed: tuple[str, ...]) -> None:
    if fmt not in allowed:
        raise MalformedInputError(
            f"unknown format {fmt!r}; {'|'.join(allowed)}", constraint="format"
        )


@app.command("standings")
def standings_command(
    source: SourceArgument,
    season: SeasonOption = None,
    fmt: FormatOption = "text",
    lang: LangOption = "en",
    output: OutputOption = None,
    db: DbOption = None,
) -> None:
    """A season's standings: points by the season's formula, best-N, ties, qualified players."""
    _check_format(fmt, ("text", "csv", "json", "html", "pdf"))
    league, season = _league(source, season, db)
    if fmt == "csv":
        _emit(standings_csv(league, season), output)
    elif fmt == "json":
        _emit(standings_json(league, season), output)
    else:
        _write_document(standings_document(league, season, lang=lang), fmt, output)


@app.command("qualified")
def qualified_command(
    source: SourceArgument, season: SeasonOption = None, db: DbOption = None
) -> None:
    """The players the season sends to its final, one per line."""
    league, season = _league(source, season, db)
    for row in qualified(league, season):
        typer.echo(f"{row.rank}\t{row.player.name}\t{row.points:g}")


@app.command("player")
def player_command(
    source: SourceArgument,
    name: Annotated[str, typer.Argument(help="A name, id or alias of the player.")],
    fmt: FormatOption = "text",
    lang: LangOption = "en",
    output: OutputOption = None,
    db: DbOption = None,
) -> None:
    """A player's history across the league's events, under all of his names."""
    _check_format(fmt, ("text", "html", "pdf"))
    league, _ = _league(source, None, db)
    _write_document(history_document(league, name, lang=lang), fmt, output)


@app.command("merge")
def merge_command(
    file: FileArgument,
    keep: Annotated[str, typer.Argument(help="The player to keep (name, id or alias).")],
    duplicate: Annotated[str, typer.Argument(help="The duplicate merged into him.")],
) -> None:
    """Merge a duplicate player into another; the file keeps his names as aliases."""
    league = load_league(file)
    found = ((s.player, s.name) for e in league.events for s in e.results.standings)
    book = league.players.with_players(found).merge(keep, duplicate)
    save_league(replace(league, players=book), file)
    merged = book.get(keep)
    typer.echo(f"{merged.name} ({merged.id}) also known as {', '.join(merged.aliases)}")


def _write_document(document: Document, fmt: str, output: Path | None) -> None:
    if fmt == "text":
        _show(document)
    elif fmt == "pdf":
        if output is None:
            raise MalformedInputError("a PDF needs --output", constraint="output")
        output.write_bytes(render_pdf(document))
    else:
        _emit(render_html(document), output)


def _league(source: str, season: str | None, db: str | None) -> tuple[League, str | None]:
    """The league of a file, or of a season stored at ``db`` (then ``source`` is its id)."""
    if db is None:
        return load_league(Path(source)), season
    store = EventStore.open(db, data_dir=Path.cwd())
    try:
        return stored_league(store, source), source
    except UnknownSeason:
        raise MalformedInputError(f"no season {source!r} at --db", constraint="season") from None
    finally:
        store.close()


@app.command("export-toml")
def export_toml_command(
    season: Annotated[str, typer.Argument(help="The stored season's id.")],
    db: Annotated[str, typer.Option("--db", help="The service's database URL.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The league file to write.")],
) -> None:
    """Write a stored season as a league file, each event's results as a JSON file beside it,
    so that every ``floorman league`` command reads the same data from the file."""
    league, _ = _league(season, None, db)
    events = []
    for event in league.events:
        name = f"{event.id}.results.json"
        (output.parent / name).write_text(results_json(event.results), encoding="utf-8")
        events.append(
            {
                "id": event.id,
                "season": event.season,
                "venue": event.venue,
                "tier": event.tier,
                "date": event.date,
                "counts": event.counts,
                "results": name,
            }
        )
    data = {
        "name": league.name,
        "seasons": [_season_table(s) for s in league.seasons],
        "events": events,
    }
    output.write_text(toml(data), encoding="utf-8")
    typer.echo(f"{output}: {len(events)} events")


def _season_table(season: Season) -> dict[str, object]:
    fields = ("id", "name", "points", "best", "qualify", "final", "min_events")
    data = {name: getattr(season, name) for name in fields}
    return {k: v for k, v in data.items() if v is not None and v != ""}
