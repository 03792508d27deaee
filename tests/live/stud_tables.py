"""A seven-card stud hand for the live-table tests: three players, antes and a bring-in, the
third-street cards dealt (2c Ks Qs, Ah Kh 3d, Ad Kd Jd: the 3d brings in)."""

from __future__ import annotations

from tests.live.live_tables import cards

from floorman.engine import AnteMode, DealHole, HandConfig
from floorman.engine.games import GAMES
from floorman.live.live_hand import LiveHand
from floorman.rules.profiles import PROFILES

THIRD_STREET = ((0, "2c Ks Qs"), (1, "Ah Kh 3d"), (2, "Ad Kd Jd"))


def stud_config(profile: str) -> HandConfig:
    return HandConfig(
        game=GAMES["F7S"],
        stacks=(1000, 1000, 1000),
        button=2,
        ante=5,
        ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=40,
        big_bet=80,
        bring_in=10,
        ruleset=PROFILES[profile],
    )


def stud_dealt(profile: str) -> LiveHand:
    """The live hand with third street dealt, waiting for the bring-in."""
    live = LiveHand(stud_config(profile))
    for seat, hole in THIRD_STREET:
        live.act(DealHole(seat, cards(hole)))
    return live
