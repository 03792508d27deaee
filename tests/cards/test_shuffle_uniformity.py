"""Issue 20 item 10's evidence: the server's shuffle is uniform by a chi-square test, and
``floorman rng collect`` writes raw samples of it for an outside laboratory (GLI-19)."""

from __future__ import annotations

import io
import math
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from floorman.cards.card import ALL_CARDS, Card
from floorman.cards.deck import Deck
from floorman.cli.app import main
from floorman.cli.rng_commands import write_sample
from floorman.errors import MalformedInputError

SHUFFLES = 52 * 200
"""Expected count per (card, position) cell: 200."""
Z_ONE_IN_A_MILLION = 4.753
"""The normal quantile of 1 - 1e-6: a fair shuffle fails this test once in a million runs."""


def chi_square_limit(df: int, z: float = Z_ONE_IN_A_MILLION) -> float:
    """The chi-square quantile by the Wilson-Hilferty approximation (exact enough at the
    thousands of degrees of freedom used here)."""
    k = 2 / (9 * df)
    return float(df * (1 - k + z * math.sqrt(k)) ** 3)


def position_chi_square(shuffle: Callable[[], list[Card]], shuffles: int) -> tuple[float, int]:
    """The statistic of the 52 x 52 table of where each card lands, and its degrees of
    freedom ((52 - 1)^2: each row and column of a permutation's table sums to the count)."""
    counts = [[0] * 52 for _ in range(52)]
    for _ in range(shuffles):
        for position, card in enumerate(shuffle()):
            counts[int(card)][position] += 1
    expected = shuffles / 52
    statistic = sum((o - expected) ** 2 / expected for row in counts for o in row)
    return statistic, 51 * 51


def test_the_server_shuffle_is_uniform_by_a_chi_square_test() -> None:
    system = random.SystemRandom()
    statistic, df = position_chi_square(lambda: Deck.shuffled(system).order, SHUFFLES)
    assert statistic < chi_square_limit(df), (statistic, df)


def test_the_chi_square_test_catches_a_biased_shuffle() -> None:
    """The test can fail: the textbook mistake (swap each card with any card, not one at or
    after it) is caught, at the same sample size."""
    rng = random.Random(20)

    def naive() -> list[Card]:
        order = list(ALL_CARDS)
        for i in range(52):
            j = rng.randrange(52)
            order[i], order[j] = order[j], order[i]
        return order

    statistic, df = position_chi_square(naive, SHUFFLES)
    assert statistic > chi_square_limit(df)


def test_rng_collect_writes_raw_shuffles_for_a_laboratory(tmp_path: Path) -> None:
    out = tmp_path / "sample.txt"
    with pytest.raises(SystemExit) as done:
        main(["rng", "collect", "--count", "200", "-o", str(out)])
    assert done.value.code in (0, None)
    lines = out.read_text().splitlines()
    assert len(lines) == 200
    decks = [tuple(int(n) for n in line.split(" ")) for line in lines]
    assert all(sorted(deck) == list(range(52)) for deck in decks)
    assert len(set(decks)) == 200  # fresh shuffles, nothing seeded


def test_rng_collect_writes_32_bit_integers_and_refuses_bad_options(tmp_path: Path) -> None:
    out = tmp_path / "bits.txt"
    with pytest.raises(SystemExit):
        main(["rng", "collect", "--kind", "bits", "-n", "1000", "-o", str(out)])
    values = [int(n) for n in out.read_text().split()]
    assert len(values) == 1000
    assert all(0 <= v < 2**32 for v in values)
    assert max(values) > 2**31  # the high bit is used
    for kind, count in (("dice", 1), ("deck", 0)):
        with pytest.raises(MalformedInputError):
            write_sample(io.StringIO(), kind=kind, count=count, rng=random.Random(1))
