"""The order of the games in a mixed event's rotation (TDA RP-18).

Seven card stud and stud hi/lo deal, bring in and bet alike and differ only in the low half
of the pot, so a table that moves from one to the other at a level change is prone to
reading hands by the wrong rules. RP-18 (a recommendation, ambiguity A28) suggests not
playing them one after the other. :func:`mixed_rotation` orders a rotation that way when it
can, and :func:`stud_back_to_back` finds the levels of a structure that break the advice, for
the director to see; nothing is refused.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from floorman.engine.games import Game, Valuation, get_game
from floorman.tournament.structure.levels import Level, Structure


def confusable(first: str, second: str) -> bool:
    """Whether two games are stud and stud hi/lo (either way round)."""
    a, b = get_game(first), get_game(second)
    return _stud_pair(a, b)


def mixed_rotation(games: Sequence[str]) -> tuple[str, ...]:
    """``games`` in a rotation where stud and stud hi/lo are not neighbours, counting the
    wrap from the last game back to the first: the second game of each clash moves to the
    first place where neither neighbour is its partner. Unchanged when no order can
    separate them (three games or fewer in a cycle)."""
    for game in games:
        get_game(game)  # refuses an unknown game
    order = list(games)
    for _ in range(len(order)):
        clash = _first_clash(order)
        if clash is None:
            return tuple(order)
        moved = order.pop((clash + 1) % len(order))
        spot = _spot_for(order, moved)
        if spot is None:
            return tuple(games)
        order.insert(spot, moved)
    return tuple(order) if _first_clash(order) is None else tuple(games)


def stud_back_to_back(structure: Structure) -> tuple[int, ...]:
    """The numbers of the levels whose game is stud or stud hi/lo and the level after them
    (breaks skipped) plays the other one (TDA RP-18)."""
    levels = [item for item in structure.items if isinstance(item, Level)]
    return tuple(
        number
        for number, (level, following) in enumerate(itertools.pairwise(levels), 1)
        if confusable(level.game, following.game)
    )


def _first_clash(order: Sequence[str]) -> int | None:
    """The first position whose game and the next one's (cyclically) are the stud pair."""
    if len(order) < 2:
        return None
    for i, game in enumerate(order):
        if confusable(game, order[(i + 1) % len(order)]):
            return i
    return None


def _spot_for(order: Sequence[str], game: str) -> int | None:
    """The first place to insert ``game`` between two games it is not confusable with."""
    n = len(order)
    for spot in range(1, n + 1):
        before, after = order[spot - 1], order[spot % n]
        if not confusable(before, game) and not confusable(game, after):
            return spot
    return None


def _stud_pair(a: Game, b: Game) -> bool:
    valuations = {a.valuation, b.valuation}
    return a.is_stud and b.is_stud and valuations == {Valuation.HIGH, Valuation.HIGH_LOW}
