"""High-hand evaluation: the 7,462 classes, exhaustive counts, and agreement with eval7."""

from __future__ import annotations

import importlib
import random
import warnings
from collections import Counter
from itertools import combinations, combinations_with_replacement, pairwise, permutations
from math import comb

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st
from samples import random_hands

from floorman.cards import batch, tables
from floorman.cards.card import (
    ACE,
    DECK_SIZE,
    DEUCE,
    FIVE,
    FOUR,
    RANK_COUNT,
    SEVEN,
    TREY,
    Card,
    parse_cards,
)
from floorman.cards.classes import (
    CATEGORY_FLOOR,
    CLASS_COUNT,
    HIGH_CLASSES,
    HIGH_STRENGTH,
    Category,
    HandClass,
    category_of,
)
from floorman.cards.high import best_five, strength, strength7
from floorman.errors import MalformedInputError

C = Category

with warnings.catch_warnings():
    # eval7's range parser calls pyparsing names that pyparsing 3 deprecates; it is only the
    # reference evaluator here, so its deprecation noise is not ours to fail on.
    warnings.simplefilter("ignore", DeprecationWarning)
    eval7 = importlib.import_module("eval7")


def hand(text: str) -> int:
    return strength(parse_cards(text))


# --- the tables ---------------------------------------------------------------------------------


def test_rank_keys_give_unique_sums() -> None:
    for size in range(1, 8):
        sums: dict[int, tuple[int, ...]] = {}
        for ranks in combinations_with_replacement(range(RANK_COUNT), size):
            if max(Counter(ranks).values()) > 4:
                continue
            total = sum(tables.RANK_KEYS[r] for r in ranks)
            assert total not in sums, f"{ranks} and {sums[total]} share the rank sum {total}"
            sums[total] = ranks
        expected = sum(
            1
            for ranks in combinations_with_replacement(range(RANK_COUNT), size)
            if max(Counter(ranks).values()) <= 4
        )
        assert len(sums) == expected


def test_rank_sums_fit_the_batch_key() -> None:
    # Seven cards: four aces and three kings is the largest rank sum; shifted past the 9 suit bits
    # it must still fit a uint32.
    largest = 4 * tables.RANK_KEYS[ACE] + 3 * tables.RANK_KEYS[ACE - 1]
    assert (largest << batch.SUIT_BITS) + 7 * max(batch.SUIT_KEYS) < 1 << 32


def test_batch_suit_keys_tell_the_flush_suit_apart() -> None:
    # The sums of suit keys over 5, 6 or 7 cards never let a non-flush share a flush's sum.
    for size in (5, 6, 7):
        seen: dict[int, int] = {}
        for suits in combinations_with_replacement(range(4), size):
            counts = [suits.count(s) for s in range(4)]
            flush = counts.index(max(counts)) if max(counts) >= 5 else batch.NO_FLUSH
            key = sum(batch.SUIT_KEYS[s] for s in suits)
            assert seen.setdefault(key, flush) == flush, (size, suits)
            assert batch.batch_tables().flush_suit[size][key] == flush


# --- the 7,462 classes --------------------------------------------------------------------------

CLASSES_PER_CATEGORY = {
    C.HIGH_CARD: 1277,
    C.PAIR: 2860,
    C.TWO_PAIR: 858,
    C.THREE_OF_A_KIND: 858,
    C.STRAIGHT: 10,
    C.FLUSH: 1277,
    C.FULL_HOUSE: 156,
    C.FOUR_OF_A_KIND: 156,
    C.STRAIGHT_FLUSH: 10,
}


def test_7462_classes() -> None:
    assert CLASS_COUNT == 7462 == len(HIGH_CLASSES) == len(set(HIGH_CLASSES))
    assert Counter(cls.category for cls in HIGH_CLASSES) == CLASSES_PER_CATEGORY
    # Categories are contiguous blocks, weakest first.
    categories = [cls.category for cls in HIGH_CLASSES]
    assert categories == sorted(categories)
    floor = 1
    for category in Category:
        assert CATEGORY_FLOOR[category] == floor
        floor += CLASSES_PER_CATEGORY[category]
    assert {cls: i for i, cls in enumerate(HIGH_CLASSES, start=1)} == HIGH_STRENGTH


@pytest.mark.rules("belarus-sport 4.6.1", "belarus-sport 4.4")
def test_class_order_landmarks() -> None:
    assert hand("7c 5d 4h 3s 2c") == 1
    assert hand("As Ks Qs Js Ts") == 7462 == CLASS_COUNT
    assert hand("Kh Qh Jh Th 9h") == 7461
    assert hand("Ad Kc Qh Js 9d") == CATEGORY_FLOOR[C.PAIR] - 1  # best high card
    assert hand("2c 2d 3h 4s 5c") == CATEGORY_FLOOR[C.PAIR]
    assert hand("5c 4d 3h 2s Ac") == CATEGORY_FLOOR[C.STRAIGHT]  # the wheel, lowest straight
    assert hand("6c 5d 4h 3s 2c") == CATEGORY_FLOOR[C.STRAIGHT] + 1
    assert hand("Ac Kd Qh Js Tc") == CATEGORY_FLOOR[C.FLUSH] - 1  # Broadway, best straight
    assert hand("7h 5h 4h 3h 2h") == CATEGORY_FLOOR[C.FLUSH]
    assert hand("5d 4d 3d 2d Ad") == CATEGORY_FLOOR[C.STRAIGHT_FLUSH]  # steel wheel
    assert hand("2c 2d 2h 3s 3c") == CATEGORY_FLOOR[C.FULL_HOUSE]
    assert hand("Ac Ad Ah As Kc") == CATEGORY_FLOOR[C.STRAIGHT_FLUSH] - 1
    assert HIGH_CLASSES[0] == HandClass(C.HIGH_CARD, (SEVEN, FIVE, FOUR, TREY, DEUCE))
    assert HIGH_CLASSES[-1] == HandClass(C.STRAIGHT_FLUSH, (ACE,))
    assert HIGH_CLASSES[CATEGORY_FLOOR[C.STRAIGHT] - 1] == HandClass(C.STRAIGHT, (FIVE,))


@pytest.mark.rules("belarus-sport 4.6.1-ties")
def test_classes_are_ordered_by_tie_breaking_ranks_within_a_category() -> None:
    for a, b in pairwise(HIGH_CLASSES):
        assert (a.category, a.ranks) < (b.category, b.ranks)


@pytest.mark.rules(
    "redcactus Combinaisons du poker", "belarus-sport 4.6.1", "belarus-sport 4.6.1-ties"
)
@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ac Kd Qh Jc 9s", "Ac Kd Qh Jc 8s"),  # last kicker counts in high card
        ("Ac Ad 4h 3c 2s", "Kc Kd Ah Qc Js"),  # pair beats pair by rank before kickers
        ("Ac Ad Kh Qc Js", "Ah As Kd Qs Ts"),  # pair kicker
        ("3c 3d 2h 2c 4s", "Ac Ad Kh Qc Js"),  # any two pair beats one pair
        ("Ac Ad 3h 3c 2s", "Kc Kd Qh Qc As"),  # top pair decides two pair
        ("Kc Kd 3h 3c 5s", "Kh Ks 3d 3s 4d"),  # two pair kicker
        ("2c 2d 2h 4c 3s", "Ac Ad Kh Kc Qs"),  # trips beat two pair
        ("6c 5d 4h 3c 2s", "5h 4d 3s 2h Ac"),  # six-high straight beats the wheel
        ("5h 4d 3s 2h Ac", "Ac Ad Ah Kc Qs"),  # the wheel beats trips
        ("7h 5h 4h 3h 2h", "Ac Kd Qh Jc Ts"),  # flush beats Broadway
        ("Ah Kh Qh Jh 9h", "Ad Kd Qd Jd 8d"),  # flush: last card decides
        ("2c 2d 2h 3c 3s", "Ah Kh Qh Jh 9h"),  # full house beats flush
        ("3c 3d 3h 2c 2s", "2h 2d 2s Ac As"),  # full house: trips rank first
        ("2c 2d 2h 2s 3c", "Ac Ad Ah Kc Ks"),  # quads beat a full house
        ("5c 4c 3c 2c Ac", "Ac Ad Ah As Kc"),  # steel wheel beats quads
    ],
)
def test_five_card_comparisons_by_the_book(better: str, worse: str) -> None:
    assert hand(better) > hand(worse)


@pytest.mark.rules(
    "redcactus Combinaisons du poker", "belarus-sport 4.5.2", "belarus-sport 4.6.1-ties"
)
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ac Kd Qh Jc 9s", "As Kh Qd Js 9c"),  # suits never break ties
        ("Ac Kd Qh Jc Ts 2c 3d", "As Kh Qd Jh Tc 9d 8d"),  # both Broadway
        ("9c 9d 9h 9s Ac 2d 3h", "9c 9d 9h 9s As Kd Qh"),  # quads: only one kicker plays
        ("Ah Kh Qh Jh 9h 8h 7h", "Ah Kh Qh Jh 9h 2h 3c"),  # only the best five of a flush play
        ("Ac Ad Ah Kc Kd Ks 2c", "Ac Ad Ah Kc Kd Qs Qd"),  # aces full of kings either way
        ("Ac Ad Kh Kc Qs 2d 3c", "Ah As Kd Ks Qd Qc Jc"),  # third pair does not play as a pair
    ],
)
def test_seven_card_ties_by_the_book(first: str, second: str) -> None:
    assert hand(first) == hand(second)


@pytest.mark.rules("redcactus Combinaisons du poker")
@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ac Ad Kh Kc Qs Qd 2c", "Ah As Kd Ks Jh Jd Tc"),  # third pair plays as the kicker
        ("Ac Ad Ah Kc Kd Ks 2c", "Qc Qd Qh Jc Jd 2h 3c"),  # two trips make a full house
        ("Ac Kc Qc Jc 9c 8c 7c", "Ac Kc Qc Jc 8c 7c 6c"),  # best five of seven suited
        ("9c 8c 7c 6c 5c 4c Ac", "Ac Ad Ah As Kc Kd Ks"),  # straight flush over quads
        ("6c 5d 4h 3c 2s Ac Ad", "Ac Ad Ah 3c 2s 5d 9h"),  # straight over the made trips
    ],
)
def test_seven_card_comparisons_by_the_book(better: str, worse: str) -> None:
    assert hand(better) > hand(worse)


def test_category_of_reads_the_class_category() -> None:
    assert category_of(1) is C.HIGH_CARD
    assert category_of(CLASS_COUNT) is C.STRAIGHT_FLUSH
    for category in Category:
        floor = CATEGORY_FLOOR[category]
        assert category_of(floor) is category
        if floor > 1:
            assert category_of(floor - 1) is Category(category - 1)
    assert category_of(hand("Ac Ad 5h 5c 5s 9d 2c")) is C.FULL_HOUSE
    assert category_of(hand("Ac Ad Kh Kc Qs Qd 2c")) is C.TWO_PAIR
    assert category_of(hand("Ah 2h 3h 4h 9c 9d 9s")) is C.THREE_OF_A_KIND
    assert category_of(hand("Ah 2h 3h 4h 5c 9d 9s")) is C.STRAIGHT
    assert C.TWO_PAIR.label == "two pair"


# --- exhaustive counts --------------------------------------------------------------------------

FIVE_CARD_COUNTS = {
    C.STRAIGHT_FLUSH: 40,
    C.FOUR_OF_A_KIND: 624,
    C.FULL_HOUSE: 3744,
    C.FLUSH: 5108,
    C.STRAIGHT: 10200,
    C.THREE_OF_A_KIND: 54912,
    C.TWO_PAIR: 123552,
    C.PAIR: 1098240,
    C.HIGH_CARD: 1302540,
}

SIX_CARD_COUNTS = {
    C.STRAIGHT_FLUSH: 1844,
    C.FOUR_OF_A_KIND: 14664,
    C.FULL_HOUSE: 165984,
    C.FLUSH: 205792,
    C.STRAIGHT: 361620,
    C.THREE_OF_A_KIND: 732160,
    C.TWO_PAIR: 2532816,
    C.PAIR: 9730740,
    C.HIGH_CARD: 6612900,
}

SEVEN_CARD_COUNTS = {
    C.STRAIGHT_FLUSH: 41584,
    C.FOUR_OF_A_KIND: 224848,
    C.FULL_HOUSE: 3473184,
    C.FLUSH: 4047644,
    C.STRAIGHT: 6180020,
    C.THREE_OF_A_KIND: 6461620,
    C.TWO_PAIR: 31433400,
    C.PAIR: 58627800,
    C.HIGH_CARD: 23294460,
}


def test_five_card_category_counts_exhaustive() -> None:
    assert sum(FIVE_CARD_COUNTS.values()) == comb(52, 5) == 2_598_960
    histogram = batch.strength_histogram(5)
    assert int(histogram.sum()) == comb(52, 5)
    assert histogram[0] == 0
    assert batch.category_counts(histogram) == FIVE_CARD_COUNTS
    assert np.count_nonzero(histogram) == 7462

    scalar = Counter(map(strength, combinations(range(DECK_SIZE), 5)))
    assert len(scalar) == 7462
    assert sorted(scalar) == list(range(1, CLASS_COUNT + 1))
    assert np.array_equal(np.bincount(list(scalar), weights=list(scalar.values())), histogram)
    by_category = Counter[Category]()
    for s, n in scalar.items():
        by_category[category_of(s)] += n
    assert by_category == FIVE_CARD_COUNTS


@pytest.mark.slow
def test_seven_card_category_counts_exhaustive() -> None:
    assert sum(SEVEN_CARD_COUNTS.values()) == comb(52, 7) == 133_784_560
    histogram = batch.strength_histogram(7)
    assert int(histogram.sum()) == comb(52, 7)
    assert batch.category_counts(histogram) == SEVEN_CARD_COUNTS
    assert np.count_nonzero(histogram) == 4824
    # No seven cards can be as weak as 7-5-4-3-2: the two extra cards always improve on it.
    assert histogram[1] == 0
    assert histogram[CLASS_COUNT] == comb(47, 2) * 4


def test_six_card_category_counts_exhaustive() -> None:
    assert sum(SIX_CARD_COUNTS.values()) == comb(52, 6) == 20_358_520
    histogram = batch.strength_histogram(6)
    assert int(histogram.sum()) == comb(52, 6)
    assert batch.category_counts(histogram) == SIX_CARD_COUNTS
    assert np.count_nonzero(histogram) == 6075
    assert histogram[CLASS_COUNT] == 47 * 4  # royal flush plus any sixth card


def test_six_card_counts_agree_with_scalar_on_a_sample() -> None:
    # A cross-check of the histogram by the scalar evaluator: category frequencies on a uniform
    # sample sit within five standard deviations of the exhaustive counts.
    n = 200_000
    rows = random_hands(np.random.default_rng(6), n, 6).tolist()
    sample = Counter(category_of(strength(row)) for row in rows)
    total = comb(52, 6)
    for category, count in SIX_CARD_COUNTS.items():
        p = count / total
        assert abs(sample[category] - n * p) <= 5 * (n * p * (1 - p)) ** 0.5 + 1, category


def test_strength_histogram_refuses_other_sizes() -> None:
    for size in (4, 8):
        with pytest.raises(MalformedInputError, match="5, 6 or 7") as info:
            batch.strength_histogram(size)
        assert info.value.constraint == "size"


# --- agreement with eval7 -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def million_hands() -> npt.NDArray[np.uint8]:
    return random_hands(np.random.default_rng(20240601), 1_000_000, 7)


def test_order_agrees_with_eval7_on_a_million_hands(million_hands: npt.NDArray[np.uint8]) -> None:
    ours = batch.evaluate_batch(million_hands, check=False)
    d = [eval7.Card(str(Card(c))) for c in range(DECK_SIZE)]
    evaluate = eval7.evaluate
    theirs = np.array(
        [
            evaluate([d[a], d[b], d[c], d[e], d[f], d[g], d[h]])
            for a, b, c, e, f, g, h in million_hands.tolist()
        ],
        dtype=np.int64,
    )
    order = np.lexsort((theirs, ours))
    ours, theirs = ours[order], theirs[order]
    same = ours[1:] == ours[:-1]
    # A function: equal strengths of ours always meet equal eval7 values...
    assert (theirs[1:][same] == theirs[:-1][same]).all()
    # ...and strictly increasing, so both order every pair of hands the same way.
    assert (theirs[1:][~same] > theirs[:-1][~same]).all()
    assert np.count_nonzero(~same) + 1 > 4000  # most of the 4,824 seven-card strengths occur


def test_scalar_equals_batch_on_a_sample(million_hands: npt.NDArray[np.uint8]) -> None:
    rows = million_hands[:100_000]
    expected = batch.evaluate_batch(rows).tolist()
    listed = rows.tolist()
    assert [strength(row) for row in listed] == expected
    assert [strength7(*row) for row in listed] == expected


# --- best five ----------------------------------------------------------------------------------


@pytest.mark.rules("belarus-sport 5.6.6")
@pytest.mark.parametrize("size", [5, 6, 7])
def test_best_five_makes_the_hand_strength(size: int) -> None:
    rng = np.random.default_rng(size)
    for row in random_hands(rng, 1000, size).tolist():
        best = best_five(row)
        assert len(best) == 5
        assert len(set(best)) == 5
        assert set(best) <= set(row)
        assert strength(best) == strength(row)


def test_best_five_picks_the_cards_by_the_book() -> None:
    cards = parse_cards("Ac Ad Kh Kc Qs Qd 2c")
    assert sorted(best_five(cards)) == sorted(parse_cards("Ac Ad Kh Kc Qs"))
    flush = parse_cards("Ah 2h 3h 4h 9h Kd Kc")
    assert sorted(best_five(flush)) == sorted(parse_cards("Ah 2h 3h 4h 9h"))
    straight = parse_cards("Ah 2c 3h 4d 5s 6c 6d")
    assert sorted(best_five(straight))[0] == Card.parse("2c")  # six-high, not the wheel


def test_best_five_of_five_is_the_hand_itself() -> None:
    cards = parse_cards("Ac Kd 7h 4c 2s")
    assert best_five(cards) == cards


# --- properties ---------------------------------------------------------------------------------

seven_distinct = st.lists(st.integers(0, DECK_SIZE - 1), min_size=7, max_size=7, unique=True)
SUIT_PERMUTATIONS = list(permutations(range(4)))


@given(seven_distinct, st.integers(5, 7), st.randoms(use_true_random=False))
def test_strength_is_invariant_under_card_order(
    cards: list[int], size: int, rng: random.Random
) -> None:
    hand_cards = cards[:size]
    shuffled = hand_cards[:]
    rng.shuffle(shuffled)
    assert strength(shuffled) == strength(hand_cards)
    assert strength7(*cards[::-1]) == strength(cards)


@pytest.mark.rules("belarus-sport 4.5.2")
@given(seven_distinct, st.integers(5, 7), st.sampled_from(SUIT_PERMUTATIONS))
def test_strength_is_invariant_under_suit_permutation(
    cards: list[int], size: int, suits: tuple[int, ...]
) -> None:
    hand_cards = cards[:size]
    relabelled = [c & ~3 | suits[c & 3] for c in hand_cards]
    assert strength(relabelled) == strength(hand_cards)


@given(seven_distinct)
def test_adding_a_card_never_lowers_the_strength(cards: list[int]) -> None:
    assert strength(cards[:5]) <= strength(cards[:6]) <= strength(cards)
