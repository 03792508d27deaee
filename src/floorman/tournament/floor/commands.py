"""The director's decisions about play on the floor: hand-for-hand called when he wants, an
all-in hand held face down during hand-for-hand, who balances the tables, the table he takes
a player from, the table size, and a button drawn at a table he opened.

The commands are functions of a command's :class:`~floorman.tournament.fold.Fold`, run by the
facade :class:`~floorman.tournament.aggregate.Tournament`: each checks first, then folds the
events it decides; a refusal at any step leaves nothing (:mod:`floorman.tournament.fold`).

- **Hand-for-hand called** (Poland §52.1): the director may start it at any point, and also
  have the tables wait for each other at every street (§52.4, carried to the tablets by
  :attr:`~floorman.tournament.floor.table_hand.HandSetup.street_by_street`). A called
  hand-for-hand lasts until he ends it between rounds or one table is left.
- **All-in hands held** (TDA RP-8-F, PokerStars Live 3.13.1): during hand-for-hand, a table
  whose all-in is called with the betting over stops with the cards face down
  (:func:`hold_all_in`); its hand cannot be recorded until the floor releases
  it (:func:`release_all_in`), which waits until every other table has
  finished the round's hand or is held too.
- **Balancing by the director** (TDA R11-C, PokerStars Live 2.5.1, Belarus 3.1-¶2a): in
  ``director`` mode floorman makes no balancing move by itself; the plan is shown as
  suggestions (``DirectorView.balancing.moves``) and the director's moves are recorded,
  with :func:`balance_from` when he names the giving table.
- **Table size** (Poland §25.1, RedCactus 11): fewer players per table than the tables seat
  breaks tables once the players fit in fewer.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import NoReturn

from floorman.engine.games import get_game
from floorman.tournament.events import (
    ButtonsPlaced,
    HandForHandEnded,
    HandForHandStarted,
    TournamentEvent,
)
from floorman.tournament.floor.events import (
    AllInHeld,
    AllInReleased,
    BalancingSet,
    HandForHandCalled,
    TableSizeSet,
)
from floorman.tournament.floor.state import BALANCING_MODES
from floorman.tournament.fold import Fold
from floorman.tournament.formats.kinds import format_of, is_knockout
from floorman.tournament.refusals import bad, refuse, source
from floorman.tournament.seating import reseating
from floorman.tournament.seating.balancing import move_from
from floorman.tournament.seating.draws import button_draw
from floorman.tournament.seating.tables import MIN_SEATS, Table
from floorman.tournament.state import TournamentState

HOLD = "hand-for-hand-hold"
"""Concept of a held all-in (TDA RP-8-F, PSL 3.13.1); profiles without one cite hand-for-hand."""
CALL = "hand-for-hand-call"
"""Concept of a hand-for-hand the director calls (Poland §52.1)."""
SOURCE = "balance-source"
"""Concept of who balances and from which table (TDA R11-C, PSL 2.5.1, Belarus 3.1-¶2a)."""
TABLE_SIZE = "table-size"
"""Concept of the director's table size (Poland §25.1, RedCactus 11)."""


def call_hand_for_hand(
    fold: Fold, *, at: float, street_by_street: bool = False
) -> tuple[TournamentEvent, ...]:
    """Hand-for-hand from now on, whatever the bubble (Poland §52.1); with
    ``street_by_street`` the tables also wait for each other at every street (§52.4)."""
    state = _in_play(fold)
    if state.hand_for_hand:
        _refuse_citing(state, CALL, "hand-for-hand", "hand-for-hand is already in play")
    if len(state.tables) < 2:
        _refuse_citing(state, CALL, "hand-for-hand", "hand-for-hand needs two tables or more")
    rule = rule_of(state, CALL)
    return fold.emit(
        [
            HandForHandCalled(street_by_street=street_by_street, at=at, rule=rule),
            HandForHandStarted(at=at, rule=rule),
        ]
    )


def end_hand_for_hand(fold: Fold, *, at: float) -> tuple[TournamentEvent, ...]:
    """The director ends hand-for-hand between two rounds (his call, Poland §52.1)."""
    state = _in_play(fold)
    if not state.hand_for_hand:
        _refuse_citing(state, CALL, "hand-for-hand", "hand-for-hand is not in play")
    if state.round_played:
        _refuse_citing(state, CALL, "hand-for-hand", "the round's hand is still being played")
    return fold.emit([HandForHandEnded(at=at)])


def hold_all_in(fold: Fold, *, table: int, at: float) -> tuple[TournamentEvent, ...]:
    """An all-in is called at ``table`` and the betting is over: the cards stay face down
    and nothing more is dealt until the floor says go (TDA RP-8-F, PSL 3.13.1)."""
    state = _in_play(fold)
    _table(state, table)
    if not state.hand_for_hand:
        _refuse_citing(state, HOLD, "hand-for-hand", "all-in hands are held only hand-for-hand")
    if table in state.round_played:
        _refuse_citing(state, HOLD, "hand-for-hand", "this table has played the round's hand")
    if table in state.floor.held:
        _refuse_citing(state, HOLD, "held", "this table's hand is held already")
    return fold.emit([AllInHeld(table=table, at=at, rule=rule_of(state, HOLD))])


def release_all_in(fold: Fold, *, table: int, at: float) -> tuple[TournamentEvent, ...]:
    """The floor lets the held ``table`` show its cards and finish the hand, once every
    other table has finished the round's hand or is held too (PSL 3.13.1)."""
    state = _in_play(fold)
    _table(state, table)
    if table not in state.floor.held:
        bad(f"table {table} has no held hand", "held")
    playing = set(state.tables) - state.round_played - state.floor.held
    if playing:
        tables = ", ".join(str(n) for n in sorted(playing))
        _refuse_citing(
            state,
            HOLD,
            "held",
            f"tables {tables} are still playing the round's hand",
            tables=tables,
        )
    return fold.emit([AllInReleased(table=table, at=at, rule=rule_of(state, HOLD))])


def set_balancing(fold: Fold, *, mode: str, at: float) -> tuple[TournamentEvent, ...]:
    """``automatic``: floorman balances after each hand, and at once the tables the
    director left uneven; ``director``: it only suggests and the director moves players
    himself (TDA R11-C, PSL 2.5.1, Belarus 3.1-¶2a)."""
    state = fold.state
    if mode not in BALANCING_MODES:
        bad(f"balancing is one of {', '.join(BALANCING_MODES)}", "balancing")
    if mode == state.floor.balancing:
        bad(f"balancing is {mode} already", "balancing")
    events = fold.emit([BalancingSet(mode=mode, at=at, rule=rule_of(state, SOURCE))])
    if _balances(state):
        events += fold.emit(reseating.balance(state))
    return events


def balance_from(fold: Fold, *, table: int, at: float) -> tuple[TournamentEvent, ...]:
    """The director takes the next player due to move from ``table`` to the table with
    fewest players (TDA R11-C: the source table as the event's procedure or the TD
    chooses it); who moves and to which seat follow the profile's balancing rules."""
    state = _in_play(fold)
    _table(state, table)
    _check_balanced_format(state)
    stud = (
        state.formats.last_hand_stud
        if state.hands
        else get_game(fold.config.structure.levels[0].game).is_stud
    )
    rules = fold.config.ruleset.tournament
    move = move_from(tuple(state.tables.values()), source=table, rules=rules, stud=stud)
    if move is None:
        _refuse_citing(
            state, SOURCE, "balance", f"table {table} has no player to give", table=table
        )
    if SOURCE in fold.config.ruleset.refs:  # the source is the director's choice
        move = replace(move, rule=SOURCE)
    return fold.emit([reseating.move_event(state, move, "balance", note="director")])


def set_table_size(
    fold: Fold, *, seats: int, at: float, rng: random.Random
) -> tuple[TournamentEvent, ...]:
    """At most ``seats`` players a table from now on (Poland §25.1; RedCactus 11, going
    back to 8 a side): the tables the players no longer need break at once."""
    state = _in_play(fold)
    _check_balanced_format(state)
    if isinstance(seats, bool) or not isinstance(seats, int):
        bad("a table size is a whole number", "seats")
    largest = min(len(t.seats) for t in state.tables.values())
    if not MIN_SEATS <= seats <= largest:
        bad(f"a table size is {MIN_SEATS} to {largest} (the seats of the tables)", "seats")
    events = fold.emit([TableSizeSet(seats=seats, at=at, rule=rule_of(state, TABLE_SIZE))])
    for broken in reseating.tables_to_close(state, rng):
        events += fold.emit(reseating.break_table(state, broken, rng))
    return events + fold.emit(reseating.balance(state))


def draw_button(
    fold: Fold, *, table: int, at: float, rng: random.Random
) -> tuple[TournamentEvent, ...]:
    """The first button of a table the director opened (it had none: no hand played
    there and no draw), by the profile's button draw."""
    state = _in_play(fold)
    seated = _table(state, table)
    if seated.last is not None or table in state.buttons:
        bad(f"table {table} has its button already", "button")
    method = fold.config.ruleset.tournament.button_draw
    seat = button_draw((seated,), method=method, rng=rng).buttons[table]
    rule = source(fold.config.ruleset, "button_draw")
    return fold.emit([ButtonsPlaced(buttons=((table, seat),), rule=rule)])


def rule_of(state: TournamentState, concept: str) -> str:
    """The profile's rule for ``concept``; a held hand or a called hand-for-hand falls back
    on the profile's hand-for-hand rule, balancing by the director on its balancing rule."""
    refs = state.config_.ruleset.refs
    fallback = "balance" if concept == SOURCE else "hand-for-hand"
    if concept == TABLE_SIZE:
        fallback = "break"
    return refs.get(concept) or state.config_.ruleset.cite(fallback).rule


def _check_balanced_format(state: TournamentState) -> None:
    """Knock-out tables play to one winner each (Belarus 3.2-¶2a): nobody moves between them
    and none breaks, so neither a table size nor a move by the director applies."""
    if is_knockout(format_of(state.config_)):
        bad("the tables of a knock-out play to one winner: none is balanced or resized", "format")


def _balances(state: TournamentState) -> bool:
    """floorman balances now: a freeze-out in play, no final table called (its tables finish
    their hands, Belarus 3.1-¶3b); knock-out tables are never balanced."""
    knockout = is_knockout(format_of(state.config_))
    called = state.formats.final_table_waiting is not None
    return state.started and not state.finished and not knockout and not called


def check_not_held(state: TournamentState, table: int) -> None:
    """A held hand is not over: its result waits for the floor's release (RP-8-F)."""
    if table in state.floor.held:
        _refuse_citing(
            state,
            HOLD,
            "held",
            f"table {table}'s all-in waits for the floor's release",
            table=table,
        )


def _refuse_citing(
    state: TournamentState, concept: str, key: str, message: str, **params: int | str
) -> NoReturn:
    refuse(state.config_.ruleset, rule_of(state, concept), key, message, **params)


def _in_play(fold: Fold) -> TournamentState:
    state = fold.state
    if not state.started:
        bad("the tournament has not started", "not-started")
    if state.finished:
        bad("the tournament is over", "finished")
    return state


def _table(state: TournamentState, number: int) -> Table:
    table = state.tables.get(number) if isinstance(number, int) else None
    if table is None:
        bad(f"table {number} is not in play", "table")
    return table
