"""``floorman export``: an event's results, Belarus protocols and hand histories as files.

EVENT is the tournament's log: the service's JSON-lines export, or a JSON list of events.
Text formats print to the terminal unless ``--output`` names a file; PDF and the PHH zip need
``--output``. ``floorman export sample DIR`` writes a simulated event's log and hands to try
the others with.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.records.event_file import read_event_log, read_hands, write_event_list, write_hands
from floorman.records.export_api import (
    HAND_FORMATS,
    PROTOCOL_FORMATS,
    RESULT_FORMATS,
    Exported,
    Format,
    export_hands,
    export_protocol,
    export_results,
)
from floorman.records.i18n import LANGUAGES
from floorman.records.pokerstars_text import StarsHeader
from floorman.records.protocol import Officials, ProtocolKind
from floorman.sim.tournament_sim import simulate
from floorman.tournament.table_hand import HandSetup

app = typer.Typer(help="Results, protocols and hand histories of an event.", no_args_is_help=True)

EventArgument = Annotated[
    Path, typer.Argument(help="The event's log: a service export (JSON lines) or a JSON list.")
]
OutputOption = Annotated[
    Path | None, typer.Option("--output", "-o", help="Write here instead of the terminal.")
]


def _names(formats: tuple[Format, ...]) -> str:
    return "|".join(formats)


def _format(value: str) -> Format:
    try:
        return Format(value)
    except ValueError:
        names = _names(tuple(Format))
        raise MalformedInputError(
            f"unknown format {value!r}; {names}", constraint="format"
        ) from None


def _lang(value: str) -> str:
    if value not in LANGUAGES:
        raise MalformedInputError(
            f"unknown language {value!r}; languages: {', '.join(LANGUAGES)}", constraint="lang"
        )
    return value


def _deliver(exported: Exported, output: Path | None) -> None:
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
) -> None:
    """Standings, entries, money, deals, penalties and rulings with their rules."""
    exported = export_results(read_event_log(event), _format(fmt), lang=_lang(lang), points=points)
    _deliver(exported, output)


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
) -> None:
    """The Belarus competition protocol or final protocol (Russian unless --lang)."""
    officials = Officials(
        chief_judge=chief_judge.strip(),
        secretary=secretary.strip(),
        judges=tuple(j.strip() for j in judge or ()),
        venue=venue.strip(),
    )
    kind = ProtocolKind.RUNNING if running else ProtocolKind.FINAL
    exported = export_protocol(
        read_event_log(event), officials, _format(fmt), kind=kind, lang=_lang(lang)
    )
    _deliver(exported, output)


@app.command("hands")
def hands_command(
    event: EventArgument,
    hands: Annotated[Path, typer.Option("--hands", help="The hands dealt (JSON lines).")],
    fmt: Annotated[
        str, typer.Option("--format", "-f", help=_names(HAND_FORMATS))
    ] = Format.POKERSTARS.value,
    tournament: Annotated[int, typer.Option(help="Tournament number in PokerStars text.")] = 1,
    output: OutputOption = None,
) -> None:
    """Every hand: PHH (a zip of one .phhs per table) or PokerStars text for trackers."""
    header = StarsHeader(tournament=tournament)
    exported = export_hands(read_event_log(event), read_hands(hands), _format(fmt), header=header)
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
