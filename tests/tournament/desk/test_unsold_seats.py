"""Unsold seats (Poland §55.10, scenario T16): placeholder seats dealt in as absent players
whose chips a late registrant takes, removed from play when late registration closes; and
seat-number activation (PokerStars Live 2.1.2) within the director's table size."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.tournament.tournament_helpers import (
    chips_conserved,
    event,
    forged,
    placed_once,
    play_round,
    setup_of,
)

from floorman.errors import MalformedInputError
from floorman.service.codec import decode_event, encode_event
from floorman.service.commands import command_from_dict, run
from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk import entries
from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.desk.events import SeatReserved
from floorman.tournament.desk.unsold_events import (
    UnsoldSeatsClosed,
    UnsoldSeatsDealt,
    UnsoldSeatTaken,
)
from floorman.tournament.events import (
    ChipsRemoved,
    HandPlayed,
    PlayerEliminated,
    PlayerRegistered,
    PlayerSeated,
)


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


def _unsold_event(players: int, unsold: int, *, start: bool = True, seed: int = 7) -> Tournament:
    return event(
        players,
        profile="poland-pzp",
        start=start,
        seed=seed,
        settings=EventSettings(unsold_seats=unsold),
    )


def _posted(tournament: Tournament, entry: str) -> int:
    """The chips ``entry`` put in the pots of the hands recorded."""
    return sum(
        dict(hand.stacks_before)[entry] - dict(hand.stacks_after)[entry]
        for hand in tournament.events
        if isinstance(hand, HandPlayed) and entry in dict(hand.stacks_before)
    )


def _play_until_an_unsold_seat_posted(tournament: Tournament, rng: random.Random) -> None:
    state = tournament.state
    at = 10.0
    while all(state.entries[u].stack == state.config_.starting_stack for u in state.unsold):
        play_round(tournament, at=at, rng=rng)
        at += 1.0


@pytest.mark.rules("poland-pzp §55.10")
def test_scenario_T16_late_registrant_takes_an_unsold_seat_with_its_chips() -> None:
    tournament = _unsold_event(30, 3)
    state = tournament.state
    assert len(state.unsold) == 3
    assert state.alive == 30
    assert state.pool == 30 * 100
    assert all(state.entries[u].table is not None for u in state.unsold)
    _play_until_an_unsold_seat_posted(tournament, random.Random(3))
    stacks = {u: state.entries[u].stack for u in state.unsold}
    seats = {u: (state.entries[u].table, state.entries[u].seat) for u in state.unsold}
    alive = state.alive
    events = tournament.register(player="late", name="Late", at=30.0, rng=random.Random(1))
    taken = next(e for e in events if isinstance(e, UnsoldSeatTaken))
    registered = next(e for e in events if isinstance(e, PlayerRegistered))
    assert (registered.rule, taken.rule) == ("§55.10", "§55.10")
    start = state.config_.starting_stack
    assert registered.stack == stacks[taken.unsold] == start - _posted(tournament, taken.unsold)
    late = state.entries[taken.entry]
    assert (late.table, late.seat) == seats[taken.unsold]
    assert taken.unsold not in state.entries
    assert taken.unsold not in state.unsold
    assert late.table is not None
    setup = setup_of(tournament, late.table, 31.0)
    assert late.seat is not None
    assert setup.seats[late.seat] == taken.entry
    assert late.seat not in setup.dead  # he plays the seat's hands from now on
    assert state.alive == alive + 1
    assert state.pool == 31 * 100
    assert chips_conserved(tournament)


@pytest.mark.rules("poland-pzp §55.10")
def test_poland_55_10_unsold_chips_leave_play_when_late_registration_closes() -> None:
    tournament = _unsold_event(30, 3)
    _play_until_an_unsold_seat_posted(tournament, random.Random(5))
    state = tournament.state
    chips_before, left = state.chips, {u: state.entries[u].stack for u in state.unsold}
    events = tournament.close_registration(at=40.0)
    removed = {e.entry: e.chips for e in events if isinstance(e, ChipsRemoved)}
    assert removed == left
    assert all(e.reason == "unsold" for e in events if isinstance(e, ChipsRemoved))
    assert any(isinstance(e, UnsoldSeatsClosed) for e in events)
    assert state.chips == chips_before - sum(left.values())
    assert chips_conserved(tournament)
    assert not state.unsold
    assert all(not e.startswith("u") for e in state.entries)
    assert all(u not in t.players for t in state.tables.values() for u in left)
    assert not any(isinstance(e, PlayerEliminated) for e in events)


@pytest.mark.rules("poland-pzp §55.11")
def test_poland_55_11_applies_once_no_unsold_seat_is_left() -> None:
    tournament = _unsold_event(30, 1)
    at = 21 * 60.0  # one whole 20-minute period played
    first = tournament.register(player="a", name="A", at=at, rng=random.Random(1))
    assert any(isinstance(e, UnsoldSeatTaken) for e in first)
    second = tournament.register(player="b", name="B", at=at, rng=random.Random(1))
    registered = next(e for e in second if isinstance(e, PlayerRegistered))
    assert not any(isinstance(e, UnsoldSeatTaken) for e in second)
    start = tournament.state.config_.starting_stack
    assert registered.rule == "§55.11"
    assert registered.stack < start
    assert any(isinstance(e, PlayerSeated) for e in second)
    assert tournament.state.entries["e32"].player == "b"


@pytest.mark.rules("poland-pzp §55.10")
def test_poland_55_10_an_unsold_seat_blinded_out_leaves_without_a_place() -> None:
    tournament = _unsold_event(20, 2)
    state = tournament.state
    unsold = sorted(state.unsold)[0]
    table = state.entries[unsold].table
    assert table is not None
    setup = setup_of(tournament, table, 5.0)
    winner = next(e for e in setup.seats if e is not None and e not in state.unsold)
    stack = state.entries[unsold].stack
    tournament.record_hand(
        forged(setup, {unsold: -stack, winner: stack}), at=5.0, rng=random.Random(1)
    )
    assert unsold not in state.entries
    assert state.alive == 20
    assert not any(isinstance(e, PlayerEliminated) for e in tournament.events)
    assert chips_conserved(tournament)


def test_unsold_seats_setting_through_the_service_and_the_log_replays() -> None:
    tournament = _unsold_event(20, 0, start=False)
    change = command_from_dict("change-settings", {"reason": "room of 24", "unsold_seats": 4})
    run(tournament, change, at=0.0, rng=random.Random(1))
    tournament.start(at=0.0, rng=random.Random(2))
    assert len(tournament.state.unsold) == 4
    tournament.register(player="late", name="Late", at=30.0, rng=random.Random(1))
    tournament.close_registration(at=40.0)
    kinds = {type(e) for e in tournament.events}
    assert {UnsoldSeatsDealt, UnsoldSeatTaken, UnsoldSeatsClosed} <= kinds
    decoded = [decode_event(encode_event(e)) for e in tournament.events]
    assert decoded == list(tournament.events)
    assert Tournament.replay(decoded).state == tournament.state
    with pytest.raises(MalformedInputError):
        EventSettings(unsold_seats=-1)


@settings(max_examples=8, deadline=None)
@given(
    players=st.integers(min_value=10, max_value=24),
    unsold=st.integers(min_value=1, max_value=6),
    late=st.integers(min_value=0, max_value=8),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_unsold_seats_keep_chips_places_and_table_sizes(
    players: int, unsold: int, late: int, seed: int
) -> None:
    tournament = _unsold_event(players, unsold, seed=seed % 50)
    state, rng = tournament.state, random.Random(seed)
    seats = state.config_.seats_per_table
    play_round(tournament, at=10.0, rng=rng)
    for number in range(late):
        if state.desk.registration_closed or not entries.late_registration_open(state, 20.0):
            break
        tournament.register(player=f"l{number}", name=f"L {number}", at=20.0, rng=rng)
        assert chips_conserved(tournament)
    if not state.finished:
        tournament.close_registration(at=30.0)
    at = 40.0
    while not state.finished:
        assert all(t.size <= seats for t in state.tables.values())
        play_round(tournament, at=at, rng=rng)
        assert chips_conserved(tournament)
        at += 1.0
    assert not state.unsold
    assert placed_once(tournament)
    field = len(state.entries)
    assert all(e.player != e.entry for e in state.entries.values())
    assert state.pool == field * 100
    assert sum(e.prize for e in state.entries.values()) + state.forfeited == state.pool
    assert Tournament.replay(tournament.events).state == state
