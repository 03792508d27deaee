"""When denominations leave play: the colour-up schedule and the breaks that race them off."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.engine.config import AnteMode
from floorman.errors import MalformedInputError
from floorman.tournament.structure.colour_up import break_colour_up, colour_up_schedule
from floorman.tournament.structure.generator import generate_structure
from floorman.tournament.structure.levels import Break, Level, Structure

CHIPS = (25, 100, 500, 1000)


def blinds(small: int, big: int, ante: int = 0) -> Level:
    mode = AnteMode.BIG_BLIND if ante else AnteMode.NONE
    return Level(minutes=20, small_blind=small, big_blind=big, ante=ante, ante_mode=mode)


def stud_level(*, ante: int, bring_in: int, small_bet: int) -> Level:
    return Level(
        minutes=20,
        game="F7S",
        ante=ante,
        ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=small_bet,
        big_bet=2 * small_bet,
        bring_in=bring_in,
    )


LEVELS = (
    blinds(25, 50),
    blinds(50, 100),
    blinds(75, 150),
    blinds(100, 200, 200),
    blinds(200, 400, 400),
    blinds(300, 600, 600),
    blinds(500, 1000, 1000),
    blinds(1000, 2000, 2000),
)


def test_each_chip_leaves_from_the_first_level_whose_amounts_the_next_chip_pays() -> None:
    # 75/150 is the last level that needs a 25; 300/600 the last that needs a 100;
    # 500/1000 the last that needs a 500 (1000 is the largest and stays).
    assert colour_up_schedule(LEVELS, CHIPS) == {25: 3, 100: 6, 500: 7}


def test_a_chip_needed_at_the_last_level_is_never_coloured_up() -> None:
    levels = (blinds(100, 200), blinds(125, 250))
    assert colour_up_schedule(levels, CHIPS) == {}


def test_a_chip_needed_again_later_stays_until_its_last_use() -> None:
    # The 25 is spare at 100/200 but needed again at 125/250: it may only go after that.
    levels = (blinds(25, 50), blinds(100, 200), blinds(125, 250), blinds(200, 400))
    assert colour_up_schedule(levels, CHIPS) == {25: 3}


def test_stud_antes_and_bring_in_count_like_blinds() -> None:
    stud = stud_level(ante=100, bring_in=125, small_bet=400)  # only the bring-in needs a 25
    assert colour_up_schedule((stud,), (25, 100)) == {}
    richer = stud_level(ante=100, bring_in=100, small_bet=400)
    assert colour_up_schedule((stud, richer), (25, 100)) == {25: 1}


def test_the_next_larger_chip_is_the_next_one_still_in_play() -> None:
    # The 100 leaves from level 1; from then on the 25 must be replaceable by 500s, not 100s.
    levels = (blinds(50, 100), blinds(500, 1000), blinds(1000, 2000))
    schedule = colour_up_schedule(levels, (25, 100, 500))
    assert schedule == {25: 1, 100: 1}


def test_a_break_races_off_what_the_levels_after_it_no_longer_need() -> None:
    schedule = colour_up_schedule(LEVELS, CHIPS)
    assert break_colour_up(schedule, next_level=2, in_play=CHIPS) == ()
    assert break_colour_up(schedule, next_level=4, in_play=CHIPS) == (25,)
    assert break_colour_up(schedule, next_level=7, in_play=(100, 500, 1000)) == (100, 500)


@pytest.mark.parametrize("chips", [(), (100, 25), (25, 25), (0, 25)])
def test_chips_must_be_ascending_denominations(chips: tuple[int, ...]) -> None:
    with pytest.raises(MalformedInputError) as error:
        colour_up_schedule(LEVELS, chips)
    assert error.value.constraint == "denominations"


def test_a_break_before_a_negative_level_is_refused() -> None:
    with pytest.raises(MalformedInputError) as error:
        break_colour_up({}, next_level=-1, in_play=CHIPS)
    assert error.value.constraint == "index"


@st.composite
def ladders(draw: st.DrawFn) -> tuple[tuple[Level, ...], tuple[int, ...]]:
    chips = draw(st.sampled_from([(25, 100, 500), (5, 25, 100, 500), (25, 50, 100), (1, 5, 25)]))
    count = draw(st.integers(1, 8))
    smalls = sorted(
        draw(
            st.lists(
                st.integers(1, 400).map(lambda n: n * chips[0]), min_size=count, max_size=count
            )
        )
    )
    return tuple(blinds(s, 2 * s) for s in smalls), chips


@settings(max_examples=150, deadline=None)
@given(ladders())
def test_every_chip_is_spare_from_its_index_on_and_needed_just_before(
    case: tuple[tuple[Level, ...], tuple[int, ...]],
) -> None:
    levels, chips = case
    schedule = colour_up_schedule(levels, chips)
    assert chips[-1] not in schedule
    for chip, first in schedule.items():
        larger = [c for c in chips if c > chip]
        for index in range(first, len(levels)):
            in_play = [c for c in larger if schedule.get(c, len(levels)) > index]
            assert all(a % in_play[0] == 0 for a in levels[index].amounts)
        if first > 0:
            index = first - 1
            in_play = [c for c in larger if schedule.get(c, len(levels)) > index]
            assert any(a % in_play[0] for a in levels[index].amounts)


@settings(max_examples=150, deadline=None)
@given(ladders(), st.integers(1, 4))
def test_breaks_built_from_the_schedule_make_a_valid_structure(
    case: tuple[tuple[Level, ...], tuple[int, ...]], every: int
) -> None:
    levels, chips = case
    schedule = colour_up_schedule(levels, chips)
    items: list[Level | Break] = []
    in_play = list(chips)
    for index, level in enumerate(levels):
        if index and index % every == 0:
            gone = break_colour_up(schedule, next_level=index, in_play=in_play)
            items.append(Break(minutes=10, colour_up=gone))
            in_play = [c for c in in_play if c not in gone]
        items.append(level)
    structure = Structure(items=tuple(items), starting_stack=chips[-1] * 20, chips=chips)
    assert structure.levels == levels


def test_the_generator_puts_each_colour_up_on_the_first_break_it_can() -> None:
    structure = generate_structure(
        starting_stack=20000, chips=(25, 100, 500, 1000, 5000), players=60, target_hours=7
    )
    schedule = colour_up_schedule(structure.levels, structure.chips)
    raced = {c for item in structure.items if isinstance(item, Break) for c in item.colour_up}
    assert raced
    assert raced <= set(schedule)
    level_index = 0
    for item in structure.items:
        if isinstance(item, Level):
            level_index += 1
            continue
        # every chip on this break is spare from here; none could have gone a break earlier
        for chip in item.colour_up:
            assert schedule[chip] <= level_index
            earlier = level_index - 4
            assert earlier <= 0 or schedule[chip] > earlier
