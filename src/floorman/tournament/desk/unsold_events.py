"""The events of unsold seats (Poland §55.10) and their fold into the state.

An unsold seat is a placeholder entry (``u1``, ``u2``...): seated at the draw with a starting
stack and absent, so it is dealt in, posts its forced bets and has its hand killed like any
absent player. It is never an entry of the results: it does not count among the players left
(``TournamentState.alive``), the entries of the prize pool or the places, and it leaves the
state entirely when a late registrant takes it or when it leaves play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class UnsoldSeatsDealt:
    """At the start, ``entries`` are unsold seats with ``stack`` each, drawn with the players."""

    kind: ClassVar[str] = "unsold-seats-dealt"
    version: ClassVar[int] = 1
    entries: tuple[str, ...]
    stack: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class UnsoldSeatTaken:
    """The late registrant ``entry`` (registered just before with the seat's chips) takes the
    unsold seat ``unsold``: its table, seat and place in the hand rotation."""

    kind: ClassVar[str] = "unsold-seat-taken"
    version: ClassVar[int] = 1
    unsold: str
    entry: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class UnsoldSeatsClosed:
    """``entries`` leave their seats and the event: late registration closed (their chips were
    removed just before, ``ChipsRemoved``), or the forced bets took every chip they had."""

    kind: ClassVar[str] = "unsold-seats-closed"
    version: ClassVar[int] = 1
    entries: tuple[str, ...]
    at: float
    rule: str


def _dealt(state: TournamentState, event: UnsoldSeatsDealt) -> None:
    from floorman.tournament.entry_record import EntryState

    for number, entry in enumerate(event.entries, start=1):
        state.add_entry(EntryState(entry, entry, f"Unsold seat {number}", event.stack))
        state.unsold.add(entry)
        state.absent.add(entry)


def _taken(state: TournamentState, event: UnsoldSeatTaken) -> None:
    unsold = state.entries[event.unsold]
    assert unsold.table is not None
    assert unsold.seat is not None
    table, seat = state.tables[unsold.table], unsold.seat
    waiting = event.unsold in table.waiting
    state.chips -= unsold.stack  # the registration put them in play again under his name
    _forget(state, event.unsold)
    taken = table.without(event.unsold).with_seat(seat, event.entry, waiting=waiting)
    state.seat_entry(event.entry, taken)


def _closed(state: TournamentState, event: UnsoldSeatsClosed) -> None:
    for entry in event.entries:
        state.unseat_entry(entry)
        _forget(state, entry)


def _forget(state: TournamentState, entry: str) -> None:
    state.drop_entry(entry)
    for kept in (state.unsold, state.absent, state.moved_to_change(), state.unseated):
        kept.discard(entry)


UNSOLD_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    UnsoldSeatsDealt: _dealt,
    UnsoldSeatTaken: _taken,
    UnsoldSeatsClosed: _closed,
}
