"""``floorman export``: an event's results, Belarus protocols and hand histories as files.

EVENT is the tournament's log: the service's JSON-lines export, or a JSON list of events; or,
with ``--db URL`` or ``--data-dir DIR`` (or ``FLOORMAN_DATABASE_URL`` set and EVENT not a file),
a tournament's id in the service's database, read as it stands (only the commands in force;
the hands the server dealt come with it). Text formats print to the terminal unless
``--output`` names a file; PDF and the PHH zip need ``--output``. ``floorman export sample
DIR`` writes a simulated event's log and hands to try the others with.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import sqlalchemy as sa
import typer

from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.records.export_api import (
    HAND_FORMATS,
    PROTOCOL_FORMATS,
    RESULT_FORMATS,
    Exported,
    Format,
    export_hands,
    export_protocol,
    export_results,
    export_table_hands,
    format_of,
)
from floorman.records.i18n import LANGUAGES
from floorman.records.money_ledger import book_from_events, money_csv
from floorman.records.pokerstars_text import StarsHeader, header_of
from floorman.records.protocol import Officials, ProtocolKind
from floorman.records.summary_export import export_summary
from floorman.service import db as databases
from floorman.service.log_readers.event_file import (
    read_event_log,
    read_hands,
    write_event_list,
    write_hands,
)
from floorman.service.log_readers.money_book import book_from_store
from floorman.service.log_readers.stored_log import online_hands, read_log
from floorman.service.store import EventStore
from floorman.sim.tournament_sim import simulate
from floorman.tournament.floor.table_hand import HandSetup

app = typer.Typer(help="Results, protocols and hand histories of an event.", no_args_is_help=True)

EventArgument = Annotated[
    str,
    typer.Argument(
        help="The event's log (a service export in JSON lines, or a JSON list), or with "
        "--db/--data-dir a tournament id in the database."
    ),
]
DbOption = Annotated[
    str | None, typer.Option("--db", help="EVENT is a tournament id in this database (URL).")
]
DataDirOption = Annotated[
    Path | None,
    typer.Option("--data-dir", help="EVENT is a tournament id in the SQLite log in this folder."),
]
OutputOption = Annotated[
    Path | None, typer.Option("--output", "-o", help="Write here instead of the terminal.")
]


def _names(formats: tuple[Format, ...]) -> str:
    return "|".join(formats)


def _deliver(exported: Exported, output: Path | None) -> None:
    for note in exported.notes:
        typer.echo(f"note: {note}", err=True)
    if output is not None:
        output.write_bytes(exported.content)
        typer.echo(f"wrote {output} ({len(exported.content):,} bytes)", err=True)
        return
    if not exported.is_text:
        raise MalformedInputError(
            f"{exported.media_type} is not text: name a file with --output "
            f"(for example {exported.filename})",
            constraint="output",
        )
    sys.stdout.write(exported.content.decode("utf-8"))
    sys.stdout.flush()


@dataclass(frozen=True, slots=True, kw_only=True)
class _Source:
    """Where EVENT is read from: a file, or a tournament in the service's database."""

    event: str
    db: str | None = None
    data_dir: Path | None = None

    @property
    def in_database(self) -> bool:
        if self.db is not None or self.data_dir is not None:
            return True
        return not Path(self.event).is_file() and bool(os.environ.get(databases.URL_VARIABLE))

    @property
    def url(self) -> str:
        """``--db``, else the SQLite log in ``--data-dir`` (named on the command line, it
        comes before ``FLOORMAN_DATABASE_URL``), else the variable's database."""
        if self.db is None and self.data_dir is not None:
            return f"sqlite:///{(self.data_dir / databases.SQLITE_FILE).resolve()}"
        return databases.database_url(self.db, Path())


@contextmanager
def _store(source: _Source) -> Iterator[EventStore]:
    """The database named; refused when it cannot be opened, or is a SQLite file that does
    not exist (opening one would create an empty database, and the tournament would only be
    reported unknown)."""
    url = source.url
    try:
        parsed = sa.make_url(url)
        if parsed.get_backend_name() == "sqlite" and not Path(parsed.database or "").is_file():
            raise MalformedInputError(f"no database at {url}", constraint="database")
        store = EventStore.open(url, data_dir=Path())
    except sa.exc.SQLAlchemyError as error:
        raise MalformedInputError(
            f"cannot open the database {url}: {error}", constraint="database"
        ) from None
    try:
        yield store
    finally:
        store.close()


def _events(source: _Source) -> tuple[object, ...]:
    if not source.in_database:
        return read_event_log(source.event)
    with _store(source) as store:
        return read_log(store, source.event).events


@app.command("results")
def results_command(
    event: EventArgument,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help=_names(RESULT_FORMATS))
    ] = Format.CSV.value,
    lang: Annotated[str, typer.Option(help=" ".join(LANGUAGES))] = "en",
    points: Annotated[
        str | None, typer.Option(help="League points beside prizes: a preset or a formula.")
    ] = None,
    output: OutputOption = None,
    db: DbOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """Standings, entries, money, deals, penalties and rulings with their rules."""
    events = _events(_Source(event=event, db=db, data_dir=data_dir))
    exported = export_results(events, format_of(fmt), lang=lang, points=points)
    _deliver(exported, output)


@app.command("money")
def money_command(
    event: EventArgument,
    output: OutputOption = None,
    db: DbOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """The money ledger as CSV: every line with the command that wrote it, then the totals."""
    source = _Source(event=event, db=db, data_dir=data_dir)
    if source.in_database:
        with _store(source) as store:
            book = book_from_store(store, source.event)
    else:
        book = book_from_events(read_event_log(source.event))
    name = f"{Path(event).stem}-money.csv"
    _deliver(
        Exported(content=money_csv(book).encode(), media_type="text/csv", filename=name), output
    )


@app.command("protocol")
def protocol_command(
    event: EventArgument,
    chief_judge: Annotated[
        str, typer.Option(help="Signs the final protocol (Belarus 2.1.4).")
    ] = "",
    secretary: Annotated[
        str, typer.Option(help="Keeps and signs the protocols (2.3.2-2.3.3).")
    ] = "",
    judge: Annotated[list[str] | None, typer.Option(help="A judge; repeat for each.")] = None,
    venue: Annotated[str, typer.Option(help="Where the competition is held.")] = "",
    running: Annotated[
        bool, typer.Option("--running", help="The running competition protocol, not the final.")
    ] = False,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help=_names(PROTOCOL_FORMATS))
    ] = Format.HTML.value,
    lang: Annotated[str, typer.Option(help=" ".join(LANGUAGES))] = "ru",
    output: OutputOption = None,
    db: DbOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """The Belarus competition protocol or final protocol (Russian unless --lang)."""
    officials = Officials(
        chief_judge=chief_judge.strip(),
        secretary=secretary.strip(),
        judges=tuple(j.strip() for j in judge or ()),
        venue=venue.strip(),
    )
    kind = ProtocolKind.RUNNING if running else ProtocolKind.FINAL
    events = _events(_Source(event=event, db=db, data_dir=data_dir))
    exported = export_protocol(events, officials, format_of(fmt), kind=kind, lang=lang)
    _deliver(exported, output)


@app.command("hands")
def hands_command(
    event: EventArgument,
    hands: Annotated[
        Path | None, typer.Option("--hands", help="The hands dealt (JSON lines), for a log file.")
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help=_names(HAND_FORMATS))
    ] = Format.POKERSTARS.value,
    tournament: Annotated[int, typer.Option(help="Tournament number in PokerStars text.")] = 1,
    zone: Annotated[
        str, typer.Option(help="The venue's time zone for PokerStars headers (Europe/Paris).")
    ] = "UTC",
    currency: Annotated[
        str, typer.Option(help="Buy-in currency (USD, EUR) in PokerStars headers; none: chips.")
    ] = "",
    output: OutputOption = None,
    db: DbOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """Every hand: PHH (one .phhs, or a zip of one per table), or PokerStars text or Open Hand
    History (.ohh) for hand trackers.
    From the database: the hands the server dealt (a tablet's hands carry no action)."""
    source = _Source(event=event, db=db, data_dir=data_dir)
    head = _Head(tournament=tournament, zone=zone, currency=currency)
    if source.in_database:
        exported = _stored_hands(source, hands, format_of(fmt), head)
    else:
        exported = _file_hands(source, hands, format_of(fmt), head)
    _deliver(exported, output)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Head:
    """The PokerStars header's options: tournament number, time zone and currency."""

    tournament: int
    zone: str
    currency: str

    def of(self, events: tuple[object, ...]) -> StarsHeader:
        return header_of(events, tournament=self.tournament, zone=self.zone, currency=self.currency)


def _file_hands(source: _Source, hands: Path | None, fmt: Format, head: _Head) -> Exported:
    if hands is None:
        raise MalformedInputError("a log file needs its hands: --hands FILE", constraint="hands")
    events = read_event_log(source.event)
    return export_hands(
        events, read_hands(hands), fmt, header=head.of(events), currency=head.currency
    )


def _stored_hands(source: _Source, hands: Path | None, fmt: Format, head: _Head) -> Exported:
    if hands is not None:
        raise MalformedInputError(
            "--hands is for a log file: a tournament in the database has its own hands",
            constraint="hands",
        )
    with _store(source) as store:
        log = read_log(store, source.event)
        found = online_hands(store, log)
    return export_table_hands(
        found, fmt, header=head.of(log.events), events=log.events, currency=head.currency
    )


@app.command("summary")
def summary_command(
    event: EventArgument,
    fmt: Annotated[str, typer.Option("--format", "-f", help="ots|pokerstars")] = "ots",
    tournament: Annotated[int, typer.Option(help="The tournament number.")] = 1,
    zone: Annotated[str, typer.Option(help="The venue's time zone (PokerStars).")] = "UTC",
    currency: Annotated[str, typer.Option(help="Buy-in currency (USD, EUR); none: chips.")] = "",
    output: OutputOption = None,
    db: DbOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """Places and prizes for hand trackers: an Open Tournament Summary (.ots) or a
    PokerStars-style tournament summary."""
    events = _events(_Source(event=event, db=db, data_dir=data_dir))
    exported = export_summary(
        events, format_of(fmt), tournament=tournament, currency=currency, zone=zone
    )
    _deliver(exported, output)


@app.command("sample")
def sample_command(
    folder: Annotated[Path, typer.Argument(help="Where to write event.json and hands.jsonl.")],
    players: Annotated[int, typer.Option(help="Entrants.")] = 18,
    profile: Annotated[str, typer.Option(help="Rule profile id.")] = "belarus-sport",
    seed: Annotated[int, typer.Option(help="Seed of the simulation.")] = 1,
) -> None:
    """A simulated event's log and hands, to try the exports without the service."""
    if players < 2:
        raise MalformedInputError("a tournament needs at least 2 players", constraint="players")
    played: list[tuple[HandSetup, Hand]] = []
    report = simulate(
        players=players,
        profile=profile,
        seed=seed,
        on_hand=lambda setup, hand: played.append((setup, hand)),
    )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "event.json").write_text(write_event_list(report.events), encoding="utf-8")
    (folder / "hands.jsonl").write_text(write_hands(played), encoding="utf-8")
    typer.echo(f"wrote {folder / 'event.json'} and {folder / 'hands.jsonl'} ({len(played)} hands)")
