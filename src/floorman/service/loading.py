"""Rebuilding a tournament from the store: the latest usable snapshot, then the records after it.

Only the events of commands in force are folded (:mod:`floorman.service.undo`); the fold is
the core's own (``TournamentState.apply``), which checks nothing, so a replay never re-runs a
rule and never needs the random source.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.errors import FloormanError
from floorman.service.codec import decode_event
from floorman.service.snapshots import snapshot_format, tournament_from_snapshot
from floorman.service.store import EventStore, StoredRecord
from floorman.service.undo import UNDONE, Undo, read_undos, usable_snapshot
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import TournamentEvent


@dataclass(frozen=True, slots=True, kw_only=True)
class Loaded:
    """A tournament and the log version its state stands at.

    The tournament is the service's cached instance: read it, never call its commands, and
    read it under ``TournamentService.reading`` when other threads may run commands. Rebuilt
    from a snapshot, its ``events`` hold only the events after the snapshot.
    """

    tournament: Tournament
    version: int


def event_of(record: StoredRecord) -> TournamentEvent:
    """The domain event a stored record holds."""
    return decode_event(
        {"kind": record.kind, "schema_version": record.schema_version, "data": record.data}
    )


def rebuild(store: EventStore, stream: str, *, use_snapshots: bool = True) -> Loaded:
    """The tournament of ``stream`` as its log says now."""
    version = store.version(stream)  # refuses an unknown stream
    undos = read_undos(store.read_kind(stream, UNDONE))
    undone = {c for u in undos for c in u.commands}
    tournament, after = _from_snapshot(store, stream, undos) if use_snapshots else (None, 0)
    records = store.read(stream, after, until=version)
    events = [event_of(r) for r in records if r.kind != UNDONE and r.command_id not in undone]
    if tournament is None:
        return Loaded(tournament=Tournament.replay(events), version=version)
    for event in events:
        tournament.state.apply(event)
        tournament.events.append(event)
    return Loaded(tournament=tournament, version=version)


def caught_up(store: EventStore, stream: str, loaded: Loaded) -> Loaded | None:
    """``loaded`` moved on to the log's version by folding the records written after it
    (another process's commands), or ``None`` when only a rebuild will do: an undo among
    them changes what came before, and a gap in the versions means ``loaded`` is not the
    log's state at its version. The tournament is folded in place: call it under the
    tournament's lock, and drop the cached state if it raises."""
    records = store.read(stream, loaded.version)
    if not records:
        return loaded
    versions = [r.version for r in records]
    if versions != list(range(loaded.version + 1, loaded.version + 1 + len(records))):
        return None
    if any(r.kind == UNDONE for r in records):
        return None
    tournament = loaded.tournament
    for event in (event_of(r) for r in records):
        tournament.state.apply(event)
        tournament.events.append(event)
    return Loaded(tournament=tournament, version=versions[-1])


def _from_snapshot(
    store: EventStore, stream: str, undos: tuple[Undo, ...]
) -> tuple[Tournament | None, int]:
    versions = store.snapshot_versions(stream, format=snapshot_format())
    chosen = usable_snapshot(versions, undos)
    if chosen is None:
        return None, 0
    try:
        return tournament_from_snapshot(store.load_snapshot(stream, chosen)), chosen
    except (FloormanError, KeyError, TypeError, ValueError):
        return None, 0  # an unreadable snapshot is only a lost shortcut
