"""The checked evaluation API: categories, best five in reading order, names, and refusals."""

from __future__ import annotations

import pytest

from floorman.cards import parse_cards, strength
from floorman.cards.evaluation import Game, HandEvaluation, evaluate_hand
from floorman.errors import MalformedInputError


def evaluate(cards: str, board: str = "", game: Game = Game.HIGH) -> HandEvaluation:
    result = evaluate_hand(parse_cards(cards), parse_cards(board), game=game)
    assert result is not None
    return result


@pytest.mark.parametrize(
    ("cards", "category", "best"),
    [
        ("As Ks Qs Js Ts 2c 3d", "straight flush", "As Ks Qs Js Ts"),
        ("5h 4h 3h 2h Ah Kd Kc", "straight flush", "5h 4h 3h 2h Ah"),
        ("9c 9d 9h 9s Kd 2c 3c", "four of a kind", "9s 9h 9d 9c Kd"),
        ("Kd Kc Kh 4s 4d 9c 2c", "full house", "Kh Kd Kc 4s 4d"),
        ("Ah Jh 9h 5h 2h Kd Kc", "flush", "Ah Jh 9h 5h 2h"),
        ("Ac 2d 3h 4s 5c Kd Kh", "straight", "5c 4s 3h 2d Ac"),
        ("7c 7d 7h As Kd 2c 3d", "three of a kind", "7h 7d 7c As Kd"),
        ("As Ad 9h 9c 5d 5s 2c", "two pair", "As Ad 9h 9c 5s"),
        ("As Kd 9h 9c 5d 7s 2c", "pair", "9h 9c As Kd 7s"),
        ("As Kd 9h 8c 5d 7s 2c", "high card", "As Kd 9h 8c 7s"),
    ],
)
@pytest.mark.rules("belarus-sport 4.1-rank", "belarus-sport 4.1-holding", "belarus-sport 4.6.1")
def test_high_hands_report_category_and_best_five_in_reading_order(
    cards: str, category: str, best: str
) -> None:
    result = evaluate(cards)
    assert result.category == category
    assert result.best == parse_cards(best)
    assert result.strength == strength(parse_cards(cards))


def test_as_dict_is_the_cli_json_shape() -> None:
    assert evaluate("Ah Kh 9h 5h 2h 2c 3d").as_dict("ru") == {
        "game": "high",
        "category": "flush",
        "rank": strength(parse_cards("Ah Kh 9h 5h 2h")),
        "best": ["Ah", "Kh", "9h", "5h", "2h"],
        "name": "Флеш от туза",
    }


@pytest.mark.rules("belarus-sport 4.1-holding")
def test_hole_cards_and_board_may_be_given_apart_for_high_hands() -> None:
    assert evaluate("As Ks", "Qs Js Ts 2c 3d") == evaluate("As Ks Qs Js Ts 2c 3d")


@pytest.mark.rules("belarus-sport 5.7.2")
def test_omaha_plays_exactly_two_hole_and_three_board_cards() -> None:
    result = evaluate("Ah Kh Qh Jh", "Th 9h 2c 3d 4s", Game.OMAHA)
    assert result.category == "high card"
    hole = set(parse_cards("Ah Kh Qh Jh"))
    assert len(hole & set(result.best)) == 2


def test_omaha_board_trips_with_a_pocket_pair_is_a_full_house() -> None:
    result = evaluate("8c 8d Kh Qs", "5h 5c 5d 2s 9c", Game.OMAHA)
    assert result.category == "full house"
    assert result.name() == "Full house, fives full of eights"


def test_omaha_eight_low_qualifies_or_returns_none() -> None:
    low = evaluate("Ah 2h Kc Qd", "3s 5d 8c Kh Qs", Game.OMAHA_EIGHT)
    assert low.best[-1].rank == parse_cards("Ah")[0].rank
    assert low.name() == "8-5-3-2-A low"
    none = evaluate_hand(
        parse_cards("Ah 2h Kc Qd"), parse_cards("9s Td 8c Kh Qs"), game="omaha-eight"
    )
    assert none is None


def test_razz_prefers_the_wheel_and_ignores_straights_and_flushes() -> None:
    wheel = evaluate("Ah 2h 3h 4h 5h Kd Kc", game=Game.ACE_FIVE)
    six = evaluate("6c 4d 3h 2s Ac Kd Kh", game=Game.ACE_FIVE)
    assert wheel.strength > six.strength
    assert wheel.best == parse_cards("5h 4h 3h 2h Ah")
    assert six.name("fr") == "Low 6-4-3-2-A"


def test_eight_or_better_does_not_qualify_with_a_nine() -> None:
    assert evaluate_hand(parse_cards("9c 7d 5h 3s 2c Kd Kh"), game="eight-or-better") is None
    assert evaluate("8c 7d 5h 3s 2c Kd Kh", game=Game.EIGHT_OR_BETTER).category == "high card"


def test_deuce_seven_best_hand_and_ace_is_high() -> None:
    number_one = evaluate("7c 5d 4h 3s 2c", game=Game.DEUCE_SEVEN)
    wheel = evaluate("Ac 5d 4h 3s 2c", game=Game.DEUCE_SEVEN)
    king = evaluate("Kc 5d 4h 3s 2c", game=Game.DEUCE_SEVEN)
    assert number_one.strength == 7462
    assert king.strength > wheel.strength
    assert number_one.name() == "7-5-4-3-2 low"


@pytest.mark.parametrize(
    ("cards", "board", "game", "constraint"),
    [
        ("As Ks Qs Js", "", "high", "card-count"),
        ("As Ks Qs Js Ts 9s 8s 7s", "", "high", "card-count"),
        ("As Ks Qs Js Ts 9s", "", "deuce-seven", "card-count"),
        ("As Ks Qs", "Js Ts 9s", "omaha", "card-count"),
        ("As Ks Qs Js", "Ts 9s", "omaha", "card-count"),
        ("As Ks Qs Js", "Ts 9s 8s 7s 6s 5s", "omaha", "card-count"),
        ("As Ks Qs Js Ts", "", "stud-hi-lo-nonsense", "game"),
    ],
)
def test_bad_hands_are_refused_with_the_constraint(
    cards: str, board: str, game: str, constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as info:
        evaluate_hand(parse_cards(cards), parse_cards(board), game=game)
    assert info.value.constraint == constraint


def test_a_card_in_both_hand_and_board_is_a_duplicate() -> None:
    with pytest.raises(MalformedInputError) as info:
        evaluate_hand(parse_cards("As Ks Qs Js"), parse_cards("As 9s 8s"), game="omaha")
    assert info.value.constraint == "duplicate-card"


def test_a_card_number_out_of_range_is_refused() -> None:
    with pytest.raises(MalformedInputError) as info:
        evaluate_hand([0, 1, 2, 3, 60])
    assert info.value.constraint == "card-range"
