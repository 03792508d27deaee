"""Where a hand stands: waiting for cards, for a draw, for a bet, for a show, or over."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    DEAL = "deal"
    DRAW = "draw"
    """Draw games: players stand pat or discard, one at a time, before the replacements."""
    BET = "bet"
    SHOW = "show"
    DONE = "done"
