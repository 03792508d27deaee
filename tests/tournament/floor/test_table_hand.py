"""From a tournament table to one hand of the engine (issue 6; RedCactus «Big Blind Ante»)."""

from __future__ import annotations

import random

import pytest

from floorman.engine.config import AnteMode
from floorman.rules.profiles import get_ruleset
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.floor.table_hand import HandSetup, result_of, setup_hand
from floorman.tournament.seating.tables import Table
from floorman.tournament.structure.levels import Level

LEVEL = Level(minutes=20, small_blind=200, big_blind=400, ante=400, ante_mode=AnteMode.BIG_BLIND)


def table_of(players: int, seats: int = 9) -> Table:
    names: list[str | None] = [f"p{i}" for i in range(players)]
    return Table(number=1, seats=tuple(names + [None] * (seats - players)))


def setup(players: int, profile: str, seats: int = 9) -> HandSetup:
    table = table_of(players, seats)
    return setup_hand(
        table,
        button=0,
        level=LEVEL,
        level_number=3,
        chips=dict.fromkeys(table.players, 10_000),
        ruleset=get_ruleset(profile),
        smallest_chip=100,
        players_left=50,
    )


@pytest.mark.rules("redcactus Big Blind Ante")
@pytest.mark.parametrize(
    ("players", "seats", "ante"), [(5, 9, 200), (6, 9, 400), (4, 8, 200), (5, 8, 400)]
)
def test_redcactus_big_blind_ante_drops_to_the_small_blind_short_handed(
    players: int, seats: int, ante: int
) -> None:
    hand = setup(players, "redcactus", seats)
    assert hand.config.ante == ante


@pytest.mark.rules("tda-2022 RP-11")
def test_tda_big_blind_ante_is_never_reduced() -> None:
    hand = setup(3, "tda-2022")
    assert hand.config.ante == 400


def test_first_hand_blinds_follow_the_drawn_button_and_results_sum_up_the_hand() -> None:
    hand_setup = setup_hand(
        table_of(6),
        button=2,
        level=LEVEL,
        level_number=3,
        chips={f"p{i}": 5_000 + i for i in range(6)},
        ruleset=get_ruleset("tda-2022"),
        smallest_chip=100,
        players_left=50,
    )
    positions = hand_setup.positions
    assert (positions.button, positions.small_blind, positions.big_blind) == (2, 3, 4)
    hand = play_hand(hand_setup, {}, random.Random(4))
    result = result_of(hand_setup, hand)
    assert [e for e, _ in result.stacks_before] == [f"p{i}" for i in range(6)]
    assert sum(s for _, s in result.stacks_after) == sum(s for _, s in result.stacks_before)
    for busted in result.eliminated_by:
        assert dict(result.stacks_after)[busted] == 0
