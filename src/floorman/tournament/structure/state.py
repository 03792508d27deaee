"""The fold of the clock's events (started, paused, resumed, time added) and of the chip race.

Nothing here checks anything: every check was made when the event was decided.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from floorman.tournament.events import ClockPaused, ClockResumed, ClockStarted, TimeAdded
from floorman.tournament.structure.clock import Clock
from floorman.tournament.structure.race_events import ChipRaceRun

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


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


def _chip_race(state: TournamentState, event: ChipRaceRun) -> None:
    for race in event.races:
        for line in race.lines:
            state.set_stack(line.entry, line.stack_after)
            state.chips += line.stack_after - line.stack_before
    state.raced.add(event.index)


CLOCK_FOLD: dict[type, Callable[[TournamentState, Any], None]] = {
    ClockStarted: _clock_started,
    ClockPaused: _clock_paused,
    ClockResumed: _clock_resumed,
    TimeAdded: _time_added,
    ChipRaceRun: _chip_race,
}
