"""What the event log holds, as values: records, commands, streams and the result of an append.

Kept apart from :mod:`floorman.service.store` so that the code writing an append
(:mod:`floorman.service.appending`) and the store share them without importing each other;
the store re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from floorman.errors import FloormanError


class StaleVersion(FloormanError):
    """A command decided on a version that is no longer the stream's (HTTP 409)."""

    def __init__(self, stream: str, *, current: int, expected: int) -> None:
        super().__init__(
            f"{stream} is at version {current}, the command was decided on version {expected}"
        )
        self.stream, self.current, self.expected = stream, current, expected


class UnknownStream(FloormanError, LookupError):
    """No stream has this id (HTTP 404)."""

    def __init__(self, stream: str) -> None:
        super().__init__(f"no tournament or stream {stream!r}")
        self.stream = stream


@dataclass(frozen=True, slots=True, kw_only=True)
class NewRecord:
    kind: str
    schema_version: int
    data: dict[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredRecord:
    stream: str
    version: int
    kind: str
    schema_version: int
    data: dict[str, Any]
    command_id: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CommandEntry:
    """What the command log keeps of one command."""

    name: str
    payload: dict[str, Any]
    actor: str
    at: float
    """The moment the service decided it (its clock), given to the aggregate as ``at``."""
    draws: tuple[int | float, ...] = ()
    """The raw random values the command drew (:mod:`floorman.service.draws`), so deciding
    it again needs no seed."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredCommand:
    id: int
    stream: str
    entry: CommandEntry
    idempotency_key: str | None
    base_version: int
    """The version the command was decided on."""
    first_version: int
    last_version: int
    """Its records are ``first_version..last_version`` (empty when last < first)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NewStream:
    """What a stream's first append says about it."""

    kind: str
    seed: str
    title: str
    created_at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class StreamInfo:
    id: str
    kind: str
    version: int
    seed: str
    title: str
    created_at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class AppendResult:
    command: StoredCommand
    records: tuple[StoredRecord, ...]
    version: int
    """The stream's version once the command was written (for a replay, as it was then)."""
    replayed: bool
    """True when the idempotency key had been seen: nothing was appended this time."""
