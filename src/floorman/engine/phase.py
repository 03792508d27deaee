"""Where a hand stands: waiting for cards, for a bet, for a show, or over."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    DEAL = "deal"
    BET = "bet"
    SHOW = "show"
    DONE = "done"
