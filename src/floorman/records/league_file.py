"""League files: a league's players, seasons and events in one TOML or JSON file.

Each event points at the results JSON floorman exported for it (``floorman export results EVENT
--format json``), by a path relative to the league file, or holds the results inline (JSON
files)::

    name = "RedCactus bar league"

    [[players]]
    id = "p1"
    name = "Anna Kowalska"
    aliases = ["anna k", "p17"]          # other names and ids: merged duplicates

    [[seasons]]
    id = "2026"
    name = "Season 2026"
    points = "bar-league"                # a preset or a formula
    best = 10                            # best ten events count
    qualify = 9                          # the top nine go to the final
    final = "Regional final"
    min_events = 3

    [[events]]
    id = "2026-w01"
    season = "2026"
    venue = "Le Comptoir, Lyon"
    tier = "weekly"
    date = "2026-01-07"
    results = "2026-w01.results.json"

Every key is checked and an unknown key is refused naming it, so a typo never drops a rule
silently. :func:`save_league` writes the players and seasons back (after a merge) in the file's
own format, with the events as they were read.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from floorman.errors import MalformedInputError
from floorman.records.exports import results_as_dict, results_from_dict, results_from_json
from floorman.records.league import League, LeagueEvent, Season
from floorman.records.players import Player, PlayerBook

_TOP = {"name", "players", "seasons", "events"}
_PLAYER = {"id", "name", "aliases"}
_SEASON = {"id", "name", "points", "best", "qualify", "final", "min_events"}
_EVENT = {"id", "season", "venue", "tier", "date", "counts", "results"}


def load_league(path: str | Path) -> League:
    """The league in ``path`` (``.toml`` or ``.json``), with every event's results read.

    :raises MalformedInputError: unreadable file, unknown key (``league-key``), a results file
        that is missing or not results (``results-json``), or a bad season or player.
    """
    file = Path(path)
    data = _read(file)
    _only(data, _TOP, "league")
    return League(
        name=_text(data, "name", "league"),
        players=PlayerBook(tuple(_player(p) for p in _list(data, "players"))),
        seasons=tuple(_season(s) for s in _list(data, "seasons")),
        events=tuple(_event(e, file.parent) for e in _list(data, "events")),
    )


def _read(file: Path) -> dict[str, Any]:
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise MalformedInputError(f"{file}: {error.strerror}", constraint="league-file") from None
    try:
        data = json.loads(text) if file.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as error:
        raise MalformedInputError(f"{file}: {error}", constraint="league-file") from None
    if not isinstance(data, dict):
        raise MalformedInputError(f"{file}: expected a table of keys", constraint="league-file")
    return data


def _only(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise MalformedInputError(
            f"{where}: unknown key {unknown[0]!r}; keys: {', '.join(sorted(allowed))}",
            constraint="league-key",
        )


def _list(data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise MalformedInputError(f"{key}: expected a list of tables", constraint="league-key")
    return value


def _text(data: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise MalformedInputError(f"{where}: {key} must be text", constraint="league-key")
    return value


def _player(data: dict[str, Any]) -> Player:
    _only(data, _PLAYER, "player")
    aliases = data.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise MalformedInputError(
            "player: aliases must be a list of names", constraint="league-key"
        )
    return Player(
        id=_text(data, "id", "player"), name=_text(data, "name", "player"), aliases=tuple(aliases)
    )


def _season(data: dict[str, Any]) -> Season:
    _only(data, _SEASON, "season")
    try:
        return Season(**data)
    except TypeError as error:
        raise MalformedInputError(f"season: {error}", constraint="league-key") from None


def _event(data: dict[str, Any], folder: Path) -> LeagueEvent:
    _only(data, _EVENT, "event")
    where = f"event {data.get('id', '?')}"
    raw = data.get("results")
    if isinstance(raw, str):
        path = folder / raw
        if not path.is_file():
            raise MalformedInputError(f"{where}: no results file {path}", constraint="results-json")
        results = results_from_json(path.read_text(encoding="utf-8"))
    else:
        results = results_from_dict(raw)
    return LeagueEvent(
        id=_text(data, "id", where),
        season=_text(data, "season", where),
        results=results,
        venue=_text(data, "venue", where, ""),
        tier=_text(data, "tier", where, "weekly"),
        date=_text(data, "date", where, ""),
        counts=bool(data.get("counts", True)),
    )


def save_league(league: League, path: str | Path) -> None:
    """Write the league's players and seasons into ``path``, keeping its events' entries (and
    their results files) as the file had them."""
    file = Path(path)
    events = _read(file).get("events", []) if file.exists() else []
    if not events:
        events = [_event_data(e) for e in league.events]
    data: dict[str, Any] = {
        "name": league.name,
        "players": [_player_data(p) for p in league.players.players],
        "seasons": [_season_data(s) for s in league.seasons],
        "events": events,
    }
    text = json.dumps(data, ensure_ascii=False, indent=2) if file.suffix == ".json" else toml(data)
    file.write_text(text, encoding="utf-8")


def _player_data(player: Player) -> dict[str, Any]:
    data: dict[str, Any] = {"id": player.id, "name": player.name}
    if player.aliases:
        data["aliases"] = list(player.aliases)
    return data


def _season_data(season: Season) -> dict[str, Any]:
    data = {name: getattr(season, name) for name in sorted(_SEASON)}
    return {k: v for k, v in data.items() if v is not None and v != ""}


def _event_data(event: LeagueEvent) -> dict[str, Any]:
    data = {name: getattr(event, name) for name in sorted(_EVENT - {"results"})}
    data["results"] = results_as_dict(event.results)
    return {k: v for k, v in data.items() if v != ""}


def toml(data: Mapping[str, Any]) -> str:
    """The small TOML this file format needs: top-level scalars, then arrays of tables of
    scalars and lists of scalars (the standard library only reads TOML)."""
    lines = [f"{k} = {_toml_value(v)}" for k, v in data.items() if not isinstance(v, list)]
    for key, tables in data.items():
        if not isinstance(tables, list):
            continue
        for table in tables:
            lines += ["", f"[[{key}]]"]
            lines += [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    raise MalformedInputError(f"cannot write {value!r} as TOML", constraint="league-file")
