"""What a director decides before the first card: rulebook, structure, tables and money."""

from __future__ import annotations

from dataclasses import dataclass, field

from floorman.engine.game_rules import check_game
from floorman.engine.games import get_game
from floorman.errors import MalformedInputError
from floorman.rules.profiles import TDA_2022
from floorman.rules.ruleset import Ruleset
from floorman.rules.tournament_rules import TournamentFormat
from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.desk.late_registration import check_end
from floorman.tournament.formats.kinds import StageSettings, check_format
from floorman.tournament.structure.ante_policy import check_ante_policy
from floorman.tournament.structure.levels import Structure


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuyTerms:
    """A rebuy event's offer (TDA R27, Poland §18): more chips for a price, while the rebuy
    period lasts, to a player whose stack is down to ``max_stack`` or less."""

    price: int
    """What each rebuy puts into the prize pool."""
    chips: int
    last_level: int
    """Rebuys are open through the end of this play level (1-based), not on the break after."""
    max_stack: int | None = None
    """A rebuy is allowed at or below this stack; ``None``: at or below the starting stack."""
    max_rebuys: int | None = None
    """Rebuys one entry may make; ``None``: no limit."""

    def __post_init__(self) -> None:
        _check_whole(self.price, "price", minimum=0)
        _check_whole(self.chips, "chips", minimum=1)
        _check_whole(self.last_level, "last_level", minimum=1)
        if self.max_stack is not None:
            _check_whole(self.max_stack, "max_stack", minimum=0)
        if self.max_rebuys is not None:
            _check_whole(self.max_rebuys, "max_rebuys", minimum=1)


@dataclass(frozen=True, slots=True, kw_only=True)
class AddOnTerms:
    """The add-on, one per entry (Poland §18.5: in the period management sets; Belarus: the
    last rebuy): offered from the end of play level ``after_level`` (the break that follows
    it, if any) through the end of play level ``through_level``."""

    price: int
    chips: int
    after_level: int
    through_level: int | None = None
    """``None``: through the next play level (``after_level + 1``)."""

    def __post_init__(self) -> None:
        _check_whole(self.price, "price", minimum=0)
        _check_whole(self.chips, "chips", minimum=1)
        _check_whole(self.after_level, "after_level", minimum=1)
        if self.through_level is not None and self.through_level <= self.after_level:
            raise MalformedInputError(
                "the add-on window ends after the level it opens after", constraint="add-on"
            )

    @property
    def last_level(self) -> int:
        return self.through_level if self.through_level is not None else self.after_level + 1


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
    rebuy: RebuyTerms | None = None
    add_on: AddOnTerms | None = None
    bounty: int = 0
    """The part of each entry's buy-in put on his head, paid to whoever knocks him out."""
    progressive_bounty: bool = False
    """Progressive knockout: half of a bounty won is paid, half goes onto the winner's head."""
    penalty_profile: str | None = None
    """The profile whose penalty catalogue applies; ``None``: the ruleset's own profile (a
    venue overlay names its base here)."""
    format: TournamentFormat | None = None
    """This event's format when it differs from the ruleset's (read through
    :func:`~floorman.tournament.formats.kinds.format_of`); ``None``: the ruleset's."""
    stages: StageSettings = field(default_factory=StageSettings)
    """How a table knock-out (Olympic, shootout) moves its table winners on."""
    settings: EventSettings = field(default_factory=EventSettings)
    """The entry desk's choices the rulebook leaves to the event (deals, IDs, re-entry)."""

    def __post_init__(self) -> None:
        if not 2 <= self.seats_per_table <= 10:
            raise MalformedInputError("a table seats 2 to 10 players", constraint="table-size")
        if min(self.buy_in, self.fee, self.guarantee, self.bounty) < 0 or self.prize_unit < 1:
            raise MalformedInputError(
                "buy-in, fee, guarantee and bounty cannot be negative", constraint="money"
            )
        if not self.name.strip():
            raise MalformedInputError("a tournament needs a name", constraint="name")
        levels = len(self.structure.levels)
        for terms in (self.rebuy, self.add_on):
            if terms is not None and terms.last_level > levels:
                raise MalformedInputError(
                    f"rebuys and add-ons must end by the last level ({levels})",
                    constraint="rebuy-period",
                )
        if self.progressive_bounty and not self.bounty:
            raise MalformedInputError("a progressive knockout needs a bounty", constraint="bounty")
        check_format(self)
        check_end(self.structure, self.settings)
        check_ante_policy(self.structure, self.ruleset)
        for level in self.structure.levels:
            game = get_game(level.game)
            check_game(self.ruleset, game)  # RedCactus «Prérequis»: NLHE only
            if self.seats_per_table > game.max_players:  # one deck: stud and draw seat eight
                raise MalformedInputError(
                    f"{game.name} deals to at most {game.max_players} players: tables of "
                    f"{self.seats_per_table} seats cannot play its levels",
                    constraint="table-size",
                )

    @property
    def starting_stack(self) -> int:
        return self.structure.starting_stack

    @property
    def rebuy_max_stack(self) -> int:
        """The stack at or below which a rebuy is allowed."""
        assert self.rebuy is not None
        limit = self.rebuy.max_stack
        return self.starting_stack if limit is None else limit


def _check_whole(value: int, name: str, *, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise MalformedInputError(
            f"{name} must be a whole number of at least {minimum}, not {value!r}",
            constraint="rebuy-terms",
        )
