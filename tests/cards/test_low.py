"""Ace-to-five, eight-or-better and deuce-to-seven lows against the rulebook and references."""

from __future__ import annotations

import importlib
import random
from collections import Counter
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
    KING,
    QUEEN,
    SEVEN,
    SIX,
    TREY,
    format_cards,
    make_card,
    parse_cards,
)
from floorman.cards.classes import (
    CLASS_COUNT,
    NO_WHEEL_STRENGTH,
    Category,
    HandClass,
    classify_counts,
    classify_suited,
)
from floorman.cards.low import (
    ACE_FIVE_COUNT,
    EIGHT_LOW_FLOOR,
    ace_five_best,
    ace_five_class,
    ace_five_class_of,
    ace_five_strength,
    deuce_seven_best,
    deuce_seven_class,
    deuce_seven_strength,
    eight_or_better_best,
    eight_or_better_class,
    eight_or_better_strength,
)
from floorman.errors import MalformedInputError


def a5(text: str) -> int:
    return ace_five_strength(parse_cards(text))


def d27(text: str) -> int:
    return deuce_seven_strength(parse_cards(text))


def rank_multisets() -> list[tuple[int, ...]]:
    """Every five-card rank multiset (no rank five times), ranks 0 = deuce .. 12 = ace."""
    return [m for m in combinations_with_replacement(range(13), 5) if len(set(m)) > 1]


def offsuit_hand(ranks: Sequence[int]) -> list[int]:
    """Cards of these ranks, suits given in turn so that five distinct ranks are never suited."""
    return [make_card(rank, i % 4) for i, rank in enumerate(ranks)]


def random_hands(size: int, count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), size) for _ in range(count)]


def reference_ace_five_key(five: Sequence[int]) -> tuple[int, ...]:
    """An independent ordering key, smaller is the better low: pairing first, then ranks."""
    counts = Counter(((card >> 2) + 1) % 13 for card in five)
    grouped = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return (5 - len(counts), max(counts.values()), *grouped)


def assert_same_order(ours: Sequence[int], theirs: Sequence[Any]) -> None:
    """Our values and the reference objects order the same hands the same way."""
    ranked = sorted(zip(ours, theirs, strict=True), key=lambda pair: pair[0])
    for (low_value, low_ref), (high_value, high_ref) in pairwise(ranked):
        assert (low_value == high_value) == (low_ref == high_ref)
        assert (low_value < high_value) == (low_ref < high_ref)


# Ace-to-five


def test_wheel_is_the_best_ace_five_low() -> None:
    assert a5("As 2d 3h 4s 5c") == ACE_FIVE_COUNT == 6175
    assert ace_five_class_of(ACE_FIVE_COUNT) == HandClass(
        Category.HIGH_CARD, (FIVE, FOUR, TREY, DEUCE, ACE)
    )


def test_four_kings_with_a_queen_is_the_worst_ace_five_low() -> None:
    assert a5("Ks Kd Kh Kc Qs") == 1
    assert ace_five_class_of(1) == HandClass(Category.FOUR_OF_A_KIND, (KING, QUEEN))


def test_six_four_beats_six_five() -> None:
    assert a5("6s 4d 3h 2s Ac") > a5("6s 5d 3h 2s Ac")


def test_ace_is_the_lowest_card_in_ace_five() -> None:
    assert a5("6s 4d 3h 2s Ac") > a5("6s 5d 4h 3s 2c")
    assert a5("As Ad 3h 4s 5c") > a5("2s 2d 3h 4s 5c")


@pytest.mark.parametrize(
    ("suited_or_straight", "plain"),
    [
        ("Ac 2c 3c 4c 5c", "As 2d 3h 4s 5c"),
        ("7h 6h 4h 3h 2h", "7h 6d 4h 3h 2h"),
        ("6s 5d 4h 3s 2c", "6s 5d 4h 3s 2s"),
    ],
)
def test_straights_and_flushes_do_not_hurt_ace_five(suited_or_straight: str, plain: str) -> None:
    assert a5(suited_or_straight) == a5(plain)


def test_six_high_straight_beats_seven_low_in_ace_five() -> None:
    assert a5("6s 5d 4h 3s 2c") > a5("7s 4d 3h 2s Ac")


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ks Qd Jh Ts 9c", "As Ad 2h 3s 4c"),
        ("As Ad 2h 3s 4c", "2s 2d Ah 3s 4c"),
        ("5s 5d 4h 3s 2c", "5s 5d 4h 4s 2c"),
        ("Qs Qd Kh Ks Jc", "As Ad Ah 2s 3c"),
        ("As Ad Ah 2s 3c", "Ks Kd Kh Qs Qc"),
        ("2s 2d 2h As Ac", "As Ad Ah Ac 2c"),
        ("8s 8d 4h 3s 2c", "8s 8d 5h 3s 2c"),
    ],
)
def test_pairs_rank_below_no_pair_and_by_their_ranks(better: str, worse: str) -> None:
    assert a5(better) > a5(worse)


def test_seven_cards_with_four_ranks_make_a_one_pair_low() -> None:
    cards = parse_cards("As Ad 2c 2d 3h 4s 4c")
    assert ace_five_class(cards) == HandClass(Category.PAIR, (ACE, FOUR, TREY, DEUCE))
    assert sorted(ace_five_best(cards)) == sorted(parse_cards("As Ad 2d 3h 4s"))


def test_seven_cards_with_five_ranks_ignore_their_pairs() -> None:
    assert a5("As Ad 2c 2d 3h 4s 5c") == ACE_FIVE_COUNT


def test_seven_cards_with_three_ranks_make_two_pair_not_trips() -> None:
    cards = parse_cards("As Ad Ah 2c 2d 3h 3s")
    assert ace_five_class(cards) == HandClass(Category.TWO_PAIR, (DEUCE, ACE, TREY))


def test_ace_five_class_lists_ranks_high_to_low_with_the_ace_last() -> None:
    assert ace_five_class(parse_cards("8s 6d 5h 3s Ac Kd Kh")) == HandClass(
        Category.HIGH_CARD, (EIGHT, SIX, FIVE, TREY, ACE)
    )
    assert ace_five_class(parse_cards("4s 4d 7h 3s Ac")) == HandClass(
        Category.PAIR, (FOUR, SEVEN, TREY, ACE)
    )


def test_every_rank_multiset_has_its_own_ace_five_strength() -> None:
    values = [ace_five_strength(offsuit_hand(m)) for m in rank_multisets()]
    assert sorted(values) == list(range(1, ACE_FIVE_COUNT + 1))


def test_ace_five_order_matches_an_independent_ordering_key() -> None:
    hands = [offsuit_hand(m) for m in rank_multisets()]
    by_reference = sorted(hands, key=reference_ace_five_key, reverse=True)
    assert [ace_five_strength(h) for h in by_reference] == list(range(1, ACE_FIVE_COUNT + 1))


def test_ace_five_class_of_names_every_strength_consistently() -> None:
    categories = {
        (1, 1, 1, 1, 1): Category.HIGH_CARD,
        (2, 1, 1, 1): Category.PAIR,
        (2, 2, 1): Category.TWO_PAIR,
        (3, 1, 1): Category.THREE_OF_A_KIND,
        (3, 2): Category.FULL_HOUSE,
        (4, 1): Category.FOUR_OF_A_KIND,
    }
    for ranks in rank_multisets():
        cls = ace_five_class_of(ace_five_strength(offsuit_hand(ranks)))
        counts = Counter(ranks)
        assert cls.category is categories[tuple(sorted(counts.values(), reverse=True))]
        assert sorted(cls.ranks) == sorted(counts)
        assert [counts[rank] for rank in cls.ranks] == sorted(counts.values(), reverse=True)


@pytest.mark.parametrize("size", [6, 7])
def test_ace_five_of_more_cards_is_the_best_five(size: int) -> None:
    for cards in random_hands(size, 3000, seed=size):
        assert ace_five_strength(cards) == max(map(ace_five_strength, combinations(cards, 5)))


def test_ace_five_of_paired_seven_card_hands_is_the_best_five() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        ranks = rng.sample(range(13), 4)
        cards = rng.sample([make_card(r, s) for r in ranks for s in range(4)], 7)
        assert ace_five_strength(cards) == max(map(ace_five_strength, combinations(cards, 5)))


@pytest.mark.parametrize("size", [5, 7])
def test_ace_five_orders_hands_like_pokerkit_regular_low(size: int) -> None:
    pokerkit = importlib.import_module("pokerkit")
    hands = random_hands(size, 600, seed=10 + size)
    theirs = [pokerkit.RegularLowHand.from_game(format_cards(h, sep="")) for h in hands]
    assert_same_order([ace_five_strength(h) for h in hands], theirs)


def test_ace_five_best_is_five_of_the_cards_with_the_same_strength() -> None:
    for cards in random_hands(7, 300, seed=3):
        five = ace_five_best(cards)
        assert len(five) == 5
        assert set(five) <= set(cards)
        assert ace_five_strength(five) == ace_five_strength(cards)
        assert ace_five_best(cards[::-1]) == five


# Eight-or-better


def test_eight_or_better_floor_is_eight_seven_six_five_four() -> None:
    assert eight_or_better_strength(parse_cards("8s 7d 6h 5s 4c")) == EIGHT_LOW_FLOOR
    assert a5("8s 7d 6h 5s 4c") == EIGHT_LOW_FLOOR


@pytest.mark.parametrize(
    "text",
    [
        "9s 5d 4h 3s 2c",
        "As Ad 2h 3s 4c",
        "2s 2d 3h 3s 4c 4d Kc",
        "9s 8d 7h 6s 5c Kd Qh",
        "As 2d 3h 4s Tc Jd Qh",
    ],
)
def test_no_eight_or_better_low(text: str) -> None:
    cards = parse_cards(text)
    assert eight_or_better_strength(cards) is None
    assert eight_or_better_best(cards) is None
    assert eight_or_better_class(cards) is None


@pytest.mark.parametrize(
    ("text", "ranks"),
    [
        ("8s 7d 6h 5s 4c", (EIGHT, SEVEN, SIX, FIVE, FOUR)),
        ("As 2d 3h 4s 5c", (FIVE, FOUR, TREY, DEUCE, ACE)),
        ("As Ad 2h 3s 4c 8d Kh", (EIGHT, FOUR, TREY, DEUCE, ACE)),
        ("Ks Kd 7h 6s 4c 2d Ah", (SEVEN, SIX, FOUR, DEUCE, ACE)),
    ],
)
def test_eight_or_better_low_qualifies(text: str, ranks: tuple[int, ...]) -> None:
    cards = parse_cards(text)
    assert eight_or_better_class(cards) == HandClass(Category.HIGH_CARD, ranks)
    five = eight_or_better_best(cards)
    assert five is not None
    assert eight_or_better_strength(five) == eight_or_better_strength(cards)


def test_there_are_fifty_six_eight_or_better_lows() -> None:
    values = {eight_or_better_strength(offsuit_hand(m)) for m in rank_multisets()} - {None}
    assert len(values) == 56
    assert values == set(range(EIGHT_LOW_FLOOR, ACE_FIVE_COUNT + 1))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_eight_or_better_is_the_ace_five_low_when_it_qualifies(size: int) -> None:
    for cards in random_hands(size, 3000, seed=20 + size):
        low = ace_five_strength(cards)
        assert eight_or_better_strength(cards) == (low if low >= EIGHT_LOW_FLOOR else None)


@pytest.mark.parametrize("size", [5, 7])
def test_eight_or_better_orders_hands_like_pokerkit(size: int) -> None:
    pokerkit = importlib.import_module("pokerkit")
    hands = random_hands(size, 3000, seed=30 + size)
    theirs = [
        pokerkit.EightOrBetterLowHand.from_game_or_none(format_cards(h, sep="")) for h in hands
    ]
    ours = [eight_or_better_strength(h) for h in hands]
    assert [v is None for v in ours] == [h is None for h in theirs]
    qualified = [(v, h) for v, h in zip(ours, theirs, strict=True) if v is not None]
    assert len(qualified) > 20
    assert_same_order([v for v, _ in qualified], [h for _, h in qualified])


# Deuce-to-seven


def test_seven_five_four_three_deuce_is_the_best_deuce_seven_low() -> None:
    assert d27("7s 5d 4h 3s 2c") == CLASS_COUNT


def test_ace_is_high_in_deuce_seven() -> None:
    cards = parse_cards("As 2d 3h 4s 5c")
    assert deuce_seven_class(cards) == HandClass(Category.HIGH_CARD, (ACE, FIVE, FOUR, TREY, DEUCE))
    assert d27("As 2d 3h 4s 5c") < d27("Ks Qd Jh Ts 8c")
    assert d27("As 2d 3h 4s 5c") < d27("Ks 5d 4h 3s 2c")
    assert d27("As 2d 3h 4s 5c") > d27("As 6d 4h 3s 2c")
    assert d27("As 2d 3h 4s 5c") > d27("2s 2d 3h 4s 5c")


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("8s 6d 5h 4s 3c", "7s 6d 5h 4s 3c"),
        ("Ks Qd Jh Ts 8c", "2s 2d 3h 4s 5c"),
        ("2s 2d 3h 4s 5c", "6s 5d 4h 3s 2c"),
        ("6s 5d 4h 3s 2c", "7s 5s 4s 3s 2s"),
        ("7s 5s 4s 3s 2s", "6s 5s 4s 3s 2s"),
        ("As Kd Qh Js 9c", "Ts Jd Qh Ks Ac"),
    ],
)
def test_pairs_straights_and_flushes_count_against_deuce_seven(better: str, worse: str) -> None:
    assert d27(better) > d27(worse)


def test_deuce_seven_class_names_a_straight() -> None:
    assert deuce_seven_class(parse_cards("6s 5d 4h 3s 2c")) == HandClass(Category.STRAIGHT, (SIX,))


def test_deuce_seven_is_the_reverse_of_the_high_order_without_the_wheel() -> None:
    seen = set()
    for ranks in rank_multisets():
        plain = classify_counts([ranks.count(rank) for rank in range(13)], wheel=False)
        hands = [(offsuit_hand(ranks), plain)]
        if len(set(ranks)) == 5:
            flush = classify_suited(sum(1 << r for r in ranks), wheel=False)
            hands.append(([make_card(rank, 0) for rank in ranks], flush))
        for cards, cls in hands:
            strength = deuce_seven_strength(cards)
            assert strength == CLASS_COUNT + 1 - NO_WHEEL_STRENGTH[cls]
            assert deuce_seven_class(cards) == cls
            seen.add(strength)
    assert seen == set(range(1, CLASS_COUNT + 1))


@pytest.mark.parametrize("size", [5, 7])
def test_deuce_seven_orders_hands_like_pokerkit_standard_low(size: int) -> None:
    pokerkit = importlib.import_module("pokerkit")
    hands = random_hands(size, 600, seed=40 + size)
    theirs = [pokerkit.StandardLowHand.from_game(format_cards(h, sep="")) for h in hands]
    assert_same_order([deuce_seven_strength(h) for h in hands], theirs)


def test_deuce_seven_best_is_five_of_the_cards_with_the_same_strength() -> None:
    for cards in random_hands(7, 300, seed=5):
        five = deuce_seven_best(cards)
        assert set(five) <= set(cards)
        assert deuce_seven_strength(five) == deuce_seven_strength(cards)
        assert deuce_seven_best(cards[::-1]) == five


# Checked entry points


@pytest.mark.parametrize(
    "check",
    [ace_five_best, eight_or_better_best, deuce_seven_best, ace_five_class, deuce_seven_class],
)
@pytest.mark.parametrize(
    ("cards", "constraint"),
    [
        ([0, 1, 2, 3], "card-count"),
        ([0, 1, 2, 3, 4, 5, 6, 7], "card-count"),
        ([0, 1, 2, 3, 52], "card-range"),
        ([0, 1, 2, 3, 3], "duplicate-card"),
    ],
)
def test_display_functions_refuse_bad_hands(
    check: Callable[[Sequence[int]], object], cards: list[int], constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as caught:
        check(cards)
    assert caught.value.constraint == constraint
