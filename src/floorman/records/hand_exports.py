"""Every hand of an event as hand histories: PHH, one ``.phhs`` file per table or a zip.

The tournament's log sums a hand up (``HandPlayed``: stacks before and after); the hand itself
(its configuration and the engine's events) is recorded by whoever dealt it: a dealer's tablet,
the online server, a simulation (``simulate(on_hand=...)``). :class:`TableHand` is that record
with what a history needs from the tournament (table, hand number, level, time, players' names);
:func:`hands_from_log` pairs the hands dealt with the log's ``HandPlayed`` events, refusing a
record that does not match the log.

A hand a live table's tablet recorded has no engine record here (its cards were never seen):
the log keeps its history as PHH text (``HandPlayed.history``, with the rulings and the
director's overrides as comments), and :class:`TabletHand` carries it into the same files,
in the order the hands were played.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from floorman.engine.config import HandConfig
from floorman.engine.events import Event
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.io.phh import PhhHand, dumps_all, loads
from floorman.io.phh_export import export_hand
from floorman.tournament.events import (
    HandPlayed,
    PlayerEliminated,
    PlayerRegistered,
    TournamentCreated,
    TournamentFinished,
)
from floorman.tournament.floor.table_hand import HandSetup


@dataclass(frozen=True, slots=True, kw_only=True)
class TableHand:
    """One hand at one table of an event, as the engine played it."""

    table: int
    number: int
    """The tournament-wide hand number (``HandPlayed.number``)."""
    level: int
    at: float
    players: tuple[str | None, ...]
    """The name of the player dealt in at each seat (``None``: nobody)."""
    config: HandConfig
    events: tuple[Event, ...]
    fairness: tuple[tuple[str, str], ...] = ()
    """A server-dealt hand's deck commitment and its reveal (``sha256``, ``salt``, ``deck``,
    or ``void``), written into its PHH as the user-defined fields ``_deck`` and ``_deck_*``."""
    sitting_out: frozenset[int] = frozenset()
    """Seats dealt in whose hands were killed: the player is away (or serves a penalty)."""
    finishes: tuple[tuple[str, int, int], ...] = ()
    """Who finished the tournament in this hand: (name, place, prize), the winner at 1."""

    def __post_init__(self) -> None:
        if len(self.players) != self.config.seat_count:
            raise MalformedInputError(
                f"{len(self.players)} names for a table of {self.config.seat_count} seats",
                constraint="hand-seats",
            )

    def replay(self) -> Hand:
        """The hand rebuilt from its events (a fold: nothing is checked again)."""
        return Hand.from_events(self.config, self.events)


@dataclass(frozen=True, slots=True, kw_only=True)
class TabletHand:
    """A hand a live table's tablet recorded, as the PHH history the log keeps of it."""

    table: int
    number: int
    phh: PhhHand


@dataclass(frozen=True, slots=True, kw_only=True)
class TableHands:
    """The hands of one event, in the order they were played."""

    event: str
    hands: tuple[TableHand, ...]
    tablets: tuple[TabletHand, ...] = ()

    @property
    def tables(self) -> tuple[int, ...]:
        return tuple(sorted({h.table for h in self.hands} | {h.table for h in self.tablets}))

    def at_table(self, table: int) -> tuple[TableHand, ...]:
        return tuple(h for h in self.hands if h.table == table)


def hands_from_log(
    events: Iterable[object], played: Sequence[tuple[HandSetup, Hand]]
) -> TableHands:
    """Pair the hands dealt (``played``, in the order they were recorded) with the log.

    :raises MalformedInputError: the counts differ, or a hand was dealt at another table or to
        other stacks than the log records (constraint ``hand-log``).
    """
    log = tuple(events)
    summaries = [e for e in log if isinstance(e, HandPlayed)]
    if len(summaries) != len(played):
        raise MalformedInputError(
            f"the log records {len(summaries)} hands but {len(played)} were given",
            constraint="hand-log",
        )
    pairs = ((s, setup, hand) for s, (setup, hand) in zip(summaries, played, strict=True))
    return table_hands(log, pairs)


def table_hands(
    events: Iterable[object], played: Iterable[tuple[HandPlayed, HandSetup, Hand]]
) -> TableHands:
    """The hands ``played``, each already paired with the log's summary of it (the service
    pairs them through the command that recorded each); ``events`` give the names.

    :raises MalformedInputError: a hand was dealt at another table or to other stacks than
        its summary records (constraint ``hand-log``).
    """
    names: dict[str, str] = {}
    event_name = ""
    log = tuple(events)
    for event in log:
        if isinstance(event, TournamentCreated):
            event_name = event.config.name
        elif isinstance(event, PlayerRegistered):
            names[event.entry] = event.name
    places = _places(log)
    hands = tuple(
        replace(
            _paired(summary, setup, hand, names),
            finishes=_finishes(summary, places, names),
        )
        for summary, setup, hand in played
    )
    return TableHands(event=event_name, hands=hands, tablets=tablet_hands(log, event_name))


def _places(log: tuple[object, ...]) -> dict[str, tuple[int, int]]:
    """Each placed entry's (place, prize), the winner's at 1, as the log last has them."""
    places: dict[str, tuple[int, int]] = {}
    for event in log:
        if isinstance(event, PlayerEliminated):
            places[event.entry] = (event.place, event.prize)
        elif isinstance(event, TournamentFinished):
            places[event.winner] = (1, event.prize)
    return places


def _finishes(
    summary: HandPlayed, places: Mapping[str, tuple[int, int]], names: Mapping[str, str]
) -> tuple[tuple[str, int, int], ...]:
    """Who went out in the hand, and the winner with the last of them."""
    out = [e for e, _ in summary.knocked_out_by if e in places]
    found = [(names.get(e, e), *places[e]) for e in out]
    if any(places[e][0] == 2 for e in out):
        winner = next((e for e, (place, _) in places.items() if place == 1), None)
        if winner is not None:
            found.append((names.get(winner, winner), *places[winner]))
    return tuple(sorted(found, key=lambda f: -f[1]))


def tablet_hands(events: Iterable[object], event: str = "") -> tuple[TabletHand, ...]:
    """The hands of the log a tablet recorded with their history, in the order played."""
    played = [e for e in events if isinstance(e, HandPlayed) and e.history]
    return tuple(
        TabletHand(table=e.table, number=e.number, phh=_tablet_phh(e, event)) for e in played
    )


def _tablet_phh(played: HandPlayed, event: str) -> PhhHand:
    phh = loads(played.history)
    metadata = {"event": event, "hand": played.number, "level": played.level}
    metadata |= {"table": played.table, **phh.metadata}
    return replace(phh, metadata=MappingProxyType({k: v for k, v in metadata.items() if v != ""}))


def _paired(
    summary: HandPlayed, setup: HandSetup, hand: Hand, names: Mapping[str, str]
) -> TableHand:
    before = tuple(
        (entry, setup.config.stacks[seat] or 0)
        for seat, entry in enumerate(setup.seats)
        if entry is not None
    )
    if summary.table != setup.table or summary.stacks_before != before:
        raise MalformedInputError(
            f"hand {summary.number} was played at table {summary.table} with other stacks "
            "than the hand given for it",
            constraint="hand-log",
        )
    return TableHand(
        table=setup.table,
        number=summary.number,
        level=summary.level,
        at=summary.at,
        players=tuple(None if e is None else names.get(e, e) for e in setup.seats),
        config=setup.config,
        events=tuple(hand.events),
        sitting_out=setup.dead,
    )


def phh_of(hand: TableHand, *, event: str = "") -> PhhHand:
    """The hand as PHH, with the players' names, the event, table, hand number, level and the
    physical seats (1-based) in PHH player order."""
    config = hand.config
    order = config.clockwise_from(config.dealer_seat)
    metadata: dict[str, object] = {
        "event": event,
        "hand": hand.number,
        "level": hand.level,
        "table": hand.table,
        "seats": tuple(seat + 1 for seat in order),
        "seat_count": config.seat_count,
        **{"_deck" if name == "deck" else f"_deck_{name}": value for name, value in hand.fairness},
    }
    return replace(
        export_hand(hand.replay()),
        players=tuple(hand.players[seat] or f"seat {seat + 1}" for seat in order),
        metadata=MappingProxyType({k: v for k, v in metadata.items() if v != ""}),
    )


def phhs_of(hands: TableHands) -> str:
    """Every hand of the event in one ``.phhs`` text, in the order played (each hand names
    its table in its metadata)."""
    return dumps_all(_in_order(hands, None))


def phhs_by_table(hands: TableHands) -> dict[int, str]:
    """One ``.phhs`` text per table: the table's hands in the order they were played."""
    return {table: dumps_all(_in_order(hands, table)) for table in hands.tables}


def _in_order(hands: TableHands, table: int | None) -> list[PhhHand]:
    """The dealt and the tablets' hands (of ``table``, or all) by hand number."""
    found = [(h.number, phh_of(h, event=hands.event)) for h in hands.hands]
    found += [(h.number, h.phh) for h in hands.tablets]
    if table is not None:
        found = [(n, p) for n, p in found if p.metadata.get("table") == table]
    return [phh for _, phh in sorted(found, key=lambda pair: pair[0])]


def phh_zip(hands: TableHands) -> bytes:
    """A zip of the event's ``.phhs`` files, ``table-<n>.phhs`` for each table."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for table, text in phhs_by_table(hands).items():
            archive.writestr(f"table-{table}.phhs", text)
    return buffer.getvalue()
