"""Equity of 2 to 10 hands in Hold'em and Omaha: exact enumeration or Monte Carlo.

Equity is each hand's expected share of the pot over the boards still possible: a board won
outright counts 1, a board split between k hands counts 1/k for each of them. Exact enumeration
walks every completion of the board in colexicographic order, where the key sums of all boards
come from prefix sums (:func:`~floorman.cards.batch.colex_keys`), so heads-up preflop (1,712,304
boards) takes a few NumPy passes. Monte Carlo draws boards with the RNG it is given, so a seeded
generator makes a run reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from floorman.cards.batch import (
    NO_FLUSH,
    SUIT_BITS,
    BatchTables,
    Keys,
    Strengths,
    batch_tables,
    colex_combinations,
    colex_keys,
    colex_suit_masks,
    five_card_flush_upgrade,
)
from floorman.cards.card import DECK_SIZE, Card, check_distinct
from floorman.errors import MalformedInputError

Game = Literal["holdem", "omaha"]
Method = Literal["auto", "exact", "monte-carlo"]

MAX_HANDS: Final = 10
BOARD_SIZE: Final = 5
EXACT_BUDGET: Final = 40_000_000
"""In ``auto`` mode, enumerate exactly when boards x five-card evaluations stay below this."""
DEFAULT_SAMPLES: Final = 200_000
CHUNK: Final = 1 << 15


@dataclass(frozen=True, slots=True)
class HandEquity:
    win: float
    """Share of boards this hand wins alone."""
    tie: float
    """Share of boards this hand splits with others."""
    equity: float
    """Expected share of the pot: wins plus each split's fraction."""


@dataclass(frozen=True, slots=True)
class EquityResult:
    hands: tuple[HandEquity, ...]
    boards: int
    """Boards evaluated: every completion when exact, else the number of samples."""
    exact: bool


@dataclass(frozen=True, slots=True)
class _Spot:
    game: Game
    hands: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]
    remaining: npt.NDArray[np.intp]

    @property
    def missing(self) -> int:
        return BOARD_SIZE - len(self.board)

    @property
    def completions(self) -> int:
        return comb(len(self.remaining), self.missing)

    @property
    def cost_per_board(self) -> int:
        if self.game == "holdem":
            return len(self.hands)
        return sum(comb(len(h), 2) for h in self.hands) * 10


def equity(
    hands: Sequence[Sequence[int]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    *,
    game: Game = "holdem",
    method: Method = "auto",
    samples: int = DEFAULT_SAMPLES,
    rng: np.random.Generator | None = None,
) -> EquityResult:
    """Win, tie and equity of each hand.

    ``auto`` enumerates exactly when that is cheap (every Hold'em spot, Omaha from the flop on)
    and samples ``samples`` boards otherwise.

    :raises MalformedInputError: wrong number of hands or cards, a repeated card.
    """
    spot = _make_spot(hands, board, dead, game)
    exact = method == "exact" or (
        method == "auto" and spot.completions * spot.cost_per_board <= EXACT_BUDGET
    )
    if exact:
        totals = _score_exact(spot)
        count = spot.completions
    else:
        if samples < 1:
            raise MalformedInputError("samples must be at least 1", constraint="samples")
        generator = rng if rng is not None else np.random.default_rng()
        totals = _score_sampled(spot, samples, generator)
        count = samples
    return _result(totals, count, exact=exact)


def _make_spot(
    hands: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int], game: Game
) -> _Spot:
    if not 2 <= len(hands) <= MAX_HANDS:
        raise MalformedInputError(
            f"equity needs 2 to {MAX_HANDS} hands, got {len(hands)}", constraint="hand-count"
        )
    sizes = (2, 2) if game == "holdem" else (4, 6)
    for hand in hands:
        if not sizes[0] <= len(hand) <= sizes[1]:
            wanted = "2" if game == "holdem" else "4 to 6"
            raise MalformedInputError(
                f"a {game} hand has {wanted} cards, got {len(hand)}", constraint="card-count"
            )
    if len(board) > BOARD_SIZE or len(board) in (1, 2):
        raise MalformedInputError(
            f"a board has 0, 3, 4 or 5 cards, got {len(board)}", constraint="card-count"
        )
    used = [int(c) for hand in hands for c in hand] + [int(c) for c in (*board, *dead)]
    for card in used:
        Card(card)
    check_distinct(used)
    remaining = np.array(sorted(set(range(DECK_SIZE)) - set(used)), dtype=np.intp)
    if len(remaining) < BOARD_SIZE - len(board):
        raise MalformedInputError("not enough cards left to complete the board", constraint="deck")
    return _Spot(
        game,
        tuple(tuple(int(c) for c in h) for h in hands),
        tuple(int(c) for c in board),
        remaining,
    )


def _result(totals: npt.NDArray[np.float64], count: int, *, exact: bool) -> EquityResult:
    wins, ties, shares = totals / count
    return EquityResult(
        hands=tuple(
            HandEquity(win=float(w), tie=float(t), equity=float(s))
            for w, t, s in zip(wins, ties, shares, strict=True)
        ),
        boards=count,
        exact=exact,
    )


def _score_exact(spot: _Spot) -> npt.NDArray[np.float64]:
    """Wins, ties and pot shares summed over every completion of the board."""
    totals = np.zeros((3, len(spot.hands)))
    if spot.game == "holdem":
        keys, masks = _holdem_boards_exact(spot)
        for start in range(0, len(keys), CHUNK * 8):
            part = slice(start, start + CHUNK * 8)
            totals += _tally(_holdem_strengths(spot, keys[part], masks[:, part]))
        return totals
    rows = spot.remaining[colex_combinations(len(spot.remaining), spot.missing)]
    for start in range(0, len(rows), CHUNK):
        totals += _tally(_omaha_strengths(spot, _full_boards(spot, rows[start : start + CHUNK])))
    return totals


def _score_sampled(spot: _Spot, samples: int, rng: np.random.Generator) -> npt.NDArray[np.float64]:
    """Wins, ties and pot shares summed over ``samples`` random completions."""
    totals = np.zeros((3, len(spot.hands)))
    for start in range(0, samples, CHUNK):
        size = min(CHUNK, samples - start)
        draws = rng.random((size, len(spot.remaining))).argpartition(spot.missing, axis=1)
        boards = _full_boards(spot, spot.remaining[draws[:, : spot.missing]])
        if spot.game == "holdem":
            keys, masks = _board_keys(boards)
            totals += _tally(_holdem_strengths(spot, keys, masks))
        else:
            totals += _tally(_omaha_strengths(spot, boards))
    return totals


def _full_boards(spot: _Spot, drawn: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    known = np.broadcast_to(np.array(spot.board, dtype=np.intp), (len(drawn), len(spot.board)))
    return np.hstack([known, drawn]) if spot.board else drawn


def _tally(strengths: Strengths) -> npt.NDArray[np.float64]:
    """Wins, ties and pot shares per hand from a ``(hands, boards)`` strength array."""
    best = strengths.max(axis=0)
    winners = strengths == best
    sharing = winners.sum(axis=0)
    totals = np.zeros((3, len(strengths)))
    totals[0] = (winners & (sharing == 1)).sum(axis=1)
    totals[1] = (winners & (sharing > 1)).sum(axis=1)
    for n in np.unique(sharing):
        totals[2] += (winners & (sharing == n)).sum(axis=1) / n
    return totals


def _suit_masks(cards: Sequence[int]) -> npt.NDArray[np.uint16]:
    masks = np.zeros(4, dtype=np.uint16)
    for card in cards:
        masks[card & 3] |= 1 << (card >> 2)
    return masks


def _holdem_boards_exact(spot: _Spot) -> tuple[Keys, npt.NDArray[np.uint16]]:
    t = batch_tables()
    fixed_key = np.uint32(sum(int(t.card_keys[c]) for c in spot.board))
    fixed_masks = _suit_masks(spot.board)[:, None]
    if spot.missing == 0:
        return np.array([fixed_key], dtype=np.uint32), fixed_masks
    keys = colex_keys(t.card_keys[spot.remaining], spot.missing) + fixed_key
    masks = colex_suit_masks(spot.remaining, spot.missing) | fixed_masks
    return keys, masks


def _board_keys(boards: npt.NDArray[np.intp]) -> tuple[Keys, npt.NDArray[np.uint16]]:
    t = batch_tables()
    keys = t.card_keys[boards].sum(axis=1, dtype=np.uint32)
    masks = np.zeros((4, len(boards)), dtype=np.uint16)
    for column in boards.T:
        masks[column & 3, np.arange(len(boards))] |= (1 << (column >> 2)).astype(np.uint16)
    return keys, masks


def _holdem_strengths(spot: _Spot, keys: Keys, masks: npt.NDArray[np.uint16]) -> Strengths:
    t = batch_tables()
    out = np.empty((len(spot.hands), len(keys)), dtype=np.int16)
    for row, hand in enumerate(spot.hands):
        out[row] = _seven_card(t, keys + (t.card_keys[hand[0]] + t.card_keys[hand[1]]), masks, hand)
    return out


def _seven_card(
    t: BatchTables, key: Keys, board_masks: npt.NDArray[np.uint16], hole: Sequence[int]
) -> Strengths:
    strengths: Strengths = t.nonflush[7][key >> SUIT_BITS]
    suits = t.flush_suit[7][key & ((1 << SUIT_BITS) - 1)]
    flushed = np.flatnonzero(suits != NO_FLUSH)
    if flushed.size:
        fs = suits[flushed]
        masks = board_masks[fs, flushed] | _suit_masks(hole)[fs]
        strengths[flushed] = t.flush_strength[masks]
    return strengths


def _omaha_strengths(spot: _Spot, boards: npt.NDArray[np.intp]) -> Strengths:
    """Best high hand of each Omaha hand on each board: two hole cards and three board cards."""
    t = batch_tables()
    upgrade = five_card_flush_upgrade()
    triples = np.array(list(combinations(range(BOARD_SIZE), 3)), dtype=np.intp)
    triple_keys = t.card_keys[boards[:, triples]].sum(axis=2, dtype=np.uint32)
    out = np.zeros((len(spot.hands), len(boards)), dtype=np.int16)
    for row, hand in enumerate(spot.hands):
        for a, b in combinations(hand, 2):
            key = triple_keys + (t.card_keys[a] + t.card_keys[b])
            strengths = t.nonflush[5][key >> SUIT_BITS]
            suited = t.flush_suit[5][key & ((1 << SUIT_BITS) - 1)] != NO_FLUSH
            strengths[suited] = upgrade[strengths[suited]]
            np.maximum(out[row], strengths.max(axis=1), out=out[row])
    return out
