"""The director's manual commands: what a live event without dealer tablets records.

The commands are functions of a command's :class:`~floorman.tournament.fold.Fold`, run by the
facade :class:`~floorman.tournament.aggregate.Tournament`: each checks first, then folds the
events it decides; a refusal at any step leaves nothing (:mod:`floorman.tournament.fold`). The
decisions live in :mod:`.manual_busts`, :mod:`.chip_counts` and :mod:`.manual_seating`; here
they are sequenced with what follows a recorded hand (:mod:`.after_hand`):

- a bust is placed at once, then hand-for-hand, the final table, breaking and balancing follow
  exactly as after a hand that eliminated someone; during hand-for-hand the busts wait until
  the director has marked every table's hand done (:func:`hand_done`), and the
  round closes as when the last table records its hand (TDA RP-8);
- ``hand_done`` also tells a called final table (Belarus 3.1-¶3b) or an ending day (PokerStars
  Live 3.12) that a table has finished the hand they wait for;
- counts change stacks, never seating;
- a table closed by hand is broken by the draw and the others balanced.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from floorman.tournament.desk import entries
from floorman.tournament.events import TournamentEvent
from floorman.tournament.floor import after_hand, chip_counts, manual_busts, manual_seating
from floorman.tournament.floor.commands import check_not_held
from floorman.tournament.floor.manual_events import HandDone
from floorman.tournament.fold import Fold
from floorman.tournament.formats import commands as formats
from floorman.tournament.formats.kinds import format_of, is_knockout
from floorman.tournament.money import pool as money
from floorman.tournament.refusals import bad
from floorman.tournament.seating import reseating
from floorman.tournament.state import TournamentState


def bust(
    fold: Fold,
    *,
    entry: str,
    by: Sequence[str] = (),
    at: float,
    rng: random.Random,
    amounts: Sequence[int] | None = None,
    stack: int | None = None,
    same_hand: Sequence[str] = (),
) -> tuple[TournamentEvent, ...]:
    """``entry`` is out, knocked out by ``by`` (at his table), who win his chips: split
    equally or as ``amounts`` say. ``stack``: the chips he started the hand with, if
    known; ``same_hand``: players entered as out in the same hand before him."""
    _check_live(fold)
    busted = manual_busts.decide_bust(
        fold.state,
        entry=entry,
        by=by,
        amounts=amounts,
        stack=stack,
        same_hand=same_hand,
        at=at,
    )
    events = fold.emit([busted])
    if busted.same_hand:
        events += fold.emit(manual_busts.place_same_hand(fold.state, busted, at))
        return events + tuple(after_hand.after_placing(fold, at, rng, True))
    if fold.state.hand_for_hand:
        return events  # placed with the round's other busts (RP-8-A)
    return events + tuple(after_hand.after_busts(fold, at, rng))


def hand_done(
    fold: Fold, *, table: int, at: float, rng: random.Random
) -> tuple[TournamentEvent, ...]:
    """``table`` has finished the hand the event waits for: the hand-for-hand round's (the
    round closes with the last table), a called final table's, or a last hand of the day."""
    _check_live(fold)
    state = fold.state
    if table not in state.tables:
        bad(f"table {table} is not in play", "table")
    if state.hand_for_hand and table in state.round_played:
        fold.refuse("hand-for-hand", "this table waits for the others' hand")
    if not _awaited(state, table):
        bad(f"no hand is awaited at table {table}", "hand-done")
    check_not_held(state, table)
    events = fold.emit([HandDone(table=table, at=at)])
    if state.hand_for_hand:
        if set(state.tables) - state.round_played:
            return events  # the round waits for the other tables
        return events + tuple(after_hand.after_hands(fold, at, rng))
    return events + tuple(formats.after_play(fold, at, rng))


def chip_count(
    fold: Fold,
    *,
    counts: Mapping[str, int],
    at: float,
    adjust: bool = False,
    reason: str = "",
) -> tuple[TournamentEvent, ...]:
    """Stacks counted by the floor (one player, a table, or everyone); the chips in play
    change only with ``adjust`` and a ``reason`` (:mod:`.chip_counts`)."""
    _check_live(fold)
    counted = chip_counts.decide_count(fold.state, counts, at=at, adjust=adjust, reason=reason)
    return fold.emit([counted])


def move_player(
    fold: Fold, *, entry: str, to_table: int, to_seat: int, at: float, reason: str
) -> tuple[TournamentEvent, ...]:
    """The director seats ``entry`` at ``to_table``, seat ``to_seat`` (0-based)."""
    _check_live(fold)
    move = manual_seating.decide_move(
        fold.state, entry=entry, to_table=to_table, to_seat=to_seat, reason=reason
    )
    return fold.emit([move])


def open_table(
    fold: Fold,
    *,
    table: int,
    at: float,
    seats: int | None = None,
    rng: random.Random | None = None,
) -> tuple[TournamentEvent, ...]:
    """An empty table in play, for the director's moves and the seating to fill. With
    ``rng``, the players waiting on the alternate list take the new seats at once, each by
    draw (TDA R8-A, Poland §56.1), while late registration is open."""
    _check_live(fold)
    state = fold.state
    events = fold.emit([manual_seating.decide_open(state, table=table, seats=seats, at=at)])
    while rng is not None and (seated := entries.seat_next_alternate(state, at, rng)):
        events += fold.emit(seated)
        events += fold.emit(money.payouts_unless_paid(state))
    return events


def close_table(
    fold: Fold, *, table: int, at: float, rng: random.Random
) -> tuple[TournamentEvent, ...]:
    """Break ``table`` now: its players drawn to the other tables (R10-B), which are then
    balanced (not in a knock-out format, whose tables are never balanced)."""
    _check_live(fold)
    state = fold.state
    manual_seating.check_close(state, table)
    events = fold.emit(reseating.break_table(state, table, rng))
    if not is_knockout(format_of(fold.config)):
        events += fold.emit(reseating.balance(state))
    if state.hand_for_hand and state.round_played and not set(state.tables) - state.round_played:
        # the closed table was the one awaited
        events += tuple(after_hand.after_hands(fold, at, rng))
    return events


def confirm_move(fold: Fold, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
    """The player has taken the seat his latest instruction gave him."""
    return fold.emit([manual_seating.decide_confirm(fold.state, entry=entry, at=at)])


def _check_live(fold: Fold) -> None:
    """Manual commands need an event in play: started, not over, the day not bagged."""
    state = fold.state
    if not state.started:
        bad("the tournament has not started", "not-started")
    if state.finished:
        fold.refuse("finished", "the tournament is over")
    if state.formats.day_over:
        fold.refuse("end-of-day", "the day is over: the stacks are bagged")


def _awaited(state: TournamentState, table: int) -> bool:
    """Whether something waits for ``table`` to finish a hand."""
    formats = state.formats
    waiting = formats.final_table_waiting
    if state.hand_for_hand or (waiting is not None and table in waiting):
        return True
    return formats.hands_left is not None and formats.hands_left.get(table, 0) > 0
