"""NumPy batch evaluation and the colex enumeration behind the exhaustive counts."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt
import pytest
from samples import random_hands

from floorman.cards import batch
from floorman.cards.card import DECK_SIZE, parse_cards
from floorman.cards.classes import CATEGORY_FLOOR, CLASS_COUNT, HIGH_CLASSES, Category, HandClass
from floorman.cards.high import strength
from floorman.errors import MalformedInputError


def scalar(rows: npt.NDArray[np.integer]) -> list[int]:
    return [strength(row) for row in rows.tolist()]


# --- batch equals scalar ------------------------------------------------------------------------


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_equals_scalar_across_chunk_boundaries(size: int) -> None:
    n = batch.CHUNK * 2 + 17
    hands = random_hands(np.random.default_rng(size), n, size)
    result = batch.evaluate_batch(hands)
    assert result.shape == (n,)
    assert result.dtype == np.int16
    assert result.tolist() == scalar(hands)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_equals_scalar_on_flush_heavy_hands(size: int) -> None:
    # Random hands rarely hold a flush: draw from the thirteen spades plus three hearts, so that
    # flushes, straight flushes and steel wheels are common.
    rng = np.random.default_rng(100 + size)
    pool = np.array([4 * r + 3 for r in range(13)] + [4 * r + 2 for r in (0, 3, 12)])
    hands = np.array([rng.choice(pool, size, replace=False) for _ in range(5000)])
    result = batch.evaluate_batch(hands)
    assert result.tolist() == scalar(hands)
    assert (result >= CATEGORY_FLOOR[Category.FLUSH]).mean() > 0.2


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int32, np.int64, np.intp])
def test_batch_accepts_any_integer_dtype(dtype: type[np.integer]) -> None:
    hands = random_hands(np.random.default_rng(3), 1000, 7)
    assert batch.evaluate_batch(hands.astype(dtype)).tolist() == scalar(hands)


def test_batch_accepts_non_contiguous_arrays() -> None:
    wide = random_hands(np.random.default_rng(4), 3000, 7)
    reversed_columns = wide[:, ::-1]
    every_other_row = wide[::2]
    fortran = np.asfortranarray(wide)
    assert batch.evaluate_batch(reversed_columns).tolist() == scalar(wide)
    assert batch.evaluate_batch(every_other_row).tolist() == scalar(every_other_row)
    assert batch.evaluate_batch(fortran).tolist() == scalar(wide)
    assert batch.evaluate_batch(wide[:, :5]).tolist() == scalar(wide[:, :5])


def test_batch_accepts_python_lists() -> None:
    rows = [list(parse_cards("As Ks Qs Js Ts 2c 3d")), list(parse_cards("7c 5d 4h 3s 2c"))]
    assert batch.evaluate_batch(rows[:1]).tolist() == [CLASS_COUNT]
    assert batch.evaluate_batch([rows[1]]).tolist() == [1]
    assert batch.evaluate_batch([[51, 47, 43, 39, 35, 0, 5]]).tolist() == [CLASS_COUNT]
    assert batch.evaluate_batch([tuple(range(6))]).tolist() == [strength(range(6))]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_of_no_hands_is_empty(size: int) -> None:
    result = batch.evaluate_batch(np.empty((0, size), dtype=np.uint8))
    assert result.shape == (0,)
    assert result.dtype == np.int16
    assert batch.evaluate_batch(np.empty((0, size), dtype=np.int64), check=False).size == 0


def test_batch_does_not_modify_its_input() -> None:
    hands = random_hands(np.random.default_rng(5), 100, 7)
    before = hands.copy()
    batch.evaluate_batch(hands)
    assert np.array_equal(hands, before)


# --- refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hands",
    [
        np.arange(7),
        np.zeros((3, 4), dtype=np.uint8),
        np.zeros((3, 8), dtype=np.uint8),
        np.zeros((2, 3, 7), dtype=np.uint8),
        [],
        [[0, 1, 2, 3]],
    ],
    ids=["1-D", "4 columns", "8 columns", "3-D", "empty list", "list of 4"],
)
def test_batch_refuses_wrong_shapes(hands: npt.ArrayLike) -> None:
    with pytest.raises(MalformedInputError, match="5 to 7 cards") as info:
        batch.evaluate_batch(hands)
    assert info.value.constraint == "card-count"


@pytest.mark.parametrize("bad", [52, -1, 255, 1000])
def test_batch_refuses_card_numbers_outside_the_deck(bad: int) -> None:
    hands = [[0, 1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, bad]]
    for check in (True, False):
        with pytest.raises(MalformedInputError, match=r"0\.\.51") as info:
            batch.evaluate_batch(hands, check=check)
        assert info.value.constraint == "card-range"


def test_batch_refuses_a_repeated_card_naming_the_row() -> None:
    hands = random_hands(np.random.default_rng(9), 10, 7)
    hands[6, 4] = hands[6, 1]
    hands[8, 0] = hands[8, 6]
    with pytest.raises(MalformedInputError, match=r"hand 6 holds the same card twice") as info:
        batch.evaluate_batch(hands)
    assert info.value.constraint == "duplicate-card"


def test_batch_without_check_skips_the_duplicate_test() -> None:
    hands = random_hands(np.random.default_rng(9), 10, 7)
    hands[6, 4] = hands[6, 1]
    result = batch.evaluate_batch(hands, check=False)
    assert result.shape == (10,)
    assert result[:6].tolist() == scalar(hands[:6])


# --- colex enumeration --------------------------------------------------------------------------


def colex_order(n: int, k: int) -> list[tuple[int, ...]]:
    return sorted(combinations(range(n), k), key=lambda c: c[::-1])


@pytest.mark.parametrize(
    ("n", "k"),
    [(n, k) for n in range(1, 9) for k in range(n + 1)] + [(0, 0), (12, 4), (52, 2)],
)
def test_colex_combinations_are_the_subsets_in_colex_order(n: int, k: int) -> None:
    rows = batch.colex_combinations(n, k)
    assert rows.shape == (comb(n, k), k)
    assert [tuple(r) for r in rows.tolist()] == colex_order(n, k)


@pytest.mark.parametrize(("n", "k"), [(3, 4), (0, 2)])
def test_colex_combinations_of_more_than_n_is_empty(n: int, k: int) -> None:
    rows = batch.colex_combinations(n, k)
    assert rows.shape == (0, k)


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 5])
def test_colex_keys_are_the_key_sums_of_the_colex_subsets(k: int) -> None:
    card_keys = batch.batch_tables().card_keys
    n = 16
    rows = batch.colex_combinations(n, k)
    expected = [sum(int(card_keys[c]) for c in row) for row in rows.tolist()]
    keys = batch.colex_keys(card_keys[:n], k)
    assert keys.tolist() == expected


def test_colex_keys_over_the_full_deck_match_for_three_cards() -> None:
    card_keys = batch.batch_tables().card_keys
    keys = batch.colex_keys(card_keys, 3)
    rows = batch.colex_combinations(DECK_SIZE, 3)
    assert len(keys) == comb(DECK_SIZE, 3)
    assert np.array_equal(keys, card_keys[rows].sum(axis=1, dtype=np.uint32))
    assert keys.dtype == np.uint32


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_colex_suit_masks_match_brute_force(k: int) -> None:
    cards = np.array(parse_cards("2c 5d 5h Tc Jc Ks As 3h 9d"), dtype=np.intp)
    masks = batch.colex_suit_masks(cards, k)
    subsets = batch.colex_combinations(len(cards), k)
    expected = np.zeros((4, len(subsets)), dtype=np.uint16)
    for j, subset in enumerate(subsets.tolist()):
        for i in subset:
            expected[cards[i] & 3, j] |= 1 << (cards[i] >> 2)
    assert masks.shape == expected.shape
    assert np.array_equal(masks, expected)


# --- five-card flush upgrade --------------------------------------------------------------------


def test_five_card_flush_upgrade_suits_high_cards_and_straights_only() -> None:
    upgrade = batch.five_card_flush_upgrade()
    assert upgrade.shape == (CLASS_COUNT + 1,)
    assert upgrade[0] == 0
    suited = {Category.HIGH_CARD: Category.FLUSH, Category.STRAIGHT: Category.STRAIGHT_FLUSH}
    index = {cls: i for i, cls in enumerate(HIGH_CLASSES, start=1)}
    for s, cls in enumerate(HIGH_CLASSES, start=1):
        if cls.category in suited:
            target = HIGH_CLASSES[upgrade[s] - 1]
            assert target == HandClass(suited[cls.category], cls.ranks)
        else:
            assert upgrade[s] == s
    assert upgrade[1] == index[HandClass(Category.FLUSH, HIGH_CLASSES[0].ranks)]
    assert upgrade[CATEGORY_FLOOR[Category.FLUSH] - 1] == CLASS_COUNT  # Broadway -> royal


def test_five_card_flush_upgrade_agrees_with_the_evaluator() -> None:
    upgrade = batch.five_card_flush_upgrade()
    for ranks in combinations(range(13), 5):
        offsuit = [4 * ranks[0], *(4 * r + 1 for r in ranks[1:])]
        suited = [4 * r + 2 for r in ranks]
        assert upgrade[strength(offsuit)] == strength(suited)


# --- category counts ----------------------------------------------------------------------------


def test_category_counts_fold_a_small_histogram() -> None:
    histogram = np.zeros(CLASS_COUNT + 1, dtype=np.int64)
    histogram[1] = 3
    histogram[CATEGORY_FLOOR[Category.PAIR] - 1] = 2  # still high card
    histogram[CATEGORY_FLOOR[Category.PAIR]] = 5
    histogram[CATEGORY_FLOOR[Category.FLUSH] + 10] = 7
    histogram[CLASS_COUNT] = 1
    counts = batch.category_counts(histogram)
    assert counts == {
        Category.HIGH_CARD: 5,
        Category.PAIR: 5,
        Category.TWO_PAIR: 0,
        Category.THREE_OF_A_KIND: 0,
        Category.STRAIGHT: 0,
        Category.FLUSH: 7,
        Category.FULL_HOUSE: 0,
        Category.FOUR_OF_A_KIND: 0,
        Category.STRAIGHT_FLUSH: 1,
    }
    assert all(type(v) is int for v in counts.values())


def test_category_counts_of_an_empty_histogram_are_zero() -> None:
    counts = batch.category_counts(np.zeros(CLASS_COUNT + 1, dtype=np.int64))
    assert counts == dict.fromkeys(Category, 0)
