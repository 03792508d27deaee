"""Announcing committed changes to the other server processes (PostgreSQL LISTEN/NOTIFY).

Every group commit of a PostgreSQL store calls :meth:`Announcer.changes` inside its
transaction: one ``pg_notify`` for the whole batch (more only past :data:`PAYLOAD_BYTES`),
listing each stream it moved with its new version only (the records stay in the log; a
NOTIFY payload is capped at 8000 bytes). One notification a batch rather than one a stream:
every listening session of every process is woken and parses each notification, so their
number, not their size, is what the announcements cost. PostgreSQL delivers a notification
when, and only if, its transaction commits, so a process killed after its commit has still
announced it, and a rolled-back batch announced nothing. A token's revocation is announced
the same way, with its id.

The announcer remembers the backend ids of the connections it announced on: the process's
own bridge skips its own announcements (its feeds were told when the command was
acknowledged), so a change is not fanned out twice in the process that made it.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from floorman.service.driver import cursor_of, run_sql
from floorman.service.stored import AppendResult

CHANGES = "floorman_changes"
"""The channel of committed changes: ``[[stream, version], ...]``."""
REVOCATIONS = "floorman_revocations"
"""The channel of revoked tokens: the token's id."""

_NOTIFY = sa.text("SELECT pg_notify(:channel, :payload)")
PAYLOAD_BYTES = 7_000
"""A notification's payload is kept under this (PostgreSQL refuses one of 8000 bytes)."""


@dataclass(frozen=True, slots=True)
class Change:
    """A stream reached ``version`` (committed) in some process."""

    stream: str
    version: int

    @property
    def tournament(self) -> str:
        """The tournament the stream belongs to (an online hand's stream is named
        ``tournament/table/hand``)."""
        return self.stream.split("/", 1)[0]

    def pair(self) -> list[object]:
        return [self.stream, self.version]


def parse_changes(payload: str) -> list[Change]:
    """The changes a payload announces (none: not one of ours)."""
    try:
        data = json.loads(payload)
        return [Change(stream=str(stream), version=int(version)) for stream, version in data]
    except (ValueError, KeyError, TypeError):
        return []


def change_payloads(changes: list[Change]) -> list[str]:
    """``changes`` as the fewest payloads under :data:`PAYLOAD_BYTES`."""
    payloads: list[str] = []
    chunk: list[list[object]] = []
    size = 2
    for change in changes:
        pair = change.pair()
        length = len(_compact(pair).encode()) + 1
        if chunk and size + length > PAYLOAD_BYTES:
            payloads.append(_compact(chunk))
            chunk, size = [], 2
        chunk.append(pair)
        size += length
    if chunk:
        payloads.append(_compact(chunk))
    return payloads


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


class Announcer:
    """Announces a PostgreSQL store's commits and revocations; remembers its own sessions."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._own: set[int] = set()

    def changes(self, connection: sa.Connection, results: list[Any]) -> None:
        """One notification per stream the batch moved, with its last version."""
        latest: dict[str, int] = {}
        for result in results:
            if isinstance(result, AppendResult) and not result.replayed:
                stream = result.command.stream
                latest[stream] = max(latest.get(stream, 0), result.version)
        if not latest:
            return
        self._note(connection)
        cursor = cursor_of(connection)
        for payload in change_payloads([Change(s, v) for s, v in latest.items()]):
            run_sql(cursor, connection.dialect, "SELECT pg_notify(%s, %s)", (CHANGES, payload))

    def revocation(self, connection: sa.Connection, token_id: int) -> None:
        self._note(connection)
        connection.execute(_NOTIFY, {"channel": REVOCATIONS, "payload": str(token_id)})

    def own(self, backend_pid: int) -> bool:
        """Whether a notification from session ``backend_pid`` came from this process."""
        with self._lock:
            return backend_pid in self._own

    def _note(self, connection: sa.Connection) -> None:
        pid = getattr(connection.connection.dbapi_connection, "info", None)
        backend = getattr(pid, "backend_pid", None)
        if isinstance(backend, int):
            with self._lock:
                self._own.add(backend)
