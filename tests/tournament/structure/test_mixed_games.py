"""Mixed games: the button frozen through stud levels (TDA R11-B)."""

from __future__ import annotations

import pytest
from tests.tournament.formats_support import event, hand, of_type, players_at

from floorman.engine.config import AnteMode
from floorman.engine.games import get_game
from floorman.errors import MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.tournament.events import PlayerEliminated, PlayerMoved
from floorman.tournament.seating.draws import final_table_seats
from floorman.tournament.seating.positions import next_positions
from floorman.tournament.seating.tables import Table
from floorman.tournament.structure.levels import Level, Structure
from floorman.tournament.structure.mixed_games import button_moves, dealing_table

TDA = get_ruleset("tda-2022")
MIXED = Structure(
    items=(
        Level(minutes=20, game="NT", small_blind=100, big_blind=200),
        Level(
            minutes=20,
            game="F7S",
            ante=25,
            ante_mode=AnteMode.EVERY_PLAYER,
            bring_in=50,
            small_bet=200,
            big_bet=400,
        ),
        Level(minutes=20, game="NT", small_blind=200, big_blind=400),
    ),
    starting_stack=10_000,
    chips=(25, 100, 500),
)
HOLD_EM_AT, STUD_AT, HOLD_EM_AGAIN_AT = 0.0, 20 * 60 + 1.0, 40 * 60 + 1.0

pytestmark = pytest.mark.rules("tda-2022 R11-B")


def test_tda_r11b_the_button_stays_frozen_through_stud_and_hold_em_resumes_after_it() -> None:
    tournament = event(6, TDA, seats=6, structure=MIXED)
    for _ in range(3):
        hand(tournament, 1, at=HOLD_EM_AT)
    table = tournament.state.tables[1]
    expected = next_positions(table)  # where another hold'em hand would put the button
    for _ in range(4):
        setup = tournament.hand_setup(1, at=STUD_AT)
        assert setup is not None
        assert setup.config.game.is_stud
        hand(tournament, 1, at=STUD_AT)
        assert tournament.state.tables[1].last == table.last  # stud does not move it
    resumed = tournament.hand_setup(1, at=HOLD_EM_AGAIN_AT)
    assert resumed is not None
    assert not resumed.config.game.is_stud
    assert resumed.positions == expected


def test_tda_r11b_a_bust_during_stud_is_met_by_the_frozen_button_like_a_hold_em_bust() -> None:
    tournament = event(6, TDA, seats=6, structure=MIXED)
    hand(tournament, 1, at=HOLD_EM_AT)
    table = tournament.state.tables[1]
    small_blind = next_positions(table).small_blind
    assert small_blind is not None
    gone = table.seats[small_blind]
    assert gone is not None
    hand(tournament, 1, [gone], at=STUD_AT)
    resumed = tournament.hand_setup(1, at=HOLD_EM_AGAIN_AT)
    assert resumed is not None
    assert resumed.positions.small_blind is None  # his seat's small blind is dead
    assert resumed.positions.dead_small_blind_seat == small_blind


def test_tda_r11b_stud_balancing_moves_the_would_be_big_blind_to_the_seat_vacated_last() -> None:
    tournament = event(16, TDA, structure=MIXED, seats=8)
    for number in (1, 2):
        hand(tournament, number, at=HOLD_EM_AT)
    giving = tournament.state.tables[1]
    would_be_big_blind = giving.seats[next_positions(giving).big_blind]
    short = players_at(tournament, 2)
    seats = {entry: tournament.state.tables[2].seat_of(entry) for entry in short}
    events = hand(tournament, 2, short[1:3], at=STUD_AT)
    last_out = of_type(events, PlayerEliminated)[-1].entry
    moves = of_type(events, PlayerMoved)
    assert [(m.entry, m.from_table, m.to_table) for m in moves] == [(would_be_big_blind, 1, 2)]
    assert moves[0].to_seat == seats[last_out]


def test_stud_deals_in_a_newcomer_waiting_for_the_button() -> None:
    table = Table(number=1, seats=("a", "b", None, "c"), waiting=frozenset({"c"}))
    assert dealing_table(table, get_game("F7S")).waiting == frozenset()
    assert dealing_table(table, get_game("NT")) is table


def test_hold_em_resuming_after_stud_deals_in_newcomers_rather_than_one_player() -> None:
    table = Table(number=1, seats=("a", "b", None, "c"), waiting=frozenset({"a", "c"}))
    assert dealing_table(table, get_game("NT")).waiting == frozenset()


def test_only_stud_levels_freeze_the_button() -> None:
    config = event(6, TDA, seats=6, structure=MIXED).config
    assert [button_moves(config, level) for level in (1, 2, 3)] == [True, False, True]


def test_a_stud_level_refuses_tables_of_more_seats_than_one_deck_serves() -> None:
    """Stud deals up to seven cards each: a mixed event's tables seat eight at most."""
    with pytest.raises(MalformedInputError) as refused:
        event(16, TDA, structure=MIXED, seats=9)
    assert refused.value.constraint == "table-size"


@pytest.mark.rules("tda-2022 RP-9")
def test_tda_rp9_an_8_max_mixed_event_seats_eight_at_its_final_table() -> None:
    """RP-9 gives an 8-max event a final table of nine; its stud levels cannot be dealt to
    nine, so the final table seats eight."""
    config = event(16, TDA, structure=MIXED, seats=8).config
    assert final_table_seats(config) == 8
    hold_em = event(16, TDA, seats=8).config
    assert final_table_seats(hold_em) == 9
