"""The tournament aggregate: commands in, events out, state a fold of the events (issue 6)."""

from __future__ import annotations

import random
from typing import get_args

import pytest
from tests.tournament import tournament_helpers as helpers

from floorman.engine.config import AnteMode
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import AddOnTerms, RebuyTerms, TournamentConfig
from floorman.tournament.desk.state import DESK_HANDLERS
from floorman.tournament.desk.unsold_events import UNSOLD_HANDLERS
from floorman.tournament.events import (
    ButtonsPlaced,
    HandForHandEnded,
    HandForHandRound,
    HandForHandStarted,
    PayoutsSet,
    PlayerEliminated,
    PlayerRegistered,
    PlayerSeated,
    SeatsDrawn,
    TournamentEvent,
)
from floorman.tournament.floor.hands_in_play import PLAY_HANDLERS
from floorman.tournament.floor.manual_state import MANUAL_HANDLERS
from floorman.tournament.floor.state import FLOOR_HANDLERS
from floorman.tournament.floor.table_hand import result_of
from floorman.tournament.formats.state import FORMAT_HANDLERS
from floorman.tournament.money.events import MONEY_HANDLERS
from floorman.tournament.officials.state import OFFICIAL_HANDLERS
from floorman.tournament.officials.table_calls import CALL_HANDLERS
from floorman.tournament.structure.levels import Level, Structure

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
    ruleset = get_ruleset(profile)
    config = TournamentConfig(
        name="Sunday 100",
        structure=helpers.fitted(STRUCTURE, ruleset),
        ruleset=ruleset,
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


def _every_kind_scripted() -> list[Tournament]:
    """Three small events whose commands, between them, produce every kind of event."""
    rebuys = {
        "rebuy": RebuyTerms(price=100, chips=2_000, last_level=2),
        "add_on": AddOnTerms(price=100, chips=2_000, after_level=2),
        "bounty": 10,
    }
    tda = helpers.event(18, structure=helpers.RACE_STRUCTURE, **rebuys)
    tda.mark_absent(entry="e1", at=10.0)
    tda.mark_present(entry="e1", at=20.0)
    tda.rebuy(entry="e2", at=30.0)
    tda.register(player="alt", name="Alternate", at=40.0, rng=random.Random(1))
    helpers.bust(tda, "e4", at=50.0)
    tda.give_penalty(entry="e5", offence="delay", by_role="floor", at=60.0, step="1-round")
    table = tda.state.entries["e5"].table
    assert table is not None
    tda.record_misdeal(table=table, at=70.0)
    setup = helpers.setup_of(tda, table, 80.0)
    tda.record_hand(helpers.forged(setup, {}), at=80.0, rng=random.Random(1))
    setup = helpers.setup_of(tda, table, 90.0)
    tda.record_hand(helpers.forged(setup, {}), at=90.0, rng=random.Random(1))
    tda.give_penalty(
        entry="e6", offence="collusion", by_role="floor", at=100.0, rng=random.Random(2)
    )
    tda.race_chips(at=41 * 60.0, rng=random.Random(3))
    tda.add_on(entry="e7", at=45 * 60.0)
    tda.pause(at=46 * 60.0)
    tda.resume(at=47 * 60.0)
    tda.add_time(seconds=60.0, at=47 * 60.0)
    red = helpers.event(19, profile="redcactus", start=False)
    red.mark_absent(entry="e3", at=0.0)
    red.start(at=0.0, rng=random.Random(4))
    red.register(player="alt", name="Alternate", at=60.0, rng=random.Random(4))
    helpers.bust(red, "e5", at=3_700.0)
    poland = helpers.event(20, profile="poland-pzp")
    helpers.bust_down_to(poland, 4)
    entry = next(e.entry for e in poland.state.entries.values() if e.alive)
    poland.give_penalty(
        entry=entry, offence="collusion", by_role="director", at=500.0, rng=random.Random(5)
    )
    players = poland.propose_deal(method="chip-chop", at=501.0)[0].players  # type: ignore[union-attr]
    poland.consent(entry=players[0], at=502.0, agree=False)
    poland.propose_deal(method="icm", at=503.0)
    for player in players:
        poland.consent(entry=player, at=504.0)
    return [tda, red, poland]


def test_replay_rebuilds_the_state_after_every_kind_of_event() -> None:
    tournaments = _every_kind_scripted()
    kinds = {type(e) for t in tournaments for e in t.events}
    # a bubble across tables is left to the simulations, which replay their logs too
    hand_for_hand = {HandForHandStarted, HandForHandRound, HandForHandEnded}
    # formats, days and a called final table replay in test_formats, test_end_of_day and
    # test_breaking_and_final_table; the director's console in test_manual_commands, his
    # floor decisions in test_floor_commands, the desk's records in test_desk_*, the
    # officials' rulings in test_officials_rulings, unsold seats in test_unsold_seats, hands
    # started and decisions waiting for them in test_floor_real_time, the director called to a
    # table and his overrides there in test_table_calls
    others = set(FORMAT_HANDLERS) | set(MANUAL_HANDLERS) | set(FLOOR_HANDLERS)
    others |= set(DESK_HANDLERS) | set(OFFICIAL_HANDLERS) | set(UNSOLD_HANDLERS)
    others |= set(PLAY_HANDLERS) | set(CALL_HANDLERS)
    others |= set(MONEY_HANDLERS)  # the money desk: test_money_ledger
    assert set(get_args(TournamentEvent)) - hand_for_hand - others <= kinds
    events = [e for t in tournaments for e in t.events]
    assert {e.reason for e in events if isinstance(e, PlayerEliminated)} == {
        "bust",
        "disqualified",
        "no-show",
        "deal",
    }
    for tournament in tournaments:
        assert Tournament.replay(tournament.events).state == tournament.state
