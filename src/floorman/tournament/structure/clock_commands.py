"""The director's clock commands and the chip race, as functions of a command's fold.

Every change of the clock is an event (paused, resumed, time added); skipping to the next
level or setting the time left is recorded as the time it adds or takes off. The chip race of
a colour-up break runs at every table at once, between hands (TDA R24).
"""

from __future__ import annotations

import random

from floorman.tournament.events import ClockPaused, ClockResumed, TimeAdded, TournamentEvent
from floorman.tournament.floor.after_hand import clock_of
from floorman.tournament.floor.hands_in_play import check_no_hand_in_progress
from floorman.tournament.fold import Fold
from floorman.tournament.refusals import bad
from floorman.tournament.structure import colour_up_race


def pause(fold: Fold, *, at: float) -> tuple[TournamentEvent, ...]:
    if not clock_of(fold).running:
        fold.refuse("levels", "the clock is not running")
    return fold.emit([ClockPaused(at=at)])


def resume(fold: Fold, *, at: float) -> tuple[TournamentEvent, ...]:
    if clock_of(fold).running:
        fold.refuse("levels", "the clock is already running")
    return fold.emit([ClockResumed(at=at)])


def add_time(fold: Fold, *, seconds: float, at: float) -> tuple[TournamentEvent, ...]:
    """More (or, negative, less) time for the current item of the structure."""
    clock_of(fold).add_time(seconds, at=at)  # refuses what the clock cannot take
    return fold.emit([TimeAdded(seconds=seconds, at=at)])


def next_level(fold: Fold, *, at: float) -> tuple[TournamentEvent, ...]:
    """The director ends the item in progress now: the next level (or the break before
    it) starts at ``at``; recorded as the time taken off."""
    return add_time(fold, seconds=clock_of(fold).to_next_item(at), at=at)


def set_time_left(fold: Fold, *, seconds: float, at: float) -> tuple[TournamentEvent, ...]:
    """The director sets the time left in the level or break in progress."""
    return add_time(fold, seconds=clock_of(fold).to_time_left(seconds, at), at=at)


def race_chips(fold: Fold, *, at: float, rng: random.Random) -> tuple[TournamentEvent, ...]:
    """Run the chip race of every colour-up break the clock has reached, at every table,
    by the profile's method (card race or rounding), nobody raced out."""
    due = colour_up_race.due_breaks(fold.state, at)
    if not due:
        bad("no chip race is due", "chip-race")
    check_no_hand_in_progress(fold.state, "the chip race")
    events: tuple[TournamentEvent, ...] = ()
    for index in due:
        events += fold.emit([colour_up_race.race_break(fold.state, index, rng)])
    return events
