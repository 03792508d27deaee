"""pokerfast's side of the hand-engine benchmark: its lean 6-max NLHE engine, ``FastHand``.

pokerfast (PyPI) plays one game only, 6-max no-limit hold'em with the small blind on the first
seat and the big blind on the second, as PHH seats them; it is the leanest pure-Python engine
we know of, so it is the peer floorman must stay well ahead of (issue 16: at least 4x).

It is driven the way its documentation shows: ``FastHand(...)`` deals a hand (stacks, holes and
board from the ``rng`` it is given), ``get_action_space()`` gives the options, whose bet sizes
are chips *added* (not street totals), and ``fold``, ``check``, ``call`` and ``bet_or_raise``
act. The same policy as the other engines (:func:`~bench.engine_tables.decide`) picks each
action, from street totals, so the hands are alike. pokerfast is optional: without it, the
benchmark says so instead of failing.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from bench.engine_tables import CHECK_OR_CALL, FOLD, PlayStats, Table, decide

NAME = "pokerfast"


def load() -> ModuleType | str:
    """The ``pokerfast`` module, or why it cannot be imported (not installed, say)."""
    try:
        return importlib.import_module(NAME)
    except Exception as error:  # an optional peer may be missing or broken in any way
        return f"{type(error).__name__}: {error}"


def supports(table: Table) -> bool:
    """``FastHand`` plays no-limit hold'em with blinds and no ante."""
    return table.code == "NT" and table.big_blind > 0 and not table.ante


def play_hand(hand: Any, rng: random.Random) -> int:
    """Play one dealt ``FastHand`` to the end; return how many choices the players made."""
    actions = 0
    state = hand.state
    while not hand.done:
        space = hand.get_action_space()
        bet = state.bets[state.turn_index]
        low = high = None
        if "min_bet" in space:
            low, high = bet + space["min_bet"], bet + space["max_bet"]
        choice = decide(rng, low, high, "fold" in space)
        if choice == FOLD:
            hand.fold()
        elif choice != CHECK_OR_CALL:
            hand.bet_or_raise(choice - bet)
        elif "check" in space:
            hand.check()
        else:
            hand.call()
        actions += 1
    return actions


@dataclass(frozen=True, slots=True)
class Player:
    """A table ready to deal ``FastHand`` hands on."""

    table: Table
    module: ModuleType

    def deal(self, deck: random.Random) -> Any:
        table = self.table
        return self.module.FastHand(
            player_count=table.players,
            small_blind=table.small_blind,
            big_blind=table.big_blind,
            min_stack=table.stack,
            max_stack=table.stack,
            rng=deck,
        )

    def play_hands(self, hands: int, seed: int) -> None:
        """The timed loop: ``hands`` hands, the deck and the choices from ``seed``."""
        rng, deck = random.Random(seed), random.Random(seed + 1)
        for _ in range(hands):
            play_hand(self.deal(deck), rng)

    def play_stats(self, hands: int, seed: int) -> PlayStats:
        """The same hands as :meth:`play_hands` with the same seed, counted (untimed)."""
        rng, deck = random.Random(seed), random.Random(seed + 1)
        actions = showdowns = 0
        for _ in range(hands):
            hand = self.deal(deck)
            actions += play_hand(hand, rng)
            showdowns += hand.active_players >= 2
            if sum(hand.state.stacks) != sum(self.table.stacks):
                raise AssertionError(f"pokerfast lost or made chips: {hand.state.stacks}")
        return PlayStats(hands, actions, showdowns)
