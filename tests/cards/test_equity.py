"""Equity: exact enumeration against brute force, Monte Carlo against exact, and bad input."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards import parse_cards, strength
from floorman.cards.equity import equity
from floorman.cards.omaha import omaha_strength
from floorman.errors import MalformedInputError

Scorer = Callable[[Sequence[int], Sequence[int]], int]


def holdem_score(hole: Sequence[int], board: Sequence[int]) -> int:
    return strength((*hole, *board))


def brute_force(
    hands: list[tuple[int, ...]], board: tuple[int, ...], dead: tuple[int, ...], score: Scorer
) -> tuple[list[float], list[float], list[float], int]:
    """Wins, ties and equities by walking every board with the scalar evaluators."""
    used = {*board, *dead, *(c for h in hands for c in h)}
    rest = [c for c in range(52) if c not in used]
    wins, ties, shares = [0.0] * len(hands), [0.0] * len(hands), [0.0] * len(hands)
    count = 0
    for extra in combinations(rest, 5 - len(board)):
        full = (*board, *extra)
        values = [score(h, full) for h in hands]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            if len(winners) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
            shares[i] += 1 / len(winners)
        count += 1
    return [w / count for w in wins], [t / count for t in ties], [s / count for s in shares], count


def assert_matches_brute_force(
    hands: list[str], board: str = "", dead: str = "", *, game: str = "holdem"
) -> None:
    parsed = [parse_cards(h) for h in hands]
    score: Scorer = holdem_score if game == "holdem" else omaha_strength
    wins, ties, shares, count = brute_force(parsed, parse_cards(board), parse_cards(dead), score)
    result = equity(
        parsed,
        parse_cards(board),
        parse_cards(dead),
        game=game,
        method="exact",  # type: ignore[arg-type]
    )
    assert result.exact
    assert result.boards == count
    for hand, w, t, s in zip(result.hands, wins, ties, shares, strict=True):
        assert hand.win == pytest.approx(w, abs=1e-12)
        assert hand.tie == pytest.approx(t, abs=1e-12)
        assert hand.equity == pytest.approx(s, abs=1e-12)


def test_holdem_flop_three_way_with_dead_card_matches_brute_force() -> None:
    assert_matches_brute_force(["AsKs", "QhQd", "7c6c"], board="Kh 8c 5c", dead="2d")


def test_holdem_turn_four_way_with_flush_and_straight_draws_matches_brute_force() -> None:
    assert_matches_brute_force(["AhKh", "Th9h", "JcJd", "6s7s"], board="Qh 8h 5s 4d")


def test_holdem_flop_with_split_pots_matches_brute_force() -> None:
    assert_matches_brute_force(["AcKd", "AdKc", "2h2s"], board="Qs Jh 3c")


@pytest.mark.slow
def test_aks_vs_qq_preflop_exact_matches_brute_force() -> None:
    assert_matches_brute_force(["AsKs", "QhQd"])


def test_aks_vs_qq_preflop_known_equity() -> None:
    result = equity([parse_cards("AsKs"), parse_cards("QhQd")])
    assert result.exact
    assert result.boards == 1_712_304
    assert result.hands[0].equity == pytest.approx(0.4621, abs=5e-5)
    assert result.hands[1].equity == pytest.approx(0.5379, abs=5e-5)
    assert result.hands[0].tie == result.hands[1].tie > 0


@pytest.mark.rules("belarus-sport 5.6.6")
def test_board_that_plays_for_everyone_splits_the_pot() -> None:
    hands = [parse_cards(h) for h in ("2c3d", "4h5s", "6c7d")]
    result = equity(hands, parse_cards("As Ks Qs Js Ts"))
    assert result.boards == 1
    assert [h.equity for h in result.hands] == pytest.approx([1 / 3] * 3)
    assert all(h.tie == 1 and h.win == 0 for h in result.hands)


def test_omaha_turn_matches_brute_force() -> None:
    assert_matches_brute_force(
        ["AsKsQhJh", "9c9d8c7d", "Ad2d3c4h"], board="Ts 9h 2c 5d", game="omaha"
    )


def test_omaha_flop_with_five_and_six_card_hands_matches_brute_force() -> None:
    assert_matches_brute_force(["AsKsQhJhTc", "9c9d8c7d6h5h"], board="Ts 9h 2c", game="omaha")


def test_omaha_four_hearts_in_hand_do_not_make_a_flush_with_one_on_board() -> None:
    result = equity(
        [parse_cards("AhKhQhJh"), parse_cards("2c2d3s4s")],
        parse_cards("Th 7c 8d 9s 2s"),
        game="omaha",
    )
    assert result.hands[0].equity == 1.0  # Qh Jh with T-9-8 of the board: a straight, no flush
    assert result.boards == 1


def test_monte_carlo_is_reproducible_and_close_to_exact() -> None:
    hands = [parse_cards("AsKs"), parse_cards("QhQd"), parse_cards("7c7d")]
    exact = equity(hands, method="exact")
    first = equity(hands, method="monte-carlo", samples=60_000, rng=np.random.default_rng(5))
    again = equity(hands, method="monte-carlo", samples=60_000, rng=np.random.default_rng(5))
    assert not first.exact
    assert first.boards == 60_000
    assert first == again
    for sampled, true in zip(first.hands, exact.hands, strict=True):
        sigma = (true.equity * (1 - true.equity) / 60_000) ** 0.5
        assert abs(sampled.equity - true.equity) < 5 * sigma


def test_omaha_monte_carlo_is_close_to_exact_on_the_flop() -> None:
    hands = [parse_cards("AsKsQhJh"), parse_cards("9c9d8c7d")]
    board = parse_cards("Ts 9h 2c")
    exact = equity(hands, board, game="omaha", method="exact")
    sampled = equity(hands, board, game="omaha", method="monte-carlo", rng=np.random.default_rng(1))
    assert sampled.hands[0].equity == pytest.approx(exact.hands[0].equity, abs=0.01)


def test_auto_enumerates_holdem_and_samples_omaha_preflop() -> None:
    holdem = equity([parse_cards("AsKs"), parse_cards("QhQd")])
    omaha = equity(
        [parse_cards("AsKsQhJh"), parse_cards("9c9d8c7d")],
        game="omaha",
        samples=1000,
        rng=np.random.default_rng(0),
    )
    assert holdem.exact
    assert not omaha.exact
    assert omaha.boards == 1000


@pytest.mark.parametrize(
    ("hands", "board", "dead", "constraint"),
    [
        (["AsKs"], "", "", "hand-count"),
        (["AsKs"] * 11, "", "", "hand-count"),
        (["AsKsQs", "2c2d"], "", "", "card-count"),
        (["AsKs", "2c2d"], "3c4c", "", "card-count"),
        (["AsKs", "2c2d"], "3c4c5c6c7c8c", "", "card-count"),
        (["AsKs", "AsQd"], "", "", "duplicate-card"),
        (["AsKs", "2c2d"], "Ks 3c 4c", "", "duplicate-card"),
        (["AsKs", "2c2d"], "", "2c", "duplicate-card"),
    ],
)
def test_bad_spots_are_refused_with_the_constraint(
    hands: list[str], board: str, dead: str, constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as info:
        equity(
            [parse_cards(h, allow_duplicates=True) for h in hands],
            parse_cards(board, allow_duplicates=True),
            parse_cards(dead, allow_duplicates=True),
        )
    assert info.value.constraint == constraint


def test_zero_samples_is_refused() -> None:
    with pytest.raises(MalformedInputError) as info:
        equity(
            [parse_cards("AsKsQhJh"), parse_cards("9c9d8c7d")],
            game="omaha",
            method="monte-carlo",
            samples=0,
        )
    assert info.value.constraint == "samples"


@settings(max_examples=25, deadline=None)
@given(
    deal=st.permutations(list(range(52))),
    players=st.integers(min_value=2, max_value=6),
    shown=st.sampled_from([3, 4, 5]),
)
def test_exact_equities_are_shares_of_one_pot(deal: list[int], players: int, shown: int) -> None:
    hands = [tuple(deal[2 * i : 2 * i + 2]) for i in range(players)]
    board = tuple(deal[2 * players : 2 * players + shown])
    result = equity(hands, board)
    assert sum(h.equity for h in result.hands) == pytest.approx(1.0)
    for hand in result.hands:
        assert 0 <= hand.win <= hand.equity <= hand.win + hand.tie <= 1
