"""Places of players eliminated together (TDA A2 decision, RP-8-A; PokerStars Live 3.13;
Poland §52.5)."""

from __future__ import annotations

import pytest

from floorman.rules.tournament_rules import CrossTableBusts, SameHandBusts
from floorman.tournament.money.places import Bust, place_busts
from floorman.tournament.money.prizes import share_places


@pytest.mark.rules("pokerstars-live 3.13.3", "poland-pzp §52.5")
def test_same_table_busts_more_chips_at_the_start_finishes_higher() -> None:
    busts = [Bust("small", 1, 1_000), Bust("big", 1, 5_000), Bust("middle", 1, 3_000)]
    placings = place_busts(
        busts,
        players_left=20,
        same_hand=SameHandBusts.MORE_CHIPS_HIGHER,
        cross_table=CrossTableBusts.TIE,
    )
    assert [(p.entry, p.place, p.tied) for p in placings] == [
        ("big", 18, 1),
        ("middle", 19, 1),
        ("small", 20, 1),
    ]


def test_same_table_busts_with_equal_stacks_tie() -> None:
    busts = [Bust("a", 1, 2_000), Bust("b", 1, 2_000), Bust("c", 1, 500)]
    placings = place_busts(
        busts,
        players_left=10,
        same_hand=SameHandBusts.MORE_CHIPS_HIGHER,
        cross_table=CrossTableBusts.TIE,
    )
    assert [(p.entry, p.place, p.tied) for p in placings] == [
        ("a", 8, 2),
        ("b", 8, 2),
        ("c", 10, 1),
    ]


@pytest.mark.rules("tda-2022 RP-8-A", "pokerstars-live 3.13.2")
def test_scenario_T58_busts_at_different_tables_share_the_fiftieth_prize() -> None:
    """52 left at the hand-for-hand announcement, 50 paid, three out in that hand at three
    tables: all three tie for 50th and share its prize (places 51 and 52 pay nothing)."""
    prizes = [1_000] * 40 + [300] * 10
    busts = [Bust("x", 1, 9_000), Bust("y", 2, 4_000), Bust("z", 3, 100)]
    placings = place_busts(
        busts,
        players_left=52,
        same_hand=SameHandBusts.MORE_CHIPS_HIGHER,
        cross_table=CrossTableBusts.TIE,
    )
    assert {(p.place, p.tied) for p in placings} == {(50, 3)}
    shares = share_places(prizes, first_place=50, count=3)
    assert sum(shares) == 300
    assert max(shares) - min(shares) <= 1


def test_a_house_may_rank_cross_table_busts_by_chips() -> None:
    busts = [Bust("x", 1, 100), Bust("y", 2, 4_000)]
    placings = place_busts(
        busts,
        players_left=30,
        same_hand=SameHandBusts.MORE_CHIPS_HIGHER,
        cross_table=CrossTableBusts.MORE_CHIPS_HIGHER,
    )
    assert [(p.entry, p.place) for p in placings] == [("y", 29), ("x", 30)]


@pytest.mark.rules("poland-pzp §52.5", "pokerstars-live 3.13.3")
def test_hand_for_hand_busts_at_one_table_stay_ranked_by_stack_across_tables() -> None:
    """Two out at table 1 (5,000 and 1,000 chips), one at table 2: the bigger stack of table 1
    and the table-2 player tie for the best places; the short stack of table 1 is last."""
    busts = [Bust("a", 1, 5_000), Bust("b", 1, 1_000), Bust("c", 2, 3_000)]
    placings = place_busts(
        busts,
        players_left=40,
        same_hand=SameHandBusts.MORE_CHIPS_HIGHER,
        cross_table=CrossTableBusts.TIE,
    )
    assert sorted((p.entry, p.place, p.tied) for p in placings) == [
        ("a", 38, 2),
        ("b", 40, 1),
        ("c", 38, 2),
    ]
