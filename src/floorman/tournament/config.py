"""What a director decides before the first card: rulebook, structure, tables and money."""

from __future__ import annotations

from dataclasses import dataclass, field

from floorman.errors import MalformedInputError
from floorman.rules.profiles import TDA_2022
from floorman.rules.ruleset import Ruleset
from floorman.tournament.formats import StageSettings, TournamentFormat, check_format
from floorman.tournament.structure import Structure


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentConfig:
    """An event's fixed settings. The ruleset is the profile (with any venue overlay) in force:
    its hand parameters go to every hand, its tournament parameters to seating, balancing,
    entries and places."""

    name: str
    structure: Structure
    ruleset: Ruleset = TDA_2022
    seats_per_table: int = 9
    buy_in: int = 0
    """The part of the buy-in that goes to the prize pool, in the smallest currency unit."""
    fee: int = 0
    guarantee: int = 0
    prize_unit: int = 1
    """Prizes are multiples of this (a currency's smallest note a director pays out)."""
    format: TournamentFormat = TournamentFormat.FREEZE_OUT
    stages: StageSettings = field(default_factory=StageSettings)
    """How a table knock-out (Olympic, shootout) moves its table winners on."""

    def __post_init__(self) -> None:
        if not 2 <= self.seats_per_table <= 10:
            raise MalformedInputError("a table seats 2 to 10 players", constraint="table-size")
        if min(self.buy_in, self.fee, self.guarantee) < 0 or self.prize_unit < 1:
            raise MalformedInputError(
                "buy-in, fee and guarantee cannot be negative", constraint="money"
            )
        if not self.name.strip():
            raise MalformedInputError("a tournament needs a name", constraint="name")
        check_format(self)

    @property
    def starting_stack(self) -> int:
        return self.structure.starting_stack
