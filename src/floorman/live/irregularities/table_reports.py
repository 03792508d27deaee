"""More of what a dealer reports from a live table: conduct that changes a hand (a phone used
with live cards), the floor declaring a hand dead, and what goes wrong at showdown (a hand
shown before its turn, a hand thrown away before it was shown).

Like :mod:`floorman.live.irregularities.reports`, these are the inputs of
:meth:`~floorman.live.live_hand.LiveHand.record`; :mod:`floorman.live.director.table_rulings` rules
on
them. Seats are the engine's 0-based seats; cards are card numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True, slots=True, kw_only=True)
class DeviceUsed:
    """The player of ``seat`` used a phone or another communication device at the table."""

    seat: int


class DeadHandCause(StrEnum):
    """Why the floor declares a hand dead, each a rule of its own where the rulebook has one."""

    FLOOR = "floor"
    """The floor's own judgement (Poland §48.1, TDA R1, Belarus 7.3.1)."""
    DEFECTIVE_DECK_PLAYED = "defective-deck-played"
    """He played on knowing the deck was defective (Poland §48.2e)."""
    UP_CARDS_TURNED = "up-cards-turned"
    """Stud: facing a bet, he picked up his up cards, turned them down or mixed them with his
    down cards (Poland §48.2c, TDA R66)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDeclaredDead:
    """The floor declares the hand of ``seat`` dead, for ``cause``."""

    seat: int
    cause: DeadHandCause = DeadHandCause.FLOOR


@dataclass(frozen=True, slots=True, kw_only=True)
class ShownOutOfTurn:
    """At showdown, ``seat`` turned his cards face up before his turn to show came."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandMucked:
    """At showdown, ``seat`` threw his hand away before it was shown; ``identifiable``: its
    cards can still be told apart from the muck with certainty."""

    seat: int
    identifiable: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsFound:
    """``amount`` chips were found with ``seat`` after his all-in was called (reported once the
    pot is awarded: :func:`floorman.live.finished_hand.record`)."""

    seat: int
    amount: int


TableReport = DeviceUsed | HandDeclaredDead | ShownOutOfTurn | HandMucked | ChipsFound
