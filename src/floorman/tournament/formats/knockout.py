"""Table knock-out: the Belarus Olympic format (3.2) and the shootout.

Every table plays, with no balancing and no breaking, until one player holds all its chips
(3.2-¶2a): that table closes and its winner waits (:func:`tables_won`). When every table of
the stage has its winner, the winners are drawn at random to the next stage's tables
(:func:`next_stage`), as few tables as hold them with sizes within one, and play again; the
stage of one table is the final, whose winner wins the event.

Decisions where 3.2 leaves the Regulations to decide (digest ambiguity 24, catalogue decision
24), all settings of the event (:class:`~floorman.tournament.formats.kinds.StageSettings`):

- stacks: Olympic stages restart with equal stacks, the structure's starting stack unless the
  event sets another (3.2-¶2b); a shootout does the same or carries the chips won;
- levels start again from the first with fresh stacks, and go on when chips are carried;
- seats: a random draw of table and seat (5.2), and a new button draw by the profile's method;
  there are no byes: winners that do not fill tables evenly sit at tables within one player
  of each other;
- places: by stage, then within a stage by order of elimination, busts of one hand at one
  table ranked by their stacks at its start (decision 25, as in the American format). Since a
  stage is over before the next begins, the usual places of the freeze-out give exactly
  that: everyone out in stage 1 finishes below every player who reached stage 2.
"""

from __future__ import annotations

import random

from floorman.tournament.events import ButtonsPlaced, SeatsDrawn, TournamentEvent
from floorman.tournament.formats.events import ClockReset, StageStarted, TableWon
from floorman.tournament.formats.kinds import stage_label
from floorman.tournament.seating.draws import button_draw, seat_draw
from floorman.tournament.state import TournamentState


def tables_won(state: TournamentState, *, at: float) -> list[TableWon]:
    """A ``TableWon`` for every table down to one player (3.2-¶2a)."""
    rule = state.config_.ruleset.cite("table-winner").rule
    return [
        TableWon(table=number, winner=table.players[0], stage=state.formats.stage, at=at, rule=rule)
        for number, table in sorted(state.tables.items())
        if table.size == 1
    ]


def stage_over(state: TournamentState) -> bool:
    """Every table of the stage has its winner and more than one player is left."""
    return not state.tables and state.alive > 1


def next_stage(state: TournamentState, *, at: float, rng: random.Random) -> list[TournamentEvent]:
    """The next stage for the winners waiting: their stacks, the seat and button draws, and
    the clock back to the first level when the stage restarts the levels (3.2-¶2b)."""
    config = state.config_
    ruleset = config.ruleset
    winners = list(state.formats.table_winners)
    tables = seat_draw(winners, seats_per_table=config.seats_per_table, rng=rng)
    buttons = button_draw(tables, method=ruleset.tournament.button_draw, rng=rng)
    settings = config.stages
    stack = settings.stage_stack(config.starting_stack)
    stacks = tuple(
        (entry, state.entries[entry].stack if settings.carry_chips else stack) for entry in winners
    )
    events: list[TournamentEvent] = [
        StageStarted(
            stage=state.formats.stage + 1,
            label=stage_label(len(tables)),
            tables=len(tables),
            stacks=stacks,
            at=at,
            rule=ruleset.cite("stage").rule,
        ),
        SeatsDrawn(
            seats_per_table=config.seats_per_table,
            seats=tuple((e, t.number, t.seat_of(e)) for t in tables for e in t.players),
            rule=ruleset.cite("seat-draw").rule,
        ),
        ButtonsPlaced(
            buttons=tuple(sorted(buttons.buttons.items())),
            rule=ruleset.sources.get("button_draw", ""),
        ),
    ]
    if settings.restarts_levels():
        events.append(ClockReset(index=0, at=at))
    return events
