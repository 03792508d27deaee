"""The director's money commands: the payout plan, money recorded by hand, closing the books.

:class:`MoneyCommands` is a base of :class:`~floorman.tournament.aggregate.Tournament` like
:class:`~floorman.tournament.desk.commands.DeskCommands`: each method checks first and changes
nothing when it refuses. The plan can change until the money is reached (from then on the
table is final: nobody's prize changes after he was paid, see :mod:`.money`). The books close
only when the ledger (:mod:`.ledger`) balances: money in equals money out plus the house's
part; otherwise the refusal names the difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from floorman.tournament.events import TournamentEvent
from floorman.tournament.money import pool as money
from floorman.tournament.money.events import EventClosed, MoneyRecorded, PayoutPlan, PayoutPlanSet
from floorman.tournament.money.ledger import CATEGORIES, SIDES, balance, ledger
from floorman.tournament.money.payout_plan import check_plan
from floorman.tournament.refusals import bad
from floorman.tournament.state import TournamentState

MAX_NOTE = 500


class _Host(Protocol):
    state: TournamentState
    events: list[TournamentEvent]

    def _emit(self, events: Sequence[TournamentEvent]) -> tuple[TournamentEvent, ...]: ...


class MoneyCommands:
    """The payout plan, the ledger's hand-recorded lines and the event's closing."""

    def set_payout_plan(self: _Host, *, plan: PayoutPlan, at: float) -> tuple[TournamentEvent, ...]:
        """The director's payout plan; the payout table is recomputed from it now."""
        state = self.state
        _check_open(state)
        if state.finished or (state.started and money.in_the_money(state)):
            bad("the paid places are reached: the payout table is final", "payouts-final")
        check_plan(plan)  # even while the pool is empty and no table is computed
        table = money.payouts(state, plan=plan)  # refuses a plan that gives no table
        rule = state.config_.ruleset.cite("payouts").rule
        return self._emit([PayoutPlanSet(plan=plan, at=at, rule=rule), table])

    def record_money(
        self: _Host,
        *,
        category: str,
        side: str,
        amount: int,
        at: float,
        entry: str = "",
        note: str = "",
        corrects: int | None = None,
    ) -> tuple[TournamentEvent, ...]:
        """A ledger line the director records by hand; a correction names the line it
        corrects and may be negative."""
        _check_open(self.state)
        _check_line(self.state, category=category, side=side, amount=amount, entry=entry)
        if len(note) > MAX_NOTE:
            bad(f"a note is at most {MAX_NOTE} characters", "money-note")
        if category == "correction":
            lines = ledger(self.events)
            if corrects is None or not 1 <= corrects <= len(lines):
                bad(f"a correction names a ledger line from 1 to {len(lines)}", "money-correction")
        elif corrects is not None:
            bad("only a correction names the line it corrects", "money-correction")
        event = MoneyRecorded(
            category=category,
            side=side,
            amount=amount,
            entry=entry,
            note=note.strip(),
            corrects=corrects,
            at=at,
        )
        return self._emit([event])

    def close_event(self: _Host, *, at: float) -> tuple[TournamentEvent, ...]:
        """Close the books: refused, naming the difference, unless they balance."""
        _check_open(self.state)
        totals = balance(ledger(self.events))
        if totals.difference:
            bad(
                f"money in {totals.money_in} is not money out {totals.money_out} plus the "
                f"house's {totals.house}: {totals.difference} is unaccounted for",
                "books-balance",
            )
        closed = EventClosed(
            money_in=totals.money_in, money_out=totals.money_out, house=totals.house, at=at
        )
        return self._emit([closed])


def _check_open(state: TournamentState) -> None:
    if state.money.closed:
        bad("the event's books are closed", "books-closed")


def _check_line(
    state: TournamentState, *, category: str, side: str, amount: int, entry: str
) -> None:
    if category not in CATEGORIES:
        bad(f"unknown money category {category!r}; one of {', '.join(CATEGORIES)}", "money-line")
    if side not in SIDES:
        bad(f"a line is money {' or '.join(SIDES)}, not {side!r}", "money-line")
    if amount == 0 or (amount < 0 and category != "correction"):
        bad("an amount is above zero (only a correction may be negative)", "money-line")
    if entry and entry not in state.entries:
        bad(f"no entry {entry!r}", "money-line")
