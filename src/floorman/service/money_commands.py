"""The director's money commands as typed values (issue 18), each run by the aggregate's
:mod:`~floorman.tournament.money.commands`.

None is listed in :data:`~floorman.service.api.roles.COMMAND_ROLES`, so only a director sends
them: the payout plan and the books are his.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import TournamentEvent
from floorman.tournament.money.events import PayoutPlan

Events = Sequence[TournamentEvent]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetPayoutPlan:
    """Places paid as ``places`` or ``share`` of the field, or the table as ``percentages``;
    rounded down to ``unit``; ``bubble``: the first place out of the money's prize."""

    places: int | None = None
    share: float | None = None
    percentages: tuple[float, ...] = ()
    unit: int = 1
    bubble: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordMoney:
    """A ledger line by hand: league dues, a refund, a payout, or a correction of line
    ``corrects`` (which may be negative)."""

    category: str
    side: str
    amount: int
    entry: str = ""
    note: str = ""
    corrects: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseEvent:
    """Close the books: refused, naming the difference, unless they balance."""


def set_payout_plan(t: Tournament, c: SetPayoutPlan, at: float, rng: random.Random) -> Events:
    plan = PayoutPlan(
        places=c.places,
        share=c.share,
        percentages=c.percentages,
        unit=c.unit,
        bubble=c.bubble,
    )
    return t.set_payout_plan(plan=plan, at=at)


def record_money(t: Tournament, c: RecordMoney, at: float, rng: random.Random) -> Events:
    return t.record_money(
        category=c.category,
        side=c.side,
        amount=c.amount,
        entry=c.entry,
        note=c.note,
        corrects=c.corrects,
        at=at,
    )


def close_event(t: Tournament, c: CloseEvent, at: float, rng: random.Random) -> Events:
    return t.close_event(at=at)


MONEY_COMMANDS: tuple[tuple[str, type[Any], Callable[..., Events]], ...] = (
    ("set-payout-plan", SetPayoutPlan, set_payout_plan),
    ("record-money", RecordMoney, record_money),
    ("close-event", CloseEvent, close_event),
)
"""Each command's name, type and handler, for the registry."""
