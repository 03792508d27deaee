"""Announcing committed changes to the other server processes (PostgreSQL LISTEN/NOTIFY).

Every group commit of a PostgreSQL store calls :meth:`Announcer.changes` inside its
transaction: one ``pg_notify`` per stream it moved, carrying the stream's id and its new
version only (the records stay in the log; a NOTIFY payload is capped at 8000 bytes and read
by every listener). PostgreSQL delivers a notification when, and only if, its transaction
commits, so a process killed after its commit has still announced it, and a rolled-back
batch announced nothing. A token's revocation is announced the same way, with its id.

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

from floorman.service.stored import AppendResult

CHANGES = "floorman_changes"
"""The channel of committed changes: ``{"stream": id, "version": n}``."""
REVOCATIONS = "floorman_revocations"
"""The channel of revoked tokens: the token's id."""

_NOTIFY = sa.text("SELECT pg_notify(:channel, :payload)")


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

    def payload(self) -> str:
        return json.dumps({"stream": self.stream, "version": self.version})

    @staticmethod
    def parse(payload: str) -> Change | None:
        """The change a payload announces (``None``: not one of ours)."""
        try:
            data = json.loads(payload)
            return Change(stream=str(data["stream"]), version=int(data["version"]))
        except (ValueError, KeyError, TypeError):
            return None


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
        for stream, version in latest.items():
            connection.execute(
                _NOTIFY, {"channel": CHANGES, "payload": Change(stream, version).payload()}
            )

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
