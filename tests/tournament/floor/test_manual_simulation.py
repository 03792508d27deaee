"""Whole events run as a console runs them: bots play, the tournament hears only bust-outs,
hands done at hand-for-hand, chip counts and confirmed moves (floorman.sim.manual_sim)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.sim.manual_sim import simulate_manual
from floorman.tournament.events import HandForHandRound, PlacesShifted
from floorman.tournament.floor.manual_events import (
    ChipsCounted,
    HandDone,
    MoveConfirmed,
    PlayerBusted,
)

PROFILES = ("tda-2022", "belarus-sport", "redcactus", "pokerstars-live", "poland-pzp")


@pytest.mark.parametrize("profile", PROFILES)
def test_a_console_run_event_holds_every_invariant_under_each_profile(profile: str) -> None:
    report = simulate_manual(players=30, profile=profile, seats_per_table=4, seed=3)
    assert all(report.invariants.values())
    assert report.players == 30
    assert report.final_table_formed
    kinds = {type(event) for event in report.events}
    assert {PlayerBusted, ChipsCounted, MoveConfirmed} <= kinds


def test_the_bubble_is_played_hand_for_hand_with_the_tables_marked_done() -> None:
    events = simulate_manual(players=30, seats_per_table=4, seed=5).events
    assert any(isinstance(e, HandForHandRound) for e in events)
    assert any(isinstance(e, HandDone) for e in events)


def test_busts_of_one_hand_are_placed_together() -> None:
    report = simulate_manual(players=40, seats_per_table=6, seed=2, known_stacks=1.0)
    grouped = [e for e in report.events if isinstance(e, PlayerBusted) and e.same_hand]
    assert grouped
    assert sum(isinstance(e, PlacesShifted) for e in report.events) == len(grouped)


@settings(max_examples=6, deadline=None)
@given(
    players=st.integers(2, 40),
    seats=st.integers(3, 9),
    seed=st.integers(0, 10_000),
    every=st.integers(1, 12),
    known=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_any_console_run_event_keeps_its_chips_places_and_replay(
    players: int, seats: int, seed: int, every: int, known: float
) -> None:
    report = simulate_manual(
        players=players, seats_per_table=seats, seed=seed, count_every=every, known_stacks=known
    )
    assert all(report.invariants.values())
    assert sorted(p["place"] for p in report.places)[0] == 1
