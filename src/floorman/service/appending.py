"""One append written to the log: its JSON encoded by the caller, its rows by the committer.

Every acknowledged command passes through the group committer's single writer thread
(:mod:`floorman.service.committer`), so what that thread does per command caps the service.
An :class:`Append` is therefore built in the caller's thread with its JSON already encoded
(the command's payload, each record's data), and the writer thread only runs the statements,
compiled once per database (:class:`AppendSql`) and executed on the driver's cursor
(:mod:`floorman.service.driver`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from floorman.service.driver import Prepared
from floorman.service.schema import commands, records, streams
from floorman.service.stored import (
    AppendResult,
    CommandEntry,
    NewRecord,
    StoredCommand,
    StoredRecord,
)

_COMMAND_COLUMNS = (
    "stream_id",
    "name",
    "payload",
    "actor",
    "idempotency_key",
    "at",
    "base_version",
    "first_version",
    "last_version",
    "draws",
)
_RECORD_COLUMNS = ("stream_id", "version", "kind", "schema_version", "data", "command_id")


def json_text(value: object) -> str:
    """The stored text of a JSON value: compact, UTF-8 kept as it is, no NaN."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class AppendSql:
    """The append's statements compiled for one database's dialect."""

    def __init__(self, dialect: sa.Dialect) -> None:
        self.claim = Prepared(
            streams.update()
            .where(streams.c.id == sa.bindparam("s"), streams.c.version == sa.bindparam("old"))
            .values(version=sa.bindparam("new")),
            dialect,
        )
        self.version = Prepared(
            sa.select(streams.c.version).where(streams.c.id == sa.bindparam("s")), dialect
        )
        self.insert_command = Prepared(
            commands.insert().returning(commands.c.id), dialect, _COMMAND_COLUMNS
        )
        self.insert_records = Prepared(records.insert(), dialect, _RECORD_COLUMNS)


@dataclass(frozen=True, slots=True, kw_only=True)
class Append:
    """One command and its records, to be written after ``expected`` in ``stream``."""

    stream: str
    expected: int
    records: tuple[NewRecord, ...]
    command: CommandEntry
    key: str | None
    payload_text: str
    data_texts: tuple[str, ...]

    @classmethod
    def encode(
        cls,
        stream: str,
        expected: int,
        new: Sequence[NewRecord],
        command: CommandEntry,
        key: str | None,
    ) -> Append:
        """The append with its JSON encoded now (raises on a value JSON cannot hold)."""
        return cls(
            stream=stream,
            expected=expected,
            records=tuple(new),
            command=command,
            key=key,
            payload_text=json_text(command.payload),
            data_texts=tuple(json_text(r.data) for r in new),
        )

    @property
    def last(self) -> int:
        return self.expected + len(self.records)

    def claim(self, cursor: Any, sql: AppendSql) -> bool:
        """Move the stream's version from ``expected`` to the last of these records;
        ``False`` when the stream is not at ``expected`` (another writer moved first)."""
        moved = sql.claim.run(cursor, {"s": self.stream, "old": self.expected, "new": self.last})
        return bool(moved.rowcount == 1)

    def write(self, cursor: Any, sql: AppendSql) -> AppendResult:
        """The command's row and its records' rows (the stream's row is the caller's)."""
        first = self.expected + 1
        row = {
            "stream_id": self.stream,
            "name": self.command.name,
            "payload": self.payload_text,
            "actor": self.command.actor,
            "idempotency_key": self.key,
            "at": self.command.at,
            "base_version": self.expected,
            "first_version": first,
            "last_version": self.last,
            "draws": json_text(list(self.command.draws)) if self.command.draws else None,
        }
        command_id = int(sql.insert_command.run(cursor, row).fetchone()[0])
        if self.records:
            sql.insert_records.run_many(cursor, self._record_rows(command_id))
        stored = StoredCommand(
            id=command_id,
            stream=self.stream,
            entry=self.command,
            idempotency_key=self.key,
            base_version=self.expected,
            first_version=first,
            last_version=self.last,
        )
        written = tuple(
            StoredRecord(
                stream=self.stream,
                version=version,
                kind=r.kind,
                schema_version=r.schema_version,
                data=r.data,
                command_id=command_id,
            )
            for version, r in enumerate(self.records, first)
        )
        return AppendResult(command=stored, records=written, version=self.last, replayed=False)

    def _record_rows(self, command_id: int) -> list[dict[str, Any]]:
        return [
            {
                "stream_id": self.stream,
                "version": version,
                "kind": r.kind,
                "schema_version": r.schema_version,
                "data": text,
                "command_id": command_id,
            }
            for version, (r, text) in enumerate(
                zip(self.records, self.data_texts, strict=True), self.expected + 1
            )
        ]
