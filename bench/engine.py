"""Hand engine: random hands played to the end, and recorded hands replayed, against PokerKit
and (6-max no-limit hold'em) against pokerfast, the leanest Python engine of that one game.

The engines play the same tables with the same random policy (``bench.engine_tables``), in the
same process, timed round-robin; the ratio is floorman's rate over the row's. floorman's side
(``bench.engine_floorman``) is imported when the benchmark runs, not with this module, so a
tree whose engine is half-way through a change reports "not available" instead of failing the
whole run, and a game the engine does not play yet is reported as "not yet supported".
"""

from __future__ import annotations

import importlib
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from bench import engine_pokerfast as lean
from bench import engine_pokerkit as peer
from bench import report as fmt
from bench.config import Config
from bench.engine_tables import NLHE, TABLES, PlayStats, Table
from bench.report import Section, Target
from bench.timing import best_of_each

RATE_GOAL = 10_000
"""Random 6-max no-limit hold'em hands per second, one core (issue 3)."""
RATIO_GOAL = 150
"""floorman's random-hand rate over PokerKit's (issue 3)."""
LEAN_RATIO_GOAL = 4
"""floorman's random-hand rate over pokerfast's, the leanest Python NLHE engine (issue 16)."""
REPLAY_GOAL = 5_000
"""PHH hands replayed per second (issue 3)."""
COMPARABLE = 0.2
"""Average actions per hand of the two engines may differ by this share and still compare."""
CORPUS = Path(__file__).resolve().parent.parent / "tests" / "io" / "data"

COLUMNS = (
    "Benchmark",
    "Engine",
    "Hands",
    "Best time",
    "Rate (hands/s)",
    "floorman vs this",
    "Actions/hand",
    "Showdowns",
)


@dataclass(frozen=True, slots=True)
class Timed:
    """One engine's row: what it ran, how many hands a timed run holds, its best time."""

    engine: str
    hands: int
    seconds: float
    actions: str
    showdowns: str = ""

    @property
    def rate(self) -> float:
        return self.hands / self.seconds


def load_floorman() -> ModuleType | str:
    """floorman's side of the benchmark, or why it cannot be imported right now."""
    try:
        return importlib.import_module("bench.engine_floorman")
    except Exception as error:  # an engine being rewritten may fail in any way
        return f"{type(error).__name__}: {error}"


def engine_benchmark(config: Config) -> Section:
    section = Section(
        key="engine",
        title="6. Hand engine",
        intro=(
            "Random hands played to the end on one core, and recorded PHH hands replayed, by "
            "floorman, by PokerKit and (6-max NLHE) by pokerfast in the same run. Rates are "
            "hands per second; the ratio is floorman's rate divided by this row's (above 1: "
            "floorman is faster)."
        ),
        columns=COLUMNS,
        left=2,
    )
    floorman = load_floorman()
    if isinstance(floorman, str):
        section.notes.append(f"floorman's engine could not be imported: {floorman}.")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about its own defaults
        for table in TABLES:
            _random_hands(section, config, table, floorman)
        _replay(section, config, floorman)
    return section


# --- random hands --------------------------------------------------------------------------


def _random_hands(
    section: Section, config: Config, table: Table, floorman: ModuleType | str
) -> None:
    """Time both engines on one table and add their rows, notes and (hold'em) targets."""
    label = f"Random {table.players}-max {table.name}, {table.depth}"
    ours = _floorman_side(section, config, table, floorman, label)
    if ours is None:
        if table is NLHE:
            section.targets += [*_random_targets(None, None), _lean_target(None, None)]
        return
    run, stats = ours
    player = peer.Player.of(table)
    theirs = player.play_stats(config.engine_pokerkit_hands, config.seed)
    runs: dict[str, Callable[[], object]] = {
        "floorman": run,
        "pokerkit": lambda: player.play_hands(config.engine_pokerkit_hands, config.seed),
    }
    repeat = {"floorman": config.repeat, "pokerkit": config.slow_repeat}
    fast = _lean_player(section, table)
    if fast is not None:
        lean_stats = fast.play_stats(config.engine_hands, config.seed)
        runs["pokerfast"] = lambda: fast.play_hands(config.engine_hands, config.seed)
        repeat["pokerfast"] = config.repeat
    times = best_of_each(
        runs,
        repeat=repeat,
        warmups=dict.fromkeys(runs, _nothing),  # counted passes warmed up
    )
    mine = _timed("`floorman.sim.random_play.play_random_hand`", stats, times["floorman"])
    game = type(player.game).__name__
    other = _timed(f"PokerKit `{game}` state, automated dealing", theirs, times["pokerkit"])
    rows = [mine, other]
    leanest = None
    if fast is not None:
        leanest = _timed("pokerfast `FastHand`", lean_stats, times["pokerfast"])
        rows.append(leanest)
    _add_rows(section, label, rows)
    section.notes.append(_comparable_note(table, stats, theirs))
    if fast is not None:
        section.notes.append(_comparable_note(table, stats, lean_stats, peer_name="pokerfast"))
    if table is NLHE:
        section.targets += _random_targets(mine, other)
        section.targets.append(_lean_target(mine, leanest))


def _lean_player(section: Section, table: Table) -> lean.Player | None:
    """pokerfast's player for the table, or ``None`` (with a note when it is not installed)."""
    if not lean.supports(table):
        return None
    module = lean.load()
    if isinstance(module, str):
        section.notes.append(f"pokerfast could not be imported: {module}.")
        return None
    return lean.Player(table, module)


def _lean_target(mine: Timed | None, theirs: Timed | None) -> Target:
    goal = f"≥ {LEAN_RATIO_GOAL}×"
    if mine is None or theirs is None:
        return Target("random NLHE hands vs pokerfast", "not available", goal, None)
    ratio = mine.rate / theirs.rate
    return Target(
        "random NLHE hands vs pokerfast", fmt.ratio(ratio), goal, ratio >= LEAN_RATIO_GOAL
    )


def _floorman_side(
    section: Section, config: Config, table: Table, floorman: ModuleType | str, label: str
) -> tuple[Callable[[], object], PlayStats] | None:
    """floorman's timed run and its counted (untimed) pass, or a row saying why not."""
    if isinstance(floorman, str):
        _missing_row(section, label, "not available")
        return None
    if not floorman.supports(table):
        _missing_row(section, label, "not yet supported")
        section.notes.append(f"{table.name}: floorman does not play {table.code} yet.")
        return None
    try:
        hand_config = floorman.hand_config(table)
        stats = floorman.play_stats(hand_config, config.engine_hands, config.seed)
    except Exception as error:  # a game being written may fail in any way
        _missing_row(section, label, "error")
        section.notes.append(f"{table.name}: floorman failed ({type(error).__name__}: {error}).")
        return None
    hands, seed = config.engine_hands, config.seed
    return lambda: floorman.play_hands(hand_config, hands, seed), stats


def _nothing() -> None:
    return None


def _timed(engine: str, stats: PlayStats, seconds: float) -> Timed:
    return Timed(
        engine,
        stats.hands,
        seconds,
        f"{stats.actions_per_hand:.1f}",
        f"{stats.showdown_share:.0%}",
    )


def _missing_row(section: Section, label: str, why: str) -> None:
    section.rows.append((label, "floorman", "", "", why, "", "", ""))


def _add_rows(section: Section, label: str, rows: Sequence[Timed]) -> None:
    """One row per engine; the first row is floorman's, the others are compared with it."""
    floorman = rows[0]
    for row in rows:
        section.rows.append(
            (
                label,
                row.engine,
                fmt.count(row.hands),
                fmt.seconds(row.seconds),
                fmt.rate(row.rate),
                fmt.ratio(floorman.rate / row.rate),
                row.actions,
                row.showdowns,
            )
        )


def _comparable_note(
    table: Table, ours: PlayStats, theirs: PlayStats, *, peer_name: str = "PokerKit"
) -> str:
    """Whether the two engines played alike: the rates mean little if the hands differ."""
    gap = ours.actions_per_hand / theirs.actions_per_hand - 1
    verdict = "comparable" if abs(gap) <= COMPARABLE else "NOT comparable"
    return (
        f"{table.name}: {ours.actions_per_hand:.1f} actions per hand for floorman "
        f"({ours.hands:,} hands), {theirs.actions_per_hand:.1f} for {peer_name} "
        f"({theirs.hands:,} "
        f"hands; {gap:+.0%}), showdowns in {ours.showdown_share:.0%} and "
        f"{theirs.showdown_share:.0%} of hands: {verdict} (within ±{COMPARABLE:.0%}; samples "
        "this small differ by several per cent by chance alone)."
    )


def _random_targets(mine: Timed | None, other: Timed | None) -> list[Target]:
    rate_goal = f"≥ {RATE_GOAL:,} hands/s"
    ratio_goal = f"≥ {RATIO_GOAL}×"
    if mine is None or other is None:
        return [
            Target("random NLHE hands, one core", "not available", rate_goal, None),
            Target("random NLHE hands vs PokerKit", "not available", ratio_goal, None),
        ]
    ratio = mine.rate / other.rate
    return [
        Target(
            "random NLHE hands, one core",
            fmt.rate(mine.rate),
            rate_goal,
            mine.rate >= RATE_GOAL,
        ),
        Target("random NLHE hands vs PokerKit", fmt.ratio(ratio), ratio_goal, ratio >= RATIO_GOAL),
    ]


# --- PHH replay ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Replayable:
    """The PHH hands both engines replay to the same finishing stacks: the timed sample."""

    hands: list[Any]
    texts: list[str]
    histories: list[Any]
    actions_per_hand: float


def _replay(section: Section, config: Config, floorman: ModuleType | str) -> None:
    label = "PHH replay (parsed hands)"
    goal = f"≥ {REPLAY_GOAL:,} hands/s"
    if isinstance(floorman, str):
        _missing_row(section, label, "not available")
        section.targets.append(Target("PHH replay", "not available", goal, None))
        return
    sample = _replayable(section, floorman)
    if not sample.hands:
        _missing_row(section, label, "no hands")
        section.targets.append(Target("PHH replay", "no hands", goal, None))
        return
    passes = config.replay_passes
    times = best_of_each(
        {
            "floorman": _repeated(lambda: floorman.replay_all(sample.hands), passes),
            "pokerkit": lambda: peer.replay_all(sample.histories),
            "floorman_text": _repeated(lambda: floorman.replay_texts(sample.texts), passes),
            "pokerkit_text": lambda: peer.replay_texts(sample.texts),
        },
        repeat={
            "floorman": config.repeat,
            "pokerkit": config.slow_repeat,
            "floorman_text": config.repeat,
            "pokerkit_text": config.slow_repeat,
        },
    )
    count, actions = len(sample.hands), f"{sample.actions_per_hand:.1f}"
    replayed = _replay_rows(times, count, passes, actions)
    _add_rows(section, label, replayed[:2])
    _add_rows(section, "PHH parse and replay (information)", replayed[2:])
    rate = replayed[0].rate
    section.targets.append(Target("PHH replay", fmt.rate(rate), goal, rate >= REPLAY_GOAL))


def _repeated(run: Callable[[], object], times: int) -> Callable[[], None]:
    def repeated() -> None:
        for _ in range(times):
            run()

    return repeated


def _replay_rows(times: dict[str, float], count: int, passes: int, actions: str) -> list[Timed]:
    return [
        Timed("`floorman.io.phh_replay.replay`", count * passes, times["floorman"], actions),
        Timed("PokerKit `HandHistory`, iterating its states", count, times["pokerkit"], actions),
        Timed(
            "`floorman.io.phh.loads`, then `replay`",
            count * passes,
            times["floorman_text"],
            actions,
        ),
        Timed(
            "PokerKit `HandHistory.loads`, then iterating",
            count,
            times["pokerkit_text"],
            actions,
        ),
    ]


def _replayable(section: Section, floorman: ModuleType) -> Replayable:
    """The test hands floorman replays, checked against PokerKit's finishing stacks.

    Hands that PokerKit refuses or finishes differently are left out of the timing (and named
    in a note), so that both engines are timed on exactly the same, agreed, hands.
    """
    corpus = floorman.load_corpus(CORPUS)
    texts = corpus.texts()
    ours = floorman.finishing_stacks(corpus.hands)
    histories, theirs = _pokerkit_histories(texts)
    keep = [i for i, stacks in enumerate(theirs) if stacks == ours[i]]
    differ = [name for name, a, b in zip(corpus.names, ours, theirs, strict=True) if a != b]
    hands = [corpus.hands[i] for i in keep]
    variants = Counter(hand.variant for hand in hands)
    section.notes.append(
        f"PHH replay: the {len(hands)} hands of `tests/io/data` that floorman replays and PokerKit "
        f"finishes with the same stacks ({_counts(variants)}); left out: "
        f"{_counts(corpus.left_out) or 'none'}"
        + (f"; PokerKit differs or refuses: {', '.join(differ)}." if differ else ".")
        + " Both engines read the same PHH text (as floorman writes it); the timed rows replay "
        "hands parsed beforehand, the information rows include parsing."
    )
    return Replayable(
        hands,
        [texts[i] for i in keep],
        [histories[i] for i in keep],
        sum(len(hand.actions) for hand in hands) / len(hands) if hands else 0.0,
    )


def _pokerkit_histories(texts: list[str]) -> tuple[list[Any], list[tuple[int, ...] | str]]:
    """PokerKit's parse of each text (``None`` if refused) and its finishing stacks."""
    histories: list[Any] = []
    stacks: list[tuple[int, ...] | str] = []
    for text in texts:
        try:
            history = peer.load_histories([text])[0]
        except Exception as error:  # a refusal is a finding, reported in the notes
            histories.append(None)
            stacks.append(f"{type(error).__name__}: {error}")
            continue
        histories.append(history)
        stacks += peer.finishing_stacks([history])
    return histories, stacks


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{n} {key}" for key, n in counter.most_common())
