"""A seat for a newcomer (late entry, re-entry, alternate, a late arrival whose stack waited)
that never puts a table beyond the director's table size.

The director's table size (:func:`set_table_size`,
Poland §25.1, RedCactus 11) is the most players a table holds, below the seats the tables
have. A newcomer is drawn to a table under that size (TDA R8-A, by
:func:`~floorman.tournament.seating.draws.late_entry_seat`). When every table is at the size but
seats are still free, a new table opens and the balancing procedure fills it (TDA R11-C, PSL
2.5, Poland §25.2: players move to the short table), so the size holds.

Why a new table rather than a refusal or the alternate list: the entry is valid (late
registration is open, R8-A seats late entries by draw like new players), the alternate list
answers a room without seats (Poland §56.1, PSL 2.1.1), which is not the case here, and the
director lowered the size to spread the players, not to turn them away. The new table's
button is drawn by the profile's method once balancing has given it players. While the
director balances himself (R11-C, PSL 2.5.1), floorman opens the table and seats the
newcomer only: the director moves players (``balance_from``) and draws its button
(``draw_button``).
"""

from __future__ import annotations

import random

from floorman.engine.games import get_game
from floorman.tournament.events import ButtonsPlaced, PlayerSeated, TournamentEvent
from floorman.tournament.floor.manual_events import TableOpened
from floorman.tournament.floor.state import DIRECTOR, seats_per_table
from floorman.tournament.refusals import bad, source
from floorman.tournament.seating import reseating
from floorman.tournament.seating.balancing import BalancePlan, plan_balance
from floorman.tournament.seating.draws import apply_moves, button_draw, late_entry_seat
from floorman.tournament.seating.positions import join
from floorman.tournament.seating.tables import Table
from floorman.tournament.state import TournamentState


def seat_newcomer(
    state: TournamentState,
    entry: str,
    rng: random.Random,
    *,
    at: float,
    rule: str,
    stack: int | None = None,
) -> list[TournamentEvent]:
    """``entry`` seated (``PlayerSeated`` with ``rule`` and ``stack``) at a table below the
    table size, or at a new table the balancing fills; the caller has checked that some seat
    is free."""
    size = seats_per_table(state)
    room = tuple(t for t in state.tables.values() if t.size < size and t.free_seats)
    if room:
        number, seat = late_entry_seat(room, rng=rng)
        return [PlayerSeated(entry=entry, table=number, seat=seat, rule=rule, stack=stack)]
    return _open_table(state, entry, rng, at=at, rule=rule, stack=stack)


def new_table_number(state: TournamentState) -> int:
    """One above every table number used so far, so no broken table's button comes back."""
    return max((*state.tables, *state.buttons, 0)) + 1


def _open_table(
    state: TournamentState,
    entry: str,
    rng: random.Random,
    *,
    at: float,
    rule: str,
    stack: int | None,
) -> list[TournamentEvent]:
    ruleset = state.config_.ruleset
    number = new_table_number(state)
    seats = state.config_.seats_per_table
    seat = rng.randrange(seats)
    opened = join(Table(number=number, seats=(None,) * seats), seat, entry)
    events: list[TournamentEvent] = [
        TableOpened(table=number, seats=seats, at=at, rule=ruleset.cite("balance").rule),
        PlayerSeated(entry=entry, table=number, seat=seat, rule=rule, stack=stack),
    ]
    if state.floor.balancing == DIRECTOR:
        return events
    tables, plan = _filling(state, opened)
    filled = apply_moves(tables, plan.moves)[-1]
    if filled.size < 2:  # heads-up tables: balancing never gives a lone newcomer a player
        bad(
            f"every table is at the table size of {seats_per_table(state)} and a new table "
            "would seat the newcomer alone: raise the table size first",
            "table-size",
        )
    moves = [reseating.move_event(state, move, "balance") for move in plan.moves]
    draw = button_draw((filled,), method=ruleset.tournament.button_draw, rng=rng)
    button = ButtonsPlaced(
        buttons=((number, draw.buttons[number]),), rule=source(ruleset, "button_draw")
    )
    return [*events, *moves, button]


def _filling(state: TournamentState, opened: Table) -> tuple[tuple[Table, ...], BalancePlan]:
    """The tables and the balancing plan that fill the new table: from the tables between
    hands when they can give it a player (a mover is judged between hands, TDA R11-A);
    otherwise from every table, a mover's hand in progress still recorded where it was dealt
    (``EntryState.moved_from``)."""
    rules = state.config_.ruleset.tournament
    between = tuple(t for t in state.tables.values() if t.number not in state.play.in_hand)
    every = tuple(state.tables.values())
    for givers in (between, every) if len(between) < len(every) else (every,):
        tables = (*givers, opened)
        plan = plan_balance(
            tables, rules=rules, stud=_stud(state), recently_moved=frozenset(state.moved)
        )
        if plan.moves or givers is every:
            return tables, plan
    raise AssertionError("unreachable: the last try takes every table")  # pragma: no cover


def _stud(state: TournamentState) -> bool:
    """Whether balancing follows stud's rules: the game of the last hand, or the first level's."""
    if state.hands:
        return state.formats.last_hand_stud
    return get_game(state.config_.structure.levels[0].game).is_stud
