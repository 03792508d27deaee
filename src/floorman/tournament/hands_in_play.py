"""Which tables have a hand in progress: the floor's real-time picture (DESIGN.md, principle 7).

A dealer's tablet or the online server says when a hand starts (``HandStarted``, from
:meth:`~floorman.tournament.aggregate.Tournament.start_hand`); the recorded result ends it
(``HandPlayed``). In between, the table is *mid-hand*: the tournament knows the level, button,
blinds and players it was dealt with, so a misdeal's re-deal replays exactly that deal (TDA
R35-C, RedCactus 35), and a floor decision the rulebooks tie to "between hands" waits for it.

A decision that waits is recorded as ``FloorWaiting``: every instruction still to carry out,
each with the table and the deal it waits for, so replay and undo rebuild exactly what the
director's console shows as "after this hand: ...". Each ``FloorWaiting`` replaces the last.
Tables a hand was never started at (a director's console without tablets, older logs) are
between hands as far as the tournament knows, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted:
    """A hand was dealt at ``table``: the deal as it was set up, kept until its result is
    recorded. ``deal`` counts the deals of the event (re-deals included) from 1; ``index`` is
    the structure item whose level it is played at (TDA R23), so a re-deal replays it even
    after the clock has moved on. ``redeal``: this deal replaces a misdeal (R35-C)."""

    kind: ClassVar[str] = "hand-started"
    version: ClassVar[int] = 1
    table: int
    deal: int
    level: int
    index: int
    button: int
    small_blind: int | None
    big_blind: int
    dead_small_blind_seat: int | None = None
    players: tuple[str, ...]
    """The entries dealt in, in seat order: a newcomer seated since is not (R35-C)."""
    redeal: bool = False
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitingInstruction:
    """One floor decision kept for the end of a hand: ``table``'s deal ``deal`` must be over
    first. ``text`` is what the console shows after "after this hand"."""

    table: int
    deal: int
    text: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FloorWaiting:
    """Every floor decision now waiting for a hand to end (replaces the previous list; an
    empty list: nothing waits any more)."""

    kind: ClassVar[str] = "floor-waiting"
    version: ClassVar[int] = 1
    waiting: tuple[WaitingInstruction, ...]


@dataclass(slots=True)
class PlayState:
    """The tables mid-hand and the decisions waiting for them."""

    in_hand: dict[int, HandStarted] = field(default_factory=dict)
    deals: int = 0
    waiting: tuple[WaitingInstruction, ...] = ()

    def waits_for(self, table: int) -> bool:
        """Whether a decision waits for the hand in progress at ``table``."""
        return any(w.table == table for w in self.waiting)

    def after_hand(self, table: int) -> tuple[str, ...]:
        """The instructions for ``table`` once its hand is over."""
        return tuple(w.text for w in self.waiting if w.table == table)


def hand_ended(state: TournamentState, table: int) -> None:
    """The hand at ``table`` was recorded: the table is between hands again."""
    state.play.in_hand.pop(table, None)


def table_gone(state: TournamentState, table: int) -> None:
    """A broken table has no hand in progress and nothing waits for it."""
    play = state.play
    play.in_hand.pop(table, None)
    play.waiting = tuple(w for w in play.waiting if w.table != table)


def _started(state: TournamentState, event: HandStarted) -> None:
    state.play.in_hand[event.table] = event
    state.play.deals = event.deal


def _waiting(state: TournamentState, event: FloorWaiting) -> None:
    state.play.waiting = event.waiting


PLAY_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    HandStarted: _started,
    FloorWaiting: _waiting,
}
"""The fold of each event of this module, registered in :mod:`floorman.tournament.state`."""
