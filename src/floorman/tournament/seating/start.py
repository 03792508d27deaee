"""The start of the event: the seat draw (TDA R7), the buttons, the payouts and the clock.

A function of the command's :class:`~floorman.tournament.fold.Fold`: the unsold seats
(Poland §55.10) are dealt first and the draw decided on them; the whole start is applied or
nothing (:mod:`floorman.tournament.fold`).
"""

from __future__ import annotations

import random

from floorman.tournament.desk import unsold_seats
from floorman.tournament.events import ButtonsPlaced, ClockStarted, SeatsDrawn, TournamentEvent
from floorman.tournament.fold import Fold
from floorman.tournament.money import pool as money
from floorman.tournament.refusals import bad
from floorman.tournament.seating.draws import button_draw, seat_draw


def start(fold: Fold, *, at: float, rng: random.Random) -> tuple[TournamentEvent, ...]:
    """Seat draw (R7), buttons (the profile's draw), payouts, and the clock running.
    Where absent stacks stay out of play (RedCactus 7), absent players are not drawn.
    The format's own condition (a full sit-and-go) is the caller's to check
    (:func:`floorman.tournament.formats.commands.check_format_start`)."""
    state, config = fold.state, fold.config
    if state.started:
        fold.refuse("started", "the tournament has already started")
    out_of_play = not config.ruleset.tournament.absent_stack_in_play
    drawn = [e for e in state.entries if not (out_of_play and e in state.absent)]
    if len(drawn) < 2:
        bad("a tournament needs two entries", "entries")
    dealt = fold.emit(unsold_seats.deal(state, players=len(drawn)))  # Poland §55.10
    drawn += sorted(state.unsold)
    seats_per_table = config.seats_per_table
    tables = seat_draw(drawn, seats_per_table=seats_per_table, rng=rng)
    tables = unsold_seats.spread(tables, state.unsold)
    draw = button_draw(tables, method=config.ruleset.tournament.button_draw, rng=rng)
    seats = tuple((e, t.number, t.seat_of(e)) for t in tables for e in t.players)
    events = fold.emit(
        [
            SeatsDrawn(
                seats_per_table=seats_per_table,
                seats=seats,
                rule=config.ruleset.cite("seat-draw").rule,
            ),
            ButtonsPlaced(
                buttons=tuple(sorted(draw.buttons.items())),
                rule=config.ruleset.sources.get("button_draw", ""),
            ),
            money.payouts(state),
        ]
    )
    return dealt + events + fold.emit([ClockStarted(at=at)])
