"""What a director's console adds to the log when no dealer's tablet records the hands.

At a live event without tablets the tournament never sees a hand: the floor tells it who is
out and by whom (:class:`PlayerBusted`), which table has finished the hand everyone waits for
(:class:`HandDone`), what the stacks are when they are counted (:class:`ChipsCounted`), and
the tables it opens by hand (:class:`TableOpened`) and the moves players have carried out
(:class:`MoveConfirmed`). Moves themselves are :class:`~floorman.tournament.events.PlayerMoved`
events, as when balancing decides them. Same shape as every tournament event
(:mod:`floorman.tournament.events` keeps the union).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerBusted:
    """The director says ``entry`` lost his last chips at ``table``; his place follows as a
    ``PlayerEliminated`` (at once, or with the hand-for-hand round's other busts)."""

    kind: ClassVar[str] = "player-busted"
    version: ClassVar[int] = 1
    entry: str
    table: int
    stack: int
    """His stack as the tournament knew it, which leaves him now."""
    hand_stack: int | None = None
    """The chips he started the hand with, when the director knows them: they rank the players
    out in the same hand (the profile's ``same_hand_busts``); unknown, those players tie."""
    shares: tuple[tuple[str, int], ...] = ()
    """The chips each eliminator is known to have won from him; what they leave of ``stack``
    stays in play uncounted until the next count."""
    same_hand: tuple[str, ...] = ()
    """Players out earlier in the same hand at this table, placed again together with him."""
    level: int
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDone:
    """A table has finished the hand the others wait for: the hand-for-hand round's hand (TDA
    RP-8), the hand in progress when the final table was called (Belarus 3.1-¶3b), or one of
    the day's last hands (PokerStars Live 3.12)."""

    kind: ClassVar[str] = "hand-done"
    version: ClassVar[int] = 1
    table: int
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsCounted:
    """Stacks counted by the floor: ``(entry, stack the tournament knew, stack counted)``.

    The chips in play change only by ``adjustment``, which the director makes with a
    ``reason`` (chips found or missing); otherwise what a count adds to some stacks is taken
    from the chips in play that no count holds yet. ``full``: every player still in was
    counted, so the counts add up to the chips in play.
    """

    kind: ClassVar[str] = "chips-counted"
    version: ClassVar[int] = 1
    counts: tuple[tuple[str, int, int], ...]
    full: bool
    adjustment: int = 0
    reason: str = ""
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened:
    """An empty table put in play by the director."""

    kind: ClassVar[str] = "table-opened"
    version: ClassVar[int] = 1
    table: int
    seats: int
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveConfirmed:
    """The player has taken the seat a move sent him to: the instruction is carried out."""

    kind: ClassVar[str] = "move-confirmed"
    version: ClassVar[int] = 1
    entry: str
    at: float
