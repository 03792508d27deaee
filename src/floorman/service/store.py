"""The event store: streams of records, appended in one transaction per command.

A stream (a tournament; room for others, such as one hand at an online table) has a version,
the number of records it holds. :meth:`EventStore.append` writes one acknowledged command in
ONE transaction: the command's row in the command log, its records at the versions after
``expected_version``, and the stream's new version. A writer that decided on an older version
is refused with :class:`StaleVersion` (the conditional update of the stream row refuses it
first; the primary key ``(stream_id, version)`` of the records is the last guard).

A command may carry an idempotency key: appending a key the stream has seen returns the
stored result and appends nothing, so a retried request is applied once. The same key with
a different command is refused, since it cannot be a retry.

The store knows nothing of tournaments: records are ``kind``, ``schema_version`` and a JSON
object, and the command log keeps each command's name and payload as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from floorman.errors import MalformedInputError
from floorman.service import db
from floorman.service.appending import Append, AppendSql, json_text
from floorman.service.cluster.leases import Fence, LeaseLost
from floorman.service.cluster.notify import Announcer
from floorman.service.committer import GroupCommitter
from floorman.service.draws import draws_from_json
from floorman.service.driver import cursor_of
from floorman.service.people import PeopleStore
from floorman.service.schema import commands, records, snapshots, streams
from floorman.service.stored import (
    AppendResult,
    CommandEntry,
    NewRecord,
    NewStream,
    StaleVersion,
    StoredCommand,
    StoredRecord,
    StreamInfo,
    UnknownStream,
)
from floorman.service.tokens import TokenRecord, TokenStore

__all__ = [
    "AppendResult",
    "CommandEntry",
    "EventStore",
    "Importer",
    "NewRecord",
    "NewStream",
    "PendingAppend",
    "StaleVersion",
    "StoredCommand",
    "StoredRecord",
    "StreamInfo",
    "UnknownStream",
]


@dataclass(slots=True)
class AppendRun:
    """What the committer's run of one append found: whether it wrote (``None``: not run
    yet; set again if the batch is run again append by append)."""

    written: bool | None = None


class PendingAppend:
    """An append submitted to the group commit."""

    def __init__(
        self,
        future: Future[AppendResult],
        conflict: Callable[[], AppendResult],
        run: AppendRun | None = None,
    ):
        self._future = future
        self._conflict = conflict
        self._run = run or AppendRun()

    def failed(self) -> bool:
        """Whether this append wrote nothing, or its transaction did not commit. Known
        before the future is: an append later in the same batch asks while the batch runs."""
        if self._run.written is False:
            return True
        return self._future.done() and self._future.exception() is not None

    def result(self) -> AppendResult:
        """The committed result; a writer that moved first is reported as
        :class:`StaleVersion`, unless it wrote this very idempotency key (then its result)."""
        try:
            return self._future.result()
        except (sa.exc.IntegrityError, StaleVersion):
            return self._conflict()

    def done(self) -> bool:
        return self._future.done()

    @property
    def future(self) -> Future[AppendResult]:
        """The commit's future, for a caller that waits without blocking a thread."""
        return self._future


_FIND_KEY = sa.select(commands).where(
    commands.c.stream_id == sa.bindparam("s"), commands.c.idempotency_key == sa.bindparam("k")
)
_VERSION = sa.select(streams.c.version).where(streams.c.id == sa.bindparam("s"))


class EventStore:
    """Streams, records, the command log, snapshots and tokens in one SQL database."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        self.tokens = TokenStore(engine)
        self.people = PeopleStore(engine)
        self.announcer: Announcer | None = None
        """PostgreSQL only: commits and revocations announced to the other server processes
        (:mod:`floorman.service.cluster.notify`); SQLite has one process."""
        if engine.dialect.name == "postgresql":
            self.announcer = Announcer()
            self.tokens.on_revoke = self.announcer.revocation
        self.committer = GroupCommitter(
            engine,
            refusals=(StaleVersion, UnknownStream, LeaseLost),
            before_commit=None if self.announcer is None else self.announcer.changes,
        )
        self.sql = AppendSql(engine.dialect)

    @classmethod
    def open(cls, url: str | None = None, *, data_dir: Path) -> EventStore:
        """The store of ``url`` (or ``$FLOORMAN_DATABASE_URL``, or SQLite under ``data_dir``),
        its schema migrated to the current version."""
        return cls(db.open_database(url, data_dir))

    def close(self) -> None:
        self.committer.close()
        self.engine.dispose()

    # --- appending ------------------------------------------------------------------------

    def append(
        self,
        stream: str,
        *,
        expected_version: int,
        records: Sequence[NewRecord],
        command: CommandEntry,
        idempotency_key: str | None = None,
        new_stream: NewStream | None = None,
        fence: Fence | None = None,
    ) -> AppendResult:
        """Write one command and its records after ``expected_version``, atomically, and
        return once they are committed.

        ``new_stream`` creates the stream (``expected_version`` must then be 0). Raises
        :class:`StaleVersion` when the stream has moved on, :class:`UnknownStream` when it
        does not exist, and returns the stored result when ``idempotency_key`` was seen.
        ``fence``: the append is a lease owner's, refused with ``LeaseLost`` if the lease
        was taken over (:mod:`floorman.service.cluster.leases`).
        """
        return self.submit(
            stream,
            expected_version=expected_version,
            records=records,
            command=command,
            idempotency_key=idempotency_key,
            new_stream=new_stream,
            fence=fence,
        ).result()

    def submit(
        self,
        stream: str,
        *,
        expected_version: int,
        records: Sequence[NewRecord],
        command: CommandEntry,
        idempotency_key: str | None = None,
        new_stream: NewStream | None = None,
        fence: Fence | None = None,
        after: PendingAppend | None = None,
    ) -> PendingAppend:
        """:meth:`append` without waiting: the append joins the next group commit, in the
        order of submission; :meth:`PendingAppend.result` waits for it.

        ``after``: the append this one was decided on (submitted before it, not yet known
        to be committed). If that one fails, this one is refused as stale too, even where
        its version matches: another process may have written the version it expects, and
        what it decided would follow a command that never happened."""
        if (new_stream is None) == (expected_version == 0):
            raise MalformedInputError(
                "a new stream is created at version 0, and only there", constraint="new-stream"
            )

        append = Append.encode(stream, expected_version, records, command, idempotency_key)

        run = AppendRun()

        def work(connection: sa.Connection) -> AppendResult:
            run.written = False
            if after is not None and after.failed():
                raise StaleVersion(
                    stream, current=_version(connection, stream), expected=expected_version
                )
            result = write(connection)
            run.written = True
            return result

        def write(connection: sa.Connection) -> AppendResult:
            # A key seen before fails the unique (stream, key) constraint, and the conflict
            # handler then answers with the stored result.
            if fence is not None:
                fence(connection)  # before anything is written: a refusal, like a stale version
            cursor = cursor_of(connection)
            if new_stream is None and self.sql.one_statement is not None:
                written = append.claim_and_write(cursor, self.sql)
                if written is None:
                    raise StaleVersion(
                        stream, current=_version(connection, stream), expected=expected_version
                    )
                return written
            self._claim(connection, cursor, append, new_stream)
            return append.write(cursor, self.sql)

        future = self.committer.submit(work)
        return PendingAppend(
            future,
            lambda: self._after_conflict(stream, expected_version, command, idempotency_key),
            run,
        )

    def find_command(self, stream: str, key: str, command: CommandEntry) -> AppendResult | None:
        """The stored result of the command with idempotency ``key`` (``None``: unseen);
        refuses a key that was used for a different command."""
        with self.engine.connect() as connection:
            return _seen(connection, stream, key, command)

    def _claim(
        self, connection: sa.Connection, cursor: Any, append: Append, new_stream: NewStream | None
    ) -> None:
        """Move the stream to the append's last version, or refuse."""
        if new_stream is not None:
            if not insert_stream(connection, append.stream, new_stream, append.last):
                raise StaleVersion(
                    append.stream, current=_version(connection, append.stream), expected=0
                )
            return
        if not append.claim(cursor, self.sql):
            current = _version(connection, append.stream)
            raise StaleVersion(append.stream, current=current, expected=append.expected)

    def _after_conflict(
        self, stream: str, expected: int, command: CommandEntry, key: str | None
    ) -> AppendResult:
        with self.engine.connect() as connection:
            if key is not None:
                seen = _seen(connection, stream, key, command)
                if seen is not None:
                    return seen
            current = _version(connection, stream)
        raise StaleVersion(stream, current=current, expected=expected)

    # --- reading --------------------------------------------------------------------------

    def read(
        self, stream: str, after: int = 0, *, until: int | None = None
    ) -> tuple[StoredRecord, ...]:
        """The stream's records with versions above ``after`` (up to ``until``), in order."""
        with self.engine.connect() as connection:
            return _records(connection, stream, after, until)

    def read_kind(self, stream: str, kind: str) -> tuple[StoredRecord, ...]:
        """The stream's records of one kind, in order (the service's undo records)."""
        query = (
            sa.select(records)
            .where(records.c.stream_id == stream, records.c.kind == kind)
            .order_by(records.c.version)
        )
        with self.engine.connect() as connection:
            return tuple(_stored(row) for row in connection.execute(query))

    def commands(
        self, stream: str, after_id: int = 0, *, ids: Sequence[int] | None = None
    ) -> tuple[StoredCommand, ...]:
        """The command log of a stream, oldest first (or only the commands ``ids``)."""
        query = sa.select(commands).where(commands.c.stream_id == stream)
        query = query.where(commands.c.id > after_id)
        if ids is not None:
            query = query.where(commands.c.id.in_(list(ids)))
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(commands.c.id))
            return tuple(_command(row) for row in rows)

    def version(self, stream: str) -> int:
        with self.engine.connect() as connection:
            return _version(connection, stream)

    def stream(self, stream: str) -> StreamInfo:
        with self.engine.connect() as connection:
            row = connection.execute(sa.select(streams).where(streams.c.id == stream)).first()
        if row is None:
            raise UnknownStream(stream)
        return _stream(row)

    def streams(self, kind: str | None = None) -> tuple[StreamInfo, ...]:
        """Every stream (of ``kind``), oldest first."""
        query = sa.select(streams).order_by(streams.c.created_at, streams.c.id)
        if kind is not None:
            query = query.where(streams.c.kind == kind)
        with self.engine.connect() as connection:
            return tuple(_stream(row) for row in connection.execute(query))

    # --- snapshots ------------------------------------------------------------------------

    def save_snapshot(
        self, stream: str, *, version: int, format: str, data: dict[str, Any], created_at: float
    ) -> None:
        """Keep a folded state; a snapshot already taken at that version is left as it is."""
        row = {
            "stream_id": stream,
            "version": version,
            "format": format,
            "data": json_text(data),
            "created_at": created_at,
        }
        try:
            with db.writing(self.engine) as connection:
                connection.execute(snapshots.insert().values(**row))
        except sa.exc.IntegrityError:
            pass

    def snapshot_versions(self, stream: str, *, format: str) -> tuple[int, ...]:
        """Versions of the stream's snapshots in ``format``, newest first."""
        query = (
            sa.select(snapshots.c.version)
            .where(snapshots.c.stream_id == stream, snapshots.c.format == format)
            .order_by(snapshots.c.version.desc())
        )
        with self.engine.connect() as connection:
            return tuple(int(v) for v in connection.execute(query).scalars())

    def load_snapshot(self, stream: str, version: int) -> dict[str, Any]:
        query = sa.select(snapshots.c.data).where(
            snapshots.c.stream_id == stream, snapshots.c.version == version
        )
        with self.engine.connect() as connection:
            data: dict[str, Any] = json.loads(connection.execute(query).scalar_one())
            return data

    # --- tokens (the API's) ---------------------------------------------------------------

    def create_token(
        self,
        *,
        token_hash: str,
        tournament_id: str | None,
        role: str,
        scope: str | None = None,
        label: str = "",
        created_at: float,
        expires_at: float | None = None,
    ) -> TokenRecord:
        """Keep a token's hash (:func:`~floorman.service.tokens.hash_token`) and its rights."""
        return self.tokens.create(
            token_hash=token_hash,
            tournament_id=tournament_id,
            role=role,
            scope=scope,
            label=label,
            created_at=created_at,
            expires_at=expires_at,
        )

    def find_token(self, token_hash: str) -> TokenRecord | None:
        return self.tokens.find(token_hash)

    def revoke_token(self, token_id: int) -> bool:
        return self.tokens.revoke(token_id)

    def list_tokens(self, tournament_id: str | None) -> tuple[TokenRecord, ...]:
        return self.tokens.list(tournament_id)

    # --- import ---------------------------------------------------------------------------

    @contextmanager
    def importing(self) -> Iterator[Importer]:
        """One transaction writing a whole stream as it was exported (export.py)."""
        with db.writing(self.engine) as connection:
            yield Importer(connection, self.sql)


class Importer:
    """Writes a stream's rows as given (ids of commands renumbered by the database)."""

    def __init__(self, connection: sa.Connection, sql: AppendSql) -> None:
        self.connection = connection
        self.sql = sql

    def stream(self, stream: str, info: NewStream, version: int) -> None:
        if not insert_stream(self.connection, stream, info, version):
            raise MalformedInputError(f"{stream} exists already", constraint="stream-exists")

    def command(self, command: StoredCommand, new: Sequence[NewRecord]) -> int:
        """The command and its records; returns the command's id in this database."""
        append = Append.encode(
            command.stream, command.base_version, new, command.entry, command.idempotency_key
        )
        return append.write(cursor_of(self.connection), self.sql).command.id


def _seen(
    connection: sa.Connection, stream: str, key: str, command: CommandEntry
) -> AppendResult | None:
    row = connection.execute(_FIND_KEY, {"s": stream, "k": key}).first()
    if row is None:
        return None
    stored = _command(row)
    if (stored.entry.name, stored.entry.payload) != (command.name, command.payload):
        raise MalformedInputError(
            f"idempotency key {key!r} was used for another command ({stored.entry.name})",
            constraint="idempotency-key-reused",
        )
    found = _records(connection, stream, stored.first_version - 1, stored.last_version)
    return AppendResult(command=stored, records=found, version=stored.last_version, replayed=True)


def insert_stream(connection: sa.Connection, stream: str, info: NewStream, version: int) -> bool:
    """Create the stream's row at ``version``; ``False`` if the stream exists."""
    if connection.execute(sa.select(streams.c.id).where(streams.c.id == stream)).first():
        return False
    connection.execute(
        streams.insert().values(
            id=stream,
            kind=info.kind,
            version=version,
            seed=info.seed,
            title=info.title,
            created_at=info.created_at,
        )
    )
    return True


def _version(connection: sa.Connection, stream: str) -> int:
    found = connection.execute(_VERSION, {"s": stream}).scalar_one_or_none()
    if found is None:
        raise UnknownStream(stream)
    return int(found)


def _records(
    connection: sa.Connection, stream: str, after: int, until: int | None
) -> tuple[StoredRecord, ...]:
    query = sa.select(records).where(records.c.stream_id == stream, records.c.version > after)
    if until is not None:
        query = query.where(records.c.version <= until)
    rows = connection.execute(query.order_by(records.c.version))
    return tuple(_stored(row) for row in rows)


def _stored(row: sa.Row[Any]) -> StoredRecord:
    return StoredRecord(
        stream=row.stream_id,
        version=row.version,
        kind=row.kind,
        schema_version=row.schema_version,
        data=json.loads(row.data),
        command_id=row.command_id,
    )


def _command(row: sa.Row[Any]) -> StoredCommand:
    return StoredCommand(
        id=row.id,
        stream=row.stream_id,
        entry=CommandEntry(
            name=row.name,
            payload=json.loads(row.payload),
            actor=row.actor,
            at=row.at,
            draws=() if row.draws is None else draws_from_json(json.loads(row.draws)),
        ),
        idempotency_key=row.idempotency_key,
        base_version=row.base_version,
        first_version=row.first_version,
        last_version=row.last_version,
    )


def _stream(row: sa.Row[Any]) -> StreamInfo:
    return StreamInfo(
        id=row.id,
        kind=row.kind,
        version=row.version,
        seed=row.seed,
        title=row.title,
        created_at=row.created_at,
    )
