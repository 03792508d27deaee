"""What follows a hand, a bust or a player leaving, in the order a floor does it.

Eliminations and places, players who never came, alternates into the freed seats, the end of
the event, hand-for-hand, the final table (or a knock-out stage, or a final table called to wait
for the hands in progress), tables to break, balancing moves; then, after every hand, a called
final table whose tables have all finished and the end of a day
(:mod:`floorman.tournament.formats.commands`). Each step is decided on the fold of the steps
before it (:class:`~floorman.tournament.fold.Fold`), so the command that ends in these steps is
applied whole or not at all.
"""

from __future__ import annotations

import random

from floorman.tournament.desk import absence, entries, unsold_seats
from floorman.tournament.events import HandForHandRound, TournamentEvent
from floorman.tournament.fold import Fold
from floorman.tournament.formats import commands as formats
from floorman.tournament.money import eliminations
from floorman.tournament.money import pool as money
from floorman.tournament.refusals import bad
from floorman.tournament.structure.clock import Clock


def clock_of(fold: Fold) -> Clock:
    """The running structure's clock; refused before the start."""
    clock = fold.state.clock
    if clock is None:
        bad("the clock has not started", "clock")
    return clock


def after_hands(fold: Fold, at: float, rng: random.Random) -> list[TournamentEvent]:
    """After a hand, or the hand-for-hand round's last hand: the clock charged for the
    round, then the busts placed and everything that follows."""
    return _charge_round(fold, at) + after_busts(fold, at, rng)


def _charge_round(fold: Fold, at: float) -> list[TournamentEvent]:
    events: list[TournamentEvent] = []
    if fold.state.hand_for_hand:
        rules = fold.config.ruleset
        seconds = rules.tournament.hand_for_hand_seconds_per_hand
        rule = rules.sources.get("hand_for_hand_seconds_per_hand", "")
        events += fold.emit([HandForHandRound(seconds=seconds, rule=rule)])
        position = clock_of(fold).position(at)
        if position.level_number is None and not position.finished:
            # The charges reached a break: it is taken whole, and the next hand-for-hand
            # hand starts the next level (decision recorded in docs/tournament.md).
            seconds = int(position.remaining) + 1
            events += fold.emit([HandForHandRound(seconds=seconds, rule=rule)])
    return events


def after_busts(fold: Fold, at: float, rng: random.Random) -> list[TournamentEvent]:
    """Places for the players out (recorded hands or the director's busts), players who
    can no longer arrive finishing below them, then everything that follows."""
    events = list(fold.emit(absence.close_no_shows(fold.state, at)))
    eliminated = fold.emit(eliminations.place_pending(fold.state, at))
    return events + list(eliminated) + after_placing(fold, at, rng, bool(eliminated))


def after_placing(
    fold: Fold, at: float, rng: random.Random, seats_changed: bool
) -> list[TournamentEvent]:
    events = after_eliminations(fold, at, rng, seats_changed)
    if fold.state.finished:
        return events
    return events + formats.after_play(fold, at, rng)  # a called final table, the day's end


def after_eliminations(
    fold: Fold, at: float, rng: random.Random, seats_changed: bool
) -> list[TournamentEvent]:
    """Everything that follows players leaving the event (busts, a disqualification)."""
    state = fold.state
    events = list(fold.emit(absence.close_no_shows(state, at)))
    while seated := entries.seat_next_alternate(state, at, rng):
        events += fold.emit(seated)
        events += fold.emit(money.payouts_unless_paid(state))
    events += fold.emit(entries.release_alternates(state, at))
    if state.alive == 1:
        return events + list(fold.emit(eliminations.finish(state, at)))
    if not (seats_changed or events):
        return events  # nobody left a table: seating stays as it was
    events += formats.seating(fold, at, rng)  # hand-for-hand, then the tables (formats)
    # A break or a balancing move may leave unsold seats alone at a table (Poland §55.10).
    still_open = entries.late_registration_open(state, at)
    alone = fold.emit(unsold_seats.close(state, at, registration_open=still_open))
    if not alone:
        return events + list(alone)
    # Their closing may in turn empty a table (its last player was the one balanced away), or
    # leave it short: the tables are seen to once more.
    return events + list(alone) + formats.seating(fold, at, rng)
