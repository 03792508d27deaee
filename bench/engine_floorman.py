"""floorman's side of the hand-engine benchmark, driven through its public API as a client is.

Random hands go through ``floorman.sim.random_play.play_random_hand`` (``legal_options``, then
``act``; the dealer deals from a deck shuffled per hand and tables the hands at showdown), and
PHH hands through ``floorman.io.phh_replay.replay``: the same calls the CLI and the difftest
make, so the benchmark measures what users get.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.engine_tables import PlayStats, Table
from floorman.engine import GAMES, AnteMode, Hand, HandConfig
from floorman.engine.events import Acted
from floorman.errors import FloormanError
from floorman.io.phh import PhhHand, dumps, load_path, loads
from floorman.io.phh_replay import replay
from floorman.sim.random_play import play_random_hand


def supports(table: Table) -> bool:
    """Whether this floorman plays the table's game (stud arrives later than hold'em)."""
    return table.code in GAMES


def hand_config(table: Table) -> HandConfig:
    """The table as a floorman hand: PHH seating, so the button is the last seat.

    A bring-in is passed only when ``HandConfig`` has such a field, so that the benchmark runs
    both before and after stud lands in the engine.
    """
    values: dict[str, Any] = {
        "game": GAMES[table.code],
        "stacks": table.stacks,
        "button": table.players - 1,
        "small_blind": table.small_blind,
        "big_blind": table.big_blind,
        "ante": table.ante,
        "ante_mode": AnteMode.EVERY_PLAYER if table.ante else AnteMode.NONE,
        "small_bet": table.small_bet,
        "big_bet": table.big_bet,
    }
    if table.bring_in and "bring_in" in {f.name for f in dataclasses.fields(HandConfig)}:
        values["bring_in"] = table.bring_in
    return HandConfig(**values)


def play_hands(config: HandConfig, hands: int, seed: int) -> None:
    """The timed loop: ``hands`` random hands from one seeded generator (deck and choices)."""
    rng = random.Random(seed)
    play = play_random_hand
    for _ in range(hands):
        play(config, rng)


def play_stats(config: HandConfig, hands: int, seed: int) -> PlayStats:
    """The same hands as :func:`play_hands` with the same seed, counted: an untimed pass."""
    rng = random.Random(seed)
    actions = showdowns = 0
    for _ in range(hands):
        hand = play_random_hand(config, rng)
        actions += sum(isinstance(event, Acted) for event in hand.events)
        showdowns += went_to_showdown(hand)
    return PlayStats(hands, actions, showdowns)


def went_to_showdown(hand: Hand) -> bool:
    """A hand reaches showdown when two or more players are still in at the end."""
    return len(hand.live) >= 2


# --- PHH replay ----------------------------------------------------------------------------


@dataclass(slots=True)
class Corpus:
    """The PHH hands floorman replays, and what it had to leave out (and why)."""

    hands: list[PhhHand] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    """Where each hand comes from, ``file[index]``, for messages."""
    left_out: Counter[str] = field(default_factory=Counter)

    def texts(self) -> list[str]:
        """Each hand as PHH text, as floorman writes it: what both parsers read."""
        return [dumps(hand) for hand in self.hands]


def load_corpus(root: Path) -> Corpus:
    """Every hand under ``root`` that floorman reads and replays to the end.

    Files are read one by one, so a file floorman refuses (fractional chips) leaves out its own
    hands only; hands of games floorman does not play are counted by variant.
    """
    corpus = Corpus()
    files = sorted(p for p in root.rglob("*") if p.suffix in {".phh", ".phhs"} and p.is_file())
    for file in files:
        try:
            entries = load_path(file)
        except FloormanError:
            corpus.left_out[f"unreadable file {file.name}"] += 1
            continue
        for name, index, hand in entries:
            reason = _why_not_replayable(hand)
            if reason:
                corpus.left_out[reason] += 1
            else:
                corpus.hands.append(hand)
                corpus.names.append(f"{Path(name).name}[{index}]")
    return corpus


def _why_not_replayable(hand: PhhHand) -> str | None:
    if hand.variant not in GAMES:
        return f"variant {hand.variant}"
    try:
        result = replay(hand)
    except FloormanError as error:
        return f"refused ({type(error).__name__})"
    if not result.hand.is_over:
        return "ends before the hand does"
    return None


def replay_all(hands: list[PhhHand]) -> None:
    """The timed loop: replay every (already parsed) hand."""
    run = replay
    for hand in hands:
        run(hand)


def replay_texts(texts: list[str]) -> None:
    """Parse each hand's PHH text, then replay it: what ``floorman hh replay`` does per hand."""
    parse, run = loads, replay
    for text in texts:
        run(parse(text))


def finishing_stacks(hands: list[PhhHand]) -> list[tuple[int, ...]]:
    """Each hand's stacks after floorman's replay, to compare with PokerKit's."""
    return [replay(hand).finishing_stacks for hand in hands]
