"""The commands and after-hand steps of formats, final-table timing and the end of a day.

The commands are functions of a command's :class:`~floorman.tournament.fold.Fold`, run by the
facade :class:`~floorman.tournament.aggregate.Tournament`: each checks first, then folds the
events it decides; a refusal at any step leaves nothing (:mod:`floorman.tournament.fold`). The
other functions are steps of other commands (registration, hands, what follows a hand). The
rules they apply live in their own modules: :mod:`~floorman.tournament.formats.kinds`,
:mod:`~floorman.tournament.formats.knockout`, :mod:`~floorman.tournament.formats.end_of_day` and
:mod:`~floorman.tournament.structure.mixed_games`; what follows is the order a floor applies
them in.

The final table of a profile with ``final_table_after_hands`` (Belarus 3.1-¶3b: play stops,
the hand in progress is played out, then the tables are dissolved) is *called* by the hand
that brings the field to its size: the other tables may then record one more hand each, the
one they were playing, and start none; the final table is drawn when the last of them has
recorded it. A director who knows a table was between hands draws it at once with
:func:`form_final_table`. During hand-for-hand every table has finished its
hand already, and the final table forms at once.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from floorman.engine.games import get_game
from floorman.errors import MalformedInputError
from floorman.rules.tournament_rules import TournamentFormat
from floorman.tournament.events import (
    ClockPaused,
    HandForHandEnded,
    PlayerRegistered,
    TournamentEvent,
)
from floorman.tournament.fold import Fold
from floorman.tournament.formats import end_of_day, knockout
from floorman.tournament.formats.events import BreakOrderAnnounced, ClockReset, FinalTableCalled
from floorman.tournament.formats.kinds import format_of, is_knockout
from floorman.tournament.money import pool as money
from floorman.tournament.seating import reseating
from floorman.tournament.seating.draws import final_table_seats
from floorman.tournament.seating.start import start
from floorman.tournament.seating.tables import Table
from floorman.tournament.state import TournamentState
from floorman.tournament.structure.levels import Level
from floorman.tournament.structure.mixed_games import dealing_table

# --- commands -------------------------------------------------------------------------


def announce_break_order(
    fold: Fold, *, tables: Sequence[int], at: float
) -> tuple[TournamentEvent, ...]:
    """The director's order for breaking tables, first to break first (PokerStars Live
    2.4: announced after registration closes, and it may change). Tables it leaves out
    break after the listed ones, highest number first; a random break order (RP-19)
    ignores it."""
    numbers = list(tables)
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in numbers):
        raise MalformedInputError("tables are numbered from 1", constraint="break-order")
    if len(set(numbers)) != len(numbers):
        raise MalformedInputError("a table is listed twice", constraint="break-order")
    rule = fold.config.ruleset.sources.get("break_order", "")
    return fold.emit([BreakOrderAnnounced(tables=tuple(numbers), at=at, rule=rule)])


def form_final_table(fold: Fold, *, rng: random.Random) -> tuple[TournamentEvent, ...]:
    """Draw a called final table now: the tables still waiting were between hands."""
    if not _final_table_pending(fold.state):
        fold.refuse("final-table", "no final table is waiting for hands to finish")
    return fold.emit(reseating.final_table(fold.state, rng))


def end_day(
    fold: Fold,
    *,
    at: float,
    rng: random.Random,
    in_progress: Collection[int] = (),
    hands: int | None = None,
) -> tuple[TournamentEvent, ...]:
    """End the day: the clock stops, the tables ``in_progress`` finish their hand (and
    every table the tournament knows is mid-hand, :mod:`.hands_in_play`), every table
    plays the profile's drawn number of last hands (``hands``: the card drawn, or drawn
    here; PokerStars Live 3.12) or none, and then every stack is bagged."""
    state = fold.state
    in_progress = sorted(set(in_progress) | set(state.play.in_hand))
    if not state.started or state.finished:
        fold.refuse("end-of-day", "only a day in play can end")
    if state.formats.day_over or state.formats.hands_left is not None:
        fold.refuse("end-of-day", "the day is already ending")
    count = end_of_day.drawn_hands(state, hands=hands, rng=rng)
    events: list[TournamentEvent] = [
        end_of_day.day_ending(state, hands=count, in_progress=in_progress, at=at)
    ]
    if state.clock is not None and state.clock.running:
        state.clock.pause(at)  # refuses a moment before the clock's last one
        events.append(ClockPaused(at=at))
    emitted = fold.emit(events)
    if end_of_day.day_done(state):
        emitted += fold.emit([end_of_day.bag_stacks(state, at=at)])
    return emitted


def open_day(fold: Fold, events: Sequence[TournamentEvent], *, clock: ClockReset) -> None:
    """Begin a new day with ``events`` (:func:`~floorman.tournament.formats.day_two.day_two`:
    the
    stacks brought in, where they came from and their seats), the payouts of the whole
    field, and the clock. The money must still be ahead: a field smaller than the places
    paid would leave prizes to players who finished on Day 1 without a place. The events
    are applied first, since the field is read from them; a refusal leaves nothing, as
    the new day's tournament is never handed out."""
    fold.emit(events)
    payouts = money.payouts(fold.state)
    players = sum(isinstance(event, PlayerRegistered) for event in events)
    if len(payouts.prizes) >= players:
        raise MalformedInputError(
            f"{players} players for {len(payouts.prizes)} paid places: start the new day "
            "before the money",
            constraint="day-two-money",
        )
    fold.emit([payouts, clock])


# --- steps of other commands (registration, hands, what follows a hand) ----------------


def check_format_entry(fold: Fold) -> None:
    """A sit-and-go takes no more players than its table and no late entry; a knock-out
    takes no late entry either, since its tables play to a winner unbalanced."""
    config, state = fold.config, fold.state
    kind = format_of(config)
    if state.started and kind is TournamentFormat.SIT_AND_GO:
        fold.refuse("late-entry", "a sit-and-go takes no late entry")
    if state.started and is_knockout(kind):
        fold.refuse("late-entry", "an event whose tables play to one winner takes no late entry")
    if kind is TournamentFormat.SIT_AND_GO and len(state.entries) >= config.seats_per_table:
        fold.refuse("late-entry", "the sit-and-go's table is full")


def check_format_start(fold: Fold) -> None:
    config = fold.config
    if format_of(config) is TournamentFormat.SIT_AND_GO and (
        len(fold.state.entries) != config.seats_per_table
    ):
        fold.refuse("seat-draw", "a sit-and-go starts when its table is full")


def start_when_full(
    fold: Fold, at: float, rng: random.Random | None
) -> tuple[TournamentEvent, ...]:
    """A sit-and-go starts with the registration that fills its table, given an rng."""
    config = fold.config
    full = len(fold.state.entries) == config.seats_per_table
    if format_of(config) is TournamentFormat.SIT_AND_GO and full and rng is not None:
        return start(fold, at=at, rng=rng)
    return ()


def may_deal(fold: Fold, table: int) -> bool:
    """Whether ``table`` may start (or record) a hand now: not once a final table is
    called unless it was playing one, not beyond the day's last hands; never once the
    day is over. Hand-for-hand keeps the tables in step, so while it is on they all play
    until the last of them has played its last hand (a round is never left unfinished)."""
    state = fold.state
    formats = state.formats
    if formats.day_over:
        fold.refuse("end-of-day", "the day is over: the stacks are bagged")
    waiting = formats.final_table_waiting
    if _final_table_pending(state) and waiting is not None and table not in waiting:
        return False
    left = formats.hands_left
    if left is None:
        return True
    if state.hand_for_hand:
        return max(left.get(n, 0) for n in state.tables) > 0
    return left.get(table, 0) > 0


def check_may_record(fold: Fold, table: int) -> None:
    if not may_deal(fold, table):
        fold.refuse(
            "end-of-day", f"table {table} has stopped: it may not record a hand", table=table
        )


def dealing_table_of(fold: Fold, table: int, level: Level) -> Table:
    """``table`` as the level's game deals it (stud seats, mixed games)."""
    return dealing_table(fold.state.tables[table], get_game(level.game))


def seating(fold: Fold, at: float, rng: random.Random) -> list[TournamentEvent]:
    """After a hand that eliminated players: hand-for-hand on or off, then the
    knock-out's winners and stages, or a final table called or formed, tables broken and
    balanced. Nothing while a called final table waits: play is stopping."""
    state = fold.state
    if _final_table_pending(state):
        return []
    events = list(fold.emit(reseating.hand_for_hand(state, at)))
    if is_knockout(format_of(fold.config)):
        return events + _knockout(fold, at, rng)
    waiting = _tables_to_finish(fold)
    if waiting:
        rules = fold.config.ruleset
        called = FinalTableCalled(
            table=state.formats.last_table or 0,
            waiting=waiting,
            at=at,
            rule=rules.sources.get("final_table_after_hands", ""),
        )
        return events + list(fold.emit([called]))
    return events + _reseat(fold, rng)


def reseat_after_hand(fold: Fold, rng: random.Random) -> list[TournamentEvent]:
    """A hand some floor decision waited for is over: the tables are judged again, as
    after a bust (nothing while a called final table waits, or in a knock-out format,
    whose tables are never balanced)."""
    if _final_table_pending(fold.state) or is_knockout(format_of(fold.config)):
        return []
    return _reseat(fold, rng)


def after_play(fold: Fold, at: float, rng: random.Random) -> list[TournamentEvent]:
    """After every hand: a called final table whose tables have all finished, and the
    end of the day once its last hands are played."""
    events: list[TournamentEvent] = []
    state = fold.state
    if _final_table_pending(state) and not state.formats.final_table_waiting:
        events += fold.emit(reseating.final_table(state, rng))
    if end_of_day.day_done(state):
        events += fold.emit([end_of_day.bag_stacks(state, at=at)])
    return events


def _final_table_pending(state: TournamentState) -> bool:
    return state.formats.final_table_waiting is not None and state.final_table is None


def _reseat(fold: Fold, rng: random.Random) -> list[TournamentEvent]:
    """The final table once the field fits it, else tables broken and balanced (each step's
    events applied before the next is decided).

    Each waits for the hands in progress it touches (DESIGN.md principle 7): the final table
    for every table's hand, a table to break for its own hand (its players are then moved
    after it, and balancing waits with it), a balancing move for its giving table's hand
    (:func:`.reseating.balance`). What waits is recorded and judged again when the hand ends
    (:func:`reseat_after_hand`)."""
    state = fold.state
    busy = sorted(state.play.in_hand)
    if busy and reseating.final_table_due(state):
        text = "the final table is drawn once every table's hand is over"
        waiting = tuple(reseating.wait_for_hand(state, n, text, "final-table") for n in busy)
        return list(fold.emit(reseating.waiting_now(state, waiting)))
    events = list(fold.emit(reseating.final_table(state, rng)))
    closing = reseating.tables_to_close(state, rng)
    later = [n for n in closing if n in state.play.in_hand]
    for broken in closing:
        if broken not in later:
            events += fold.emit(reseating.break_table(state, broken, rng))
    if later:
        text = "this table breaks"
        waiting = tuple(reseating.wait_for_hand(state, n, text, "break") for n in later)
        return events + list(fold.emit(reseating.waiting_now(state, waiting)))
    moves, waiting = reseating.balance_steps(state)
    return events + list(fold.emit([*moves, *reseating.waiting_now(state, waiting)]))


def _tables_to_finish(fold: Fold) -> tuple[int, ...]:
    """The tables to wait for before the final table, when this hand calls it: the others,
    under ``final_table_after_hands``, unless hand-for-hand play is on or was: every table
    has then finished its hand, or is told to (TDA RP-8, PokerStars Live 3.13)."""
    state, config = fold.state, fold.config
    rules = config.ruleset.tournament
    size = final_table_seats(config)
    if not rules.final_table_after_hands:
        return ()
    if state.hand_for_hand or state.formats.last_hand_for_hand:
        return ()
    if len(state.tables) <= 1 or state.alive > size:
        return ()
    return tuple(n for n in sorted(state.tables) if n != state.formats.last_table)


def _knockout(fold: Fold, at: float, rng: random.Random) -> list[TournamentEvent]:
    """Tables won, and the next stage once all are (hand-for-hand, if on, ends with the
    stage and starts again with the next one if the bubble is still to burst)."""
    state = fold.state
    events = list(fold.emit(knockout.tables_won(state, at=at)))
    if knockout.stage_over(state):
        if state.hand_for_hand:
            events += fold.emit([HandForHandEnded(at=at)])
        events += fold.emit(knockout.next_stage(state, at=at, rng=rng))
        events += fold.emit(reseating.hand_for_hand(state, at))
    return events
