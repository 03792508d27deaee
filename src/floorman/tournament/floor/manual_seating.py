"""Seating the director does by hand: a player dragged to a seat, a table opened or closed, and
the moves players confirm once they have carried them out.

A manual move is the director's decision (TDA R1; a player found in the wrong seat moves with
his current stack, R7; a seat for special needs, R9): it is checked only for what must hold
(the player is in, the table is in play, the seat exists and is free) and recorded as a
``PlayerMoved`` with the director's reason, cited by the profile's general rule. Like every
move, it is immediate in the state and carries the instruction the floor reads out, which waits
for the player's confirmation. A table closed by hand is broken like any other (the two-step
draw, R10-B) and the remaining tables balanced.
"""

from __future__ import annotations

from floorman.tournament.events import PlayerMoved
from floorman.tournament.floor.manual_busts import in_play
from floorman.tournament.floor.manual_events import MoveConfirmed, TableOpened
from floorman.tournament.floor.manual_state import pending_instruction
from floorman.tournament.refusals import bad
from floorman.tournament.seating import reseating
from floorman.tournament.seating.tables import MAX_SEATS, MIN_SEATS, Move, Table
from floorman.tournament.state import TournamentState


def decide_move(
    state: TournamentState, *, entry: str, to_table: int, to_seat: int, reason: str
) -> PlayerMoved:
    """``entry`` to seat ``to_seat`` (0-based) of ``to_table``."""
    player = in_play(state, entry)
    if not reason.strip():
        bad("a move by the director needs a reason", "reason")
    table = _table(state, to_table)
    if isinstance(to_seat, bool) or not isinstance(to_seat, int):
        bad("a seat is a whole number", "seat")
    if not 0 <= to_seat < len(table.seats):
        bad(f"table {to_table} has seats 1 to {len(table.seats)}", "seat")
    if table.seats[to_seat] is not None:
        bad(f"table {to_table} seat {to_seat + 1} is taken", "seat-taken")
    assert player.table is not None
    assert player.seat is not None
    move = Move(
        entry=entry,
        from_table=player.table,
        from_seat=player.seat,
        to_table=to_table,
        to_seat=to_seat,
        rule="general",
    )
    return reseating.move_event(state, move, "manual", note=reason.strip())


def decide_open(state: TournamentState, *, table: int, seats: int | None, at: float) -> TableOpened:
    """An empty table numbered ``table`` with ``seats`` seats (the event's table size)."""
    if isinstance(table, bool) or not isinstance(table, int) or table < 1:
        bad("tables are numbered from 1", "table")
    if table in state.tables:
        bad(f"table {table} is in play already", "table")
    size = state.config_.seats_per_table if seats is None else seats
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SEATS <= size <= MAX_SEATS:
        bad(f"a table has {MIN_SEATS} to {MAX_SEATS} seats", "seats")
    rule = state.config_.ruleset.cite("general").rule
    return TableOpened(table=table, seats=size, at=at, rule=rule)


def check_close(state: TournamentState, table: int) -> None:
    """A table may close when the others have a free seat for each of its players."""
    closing = _table(state, table)
    others = [t for n, t in state.tables.items() if n != table]
    if not others:
        bad("the last table in play cannot close", "table")
    free = sum(len(t.free_seats) for t in others)
    if free < closing.size:
        bad(f"the other tables have {free} free seats for {closing.size} players", "free-seats")


def decide_confirm(state: TournamentState, *, entry: str, at: float) -> MoveConfirmed:
    if pending_instruction(state, entry) is None:
        bad(f"{entry!r} has no move to carry out", "instruction")
    return MoveConfirmed(entry=entry, at=at)


def _table(state: TournamentState, number: int) -> Table:
    table = state.tables.get(number) if isinstance(number, int) else None
    if table is None:
        bad(f"table {number} is not in play", "table")
    return table
