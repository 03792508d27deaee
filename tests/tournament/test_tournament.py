"""The tournament aggregate: commands in, events out, state a fold of the events (issue 6)."""

from __future__ import annotations

import random

import pytest

from floorman.engine.config import AnteMode
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import (
    ButtonsPlaced,
    PayoutsSet,
    PlayerEliminated,
    PlayerRegistered,
    PlayerSeated,
    SeatsDrawn,
)
from floorman.tournament.structure import Level, Structure
from floorman.tournament.table_hand import result_of

STRUCTURE = Structure(
    items=(
        Level(minutes=20, small_blind=100, big_blind=200),
        Level(minutes=20, small_blind=200, big_blind=400, ante=400, ante_mode=AnteMode.BIG_BLIND),
        Level(minutes=20, small_blind=300, big_blind=600, ante=600, ante_mode=AnteMode.BIG_BLIND),
    ),
    starting_stack=10_000,
    chips=(100, 500, 1_000),
)


def event(players: int, *, profile: str = "tda-2022", seed: int = 7) -> Tournament:
    config = TournamentConfig(
        name="Sunday 100",
        structure=STRUCTURE,
        ruleset=get_ruleset(profile),
        buy_in=100,
        fee=10,
    )
    tournament = Tournament.create(config)
    for number in range(1, players + 1):
        tournament.register(player=f"p{number}", name=f"Player {number}", at=0.0)
    tournament.start(at=0.0, rng=random.Random(seed))
    return tournament


@pytest.mark.rules("tda-2022 R7")
def test_start_draws_balanced_tables_places_buttons_and_sets_payouts() -> None:
    tournament = event(40)
    kinds = [type(e) for e in tournament.events]
    assert kinds.count(SeatsDrawn) == kinds.count(ButtonsPlaced) == kinds.count(PayoutsSet) == 1
    sizes = sorted(t.size for t in tournament.state.tables.values())
    assert sizes == [8, 8, 8, 8, 8]
    assert set(tournament.state.buttons) == set(tournament.state.tables)
    assert tournament.state.pool == 40 * 100
    assert sum(tournament.state.prizes) == tournament.state.pool


def test_the_same_seed_draws_the_same_seats_and_another_seed_others() -> None:
    first, again, other = event(30, seed=3), event(30, seed=3), event(30, seed=4)
    assert first.events == again.events
    assert first.events != other.events


def test_replaying_the_log_rebuilds_the_same_state() -> None:
    tournament = event(20)
    rng = random.Random(5)
    for _ in range(30):
        for number in sorted(tournament.state.tables):
            if tournament.state.finished or number not in tournament.state.tables:
                continue
            setup = tournament.hand_setup(number, at=600.0)
            assert setup is not None
            hand = play_hand(setup, {}, rng)
            tournament.record_hand(result_of(setup, hand), at=600.0, rng=rng)
    rebuilt = Tournament.replay(tournament.events)
    assert rebuilt.state.entries == tournament.state.entries
    assert rebuilt.state.tables == tournament.state.tables
    assert rebuilt.state.version == tournament.state.version == len(tournament.events)


def test_a_hand_that_creates_chips_is_refused_and_changes_nothing() -> None:
    tournament = event(12)
    setup = tournament.hand_setup(1, at=0.0)
    assert setup is not None
    hand = play_hand(setup, {}, random.Random(1))
    result = result_of(setup, hand)
    entry, stack = result.stacks_after[0]
    forged = type(result)(
        table=result.table,
        level=result.level,
        positions=result.positions,
        stacks_before=result.stacks_before,
        stacks_after=((entry, stack + 100), *result.stacks_after[1:]),
    )
    version = tournament.state.version
    with pytest.raises(MalformedInputError) as caught:
        tournament.record_hand(forged, at=0.0, rng=random.Random(1))
    assert caught.value.constraint == "chips"
    assert tournament.state.version == version


def test_a_stale_hand_is_refused() -> None:
    tournament = event(12)
    setup = tournament.hand_setup(1, at=0.0)
    assert setup is not None
    result = result_of(setup, play_hand(setup, {}, random.Random(2)))
    tournament.record_hand(result, at=0.0, rng=random.Random(2))
    with pytest.raises(MalformedInputError) as caught:
        tournament.record_hand(result, at=0.0, rng=random.Random(2))
    assert caught.value.constraint == "stacks"


@pytest.mark.rules("redcactus 7")
def test_redcactus_late_entry_loses_a_big_blind_per_player_out_and_no_reentry() -> None:
    tournament = _with_one_bust(profile="redcactus")
    out = sum(not e.alive for e in tournament.state.entries.values())
    assert out >= 1
    events = tournament.register(player="late", name="Latecomer", at=1_500.0, rng=random.Random(9))
    registered = next(e for e in events if isinstance(e, PlayerRegistered))
    seated = next(e for e in events if isinstance(e, PlayerSeated))
    assert registered.late
    level = tournament.level_at(1_500.0)
    assert registered.stack == STRUCTURE.starting_stack - out * level.big_blind
    assert tournament.state.entries[registered.entry].table == seated.table
    busted = next(e for e in tournament.state.entries.values() if not e.alive)
    with pytest.raises(IllegalActionError) as caught:
        tournament.register(player=busted.player, name="again", at=1_600.0, rng=random.Random(1))
    assert caught.value.ruling.rule.rule == "7"


@pytest.mark.rules("tda-2022 R8-A")
def test_tda_late_entry_gets_a_full_stack_and_reentry_after_a_bust() -> None:
    tournament = _with_one_bust(profile="tda-2022")
    busted = next(e for e in tournament.state.entries.values() if not e.alive)
    events = tournament.register(
        player=busted.player, name=busted.name, at=1_500.0, rng=random.Random(3)
    )
    registered = next(e for e in events if isinstance(e, PlayerRegistered))
    assert registered.stack == STRUCTURE.starting_stack
    assert registered.entry != busted.entry


def _with_one_bust(*, profile: str) -> Tournament:
    tournament = event(18, profile=profile)
    rng = random.Random(11)
    while not any(isinstance(e, PlayerEliminated) for e in tournament.events):
        for number in sorted(tournament.state.tables):
            if number not in tournament.state.tables:
                continue
            setup = tournament.hand_setup(number, at=1_200.0)
            assert setup is not None
            hand = play_hand(setup, {}, rng)
            tournament.record_hand(result_of(setup, hand), at=1_200.0, rng=rng)
    return tournament


@pytest.mark.rules("poland-pzp §55.11")
def test_poland_late_entry_loses_blinds_per_20_minutes_and_antes_since_they_began() -> None:
    """50 minutes in (level 3: 300/600, ante 600 at 9-max), antes since minute 20: two periods
    of small and big blind (1,800) and one round of antes (5,400) come off 10,000."""
    tournament = event(12, profile="poland-pzp")
    events = tournament.register(player="late", name="Late", at=3_000.0, rng=random.Random(2))
    registered = next(e for e in events if isinstance(e, PlayerRegistered))
    assert registered.stack == 10_000 - 2 * (300 + 600) - 600 * 9
    assert registered.rule == "§55.11"
