"""What the tournament keeps of a director's console: instructions waiting to be carried out and
the busts he entered, with the fold of the console's events.

Like :mod:`floorman.tournament.formats.state`, nothing here checks anything: the checks were
made when the events were decided (:mod:`floorman.tournament.floor.manual_commands`).

Stacks a console records are the floor's knowledge, not the truth: between two counts the
players win and lose chips the tournament never sees. The chips in play (``state.chips``)
stay exact, so what no stack holds is :func:`uncounted`: chips of players out whose winners
were not named, and the drift of the stacks since they were counted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from floorman.tournament.events import PlayerMoved
from floorman.tournament.floor.manual_events import (
    ChipsCounted,
    HandDone,
    MoveConfirmed,
    PlayerBusted,
    TableOpened,
)
from floorman.tournament.money.places import Bust
from floorman.tournament.seating.tables import Table

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class Instruction:
    """A move the floor has announced and the player has not confirmed yet."""

    entry: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    text: str


@dataclass(slots=True)
class ManualState:
    instructions: dict[str, Instruction] = field(default_factory=dict)
    """The latest announced move of each player, until he confirms it."""
    busts: dict[str, Bust] = field(default_factory=dict)
    """Busts the director entered, to place again those of one hand entered one by one."""


def instruction_text(
    state: TournamentState, entry: str, origin: tuple[int, int], to: tuple[int, int]
) -> str:
    """The instruction read to the player, tables and seats numbered from 1, from where he
    sits now (the start of a move he has not carried out yet, else ``origin``)."""
    name = state.entries[entry].name
    start = origin_of(state, entry) or origin
    return f"{name}: table {start[0]} seat {start[1] + 1} -> table {to[0]} seat {to[1] + 1}"


def origin_of(state: TournamentState, entry: str) -> tuple[int, int] | None:
    """Where the player physically sits: the start of a move he has not carried out yet, or
    ``None`` when he has none (he sits where the tournament seats him)."""
    pending = pending_instruction(state, entry)
    return None if pending is None else (pending.from_table, pending.from_seat)


def pending_instruction(state: TournamentState, entry: str) -> Instruction | None:
    """The instruction ``entry`` still has to carry out; ``None`` once confirmed, or when a
    later seating (a redraw, elimination) left it behind."""
    instruction = state.manual.instructions.get(entry)
    player = state.entries.get(entry)
    if instruction is None or player is None or not player.alive:
        return None
    if (player.table, player.seat) != (instruction.to_table, instruction.to_seat):
        return None
    return instruction


def pending_instructions(state: TournamentState) -> tuple[Instruction, ...]:
    """Every instruction not carried out yet, oldest first."""
    found = (pending_instruction(state, entry) for entry in state.manual.instructions)
    return tuple(instruction for instruction in found if instruction is not None)


def uncounted(state: TournamentState) -> int:
    """Chips in play that no player's stack holds (negative: the stacks on record hold more
    than is in play); zero whenever every hand is recorded or a full count was just made."""
    return state.chips - sum(entry.stack for entry in state.entries.values())


def note_move(state: TournamentState, event: PlayerMoved) -> None:
    """A move that carries an instruction waits for the player to confirm it."""
    if not event.instruction:
        return
    origin = (event.from_table, event.from_seat)
    earlier = state.manual.instructions.get(event.entry)
    if earlier is not None and (earlier.to_table, earlier.to_seat) == origin:
        origin = (earlier.from_table, earlier.from_seat)  # he never left his first seat
    instructions = state.instructions_to_change()
    instructions.pop(event.entry, None)  # latest last, for the oldest-first list
    instructions[event.entry] = Instruction(
        entry=event.entry,
        from_table=origin[0],
        from_seat=origin[1],
        to_table=event.to_table,
        to_seat=event.to_seat,
        text=event.instruction,
    )


def forget_instructions(state: TournamentState, event: object) -> None:
    """Reaction to a redraw (the start's, the final table's): it replaces every move not
    carried out, and is announced as a whole."""
    del event
    state.instructions_to_change().clear()


def forget_taken_seat(state: TournamentState, event: Any) -> None:
    """Reaction to an unsold seat taken by a late registrant (``UnsoldSeatTaken``)."""
    state.instructions_to_change().pop(event.unsold, None)


def forget_closed_seats(state: TournamentState, event: Any) -> None:
    """Reaction to unsold seats out of play (``UnsoldSeatsClosed``)."""
    for entry in event.entries:
        state.instructions_to_change().pop(entry, None)


def _busted(state: TournamentState, event: PlayerBusted) -> None:
    state.set_stack(event.entry, 0)
    for winner, chips in event.shares:
        state.set_stack(winner, state.entries[winner].stack + chips)
    bust = Bust(
        event.entry,
        event.table,
        event.hand_stack or 0,
        event.level,
        known=event.hand_stack is not None,
    )
    state.manual.busts[event.entry] = bust
    if not event.same_hand:  # busts of a hand already placed are placed again at once
        state.pending.append(bust)
    state.knocked_out_by[event.entry] = tuple(winner for winner, _ in event.shares)


def _hand_done(state: TournamentState, event: HandDone) -> None:
    if state.hand_for_hand:
        state.round_played.add(event.table)


def _counted(state: TournamentState, event: ChipsCounted) -> None:
    for entry, _, stack in event.counts:
        state.set_stack(entry, stack)
    state.chips += event.adjustment


def _opened(state: TournamentState, event: TableOpened) -> None:
    state.tables[event.table] = Table(number=event.table, seats=(None,) * event.seats)


def _confirmed(state: TournamentState, event: MoveConfirmed) -> None:
    state.instructions_to_change().pop(event.entry, None)


MANUAL_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    PlayerBusted: _busted,
    HandDone: _hand_done,
    ChipsCounted: _counted,
    TableOpened: _opened,
    MoveConfirmed: _confirmed,
}
"""The fold of each console event, registered in :mod:`floorman.tournament.state`."""
