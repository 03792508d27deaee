"""All-in equity: floorman's exact enumeration against the peers' enumeration or Monte Carlo.

``floorman.cards.equity`` is imported when the benchmark runs, not with this module, so a run
on a tree without it (or with a broken one) reports "not available" instead of failing.
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from time import perf_counter
from typing import Any

import eval7
import pokerkit
from phevaluator import evaluate_omaha_cards

from bench import report as fmt
from bench.config import Config
from bench.report import Section, Target
from bench.timing import best_of_each
from floorman.cards import parse_cards

EXACT_SECONDS = 0.3
HOLDEM_HANDS = ("AsKs", "QhQd")
OMAHA_HANDS = ("AsKsQhJh", "9c9d8c7d")
OMAHA_FLOP = "Tc9h2c"

EquityFunction = Callable[..., Any]

COLUMNS = (
    "Method",
    "Kind",
    "Boards",
    "Best time",
    "Rate (boards/s)",
    "floorman exact vs this",
    "Equity of hand 1",
    "Detail",
)


def load_equity() -> EquityFunction | str:
    """floorman's ``equity`` function, or why it cannot be used yet."""
    try:
        module = importlib.import_module("floorman.cards.equity")
        function: EquityFunction = module.equity
    except Exception as error:  # a module being written may fail in any way
        return f"{type(error).__name__}: {error}"
    return function


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(card) for card in parse_cards(text))


@dataclass(frozen=True, slots=True)
class Method:
    """One way to compute the equity: a call to time, and how to read its last answer."""

    key: str
    name: str
    kind: str
    boards: int
    run: Callable[[], object]
    answer: Callable[[], tuple[float, str]]  # equity of the first hand, and a detail
    repeat: int
    warmup: Callable[[], object] | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """One method's answer for the first hand and its speed."""

    key: str
    name: str
    kind: str
    boards: int
    seconds: float
    equity: float
    detail: str

    @property
    def rate(self) -> float:
        return self.boards / self.seconds


def _time_methods(methods: Sequence[Method]) -> list[Outcome]:
    """Time the methods round-robin (best of each) and collect their answers."""
    times = best_of_each(
        {m.key: m.run for m in methods},
        repeat={m.key: m.repeat for m in methods},
        warmups={m.key: m.warmup for m in methods if m.warmup is not None},
    )
    outcomes = []
    for m in methods:
        equity, detail = m.answer()
        outcomes.append(Outcome(m.key, m.name, m.kind, m.boards, times[m.key], equity, detail))
    return outcomes


def _floorman_method(
    config: Config,
    equity: EquityFunction,
    hands: list[tuple[int, ...]],
    board: tuple[int, ...],
    game: str,
) -> Method:
    """floorman's exact equity; calls it once first, so a broken module fails here."""
    last: list[Any] = []

    def run() -> None:
        last[:] = [equity(hands, board, (), game=game, method="exact")]

    def answer() -> tuple[float, str]:
        result = last[0]
        first = result.hands[0]
        return float(first.equity), (
            f"win {first.win:.4%}, tie {first.tie:.4%}, exact={result.exact}"
        )

    run()
    return Method(
        "floorman",
        f'`floorman.cards.equity.equity(..., game="{game}", method="exact")`',
        "exact, NumPy",
        int(last[0].boards),
        run,
        answer,
        config.repeat,
    )


def _pokerkit_method(
    config: Config,
    hands: Sequence[str],
    board: str,
    hole_count: int,
    hand_type: Any,
    samples: int,
) -> Method:
    ranges = tuple(pokerkit.parse_range(hand) for hand in hands)
    board_cards = tuple(pokerkit.Card.parse(board)) if board else ()
    last: list[float] = []

    def run(count: int = samples) -> None:
        last[:] = pokerkit.calculate_equities(
            ranges,
            board_cards,
            hole_count,
            5,
            pokerkit.Deck.STANDARD,
            (hand_type,),
            sample_count=count,
        )

    return Method(
        "pokerkit",
        "`pokerkit.calculate_equities` (Monte Carlo)",
        "sampled, pure Python",
        samples,
        run,
        lambda: (last[0], f"{samples:,} samples"),
        config.slow_repeat,
        warmup=lambda: run(20),
    )


def _floorman_or_note(
    section: Section,
    config: Config,
    hands: list[tuple[int, ...]],
    board: tuple[int, ...],
    game: str,
) -> Method | None:
    equity = load_equity()
    if isinstance(equity, str):
        section.notes.append(f"floorman equity: not available ({equity}).")
        return None
    try:
        return _floorman_method(config, equity, hands, board, game)
    except Exception as error:
        section.notes.append(
            f"floorman {game} equity: not available ({type(error).__name__}: {error})."
        )
        return None


def _add_rows(section: Section, outcomes: Sequence[Outcome]) -> Outcome | None:
    floorman = next((o for o in outcomes if o.key == "floorman"), None)
    for o in outcomes:
        section.rows.append(
            (
                o.name,
                o.kind,
                fmt.count(o.boards),
                fmt.seconds(o.seconds),
                fmt.rate(o.rate),
                fmt.ratio(floorman.rate / o.rate) if floorman else "n/a",
                f"{o.equity:.4%}",
                o.detail,
            )
        )
    return floorman


def _agreement_note(section: Section, floorman: Outcome, reference: Outcome, peer: str) -> None:
    agrees = floorman.boards == reference.boards and abs(floorman.equity - reference.equity) < 1e-9
    section.notes.append(
        f"floorman's exact answer equals the {peer} enumeration ({reference.boards:,} boards, "
        f"equity {reference.equity:.6%}): "
        + ("yes." if agrees else f"NO (floorman {floorman.equity:.6%}).")
    )


# --- Hold'em preflop -----------------------------------------------------------------------


def _eval7_exhaustive(hero: list[Any], villain: list[Any]) -> tuple[int, int, int]:
    """Wins, ties and boards for ``hero`` over every 5-card board, by a loop of evaluations."""
    evaluate = eval7.evaluate
    deck = [card for card in eval7.Deck().cards if card not in hero + villain]
    wins = ties = boards = 0
    for combo in itertools.combinations(deck, 5):
        board = list(combo)
        mine = evaluate(board + hero)
        theirs = evaluate(board + villain)
        if mine > theirs:
            wins += 1
        elif mine == theirs:
            ties += 1
        boards += 1
    return wins, ties, boards


def _eval7_monte_carlo(config: Config, hero: list[Any], villain: str, samples: int) -> Method:
    villain_range = eval7.HandRange(villain)
    last: list[float] = []

    def run() -> None:
        last[:] = [eval7.py_hand_vs_range_monte_carlo(hero, villain_range, [], samples)]

    return Method(
        "eval7_mc",
        "`eval7.py_hand_vs_range_monte_carlo`",
        "sampled, C",
        samples,
        run,
        lambda: (last[0], f"{samples:,} samples"),
        config.repeat,
    )


def holdem_benchmark(config: Config) -> Section:
    """AsKs vs QhQd preflop, all 1,712,304 boards."""
    hero, villain = HOLDEM_HANDS
    boards = comb(48, 5)
    section = Section(
        key="equity-holdem",
        title="4. Exact heads-up equity: Hold'em preflop",
        intro=(
            f"{hero} vs {villain} all-in preflop, every one of the {boards:,} boards. Rates are "
            "boards (or Monte Carlo samples) per second; the ratio is floorman's exact rate "
            "divided by this row's."
        ),
        columns=COLUMNS,
        left=2,
    )
    e7_hero = [eval7.Card(hero[:2]), eval7.Card(hero[2:])]
    e7_villain = [eval7.Card(villain[:2]), eval7.Card(villain[2:])]
    floorman_method = _floorman_or_note(
        section, config, [_ints(hero), _ints(villain)], (), "holdem"
    )
    methods = [
        *([floorman_method] if floorman_method else []),
        _eval7_monte_carlo(config, e7_hero, villain, boards),
        _pokerkit_method(
            config, HOLDEM_HANDS, "", 2, pokerkit.StandardHighHand, config.pokerkit_samples
        ),
    ]
    outcomes = _time_methods(methods)

    start = perf_counter()
    wins, ties, counted = _eval7_exhaustive(e7_hero, e7_villain)
    reference = Outcome(
        "eval7_exact",
        "`eval7.evaluate` over `itertools.combinations` (reference)",
        "exact, Python loop over C",
        counted,
        perf_counter() - start,
        (wins + ties / 2) / counted,
        f"win {wins / counted:.4%}, tie {ties / counted:.4%}; timed once",
    )
    outcomes.insert(len(outcomes) - 1, reference)
    floorman = _add_rows(section, outcomes)
    if floorman is None:
        section.targets.append(
            Target("exact equity time", "not available", f"< {EXACT_SECONDS:g} s", None)
        )
        return section
    section.targets.append(
        Target(
            "exact equity time",
            fmt.seconds(floorman.seconds),
            f"< {EXACT_SECONDS:g} s",
            floorman.seconds < EXACT_SECONDS,
        )
    )
    _agreement_note(section, floorman, reference, "eval7")
    return section


# --- Omaha on the flop ---------------------------------------------------------------------


def _phevaluator_exhaustive(
    hands: list[tuple[int, ...]], flop: tuple[int, ...]
) -> tuple[int, int, int]:
    """Wins, ties and runouts for the first hand, by a loop of phevaluator Omaha evaluations."""
    evaluate = evaluate_omaha_cards
    used = set(flop).union(*hands)
    deck = [card for card in range(52) if card not in used]
    hero, villain = hands
    wins = ties = boards = 0
    for turn, river in itertools.combinations(deck, 2):
        board = (*flop, turn, river)
        mine = evaluate(*board, *hero)
        theirs = evaluate(*board, *villain)
        if mine < theirs:  # phevaluator: lower is stronger
            wins += 1
        elif mine == theirs:
            ties += 1
        boards += 1
    return wins, ties, boards


def _phevaluator_method(
    config: Config, hands: list[tuple[int, ...]], flop: tuple[int, ...], boards: int
) -> Method:
    last: list[tuple[int, int, int]] = []

    def run() -> None:
        last[:] = [_phevaluator_exhaustive(hands, flop)]

    def answer() -> tuple[float, str]:
        wins, ties, counted = last[0]
        return (wins + ties / 2) / counted, f"win {wins / counted:.4%}, tie {ties / counted:.4%}"

    return Method(
        "phevaluator",
        "`phevaluator.evaluate_omaha_cards` over all runouts (reference)",
        "exact, Python loop over C",
        boards,
        run,
        answer,
        config.repeat,
    )


def omaha_benchmark(config: Config) -> Section:
    """Omaha on a given flop, exact: information, no target."""
    hero, villain = OMAHA_HANDS
    hands = [_ints(hero), _ints(villain)]
    flop = _ints(OMAHA_FLOP)
    boards = comb(52 - 11, 2)
    section = Section(
        key="equity-omaha",
        title="5. Exact heads-up equity: Omaha on the flop (information)",
        intro=(
            f"{hero} vs {villain} on a {OMAHA_FLOP} flop, every one of the {boards:,} "
            "turn-and-river runouts."
        ),
        columns=COLUMNS,
        left=2,
    )
    floorman_method = _floorman_or_note(section, config, hands, flop, "omaha")
    methods = [
        *([floorman_method] if floorman_method else []),
        _phevaluator_method(config, hands, flop, boards),
        _pokerkit_method(
            config,
            OMAHA_HANDS,
            OMAHA_FLOP,
            4,
            pokerkit.OmahaHoldemHand,
            min(boards, config.pokerkit_samples),
        ),
    ]
    outcomes = _time_methods(methods)
    floorman = _add_rows(section, outcomes)
    if floorman is not None:
        reference = next(o for o in outcomes if o.key == "phevaluator")
        _agreement_note(section, floorman, reference, "phevaluator")
    return section
