"""Levels, breaks and structures: validation, the dict and TOML forms, and the generator."""

from __future__ import annotations

import itertools
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.engine.config import AnteMode, HandConfig
from floorman.engine.games import get_game
from floorman.errors import MalformedInputError
from floorman.tournament.structure.generator import (
    FINISH_BIG_BLINDS,
    expected_hours,
    generate_structure,
)
from floorman.tournament.structure.levels import Break, Level, Structure

CHIPS = (25, 100, 500, 1000, 5000)


def nl(small: int, big: int, *, ante: int = 0, minutes: int = 20) -> Level:
    mode = AnteMode.BIG_BLIND if ante else AnteMode.NONE
    return Level(minutes=minutes, small_blind=small, big_blind=big, ante=ante, ante_mode=mode)


def simple() -> Structure:
    return Structure(
        items=(nl(25, 50), nl(50, 100), Break(minutes=10, colour_up=(25,)), nl(100, 200)),
        starting_stack=10000,
        chips=(25, 100, 500),
    )


# --- levels --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "constraint"),
    [
        ({"minutes": 0, "big_blind": 100}, "minutes"),
        ({"minutes": 1.5, "big_blind": 100}, "minutes"),
        ({"minutes": True, "big_blind": 100}, "minutes"),
        ({"big_blind": -100}, "big-blind"),
        ({"game": "XX", "big_blind": 100}, "game"),
        ({"game": 7, "big_blind": 100}, "game"),
        ({"big_blind": 100, "ante": 100}, "ante"),
        ({"big_blind": 100, "ante_mode": AnteMode.BIG_BLIND}, "ante"),
        ({"big_blind": 100, "ante": 100, "ante_mode": "big-blind"}, "ante-mode"),
        ({"small_blind": 200, "big_blind": 100}, "blinds"),
        ({}, "forced-bets"),
        ({"big_blind": 100, "small_bet": 100, "big_bet": 200}, "bet-sizes"),
        ({"big_blind": 100, "bring_in": 25}, "bring-in"),
        ({"game": "FT", "big_blind": 100}, "bet-sizes"),
        ({"game": "FT", "big_blind": 100, "small_bet": 200, "big_bet": 100}, "bet-sizes"),
        ({"game": "FT", "small_bet": 100, "big_bet": 200}, "forced-bets"),
        (
            {"game": "F7S", "big_blind": 100, "small_bet": 100, "big_bet": 200, "bring_in": 25},
            "forced-bets",
        ),
        (
            {
                "game": "F7S",
                "ante": 100,
                "ante_mode": AnteMode.BIG_BLIND,
                "small_bet": 100,
                "big_bet": 200,
                "bring_in": 25,
            },
            "forced-bets",
        ),
        ({"game": "F7S", "small_bet": 100, "big_bet": 200, "bring_in": 25}, "forced-bets"),
        (
            {
                "game": "F7S",
                "ante": 25,
                "ante_mode": AnteMode.EVERY_PLAYER,
                "small_bet": 100,
                "big_bet": 200,
                "bring_in": 100,
            },
            "bring-in",
        ),
    ],
)
def test_a_level_the_hand_engine_could_not_deal_is_refused(
    fields: dict[str, object], constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as error:
        Level(**{"minutes": 20, **fields})  # type: ignore[arg-type]
    assert error.value.constraint == constraint


@pytest.mark.parametrize(
    "level",
    [
        nl(50, 100),
        nl(100, 200, ante=200),
        Level(minutes=30, game="PO", small_blind=100, big_blind=200),
        Level(minutes=30, game="FT", small_blind=50, big_blind=100, small_bet=100, big_bet=200),
        Level(
            minutes=30,
            game="F7S",
            ante=25,
            ante_mode=AnteMode.EVERY_PLAYER,
            small_bet=100,
            big_bet=200,
            bring_in=25,
        ),
        Level(minutes=30, game="N2L1D", small_blind=100, big_blind=200),
    ],
)
def test_a_valid_level_is_a_valid_hand_configuration(level: Level) -> None:
    config = HandConfig(
        game=get_game(level.game),
        stacks=(10000,) * 6,
        button=0,
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=level.ante,
        ante_mode=level.ante_mode,
        small_bet=level.small_bet,
        big_bet=level.big_bet,
        bring_in=level.bring_in,
    )
    assert config.big_blind == level.big_blind
    assert set(level.amounts) <= {50, 100, 200, 25}


def test_amounts_are_the_non_zero_forced_bets_and_bet_sizes_and_stake_is_the_level_size() -> None:
    limit = Level(minutes=20, game="FT", small_blind=50, big_blind=100, small_bet=100, big_bet=200)
    assert limit.amounts == (50, 100, 100, 200)
    assert limit.stake == 100
    stud = Level(
        minutes=20,
        game="F7S",
        ante=25,
        ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=200,
        big_bet=400,
        bring_in=50,
    )
    assert stud.stake == 200


@pytest.mark.parametrize(
    ("kwargs", "constraint"),
    [({"minutes": 0}, "minutes"), ({"minutes": 10, "colour_up": (100, 25)}, "denominations")],
)
def test_a_malformed_break_is_refused(kwargs: dict[str, object], constraint: str) -> None:
    with pytest.raises(MalformedInputError) as error:
        Break(**kwargs)  # type: ignore[arg-type]
    assert error.value.constraint == constraint


# --- structures ----------------------------------------------------------------------------


@pytest.mark.rules("belarus-sport 3.3")
@pytest.mark.parametrize(
    ("items", "stack", "chips", "constraint"),
    [
        ((), 10000, (25,), "levels"),
        ((Break(minutes=10),), 10000, (25,), "levels"),
        ((nl(25, 50), Break(minutes=10)), 10000, (25,), "last-item"),
        ([nl(25, 50)], 10000, (25,), "items"),
        ((nl(25, 50),), 10000, (100, 25), "denominations"),
        ((nl(25, 50),), 10000, (), "denominations"),
        ((nl(25, 50),), 10010, (25,), "starting-stack"),
        ((nl(25, 50),), 0, (25,), "starting-stack"),
        ((nl(10, 20),), 10000, (25,), "chip-multiple"),
        ((nl(25, 50), Break(minutes=5, colour_up=(25,)), nl(50, 100)), 10000, (25, 100),
         "chip-multiple"),
        ((nl(50, 100), nl(25, 50)), 10000, (25,), "level-order"),
        ((Break(minutes=5, colour_up=(5,)), nl(25, 50)), 10000, (25, 100), "colour-up"),
        ((Break(minutes=5, colour_up=(25,)), nl(100, 200)), 10000, (25,), "colour-up"),
        ((Break(minutes=5, colour_up=(25,)), Break(minutes=5, colour_up=(25,)), nl(100, 200)),
         10000, (25, 100), "colour-up"),
    ],
)  # fmt: skip
def test_a_structure_that_cannot_be_played_is_refused(
    items: tuple[Level | Break, ...], stack: int, chips: tuple[int, ...], constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as error:
        Structure(items=items, starting_stack=stack, chips=chips)
    assert error.value.constraint == constraint


def test_stud_levels_and_blind_levels_each_grow_on_their_own_measure() -> None:
    stud = Level(
        minutes=20,
        game="F7S",
        ante=25,
        ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=100,
        big_bet=200,
        bring_in=25,
    )
    mixed = Structure(items=(nl(100, 200), stud, nl(150, 300)), starting_stack=10000, chips=(25,))
    assert [level.stake for level in mixed.levels] == [200, 100, 300]


def test_level_numbers_count_play_levels_and_skip_breaks() -> None:
    structure = simple()
    assert [structure.level_number(i) for i in range(4)] == [1, 2, None, 3]
    with pytest.raises(MalformedInputError) as error:
        structure.level_number(4)
    assert error.value.constraint == "index"


def test_the_smallest_chip_changes_with_the_breaks_colour_ups() -> None:
    structure = simple()
    assert [structure.smallest_chip_after(i) for i in range(4)] == [25, 25, 100, 100]
    assert structure.chips_after(3) == (100, 500)
    assert structure.levels == (nl(25, 50), nl(50, 100), nl(100, 200))
    assert structure.boundaries == (0, 1200, 2400, 3000, 4200)


def test_as_dict_is_plain_json_and_from_dict_inverts_it() -> None:
    structure = simple()
    written = structure.as_dict()
    assert json.loads(json.dumps(written)) == written
    assert Structure.from_dict(written) == structure
    assert Structure.from_dict(json.loads(json.dumps(written))).as_dict() == written
    assert written["items"][2] == {"kind": "break", "minutes": 10, "colour_up": [25]}  # type: ignore[index]


def test_a_directors_toml_file_is_read_with_defaults() -> None:
    text = """
starting_stack = 10000
chips = [25, 100, 500]

[[items]]
minutes = 20
small_blind = 25
big_blind = 50

[[items]]
minutes = 20
small_blind = 50
big_blind = 100

[[items]]
kind = "break"
minutes = 10
colour_up = [25]

[[items]]
minutes = 20
small_blind = 100
big_blind = 200
"""
    assert Structure.from_toml(text) == simple()
    stud = Structure.from_toml(
        'starting_stack = 2000\nchips = [25]\n[[items]]\nminutes = 30\ngame = "F7S"\n'
        'ante = 25\nante_mode = "every-player"\nsmall_bet = 100\nbig_bet = 200\nbring_in = 25\n'
    )
    assert stud.levels[0].ante_mode is AnteMode.EVERY_PLAYER


@pytest.mark.parametrize(
    ("data", "constraint", "where"),
    [
        ({"starting_stack": 100, "chips": [25], "items": {}}, "items", ""),
        ({"starting_stack": 100, "chips": [25], "items": [], "x": 1}, "unknown-field", ""),
        ({"starting_stack": 100, "chips": [25], "items": [{"minutes": 5, "bb": 2}]},
         "unknown-field", "item 1"),
        ({"starting_stack": 100, "chips": [25], "items": [{"kind": "pause", "minutes": 5}]},
         "kind", "item 1"),
        ({"starting_stack": 100, "chips": [25], "items": [{"big_blind": 50}]},
         "minutes", "item 1"),
        ({"starting_stack": 100, "chips": [25],
          "items": [{"minutes": 5, "big_blind": 50, "ante": 50, "ante_mode": "bba"}]},
         "ante-mode", "item 1"),
        ({"starting_stack": 100, "chips": [25], "items": [{"minutes": 5, "big_blind": "50"}]},
         "big-blind", "item 1"),
        ({"starting_stack": 100, "chips": [25], "items": ["level"]}, "items", "item 1"),
        ({"starting_stack": 100, "chips": "25", "items": [{"minutes": 5, "big_blind": 50}]},
         "denominations", ""),
        ({"chips": [25], "items": [{"minutes": 5, "big_blind": 50}]}, "starting-stack", ""),
    ],
)  # fmt: skip
def test_a_malformed_dict_is_refused_naming_the_item(
    data: dict[str, object], constraint: str, where: str
) -> None:
    with pytest.raises(MalformedInputError) as error:
        Structure.from_dict(data)
    assert error.value.constraint == constraint
    assert where in str(error.value)


def test_malformed_toml_is_refused() -> None:
    with pytest.raises(MalformedInputError) as error:
        Structure.from_toml("starting_stack = = 3")
    assert error.value.constraint == "toml"


# --- the generator -------------------------------------------------------------------------


def generated(**overrides: object) -> Structure:
    arguments: dict[str, object] = {
        "starting_stack": 20000,
        "chips": CHIPS,
        "players": 100,
        "target_hours": 8,
    }
    arguments.update(overrides)
    return generate_structure(**arguments)  # type: ignore[arg-type]


def test_the_generated_structure_starts_between_100_and_200_big_blinds_deep() -> None:
    structure = generated()
    first = structure.levels[0]
    assert 20000 / 200 <= first.big_blind <= 20000 / 100
    assert first.small_blind * 2 == first.big_blind


def test_each_level_grows_20_to_50_percent_and_35_at_most_on_average() -> None:
    for overrides in ({}, {"target_hours": 7}, {"target_hours": 9.5}, {"players": 30}):
        levels = generated(**overrides).levels
        steps = [b.big_blind / a.big_blind for a, b in itertools.pairwise(levels)]
        assert all(1.2 <= step <= 1.5 for step in steps)
        average = (levels[-1].big_blind / levels[0].big_blind) ** (1 / len(steps))
        assert 1.2 <= average <= 1.36


def test_blinds_are_round_amounts_payable_in_the_chips_in_play() -> None:
    structure = generated()
    usual = {"1", "125", "12", "15", "2", "25", "3", "35", "4", "5", "6", "7", "75", "8"}
    for index, item in enumerate(structure.items):
        if isinstance(item, Level):
            assert str(item.small_blind).rstrip("0") in usual
            assert all(a % structure.smallest_chip_after(index) == 0 for a in item.amounts)


@pytest.mark.rules("tda-2022 RP-11")
def test_tda_rp11_big_blind_ante_equals_the_big_blind_from_level_two() -> None:
    levels = generated().levels
    assert levels[0].ante == 0
    assert levels[0].ante_mode is AnteMode.NONE
    assert all(level.ante == level.big_blind for level in levels[1:])
    assert all(level.ante_mode is AnteMode.BIG_BLIND for level in levels[1:])
    later = generated(ante_from_level=4).levels
    assert [level.ante > 0 for level in later[:4]] == [False, False, False, True]


def test_antes_of_every_player_are_round_and_about_an_eighth_of_the_big_blind() -> None:
    levels = generated(ante_mode=AnteMode.EVERY_PLAYER).levels
    for level in levels[1:]:
        assert level.ante_mode is AnteMode.EVERY_PLAYER
        assert level.big_blind / 16 <= level.ante <= level.big_blind / 4


def test_a_break_follows_every_fourth_level_with_the_colour_ups_on_the_breaks() -> None:
    structure = generated(break_minutes=15)
    kinds = ["B" if isinstance(item, Break) else "L" for item in structure.items]
    assert "".join(kinds).startswith("LLLLBLLLLBLLLLB")
    assert kinds[-1] == "L"
    breaks = [item for item in structure.items if isinstance(item, Break)]
    assert all(b.minutes == 15 for b in breaks)
    raced = [c for b in breaks for c in b.colour_up]
    assert raced == sorted(raced)
    assert raced[:3] == [25, 100, 500]
    assert structure.chips_after(len(structure.items) - 1)[-1] == 5000


def test_limit_games_bet_the_big_blind_and_twice_it() -> None:
    for level in generated(game="FT", target_hours=7.5).levels:
        assert level.game == "FT"
        assert (level.small_bet, level.big_bet) == (level.big_blind, 2 * level.big_blind)


def test_stud_has_antes_and_a_bring_in_and_no_blinds_whatever_the_ante_mode() -> None:
    structure = generated(game="F7S", starting_stack=5000, players=30, target_hours=5.6)
    for level in structure.levels:
        assert (level.small_blind, level.big_blind) == (0, 0)
        assert level.ante_mode is AnteMode.EVERY_PLAYER
        assert 0 < level.ante <= level.bring_in < level.small_bet < level.big_bet


def test_the_generator_is_deterministic() -> None:
    assert generated() == generated()


def test_the_structure_runs_on_well_past_the_expected_finish() -> None:
    structure = generated()
    finish_stake = 100 * 20000 / (2 * FINISH_BIG_BLINDS)
    assert structure.levels[-1].big_blind >= 5 * finish_stake


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([5000, 10000, 20000, 30000, 50000]),
    st.integers(2, 2000),
    st.floats(2, 14),
    st.sampled_from([12, 15, 20, 30, 40, 60]),
    st.sampled_from(["NT", "PO", "FT", "F7S"]),
)
def test_a_generated_structure_is_expected_to_finish_within_a_level_of_the_target(
    stack: int, players: int, hours: float, minutes: int, game: str
) -> None:
    arguments = {
        "starting_stack": stack,
        "players": players,
        "target_hours": hours,
        "level_minutes": minutes,
        "game": game,
    }
    try:
        structure = generated(**arguments)
    except MalformedInputError as error:
        refusal = error
    else:
        finish = expected_hours(structure, players=players)
        assert finish is not None
        assert abs(finish - hours) <= (minutes + 10) / 60 + 1e-9  # minutes summed in floats
        return
    assert refusal.constraint == "target-hours"
    if "would fit" not in str(refusal):
        assert "no level length fits" in str(refusal)
        return
    fitting = int(str(refusal).split("about ")[1].split()[0])
    structure = generated(**{**arguments, "level_minutes": fitting})
    finish = expected_hours(structure, players=players)
    assert finish is not None
    assert abs(finish - hours) <= (fitting + 10) / 60 + 1e-9


def test_a_target_no_structure_can_reach_is_refused_with_the_level_length_that_fits() -> None:
    with pytest.raises(MalformedInputError) as error:
        generated(players=1000, target_hours=2)
    assert error.value.constraint == "target-hours"
    fitting = int(str(error.value).split("about ")[1].split()[0])
    assert generated(players=1000, target_hours=2, level_minutes=fitting).levels


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        ({"players": 1}, "players"),
        ({"target_hours": 0}, "target-hours"),
        ({"target_hours": math.nan}, "target-hours"),
        ({"starting_stack": 20010}, "starting-stack"),
        ({"starting_stack": 200, "chips": (25, 100)}, "starting-stack"),
        ({"chips": (100, 25)}, "denominations"),
        ({"level_minutes": 0}, "level-minutes"),
        ({"break_every": 0}, "break-every"),
        ({"game": "XX"}, "game"),
        ({"ante_mode": "big-blind"}, "ante-mode"),
    ],
)
def test_malformed_generator_input_is_refused(
    overrides: dict[str, object], constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as error:
        generated(**overrides)
    assert error.value.constraint == constraint


def test_expected_hours_is_none_when_no_level_reaches_the_finish() -> None:
    assert expected_hours(simple(), players=1000) is None
    # 2 players x 10000 chips end at a 400 big blind: never reached by 100/200
    assert expected_hours(simple(), players=2) is None
    deep = Structure(items=(nl(100, 200), nl(200, 400)), starting_stack=10000, chips=(25,))
    assert expected_hours(deep, players=2) == 40 / 60
