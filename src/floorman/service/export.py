"""A whole tournament as JSON lines: export, import, and reading the file back.

The file is the log itself, so nothing is lost and an import rebuilds exactly the tournament
that was exported (state, versions, command log, undos)::

    {"format": "floorman-stream", "format_version": 1, "id": ..., "kind": "tournament", ...}
    {"command": {"id": 1, "name": "create", "payload": {...}, "actor": ..., "at": ..., ...}}
    {"record": {"version": 1, "kind": "tournament-created", "schema_version": 1, "data": {...}}}
    {"command": {"id": 2, "name": "register", ...}}
    {"record": {"version": 2, ...}}

Each command line is followed by the records it wrote, in version order. Command ids are those
of the exporting database; an import numbers them anew and rewrites the ids that undo records
name.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from floorman.errors import MalformedInputError, refuse
from floorman.service.codec import decode_event
from floorman.service.core import TournamentService
from floorman.service.draws import draws_from_json
from floorman.service.store import CommandEntry, NewRecord, NewStream, StoredCommand, StoredRecord
from floorman.service.undo import UNDONE

FORMAT = "floorman-stream"
FORMAT_VERSION = 1


@dataclass(slots=True, kw_only=True)
class ExportedCommand:
    command: StoredCommand
    records: list[StoredRecord] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class ExportedStream:
    """A parsed export file: the stream's header and its commands with their records."""

    id: str
    info: NewStream
    version: int
    commands: list[ExportedCommand]

    @property
    def records(self) -> Iterator[StoredRecord]:
        for command in self.commands:
            yield from command.records


def export_jsonl(service: TournamentService, tournament_id: str, file: IO[str] | Path) -> int:
    """Write the tournament's whole log to ``file``; returns the number of lines."""
    if isinstance(file, Path):
        with file.open("w", encoding="utf-8") as opened:
            return export_jsonl(service, tournament_id, opened)
    store = service.store
    info = store.stream(tournament_id)
    records = store.read(tournament_id, until=info.version)
    header = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "id": info.id,
        "kind": info.kind,
        "seed": info.seed,
        "title": info.title,
        "created_at": info.created_at,
        "version": info.version,
    }
    lines = [header]
    by_command: dict[int, list[StoredRecord]] = {}
    for record in records:
        by_command.setdefault(record.command_id, []).append(record)
    for command in store.commands(tournament_id):
        lines.append({"command": _command_dict(command)})
        lines.extend({"record": _record_dict(r)} for r in by_command.get(command.id, []))
    for line in lines:
        file.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
    return len(lines)


def import_jsonl(
    service: TournamentService, file: IO[str] | Path, *, tournament_id: str | None = None
) -> str:
    """Write an exported tournament into the service's store; returns its id (the exported
    one, or ``tournament_id`` to import a copy beside it). The file is checked whole (every
    line, every event readable, versions in order) before anything is written, and an id
    already in the store is refused."""
    stream = read_jsonl(file)
    if tournament_id is not None:
        stream = _with_id(stream, tournament_id)
    renumbered: dict[int, int] = {}
    with service.store.importing() as importer:
        importer.stream(stream.id, stream.info, stream.version)
        for exported in stream.commands:
            new = [_renumbered(r, renumbered) for r in exported.records]
            renumbered[exported.command.id] = importer.command(exported.command, new)
    service.forget(stream.id)
    return stream.id


def read_jsonl(file: IO[str] | Path) -> ExportedStream:
    """Parse and check an export file."""
    if isinstance(file, Path):
        try:
            with file.open(encoding="utf-8") as opened:
                return read_jsonl(opened)
        except OSError as error:
            raise MalformedInputError(f"cannot read {file}: {error}", constraint="file") from None
    lines = _json_lines(file)
    header = next(lines, None)
    if header is None:
        refuse("line 1: the file is empty", "jsonl")
    stream = _header(header)
    for number, line in lines:
        _line(stream, number, line)
    _check_versions(stream)
    return stream


def _json_lines(file: IO[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, text in enumerate(file, 1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
        except json.JSONDecodeError as error:
            refuse(f"line {number}: not JSON: {error}", "jsonl")
        if not isinstance(line, dict):
            refuse(f"line {number}: a line is a JSON object", "jsonl")
        yield number, line


def _header(numbered: tuple[int, dict[str, Any]]) -> ExportedStream:
    number, line = numbered
    if line.get("format") != FORMAT or line.get("format_version") != FORMAT_VERSION:
        refuse(f"line {number}: not a {FORMAT} file of version {FORMAT_VERSION}", "jsonl")
    try:
        return ExportedStream(
            id=str(line["id"]),
            info=NewStream(
                kind=str(line["kind"]),
                seed=str(line["seed"]),
                title=str(line["title"]),
                created_at=float(line["created_at"]),
            ),
            version=int(line["version"]),
            commands=[],
        )
    except (KeyError, TypeError, ValueError) as error:
        refuse(f"line {number}: header field missing or wrong: {error}", "jsonl")


def _line(stream: ExportedStream, number: int, line: dict[str, Any]) -> None:
    try:
        if set(line) == {"command"}:
            stream.commands.append(ExportedCommand(command=_command(stream.id, line["command"])))
        elif set(line) == {"record"}:
            if not stream.commands:
                refuse(f"line {number}: a record comes after the command that wrote it", "jsonl")
            owner = stream.commands[-1]
            record = _record(stream.id, owner.command.id, line["record"])
            if record.kind != UNDONE:
                decode_event(_record_dict(record))  # refuses what this floorman cannot read
            owner.records.append(record)
        else:
            refuse(f"line {number}: a line holds one command or one record", "jsonl")
    except (KeyError, TypeError, ValueError) as error:
        refuse(f"line {number}: {type(error).__name__}: {error}", "jsonl")


def _check_versions(stream: ExportedStream) -> None:
    expected = 1
    for exported in stream.commands:
        command = exported.command
        versions = [r.version for r in exported.records]
        wanted = list(range(command.first_version, command.last_version + 1))
        if command.first_version != expected or versions != wanted:
            raise MalformedInputError(
                f"command {command.id}: records {versions} where versions {wanted} "
                f"(from {expected}) were due",
                constraint="versions",
            )
        expected = command.last_version + 1
    if expected - 1 != stream.version:
        raise MalformedInputError(
            f"the header says version {stream.version}, the records reach {expected - 1}",
            constraint="versions",
        )


def _command_dict(command: StoredCommand) -> dict[str, Any]:
    return {
        "id": command.id,
        "name": command.entry.name,
        "payload": command.entry.payload,
        "actor": command.entry.actor,
        "at": command.entry.at,
        "draws": list(command.entry.draws),
        "idempotency_key": command.idempotency_key,
        "base_version": command.base_version,
        "first_version": command.first_version,
        "last_version": command.last_version,
    }


def _command(stream: str, raw: dict[str, Any]) -> StoredCommand:
    key = raw["idempotency_key"]
    return StoredCommand(
        id=int(raw["id"]),
        stream=stream,
        entry=CommandEntry(
            name=str(raw["name"]),
            payload=dict(raw["payload"]),
            actor=str(raw["actor"]),
            at=float(raw["at"]),
            draws=draws_from_json(raw.get("draws")),
        ),
        idempotency_key=None if key is None else str(key),
        base_version=int(raw["base_version"]),
        first_version=int(raw["first_version"]),
        last_version=int(raw["last_version"]),
    )


def _record_dict(record: StoredRecord) -> dict[str, Any]:
    return {
        "version": record.version,
        "kind": record.kind,
        "schema_version": record.schema_version,
        "data": record.data,
    }


def _record(stream: str, command_id: int, raw: dict[str, Any]) -> StoredRecord:
    return StoredRecord(
        stream=stream,
        version=int(raw["version"]),
        kind=str(raw["kind"]),
        schema_version=int(raw["schema_version"]),
        data=dict(raw["data"]),
        command_id=command_id,
    )


def _renumbered(record: StoredRecord, ids: dict[int, int]) -> NewRecord:
    data = record.data
    if record.kind == UNDONE:
        unknown = [c["id"] for c in data["commands"] if int(c["id"]) not in ids]
        if unknown:
            raise MalformedInputError(
                f"version {record.version} undoes commands {unknown} not before it",
                constraint="undo-target",
            )
        named = [{**c, "id": ids[int(c["id"])]} for c in data["commands"]]
        data = {**data, "commands": named}
    return NewRecord(kind=record.kind, schema_version=record.schema_version, data=data)


def _with_id(stream: ExportedStream, new_id: str) -> ExportedStream:
    """The same export under another id (to import a copy beside the original)."""
    commands = [
        ExportedCommand(
            command=replace(c.command, stream=new_id),
            records=[replace(r, stream=new_id) for r in c.records],
        )
        for c in stream.commands
    ]
    return ExportedStream(id=new_id, info=stream.info, version=stream.version, commands=commands)
