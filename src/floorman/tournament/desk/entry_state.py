"""The fold of the desk's events of play: the alternate list, rebuys and add-ons, players
away and back.

Nothing here checks anything: every check was made when the event was decided.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from floorman.tournament.events import (
    AlternateListed,
    AlternatesReleased,
    PlayerAbsent,
    PlayerPresent,
    RebuyMade,
)

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


def _alternate_listed(state: TournamentState, event: AlternateListed) -> None:
    state.alternates.append((event.player, event.name))
    state.alternate_since[event.player] = event.at


def _alternates_released(state: TournamentState, event: AlternatesReleased) -> None:
    state.alternates = [a for a in state.alternates if a[0] not in event.players]


def _rebuy(state: TournamentState, event: RebuyMade) -> None:
    entry = state.changing(event.entry)
    state.chips += event.chips
    if event.add_on:
        entry.add_ons += 1
        state.add_ons += 1
    else:
        entry.rebuys += 1
        state.rebuys += 1
    entry.stack += event.chips
    state.pending = [bust for bust in state.pending if bust.entry != event.entry]
    state.knocked_out_by.pop(event.entry, None)


def _absent(state: TournamentState, event: PlayerAbsent) -> None:
    state.absent.add(event.entry)


def _present(state: TournamentState, event: PlayerPresent) -> None:
    state.absent.discard(event.entry)


ENTRY_FOLD: dict[type, Callable[[TournamentState, Any], None]] = {
    AlternateListed: _alternate_listed,
    AlternatesReleased: _alternates_released,
    RebuyMade: _rebuy,
    PlayerAbsent: _absent,
    PlayerPresent: _present,
}
