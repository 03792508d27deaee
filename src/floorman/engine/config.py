"""Everything a hand needs to know before the first card: seats, stacks, button, forced bets."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from floorman.engine.games import Game
from floorman.engine.hand_rules import HandRules
from floorman.engine.plan import HandPlan
from floorman.errors import refuse
from floorman.rules.profiles import TDA_2022
from floorman.rules.ruleset import Ruleset


class AnteMode(StrEnum):
    NONE = "none"
    EVERY_PLAYER = "every-player"
    BIG_BLIND = "big-blind"
    """Big-blind ante: the big blind posts one ante for the table, before his blind (TDA RP-11)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandConfig:
    """The table at the start of a hand. Seats are physical seats, 0-based, clockwise.

    ``small_blind_seat`` and ``big_blind_seat`` default to the usual positions (heads-up the
    button posts the small blind, TDA R34); the tournament engine passes them explicitly when
    the dead-button rule puts them elsewhere, and ``small_blind_seat=None`` with
    ``dead_small_blind=True`` means no small blind is posted this hand.
    """

    game: Game
    stacks: tuple[int | None, ...]
    """Chips of the player in each seat; ``None`` for an empty seat."""
    button: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    ante_mode: AnteMode = AnteMode.NONE
    small_bet: int = 0
    big_bet: int = 0
    bring_in: int = 0
    """Stud: the forced opening bet of the lowest door card, less than the small bet."""
    small_blind_seat: int | None = None
    big_blind_seat: int | None = None
    dead_small_blind: bool = False
    smallest_chip: int = 1
    tournament_heads_up: bool = False
    """Two players left in the whole tournament: the limit cap is lifted under TDA R48."""
    ruleset: Ruleset = TDA_2022
    _seating: HandPlan = field(init=False, repr=False, compare=False)
    """What the hand engine reads, worked out once (see :mod:`floorman.engine.plan`)."""

    def __post_init__(self) -> None:
        seats = len(self.stacks)
        if not 2 <= seats <= 10:
            refuse("a table has 2 to 10 seats", "seats")
        if not 0 <= self.button < seats:
            refuse(f"button seat {self.button} is not at this table", "button")
        occupied = tuple([i for i, s in enumerate(self.stacks) if s])
        if len(occupied) < 2:
            refuse("a hand needs at least two players with chips", "players")
        amounts = (
            self.small_blind,
            self.big_blind,
            self.ante,
            self.small_bet,
            self.big_bet,
            self.bring_in,
        )
        if len(occupied) > 8 and len(occupied) > self.game.max_players:  # at least 8 everywhere
            refuse(f"{self.game.name} deals to at most {self.game.max_players} players", "players")
        if min(amounts) < 0 or self.smallest_chip < 1:
            refuse("forced bets and bet sizes cannot be negative", "forced-bets")
        if self.game.is_limit and not 0 < self.small_bet <= self.big_bet:
            refuse("a limit game needs a small bet and a big bet", "bet-sizes")
        if self.game.is_stud:
            self._check_stud()
        elif not self.game.is_limit and self.big_blind <= 0:
            refuse("a no-limit or pot-limit game needs a big blind", "forced-bets")
        object.__setattr__(self, "_seating", _plan(self, occupied))

    def _check_stud(self) -> None:
        if self.small_blind or self.big_blind or self.ante_mode is AnteMode.BIG_BLIND:
            refuse("stud has antes and a bring-in, not blinds", "forced-bets")
        if not 0 < self.bring_in < self.small_bet:
            refuse("stud needs a bring-in above 0 and below the small bet", "bring-in")

    @property
    def seat_count(self) -> int:
        return len(self.stacks)

    @property
    def plan(self) -> HandPlan:
        """What the hand engine reads, worked out once for every hand of this config."""
        return self._seating

    @property
    def occupied(self) -> tuple[int, ...]:
        """Seats dealt in: a player with chips."""
        return self._seating.occupied

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Occupied seats clockwise, starting with the first one after ``seat``."""
        return _clockwise(self.occupied, seat)

    @property
    def dealer_seat(self) -> int:
        """The seat that plays as the button: heads-up with the button on an empty seat, the
        small blind is the button, is dealt last and acts last after the flop (TDA R34)."""
        return self._seating.dealer

    @property
    def dealing_order(self) -> tuple[int, ...]:
        """Occupied seats clockwise from the dealer's left: the order cards are dealt in."""
        return self._seating.dealing_order

    def blind_seats(self) -> tuple[int | None, int]:
        """The small-blind seat (``None`` when dead) and the big-blind seat."""
        return self._seating.blinds


def _plan(config: HandConfig, occupied: tuple[int, ...]) -> HandPlan:
    """Who sits where for the hand engine (the dealer, the blinds, the dealing order), and the
    rest of what it reads from the config, worked out once."""
    button, stacks = config.button, config.stacks
    order = _clockwise(occupied, button)
    heads_up = len(order) == 2
    default_sb = button if heads_up and stacks[button] else order[0]
    default_bb = order[0] if heads_up and default_sb == button else order[1]
    big = config.big_blind_seat if config.big_blind_seat is not None else default_bb
    small: int | None = None
    if not config.dead_small_blind:
        small = config.small_blind_seat if config.small_blind_seat is not None else default_sb
    dealer = button
    if heads_up and not stacks[button]:
        dealer = small if small is not None else order[-1]
    game = config.game
    return HandPlan(
        occupied=occupied,
        dealer=dealer,
        blinds=(small, big),
        dealing_order=order if dealer == button else _clockwise(occupied, dealer),
        streets=game.streets,
        structure=game.structure,
        valuation=game.valuation,
        stud=game.is_stud,
        draws=game.has_draws,
        stacks=stacks,
        small_blind=config.small_blind,
        big_blind=config.big_blind,
        ante=config.ante,
        every_player_ante=config.ante_mode is AnteMode.EVERY_PLAYER,
        big_blind_ante=config.ante_mode is AnteMode.BIG_BLIND,
        small_bet=config.small_bet,
        big_bet=config.big_bet,
        bring_in=config.bring_in,
        smallest_chip=config.smallest_chip,
        tournament_heads_up=config.tournament_heads_up,
        rules=HandRules(config.ruleset),
    )


def _clockwise(occupied: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The occupied seats (in seat order) clockwise, from the first one after ``seat``."""
    return tuple([s for s in occupied if s > seat] + [s for s in occupied if s <= seat])
