"""A hand's fixed facts, as the engine reads them: worked out once per configuration.

:class:`~floorman.engine.config.HandConfig` is the public description of a table; it stays a
plain Python dataclass, which compiled code (:mod:`floorman.native`) reads field by field by
name. The engine reads the same few facts at every street and every option, so a config makes
its :class:`HandPlan` once, when it is created: the seats as the engine deals them (the dealer,
the blinds, the dealing order), the game's streets and structure, the forced bets and bet
sizes, and the ruleset as :class:`~floorman.engine.hand_rules.HandRules`. Every hand played
from the config reads them as native fields, and the forced bets, the same for every hand of
the config, are worked out by the first one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.engine.games import Street, Structure, Valuation
from floorman.engine.hand_rules import HandRules

if TYPE_CHECKING:
    from floorman.engine.events import Event


class HandPlan:
    """The fixed facts of the hands of one config (see the module docstring)."""

    __slots__ = (
        "ante",
        "big_bet",
        "big_blind",
        "big_blind_ante",
        "blinds",
        "bring_in",
        "dealer",
        "dealing_order",
        "draws",
        "every_player_ante",
        "forced_bets",
        "occupied",
        "rules",
        "small_bet",
        "small_blind",
        "smallest_chip",
        "stacks",
        "start_in_hand",
        "start_stacks",
        "streets",
        "structure",
        "stud",
        "tournament_heads_up",
        "valuation",
    )

    def __init__(
        self,
        *,
        occupied: tuple[int, ...],
        dealer: int,
        blinds: tuple[int | None, int],
        dealing_order: tuple[int, ...],
        streets: tuple[Street, ...],
        structure: Structure,
        valuation: Valuation,
        stud: bool,
        draws: bool,
        stacks: tuple[int | None, ...],
        small_blind: int,
        big_blind: int,
        ante: int,
        every_player_ante: bool,
        big_blind_ante: bool,
        small_bet: int,
        big_bet: int,
        bring_in: int,
        smallest_chip: int,
        tournament_heads_up: bool,
        rules: HandRules,
    ) -> None:
        self.occupied = occupied
        """Seats dealt in: a player with chips."""
        self.dealer = dealer
        """The seat that plays as the button (see ``HandConfig.dealer_seat``)."""
        self.blinds = blinds
        """The small-blind seat (``None`` when dead) and the big-blind seat."""
        self.dealing_order = dealing_order
        self.streets = streets
        self.structure = structure
        self.valuation = valuation
        self.stud = stud
        self.draws = draws
        self.stacks = stacks
        self.start_stacks = tuple([s or 0 for s in stacks])
        """The stacks as a hand starts them: an empty seat holds 0."""
        self.start_in_hand = tuple([bool(s) for s in stacks])
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.ante = ante
        self.every_player_ante = every_player_ante
        self.big_blind_ante = big_blind_ante
        """One ante for the table, posted by the big blind (TDA RP-11)."""
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.bring_in = bring_in
        self.smallest_chip = smallest_chip
        self.tournament_heads_up = tournament_heads_up
        self.rules = rules
        self.forced_bets: tuple[Event, ...] | None = None
        """The antes and blinds every hand of the config opens with, once the first one has
        worked them out (they are frozen values: every hand records the same ones)."""
