"""What the floor does with the tables once players have left: hand-for-hand on or off, the
final table, tables to break and balancing moves, in that order (docs/tournament.md).

Each function decides on the state as it is and returns the events; the aggregate applies
them before asking the next one, since breaking a table changes what balancing sees.
"""

from __future__ import annotations

import heapq
import random

from floorman.engine.games import get_game
from floorman.rules.tournament_rules import BalanceMover, TableBreakOrder
from floorman.tournament.events import (
    FinalTableFormed,
    HandForHandEnded,
    HandForHandStarted,
    PlayerMoved,
    TableBroken,
    TournamentEvent,
)
from floorman.tournament.floor.hands_in_play import FloorWaiting, WaitingInstruction, seating_table
from floorman.tournament.floor.manual_state import instruction_text
from floorman.tournament.floor.state import DIRECTOR, seats_per_table
from floorman.tournament.seating.balancing import (
    BreakOrder,
    balance_scope,
    plan_balance,
    tables_to_break,
)
from floorman.tournament.seating.draws import (
    break_table_draw,
    button_draw,
    final_table_draw,
    final_table_seats,
)
from floorman.tournament.seating.table_index import indexed
from floorman.tournament.seating.tables import Move, Table
from floorman.tournament.state import TournamentState


def hand_for_hand(state: TournamentState, at: float) -> list[TournamentEvent]:
    """Hand-for-hand starts with one player left on the bubble and more than one table, and
    ends when the money is reached or one table is left (TDA RP-8)."""
    paid, alive = len(state.prizes), state.alive
    several_tables = len(state.tables) > 1
    rule = state.config_.ruleset.sources.get("hand_for_hand_seconds_per_hand", "")
    if not state.hand_for_hand and several_tables and paid and alive == paid + 1:
        return [HandForHandStarted(at=at, rule=rule)]
    money = alive <= paid and not state.floor.called  # a called one lasts (Poland §52.1)
    if state.hand_for_hand and (money or not several_tables):
        return [HandForHandEnded(at=at)]
    return []


def final_table_due(state: TournamentState) -> bool:
    """Whether the remaining players now fit at the final table (RP-9)."""
    config = state.config_
    size = final_table_seats(config)
    return len(state.tables) > 1 and state.alive <= size


def final_table(state: TournamentState, rng: random.Random) -> list[TournamentEvent]:
    """All remaining players redrawn to the final table once they fit at it (RP-9)."""
    config = state.config_
    rules = config.ruleset.tournament
    size = final_table_seats(config)
    if not final_table_due(state):
        return []
    players = [e.entry for e in state.entries.values() if e.alive and e.table is not None]
    table = final_table_draw(players, size=size, rng=rng)
    draw = button_draw((table,), method=rules.button_draw, rng=rng)
    seats = tuple((e, table.number, table.seat_of(e)) for e in table.players)
    return [
        FinalTableFormed(
            table=table.number,
            size=size,
            seats=seats,
            button=draw.buttons[table.number],
            rule=config.ruleset.cite("final-table").rule,
        )
    ]


def tables_to_close(state: TournamentState, rng: random.Random) -> tuple[int, ...]:
    """The tables to break now, first to break first, in the event's break order; the count
    read from the table index, not from every table, since it is asked after every bust."""
    per_table, order = seats_per_table(state), break_order(state)
    if per_table >= 1:
        needed = max(1, -(-indexed(state.tables).seated // per_table))
        surplus = len(state.tables) - needed
        if surplus <= 0:
            return ()
        if order == "fixed-highest-first":  # tables_to_break's answer, without sorting all
            return tuple(heapq.nlargest(surplus, state.tables))
    return tables_to_break(
        tuple(state.tables.values()), seats_per_table=per_table, order=order, rng=rng
    )


def break_order(state: TournamentState) -> BreakOrder:
    """Drawn at each break where the profile says so (TDA RP-19); else the director's
    announced order (PokerStars Live 2.4), the tables it leaves out after it, highest first."""
    if state.config_.ruleset.tournament.break_order is TableBreakOrder.RANDOM:
        return "random"
    announced = state.formats.break_order
    if not announced:
        return "fixed-highest-first"
    rest = sorted((n for n in state.tables if n not in announced), reverse=True)
    return (*announced, *rest)


def break_table(state: TournamentState, broken: int, rng: random.Random) -> list[TournamentEvent]:
    """One table broken by the two-step draw (R10-B)."""
    table = state.tables[broken]
    draw = break_table_draw(table, _receiving(state, broken, table.size), rng=rng)
    moves: list[TournamentEvent] = [move_event(state, move, "break") for move in draw.moves]
    return [*moves, TableBroken(table=broken, rule=state.config_.ruleset.cite("break").rule)]


def _receiving(state: TournamentState, broken: int, players: int) -> tuple[Table, ...]:
    """The tables the broken table's draw needs, in the state's order: those its seat cards
    can reach, and those whose free seats it shuffles with the event's generator (two or
    more), so that it draws what it would over every table.

    The cards go one at a time to the table with fewest players, lowest number first (R10-B):
    at each size, the first ``players`` tables with a free seat are all the cards can reach,
    and once that many are found the cards never reach a larger size. A table with one free
    seat or none draws nothing from the generator."""
    tables = indexed(state.tables)
    low, high = tables.size_range()

    def open_seat(number: int) -> bool:
        table = state.tables[number]
        return number != broken and table.size < len(table.seats)

    needed: set[int] = set()
    for size in range(low, high + 1):  # enough open tables below: the cards stop there
        if not tables.open_at(size):
            continue
        needed.update(n for n in tables.lowest_at(size, open_seat, players) if open_seat(n))
        if len(needed) >= players:
            break
    for size in range(low, high + 1):
        if tables.roomy_at(size):
            needed.update(
                n
                for n in tables.numbers_at(size)
                if len(state.tables[n].seats) - size >= 2 and n != broken
            )
    return tuple(state.tables[n] for n in tables.in_order(needed))


def balance(state: TournamentState) -> list[TournamentEvent]:
    """Balancing moves by the rules of the game last played: stud moves differ (R11-A), and
    in a mixed game the hold'em rules apply again once hold'em is back (R11-B). None while
    the director balances himself (R11-C, PokerStars Live 2.5.1).

    A move whose giving table is mid-hand waits for that hand: its mover is the player due
    the big blind judged between hands (TDA R11-A), or the big blind of the hand just
    finished (Belarus 3.1-¶2b); where the profile says so both tables' hands must be over
    (Belarus 3.1-¶2d). What waits is recorded (``FloorWaiting``) and judged again, from
    scratch, when the hand ends (:func:`hand_awaited_ended`)."""
    moves, waiting = balance_steps(state)
    return [*moves, *waiting_now(state, waiting)]


def balance_steps(
    state: TournamentState,
) -> tuple[list[TournamentEvent], tuple[WaitingInstruction, ...]]:
    """:func:`balance`'s moves to make now, and the moves that wait for a hand."""
    if len(state.tables) < 2 or state.floor.balancing == DIRECTOR:
        return [], ()
    rules, stud = state.config_.ruleset.tournament, _stud_now(state)
    scope = balance_scope(
        indexed(state.tables),
        lambda n: seating_table(state, state.tables[n]),
        rules=rules,
        stud=stud,
        recently_moved=state.moved,
        busy=tuple(state.play.in_hand),
    )
    if not scope:
        return [], ()
    plan = plan_balance(scope, rules=rules, stud=stud, recently_moved=state.moved)
    ready = [m for m in plan.moves if not _blocking(state, m)]
    waiting = tuple(
        _instruction(state, m, table) for m in plan.moves for table in _blocking(state, m)
    )
    return [move_event(state, move, "balance") for move in ready], waiting


def wait_for_hand(
    state: TournamentState, table: int, text: str, concept: str
) -> WaitingInstruction:
    """A decision about ``table`` kept until its hand in progress is over."""
    return WaitingInstruction(
        table=table,
        deal=state.play.in_hand[table].deal,
        text=text,
        rule=state.config_.ruleset.cite(concept).rule,
        concept=concept,
    )


def waiting_now(
    state: TournamentState, waiting: tuple[WaitingInstruction, ...]
) -> list[TournamentEvent]:
    """A ``FloorWaiting`` when what waits has changed."""
    return [] if waiting == state.play.waiting else [FloorWaiting(waiting=waiting)]


def halted_tables(state: TournamentState) -> tuple[int, ...]:
    """Tables that may not start a hand until a balancing move reaches them: far enough short
    (TDA R11-D and ADD-11-D; PokerStars Live 2.5, RedCactus 10, Poland §25.3 at once), or
    the tables of a move waiting for a hand where sizes must stay within one (Belarus
    3.1-¶3a). Only a director who balances himself, or a move waiting for a hand, can leave
    tables that far apart: floorman balances after every elimination otherwise."""
    if len(state.tables) < 2 or not (state.floor.balancing == DIRECTOR or state.play.waiting):
        return ()
    rules, stud = state.config_.ruleset.tournament, _stud_now(state)
    short_by = rules.halt_when_short_by
    if short_by is None or short_by >= 2:  # a halt is then that far short: a receiver, kept
        tables = balance_scope(
            indexed(state.tables),
            lambda n: seating_table(state, state.tables[n]),
            rules=rules,
            stud=stud,
            recently_moved=state.moved,
            busy=tuple(state.play.in_hand),
        )
    else:
        tables = tuple(seating_table(state, t) for t in state.tables.values())
    if not tables:
        return ()
    plan = plan_balance(tables, rules=rules, stud=stud, recently_moved=state.moved)
    return tuple(n for n in plan.halted if n not in state.play.in_hand)


def hand_awaited_ended(state: TournamentState) -> bool:
    """Whether a hand some decision waited for has ended: time to judge it again."""
    in_hand = state.play.in_hand
    return any(
        w.table not in in_hand or in_hand[w.table].deal != w.deal for w in state.play.waiting
    )


def _stud_now(state: TournamentState) -> bool:
    if state.hands:
        return state.formats.last_hand_stud
    return get_game(state.config_.structure.levels[0].game).is_stud


def _blocking(state: TournamentState, move: Move) -> tuple[int, ...]:
    """The tables mid-hand that ``move`` waits for (the giving table; both, Belarus 3.1-¶2d)."""
    both = state.config_.ruleset.tournament.balance_waits_for_both_tables
    tables = (move.from_table, move.to_table) if both else (move.from_table,)
    return tuple(t for t in tables if t in state.play.in_hand)


def _instruction(state: TournamentState, move: Move, table: int) -> WaitingInstruction:
    mover = state.config_.ruleset.tournament.balance_mover
    who = (
        "the big blind of this hand"
        if mover is BalanceMover.CURRENT_BIG_BLIND
        else "the player due the big blind next"
    )
    text = f"balancing: table {move.from_table} gives {who} to table {move.to_table}"
    return wait_for_hand(state, table, text, move.rule)


def move_event(state: TournamentState, move: Move, reason: str, *, note: str = "") -> PlayerMoved:
    """The move, with the instruction the floor reads to the player (carried out when he
    confirms it)."""
    origin, to = (move.from_table, move.from_seat), (move.to_table, move.to_seat)
    return PlayerMoved(
        entry=move.entry,
        from_table=move.from_table,
        from_seat=move.from_seat,
        to_table=move.to_table,
        to_seat=move.to_seat,
        reason=reason,
        rule=state.config_.ruleset.cite(move.rule).rule,
        instruction=instruction_text(state, move.entry, origin, to),
        note=note,
    )
