"""The director called to a live table, and his overrides of the rulings its hand made by
itself (TDA R1, Belarus 7.3.1, Poland §1.6), as the tournament's log keeps them.

A dealer's tablet holds the hand it records (its setup and steps, :mod:`floorman.web.
dealer_hand`); the tournament learns the hand when it is awarded. The director's word on a
ruling of that hand must still be on the record the moment he gives it, from the console or
at the table, and must reach the tablet: so it is an event of the log, kept for the table
until its hand is recorded (or voided by a misdeal). The tablet's hand applies it where it
was given, after the tablet's ``after_step``-th step, to the ruling at ``target`` in the
hand's history (:mod:`floorman.live.director.override_targets`), and the recorded hand carries it
among its rulings.

The tournament does not hold the hand, so it checks what it knows (the table, the reason,
the action's words); the route that takes the override checks it against the hand first
(:mod:`floorman.web.ruling_routes`), and a hand that no longer has the ruling (the dealer
took the steps back) reports the override as lapsed instead of applying it.

A dealer may call the director to the table (a point he cannot settle, a player who asks
for him): the call waits on the director's console until he overrides a ruling there or the
hand is recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from floorman.tournament.refusals import bad

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState

ACTIONS: Final = ("", "fold", "check", "call", "raise", "bring-in")
"""The words of an action played instead (``""``: none; an all-in is a raise to the
whole stack, or a call)."""
MAX_TEXT: Final = 500


@dataclass(frozen=True, slots=True, kw_only=True)
class DirectorCalled:
    """The dealer (or a floor) called the director to ``table``."""

    kind: ClassVar[str] = "director-called"
    version: ClassVar[int] = 1
    table: int
    reason: str = ""
    by_role: str
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRulingOverridden:
    """The director overrode the ruling at ``target`` of the hand in play at ``table``, given
    when the tablet had recorded ``after_step`` steps: ``choice`` in its place, with the
    action ``action`` (``to``: a bet's street total) where the choice plays one."""

    kind: ClassVar[str] = "table-ruling-overridden"
    version: ClassVar[int] = 1
    table: int
    after_step: int
    target: int
    choice: str
    action: str = ""
    to: int | None = None
    reason: str
    by_role: str
    at: float


@dataclass(slots=True)
class TableCalls:
    """What waits at each table's hand in play: the director's call, his overrides."""

    called: dict[int, DirectorCalled] = field(default_factory=dict)
    overrides: dict[int, tuple[TableRulingOverridden, ...]] = field(default_factory=dict)
    done: dict[int, int] = field(default_factory=dict)
    """How many hands each table has finished (recorded or voided): a copy of a hand in play
    taken at another count is of a hand already over."""

    def hand_done(self, table: int) -> None:
        """The table's hand was recorded or voided: what waited for it is over."""
        self.called.pop(table, None)
        self.overrides.pop(table, None)
        self.done[table] = self.done.get(table, 0) + 1


def decide_call(
    state: TournamentState, *, table: int, reason: str, by_role: str, at: float
) -> DirectorCalled:
    _check_table(state, table)
    _check_text(reason, "reason")
    return DirectorCalled(table=table, reason=reason.strip(), by_role=by_role, at=at)


def decide_override(
    state: TournamentState,
    *,
    table: int,
    after_step: int,
    target: int,
    choice: str,
    reason: str,
    by_role: str,
    at: float,
    action: str = "",
    to: int | None = None,
) -> TableRulingOverridden:
    """The override as the log keeps it; refused when the table is not in play, the reason
    is missing (TDA R1: the director's decision is on the record with why), or the action
    is not one a tablet records."""
    _check_table(state, table)
    if after_step < 0 or target < 0:
        bad("the override names a step and a ruling of the hand", "override-target")
    if not choice.strip():
        bad("the override names what the director puts instead", "director-option")
    if not reason.strip():
        bad("the director's override needs his reason", "director-reason")
    _check_text(reason, "director-reason")
    if action not in ACTIONS:
        bad(f"{action!r} is no action; one of {', '.join(ACTIONS[1:])}", "override-action")
    if (to is not None) != (action == "raise") or (to is not None and to < 1):
        bad("a raise instead names its total, and only a raise does", "override-action")
    return TableRulingOverridden(
        table=table,
        after_step=after_step,
        target=target,
        choice=choice.strip(),
        action=action,
        to=to,
        reason=reason.strip(),
        by_role=by_role,
        at=at,
    )


def _check_table(state: TournamentState, table: int) -> None:
    if not state.started:
        bad("the director is called to tables once the tournament has started", "started")
    if table not in state.tables:
        bad(f"table {table} is not in play", "table")


def _check_text(text: str, constraint: str) -> None:
    if len(text) > MAX_TEXT:
        bad(f"at most {MAX_TEXT} characters", constraint)


def _called(state: TournamentState, event: DirectorCalled) -> None:
    state.calls.called[event.table] = event


def _overridden(state: TournamentState, event: TableRulingOverridden) -> None:
    calls = state.calls
    calls.called.pop(event.table, None)
    calls.overrides[event.table] = (*calls.overrides.get(event.table, ()), event)


def table_hand_over(state: TournamentState, event: DirectorCalled | Any) -> None:
    """Reaction to a hand recorded or voided at ``event.table``: what waited for it is over."""
    state.calls.hand_done(event.table)


CALL_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    DirectorCalled: _called,
    TableRulingOverridden: _overridden,
}
"""The fold of each event of this module."""
