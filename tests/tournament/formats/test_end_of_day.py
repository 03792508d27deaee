"""The end of a day (last hands, bagging, the day's results) and Day 2 merging flights."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from tests.tournament.formats_support import HOLD_EM, event, hand, of_type, players_at, result

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import ClockPaused
from floorman.tournament.formats.day_two import day_two
from floorman.tournament.formats.end_of_day import day_results, drawn_hands
from floorman.tournament.formats.events import DayEnding, FlightsMerged, StacksBagged

PSL = get_ruleset("pokerstars-live")
TDA = get_ruleset("tda-2022")
LEVEL_TWO = 20 * 60 + 100.0


def hands_until_stopped(tournament: Tournament, table: int, *, at: float) -> int:
    played = 0
    while not tournament.state.formats.day_over and tournament.hand_setup(table, at=at):
        hand(tournament, table, at=at)
        played += 1
    return played


def ended_flight(players: int, *, name: str, prefix: str = "p", busts: int = 0) -> Tournament:
    """A TDA flight with ``busts`` players out at table 1, its day ended in level 2."""
    flight = event(players, TDA, name=name, player_prefix=prefix)
    if busts:
        hand(flight, 1, players_at(flight, 1)[1 : busts + 1], at=LEVEL_TWO)
    flight.end_day(at=LEVEL_TWO, rng=random.Random(1))
    assert flight.state.formats.day_over
    return flight


def day_two_config(name: str = "Day 2") -> TournamentConfig:
    return TournamentConfig(name=name, structure=HOLD_EM, ruleset=TDA, buy_in=100)


# --- the end of the day --------------------------------------------------------------------


@pytest.mark.rules("pokerstars-live 3.12")
def test_psl_3_12_every_table_plays_exactly_the_drawn_hands_then_the_stacks_are_bagged() -> None:
    tournament = event(18, PSL)
    events = tournament.end_day(at=600.0, rng=random.Random(1), hands=4, in_progress=[2])
    assert events == (
        DayEnding(day=1, hands=4, in_progress=(2,), at=600.0, rule="3.12"),
        ClockPaused(at=600.0),
    )
    assert hands_until_stopped(tournament, 1, at=700.0) == 4
    assert not tournament.state.formats.day_over
    assert hands_until_stopped(tournament, 2, at=700.0) == 5  # the hand in progress, then 4
    bagged = of_type(tournament.events, StacksBagged)
    assert len(bagged) == 1
    assert [bag for _, _, bag in bagged[0].bags] == list(range(1, 19))
    seats = [(e.table, e.seat) for e in (tournament.state.entries[x] for x, _, _ in bagged[0].bags)]
    assert seats == sorted(seats)  # numbered in table and seat order
    assert sum(chips for _, chips, _ in bagged[0].bags) == 18 * 10_000
    assert tournament.state.clock is not None
    assert not tournament.state.clock.running  # stopped for the last hands


@pytest.mark.rules("pokerstars-live 3.12")
def test_psl_3_12_the_number_of_last_hands_is_drawn_from_three_to_seven() -> None:
    state = event(18, PSL).state
    drawn = {drawn_hands(state, hands=None, rng=random.Random(seed)) for seed in range(200)}
    assert drawn == {3, 4, 5, 6, 7}


@pytest.mark.rules("pokerstars-live 3.12")
def test_psl_a_card_outside_three_to_seven_is_refused_and_changes_nothing() -> None:
    tournament = event(18, PSL)
    version = tournament.state.version
    for hands in (2, 8):
        with pytest.raises(MalformedInputError) as caught:
            tournament.end_day(at=600.0, rng=random.Random(1), hands=hands)
        assert caught.value.constraint == "hands"
    with pytest.raises(MalformedInputError) as caught:
        tournament.end_day(at=600.0, rng=random.Random(1), in_progress=[7])
    assert caught.value.constraint == "table"
    assert tournament.state.version == version


def test_tda_the_day_ends_after_the_hands_in_progress() -> None:
    tournament = event(18, TDA)
    with pytest.raises(MalformedInputError):
        tournament.end_day(at=600.0, rng=random.Random(1), hands=3)  # nothing drawn here
    tournament.end_day(at=600.0, rng=random.Random(1), in_progress=[1])
    assert tournament.hand_setup(2, at=650.0) is None
    assert hands_until_stopped(tournament, 1, at=650.0) == 1
    assert tournament.state.formats.day_over
    with pytest.raises(IllegalActionError):
        tournament.hand_setup(1, at=700.0)
    with pytest.raises(IllegalActionError):
        tournament.end_day(at=700.0, rng=random.Random(1))


def test_with_no_hand_in_progress_the_stacks_are_bagged_at_once() -> None:
    tournament = event(12, TDA)
    events = tournament.end_day(at=600.0, rng=random.Random(1))
    assert [type(e) for e in events] == [DayEnding, ClockPaused, StacksBagged]


def test_a_hand_beyond_the_last_is_refused() -> None:
    tournament = event(18, PSL)
    tournament.end_day(at=600.0, rng=random.Random(1), hands=3)
    for _ in range(3):
        hand(tournament, 2, at=650.0)
    assert tournament.hand_setup(2, at=650.0) is None
    setup = tournament.hand_setup(1, at=650.0)
    assert setup is not None
    version = tournament.state.version
    with pytest.raises(IllegalActionError):  # refused before its stacks are looked at
        tournament.record_hand(replace(result(setup), table=2), at=650.0, rng=random.Random())
    assert tournament.state.version == version


def test_the_days_results_rank_the_bags_and_list_the_players_out() -> None:
    flight = ended_flight(18, name="Day 1A", busts=2)
    results = day_results(flight.state)
    assert results.day == 1
    assert len(results.counts) == 16
    assert [c.chips for c in results.counts] == sorted(
        (c.chips for c in results.counts), reverse=True
    )
    assert results.counts[0].chips == 30_000
    assert results.counts[0].rank == 1
    assert {c.rank for c in results.counts[1:]} == {2}  # fifteen equal stacks share 2nd
    assert [place for _, place, _ in results.out] == [17, 17]
    assert results.chips == 18 * 10_000
    with pytest.raises(MalformedInputError):
        day_results(event(12, TDA).state)


# --- Day 2 ---------------------------------------------------------------------------------


def test_day_two_merges_the_bags_of_the_flights_and_redraws_every_seat() -> None:
    one = ended_flight(18, name="Day 1A", busts=2)
    two = ended_flight(12, name="Day 1B", prefix="q")
    tournament = day_two(day_two_config(), [one, two], at=0.0, rng=random.Random(4))
    state = tournament.state
    merged = of_type(tournament.events, FlightsMerged)[0]
    assert merged.day == state.formats.day == 2
    assert merged.flights == (("Day 1A", 18), ("Day 1B", 12))
    assert merged.dropped == ()
    bags = {
        (flight.config.name, entry): chips
        for flight in (one, two)
        for entry, chips, _ in flight.state.formats.bags
    }
    assert len(state.entries) == len(bags) == 28
    for entry, flight, flight_entry, _ in merged.carried:
        assert state.entries[entry].stack == bags[flight, flight_entry]
    assert sum(e.stack for e in state.entries.values()) == 30 * 10_000
    assert sorted(t.size for t in state.tables.values()) == [7, 7, 7, 7]
    assert state.pool == 30 * 100
    assert sum(state.prizes) == state.pool
    assert tournament.level_at(0.0) == HOLD_EM.levels[2]  # the level after the flights' last
    rebuilt = Tournament.replay(tournament.events)
    assert rebuilt.state.entries == state.entries
    assert rebuilt.state.tables == state.tables


def test_day_two_keeps_a_players_biggest_bag_and_drops_the_others() -> None:
    one = ended_flight(9, name="Day 1A", busts=1)
    two = ended_flight(9, name="Day 1B")
    tournament = day_two(day_two_config(), [one, two], at=0.0, rng=random.Random(4))
    merged = of_type(tournament.events, FlightsMerged)[0]
    state = tournament.state
    assert len(state.entries) == 9  # nine players, each in both flights
    assert len(merged.dropped) == 8  # the player out in flight A has only his B bag
    for entry in state.entries.values():
        best = max(
            chips
            for f in (one, two)
            for bagged, chips, _ in f.state.formats.bags
            if f.state.entries[bagged].player == entry.player
        )
        assert entry.stack == best
    assert state.pool == 18 * 100


def test_day_two_spreads_the_biggest_stacks_over_the_tables() -> None:
    flight = event(27, TDA, name="Day 1A")
    for number in (1, 2, 3):
        hand(flight, number, players_at(flight, number)[1:2], at=LEVEL_TWO)
    flight.end_day(at=LEVEL_TWO, rng=random.Random(1))
    for seed in range(5):
        tournament = day_two(day_two_config(), [flight], at=0.0, rng=random.Random(seed))
        entries = tournament.state.entries.values()
        biggest = sorted(entries, key=lambda e: -e.stack)[:3]
        assert {e.stack for e in biggest} == {20_000}
        assert len({e.table for e in biggest}) == 3


def test_day_two_starts_at_the_level_the_director_names() -> None:
    flight = ended_flight(18, name="Day 1A")
    tournament = day_two(day_two_config(), [flight], at=0.0, rng=random.Random(1), level=2)
    assert tournament.level_at(0.0) == HOLD_EM.levels[1]
    with pytest.raises(MalformedInputError) as caught:
        day_two(day_two_config(), [flight], at=0.0, rng=random.Random(1), level=4)
    assert caught.value.constraint == "level"


def test_day_two_refuses_flights_still_playing_and_a_field_in_the_money() -> None:
    playing = event(18, TDA)
    with pytest.raises(MalformedInputError) as caught:
        day_two(day_two_config(), [playing], at=0.0, rng=random.Random(1))
    assert caught.value.constraint == "day"
    with pytest.raises(MalformedInputError) as caught:
        day_two(day_two_config(), [], at=0.0, rng=random.Random(1))
    assert caught.value.constraint == "flights"
    short = ended_flight(9, name="Day 1A", busts=7)  # two left for two paid places
    assert len(short.state.prizes) == 2
    with pytest.raises(MalformedInputError) as caught:
        day_two(day_two_config(), [short], at=0.0, rng=random.Random(1))
    assert caught.value.constraint == "day-two-money"
