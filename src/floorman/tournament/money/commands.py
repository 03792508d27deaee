"""The director's money commands: the payout plan, money recorded by hand, closing the books.

The commands are functions of a command's :class:`~floorman.tournament.fold.Fold`, run by the
facade :class:`~floorman.tournament.aggregate.Tournament`: each checks first, then folds the
events it decides; a refusal at any step leaves nothing (:mod:`floorman.tournament.fold`). The
plan can change until the money is reached (from then on the table is final: nobody's prize
changes after he was paid, see :mod:`.money`). The books close only when the ledger
(:mod:`.ledger`) balances: money in equals money out plus the house's part; otherwise the
refusal names the difference."""

from __future__ import annotations

import random
from collections.abc import Sequence

from floorman.tournament.events import TournamentEvent
from floorman.tournament.fold import Fold
from floorman.tournament.money import deal_commands
from floorman.tournament.money import pool as money
from floorman.tournament.money.deal_events import DealAccepted
from floorman.tournament.money.deals import DealMethod
from floorman.tournament.money.events import EventClosed, MoneyRecorded, PayoutPlan, PayoutPlanSet
from floorman.tournament.money.ledger import CATEGORIES, SIDES, balance, ledger
from floorman.tournament.money.payout_plan import check_plan
from floorman.tournament.refusals import bad
from floorman.tournament.state import TournamentState

MAX_NOTE = 500


def set_payout_plan(fold: Fold, *, plan: PayoutPlan, at: float) -> tuple[TournamentEvent, ...]:
    """The director's payout plan; the payout table is recomputed from it now."""
    state = fold.state
    _check_open(state)
    if state.finished or (state.started and money.in_the_money(state)):
        bad("the paid places are reached: the payout table is final", "payouts-final")
    check_plan(plan)  # even while the pool is empty and no table is computed
    table = money.payouts(state, plan=plan)  # refuses a plan that gives no table
    rule = state.config_.ruleset.cite("payouts").rule
    return fold.emit([PayoutPlanSet(plan=plan, at=at, rule=rule), table])


def record_money(
    fold: Fold,
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
    _check_open(fold.state)
    _check_line(fold.state, category=category, side=side, amount=amount, entry=entry)
    if len(note) > MAX_NOTE:
        bad(f"a note is at most {MAX_NOTE} characters", "money-note")
    if category == "correction":
        lines = ledger(fold.log)
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
    return fold.emit([event])


def close_event(fold: Fold, *, at: float) -> tuple[TournamentEvent, ...]:
    """Close the books: refused, naming the difference, unless they balance."""
    _check_open(fold.state)
    totals = balance(ledger(fold.log))
    if totals.difference:
        bad(
            f"money in {totals.money_in} is not money out {totals.money_out} plus the "
            f"house's {totals.house}: {totals.difference} is unaccounted for",
            "books-balance",
        )
    closed = EventClosed(
        money_in=totals.money_in, money_out=totals.money_out, house=totals.house, at=at
    )
    return fold.emit([closed])


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


def propose_deal(
    fold: Fold,
    *,
    method: DealMethod | str,
    at: float,
    keep_for_winner: int = 0,
    amounts: Sequence[int] | None = None,
    rng: random.Random | None = None,
) -> tuple[TournamentEvent, ...]:
    """A chip-chop, ICM, hybrid or custom deal among all remaining players."""
    proposed = deal_commands.propose(
        fold.state,
        method=method,
        at=at,
        keep_for_winner=keep_for_winner,
        amounts=amounts,
        rng=rng,
    )
    return fold.emit(proposed)


def consent(
    fold: Fold, *, entry: str, at: float, agree: bool = True
) -> tuple[TournamentEvent, ...]:
    """A player's answer to the deal; the last consent makes it, and a full deal ends
    the event with places by chip count."""
    events = fold.emit(deal_commands.consent(fold.state, entry=entry, at=at, agree=agree))
    last = events[-1]
    if isinstance(last, DealAccepted) and last.left_to_play == 0:
        events += fold.emit(deal_commands.finish_by_chips(fold.state, at))
    return events
