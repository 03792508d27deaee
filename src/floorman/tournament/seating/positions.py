"""The dead button: where the button and blinds go each hand, and who is dealt in.

Tournaments play a dead button (TDA R32, RedCactus 32, PokerStars Live 3.1.1, Poland §6). The
rulebooks name it but give no algorithm (TDA ambiguity A1), so floorman follows the usual
"moving big blind" convention, the one the TDA decision A1 records:

1. **The big blind always moves on**: it goes to the next player clockwise after last hand's
   big blind who is dealt in. Nobody skips the big blind, and a player moved to a new table may
   post it there at once, even if that seat posted it last hand (R11-A).
2. **The small blind is last hand's big blind** if he is still in his seat; otherwise nobody
   posts it (a dead small blind, R11-A's "single big blind").
3. **The button goes to the seat the small blind belonged to last hand**, posted or dead, even
   when that seat is now empty (a dead button). So no player gets the button twice, and every
   player pays a full set of blinds before he is on the button (Poland §6.4).
4. **Heads-up** (R34, D2) the button posts the small blind and acts first before the flop; the
   big blind still moves on to the other player, so nobody posts it twice in a row when play
   goes from three players to two.
5. **Newcomers** (late entries, moved players) seated strictly between the coming button and
   the coming small blind are seated but not dealt in until the button has passed them
   (R8-A, R10-A, D15; decision A5): they would otherwise play without paying blinds. They post
   nothing when they come in. Any other seat, button, big blind and small blind included,
   plays at once; in the seat of the big blind just eliminated he posts the small blind
   (RedCactus 10).

The first hand has no last hand: its button comes from the button draw
(:func:`floorman.tournament.seating.draws.button_draw`) and :func:`first_positions` places the
blinds
after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from floorman.errors import refuse
from floorman.tournament.seating.tables import Positions, Table, clockwise


class HandSeats(TypedDict):
    """The keywords of :class:`~floorman.engine.config.HandConfig` that place the button and
    blinds: ``HandConfig(game=..., stacks=hand_stacks(...), **hand_seats(table, positions))``."""

    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    dead_small_blind: bool


def first_positions(table: Table, button: int) -> Positions:
    """The button and blinds of a table's first hand, the button placed by the draw.

    The small blind is the next player clockwise after the button and the big blind the one
    after him (Belarus 5.4.1); heads-up the button posts the small blind (R34).
    """
    seats = _eligible(table)
    _need_players(table, seats)
    if not 0 <= button < len(table.seats) or button not in seats:
        refuse(f"table {table.number}: the drawn button must be a player's seat", "button")
    small = button if len(seats) == 2 else _after(seats, button)
    return Positions(button=button, small_blind=small, big_blind=_after(seats, small))


def next_positions(table: Table) -> Positions:
    """The button and blinds of the next hand, by the dead-button rule in the module's notes."""
    last = table.last
    if last is None:
        refuse(f"table {table.number} has played no hand: draw the button first", "button-draw")
    seats = _eligible(table)
    _need_players(table, seats)
    big = _after(seats, last.big_blind)
    if len(seats) == 2:
        other = seats[0] if seats[1] == big else seats[1]
        return Positions(button=other, small_blind=other, big_blind=big)
    button = small_blind_position(table, last)
    if last.big_blind in seats:
        return Positions(button=button, small_blind=last.big_blind, big_blind=big)
    return Positions(
        button=button, small_blind=None, big_blind=big, dead_small_blind_seat=last.big_blind
    )


def small_blind_position(table: Table, positions: Positions) -> int:
    """The seat the small blind belonged to in ``positions``: the next hand's button.

    Positions built by hand with a dead small blind and no seat for it fall back to the seat
    just before the big blind.
    """
    seat = positions.small_blind_position
    return seat if seat is not None else (positions.big_blind - 1) % len(table.seats)


def sits_out(table: Table, seat: int) -> bool:
    """Whether a newcomer placed in ``seat`` now must wait for the button to pass him.

    Those are the seats strictly between the coming button and the coming small blind (the
    seat of last hand's big blind): the only place R8-A and R10-A keep newcomers out of play
    (PokerStars Live 2.1.1, Poland §24.2 and T20 say the same). Any other seat plays at once,
    the button, the big blind and the small blind included: a newcomer in the seat of the big
    blind just eliminated posts the small blind (RedCactus 10). Balancing never seats a moved
    player there (R11-A, :mod:`.balancing`). Before the first hand nobody waits: the button
    draw comes after the seating.
    """
    last = table.last
    if last is None or seat == last.big_blind:
        return False
    start = small_blind_position(table, last)
    return clockwise(start, last.big_blind, seat, len(table.seats))


def join(table: Table, seat: int, entry: str) -> Table:
    """``table`` with the newcomer ``entry`` in the empty ``seat``, waiting if he must
    (:func:`sits_out`). Seat late entries, moved players and players of broken tables this way."""
    return table.with_seat(seat, entry, waiting=sits_out(table, seat))


def dealt_in(table: Table, positions: Positions) -> tuple[int, ...]:
    """The seats dealt into the hand played with ``positions``: every player not waiting.

    Refuses positions that put a blind on a player who is not dealt in, which would mean the
    positions belong to another table or another hand.
    """
    seats = _eligible(table)
    posted = (positions.small_blind, positions.big_blind)
    if any(s is not None and s not in seats for s in posted):
        refuse(f"table {table.number}: a blind is on a seat that is not dealt in", "positions")
    return tuple(seats)


def record_hand(table: Table, positions: Positions) -> Table:
    """``table`` after a hand played with ``positions``: they become ``last``, and the waiting
    players the button has now passed are dealt in from the next hand (D15)."""
    start = small_blind_position(table, positions)
    count = len(table.seats)
    still = frozenset(
        e for e in table.waiting if clockwise(start, positions.big_blind, table.seat_of(e), count)
    )
    return table.with_last(positions, still)


def hand_seats(table: Table, positions: Positions) -> HandSeats:
    """The hand engine's view of ``positions``, as keywords of ``HandConfig``.

    The engine receives the button as placed here, an empty seat included. Heads-up the button
    is never dead here (the button posts the small blind), and with a dead small blind the
    engine is told so and posts none. Seats not dealt in are given to the engine as empty:
    :func:`hand_stacks` passes ``None`` for them.
    """
    dealt_in(table, positions)
    return HandSeats(
        button=positions.button,
        small_blind_seat=positions.small_blind,
        big_blind_seat=positions.big_blind,
        dead_small_blind=positions.small_blind is None,
    )


def hand_stacks(
    table: Table, positions: Positions, chips: Mapping[str, int]
) -> tuple[int | None, ...]:
    """``HandConfig.stacks`` for the hand: each dealt-in player's chips, ``None`` for an empty
    seat and for a player who waits (he is not dealt in, so the engine must not see him)."""
    seats = set(dealt_in(table, positions))
    missing = [table.seats[s] for s in seats if table.seats[s] not in chips]
    if missing:
        refuse(f"no chip count for {', '.join(str(m) for m in missing)}", "chips")
    return tuple(
        chips[e] if e is not None and i in seats else None for i, e in enumerate(table.seats)
    )


def _eligible(table: Table) -> list[int]:
    """Seats of the players who take part in the next hand (not waiting)."""
    waiting = table.waiting
    return [i for i, e in enumerate(table.seats) if e is not None and e not in waiting]


def _after(seats: list[int], seat: int) -> int:
    """The first of ``seats`` (sorted) strictly clockwise after ``seat``."""
    for s in seats:
        if s > seat:
            return s
    return seats[0]


def _need_players(table: Table, seats: list[int]) -> None:
    if len(seats) < 2:
        refuse(f"table {table.number}: a hand needs two players dealt in", "players")
