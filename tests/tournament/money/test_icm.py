"""The Independent Chip Model: hand-computed values, invariants, PokerKit, exact against sampled."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pokerkit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.errors import MalformedInputError
from floorman.tournament.money.icm import icm_equities, icm_exact, icm_sampled

stacks_strategy = st.lists(st.integers(min_value=1, max_value=10_000), min_size=1, max_size=9)
prizes_strategy = st.lists(st.integers(min_value=0, max_value=1_000_000), min_size=0, max_size=9)


def _harville(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """Every finishing order, weighted exactly: the definition, for small fields."""
    values = [Fraction(0)] * len(stacks)

    def walk(left: tuple[int, ...], place: int, probability: Fraction) -> None:
        if place >= len(prizes) or not left:
            return
        chips = sum(stacks[i] for i in left)
        for i in left:
            p = probability * Fraction(stacks[i], chips)
            values[i] += p * prizes[place]
            walk(tuple(j for j in left if j != i), place + 1, p)

    walk(tuple(range(len(stacks))), 0, Fraction(1))
    return values


def test_two_players_split_by_chips() -> None:
    # 3000 against 1000: first with probability 3/4, so 3/4 * 70 + 1/4 * 30 = 60.
    assert icm_exact([3000, 1000], [70, 30]) == pytest.approx((60.0, 40.0), abs=1e-12)


def test_three_players_by_hand() -> None:
    # A: first 1/2; second after B (3/10 * 5/7) or after C (2/10 * 5/8).
    second = Fraction(3, 10) * Fraction(5, 7) + Fraction(2, 10) * Fraction(5, 8)
    a = Fraction(1, 2) * 70 + second * 30
    values = icm_exact([50, 30, 20], [70, 30])
    assert values[0] == pytest.approx(float(a), abs=1e-12)
    assert values[1] == pytest.approx(32.25, abs=1e-12)  # PokerKit's docstring value
    assert sum(values) == pytest.approx(100.0, abs=1e-12)


def test_prizes_past_the_players_are_never_reached() -> None:
    assert icm_exact([1, 1], [60, 40, 25]) == pytest.approx((50.0, 50.0))


def test_fewer_prizes_than_players_pay_nothing_below() -> None:
    assert icm_exact([5, 3, 2], [100]) == pytest.approx((50.0, 30.0, 20.0))
    assert icm_exact([5, 3, 2], []) == (0.0, 0.0, 0.0)


@settings(max_examples=60, deadline=None)
@given(stacks=stacks_strategy, prizes=prizes_strategy)
def test_equities_sum_to_the_prizes_reached(stacks: list[int], prizes: list[int]) -> None:
    reached = sum(prizes[: len(stacks)])
    assert math.isclose(sum(icm_exact(stacks, prizes)), reached, rel_tol=1e-12, abs_tol=1e-9)


@settings(max_examples=40, deadline=None)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=500), min_size=1, max_size=6),
    prizes=st.lists(st.integers(min_value=0, max_value=1000), max_size=6),
)
def test_equities_equal_the_definition(stacks: list[int], prizes: list[int]) -> None:
    exact = _harville(stacks, prizes)
    values = icm_exact(stacks, prizes)
    assert values == pytest.approx([float(x) for x in exact], rel=1e-12, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(stack=st.integers(min_value=1, max_value=10_000), players=st.integers(2, 12))
def test_equal_stacks_have_equal_equities(stack: int, players: int) -> None:
    prizes = [1000 - 50 * i for i in range(players)]
    values = icm_exact([stack] * players, prizes)
    assert max(values) - min(values) < 1e-9
    assert values[0] == pytest.approx(sum(prizes) / players)


@settings(max_examples=60, deadline=None)
@given(stacks=stacks_strategy, prizes=prizes_strategy)
def test_more_chips_never_worth_less(stacks: list[int], prizes: list[int]) -> None:
    prizes = sorted(prizes, reverse=True)  # a real payout table never pays a place more than
    values = icm_exact(stacks, prizes)  # the one above it
    for i, j in zip(range(len(stacks)), range(1, len(stacks)), strict=False):
        if stacks[i] > stacks[j]:
            assert values[i] >= values[j] - 1e-9
        elif stacks[i] == stacks[j]:
            assert values[i] == pytest.approx(values[j], abs=1e-9)


def test_agrees_with_pokerkit() -> None:
    rng = random.Random(2024)
    for _ in range(40):
        players = rng.randint(2, 8)
        stacks = [rng.randint(1, 100_000) for _ in range(players)]
        prizes = sorted(rng.randint(0, 10_000) for _ in range(rng.randint(1, players)))[::-1]
        expected = pokerkit.calculate_icm(prizes, stacks)
        assert icm_exact(stacks, prizes) == pytest.approx(expected, rel=1e-9, abs=1e-9)


def test_twenty_players_with_twenty_prizes() -> None:
    rng = random.Random(20)
    stacks = [rng.randint(1_000, 200_000) for _ in range(20)]
    prizes = [2_000 - 90 * i for i in range(20)]
    values = icm_exact(stacks, prizes)
    assert sum(values) == pytest.approx(sum(prizes), abs=1e-7)
    by_stack = sorted(range(20), key=lambda i: stacks[i])
    assert [values[i] for i in by_stack] == sorted(values)


def test_zero_stacks_take_the_lowest_places_and_share_them() -> None:
    assert icm_exact([100, 0, 0], [50, 30, 20]) == pytest.approx((50.0, 25.0, 25.0))
    values = icm_exact([0, 300, 100], [50, 30, 20])
    assert values[0] == pytest.approx(20.0)
    assert values[1:] == pytest.approx(icm_exact([300, 100], [50, 30]))


def test_sampled_agrees_with_exact_for_twelve_players() -> None:
    rng = random.Random(12)
    stacks = [rng.randint(500, 50_000) for _ in range(12)]
    prizes = [400, 250, 150, 100, 60, 40]
    exact = icm_exact(stacks, prizes)
    samples = 100_000
    sampled = icm_sampled(stacks, prizes, rng=random.Random(7), samples=samples)
    tolerance = 5 * max(prizes) / (2 * math.sqrt(samples))  # five standard errors at most
    assert max(abs(a - b) for a, b in zip(exact, sampled, strict=True)) < tolerance
    assert sum(sampled) == pytest.approx(sum(prizes), abs=1e-6)


def test_sampled_is_reproducible_and_handles_zero_stacks() -> None:
    stacks = [10, 0, 30, 20]
    first = icm_sampled(stacks, [6, 3, 1], rng=random.Random(5), samples=2_000)
    again = icm_sampled(stacks, [6, 3, 1], rng=random.Random(5), samples=2_000)
    assert first == again
    assert first[1] == 0.0  # fourth of four: the prizes stop at third


def test_beyond_twenty_players_is_sampled_and_needs_an_rng() -> None:
    stacks = [1_000 + 37 * i for i in range(30)]
    prizes = [300, 200, 100]
    with pytest.raises(MalformedInputError) as caught:
        icm_equities(stacks, prizes)
    assert caught.value.constraint == "icm-rng"
    values = icm_equities(stacks, prizes, rng=random.Random(1), samples=20_000)
    assert sum(values) == pytest.approx(600.0)
    assert values[-1] > values[0]
    with pytest.raises(MalformedInputError) as caught:
        icm_exact(stacks, prizes)
    assert caught.value.constraint == "icm-exact-players"


def test_equities_is_exact_up_to_twenty_players() -> None:
    stacks = [5, 0, 3, 2] + [0] * 20  # four with chips: exact, no rng needed
    assert icm_equities(stacks, [6, 3, 1]) == icm_exact(stacks, [6, 3, 1])


@pytest.mark.parametrize(
    ("stacks", "prizes", "constraint"),
    [
        ([], [1], "icm-players"),
        ([5, -1], [1], "icm-stack"),
        ([0, 0], [1], "icm-stack"),
        ([1.5, 2], [1], "icm-stack"),
        ([5, 1], [10, -1], "icm-prize"),
        ([5, 1], [math.nan], "icm-prize"),
    ],
)
def test_bad_input_is_refused(stacks: list[int], prizes: list[int], constraint: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        icm_equities(stacks, prizes)
    assert caught.value.constraint == constraint


def test_samples_must_be_positive() -> None:
    with pytest.raises(MalformedInputError) as caught:
        icm_sampled([1, 2], [1], rng=random.Random(0), samples=0)
    assert caught.value.constraint == "icm-samples"
