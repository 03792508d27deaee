"""An event's records read straight from the service's event store, without an export file.

The store holds a tournament's stream (its commands and the events they wrote) and, for a
server-dealt event, one stream per online hand (:mod:`floorman.service.api.online_codec`: the
hand's setup, the engine's events, a closing record). The records are projections of the
events in force, as everywhere else (DESIGN.md): a command an undo named leaves no trace, in
the results as in the hand histories.

A hand history needs the hand itself, which only the online hands keep: a hand recorded from a
dealer's tablet arrives as its summary (``HandResult``) and has no action to write. An online
hand is found through the command that recorded it: its idempotency key names the hand's
stream (``online_codec.RECORDING``). So the hands exported are those the server dealt whose
``record-hand`` command is in force, in the order the tournament recorded them; a hand voided
or still being played is left out.

Everything is read at one version of the tournament's stream, so a command appended while an
export is being made is either wholly in it or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.records.hand_exports import TableHands, table_hands
from floorman.service.api.fairness import COMMITTED, REVEALED
from floorman.service.api.online_codec import RECORDING, is_hand_event, read_event, read_setup
from floorman.service.core import TOURNAMENT
from floorman.service.loading import event_of
from floorman.service.store import EventStore, StoredCommand, UnknownStream
from floorman.service.undo import UNDONE, in_force, read_undos
from floorman.tournament.events import HandPlayed, TournamentEvent
from floorman.tournament.floor.table_hand import HandSetup


@dataclass(frozen=True, slots=True, kw_only=True)
class OnlineHand:
    """A hand the server dealt and the tournament recorded: its stream and the log's summary."""

    stream: str
    summary: HandPlayed


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredLog:
    """A tournament's log as the store holds it at one version: what its records are made of."""

    tournament_id: str
    version: int
    events: tuple[TournamentEvent, ...]
    """The events of the commands in force, in order."""
    online: tuple[OnlineHand, ...]
    """The online hands whose recording is in force, in the order they were recorded."""

    @property
    def hands_recorded(self) -> int:
        """Every hand the log sums up, online or not (``len(online)`` of them have a history)."""
        return sum(isinstance(e, HandPlayed) for e in self.events)


def read_log(store: EventStore, tournament_id: str) -> StoredLog:
    """The tournament's events in force and its recorded online hands, at its current version.

    :raises UnknownStream: no tournament has this id.
    """
    info = store.stream(tournament_id)
    if info.kind != TOURNAMENT:
        raise UnknownStream(tournament_id)
    version = info.version
    records = store.read(tournament_id, until=version)
    logged = [c for c in store.commands(tournament_id) if c.last_version <= version]
    kept = in_force(logged, read_undos(records))
    kept_ids = {c.id for c in kept}
    events_of: dict[int, list[TournamentEvent]] = {}
    for record in records:
        if record.kind != UNDONE and record.command_id in kept_ids:
            events_of.setdefault(record.command_id, []).append(event_of(record))
    return StoredLog(
        tournament_id=tournament_id,
        version=version,
        events=tuple(e for c in kept for e in events_of.get(c.id, ())),
        online=tuple(_online(kept, events_of)),
    )


def _online(
    commands: list[StoredCommand], events_of: dict[int, list[TournamentEvent]]
) -> list[OnlineHand]:
    found = []
    for command in commands:
        key = command.idempotency_key or ""
        summary = next(
            (e for e in events_of.get(command.id, ()) if isinstance(e, HandPlayed)), None
        )
        if key.startswith(RECORDING) and summary is not None:
            found.append(OnlineHand(stream=key.removeprefix(RECORDING), summary=summary))
    return found


def online_hands(store: EventStore, log: StoredLog) -> TableHands:
    """The hand histories of ``log``'s online hands, each read back from its stream.

    :raises MalformedInputError: a hand's stream is missing or is not a hand (``hand-stream``),
        or disagrees with the log's summary of it (``hand-log``).
    """
    read = [(hand.summary, *_read_hand(store, hand.stream)) for hand in log.online]
    hands = table_hands(log.events, ((summary, setup, hand) for summary, setup, hand, _ in read))
    with_evidence = (replace(h, fairness=r[3]) for h, r in zip(hands.hands, read, strict=True))
    return replace(hands, hands=tuple(with_evidence))


def _read_hand(
    store: EventStore, stream: str
) -> tuple[HandSetup, Hand, tuple[tuple[str, str], ...]]:
    """The hand's setup, the hand, and its fairness evidence (:mod:`~floorman.service.api.
    fairness`: the deck's digest and, once the hand is over, its salt and deck)."""
    records = store.read(stream)
    if not records:
        raise MalformedInputError(f"the hand stream {stream} is empty", constraint="hand-stream")
    setup = read_setup(records[0])
    events = [read_event(r) for r in records[1:] if is_hand_event(r)]
    evidence: dict[str, str] = {}
    for record in records:
        if record.kind in (COMMITTED, REVEALED):
            evidence.update((k, str(v)) for k, v in record.data.items() if k != "scheme")
    return setup, Hand.from_events(setup.config, events), tuple(sorted(evidence.items()))
