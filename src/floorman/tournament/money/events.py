"""The events of the director's money desk and their fold into the state: the payout plan,
money recorded by hand (league dues, refunds, corrections) and the event closed.

No rulebook fixes a payout table (TDA leaves it to the house, its ambiguity A32; the Belarus,
RedCactus, Poland and PokerStars Live digests have none), so the plan is the house's: how
many places are paid, by percentages or floorman's curve, rounded to the unit the director
pays in, and an optional bubble prize for the first place out of the money. The ledger itself
is not kept here: it is a projection of the whole log (:mod:`.ledger`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutPlan:
    """The director's payout plan. ``places`` (a number) or ``share`` (a share of the field,
    rounded up) says how many places are paid, unless ``percentages`` gives the table itself
    (one per paid place, first place first, summing to 100); neither: floorman's curve with
    its default share. Prizes are rounded down to ``unit`` (what rounding leaves goes to first
    place); ``bubble`` is the prize of the first place out of the money, taken off the pool
    before the paid places share it."""

    places: int | None = None
    share: float | None = None
    percentages: tuple[float, ...] = ()
    unit: int = 1
    bubble: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutPlanSet:
    """The director set the payout plan; a :class:`~.events.PayoutsSet` follows it."""

    kind: ClassVar[str] = "payout-plan-set"
    version: ClassVar[int] = 1
    plan: PayoutPlan
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MoneyRecorded:
    """Money the director records by hand: league dues collected, a refund, a payout made
    outside the event's own prizes, or a correction of an earlier ledger line (``corrects``,
    its number; the amount may then be negative). ``side`` is ``in`` (into the cash box) or
    ``out``."""

    kind: ClassVar[str] = "money-recorded"
    version: ClassVar[int] = 1
    category: str
    side: str
    amount: int
    entry: str = ""
    note: str = ""
    corrects: int | None = None
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class EventClosed:
    """The books of the event are closed: money in equalled money out plus the house's part."""

    kind: ClassVar[str] = "event-closed"
    version: ClassVar[int] = 1
    money_in: int
    money_out: int
    house: int
    at: float


MoneyEvent = PayoutPlanSet | MoneyRecorded | EventClosed
"""The money desk's events (members of ``TournamentEvent``)."""


@dataclass(slots=True)
class MoneyDesk:
    """What the state keeps of the money desk."""

    plan: PayoutPlan | None = None
    closed: bool = False


def _plan_set(state: TournamentState, event: PayoutPlanSet) -> None:
    state.money.plan = event.plan


def _recorded(state: TournamentState, event: MoneyRecorded) -> None:
    """Nothing in the state changes: the ledger reads the event from the log."""


def _closed(state: TournamentState, event: EventClosed) -> None:
    state.money.closed = True


MONEY_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    PayoutPlanSet: _plan_set,
    MoneyRecorded: _recorded,
    EventClosed: _closed,
}
