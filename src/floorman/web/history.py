"""The figures the clock draws as charts: the field and the average stack over time, and the
chip leaders.

The public view says where the event stands now; a chart needs where it stood before. That
is a fold over the events in force (undone commands left out, as the state is), sampling the
state's own counters (``alive``, ``entries``, ``chips``) each time one of them changes. The
counters are kept by the state as it folds, so a point costs nothing more than the event;
the points are then thinned to at most :data:`MAX_POINTS`, keeping the first and last.

Chip leaders are the biggest stacks still in play. Decision: the clock shows them although
the public view shows no single player's stack. The issue asks for them on the big screen,
and at a live event the chip counts of the leaders are announced and posted by the floor;
they come from the log (hands recorded at the tables), never from the cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import TournamentEvent
from floorman.tournament.state import TournamentState

MAX_POINTS = 240
"""A chart is at most a few hundred pixels wide per point; more would only cost bytes."""
LEADERS = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class FieldPoint:
    """The field at one moment: players still in, entries so far, average stack in chips."""

    at: float
    players_left: int
    entries: int
    average_stack: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Leader:
    entry: str
    name: str
    stack: int
    table: int | None


def field_history(events: Iterable[TournamentEvent]) -> tuple[FieldPoint, ...]:
    """The field after each change of players, entries or chips in play, from the start of
    play on (before it no chips are in play), thinned to :data:`MAX_POINTS`."""
    tournament = Tournament()
    state = tournament.state
    points: list[FieldPoint] = []
    last: tuple[int, int, int] | None = None
    at: float | None = None
    for event in events:
        state.apply(event)
        at = getattr(event, "at", at)
        counters = (state.alive, len(state.entries), state.chips)
        if counters == last or at is None or not state.chips:
            continue
        last = counters
        points.append(_point(state, at))
    return thin(points, MAX_POINTS)


def _point(state: TournamentState, at: float) -> FieldPoint:
    alive = state.alive
    return FieldPoint(
        at=at,
        players_left=alive,
        entries=len(state.entries),
        average_stack=state.chips // alive if alive else 0,
    )


def thin(points: list[FieldPoint], limit: int) -> tuple[FieldPoint, ...]:
    """At most ``limit`` points, evenly spaced through the list, the first and last kept."""
    if len(points) <= limit:
        return tuple(points)
    step = (len(points) - 1) / (limit - 1)
    return tuple(points[round(i * step)] for i in range(limit))


def chip_leaders(state: TournamentState, count: int = LEADERS) -> tuple[Leader, ...]:
    """The ``count`` biggest stacks still in play, biggest first (ties by entry order)."""
    alive = [e for e in state.entries.values() if e.alive]
    alive.sort(key=lambda e: -e.stack)
    return tuple(
        Leader(entry=e.entry, name=e.name, stack=e.stack, table=e.table) for e in alive[:count]
    )
