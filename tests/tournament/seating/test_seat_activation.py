"""Seat-number activation, an event's setting (PokerStars Live 2.1.2, its example 2.1.2.1 and
the digest's scenario S-01): a late entrant's stack waits until every seat with his seat
number is given out, then all of them start together."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import bust, chips_conserved, event, setup_of

from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.desk.events import SeatReserved, SeatsActivated
from floorman.tournament.events import PlayerSeated

SEAT_8 = 7  # 0-based


def _four_tables_short_of_seat_8() -> Tournament:
    """Four full 9-max tables, then the player in seat 8 of each busts."""
    tournament = event(36, profile="pokerstars-live", settings=EventSettings(seat_activation=True))
    for table in sorted(tournament.state.tables):
        loser = tournament.state.tables[table].seats[SEAT_8]
        assert loser is not None
        bust(tournament, loser, at=60.0)
    assert all(t.free_seats == (SEAT_8,) for t in tournament.state.tables.values())
    return tournament


@pytest.mark.rules("pokerstars-live 2.1.2", "pokerstars-live 2.1.2.1")
def test_psl_2_1_2_1_s01_seat_8_players_wait_until_every_seat_8_is_given_out() -> None:
    tournament = _four_tables_short_of_seat_8()
    waiting: list[str] = []
    for number in range(1, 4):
        events = tournament.register(
            player=f"late{number}", name=f"Late {number}", at=120.0, rng=random.Random(number)
        )
        reserved = next(e for e in events if isinstance(e, SeatReserved))
        assert (reserved.seat, reserved.rule) == (SEAT_8, "2.1.2")
        assert not any(isinstance(e, (SeatsActivated, PlayerSeated)) for e in events)
        waiting.append(reserved.entry)
        assert reserved.entry not in setup_of(tournament, reserved.table, 121.0).seats
    assert chips_conserved(tournament)  # his chips are in play, waiting off the table
    events = tournament.register(player="late4", name="Late 4", at=130.0, rng=random.Random(9))
    activated = next(e for e in events if isinstance(e, SeatsActivated))
    assert activated.seat == SEAT_8
    assert {entry for entry, _, _ in activated.seats} == {*waiting, activated.seats[-1][0]}
    assert len(activated.seats) == 4
    for entry, table, seat in activated.seats:
        assert tournament.state.tables[table].seats[seat] == entry
    assert tournament.state.desk.reserved == {}
    assert Tournament.replay(tournament.events).state == tournament.state


@pytest.mark.rules("pokerstars-live 2.1.2")
def test_psl_2_1_2_players_still_waiting_sit_down_when_registration_closes() -> None:
    tournament = _four_tables_short_of_seat_8()
    tournament.register(player="late", name="Late", at=120.0, rng=random.Random(1))
    (entry,) = tournament.state.desk.reserved
    assert tournament.state.entries[entry].table is None
    events = tournament.close_registration(at=130.0)
    assert any(isinstance(e, SeatsActivated) and e.seat is None for e in events)
    assert tournament.state.entries[entry].table is not None


@pytest.mark.rules("pokerstars-live 2.1.2")
def test_psl_2_1_2_without_the_setting_a_late_entrant_plays_at_once() -> None:
    tournament = event(20, profile="pokerstars-live")
    events = tournament.register(player="late", name="Late", at=60.0, rng=random.Random(1))
    assert any(isinstance(e, PlayerSeated) for e in events)
    assert tournament.state.desk.reserved == {}
