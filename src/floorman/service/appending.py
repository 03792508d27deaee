"""One append written to the log: its JSON encoded by the caller, its rows by the committer.

Every acknowledged command passes through the group committer's single writer thread
(:mod:`floorman.service.committer`), so what that thread does per command caps the service.
An :class:`Append` is therefore built in the caller's thread with its JSON already encoded
(the command's payload, each record's data), and the writer thread only runs the statements,
compiled once per database (:class:`AppendSql`) and executed on the driver's cursor
(:mod:`floorman.service.driver`).

On PostgreSQL an append is one statement (:data:`_ONE_STATEMENT`): the stream's claim, the
command's row and its records' rows in data-modifying ``WITH`` clauses. On a server the
writer thread's time per command is mostly round trips and the driver's work for each, so
three statements a command (claim, command, records) capped one process's commits; one
statement is one round trip, and PostgreSQL parses and plans it once (the driver prepares it
after a few runs). SQLite, in the process, has no round trips and no data-modifying ``WITH``:
it keeps the three statements.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from floorman.service.driver import Prepared, run_sql
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


_ONE_STATEMENT = f"""
WITH claimed AS (
    UPDATE {streams.name} SET version = %(last)s
    WHERE id = %(stream_id)s AND version = %(base_version)s
    RETURNING id
), command AS (
    INSERT INTO {commands.name} ({", ".join(_COMMAND_COLUMNS)})
    SELECT id, %(name)s, %(payload)s, %(actor)s, %(idempotency_key)s, %(at)s,
           %(base_version)s, %(first_version)s, %(last_version)s, %(draws)s
    FROM claimed
    RETURNING id
), written AS (
    INSERT INTO {records.name} ({", ".join(_RECORD_COLUMNS)})
    SELECT %(stream_id)s, %(base_version)s + r.n, r.kind, r.schema_version, r.data, command.id
    FROM command, unnest(%(kinds)s::text[], %(schema_versions)s::int[], %(data)s::text[])
        WITH ORDINALITY AS r(kind, schema_version, data, n)
)
SELECT id FROM command
"""
"""The claim and both inserts in one statement (PostgreSQL): no row when the stream was
not at the base version, and then nothing is written."""


class AppendSql:
    """The append's statements compiled for one database's dialect."""

    def __init__(self, dialect: sa.Dialect) -> None:
        self.one_statement = _ONE_STATEMENT if dialect.name == "postgresql" else None
        """The whole append in one statement, where the database can run it."""
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
        self.dialect = dialect


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

    def claim_and_write(self, cursor: Any, sql: AppendSql) -> AppendResult | None:
        """:meth:`claim` and :meth:`write` in one statement (``sql.one_statement``); ``None``
        when the stream is not at ``expected``, nothing written."""
        assert sql.one_statement is not None
        row = self._command_row()
        row["kinds"] = [r.kind for r in self.records]
        row["schema_versions"] = [r.schema_version for r in self.records]
        row["data"] = list(self.data_texts)
        row["last"] = self.last
        found = run_sql(cursor, sql.dialect, sql.one_statement, row).fetchone()
        return None if found is None else self._written(int(found[0]))

    def write(self, cursor: Any, sql: AppendSql) -> AppendResult:
        """The command's row and its records' rows (the stream's row is the caller's)."""
        command_id = int(sql.insert_command.run(cursor, self._command_row()).fetchone()[0])
        if self.records:
            sql.insert_records.run_many(cursor, self._record_rows(command_id))
        return self._written(command_id)

    def _command_row(self) -> dict[str, Any]:
        first = self.expected + 1
        return {
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

    def _written(self, command_id: int) -> AppendResult:
        first = self.expected + 1
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
