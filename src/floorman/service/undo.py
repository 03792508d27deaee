"""Undo without editing history: which commands are still in force.

An undo is a command of its own. It appends one ``undone`` record naming the commands it
undoes (their ids and the versions of their records); nothing is deleted or changed. The
state of a tournament is then the fold of the events of the commands *in force*: every command
but the creation's-never, the undos themselves and the commands some undo named.

Undo takes the last N commands in force, so what stays in force is always a beginning of the
history: the state after an undo is a state the tournament really had, and every rule checked
then still holds. Decisions (docs/service.md, "Event log"):

- the creation of the tournament is never undone (there would be no tournament left);
- an undo is not undone: the director sends the undone command again, which the aggregate
  checks against the state of now;
- anything else can be undone, the start and the hands included: the state simply goes back.

A snapshot taken while an undone command was in force holds its events, so it is ignored:
:func:`usable_snapshot` keeps only snapshots that no later undo reaches back past.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from floorman.errors import MalformedInputError
from floorman.service.store import EventStore, NewRecord, StoredCommand, StoredRecord

UNDO = "undo"
"""The command-log name of an undo."""
UNDONE = "undone"
"""The kind of the record an undo appends."""
CREATE = "create"
UNDONE_VERSION = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Undo:
    """One ``undone`` record, read back."""

    version: int
    commands: tuple[int, ...]
    first_version: int
    """The earliest record version of the commands it undid."""


def undone_record(targets: Sequence[StoredCommand], *, reason: str) -> NewRecord:
    data = {
        "commands": [
            {
                "id": c.id,
                "name": c.entry.name,
                "first_version": c.first_version,
                "last_version": c.last_version,
            }
            for c in targets
        ],
        "reason": reason,
    }
    return NewRecord(kind=UNDONE, schema_version=UNDONE_VERSION, data=data)


def undone_ids(record: StoredRecord) -> tuple[int, ...]:
    """The commands an ``undone`` record names (none for any other record)."""
    if record.kind != UNDONE:
        return ()
    return tuple(int(c["id"]) for c in record.data["commands"])


def read_undos(records: Sequence[StoredRecord]) -> tuple[Undo, ...]:
    return tuple(_undo(r) for r in records if r.kind == UNDONE)


def _undo(record: StoredRecord) -> Undo:
    named: list[dict[str, Any]] = record.data["commands"]
    first = min((int(c["first_version"]) for c in named), default=record.version)
    return Undo(version=record.version, commands=undone_ids(record), first_version=first)


def in_force(commands: Sequence[StoredCommand], undos: Sequence[Undo]) -> list[StoredCommand]:
    """The commands whose events make the state, oldest first."""
    undone = {c for u in undos for c in u.commands}
    return [c for c in commands if c.entry.name != UNDO and c.id not in undone]


def last_in_force(store: EventStore, stream: str, count: int) -> list[StoredCommand]:
    """The last ``count`` commands in force; refuses reaching the creation."""
    undos = read_undos(store.read_kind(stream, UNDONE))
    force = [c for c in in_force(store.commands(stream), undos) if c.entry.name != CREATE]
    if count > len(force):
        raise MalformedInputError(
            f"only {len(force)} command(s) can be undone; the creation never is",
            constraint="undo-count",
        )
    return force[len(force) - count :]


def usable_snapshot(versions: Sequence[int], undos: Sequence[Undo]) -> int | None:
    """The newest snapshot version (of ``versions``, newest first) that no undo made after it
    reaches back before."""
    for version in versions:
        if all(u.version <= version or u.first_version > version for u in undos):
            return version
    return None
