"""Hand evaluation: scalar 7-card calls against the peers, batch evaluation, enumeration."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from math import comb
from time import perf_counter
from typing import Any

import eval7
import numpy as np
import pokerkit
import treys
from phevaluator import _pheval, evaluate_cards

from bench import report as fmt
from bench.config import Config
from bench.hands import HandArray, as_names, as_tuples
from bench.report import Section, Target
from bench.timing import best_of_each
from floorman.cards import Category
from floorman.cards.batch import batch_tables, category_counts, evaluate_batch, strength_histogram
from floorman.cards.high import strength, strength7

SCALAR_VS_TREYS = 10.0
SCALAR_VS_EVAL7 = 0.5
BATCH_VS_EVAL7 = 30.0
HISTOGRAM_SECONDS = 5.0

# Hands per category among all C(52, 7) seven-card hands (any textbook table).
SEVEN_CARD_CATEGORIES = {
    Category.HIGH_CARD: 23_294_460,
    Category.PAIR: 58_627_800,
    Category.TWO_PAIR: 31_433_400,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.STRAIGHT: 6_180_020,
    Category.FLUSH: 4_047_644,
    Category.FULL_HOUSE: 3_473_184,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.STRAIGHT_FLUSH: 41_584,
}


# --- the timed loops: one per library, the function bound to a local ----------------------


def _loop_strength(hands: Sequence[tuple[int, ...]]) -> None:
    evaluate = strength
    for cards in hands:
        evaluate(cards)


def _loop_strength7(hands: Sequence[tuple[int, ...]]) -> None:
    evaluate = strength7
    for a, b, c, d, e, f, g in hands:
        evaluate(a, b, c, d, e, f, g)


def _loop_eval7(hands: Sequence[list[Any]]) -> None:
    evaluate = eval7.evaluate
    for cards in hands:
        evaluate(cards)


def _loop_phevaluator(hands: Sequence[tuple[int, ...]]) -> None:
    evaluate = evaluate_cards
    for cards in hands:
        evaluate(*cards)


def _loop_pheval_core(hands: Sequence[tuple[int, ...]]) -> None:
    evaluate = _pheval.evaluate_7cards
    for a, b, c, d, e, f, g in hands:
        evaluate(a, b, c, d, e, f, g)


_TREYS = treys.Evaluator()


def _loop_treys(hands: Sequence[tuple[list[int], list[int]]]) -> None:
    evaluate = _TREYS.evaluate
    for board, hole in hands:
        evaluate(board, hole)


def _loop_pokerkit(hands: Sequence[tuple[tuple[Any, ...], tuple[Any, ...]]]) -> None:
    make = pokerkit.StandardHighHand.from_game
    for hole, board in hands:
        make(hole, board)


# --- scores for the agreement check: anything comparable where higher wins ------------------


def _score_eval7(cards: list[Any]) -> int:
    return int(eval7.evaluate(cards))


def _score_phevaluator(cards: tuple[int, ...]) -> int:
    return -int(evaluate_cards(*cards))


def _score_pheval_core(cards: tuple[int, ...]) -> int:
    return -int(_pheval.evaluate_7cards(*cards))


def _score_treys(hand: tuple[list[int], list[int]]) -> int:
    return -int(_TREYS.evaluate(hand[0], hand[1]))


def _score_pokerkit(hand: tuple[tuple[Any, ...], tuple[Any, ...]]) -> Any:
    return pokerkit.StandardHighHand.from_game(hand[0], hand[1])


def _score_strength7(cards: tuple[int, ...]) -> int:
    return strength7(*cards)


@dataclass(frozen=True, slots=True)
class Contender:
    key: str
    name: str
    kind: str
    inputs: Sequence[Any]
    loop: Callable[[Sequence[Any]], None]
    score: Callable[[Any], Any]
    slow: bool = False


def _sign(a: Any, b: Any) -> int:
    return int(a > b) - int(a < b)


def order_agreement(reference: Sequence[int], scores: Sequence[Any]) -> tuple[int, int]:
    """How many consecutive pairs the two evaluators order alike (win, lose or tie), of how many."""
    pairs = min(len(reference), len(scores)) - 1
    same = sum(
        _sign(reference[i], reference[i + 1]) == _sign(scores[i], scores[i + 1])
        for i in range(pairs)
    )
    return same, pairs


def _contenders(config: Config, tuples: list[tuple[int, ...]]) -> list[Contender]:
    names = as_names(tuples[: config.scalar_hands])
    eval7_cards = [[eval7.Card(name) for name in hand] for hand in names]
    treys_hands = [
        ([treys.Card.new(n) for n in hand[2:]], [treys.Card.new(n) for n in hand[:2]])
        for hand in names[: config.treys_hands]
    ]
    pokerkit_hands = [
        (
            tuple(pokerkit.Card.parse("".join(hand[:2]))),
            tuple(pokerkit.Card.parse("".join(hand[2:]))),
        )
        for hand in names[: config.pokerkit_hands]
    ]
    return [
        Contender(
            "floorman",
            "`floorman.cards.high.strength(cards)`",
            "pure Python",
            tuples,
            _loop_strength,
            strength,
        ),
        Contender(
            "floorman7",
            "`floorman.cards.high.strength7(a, …, g)`",
            "pure Python",
            tuples,
            _loop_strength7,
            _score_strength7,
        ),
        Contender(
            "eval7",
            "`eval7.evaluate(cards)`",
            "C extension",
            eval7_cards,
            _loop_eval7,
            _score_eval7,
        ),
        Contender(
            "phevaluator",
            "`phevaluator.evaluate_cards(*cards)`",
            "C extension",
            tuples,
            _loop_phevaluator,
            _score_phevaluator,
        ),
        Contender(
            "pheval_core",
            "`phevaluator._pheval.evaluate_7cards` (private C entry, information)",
            "C extension",
            tuples,
            _loop_pheval_core,
            _score_pheval_core,
        ),
        Contender(
            "treys",
            "`treys.Evaluator().evaluate(board, hand)`",
            "pure Python",
            treys_hands,
            _loop_treys,
            _score_treys,
        ),
        Contender(
            "pokerkit",
            "`pokerkit.StandardHighHand.from_game(hole, board)`",
            "pure Python",
            pokerkit_hands,
            _loop_pokerkit,
            _score_pokerkit,
            slow=True,
        ),
    ]


@dataclass(frozen=True, slots=True)
class ScalarResult:
    section: Section
    rates: dict[str, float]
    eval7_hands: int
    eval7_run: Callable[[], object]


def scalar_benchmark(config: Config, hands: HandArray) -> ScalarResult:
    """Per-call rates of 7-card evaluation in a Python loop, floorman and every peer."""
    tuples = as_tuples(hands[: config.scalar_hands])
    contenders = _contenders(config, tuples)
    runs = {c.key: partial(c.loop, c.inputs) for c in contenders}
    times = best_of_each(
        runs,
        repeat={c.key: config.slow_repeat if c.slow else config.repeat for c in contenders},
        warmups={c.key: partial(c.loop, c.inputs[:1000]) for c in contenders},
    )
    rates = {c.key: len(c.inputs) / times[c.key] for c in contenders}
    reference = [strength(cards) for cards in tuples[: config.agreement_hands]]
    agreements = {
        c.key: order_agreement(
            reference, [c.score(hand) for hand in c.inputs[: config.agreement_hands]]
        )
        for c in contenders
    }
    section = Section(
        key="scalar",
        left=2,
        title="1. Scalar 7-card evaluation",
        intro=(
            "One call per hand in a Python `for` loop over the same random 7-card hands. "
            "Ratios are this row's rate divided by the peer's (above 1: faster)."
        ),
        columns=(
            "Evaluator",
            "Kind",
            "Hands",
            "Best time",
            "Rate (hands/s)",
            "vs eval7",
            "vs treys",
            "Same order as floorman",
        ),
    )
    for c in contenders:
        same, pairs = agreements[c.key]
        r = rates[c.key]
        section.rows.append(
            (
                c.name,
                c.kind,
                fmt.count(len(c.inputs)),
                fmt.seconds(times[c.key]),
                fmt.rate(r),
                fmt.ratio(r / rates["eval7"]),
                fmt.ratio(r / rates["treys"]),
                f"{same:,}/{pairs:,} pairs",
            )
        )
    for key, label in (("floorman", "`strength`"), ("floorman7", "`strength7`")):
        vs_treys = rates[key] / rates["treys"]
        vs_eval7 = rates[key] / rates["eval7"]
        section.targets += [
            Target(
                f"{label} vs treys",
                fmt.ratio(vs_treys),
                f"≥ {SCALAR_VS_TREYS:g}×",
                vs_treys >= SCALAR_VS_TREYS,
            ),
            Target(
                f"{label} vs eval7 (C)",
                fmt.ratio(vs_eval7),
                f"≥ {SCALAR_VS_EVAL7:g}×",
                vs_eval7 >= SCALAR_VS_EVAL7,
            ),
        ]
    disagreements = [c.name for c in contenders if agreements[c.key][0] != agreements[c.key][1]]
    section.notes.append(
        "Every evaluator orders every pair of consecutive sample hands (which wins, or a tie) "
        "exactly as floorman does."
        if not disagreements
        else "DISAGREEMENT with floorman: " + ", ".join(disagreements)
    )
    section.notes.append(
        "phevaluator's public `evaluate_cards` spends most of its time converting arguments "
        "in Python; its private C entry point is listed for information only."
    )
    eval7_inputs = next(c for c in contenders if c.key == "eval7").inputs
    return ScalarResult(section, rates, len(eval7_inputs), runs["eval7"])


def batch_benchmark(config: Config, hands: HandArray, scalar: ScalarResult) -> Section:
    """NumPy batch evaluation of all the run's hands, against eval7's scalar rate.

    eval7's scalar loop is timed again here, interleaved with the batch calls, so that the
    ratio compares rates measured under the same load.
    """
    cold = batch_tables.cache_info().currsize == 0
    start = perf_counter()
    evaluate_batch(hands[:1000], check=False)
    first_call = perf_counter() - start
    n = len(hands)
    times = best_of_each(
        {
            "unchecked": partial(evaluate_batch, hands, check=False),
            "checked": partial(evaluate_batch, hands, check=True),
            "eval7": scalar.eval7_run,
        },
        repeat=dict.fromkeys(("unchecked", "checked", "eval7"), config.repeat),
    )
    eval7_rate = scalar.eval7_hands / times["eval7"]
    k = config.agreement_hands
    matches = bool(
        np.array_equal(
            evaluate_batch(hands[:k], check=True),
            np.array([strength(h) for h in as_tuples(hands[:k])]),
        )
    )
    section = Section(
        key="batch",
        title="2. Batch evaluation",
        intro=(
            "`floorman.cards.batch.evaluate_batch` on one `uint8` array of shape "
            f"({n:,}, 7) holding the same hands; the ratio is against eval7's scalar loop of "
            "section 1, timed again alongside."
        ),
        columns=("Evaluator", "Hands", "Best time", "Rate (hands/s)", "vs eval7 scalar"),
    )
    for name, key, hands_timed in (
        ("`evaluate_batch(hands, check=False)`", "unchecked", n),
        ("`evaluate_batch(hands, check=True)` (rejects repeated cards; information)", "checked", n),
        ("`eval7.evaluate` scalar loop (as in section 1)", "eval7", scalar.eval7_hands),
    ):
        r = hands_timed / times[key]
        section.rows.append(
            (
                name,
                fmt.count(hands_timed),
                fmt.seconds(times[key]),
                fmt.rate(r),
                fmt.ratio(r / eval7_rate),
            )
        )
    vs_eval7 = n / times["unchecked"] / eval7_rate
    section.targets.append(
        Target(
            "`check=False` vs eval7 scalar",
            fmt.ratio(vs_eval7),
            f"≥ {BATCH_VS_EVAL7:g}×",
            vs_eval7 >= BATCH_VS_EVAL7,
        )
    )
    section.notes += [
        f"Batch results equal the scalar `strength` on the first {k:,} hands: "
        + ("yes." if matches else "NO."),
        "First call in the process (1,000 hands"
        + (", building the lookup tables" if cold else ", tables already built")
        + f"): {fmt.seconds(first_call)}.",
    ]
    return section


def histogram_benchmark(config: Config, eval7_rate: float) -> Section:
    """Exhaustive enumeration of all 5-, 6- and 7-card hands into strength histograms."""
    section = Section(
        key="enumeration",
        title="3. Exhaustive enumeration",
        intro=(
            "`floorman.cards.batch.strength_histogram(size)` counts every `size`-card hand by "
            "strength; the 7-card run covers all C(52, 7) = 133,784,560 hands."
        ),
        columns=(
            "Enumeration",
            "Hands",
            "First call",
            "Best time",
            "Rate (hands/s)",
            "vs eval7 scalar",
        ),
    )
    histogram = np.zeros(0, dtype=np.int64)
    best7 = float("inf")
    for size in (5, 6, 7):
        times = []
        for _ in range(config.histogram_repeat if size == 7 else config.repeat):
            start = perf_counter()
            histogram = strength_histogram(size)
            times.append(perf_counter() - start)
        hands = comb(52, size)
        best = min(times)
        if size == 7:
            best7 = best
        section.rows.append(
            (
                f"`strength_histogram({size})`",
                fmt.count(hands),
                fmt.seconds(times[0]),
                fmt.seconds(best),
                fmt.rate(hands / best),
                fmt.ratio(hands / best / eval7_rate),
            )
        )
    counts = category_counts(histogram)
    exact = int(histogram.sum()) == comb(52, 7) and counts == SEVEN_CARD_CATEGORIES
    section.targets.append(
        Target(
            "`strength_histogram(7)` time",
            fmt.seconds(best7),
            f"< {HISTOGRAM_SECONDS:g} s",
            best7 < HISTOGRAM_SECONDS,
        )
    )
    section.notes.append(
        "7-card category counts match the textbook table (23,294,460 high-card hands … "
        "41,584 straight flushes): " + ("yes." if exact else f"NO: {counts}")
    )
    return section
