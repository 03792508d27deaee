"""The director's floor decisions as typed commands, with the handlers that run them.

``Tournament.call_hand_for_hand``, ``end_hand_for_hand``, ``hold_all_in``,
``release_all_in``, ``set_balancing``, ``balance_from``, ``set_table_size`` and
``draw_button`` (:mod:`floorman.tournament.floor.commands`), registered by name in
:mod:`floorman.service.commands` from :data:`FLOOR_COMMANDS`, so the API's generic command
route takes them. Tables are numbered from 1, as the tournament numbers them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import TournamentEvent

Events = Sequence[TournamentEvent]


@dataclass(frozen=True, slots=True, kw_only=True)
class CallHandForHand:
    street_by_street: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class EndHandForHand:
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldAllIn:
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ReleaseAllIn:
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SetBalancing:
    mode: str
    """``automatic`` or ``director``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BalanceFrom:
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTableSize:
    seats: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawButton:
    table: int


def call_hand_for_hand(t: Tournament, c: CallHandForHand, at: float, rng: random.Random) -> Events:
    return t.call_hand_for_hand(at=at, street_by_street=c.street_by_street)


def end_hand_for_hand(t: Tournament, c: EndHandForHand, at: float, rng: random.Random) -> Events:
    return t.end_hand_for_hand(at=at)


def hold_all_in(t: Tournament, c: HoldAllIn, at: float, rng: random.Random) -> Events:
    return t.hold_all_in(table=c.table, at=at)


def release_all_in(t: Tournament, c: ReleaseAllIn, at: float, rng: random.Random) -> Events:
    return t.release_all_in(table=c.table, at=at)


def set_balancing(t: Tournament, c: SetBalancing, at: float, rng: random.Random) -> Events:
    return t.set_balancing(mode=c.mode, at=at)


def balance_from(t: Tournament, c: BalanceFrom, at: float, rng: random.Random) -> Events:
    return t.balance_from(table=c.table, at=at)


def set_table_size(t: Tournament, c: SetTableSize, at: float, rng: random.Random) -> Events:
    return t.set_table_size(seats=c.seats, at=at, rng=rng)


def draw_button(t: Tournament, c: DrawButton, at: float, rng: random.Random) -> Events:
    return t.draw_button(table=c.table, at=at, rng=rng)


FLOOR_COMMANDS: tuple[tuple[str, type[Any], Callable[..., Events]], ...] = (
    ("call-hand-for-hand", CallHandForHand, call_hand_for_hand),
    ("end-hand-for-hand", EndHandForHand, end_hand_for_hand),
    ("hold-all-in", HoldAllIn, hold_all_in),
    ("release-all-in", ReleaseAllIn, release_all_in),
    ("set-balancing", SetBalancing, set_balancing),
    ("balance-from", BalanceFrom, balance_from),
    ("set-table-size", SetTableSize, set_table_size),
    ("draw-button", DrawButton, draw_button),
)
"""Name, command type and handler of each floor command."""
