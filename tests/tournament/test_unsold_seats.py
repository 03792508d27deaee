"""Unsold seats (Poland §55.10, scenario T16): placeholder seats dealt in as absent players
whose chips a late registrant takes, removed from play when late registration closes; and
seat-number activation (PokerStars Live 2.1.2) within the director's table size."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import chips_conserved, event

from floorman.tournament.desk_events import SeatReserved
from floorman.tournament.event_settings import EventSettings
from floorman.tournament.events import PlayerSeated


@pytest.mark.rules("pokerstars-live 2.1.2")
def test_psl_2_1_2_reserved_seats_are_drawn_within_the_table_size() -> None:
    tournament = event(14, profile="pokerstars-live", settings=EventSettings(seat_activation=True))
    tournament.set_table_size(seats=8, at=10.0, rng=random.Random(2))
    assert all(t.size <= 8 for t in tournament.state.tables.values())
    for number in range(1, 3):
        events = tournament.register(
            player=f"late{number}", name=f"Late {number}", at=20.0, rng=random.Random(number)
        )
        reserved = next(e for e in events if isinstance(e, SeatReserved))
        table = tournament.state.tables[reserved.table]
        waiting = sum(t == reserved.table for t, _ in tournament.state.desk.reserved.values())
        assert table.size + waiting <= 8
    events = tournament.register(player="late3", name="Late 3", at=20.0, rng=random.Random(3))
    # both tables hold eight with their waiting entrants: a new table, seated at once
    assert not any(isinstance(e, SeatReserved) for e in events)
    assert any(isinstance(e, PlayerSeated) for e in events)
    assert chips_conserved(tournament)
