"""What the tournament keeps of the entry desk and the director's records, with the fold of
their events (:mod:`.desk_events`).

Like :mod:`.format_state` and :mod:`.manual_state`, nothing here checks anything: the checks
were made when the events were decided (:mod:`.desk_commands` and the modules it calls).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.desk.events import (
    ChipsFound,
    EventChanged,
    IdChecked,
    LowChipsExchanged,
    PlayerColouredUp,
    PlayerWithdrew,
    PrizePaid,
    RebuyPaid,
    RefundRecorded,
    RegistrationSet,
    SeatReserved,
    SeatsActivated,
    SettingsChanged,
    StructureChanged,
    TournamentCancelled,
)
from floorman.tournament.seating.positions import join

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


@dataclass(slots=True)
class DeskState:
    registration_closed: bool = False
    """The staff closed registration (Poland §55.2)."""
    id_checked: set[str] = field(default_factory=set)
    """Players whose ID the staff checked (Poland §55.6)."""
    paid: dict[str, int] = field(default_factory=dict)
    """Prizes paid out, by entry."""
    rebuys_paid: dict[str, int] = field(default_factory=dict)
    """Money paid for declared rebuys and add-ons, by entry (Poland §18.4)."""
    refunds: dict[str, int] = field(default_factory=dict)
    withdrawn: set[str] = field(default_factory=set)
    reserved: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Late entrants waiting for their seat number (PokerStars Live 2.1.2): table and seat."""
    colour_ups: dict[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """Each player's chips after his last colour-up of his own (R25-B)."""
    stock: int = 0
    """Found chips returned to the tournament's stock (TDA R64)."""
    settings: EventSettings | None = None
    """The director's latest settings; ``None``: the configuration's."""
    changes: list[EventChanged] = field(default_factory=list)
    cancelled: bool = False


def _registration(state: TournamentState, event: RegistrationSet) -> None:
    state.desk.registration_closed = not event.open


def _id_checked(state: TournamentState, event: IdChecked) -> None:
    state.desk.id_checked.add(event.player)


def _prize_paid(state: TournamentState, event: PrizePaid) -> None:
    state.desk.paid[event.entry] = event.amount


def _rebuy_paid(state: TournamentState, event: RebuyPaid) -> None:
    paid = state.desk.rebuys_paid
    paid[event.entry] = paid.get(event.entry, 0) + event.amount


def _refund(state: TournamentState, event: RefundRecorded) -> None:
    state.desk.refunds[event.entry] = event.amount


def _withdrew(state: TournamentState, event: PlayerWithdrew) -> None:
    state.desk.withdrawn.add(event.entry)
    state.desk.reserved.pop(event.entry, None)


def _reserved(state: TournamentState, event: SeatReserved) -> None:
    state.desk.reserved[event.entry] = (event.table, event.seat)


def _activated(state: TournamentState, event: SeatsActivated) -> None:
    for entry, number, seat in event.seats:
        state.desk.reserved.pop(entry, None)
        state.seat_entry(entry, join(state.tables[number], seat, entry))


def _coloured_up(state: TournamentState, event: PlayerColouredUp) -> None:
    state.desk.colour_ups[event.entry] = event.chips


def _found(state: TournamentState, event: ChipsFound) -> None:
    state.desk.stock += event.chips
    state.chips -= event.from_play


def _low_chips(state: TournamentState, event: LowChipsExchanged) -> None:
    state.set_stack(event.entry, state.entries[event.entry].stack + event.credited)
    state.chips += event.credited


def _settings(state: TournamentState, event: SettingsChanged) -> None:
    state.desk.settings = event.settings


def _structure(state: TournamentState, event: StructureChanged) -> None:
    """The new structure is the event's and the clock's: everything that reads the levels
    (the clock, the chips in play, late-entry stacks) follows it."""
    state.config = replace(state.config_, structure=event.structure)
    if state.clock is not None:
        state.clock = replace(state.clock, structure=event.structure)


def _changed(state: TournamentState, event: EventChanged) -> None:
    state.desk.changes.append(event)


def _cancelled(state: TournamentState, event: TournamentCancelled) -> None:
    state.desk.cancelled = True
    state.finished = True
    if state.clock is not None and state.clock.running:
        state.clock = state.clock.pause(event.at)


DESK_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    RegistrationSet: _registration,
    IdChecked: _id_checked,
    PrizePaid: _prize_paid,
    RebuyPaid: _rebuy_paid,
    RefundRecorded: _refund,
    PlayerWithdrew: _withdrew,
    SeatReserved: _reserved,
    SeatsActivated: _activated,
    PlayerColouredUp: _coloured_up,
    ChipsFound: _found,
    LowChipsExchanged: _low_chips,
    SettingsChanged: _settings,
    StructureChanged: _structure,
    EventChanged: _changed,
    TournamentCancelled: _cancelled,
}
