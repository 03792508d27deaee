"""Seat-number activation (PokerStars Live 2.1.2, an event's setting): a late entrant is given
his table and seat at once, but his stack plays only when every seat with his seat number is
given out; then all the players waiting for that number sit down together (2.1.2.1: "table 4
seat 8" waits until every seat 8 is taken).

Decisions (the digest's ambiguity A14 leaves when he is dealt in open):

- the seat is drawn among the free seats of the tables below the director's table size
  (Poland §25.1, RedCactus 11: counting their waiting entrants) with fewest players and waiting
  entrants, and among those, of the seat number closest to being given out, so numbers open
  one at a time and nobody waits longer than the room needs to sell one number;
- a seat number is given out when every table with that many seats has the seat taken or
  waiting for someone; the waiting players then take their seats (the dead-button rule decides
  whether they are dealt in at once, as for any newcomer);
- when every table is at that size, nothing is reserved: he is seated at once by
  :func:`~floorman.tournament.seating.newcomers.seat_newcomer` (a new table the balancing fills),
  since a new table has no seat number to sell;
- when late registration closes, every player still waiting sits down at once;
- a reserved seat taken meanwhile by another move (balancing sees only seated players) is
  replaced by a free seat of a table with fewest players when his number is activated.

Alternates keep the usual seating: they fill seats freed by eliminations (PokerStars Live
2.1.1), not numbers being sold.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from floorman.tournament.desk.events import SeatReserved, SeatsActivated
from floorman.tournament.events import TournamentEvent
from floorman.tournament.floor.state import seats_per_table
from floorman.tournament.refusals import bad
from floorman.tournament.seating.newcomers import seat_newcomer
from floorman.tournament.seating.tables import Table
from floorman.tournament.state import TournamentState


def reserve(
    state: TournamentState, entry: str, at: float, rng: random.Random
) -> list[TournamentEvent]:
    """``entry``'s reserved seat, and the activation of its number if it was the last one."""
    reserved = set(state.desk.reserved.values())
    drawn = _draw(state, reserved, rng)
    if drawn is None:
        late_seat = state.config_.ruleset.cite("late-seat").rule
        return seat_newcomer(state, entry, rng, at=at, rule=late_seat)
    number, seat = drawn
    rule = state.config_.ruleset.cite("seat-activation").rule
    events: list[TournamentEvent] = [
        SeatReserved(entry=entry, table=number, seat=seat, at=at, rule=rule)
    ]
    reserved.add((number, seat))
    if _given_out(state.tables.values(), reserved, seat):
        waiting = {**state.desk.reserved, entry: (number, seat)}
        events.append(_activation(state, waiting, seat, at))
    return events


def activate_all(state: TournamentState, at: float) -> list[TournamentEvent]:
    """Everyone still waiting sits down: late registration has closed."""
    if not state.desk.reserved:
        return []
    return [_activation(state, state.desk.reserved, None, at)]


def _draw(
    state: TournamentState, reserved: set[tuple[int, int]], rng: random.Random
) -> tuple[int, int] | None:
    """A free seat of a table below the table size, or ``None`` when none is."""
    counts = {n: t.size for n, t in state.tables.items()}
    for number, _ in reserved:
        counts[number] = counts.get(number, 0) + 1
    size = seats_per_table(state)
    free = [
        (t.number, s)
        for t in state.tables.values()
        if counts[t.number] < size
        for s in t.free_seats
        if (t.number, s) not in reserved
    ]
    if not free:
        return None
    fewest = min(counts[n] for n, _ in free)
    free = [(n, s) for n, s in free if counts[n] == fewest]
    left = {s: _free_of_number(state.tables.values(), reserved, s) for _, s in free}
    closest = min(left.values())
    return rng.choice(sorted((n, s) for n, s in free if left[s] == closest))


def _free_of_number(tables: Collection[Table], reserved: set[tuple[int, int]], seat: int) -> int:
    """Seats numbered ``seat`` neither taken nor waiting for someone."""
    return sum(
        1
        for t in tables
        if seat < len(t.seats) and t.seats[seat] is None and (t.number, seat) not in reserved
    )


def _given_out(tables: Collection[Table], reserved: set[tuple[int, int]], seat: int) -> bool:
    return _free_of_number(tables, reserved, seat) == 0


def _activation(
    state: TournamentState, waiting: dict[str, tuple[int, int]], seat: int | None, at: float
) -> SeatsActivated:
    """The waiting players of ``seat`` (all of them if ``None``) with the seats they take."""
    tables: dict[int, Table] = dict(state.tables)
    seats: list[tuple[str, int, int]] = []
    for entry, (number, chosen) in sorted(waiting.items()):
        if seat is not None and chosen != seat:
            continue
        table = tables.get(number)
        if table is None or table.seats[chosen] is not None:
            number, chosen = _replacement(tables, seats_per_table(state))
            table = tables[number]
        tables[number] = table.with_seat(chosen, entry)
        seats.append((entry, number, chosen))
    rule = state.config_.ruleset.cite("seat-activation").rule
    return SeatsActivated(seat=seat, seats=tuple(seats), at=at, rule=rule)


def _replacement(tables: dict[int, Table], size: int) -> tuple[int, int]:
    """A free seat at a table with fewest players, lowest table and seat first: one below
    the table size when there is one (balancing then evens the tables out)."""
    open_tables = [t for t in tables.values() if t.free_seats and t.size < size]
    open_tables = open_tables or [t for t in tables.values() if t.free_seats]
    if not open_tables:
        bad("no table has a free seat for a waiting late entry", "free-seats")
    table = min(open_tables, key=lambda t: (t.size, t.number))
    return table.number, table.free_seats[0]
