"""The director's console commands as typed values, with the handlers that run them.

What a live event without dealer tablets sends (``Tournament.bust``, ``hand_done``,
``chip_count``, ``move_player``, ``open_table``, ``close_table``, ``confirm_move``,
``end_day``); each is
registered by name in :mod:`floorman.service.commands` like the other commands, so the API's
generic command route takes them. Seats and tables are numbered as the tournament numbers
them: tables from 1, seats from 0.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import TournamentEvent


@dataclass(frozen=True, slots=True, kw_only=True)
class Bust:
    """``entry`` is out; ``by`` won his chips (split equally, or ``amounts``); ``stack``: his
    chips at the start of the hand if known; ``same_hand``: earlier busts of that hand."""

    entry: str
    by: tuple[str, ...] = ()
    amounts: tuple[int, ...] | None = None
    stack: int | None = None
    same_hand: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDone:
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipCount:
    counts: dict[str, int]
    adjust: bool = False
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class MovePlayer:
    entry: str
    to_table: int
    to_seat: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenTable:
    table: int
    seats: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseTable:
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfirmMove:
    entry: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EndDay:
    """The day ends: ``in_progress`` are the tables still playing a hand, which does not count
    among the last ones; ``hands`` is the card drawn for the number of last hands (PokerStars
    Live 3.12), drawn by the service when the director does not give it."""

    in_progress: tuple[int, ...] = ()
    hands: int | None = None


Events = Sequence[TournamentEvent]


def bust(t: Tournament, c: Bust, at: float, rng: random.Random) -> Events:
    return t.bust(
        entry=c.entry,
        by=c.by,
        amounts=c.amounts,
        stack=c.stack,
        same_hand=c.same_hand,
        at=at,
        rng=rng,
    )


def hand_done(t: Tournament, c: HandDone, at: float, rng: random.Random) -> Events:
    return t.hand_done(table=c.table, at=at, rng=rng)


def chip_count(t: Tournament, c: ChipCount, at: float, rng: random.Random) -> Events:
    return t.chip_count(counts=c.counts, at=at, adjust=c.adjust, reason=c.reason)


def move_player(t: Tournament, c: MovePlayer, at: float, rng: random.Random) -> Events:
    return t.move_player(
        entry=c.entry, to_table=c.to_table, to_seat=c.to_seat, at=at, reason=c.reason
    )


def open_table(t: Tournament, c: OpenTable, at: float, rng: random.Random) -> Events:
    return t.open_table(table=c.table, seats=c.seats, at=at, rng=rng)


def close_table(t: Tournament, c: CloseTable, at: float, rng: random.Random) -> Events:
    return t.close_table(table=c.table, at=at, rng=rng)


def confirm_move(t: Tournament, c: ConfirmMove, at: float, rng: random.Random) -> Events:
    return t.confirm_move(entry=c.entry, at=at)


def end_day(t: Tournament, c: EndDay, at: float, rng: random.Random) -> Events:
    return t.end_day(at=at, rng=rng, in_progress=c.in_progress, hands=c.hands)
