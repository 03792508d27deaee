"""The chip race of a colour-up break as the log records it: every table's race, every
player's line (:mod:`floorman.tournament.structure.colour_up_race` decides them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True, kw_only=True)
class RaceLineRecord:
    """One player's line in a chip race (see :class:`~.chip_race.RaceLine`)."""

    entry: str
    removed_chips: int
    exchanged: int
    leftover_chips: int
    cards: tuple[int, ...] = ()
    won: bool = False
    protected: bool = False
    stack_before: int
    stack_after: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRace:
    table: int
    removed: int
    next_up: int
    raced: int
    """Next-up chips raced for, or handed out by rounding."""
    lines: tuple[RaceLineRecord, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipRaceRun:
    """The colour-up of one break: every table's race, denomination by denomination."""

    kind: ClassVar[str] = "chip-race-run"
    version: ClassVar[int] = 1
    index: int
    """The break's item index in the structure."""
    removed: tuple[int, ...]
    method: str
    races: tuple[TableRace, ...]
    rule: str
