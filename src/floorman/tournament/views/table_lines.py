"""The director view's table lines, kept from one view to the next: after a hand, only the tables
that changed have their next hand set up again.

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

import threading
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

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

_TableKey = tuple[Table, tuple[int, ...], int | None, HandStarted | None]


@dataclass(frozen=True, slots=True, kw_only=True)
class _Kept:
    tournament: Tournament
    seen: int
    """How many of the tournament's events the lines have followed."""
    last: object
    """The last of those events (a rebuilt log is a new list: nothing is kept then)."""
    context: Hashable
    keys: dict[int, _TableKey]
    lines: dict[int, TableLine]


class TableLines:
    """One tournament's table lines, kept between views (safe from any thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: _Kept | None = None
        self._data: dict[int, tuple[TableLine, dict[str, Any]]] = {}
        self.taken = 0
        """Lines taken anew so far: what the benchmark and the tests count."""

    def lines(self, tournament: Tournament, at: float) -> tuple[TableLine, ...]:
        """The line of every table in play at ``at``, in table order, as
        :func:`~floorman.tournament.views.audiences.table_line` gives them."""
        with self._lock:
            context = _context(tournament, at)
            reusable = self._reusable(tournament, context)
            state = tournament.state
            keys: dict[int, _TableKey] = {}
            lines: dict[int, TableLine] = {}
            for number in sorted(state.tables):
                keys[number] = key = _table_key(tournament, number)
                kept = reusable.get(number)
                if kept is not None and kept[0] == key:
                    lines[number] = kept[1]
                else:
                    lines[number] = table_line(tournament, number, at)
                    self.taken += 1
            events = tournament.events
            self._kept = _Kept(
                tournament=tournament,
                seen=len(events),
                last=events[-1] if events else None,
                context=context,
                keys=keys,
                lines=lines,
            )
            return tuple(lines.values())

    def data(self) -> list[dict[str, Any]]:
        """The lines of the last :meth:`lines` as JSON-ready data, each line's made once: a
        view of a thousand tables is a hundred thousand values to convert otherwise. The
        dicts are shared from view to view: read them, never change them."""
        with self._lock:
            lines = {} if self._kept is None else self._kept.lines
            data: dict[int, tuple[TableLine, dict[str, Any]]] = {}
            for number, line in lines.items():
                known = self._data.get(number)
                data[number] = known if known and known[0] is line else (line, line.as_dict())
            self._data = data
            return [plain for _, plain in data.values()]

    def _reusable(
        self, tournament: Tournament, context: Hashable
    ) -> dict[int, tuple[_TableKey, TableLine]]:
        """The kept lines that may still hold, by table, with the key each was taken at."""
        kept = self._kept
        if kept is None or kept.tournament is not tournament or kept.context != context:
            return {}
        events = tournament.events
        if len(events) < kept.seen or (kept.seen and events[kept.seen - 1] is not kept.last):
            return {}
        if any(type(event) not in TABLE_EVENTS for event in events[kept.seen :]):
            return {}
        return {n: (kept.keys[n], line) for n, line in kept.lines.items()}


def _table_key(tournament: Tournament, number: int) -> _TableKey:
    state = tournament.state
    table = state.tables[number]
    stacks = tuple(state.entries[entry].stack for entry in table.players)
    return table, stacks, state.buttons.get(number), state.play.in_hand.get(number)


def _context(tournament: Tournament, at: float) -> Hashable:
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
