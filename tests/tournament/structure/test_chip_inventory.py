"""The chips outside the breaks' races (issue 6, part A): one player coloured up at the
director's call, value kept (TDA R25-B, RedCactus 25, PokerStars Live 3.3), and chips found
with no owner going to the tournament's stock (TDA R64, RedCactus 64)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.tournament.tournament_helpers import RACE_STRUCTURE, event

from floorman.errors import MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk.events import ChipsFound, PlayerColouredUp
from floorman.tournament.floor.manual_state import uncounted
from floorman.tournament.structure.chip_inventory import stack_in_chips


@pytest.mark.rules("tda-2022 R25-B", "redcactus 25", "pokerstars-live 3.3")
@pytest.mark.parametrize(
    ("profile", "rule"), [("tda-2022", "R25-B"), ("redcactus", "25"), ("pokerstars-live", "3.3")]
)
def test_one_player_coloured_up_at_any_time_keeps_his_value(profile: str, rule: str) -> None:
    """2,000 in 25/100/500 chips: the 25s taken out, the stack is four 500s; nothing else of
    the event changes, and the colour-up is announced with his table."""
    tournament = event(6, profile=profile, structure=RACE_STRUCTURE)
    chips = tournament.state.chips
    (up,) = tournament.colour_up_player(entry="e1", remove=(25,), at=60.0)
    assert isinstance(up, PlayerColouredUp)
    assert (up.rule, up.stack, up.removed, up.chips) == (rule, 2_000, (25,), ((500, 4),))
    assert up.table == tournament.state.entries["e1"].table
    assert tournament.state.entries["e1"].stack == 2_000
    assert tournament.state.chips == chips
    assert tournament.state.desk.colour_ups["e1"] == ((500, 4),)
    assert Tournament.replay(tournament.events).state == tournament.state


@pytest.mark.rules("tda-2022 R25-B")
def test_tda_r25_b_an_odd_amount_stays_in_the_small_chips_taken_out() -> None:
    assert stack_in_chips(2_075, [500, 100], [25]) == ((500, 4), (25, 3))
    with pytest.raises(MalformedInputError):
        stack_in_chips(2_010, [500, 100], [25])


@settings(max_examples=60, deadline=None)
@given(stack=st.integers(min_value=1, max_value=200_000).map(lambda n: n * 25))
def test_a_colour_up_never_changes_the_value(stack: int) -> None:
    counts = stack_in_chips(stack, [5_000, 1_000, 500, 100], [25])
    assert sum(chip * count for chip, count in counts) == stack
    assert all(count < 4 for chip, count in counts if chip == 25)


@pytest.mark.rules("tda-2022 R25-B")
def test_tda_r25_b_a_colour_up_names_chips_in_play_and_leaves_one() -> None:
    tournament = event(6, structure=RACE_STRUCTURE)
    for remove in ((), (5,), (25, 25), (25, 100, 500)):
        with pytest.raises(MalformedInputError) as caught:
            tournament.colour_up_player(entry="e1", remove=remove, at=60.0)
        assert caught.value.constraint == "colour-up"


@pytest.mark.rules("tda-2022 R64", "redcactus 64")
@pytest.mark.parametrize(("profile", "rule"), [("tda-2022", "R64"), ("redcactus", "64")])
def test_found_chips_go_to_the_stock(profile: str, rule: str) -> None:
    """With every stack known, the chips found were never counted in play: only the stock
    records them."""
    tournament = event(6, profile=profile)
    chips = tournament.state.chips
    (found,) = tournament.chips_found(chips=500, note="under table 1", at=30.0)
    assert isinstance(found, ChipsFound)
    assert (found.rule, found.from_play, found.note) == (rule, 0, "under table 1")
    assert tournament.state.desk.stock == 500
    assert tournament.state.chips == chips
    with pytest.raises(MalformedInputError):
        tournament.chips_found(chips=0, at=31.0)


@pytest.mark.rules("tda-2022 R64")
def test_tda_r64_found_chips_no_stack_held_leave_play() -> None:
    """On the director's console a bust with no winner named leaves his chips uncounted; those
    found later leave play, the rest only go to the stock."""
    tournament = event(6)
    stack = tournament.state.entries["e1"].stack
    tournament.bust(entry="e1", at=10.0, rng=random.Random(1))
    assert uncounted(tournament.state) == stack
    tournament.chips_found(chips=stack + 100, at=20.0)
    assert tournament.state.desk.stock == stack + 100
    assert uncounted(tournament.state) == 0
    assert Tournament.replay(tournament.events).state == tournament.state
