"""Omaha high and Omaha/8 low: exactly two hole cards and three board cards."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement, pairwise
from typing import Any

import pytest

from floorman.cards.card import (
    ACE,
    DEUCE,
    EIGHT,
    FIVE,
    FOUR,
    JACK,
    KING,
    NINE,
    SEVEN,
    SIX,
    TEN,
    TREY,
    format_cards,
    parse_cards,
)
from floorman.cards.classes import HIGH_CLASSES, Category, HandClass, category_of
from floorman.cards.high import strength
from floorman.cards.low import EIGHT_LOW_FLOOR, ace_five_class_of, eight_or_better_strength
from floorman.cards.omaha import (
    FIVE_RANK_KEYS,
    omaha_best_five,
    omaha_low_best_five,
    omaha_low_strength,
    omaha_strength,
)
from floorman.errors import MalformedInputError

SIZES = [(hole, board) for hole in (4, 5, 6) for board in (3, 4, 5)]


def high(hole: str, board: str) -> int:
    return omaha_strength(parse_cards(hole), parse_cards(board))


def high_class(hole: str, board: str) -> HandClass:
    return HIGH_CLASSES[high(hole, board) - 1]


def low(hole: str, board: str) -> int | None:
    return omaha_low_strength(parse_cards(hole), parse_cards(board))


def two_plus_three(hole: Sequence[int], board: Sequence[int]) -> list[tuple[int, ...]]:
    return [p + t for p in combinations(hole, 2) for t in combinations(board, 3)]


def brute_high(hole: Sequence[int], board: Sequence[int]) -> int:
    return max(map(strength, two_plus_three(hole, board)))


def brute_low(hole: Sequence[int], board: Sequence[int]) -> int | None:
    lows = [eight_or_better_strength(five) or 0 for five in two_plus_three(hole, board)]
    return max(lows) or None


def deals(hole: int, board: int, count: int, seed: int) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    return [
        (d[:hole], d[hole:]) for d in (rng.sample(range(52), hole + board) for _ in range(count))
    ]


def low_deals(count: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """Deals from the cards ace to nine, so that lows are common."""
    rng = random.Random(seed)
    small = [card for card in range(52) if card >> 2 in (ACE, *range(NINE + 1))]
    sizes = [rng.choice(SIZES) for _ in range(count)]
    return [(d[:h], d[h:]) for h, b in sizes for d in [rng.sample(small, h + b)]]


def assert_same_order(ours: Sequence[int], theirs: Sequence[Any]) -> None:
    """Our values and the reference objects order the same hands the same way."""
    ranked = sorted(zip(ours, theirs, strict=True), key=lambda pair: pair[0])
    for (low_value, low_ref), (high_value, high_ref) in pairwise(ranked):
        assert (low_value == high_value) == (low_ref == high_ref)
        assert (low_value < high_value) == (low_ref < high_ref)


# High


@pytest.mark.rules("belarus-sport 5.7.2")
def test_four_hearts_in_hand_and_one_on_board_is_no_flush() -> None:
    assert category_of(high("Ah Kh Qh 2h", "Th 7c 5d 4s 9c")) is not Category.FLUSH
    assert high_class("Ah Kh Qh 2h", "Th 7c 5d 4s 9c") == HandClass(
        Category.HIGH_CARD, (ACE, KING, TEN, NINE, SEVEN)
    )


def test_four_spades_on_board_and_one_in_hand_is_no_flush() -> None:
    assert high_class("As Kd Qc Jh", "2s 5s 8s 9s Kh") == HandClass(
        Category.PAIR, (KING, ACE, NINE, EIGHT)
    )


def test_two_suited_hole_cards_and_three_on_board_make_a_flush() -> None:
    assert high_class("As Ks Qc Jh", "2s 5s 8s 9d Kh").category is Category.FLUSH
    assert high_class("Qs Ks Qc Jh", "9s Ts Js 9d Kh") == HandClass(
        Category.STRAIGHT_FLUSH, (KING,)
    )


def test_trips_on_board_and_a_pocket_pair_make_a_full_house() -> None:
    assert high_class("9c 9d 2h 3s", "Ks Kh Kd 4c 7d") == HandClass(
        Category.FULL_HOUSE, (KING, NINE)
    )


def test_trips_on_board_without_a_pocket_pair_stay_trips() -> None:
    assert high_class("Ac 9d 2h 3s", "Ks Kh Kd 4c 7d") == HandClass(
        Category.THREE_OF_A_KIND, (KING, ACE, NINE)
    )


def test_four_aces_in_hand_are_one_pair() -> None:
    assert high_class("As Ah Ad Ac", "2c 3d 7h") == HandClass(
        Category.PAIR, (ACE, SEVEN, TREY, DEUCE)
    )


def test_a_straight_on_board_needs_two_hole_cards() -> None:
    assert high_class("As Ad Kc Kd", "5h 6c 7d 8s 9h") == HandClass(
        Category.PAIR, (ACE, NINE, EIGHT, SEVEN)
    )
    assert high_class("Tc 2d 2h 3s", "6h 7c 8d 9s Kd").category is not Category.STRAIGHT
    assert high_class("Tc Jd 2h 3s", "6h 7c 8d 9s Kd") == HandClass(Category.STRAIGHT, (JACK,))


def test_quads_need_a_pair_in_hand_or_trips_on_board() -> None:
    assert high_class("7c 7d Ah 3s", "7s 7h Kd") == HandClass(
        Category.FOUR_OF_A_KIND, (SEVEN, KING)
    )
    assert high_class("7c Ad Ah 3s", "7s 7h 7d") == HandClass(Category.FOUR_OF_A_KIND, (SEVEN, ACE))


def test_one_hole_card_does_not_fill_up_a_two_pair_board() -> None:
    assert high_class("7c Ad 2h 3s", "7s 7h Kd Kh") == HandClass(
        Category.THREE_OF_A_KIND, (SEVEN, ACE, KING)
    )


@pytest.mark.rules("belarus-sport 5.7.2")
@pytest.mark.parametrize(("hole", "board"), SIZES)
def test_omaha_strength_is_the_best_two_plus_three(hole: int, board: int) -> None:
    for hole_cards, board_cards in deals(hole, board, 1500, seed=hole * 10 + board):
        assert omaha_strength(hole_cards, board_cards) == brute_high(hole_cards, board_cards)


def test_omaha_strength_with_flush_draws_is_the_best_two_plus_three() -> None:
    rng = random.Random(99)
    two_suits = [card for card in range(52) if card & 3 < 2]
    for hole, board in [rng.choice(SIZES) for _ in range(3000)]:
        cards = rng.sample(two_suits, hole + board)
        assert omaha_strength(cards[:hole], cards[hole:]) == brute_high(cards[:hole], cards[hole:])


def test_five_rank_keys_tell_every_five_card_rank_multiset_apart() -> None:
    multisets = [m for m in combinations_with_replacement(range(13), 5) if len(set(m)) > 1]
    sums = {sum(FIVE_RANK_KEYS[rank] for rank in m) for m in multisets}
    assert len(sums) == len(multisets) == 6175


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_omaha_strength_orders_hands_like_pokerkit(hole: int) -> None:
    pokerkit = importlib.import_module("pokerkit")
    hands = deals(hole, 5, 300, seed=50 + hole)
    theirs = [
        pokerkit.OmahaHoldemHand.from_game(format_cards(h, sep=""), format_cards(b, sep=""))
        for h, b in hands
    ]
    assert_same_order([omaha_strength(h, b) for h, b in hands], theirs)


def test_omaha_best_five_uses_two_hole_and_three_board_cards() -> None:
    for hole, board in deals(4, 5, 500, seed=4):
        five = omaha_best_five(hole, board)
        assert len(set(five) & set(hole)) == 2
        assert len(set(five) & set(board)) == 3
        assert strength(five) == omaha_strength(hole, board)
        assert omaha_best_five(hole[::-1], board[::-1]) == five


# Omaha/8 low


def test_two_low_hole_cards_and_three_low_board_cards_make_a_low() -> None:
    value = low("Ac 2d Kh Ks", "3s 4h 5c Qd Jc")
    assert value is not None
    assert ace_five_class_of(value).ranks == (FIVE, FOUR, TREY, DEUCE, ACE)


def test_omaha_low_uses_exactly_two_hole_cards() -> None:
    value = low("Ac 2d 3h 4s", "5s 6h 7c")
    assert value is not None
    assert ace_five_class_of(value).ranks == (SEVEN, SIX, FIVE, DEUCE, ACE)


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("Ac Ad Kh Ks", "2s 3h 4c Qd Jc"),
        ("Ac 2d Kh Ks", "6s 7h Tc Qd Jc"),
        ("Ac 2d Kh Ks", "As 2h 3c Qd Jc"),
        ("Ac 9d Kh Ks", "2s 3h 4c 5d 6c"),
        ("Ac 2d 3h 4s", "9s Th Jc Qd Kc"),
        ("Ac 2d 3h 4s", "2s 2h 3c 3d 4c"),
    ],
)
def test_no_omaha_low(hole: str, board: str) -> None:
    assert low(hole, board) is None
    assert omaha_low_best_five(parse_cards(hole), parse_cards(board)) is None


def test_a_counterfeited_low_falls_back_to_the_next_best() -> None:
    value = low("Ac 2d 3h Ks", "As 2h 5c 8d Kc")
    assert value is not None
    assert ace_five_class_of(value).ranks == (EIGHT, FIVE, TREY, DEUCE, ACE)


def test_omaha_low_is_the_best_two_plus_three() -> None:
    qualified = 0
    for hole, board in low_deals(4000, seed=8):
        value = omaha_low_strength(hole, board)
        assert value == brute_low(hole, board)
        qualified += value is not None
    assert qualified > 1000


def test_omaha_low_values_are_on_the_eight_or_better_scale() -> None:
    values = [omaha_low_strength(h, b) for h, b in low_deals(3000, seed=9)]
    qualified = [value for value in values if value is not None]
    assert len(qualified) > 500
    assert min(qualified) >= EIGHT_LOW_FLOOR


def test_omaha_low_orders_hands_like_pokerkit() -> None:
    pokerkit = importlib.import_module("pokerkit")
    hands = low_deals(400, seed=11)
    theirs = [
        pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(
            format_cards(h, sep=""), format_cards(b, sep="")
        )
        for h, b in hands
    ]
    ours = [omaha_low_strength(h, b) for h, b in hands]
    assert [v is None for v in ours] == [t is None for t in theirs]
    qualified = [(v, t) for v, t in zip(ours, theirs, strict=True) if v is not None]
    assert_same_order([v for v, _ in qualified], [t for _, t in qualified])


def test_omaha_low_best_five_uses_two_hole_and_three_board_cards() -> None:
    for hole, board in low_deals(500, seed=12):
        five = omaha_low_best_five(hole, board)
        value = omaha_low_strength(hole, board)
        if value is None:
            assert five is None
            continue
        assert five is not None
        assert len(set(five) & set(hole)) == 2
        assert len(set(five) & set(board)) == 3
        assert eight_or_better_strength(five) == value


# Checked entry points


@pytest.mark.parametrize("check", [omaha_best_five, omaha_low_best_five])
@pytest.mark.parametrize(
    ("hole", "board", "constraint"),
    [
        ([0, 1, 2], [10, 11, 12], "card-count"),
        ([0, 1, 2, 3, 4, 5, 6], [10, 11, 12], "card-count"),
        ([0, 1, 2, 3], [10, 11], "card-count"),
        ([0, 1, 2, 3], [10, 11, 12, 13, 14, 15], "card-count"),
        ([0, 1, 2, 3], [10, 11, 99], "card-range"),
        ([0, 1, 2, 3], [3, 11, 12], "duplicate-card"),
    ],
)
def test_display_functions_refuse_bad_deals(
    check: Callable[[Sequence[int], Sequence[int]], object],
    hole: list[int],
    board: list[int],
    constraint: str,
) -> None:
    with pytest.raises(MalformedInputError) as caught:
        check(hole, board)
    assert caught.value.constraint == constraint
