"""A seven-card stud hand at a live table, third street dealt with known cards."""

from __future__ import annotations

from collections.abc import Sequence

from tests.live.live_tables import card

from floorman.engine import GAMES, DealHole, HandConfig
from floorman.engine.config import AnteMode
from floorman.live.live_hand import LiveHand
from floorman.rules.profiles import PROFILES


def stud_hand(stacks: Sequence[int], holes: Sequence[str], *, profile: str) -> LiveHand:
    """Antes 5, bring-in 10, bets 40/80; ``holes`` are each seat's two down cards and door
    card ("2c Ks Qs": the Qs is up)."""
    cfg = HandConfig(
        game=GAMES["F7S"],
        stacks=tuple(stacks),
        button=len(stacks) - 1,
        ante=5,
        ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=40,
        big_bet=80,
        bring_in=10,
        ruleset=PROFILES[profile],
    )
    live = LiveHand(cfg)
    for seat, hole in enumerate(holes):
        live.act(DealHole(seat, tuple(card(c) for c in hole.split())))
    return live
