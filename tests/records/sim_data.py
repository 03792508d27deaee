"""Simulated events for the records tests: whole tournaments played by bots, made once."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from floorman.engine.hand import Hand
from floorman.sim.tournament_sim import simulate
from floorman.tournament.structure import Level, Structure
from floorman.tournament.table_hand import HandSetup


@dataclass(frozen=True, slots=True)
class Simulated:
    events: tuple[object, ...]
    hands: tuple[tuple[HandSetup, Hand], ...]


def no_ante_structure() -> Structure:
    """Blinds only, so that PokerKit's PokerStars reader (which skips antes) agrees."""
    levels = tuple(
        Level(minutes=15, small_blind=sb, big_blind=2 * sb) for sb in (50, 100, 200, 400, 800)
    )
    return Structure(items=levels, starting_stack=5_000, chips=(25, 100, 500))


@cache
def simulated(
    players: int = 12, seed: int = 3, profile: str = "tda-2022", antes: bool = True
) -> Simulated:
    hands: list[tuple[HandSetup, Hand]] = []
    report = simulate(
        players=players,
        seed=seed,
        profile=profile,
        structure=None if antes else no_ante_structure(),
        on_hand=lambda setup, hand: hands.append((setup, hand)),
    )
    return Simulated(events=report.events, hands=tuple(hands))
