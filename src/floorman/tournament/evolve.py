"""The fold of the tournament's own events (:mod:`floorman.tournament.events`): entries,
seats and buttons, hands played, eliminations, moves, broken tables, the final table,
hand-for-hand and the end. Each handler writes the state through its own helpers
(``seat_entry``, ``set_stack``...), so that a command's checkpoint journals what it changed;
the concepts' own events are folded in their packages, and :mod:`.state` puts them together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.tournament.entry_record import EntryState
from floorman.tournament.events import (
    ButtonsPlaced,
    ChipsRemoved,
    FinalTableFormed,
    HandForHandEnded,
    HandForHandRound,
    HandForHandStarted,
    HandPlayed,
    PlayerEliminated,
    PlayerMoved,
    PlayerRegistered,
    PlayerSeated,
    SeatsDrawn,
    TableBroken,
    TournamentCreated,
    TournamentFinished,
)
from floorman.tournament.floor.hands_in_play import seat_newcomer
from floorman.tournament.money.places import Bust
from floorman.tournament.officials.penalties import serve_hand
from floorman.tournament.seating.positions import record_hand
from floorman.tournament.seating.tables import Positions, Table
from floorman.tournament.structure.mixed_games import button_moves

if TYPE_CHECKING:
    from floorman.tournament.state import Handler, TournamentState


def _created(state: TournamentState, event: TournamentCreated) -> None:
    state.config = event.config


def _registered(state: TournamentState, event: PlayerRegistered) -> None:
    bounty = state.config_.bounty
    state.add_entry(EntryState(event.entry, event.player, event.name, event.stack, bounty=bounty))
    state.add_player_entry(event.player, event.entry)
    state.alive += 1
    if state.started:  # a late entry's chips go into play at once
        state.chips += event.stack
    if event.alternate:
        waiting = [a for a in state.alternates if a[0] == event.player][:1]
        for listed in waiting:
            state.alternates.remove(listed)


def _seated(state: TournamentState, event: PlayerSeated) -> None:
    table = state.tables[event.table]
    state.seat_entry(event.entry, seat_newcomer(state, table, event.seat, event.entry))
    if event.stack is not None:
        state.set_stack(event.entry, event.stack)
        state.chips += event.stack
    state.unseated.discard(event.entry)


def _seats_drawn(state: TournamentState, event: SeatsDrawn) -> None:
    """The first draw puts the stacks in play; a later one (a knock-out's next stage) only
    reseats players whose chips are in play already."""
    first = not state.started
    by_table: dict[int, list[str | None]] = {}
    for entry, number, seat in event.seats:
        seats = by_table.setdefault(number, [None] * event.seats_per_table)
        seats[seat] = entry
    for number, seats in sorted(by_table.items()):
        table = Table(number=number, seats=tuple(seats))
        state.tables[number] = table
        for entry in table.players:
            state.seat_entry(entry, table)
            if first:
                state.chips += state.entries[entry].stack
    for waiting in list(state.entries.values()):
        if first and waiting.table is None:
            state.set_stack(waiting.entry, 0)  # kept out of play (RedCactus 7): chips later
            state.unseated.add(waiting.entry)
    state.started = True


def _buttons(state: TournamentState, event: ButtonsPlaced) -> None:
    state.buttons.update(event.buttons)


def _hand_played(state: TournamentState, event: HandPlayed) -> None:
    state.hands += 1
    entries = state.entries
    for entry, stack in event.stacks_after:
        record = entries[entry]
        if record.stack != stack or record.moved_from is not None:
            record = state.changing(entry)
            record.stack, record.moved_from = stack, None
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
    for (entry, before), (_, after) in zip(event.stacks_before, event.stacks_after, strict=True):
        if after == 0 and entry not in state.unsold:  # an unsold seat is never placed
            state.pending.append(Bust(entry, event.table, before, event.level))
    state.knocked_out_by.update(event.knocked_out_by)
    if state.hand_for_hand:
        state.round_played.add(event.table)
    for entry in event.served:
        state.ledger = serve_hand(state.ledger, entry)
    state.redeal.pop(event.table, None)
    state.deal = None  # a pending deal's figures no longer hold
    state.consents.clear()


def _eliminated(state: TournamentState, event: PlayerEliminated) -> None:
    state.pending = [bust for bust in state.pending if bust.entry != event.entry]
    state.knocked_out_by.pop(event.entry, None)
    state.unseat_entry(event.entry)
    entry = state.changing(event.entry)
    entry.place, entry.tied, entry.prize = event.place, event.tied, event.prize
    entry.eliminated_by, entry.eliminated_level = event.by, event.level
    entry.eliminated_at = event.at
    entry.finish = event.reason
    if event.reason != "deal":  # placed by a deal, he keeps his chip count on record
        entry.stack = 0
    state.alive -= 1
    state.forfeited += event.forfeited
    state.absent.discard(event.entry)
    state.unseated.discard(event.entry)
    state.away_until.pop(event.entry, None)


def _moved(state: TournamentState, event: PlayerMoved) -> None:
    moving = state.entries[event.entry]
    if moving.moved_from is None:
        state.changing(event.entry).moved_from = event.from_table
    state.unseat_entry(event.entry)
    table = state.tables[event.to_table]
    state.seat_entry(event.entry, seat_newcomer(state, table, event.to_seat, event.entry))
    state.note_moved(event.entry)


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
        state.seat_entry(entry, table)
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
    state.pending.clear()
    winner = state.changing(event.winner)
    winner.place, winner.prize, winner.tied = 1, event.prize, 1
    winner.finish = "winner"
    state.alive -= 1
    state.finished = True
    if state.clock is not None and state.clock.running:
        state.clock = state.clock.pause(event.at)


def _chips_removed(state: TournamentState, event: ChipsRemoved) -> None:
    state.set_stack(event.entry, state.entries[event.entry].stack - event.chips)
    state.chips -= event.chips


CORE_FOLD: dict[type, Handler] = {
    TournamentCreated: _created,
    PlayerRegistered: _registered,
    PlayerSeated: _seated,
    SeatsDrawn: _seats_drawn,
    ButtonsPlaced: _buttons,
    HandPlayed: _hand_played,
    PlayerEliminated: _eliminated,
    PlayerMoved: _moved,
    TableBroken: _broken,
    FinalTableFormed: _final_table,
    HandForHandStarted: _h4h_started,
    HandForHandRound: _h4h_round,
    HandForHandEnded: _h4h_ended,
    TournamentFinished: _finished,
    ChipsRemoved: _chips_removed,
}
