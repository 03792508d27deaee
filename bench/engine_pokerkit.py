"""PokerKit's side of the hand-engine benchmark: the same tables and policy on its ``State``.

PokerKit is driven as its documentation shows a client doing it: every chore a dealer does
(antes, blinds, burning, dealing, collecting bets, showing at showdown, killing losing hands,
pushing and pulling chips) is automated, and the player's choices go through
``min/max_completion_betting_or_raising_to_amount``, ``can_fold``, ``fold``, ``check_or_call``
and ``complete_bet_or_raise_to``. PokerKit shuffles its deck with the module-level
:mod:`random` generator, so a run seeds that generator: every timed repeat plays the same hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import pokerkit
from pokerkit import Automation

from bench.engine_tables import CHECK_OR_CALL, FOLD, PlayStats, Table, decide

AUTOMATIONS: Final = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

Game = Callable[[tuple[int, ...], int], Any]
"""A PokerKit game object: called with the stacks and the player count, it deals a new hand."""


def create_game(table: Table) -> Game:
    """PokerKit's game for the table, built once and called once per hand."""
    if table.code == "NT":
        return pokerkit.NoLimitTexasHoldem(
            AUTOMATIONS, True, 0, (table.small_blind, table.big_blind), table.big_blind
        )
    if table.code == "PO":
        return pokerkit.PotLimitOmahaHoldem(
            AUTOMATIONS, True, 0, (table.small_blind, table.big_blind), table.big_blind
        )
    if table.code == "F7S":
        return pokerkit.FixedLimitSevenCardStud(
            AUTOMATIONS, True, table.ante, table.bring_in, table.small_bet, table.big_bet
        )
    raise ValueError(f"no PokerKit game for {table.code!r}")


def play_hand(state: Any, rng: random.Random, table: Table) -> int:
    """Play one dealt hand to the end with :func:`~bench.engine_tables.decide`; return how many
    choices the players made.

    In stud the lowest door card must bring in or complete: the policy treats the bring-in as
    its check-or-call (PokerKit offers no fold there) and the completion as its raise. Only stud
    asks PokerKit about a bring-in, so the flop games do not pay for a question that cannot
    apply to them.
    """
    bring_in, limit = table.bring_in > 0, table.limit
    actions = 0
    while state.status:
        choice = decide(
            rng,
            state.min_completion_betting_or_raising_to_amount,
            state.max_completion_betting_or_raising_to_amount,
            state.can_fold(),
            limit=limit,
        )
        if choice == FOLD:
            state.fold()
        elif choice != CHECK_OR_CALL:
            state.complete_bet_or_raise_to(choice)
        elif bring_in and state.can_post_bring_in():
            state.post_bring_in()
        else:
            state.check_or_call()
        actions += 1
    return actions


@dataclass(frozen=True, slots=True)
class Player:
    """A table ready to deal hands on: PokerKit's game, built once, and the seats."""

    table: Table
    game: Game

    @classmethod
    def of(cls, table: Table) -> Player:
        return cls(table, create_game(table))

    def deal(self) -> Any:
        return self.game(self.table.stacks, self.table.players)

    def play_hands(self, hands: int, seed: int) -> None:
        """The timed loop: ``hands`` hands, the deck and the choices from ``seed``."""
        rng = _seeded(seed)
        for _ in range(hands):
            play_hand(self.deal(), rng, self.table)

    def play_stats(self, hands: int, seed: int) -> PlayStats:
        """The same hands as :meth:`play_hands` with the same seed, counted (untimed)."""
        rng = _seeded(seed)
        actions = showdowns = 0
        for _ in range(hands):
            state = self.deal()
            actions += play_hand(state, rng, self.table)
            showdowns += went_to_showdown(state)
            _check_chips(state, self.table)
        return PlayStats(hands, actions, showdowns)


def _seeded(seed: int) -> random.Random:
    """Seed PokerKit's shuffle (the module-level generator) and return the policy's own one."""
    random.seed(seed)
    return random.Random(seed)


def went_to_showdown(state: Any) -> bool:
    """Two or more players reached the showdown: each one shows or mucks there (PokerKit's
    automation mucks a hand that cannot win), while a hand won by a fold has no such step."""
    reached = sum(isinstance(op, pokerkit.HoleCardsShowingOrMucking) for op in state.operations)
    return reached >= 2


def _check_chips(state: Any, table: Table) -> None:
    """A finished PokerKit hand keeps every chip: the driver did play whole hands."""
    if state.status or sum(state.stacks) != sum(table.stacks):
        raise AssertionError(f"PokerKit hand not finished or chips lost: {state.stacks}")


# --- PHH replay ----------------------------------------------------------------------------


def load_histories(texts: list[str]) -> list[Any]:
    """Each hand's PHH text parsed by PokerKit, outside the timed loop."""
    return [pokerkit.HandHistory.loads(text) for text in texts]


def replay_all(histories: list[Any]) -> None:
    """The timed loop: PokerKit replays a hand history by iterating its states."""
    for history in histories:
        for _ in history:
            pass


def replay_texts(texts: list[str]) -> None:
    """Parse each hand's text, then replay it (the information row that includes parsing)."""
    loads = pokerkit.HandHistory.loads
    for text in texts:
        for _ in loads(text):
            pass


def finishing_stacks(histories: list[Any]) -> list[tuple[int, ...] | str]:
    """Each hand's stacks after PokerKit's replay, or why PokerKit refused the hand."""
    results: list[tuple[int, ...] | str] = []
    for history in histories:
        try:
            *_, last = history
        except Exception as error:  # a refusal is a finding to report, not a crash
            results.append(f"{type(error).__name__}: {error}")
        else:
            results.append(tuple(int(stack) for stack in last.stacks))
    return results
