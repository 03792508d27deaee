"""A fixed sample of hands of every game under every profile, written out event by event.

``python -m tests.engine.native_sample`` prints the sample as JSON lines, so that a test can
run it in a second interpreter on the other build (``FLOORMAN_PURE_PYTHON=1``) and compare:
the compiled engine must record exactly what the Python source records. Every betting decision
is also probed with a command the rules refuse, so refusals and their rulings are compared too.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from floorman.cards.deck import Deck
from floorman.engine import GAMES, AnteMode, Game, Hand, HandConfig
from floorman.engine.actions import BringIn, Check, PlayerAction, Raise
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.phase import BET, DEAL, DRAW
from floorman.engine.prompts import LegalOptions
from floorman.errors import FloormanError
from floorman.io.phh import load_path
from floorman.io.phh_replay import replay
from floorman.rules.profiles import PROFILES
from floorman.sim.random_play import choose, choose_discard

PHH_FILES = Path(__file__).resolve().parents[1] / "io" / "data"


def config(game: Game, rng: random.Random, profile: str) -> HandConfig:
    """A random table for ``game``: 2 to its maximum players, some of them short-stacked."""
    seats = rng.randint(2, min(game.max_players, 9))
    stacks = tuple(rng.choice((rng.randint(1, 60), rng.randint(100, 2000))) for _ in range(seats))
    common = {
        "game": game,
        "stacks": stacks,
        "button": rng.randrange(seats),
        "small_bet": 20,
        "big_bet": 40,
        "ruleset": PROFILES[profile],
    }
    if game.is_stud:
        return HandConfig(ante=2, ante_mode=AnteMode.EVERY_PLAYER, bring_in=5, **common)  # type: ignore[arg-type]
    return HandConfig(small_blind=10, big_blind=20, **common)  # type: ignore[arg-type]


def probe(options: LegalOptions) -> PlayerAction:
    """A command these options refuse (or, rarely, accept: the engine says which)."""
    if options.call is not None:
        return Check()
    if options.min_to is not None:
        return Raise(options.min_to - 1)
    return BringIn()


def play(hand: Hand, rng: random.Random) -> list[str]:
    """Play ``hand`` to the end at random; every event, and every refusal of a probe."""
    lines: list[str] = []
    cards = Deck.shuffled(rng)
    limit = hand.config.game.is_limit
    while not hand.is_over:
        if hand.phase is BET:
            try:
                lines += [repr(e) for e in hand.act(probe(hand.legal_options()))]
            except FloormanError as error:
                lines.append(f"refused {type(error).__name__}: {error!r} {vars(error)!r}")
            if hand.is_over or hand.phase is not BET:
                continue
            lines += [repr(e) for e in hand.act(choose(hand.legal_options(), rng, limit=limit))]
        elif hand.phase is DEAL:
            lines += [repr(e) for e in deal_pending(hand, cards, rng)]
        elif hand.phase is DRAW:
            lines += [repr(e) for e in hand.act(choose_discard(hand, rng))]
        else:
            lines += [repr(e) for e in auto_showdown(hand)]
    return lines


def replays() -> list[str]:
    """Every hand of the PHH test files replayed, events and refusals."""
    lines: list[str] = []
    files = sorted(p for p in PHH_FILES.rglob("*") if p.suffix in {".phh", ".phhs"})
    for file in files:
        try:
            entries = load_path(file)
        except FloormanError as error:
            lines.append(f"# {file.name} unreadable: {error!r}")
            continue
        for _, index, phh in entries:
            lines.append(f"# {file.name} {index}")
            try:
                lines += [repr(e) for e in replay(phh).hand.events]
            except FloormanError as error:
                lines.append(f"refused {type(error).__name__}: {error!r} {vars(error)!r}")
    return lines


def sample(hands_per_game: int = 6) -> list[str]:
    """The sample: each game under each profile, ``hands_per_game`` seeded hands, and the PHH
    test files replayed."""
    lines = replays()
    for code in sorted(GAMES):
        for profile in sorted(PROFILES):
            rng = random.Random(f"{code} {profile}")
            for index in range(hands_per_game):
                lines.append(f"# {code} {profile} {index}")
                lines += play(Hand(config(GAMES[code], rng, profile)), rng)
    return lines


if __name__ == "__main__":
    json.dump(sample(), sys.stdout)
