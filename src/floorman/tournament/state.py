"""The tournament's state, and ``apply``: the fold of its events.

``apply`` checks nothing and cannot fail on an event the aggregate produced: every check was
made when the event was decided (:mod:`floorman.tournament.aggregate`), so replaying a log
never re-runs rule checks on old events and always rebuilds the same state (DESIGN.md).
The state is mutable for speed (a 10,000-entrant simulation applies millions of events), but
only ``apply`` changes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from floorman.tournament.clock import Clock
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import (
    ButtonsPlaced,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    FinalTableFormed,
    HandForHandEnded,
    HandForHandRound,
    HandForHandStarted,
    HandPlayed,
    PayoutsSet,
    PlayerEliminated,
    PlayerMoved,
    PlayerRegistered,
    PlayerSeated,
    SeatsDrawn,
    TableBroken,
    TimeAdded,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
)
from floorman.tournament.format_state import FORMAT_HANDLERS, FormatState, note_hand
from floorman.tournament.mixed_games import button_moves
from floorman.tournament.places import Bust
from floorman.tournament.positions import join, record_hand
from floorman.tournament.tables import Positions, Table


@dataclass(slots=True)
class EntryState:
    """One entry: a player's buy-in, his chips, where he sits and how he finished."""

    entry: str
    player: str
    name: str
    stack: int
    table: int | None = None
    seat: int | None = None
    place: int | None = None
    tied: int = 1
    prize: int = 0
    eliminated_by: tuple[str, ...] = ()
    eliminated_level: int | None = None
    eliminated_at: float | None = None

    @property
    def alive(self) -> bool:
        return self.place is None


@dataclass(slots=True)
class TournamentState:
    config: TournamentConfig | None = None
    entries: dict[str, EntryState] = field(default_factory=dict)
    tables: dict[int, Table] = field(default_factory=dict)
    clock: Clock | None = None
    pool: int = 0
    prizes: tuple[int, ...] = ()
    hands: int = 0
    started: bool = False
    finished: bool = False
    hand_for_hand: bool = False
    round_played: set[int] = field(default_factory=set)
    """Hand-for-hand: the tables that have played the current round's hand."""
    moved: set[str] = field(default_factory=set)
    """Entries moved once already: balancing avoids moving them again when it can."""
    final_table: int | None = None
    buttons: dict[int, int] = field(default_factory=dict)
    """The drawn button of each table that has not played its first hand yet."""
    pending: list[Bust] = field(default_factory=list)
    """Players out of chips whose places are not given yet: at hand-for-hand they wait for
    every table's hand, so that busts of the same hand are placed together (RP-8-A)."""
    knocked_out_by: dict[str, tuple[str, ...]] = field(default_factory=dict)
    alive: int = 0
    """Entries still in the tournament (registered, not eliminated)."""
    version: int = 0
    """How many events have been applied: the version a command is decided on."""
    formats: FormatState = field(default_factory=FormatState)
    """Knock-out stages, a called final table, the end of the day (format_state)."""

    def apply(self, event: TournamentEvent) -> None:
        self.version += 1
        handler = _HANDLERS[type(event)]
        handler(self, event)

    @property
    def config_(self) -> TournamentConfig:
        assert self.config is not None, "the tournament was never created"
        return self.config

    def table_of(self, entry: str) -> Table:
        number = self.entries[entry].table
        assert number is not None
        return self.tables[number]

    def _seat(self, entry: str, table: Table) -> None:
        self.tables[table.number] = table
        state = self.entries[entry]
        state.table, state.seat = table.number, table.seat_of(entry)

    def _unseat(self, entry: str) -> None:
        state = self.entries[entry]
        if state.table is not None and state.table in self.tables:
            self.tables[state.table] = self.tables[state.table].without(entry)
        state.table = state.seat = None


def _created(state: TournamentState, event: TournamentCreated) -> None:
    state.config = event.config


def _registered(state: TournamentState, event: PlayerRegistered) -> None:
    state.entries[event.entry] = EntryState(event.entry, event.player, event.name, event.stack)
    state.alive += 1


def _seated(state: TournamentState, event: PlayerSeated) -> None:
    table = state.tables[event.table]
    state._seat(event.entry, join(table, event.seat, event.entry))


def _seats_drawn(state: TournamentState, event: SeatsDrawn) -> None:
    by_table: dict[int, list[str | None]] = {}
    for entry, number, seat in event.seats:
        seats = by_table.setdefault(number, [None] * event.seats_per_table)
        seats[seat] = entry
    for number, seats in sorted(by_table.items()):
        table = Table(number=number, seats=tuple(seats))
        state.tables[number] = table
        for entry in table.players:
            state._seat(entry, table)
    state.started = True


def _buttons(state: TournamentState, event: ButtonsPlaced) -> None:
    state.buttons.update(event.buttons)


def _payouts(state: TournamentState, event: PayoutsSet) -> None:
    state.pool, state.prizes = event.pool, event.prizes


def _clock_started(state: TournamentState, event: ClockStarted) -> None:
    state.clock = Clock.for_structure(state.config_.structure).start(event.at)


def _clock_paused(state: TournamentState, event: ClockPaused) -> None:
    assert state.clock is not None
    state.clock = state.clock.pause(event.at)


def _clock_resumed(state: TournamentState, event: ClockResumed) -> None:
    assert state.clock is not None
    state.clock = state.clock.resume(event.at)


def _time_added(state: TournamentState, event: TimeAdded) -> None:
    assert state.clock is not None
    state.clock = state.clock.add_time(event.seconds, at=event.at)


def _hand_played(state: TournamentState, event: HandPlayed) -> None:
    state.hands += 1
    for entry, stack in event.stacks_after:
        state.entries[entry].stack = stack
    table = state.tables[event.table]
    positions = Positions(
        button=event.button,
        small_blind=event.small_blind,
        big_blind=event.big_blind,
        dead_small_blind_seat=event.dead_small_blind_seat,
    )
    if button_moves(state.config_, event.level):  # stud freezes the button (R11-B)
        state.tables[event.table] = record_hand(table, positions)
        state.buttons.pop(event.table, None)
    note_hand(state, event)
    for (entry, before), (_, after) in zip(event.stacks_before, event.stacks_after, strict=True):
        if after == 0:
            state.pending.append(Bust(entry, event.table, before, event.level))
    state.knocked_out_by.update(event.knocked_out_by)
    if state.hand_for_hand:
        state.round_played.add(event.table)


def _eliminated(state: TournamentState, event: PlayerEliminated) -> None:
    entry = state.entries[event.entry]
    state.pending = [bust for bust in state.pending if bust.entry != event.entry]
    state.knocked_out_by.pop(event.entry, None)
    state._unseat(event.entry)
    entry.place, entry.tied, entry.prize = event.place, event.tied, event.prize
    entry.eliminated_by, entry.eliminated_level = event.by, event.level
    entry.eliminated_at = event.at
    entry.stack = 0
    state.alive -= 1


def _moved(state: TournamentState, event: PlayerMoved) -> None:
    state._unseat(event.entry)
    table = state.tables[event.to_table]
    state._seat(event.entry, join(table, event.to_seat, event.entry))
    state.moved.add(event.entry)


def _broken(state: TournamentState, event: TableBroken) -> None:
    del state.tables[event.table]
    state.round_played.discard(event.table)


def _final_table(state: TournamentState, event: FinalTableFormed) -> None:
    seats: list[str | None] = [None] * event.size
    for entry, _, seat in event.seats:
        seats[seat] = entry
    state.tables.clear()
    table = Table(number=event.table, seats=tuple(seats))
    state.tables[event.table] = table
    state.buttons = {event.table: event.button}
    for entry in table.players:
        state._seat(entry, table)
    state.final_table = event.table
    state.round_played.clear()


def _h4h_started(state: TournamentState, event: HandForHandStarted) -> None:
    state.hand_for_hand = True
    state.round_played.clear()
    if state.clock is not None:
        state.clock = state.clock.hand_for_hand_start(event.at)


def _h4h_round(state: TournamentState, event: HandForHandRound) -> None:
    state.round_played.clear()
    if state.clock is not None:
        state.clock = state.clock.hand_for_hand_hand(event.seconds)


def _h4h_ended(state: TournamentState, event: HandForHandEnded) -> None:
    state.hand_for_hand = False
    state.round_played.clear()
    if state.clock is not None:
        state.clock = state.clock.hand_for_hand_end(event.at)


def _finished(state: TournamentState, event: TournamentFinished) -> None:
    winner = state.entries[event.winner]
    state.pending.clear()
    winner.place, winner.prize, winner.tied = 1, event.prize, 1
    state.alive -= 1
    state.finished = True
    if state.clock is not None and state.clock.running:
        state.clock = state.clock.pause(event.at)


_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    TournamentCreated: _created,
    PlayerRegistered: _registered,
    PlayerSeated: _seated,
    SeatsDrawn: _seats_drawn,
    ButtonsPlaced: _buttons,
    PayoutsSet: _payouts,
    ClockStarted: _clock_started,
    ClockPaused: _clock_paused,
    ClockResumed: _clock_resumed,
    TimeAdded: _time_added,
    HandPlayed: _hand_played,
    PlayerEliminated: _eliminated,
    PlayerMoved: _moved,
    TableBroken: _broken,
    FinalTableFormed: _final_table,
    HandForHandStarted: _h4h_started,
    HandForHandRound: _h4h_round,
    HandForHandEnded: _h4h_ended,
    TournamentFinished: _finished,
}
_HANDLERS.update(FORMAT_HANDLERS)
