"""The entry desk's and the organiser's commands as typed values, with the handlers that run
them (:mod:`floorman.tournament.desk.commands`).

Registered by name in :mod:`floorman.service.commands` from :data:`DESK_COMMANDS`, so the
API's generic command route takes them (the director's alone, like every command the roles
do not open to others). Tables are numbered from 1 and seats from 0, as the tournament
numbers them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk.event_settings import settings_of
from floorman.tournament.events import TournamentEvent
from floorman.tournament.structure.levels import Structure

Events = Sequence[TournamentEvent]


@dataclass(frozen=True, slots=True, kw_only=True)
class Withdraw:
    entry: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Reenter:
    player: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SpecialNeedsSeat:
    entry: str
    table: int
    seat: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourUpPlayer:
    entry: str
    remove: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsFound:
    chips: int
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetRegistration:
    open: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckId:
    player: str
    document: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PayPrize:
    entry: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuyPaid:
    entry: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Refund:
    entry: str
    amount: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Cancel:
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeEvent:
    what: str
    description: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeSettings:
    """Only the settings named change; ``None`` keeps the one in force."""

    reason: str
    deals_allowed: bool | None = None
    id_required: bool | None = None
    reentry_surrenders_chips: bool | None = None
    seat_activation: bool | None = None
    unsold_seats: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SetLateRegistration:
    """The late-registration end (``tournament.late_registration``): through the end of play
    level ``level``, or until ``until`` (seconds since the epoch), whichever comes first;
    both ``None``: no end of the event's own (the profile's window alone)."""

    level: int | None = None
    until: float | None = None
    reason: str = "the director set the end of late registration"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeStructure:
    """The whole structure as it should now read; only items not yet started may differ."""

    structure: Structure
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ExchangeLowChips:
    entry: str
    denomination: int
    count: int


def withdraw(t: Tournament, c: Withdraw, at: float, rng: random.Random) -> Events:
    return t.withdraw(entry=c.entry, at=at, rng=rng)


def reenter(t: Tournament, c: Reenter, at: float, rng: random.Random) -> Events:
    return t.reenter(player=c.player, name=c.name, at=at, rng=rng)


def special_needs_seat(t: Tournament, c: SpecialNeedsSeat, at: float, rng: random.Random) -> Events:
    return t.special_needs_seat(entry=c.entry, table=c.table, seat=c.seat, reason=c.reason, at=at)


def colour_up_player(t: Tournament, c: ColourUpPlayer, at: float, rng: random.Random) -> Events:
    return t.colour_up_player(entry=c.entry, remove=c.remove, at=at)


def chips_found(t: Tournament, c: ChipsFound, at: float, rng: random.Random) -> Events:
    return t.chips_found(chips=c.chips, note=c.note, at=at)


def set_registration(t: Tournament, c: SetRegistration, at: float, rng: random.Random) -> Events:
    return t.open_registration(at=at) if c.open else t.close_registration(at=at)


def check_id(t: Tournament, c: CheckId, at: float, rng: random.Random) -> Events:
    return t.check_id(player=c.player, document=c.document, at=at)


def pay_prize(t: Tournament, c: PayPrize, at: float, rng: random.Random) -> Events:
    return t.pay_prize(entry=c.entry, at=at)


def rebuy_paid(t: Tournament, c: RebuyPaid, at: float, rng: random.Random) -> Events:
    return t.record_rebuy_payment(entry=c.entry, at=at)


def refund(t: Tournament, c: Refund, at: float, rng: random.Random) -> Events:
    return t.record_refund(entry=c.entry, amount=c.amount, reason=c.reason, at=at)


def cancel(t: Tournament, c: Cancel, at: float, rng: random.Random) -> Events:
    return t.cancel(reason=c.reason, at=at)


def change_event(t: Tournament, c: ChangeEvent, at: float, rng: random.Random) -> Events:
    return t.change_event(what=c.what, description=c.description, at=at)


def change_settings(t: Tournament, c: ChangeSettings, at: float, rng: random.Random) -> Events:
    named: dict[str, bool | int | None] = {
        "deals_allowed": c.deals_allowed,
        "id_required": c.id_required,
        "reentry_surrenders_chips": c.reentry_surrenders_chips,
        "seat_activation": c.seat_activation,
        "unsold_seats": c.unsold_seats,
    }
    changes = {key: value for key, value in named.items() if value is not None}
    settings = replace(settings_of(t.state), **changes)  # type: ignore[arg-type]
    return t.change_settings(settings=settings, reason=c.reason, at=at)


def set_late_registration(
    t: Tournament, c: SetLateRegistration, at: float, rng: random.Random
) -> Events:
    settings = replace(
        settings_of(t.state), late_registration_level=c.level, late_registration_until=c.until
    )
    return t.change_settings(settings=settings, reason=c.reason, at=at)


def change_structure(t: Tournament, c: ChangeStructure, at: float, rng: random.Random) -> Events:
    return t.change_structure(structure=c.structure, reason=c.reason, at=at)


def exchange_low_chips(t: Tournament, c: ExchangeLowChips, at: float, rng: random.Random) -> Events:
    return t.exchange_low_chips(entry=c.entry, denomination=c.denomination, count=c.count, at=at)


DESK_COMMANDS: tuple[tuple[str, type[Any], Callable[..., Events]], ...] = (
    ("withdraw", Withdraw, withdraw),
    ("reenter", Reenter, reenter),
    ("special-needs-seat", SpecialNeedsSeat, special_needs_seat),
    ("colour-up-player", ColourUpPlayer, colour_up_player),
    ("chips-found", ChipsFound, chips_found),
    ("set-registration", SetRegistration, set_registration),
    ("check-id", CheckId, check_id),
    ("pay-prize", PayPrize, pay_prize),
    ("rebuy-paid", RebuyPaid, rebuy_paid),
    ("refund", Refund, refund),
    ("cancel", Cancel, cancel),
    ("change-event", ChangeEvent, change_event),
    ("change-settings", ChangeSettings, change_settings),
    ("change-structure", ChangeStructure, change_structure),
    ("set-late-registration", SetLateRegistration, set_late_registration),
    ("exchange-low-chips", ExchangeLowChips, exchange_low_chips),
)
"""Each command's name, type and handler, for the registry."""
