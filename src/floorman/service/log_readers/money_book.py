"""The money ledger read from the event store: each line tied to the stream version and the
command that wrote it (:class:`~floorman.records.money_ledger.Origin`).

Only the commands in force count, as in every record (an undone bust-out paid nothing). The
book itself (its rows, totals, CSV and JSON) is the records' (:mod:`floorman.records.
money_ledger`), built from the plain events and origins read here.
"""

from __future__ import annotations

from floorman.records.money_ledger import MoneyBook, Origin, book_of
from floorman.service.core import TOURNAMENT
from floorman.service.loading import event_of
from floorman.service.store import EventStore, StoredCommand, UnknownStream
from floorman.service.undo import UNDONE, in_force, read_undos
from floorman.tournament.events import TournamentEvent


def book_from_store(store: EventStore, tournament_id: str) -> MoneyBook:
    """The tournament's ledger as the store holds it now (the commands in force).

    :raises UnknownStream: no tournament has this id.
    """
    info = store.stream(tournament_id)
    if info.kind != TOURNAMENT:
        raise UnknownStream(tournament_id)
    records = store.read(tournament_id, until=info.version)
    logged = [c for c in store.commands(tournament_id) if c.last_version <= info.version]
    kept: dict[int, StoredCommand] = {c.id: c for c in in_force(logged, read_undos(records))}
    events: list[TournamentEvent] = []
    origins: list[Origin] = []
    for record in records:
        command = kept.get(record.command_id)
        if record.kind == UNDONE or command is None:
            continue
        events.append(event_of(record))
        entry = command.entry
        origins.append(
            Origin(
                version=record.version,
                command_id=command.id,
                command=entry.name,
                actor=entry.actor,
                at=entry.at,
            )
        )
    return book_of(events, origins)
