"""From a table of the tournament to one hand of the hand engine, and back.

:func:`setup_hand` turns the state of one table (its seats, the dead-button positions, the
level in force) into the engine's :class:`~floorman.engine.config.HandConfig`; whoever deals
the hand (a dealer's tablet, the online server, a simulation) plays it with the engine, and
:func:`result_of` sums the finished hand up as the :class:`HandResult` the tournament records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from floorman.engine.config import AnteMode, HandConfig
from floorman.engine.events import PotAwarded
from floorman.engine.games import get_game
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.rules.ruleset import Ruleset
from floorman.tournament.officials.hand_rulings import TableRuling
from floorman.tournament.seating.positions import (
    first_positions,
    hand_seats,
    hand_stacks,
    next_positions,
)
from floorman.tournament.seating.tables import Positions, Table
from floorman.tournament.structure.levels import Level


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSetup:
    """Everything needed to deal the next hand at one table."""

    table: int
    level: int
    """The play level's number, in force because the hand starts now (TDA R23)."""
    positions: Positions
    seats: tuple[str | None, ...]
    """The entry dealt in at each seat (``None``: empty, or waiting for the button)."""
    config: HandConfig
    dead: frozenset[int] = frozenset()
    """Seats dealt in whose hands the dealer kills right after the deal: the player is absent
    or serves a penalty; his forced bets (and a stud bring-in) are still taken (TDA R30,
    R71-C). Until the live table kills hands, such a seat folds at its first turn."""
    serving: tuple[str, ...] = ()
    """Entries whose killed hand serves one hand of a penalty when this hand is recorded."""
    redeal: bool = False
    """This deal replaces a misdeal: its killed hands were served by the misdeal (R35-C)."""
    hand_for_hand: bool = False
    """Dealt hand-for-hand: once an all-in is called and the betting is over, the table keeps
    the cards face down and deals nothing more (reported with ``Tournament.hold_all_in``)
    until the floor releases it (``release_all_in``; TDA RP-8-F, PokerStars Live 3.13.1)."""
    street_by_street: bool = False
    """The director runs hand-for-hand street by street (Poland §52.4): before each street
    the table waits for the floor's signal, which all tables get together."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """A finished hand as the tournament records it."""

    table: int
    level: int
    positions: Positions
    stacks_before: tuple[tuple[str, int], ...]
    stacks_after: tuple[tuple[str, int], ...]
    eliminated_by: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    served: tuple[str, ...] = ()
    """Entries that served a penalty hand in it (the setup's ``serving``)."""
    rulings: tuple[TableRuling, ...] = ()
    """The rulings made at the table during the hand (a live table's, :mod:`.live_rulings`)."""
    history: str = ""
    """The hand as PHH text, its rulings and the director's overrides as comments, when a
    live table's tablet recorded it (empty otherwise)."""


def setup_hand(
    table: Table,
    *,
    button: int | None,
    level: Level,
    level_number: int,
    chips: Mapping[str, int],
    ruleset: Ruleset,
    smallest_chip: int,
    players_left: int,
    positions: Positions | None = None,
) -> HandSetup:
    """The next hand at ``table``: positions by the dead-button rule (or from the drawn
    ``button`` for the table's first hand), stacks of the players dealt in, the level's bets.
    ``positions`` given: a re-deal, played where the misdealt hand was (TDA R35-C).

    The big-blind ante drops to the small blind at a short-handed table where the profile
    says so (RedCactus «Big Blind Ante»).
    """
    if positions is None:
        positions = _positions(table, button)
    stacks = hand_stacks(table, positions, chips)
    dealt = sum(1 for s in stacks if s)
    ante = level.ante
    reduced_at = ruleset.tournament.big_blind_ante_reduced_at.get(len(table.seats))
    if level.ante_mode is AnteMode.BIG_BLIND and reduced_at is not None and dealt <= reduced_at:
        ante = min(ante, level.small_blind)
    config = HandConfig(
        game=get_game(level.game),
        stacks=stacks,
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=ante,
        ante_mode=level.ante_mode if ante else AnteMode.NONE,
        small_bet=level.small_bet,
        big_bet=level.big_bet,
        bring_in=level.bring_in,
        smallest_chip=smallest_chip,
        tournament_heads_up=players_left == 2,
        ruleset=ruleset,
        **hand_seats(table, positions),
    )
    seats = tuple(e if stacks[i] else None for i, e in enumerate(table.seats))
    return HandSetup(
        table=table.number,
        level=level_number,
        positions=positions,
        seats=seats,
        config=config,
    )


def _positions(table: Table, button: int | None) -> Positions:
    """By the dead-button rule, or from the drawn ``button`` for the table's first hand."""
    if table.last is not None:
        return next_positions(table)
    if button is None:
        raise MalformedInputError(f"table {table.number} needs a button draw", constraint="button")
    return first_positions(table, _seated_button(table, button))


def _seated_button(table: Table, button: int) -> int:
    """The drawn button, or, if its player has left before the table's first hand (moved or
    busted elsewhere), the nearest player before it, so the blinds fall where the draw meant."""
    count = len(table.seats)
    for back in range(count):
        seat = (button - back) % count
        if table.seats[seat] is not None and table.seats[seat] not in table.waiting:
            return seat
    return button


def result_of(setup: HandSetup, hand: Hand) -> HandResult:
    """The finished ``hand`` dealt from ``setup``: stacks before and after, and who won the
    chips of each player it eliminated (the winners of the pots he contested)."""
    if not hand.is_over:
        raise MalformedInputError("the hand is not over yet", constraint="hand-over")
    dealt = [(seat, entry) for seat, entry in enumerate(setup.seats) if entry is not None]
    before = tuple((entry, setup.config.stacks[seat] or 0) for seat, entry in dealt)
    after = tuple((entry, hand.stacks[seat]) for seat, entry in dealt)
    busted = {seat for seat, entry in dealt if hand.stacks[seat] == 0}
    by: dict[str, tuple[str, ...]] = {}
    for event in hand.events:
        if not isinstance(event, PotAwarded):
            continue
        winners = [seat for seat, _ in event.shares]
        for seat in busted & set(event.eligible):
            if seat not in winners:
                names = tuple(setup.seats[w] or "" for w in winners)
                by[setup.seats[seat] or ""] = names
    return HandResult(
        table=setup.table,
        level=setup.level,
        positions=setup.positions,
        stacks_before=before,
        stacks_after=after,
        eliminated_by=by,
        served=setup.serving,
    )
