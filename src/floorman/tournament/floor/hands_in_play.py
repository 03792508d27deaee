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
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from floorman.errors import MalformedInputError
from floorman.tournament.seating.positions import record_hand, sits_out
from floorman.tournament.seating.tables import Positions, Table

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
    concept: str = "balance"
    """What waits: ``balance`` (or ``balance-stud``), ``break`` or ``final-table``."""


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

    @property
    def final_table_waits(self) -> bool:
        """The final table waits for the hands in progress: no other hand may start. Once the
        hand it waited for is over it no longer blocks (it is drawn at the next recorded hand,
        as in hand-for-hand, where a table still owes its hand of the round: blocking that
        hand would leave the final table waiting for ever)."""
        return any(w.concept == "final-table" and self._in_progress(w) for w in self.waiting)

    def _in_progress(self, waiting: WaitingInstruction) -> bool:
        started = self.in_hand.get(waiting.table)
        return started is not None and started.deal == waiting.deal

    def after_hand(self, table: int) -> tuple[str, ...]:
        """The instructions for ``table`` once its hand is over."""
        return tuple(w.text for w in self.waiting if w.table == table)


def positions_of(event: HandStarted) -> Positions:
    """The button and blinds the hand was dealt with."""
    return Positions(
        button=event.button,
        small_blind=event.small_blind,
        big_blind=event.big_blind,
        dead_small_blind_seat=event.dead_small_blind_seat,
    )


def seating_table(state: TournamentState, table: Table) -> Table:
    """``table`` as a newcomer or a balancing plan sees it: where a hand is in progress, as it
    will be once that hand is over (its positions the last hand's), since a player seated now
    plays from the next hand: his worst seat and whether he waits for the button are judged
    from the hand being played, not the one before it (TDA R11-A, R10-A)."""
    started = state.play.in_hand.get(table.number)
    if started is None:
        return table
    return record_hand(table, positions_of(started))


def seat_newcomer(state: TournamentState, table: Table, seat: int, entry: str) -> Table:
    """``table`` with ``entry`` seated in ``seat``, waiting for the button where he must, judged
    from the hand in progress there if any (:func:`seating_table`)."""
    return table.with_seat(seat, entry, waiting=sits_out(seating_table(state, table), seat))


def check_between_hands(state: TournamentState, entry: str, what: str) -> None:
    """Refuses ``what`` (a rebuy, an add-on) for a player dealt in a hand still in progress:
    his stack must stay the one the hand was dealt with until its result (TDA R27: chips
    bought between hands)."""
    table = state.entries[entry].table if entry in state.entries else None
    started = state.play.in_hand.get(table) if table is not None else None
    if started is not None and entry in started.players:
        raise MalformedInputError(
            f"{what} comes between hands: {entry} is in the hand in progress at table {table}",
            constraint="hand-in-progress",
        )


def check_no_hand_in_progress(state: TournamentState, what: str) -> None:
    """Refuses ``what`` (the chip race) while any table is mid-hand."""
    if state.play.in_hand:
        tables = ", ".join(str(n) for n in sorted(state.play.in_hand))
        raise MalformedInputError(
            f"{what} waits for the hands in progress (tables {tables})",
            constraint="hand-in-progress",
        )


def hand_ended(state: TournamentState, table: int) -> None:
    """The hand at ``table`` was recorded: the table is between hands again."""
    state.play.in_hand.pop(table, None)


def table_gone(state: TournamentState, table: int) -> None:
    """A broken table has no hand in progress and nothing waits for it."""
    play = state.play
    play.in_hand.pop(table, None)
    play.waiting = tuple(w for w in play.waiting if w.table != table)


class _AtTable(Protocol):
    @property
    def table(self) -> int: ...


def table_hand_over(state: TournamentState, event: _AtTable) -> None:
    """Reaction to a hand recorded (or marked done by the director) at ``event.table``."""
    hand_ended(state, event.table)


def table_broken(state: TournamentState, event: _AtTable) -> None:
    """Reaction to a table broken: nothing is in progress or waits there any more."""
    table_gone(state, event.table)


def every_table_gone(state: TournamentState, event: object) -> None:
    """Reaction to the final table's redraw: the old tables' hands are over."""
    del event
    for number in list(state.play.in_hand):
        table_gone(state, number)


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
