"""The part of the tournament's state the director's floor decisions keep, and the fold of
their events (:mod:`floorman.tournament.floor.events`).

Like :mod:`floorman.tournament.formats.state`, nothing here checks anything: every check was
made when the event was decided (:mod:`floorman.tournament.floor.commands`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from floorman.tournament.floor.events import (
    AllInHeld,
    AllInReleased,
    BalancingSet,
    HandForHandCalled,
    TableSizeSet,
)

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState

AUTOMATIC = "automatic"
"""floorman balances the tables itself after each hand."""
DIRECTOR = "director"
"""The director balances; floorman's plan is only a suggestion (TDA R11-C, PSL 2.5.1)."""
BALANCING_MODES = (AUTOMATIC, DIRECTOR)


@dataclass(slots=True)
class FloorState:
    held: set[int] = field(default_factory=set)
    """Tables whose called all-in waits face down for the floor (TDA RP-8-F, PSL 3.13.1)."""
    called: bool = False
    """The hand-for-hand in play was called by the director (Poland §52.1): it lasts until
    he ends it or one table is left, not only until the money."""
    street_by_street: bool = False
    """The tables also wait for each other at every street (Poland §52.4)."""
    balancing: str = AUTOMATIC
    table_size: int | None = None
    """The most players per table the director set (Poland §25.1); ``None``: the event's
    ``seats_per_table``."""


def seats_per_table(state: TournamentState) -> int:
    """The most players a table seats now: the director's size, else the event's."""
    size = state.floor.table_size
    return state.config_.seats_per_table if size is None else size


def hand_for_hand_ended(state: TournamentState) -> None:
    """Hand-for-hand is over (``HandForHandEnded``): a call and its holds end with it."""
    floor = state.floor
    floor.called = floor.street_by_street = False
    floor.held.clear()


def hand_for_hand_over(state: TournamentState, event: object) -> None:
    """Reaction to hand-for-hand ended (``HandForHandEnded``)."""
    del event
    hand_for_hand_ended(state)


def _called(state: TournamentState, event: HandForHandCalled) -> None:
    state.floor.called = True
    state.floor.street_by_street = event.street_by_street


def _held(state: TournamentState, event: AllInHeld) -> None:
    state.floor.held.add(event.table)


def _released(state: TournamentState, event: AllInReleased) -> None:
    state.floor.held.discard(event.table)


def _balancing(state: TournamentState, event: BalancingSet) -> None:
    state.floor.balancing = event.mode


def _table_size(state: TournamentState, event: TableSizeSet) -> None:
    state.floor.table_size = event.seats


FLOOR_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    HandForHandCalled: _called,
    AllInHeld: _held,
    AllInReleased: _released,
    BalancingSet: _balancing,
    TableSizeSet: _table_size,
}
"""The fold of each floor event, registered in :mod:`floorman.tournament.state`."""
