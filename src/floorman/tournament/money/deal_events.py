"""Deals as the log records them: proposed on the current stacks, consented to or rejected
by each player, accepted when all agree (:mod:`floorman.tournament.money.deal_commands`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True, kw_only=True)
class DealProposed:
    kind: ClassVar[str] = "deal-proposed"
    version: ClassVar[int] = 1
    method: str
    players: tuple[str, ...]
    amounts: tuple[int, ...]
    left_to_play: int
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class DealConsented:
    kind: ClassVar[str] = "deal-consented"
    version: ClassVar[int] = 1
    entry: str
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class DealRejected:
    """One player said no: the whole deal falls (Poland §58.3)."""

    kind: ClassVar[str] = "deal-rejected"
    version: ClassVar[int] = 1
    entry: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DealAccepted:
    """Every remaining player agreed: each is sure of his amount, and ``prizes`` replaces the
    payout table (the remaining places pay only ``left_to_play``, to the winner)."""

    kind: ClassVar[str] = "deal-accepted"
    version: ClassVar[int] = 1
    method: str
    players: tuple[str, ...]
    amounts: tuple[int, ...]
    left_to_play: int
    prizes: tuple[int, ...]
    at: float
    rule: str
