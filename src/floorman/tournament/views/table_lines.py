"""The director view's table lines, kept from one view to the next: after a hand, only the tables
that changed have their next hand set up again.

Pure functions: :func:`take_lines` takes the last view's :class:`KeptLines` (or ``None``) and
gives the new ones. The cache that holds them between a server's views, and the lock that
makes it safe from any thread, are the service's
(:class:`floorman.service.api.table_lines.TableLines`).

A table's line shows the positions and level of its next hand, and finding them is setting up
that hand (:meth:`Tournament.hand_setup`: the dead-button positions, the level in force, TDA
R23), most of the cost of a director's view: about half a millisecond a table, half a second
for an event of 1,112 tables, on every change the feeds publish. Between two views most
tables do not change.

Which lines to take again is decided from the tournament itself, not from what an event is
thought to touch:

- a line is taken again when its table (a frozen :class:`~floorman.tournament.seating.tables.Table`
  value, replaced by every seat change and every recorded hand), its players' stacks or its
  drawn button differ from the last view's;
- everything else a line reads is the tournament's as a whole, and is compared as a whole:
  the clock's item (the level in force, a break), the end of the day and a called final
  table, the tournament over. Hand-for-hand play ties the tables' rounds together, so while it
  is on every line is taken again;
- the events since the last view must all be of kinds that change nothing else a line reads
  (:data:`TABLE_EVENTS`); after any other event every line is taken again, so a kind added
  later is safe without a change here.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import (
    HandPlayed,
    PayoutsSet,
    PlayerEliminated,
    PlayerMoved,
    PlayerRegistered,
    PlayerSeated,
    TableBroken,
)
from floorman.tournament.floor.hands_in_play import HandStarted
from floorman.tournament.seating.reseating import halted_tables
from floorman.tournament.seating.tables import Table
from floorman.tournament.views.audiences import TableLine, table_line

TABLE_EVENTS: frozenset[type] = frozenset(
    {
        HandPlayed,
        HandStarted,
        PlayerEliminated,
        PlayerMoved,
        PlayerSeated,
        TableBroken,
        PlayerRegistered,
        PayoutsSet,
    }
)
"""Event kinds whose effect on the lines is seen in the lines' own tables and stacks: the
tournament-wide things they change (the count of players left, places, prizes, the hand
count) are not shown in a line."""

TableKey = tuple[Table, tuple[int, ...], int | None, HandStarted | None]
"""What a table's line reads of its own table: the table, its players' stacks, its drawn
button and the hand started there."""


@dataclass(frozen=True, slots=True, kw_only=True)
class KeptLines:
    """The lines of one view, with what they were taken from."""

    tournament: Tournament
    seen: int
    """How many of the tournament's events the lines have followed."""
    last: object
    """The last of those events (a rebuilt log is a new list: nothing is kept then)."""
    context: Hashable
    keys: Mapping[int, TableKey]
    lines: Mapping[int, TableLine]
    """Every table's line, in table order."""
    taken: int
    """How many of ``lines`` were taken anew (the others were kept)."""


def take_lines(tournament: Tournament, at: float, kept: KeptLines | None) -> KeptLines:
    """The line of every table in play at ``at``, in table order, as
    :func:`~floorman.tournament.views.audiences.table_line` gives them, keeping those of
    ``kept`` (the last view's) that still hold."""
    context = lines_context(tournament, at)
    reusable = reusable_lines(kept, tournament, context)
    keys: dict[int, TableKey] = {}
    lines: dict[int, TableLine] = {}
    taken = 0
    for number in sorted(tournament.state.tables):
        keys[number] = key = table_key(tournament, number)
        found = reusable.get(number)
        if found is not None and found[0] == key:
            lines[number] = found[1]
        else:
            lines[number] = table_line(tournament, number, at)
            taken += 1
    events = tournament.events
    return KeptLines(
        tournament=tournament,
        seen=len(events),
        last=events[-1] if events else None,
        context=context,
        keys=keys,
        lines=lines,
        taken=taken,
    )


def reusable_lines(
    kept: KeptLines | None, tournament: Tournament, context: Hashable
) -> dict[int, tuple[TableKey, TableLine]]:
    """The kept lines that may still hold, by table, with the key each was taken at."""
    if kept is None or kept.tournament is not tournament or kept.context != context:
        return {}
    events = tournament.events
    if len(events) < kept.seen or (kept.seen and events[kept.seen - 1] is not kept.last):
        return {}
    if any(type(event) not in TABLE_EVENTS for event in events[kept.seen :]):
        return {}
    return {n: (kept.keys[n], line) for n, line in kept.lines.items()}


def table_key(tournament: Tournament, number: int) -> TableKey:
    """What table ``number``'s line reads of its own table."""
    state = tournament.state
    table = state.tables[number]
    stacks = tuple(state.entries[entry].stack for entry in table.players)
    return table, stacks, state.buttons.get(number), state.play.in_hand.get(number)


def lines_context(tournament: Tournament, at: float) -> Hashable:
    """What every line reads besides its own table: compared as a whole."""
    state = tournament.state
    clock = state.clock
    formats = state.formats
    hands_left = formats.hands_left
    return (
        None if clock is None else clock.position(max(at, clock.updated_at or at)).index,
        clock is not None and at >= (clock.updated_at or at),
        state.started,
        state.finished,
        state.final_table,
        # hand-for-hand: a fresh object each time, so no two views compare equal
        object() if state.hand_for_hand else None,
        formats.day_over,
        formats.final_table_waiting,
        None if hands_left is None else tuple(sorted(hands_left.items())),
        frozenset(state.raced),
        state.play.waiting,  # what waits for a hand, and the halts it brings
        halted_tables(state),  # a director balancing by hand leaves tables short
    )
