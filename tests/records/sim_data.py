"""Simulated events for the records tests: whole tournaments played by bots, made once."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from floorman.engine.config import AnteMode
from floorman.engine.hand import Hand
from floorman.sim.tournament_sim import simulate
from floorman.tournament.floor.table_hand import HandSetup
from floorman.tournament.structure.levels import Level, Structure


@dataclass(frozen=True, slots=True)
class Simulated:
    events: tuple[object, ...]
    hands: tuple[tuple[HandSetup, Hand], ...]


def structure(*, antes: bool) -> Structure:
    """Twenty-minute levels and no breaks (so no colour-up); with ``antes``, a big-blind ante
    from the second level. Without antes, PokerKit's PokerStars reader (which skips antes)
    agrees with every hand."""
    levels = tuple(
        Level(
            minutes=20,
            small_blind=sb,
            big_blind=2 * sb,
            ante=2 * sb if antes and sb > 50 else 0,
            ante_mode=AnteMode.BIG_BLIND if antes and sb > 50 else AnteMode.NONE,
        )
        for sb in (50, 100, 200, 400, 800, 1_600, 3_000, 5_000)
    )
    return Structure(items=levels, starting_stack=10_000, chips=(25, 100, 500, 1_000))


@cache
def simulated(
    players: int = 12, seed: int = 3, profile: str = "tda-2022", antes: bool = True
) -> Simulated:
    hands: list[tuple[HandSetup, Hand]] = []
    report = simulate(
        players=players,
        seed=seed,
        profile=profile,
        structure=structure(antes=antes),
        on_hand=lambda setup, hand: hands.append((setup, hand)),
    )
    return Simulated(events=report.events, hands=tuple(hands))
