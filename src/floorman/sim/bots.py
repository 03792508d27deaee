"""Bots of a few playing styles, to drive whole tournaments through the real engine.

A bot sees what a player at the table would see (his own cards, the board, the legal options
and the stacks) and picks an action the engine offered, so every hand a simulation plays is a
legal hand under the ruleset. The styles are deliberately simple; what matters is that they
produce the situations tournaments are made of: folds around, limps, raises, short stacks
shoving, big pots and bust-outs, at a pace that ends an event in a realistic number of hands.

- ``random``: uniformly random among the offered actions (the hand engine's fuzzer);
- ``tight``: plays about the top sixth of starting hands, raises the best, continues after
  the flop with a pair or better;
- ``loose``: plays about half its hands and calls a lot;
- ``push-fold``: goes all-in or folds once its stack is 15 big blinds or less, else tight.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from floorman.cards.card import ACE
from floorman.cards.classes import Category, category_of
from floorman.cards.high import strength
from floorman.engine.actions import BringIn, Call, Check, Fold, PlayerAction, Raise
from floorman.engine.betting import LegalOptions
from floorman.sim.random_play import choose


class Style(StrEnum):
    RANDOM = "random"
    TIGHT = "tight"
    LOOSE = "loose"
    PUSH_FOLD = "push-fold"


@dataclass(frozen=True, slots=True)
class Seen:
    """What the acting player knows: his cards, the board, his stack and the big blind."""

    hole: Sequence[int]
    board: Sequence[int]
    stack: int
    big_blind: int
    limit: bool


SHORT_STACK_BIG_BLINDS = 15


def preflop_score(hole: Sequence[int]) -> float:
    """A rough 0..1 rank of a two-card start (pairs, high cards, suited and connected).

    Omaha and stud starts are scored by their best two cards, which is crude but enough for
    a bot: the point is to fold some hands and play others, not to play well.
    """
    ranks = sorted((card >> 2 for card in hole), reverse=True)[:2]
    if len(ranks) < 2:
        return 0.5
    high, low = ranks
    score = (high + low) / (2 * ACE)
    if high == low:
        score = 0.55 + 0.45 * high / ACE
    elif len({card & 3 for card in hole}) < len(hole):
        score += 0.06
    if 0 < high - low <= 2:
        score += 0.04
    return min(score, 1.0)


def made_hand(seen: Seen) -> Category:
    """The category of the best hand the player holds with the board (high card before it)."""
    cards = [*seen.hole[:7], *seen.board][:7]
    if len(cards) < 5:
        return Category.HIGH_CARD
    return category_of(strength(cards))


def decide(style: Style, options: LegalOptions, seen: Seen, rng: random.Random) -> PlayerAction:
    """The bot's action: always one the engine offered in ``options``."""
    if style is Style.RANDOM:
        return choose(options, rng, limit=seen.limit)
    if options.bring_in is not None:
        return BringIn()
    short = seen.big_blind and seen.stack <= SHORT_STACK_BIG_BLINDS * seen.big_blind
    if style is Style.PUSH_FOLD and short:
        return _push_or_fold(options, seen)
    threshold = 0.75 if style is not Style.LOOSE else 0.45
    strong = _strength(seen) + rng.uniform(-0.08, 0.08)
    if strong >= threshold + 0.12 and options.max_to is not None and options.min_to is not None:
        return Raise(_raise_size(options, seen, rng))
    if strong >= threshold or (style is Style.LOOSE and rng.random() < 0.3):
        return Check() if options.check else Call()
    return Check() if options.check else Fold()


def _strength(seen: Seen) -> float:
    if not seen.board:
        return preflop_score(seen.hole)
    category = made_hand(seen)
    return min(1.0, 0.45 + 0.15 * int(category))


def _push_or_fold(options: LegalOptions, seen: Seen) -> PlayerAction:
    if preflop_score(seen.hole) >= 0.62 or (made_hand(seen) >= Category.PAIR and seen.board):
        if options.max_to is not None:
            return Raise(options.max_to)
        return Call() if options.call is not None else Check()
    return Check() if options.check else Fold()


def _raise_size(options: LegalOptions, seen: Seen, rng: random.Random) -> int:
    assert options.min_to is not None
    assert options.max_to is not None
    if seen.limit:
        return options.min_to
    target = options.min_to + int((options.max_to - options.min_to) * rng.random() ** 3)
    return max(options.min_to, min(options.max_to, target))
