"""Formats: the Belarus Olympic format, shootout and sit-and-go (issue 6)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.tournament.formats_support import HOLD_EM, bust_all_but_one, event, hand, of_type

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.rules.tournament_rules import TournamentFormat
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import ButtonsPlaced, PlayerMoved, SeatsDrawn, TableBroken
from floorman.tournament.formats.events import ClockReset, StageStarted, TableWon
from floorman.tournament.formats.kinds import (
    StageSettings,
    format_of,
    sit_and_go_prizes,
    stage_label,
)

BELARUS = get_ruleset("belarus-sport")
TDA = get_ruleset("tda-2022")
OLYMPIC = TournamentFormat.OLYMPIC
SHOOTOUT = TournamentFormat.SHOOTOUT
SIT_AND_GO = TournamentFormat.SIT_AND_GO


def sit_and_go(seats: int = 6) -> Tournament:
    config = TournamentConfig(
        name="SNG", structure=HOLD_EM, seats_per_table=seats, buy_in=100, format=SIT_AND_GO
    )
    return Tournament.create(config)


# --- Olympic -------------------------------------------------------------------------------


@pytest.mark.rules("belarus-sport 3.2-¶2a")
def test_belarus_olympic_preset_sets_the_format_and_an_event_may_override_it() -> None:
    preset = get_ruleset("belarus-sport/olympic")
    olympic = event(18, preset)
    assert format_of(olympic.config) is OLYMPIC
    first = olympic.state.tables[1].players
    assert of_type(hand(olympic, 1, first[1:]), TableWon)
    override = event(18, preset, format=TournamentFormat.FREEZE_OUT)
    assert format_of(override.config) is TournamentFormat.FREEZE_OUT
    first = override.state.tables[1].players
    events = hand(override, 1, first[1:5])
    assert not of_type(events, TableWon)
    assert of_type(events, PlayerMoved)  # 5 against 9: balanced, as a freeze-out is
    assert format_of(event(18, BELARUS).config) is TournamentFormat.FREEZE_OUT


@pytest.mark.rules("belarus-sport 3.2-¶2a")
def test_belarus_3_2_each_table_plays_to_one_winner_without_balancing() -> None:
    tournament = event(18, BELARUS, format=OLYMPIC)
    assert sorted(t.size for t in tournament.state.tables.values()) == [9, 9]
    first = tournament.state.tables[1].players
    events = hand(tournament, 1, first[2:])
    assert not of_type(events, PlayerMoved)
    assert not of_type(events, TableBroken)
    assert tournament.state.tables[1].size == 2
    events = hand(tournament, 1, first[1:2])
    won = of_type(events, TableWon)
    assert [(w.table, w.winner, w.stage) for w in won] == [(1, first[0], 1)]
    assert won[0].rule == "3.2-¶2a"
    assert 1 not in tournament.state.tables
    assert tournament.state.entries[first[0]].table is None
    assert tournament.state.entries[first[0]].stack == 9 * 10_000
    assert tournament.hand_setup(2, at=0.0) is not None


@pytest.mark.rules("belarus-sport 3.2-¶1", "belarus-sport 3.2-¶2b")
def test_belarus_3_2_winners_restart_with_equal_stacks_and_the_first_level() -> None:
    tournament = event(18, BELARUS, format=OLYMPIC)
    one = bust_all_but_one(tournament, 1, at=100.0)
    events = hand(tournament, 2, tournament.state.tables[2].players[1:], at=1500.0)
    two = of_type(events, TableWon)[0].winner
    started = of_type(events, StageStarted)
    assert [(s.stage, s.label, s.tables) for s in started] == [(2, "final", 1)]
    assert dict(started[0].stacks) == {one: 10_000, two: 10_000}
    assert started[0].rule == "3.2-¶2b"
    seats = of_type(events, SeatsDrawn)[0].seats
    assert sorted(entry for entry, _, _ in seats) == sorted([one, two])
    assert of_type(events, ButtonsPlaced)
    assert of_type(events, ClockReset) == [ClockReset(index=0, at=1500.0)]
    state = tournament.state
    assert state.final_table == 1
    assert state.entries[one].stack == state.entries[two].stack == 10_000
    assert tournament.level_at(1500.0) == HOLD_EM.levels[0]  # the levels start again


@pytest.mark.rules("belarus-sport 3.2-¶2c")
def test_belarus_3_2_stage_names_from_the_tables_of_the_stage() -> None:
    labels = {n: stage_label(n) for n in (1, 2, 3, 4, 5, 8, 9, 16, 17, 32, 33)}
    assert labels == {
        1: "final",
        2: "semi-final",
        3: "1/4",
        4: "1/4",
        5: "1/8",
        8: "1/8",
        9: "1/16",
        16: "1/16",
        17: "1/32",
        32: "1/32",
        33: "1/64",
    }
    with pytest.raises(MalformedInputError):
        stage_label(0)


@pytest.mark.rules("belarus-sport 3.2-¶2b", "belarus-sport 3.2-¶2c")
def test_olympic_stages_run_from_five_tables_to_a_semi_final_and_a_final() -> None:
    tournament = event(20, BELARUS, seats=4, format=OLYMPIC)
    assert len(tournament.state.tables) == 5
    for number in sorted(tournament.state.tables):
        bust_all_but_one(tournament, number)
    semi = of_type(tournament.events, StageStarted)
    assert [(s.stage, s.label, s.tables) for s in semi] == [(2, "semi-final", 2)]
    assert sorted(t.size for t in tournament.state.tables.values()) == [2, 3]
    for number in sorted(tournament.state.tables):
        bust_all_but_one(tournament, number)
    stages = of_type(tournament.events, StageStarted)
    assert [(s.stage, s.label) for s in stages] == [(2, "semi-final"), (3, "final")]
    final = tournament.state.tables[1]
    bust_all_but_one(tournament, 1)
    assert tournament.state.finished
    assert tournament.state.entries[final.players[0]].place == 1
    rebuilt = Tournament.replay(tournament.events)
    assert rebuilt.state.entries == tournament.state.entries
    assert rebuilt.state.formats == tournament.state.formats


@pytest.mark.rules("belarus-sport 3.2-¶2a")
def test_olympic_places_by_stage_then_by_order_of_elimination() -> None:
    """Belarus decision 24: everyone out in stage 1 finishes below every stage-2 player; a
    player out later in a stage finishes above one out earlier."""
    tournament = event(18, BELARUS, format=OLYMPIC)
    first = tournament.state.tables[1].players
    second = tournament.state.tables[2].players
    hand(tournament, 1, first[1:3])  # two out in one hand: equal stacks share 17th-18th
    bust_all_but_one(tournament, 1)
    bust_all_but_one(tournament, 2)
    final = tournament.state.tables[1].players
    hand(tournament, 1, final[1:])
    entries = tournament.state.entries

    def places(group: tuple[str, ...]) -> list[int]:
        return [entries[e].place or 0 for e in group if e not in final]

    assert places(first[1:3]) == [17, 17]
    assert {entries[e].tied for e in first[1:3]} == {2}
    assert max(places(first[3:])) < 17
    assert max(places(second)) < min(places(first[3:]))  # table 2 finished later
    assert min(places(first) + places(second)) == 3
    assert sorted(entries[e].place or 0 for e in final) == [1, 2]


def test_olympic_refuses_carried_chips_and_late_entries() -> None:
    with pytest.raises(MalformedInputError) as caught:
        TournamentConfig(
            name="x", structure=HOLD_EM, format=OLYMPIC, stages=StageSettings(carry_chips=True)
        )
    assert caught.value.constraint == "stage"
    with pytest.raises(MalformedInputError):
        TournamentConfig(name="x", structure=HOLD_EM, stages=StageSettings(stack=0))
    tournament = event(18, BELARUS, format=OLYMPIC)
    version = tournament.state.version
    with pytest.raises(IllegalActionError):
        tournament.register(player="late", name="Late", at=60.0, rng=random.Random(1))
    assert tournament.state.version == version


# --- shootout ------------------------------------------------------------------------------


def test_shootout_winners_carry_their_chips_and_the_levels_go_on() -> None:
    tournament = event(12, TDA, seats=6, format=SHOOTOUT, stages=StageSettings(carry_chips=True))
    bust_all_but_one(tournament, 1, at=10.0)
    events = hand(tournament, 2, tournament.state.tables[2].players[1:], at=1500.0)
    started = of_type(events, StageStarted)[0]
    assert dict(started.stacks) == {e: 60_000 for e, _ in started.stacks}
    assert not of_type(events, ClockReset)
    assert tournament.level_at(1500.0) == HOLD_EM.levels[1]
    assert tournament.state.final_table == 1


def test_shootout_with_fresh_stacks_of_the_events_choice() -> None:
    stages = StageSettings(stack=5_000, restart_levels=False)
    tournament = event(12, TDA, seats=6, format=SHOOTOUT, stages=stages)
    bust_all_but_one(tournament, 1)
    events = hand(tournament, 2, tournament.state.tables[2].players[1:])
    started = of_type(events, StageStarted)[0]
    assert [stack for _, stack in started.stacks] == [5_000, 5_000]
    assert not of_type(events, ClockReset)


# --- sit-and-go ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entries", "prizes"),
    [
        (2, (200,)),
        (3, (300,)),
        (4, (260, 140)),
        (6, (390, 210)),
        (7, (350, 210, 140)),
        (9, (450, 270, 180)),
        (10, (500, 300, 200)),
    ],
)
def test_sit_and_go_pays_by_the_size_of_its_field(entries: int, prizes: tuple[int, ...]) -> None:
    assert sit_and_go_prizes(entries, entries * 100) == prizes


@given(
    entries=st.integers(min_value=2, max_value=10),
    pool=st.integers(min_value=0, max_value=10**7),
    unit=st.integers(min_value=1, max_value=500),
)
def test_sit_and_go_prizes_add_up_to_the_pool(entries: int, pool: int, unit: int) -> None:
    prizes = sit_and_go_prizes(entries, pool, unit=unit)
    assert sum(prizes) == pool
    assert all(p % unit == 0 for p in prizes[1:])
    assert list(prizes) == sorted(prizes, reverse=True)


def test_sit_and_go_starts_with_the_registration_that_fills_its_table() -> None:
    tournament = sit_and_go(6)
    rng = random.Random(3)
    for number in range(1, 6):
        tournament.register(player=f"p{number}", name=f"P{number}", at=0.0, rng=rng)
    assert not tournament.state.started
    with pytest.raises(IllegalActionError):
        tournament.start(at=0.0, rng=rng)
    events = tournament.register(player="p6", name="P6", at=5.0, rng=rng)
    assert of_type(events, SeatsDrawn)
    state = tournament.state
    assert state.started
    assert list(state.tables) == [1]
    assert state.tables[1].size == 6
    assert state.prizes == (390, 210)
    with pytest.raises(IllegalActionError):
        tournament.register(player="p7", name="P7", at=60.0, rng=rng)


def test_sit_and_go_takes_no_more_players_than_its_table() -> None:
    tournament = sit_and_go(2)
    tournament.register(player="a", name="A", at=0.0)
    tournament.register(player="b", name="B", at=0.0)
    assert not tournament.state.started  # no rng: the director starts it
    with pytest.raises(IllegalActionError):
        tournament.register(player="c", name="C", at=0.0)
    tournament.start(at=0.0, rng=random.Random(1))
    assert tournament.state.prizes == (200,)
