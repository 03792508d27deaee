"""Rules of balancing, breaking, table sizes, hand-for-hand, places and the clock that the
tournament already applied, proved under the rulebooks that state them; and the mixed-game
order of TDA RP-18."""

from __future__ import annotations

import random

import pytest
from tests.tournament.manual_support import live, of_type
from tests.tournament.tournament_helpers import (
    STRUCTURE,
    bust,
    bust_down_to,
    event,
    forged,
    setup_of,
)

from floorman.engine.config import AnteMode
from floorman.rules.profiles import get_ruleset
from floorman.tournament.events import (
    FinalTableFormed,
    HandForHandStarted,
    PlayerMoved,
    TableBroken,
)
from floorman.tournament.money.places import Bust, place_busts
from floorman.tournament.seating.balancing import plan_balance
from floorman.tournament.seating.tables import Positions, Table
from floorman.tournament.structure.levels import Level, Structure
from floorman.tournament.structure.mixed_order import mixed_rotation, stud_back_to_back
from floorman.tournament.views.clock import clock_view

RNG = random.Random(5)


@pytest.mark.rules("tda-2022 RP-18")
def test_tda_rp_18_stud_and_stud_hi_lo_are_not_played_back_to_back() -> None:
    horse = ("FT", "FO/8", "FR", "F7S", "F7S/8")
    order = mixed_rotation(horse)
    assert sorted(order) == sorted(horse)
    stud, eight = order.index("F7S"), order.index("F7S/8")
    assert (stud - eight) % len(order) not in (1, len(order) - 1)
    assert mixed_rotation(("F7S", "F7S/8", "NT")) == ("F7S", "F7S/8", "NT")  # no way round
    stud_level, eight_level = _stud("F7S"), _stud("F7S/8")
    holdem = Level(minutes=20, small_blind=50, big_blind=100)
    structure = Structure(
        items=(holdem, stud_level, eight_level, holdem), starting_stack=5_000, chips=(10, 100)
    )
    assert stud_back_to_back(structure) == (2,)


def _stud(game: str) -> Level:
    return Level(
        minutes=20,
        game=game,
        ante=10,
        ante_mode=AnteMode.EVERY_PLAYER,
        bring_in=20,
        small_bet=40,
        big_bet=80,
    )


@pytest.mark.rules("poland-pzp §17.1", "poland-pzp §16.1")
def test_poland_17_1_the_level_change_is_announced_with_its_limits_and_new_decks() -> None:
    tournament = event(18, profile="poland-pzp")
    level_two = STRUCTURE.levels[1]
    shown = clock_view(tournament, at=20 * 60 + 30)
    assert shown is not None
    assert shown.announcement == (
        f"Level 2 (NT): blinds {level_two.small_blind}/{level_two.big_blind}, "
        f"ante {level_two.ante}. Change the decks."
    )
    assert level_two.ante_mode is AnteMode.BIG_BLIND
    later = clock_view(tournament, at=20 * 60 + 300)
    first = clock_view(tournament, at=30)
    assert later is not None
    assert later.announcement is None
    assert first is not None
    assert first.announcement is None  # the start of play is not a level change


@pytest.mark.rules("poland-pzp §13.1")
def test_poland_13_1_seats_are_numbered_from_one_left_of_the_dealer() -> None:
    tournament = live(18, profile="poland-pzp")
    table = tournament.state.tables[1]
    entry = table.players[0]
    tournament.open_table(table=3, at=1.0)
    (move,) = tournament.move_player(entry=entry, to_table=3, to_seat=0, at=2.0, reason="test")
    assert isinstance(move, PlayerMoved)
    seat = table.seat_of(entry)
    assert move.instruction.endswith(f"table 1 seat {seat + 1} -> table 3 seat 1")


@pytest.mark.rules("poland-pzp §51.1")
def test_poland_51_1_hand_for_hand_is_announced_one_player_before_the_money() -> None:
    tournament = event(80, profile="poland-pzp")
    paid = len(tournament.state.prizes)
    bust_down_to(tournament, paid + 2)
    assert not of_type(tournament.events, HandForHandStarted)
    bust_down_to(tournament, paid + 1)
    (started,) = of_type(tournament.events, HandForHandStarted)
    assert tournament.state.alive == paid + 1
    assert started.rule


@pytest.mark.rules("poland-pzp §51.3")
def test_poland_51_3_same_hand_busts_tie_across_tables_and_rank_by_chips_at_one() -> None:
    rules = get_ruleset("poland-pzp").tournament
    busts = [Bust("a", 1, 5_000), Bust("b", 1, 2_000), Bust("c", 2, 1_000)]
    placings = place_busts(
        busts,
        players_left=10,
        same_hand=rules.same_hand_busts,
        cross_table=rules.cross_table_busts,
    )
    places = {p.entry: (p.place, p.tied) for p in placings}
    assert places == {"a": (8, 2), "c": (8, 2), "b": (10, 1)}


@pytest.mark.rules("redcactus 9")
def test_redcactus_9_a_broken_tables_players_draw_seats_and_wait_past_the_blinds() -> None:
    tournament = live(20, profile="redcactus", seats=10)
    while not of_type(tournament.events, TableBroken):
        bust_down_to(tournament, tournament.state.alive - 1)
    broken = of_type(tournament.events, TableBroken)[0]
    moved = [m for m in of_type(tournament.events, PlayerMoved) if m.reason == "break"]
    assert moved
    assert {m.from_table for m in moved} == {broken.table}
    assert all(m.rule == "9" for m in moved)
    (table,) = tournament.state.tables.values()
    setup = setup_of(tournament, table.number, 500.0)
    for move in moved:
        if move.entry in table.waiting:  # seated between the small blind and the button
            assert move.entry not in setup.seats


@pytest.mark.rules("redcactus 10")
def test_redcactus_10_the_next_big_blind_moves_to_the_shortest_lowest_table() -> None:
    tournament = live(27, profile="redcactus")
    for at in (60.0, 61.0):
        bust(tournament, tournament.state.tables[2].players[0], at=at)
    (move,) = [m for m in of_type(tournament.events, PlayerMoved) if m.reason == "balance"]
    assert (move.from_table, move.to_table, move.rule) == (1, 2, "10")
    rules = get_ruleset("redcactus").tournament
    assert rules.halt_when_short_by == 4
    last = Positions(button=0, small_blind=1, big_blind=2)
    full = Table(number=1, seats=tuple(f"f{i}" for i in range(9)), last=last)
    short = Table(number=2, seats=("s0", "s1", "s2", None, None, None, None, None, "s8"), last=last)
    plan = plan_balance((full, short), rules=rules)
    assert plan.halted == (2,)  # four short, and its big blind meets an empty seat


@pytest.mark.rules("redcactus 11")
def test_redcactus_11_eight_max_tables_and_a_final_table_of_nine() -> None:
    tournament = live(24, profile="redcactus", seats=8)
    assert max(t.size for t in tournament.state.tables.values()) == 8
    bust_down_to(tournament, 9)
    (final,) = of_type(tournament.events, FinalTableFormed)
    assert final.size == 9
    assert final.rule == "11"
    weekly = live(20, profile="redcactus", seats=10)  # large bar tables: 10 a side
    assert sorted(t.size for t in weekly.state.tables.values()) == [10, 10]


@pytest.mark.rules("belarus-sport 3.1-¶2d")
def test_belarus_3_1_2d_a_move_is_carried_out_once_both_tables_hands_are_over() -> None:
    tournament = event(18, profile="belarus-sport", seed=3)
    first, second = sorted(tournament.state.tables)
    dealing, busting = setup_of(tournament, first, 5.0), setup_of(tournament, second, 5.0)
    losers = [e for e in busting.seats if e is not None][:2]
    winner = next(e for e in busting.seats if e is not None and e not in losers)
    stacks = {e: tournament.state.entries[e].stack for e in losers}
    moves = {losers[0]: -stacks[losers[0]], losers[1]: -stacks[losers[1]]}
    moves[winner] = sum(stacks.values())
    events = tournament.record_hand(forged(busting, moves), at=6.0, rng=RNG)
    (moved,) = of_type(events, PlayerMoved)
    assert moved.from_table == first
    assert moved.entry in tournament.state.manual.instructions  # announced, not carried out
    someone = next(e for e in dealing.seats if e is not None and e != moved.entry)
    tournament.record_hand(forged(dealing, {moved.entry: -500, someone: 500}), at=7.0, rng=RNG)
    assert tournament.state.entries[moved.entry].table == second
    tournament.confirm_move(entry=moved.entry, at=8.0)
    assert moved.entry not in tournament.state.manual.instructions
