"""The director's floor decisions: hand-for-hand called and all-in hands held, the director
balancing and naming the giving table, the table size, a button drawn at an opened table."""

from __future__ import annotations

import random

import pytest
from tests.tournament.manual_support import live, of_type
from tests.tournament.tournament_helpers import bust, bust_down_to, event, forged, setup_of

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import (
    ButtonsPlaced,
    HandForHandEnded,
    HandForHandStarted,
    PlayerMoved,
    TableBroken,
)
from floorman.tournament.floor.events import AllInHeld, AllInReleased, HandForHandCalled
from floorman.tournament.floor.state import FLOOR_HANDLERS

RNG = random.Random(3)


def _on_the_bubble(profile: str) -> Tournament:
    """Two tables, one player before the money: hand-for-hand is on."""
    tournament = event(80, profile=profile)  # 12 paid: 13 players at two tables
    bust_down_to(tournament, len(tournament.state.prizes) + 1)
    assert tournament.state.hand_for_hand
    assert len(tournament.state.tables) == 2
    return tournament


def _play_evenly(tournament: Tournament, table: int, at: float) -> None:
    """A hand at ``table`` that changes no stack."""
    tournament.record_hand(forged(setup_of(tournament, table, at), {}), at=at, rng=RNG)


def _two_out_at_table_one(tournament: Tournament) -> None:
    """Two busts at table 1: it is two players short of the others."""
    for at in (60.0, 61.0):
        bust(tournament, tournament.state.tables[1].players[0], at=at)


def _hold_and_release(profile: str, rule: str) -> None:
    tournament = _on_the_bubble(profile)
    first, second = sorted(tournament.state.tables)
    setup = setup_of(tournament, first, 100.0)
    assert setup.hand_for_hand  # the tablet knows to hold a called all-in
    (held,) = tournament.hold_all_in(table=first, at=101.0)
    assert isinstance(held, AllInHeld)
    assert held.rule == rule
    with pytest.raises(IllegalActionError) as refused:
        tournament.record_hand(forged(setup, {}), at=102.0, rng=RNG)
    assert refused.value.ruling.rule.rule == rule
    with pytest.raises(IllegalActionError):  # the other table is still playing
        tournament.release_all_in(table=first, at=102.0)
    _play_evenly(tournament, second, 103.0)
    (released,) = tournament.release_all_in(table=first, at=104.0)
    assert isinstance(released, AllInReleased)
    assert tournament.state.floor.held == set()
    tournament.record_hand(forged(setup, {}), at=105.0, rng=RNG)
    assert tournament.state.round_played == set()  # the round closed


@pytest.mark.rules("tda-2022 RP-8-F")
def test_tda_rp_8_f_a_called_all_in_waits_face_down_for_the_floor() -> None:
    _hold_and_release("tda-2022", "RP-8-F")


@pytest.mark.rules("pokerstars-live 3.13.1")
def test_psl_3_13_1_a_held_all_in_finishes_after_the_other_tables() -> None:
    _hold_and_release("pokerstars-live", "3.13.1")


def test_two_held_tables_release_each_other_and_a_hold_needs_hand_for_hand() -> None:
    tournament = _on_the_bubble("pokerstars-live")
    first, second = sorted(tournament.state.tables)
    tournament.hold_all_in(table=first, at=100.0)
    tournament.hold_all_in(table=second, at=100.0)
    tournament.release_all_in(table=second, at=101.0)  # the other one is held: not playing
    with pytest.raises(MalformedInputError):
        tournament.release_all_in(table=second, at=101.0)
    early = event(18)
    with pytest.raises(IllegalActionError):
        early.hold_all_in(table=1, at=1.0)


@pytest.mark.rules("pokerstars-live 3.13")
def test_psl_3_13_hand_for_hand_starts_on_the_bubble_and_ends_in_the_money() -> None:
    tournament = event(80, profile="pokerstars-live")
    paid = len(tournament.state.prizes)
    bust_down_to(tournament, paid + 2)
    assert not tournament.state.hand_for_hand
    bust_down_to(tournament, paid + 1)
    assert tournament.state.hand_for_hand
    first, second = sorted(tournament.state.tables)
    loser = tournament.state.tables[first].players[0]
    setup = setup_of(tournament, first, 50.0)
    winner = next(e for e in setup.seats if e not in (None, loser))
    stack = tournament.state.entries[loser].stack
    events = tournament.record_hand(forged(setup, {loser: -stack, winner: stack}), at=50.0, rng=RNG)
    assert tournament.state.entries[loser].place is None  # waits for the other table
    assert not of_type(events, HandForHandEnded)
    events = tournament.record_hand(forged(setup_of(tournament, second, 51.0), {}), at=51, rng=RNG)
    assert tournament.state.entries[loser].place == paid + 1
    assert of_type(events, HandForHandEnded)


@pytest.mark.rules("poland-pzp §52.1", "poland-pzp §52.3", "poland-pzp §52.4")
def test_poland_52_1_the_director_calls_hand_for_hand_any_time_street_by_street() -> None:
    tournament = event(27, profile="poland-pzp")
    assert tournament.state.alive > len(tournament.state.prizes) + 1
    called, started = tournament.call_hand_for_hand(at=10.0, street_by_street=True)
    assert isinstance(called, HandForHandCalled)
    assert called.rule == "§52.1"
    assert isinstance(started, HandForHandStarted)
    setup = setup_of(tournament, 1, 11.0)
    assert setup.hand_for_hand
    assert setup.street_by_street
    _play_evenly(tournament, 1, 11.0)
    # §52.3: a table that has played the round's hand waits for the others.
    assert tournament.hand_setup(1, at=12.0) is None
    with pytest.raises(IllegalActionError):
        tournament.end_hand_for_hand(at=12.0)  # not in the middle of a round
    for table in (2, 3):
        _play_evenly(tournament, table, 13.0)
    assert tournament.hand_setup(1, at=14.0) is not None  # all start the next hand together
    (ended,) = tournament.end_hand_for_hand(at=15.0)
    assert isinstance(ended, HandForHandEnded)
    assert not tournament.state.floor.called
    assert not tournament.state.floor.street_by_street
    assert not setup_of(tournament, 1, 16.0).hand_for_hand


def test_a_called_hand_for_hand_is_refused_twice_and_lasts_into_the_money() -> None:
    tournament = live(18, profile="poland-pzp")
    tournament.call_hand_for_hand(at=1.0)
    with pytest.raises(IllegalActionError):
        tournament.call_hand_for_hand(at=2.0)
    replayed = Tournament.replay(tournament.events)
    assert replayed.state.floor.called
    assert replayed.state.hand_for_hand


@pytest.mark.rules("tda-2022 R11-C", "pokerstars-live 2.5.1")
def test_tda_r11_c_the_director_balances_and_names_the_giving_table() -> None:
    for profile, rule in (("tda-2022", "R11-C"), ("pokerstars-live", "2.5.1")):
        tournament = live(27, profile=profile)
        tournament.set_balancing(mode="director", at=1.0)
        _two_out_at_table_one(tournament)
        assert tournament.state.tables[1].size == 7
        assert not any(isinstance(e, PlayerMoved) for e in tournament.events)
        source = 3
        (move,) = tournament.balance_from(table=source, at=70.0)
        assert isinstance(move, PlayerMoved)
        assert (move.from_table, move.to_table, move.rule) == (source, 1, rule)
        with pytest.raises(IllegalActionError):  # 8, 8, 9: nothing more to even
            tournament.balance_from(table=2, at=71.0)
        tournament.set_balancing(mode="automatic", at=72.0)
        with pytest.raises(MalformedInputError):
            tournament.set_balancing(mode="automatic", at=73.0)


@pytest.mark.rules("belarus-sport 3.1-¶2a")
def test_belarus_3_1_2a_balancing_moves_are_instructions_the_judge_confirms() -> None:
    tournament = live(18, profile="belarus-sport")
    _two_out_at_table_one(tournament)
    moves = [e for e in tournament.events if isinstance(e, PlayerMoved)]
    assert moves
    assert all(m.instruction for m in moves)
    pending = tournament.state.manual.instructions
    assert moves[-1].entry in pending
    tournament.confirm_move(entry=moves[-1].entry, at=80.0)
    assert moves[-1].entry not in tournament.state.manual.instructions
    tournament.set_balancing(mode="director", at=81.0)
    assert tournament.events[-1].rule == "3.1-¶2a"  # type: ignore[union-attr]


@pytest.mark.rules("poland-pzp §25.1", "redcactus 11")
def test_poland_25_1_the_director_sets_the_table_size() -> None:
    tens = live(30, profile="redcactus", seats=10)
    eights = live(30, profile="redcactus", seats=10)
    (size,) = eights.set_table_size(seats=8, at=1.0, rng=RNG)
    assert size.rule == "11"  # type: ignore[union-attr]
    bust_down_to(tens, 20)
    bust_down_to(eights, 20)
    assert len(tens.state.tables) == 2  # 10 a side
    assert len(eights.state.tables) == 3  # back to 8 a side: no table breaks yet
    assert max(t.size for t in eights.state.tables.values()) <= 8
    events = eights.set_table_size(seats=10, at=90.0, rng=RNG)
    assert of_type(events, TableBroken)
    assert len(eights.state.tables) == 2
    with pytest.raises(MalformedInputError):
        eights.set_table_size(seats=11, at=91.0, rng=RNG)
    poland = live(18, profile="poland-pzp")
    (size,) = poland.set_table_size(seats=8, at=1.0, rng=RNG)
    assert size.rule == "§25.1"  # type: ignore[union-attr]


def test_a_table_opened_by_hand_gets_its_button_drawn() -> None:
    tournament = live(18)
    tournament.open_table(table=5, at=1.0)
    for entry in tournament.state.tables[1].players[:3]:
        seat = len(tournament.state.tables[5].players)
        tournament.move_player(entry=entry, to_table=5, to_seat=seat, at=2.0, reason="new table")
    with pytest.raises(MalformedInputError):
        tournament.hand_setup(5, at=3.0)  # no button yet
    (drawn,) = tournament.draw_button(table=5, at=3.0, rng=random.Random(1))
    assert isinstance(drawn, ButtonsPlaced)
    assert drawn.buttons[0][1] in (0, 1, 2)
    assert setup_of(tournament, 5, 4.0).positions.button == drawn.buttons[0][1]
    with pytest.raises(MalformedInputError):
        tournament.draw_button(table=5, at=5.0, rng=random.Random(1))


def test_replay_rebuilds_the_state_after_every_floor_event() -> None:
    tournament = _on_the_bubble("pokerstars-live")
    first, second = sorted(tournament.state.tables)
    tournament.hold_all_in(table=first, at=100.0)
    _play_evenly(tournament, second, 101.0)
    tournament.release_all_in(table=first, at=102.0)
    tournament.set_balancing(mode="director", at=103.0)
    called = live(27, profile="poland-pzp")
    called.call_hand_for_hand(at=1.0, street_by_street=True)
    called.set_table_size(seats=8, at=2.0, rng=RNG)
    kinds = {type(e) for t in (tournament, called) for e in t.events}
    assert set(FLOOR_HANDLERS) <= kinds
    for played in (tournament, called):
        assert Tournament.replay(played.events).state == played.state
