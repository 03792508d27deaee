"""The event's money ledger: a projection of its log, never a table of its own.

The event log is append-only, so the ledger is too: each line comes from one event (and the
service adds the version and the command that wrote it), and a correction is a new
:class:`~.money_events.MoneyRecorded` line naming the line it corrects, never an edit.

Lines are on one of three sides. ``in``: cash into the box (buy-ins, fees, bounties, rebuys,
add-ons, league dues, the organiser's top-up to a guarantee). ``out``: cash paid from it
(prizes, bounties won, refunds). ``house``: money already in the box that the players will
not get back (a bounty or a prize forfeited by a disqualification). The house's part is its
fees, league dues, the ``house`` lines and the corrections of these; the books balance when
money in equals money out plus the house's part, and only then may the event be closed.

Prizes are counted as paid when a place is given (a player's elimination, the winner's
finish): the cashier's own record of paying (``prize-paid``) is the same money and adds no
line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from floorman.tournament.config import TournamentConfig
from floorman.tournament.desk.events import RefundRecorded
from floorman.tournament.events import (
    BountyPaid,
    PayoutsSet,
    PlayerEliminated,
    PlayerRegistered,
    RebuyMade,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
)
from floorman.tournament.money.events import MoneyRecorded

IN, OUT, HOUSE = "in", "out", "house"
SIDES = (IN, OUT)
"""The sides a director may record by hand (``house`` lines come from the rules)."""
HOUSE_CATEGORIES = frozenset({"fee", "league-dues"})
"""Money in that is the house's (or the league's), never the players'."""
CATEGORIES = (
    "buy-in",
    "fee",
    "bounty",
    "rebuy",
    "add-on",
    "overlay",
    "payout",
    "refund",
    "league-dues",
    "correction",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class LedgerLine:
    """One line of the ledger. ``source`` is the position (from 1) of the event that made it
    in the events given to :func:`ledger`; ``amount`` is negative only in a correction."""

    number: int
    source: int
    category: str
    side: str
    amount: int
    entry: str = ""
    note: str = ""
    corrects: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Balance:
    """The ledger's totals; ``difference`` is what is unaccounted for (zero: balanced)."""

    money_in: int
    money_out: int
    house: int

    @property
    def cash_in_box(self) -> int:
        """What the box should hold now: money in less money out."""
        return self.money_in - self.money_out

    @property
    def difference(self) -> int:
        return self.money_in - self.money_out - self.house


@dataclass(frozen=True, slots=True, kw_only=True)
class _Draft:
    category: str
    side: str
    amount: int
    entry: str = ""
    note: str = ""
    corrects: int | None = None


def ledger(events: Iterable[TournamentEvent]) -> tuple[LedgerLine, ...]:
    """The ledger of an event's log (its events in force, in order)."""
    lines: list[LedgerLine] = []
    config: TournamentConfig | None = None
    overlay = 0
    for position, event in enumerate(events, start=1):
        if isinstance(event, TournamentCreated):
            config = event.config
        drafts = _drafts(event, config, overlay)
        if isinstance(event, PayoutsSet):
            overlay = event.overlay
        for draft in drafts:
            lines.append(_line(len(lines) + 1, position, draft))
    return tuple(lines)


def balance(lines: Sequence[LedgerLine]) -> Balance:
    """Money in, money out and the house's part of ``lines``."""
    money_in = sum(line.amount for line in lines if line.side == IN)
    money_out = sum(line.amount for line in lines if line.side == OUT)
    by_number = {line.number: line for line in lines}
    house = sum(line.amount for line in lines if _is_house(line, by_number))
    return Balance(money_in=money_in, money_out=money_out, house=house)


def _is_house(line: LedgerLine, by_number: dict[int, LedgerLine]) -> bool:
    """A house line, a fee or league dues, or a correction of one of them."""
    corrected = by_number.get(line.corrects) if line.corrects is not None else None
    category = corrected.category if corrected is not None else line.category
    return line.side == HOUSE or category in HOUSE_CATEGORIES


def _line(number: int, source: int, draft: _Draft) -> LedgerLine:
    return LedgerLine(
        number=number,
        source=source,
        category=draft.category,
        side=draft.side,
        amount=draft.amount,
        entry=draft.entry,
        note=draft.note,
        corrects=draft.corrects,
    )


def _drafts(event: TournamentEvent, config: TournamentConfig | None, overlay: int) -> list[_Draft]:
    if isinstance(event, PlayerRegistered) and config is not None:
        return _entry(event.entry, config)
    if isinstance(event, RebuyMade):
        category = "add-on" if event.add_on else "rebuy"
        return [_Draft(category=category, side=IN, amount=event.price, entry=event.entry)]
    if isinstance(event, BountyPaid):
        return _bounty(event)
    if isinstance(event, PlayerEliminated):
        return _prize(event.entry, event.prize, forfeited=event.forfeited)
    if isinstance(event, TournamentFinished):
        return _prize(event.winner, event.prize, forfeited=0)
    if isinstance(event, PayoutsSet) and event.overlay != overlay:
        note = "the organiser's top-up to the guarantee"
        return [_Draft(category="overlay", side=IN, amount=event.overlay - overlay, note=note)]
    if isinstance(event, RefundRecorded):
        return [_Draft(category="refund", side=OUT, amount=event.amount, entry=event.entry)]
    if isinstance(event, MoneyRecorded):
        return [_recorded(event)]
    return []


def _entry(entry: str, config: TournamentConfig) -> list[_Draft]:
    """A buy-in: its prize-pool part, the house's fee and the bounty on the entry's head."""
    parts = (("buy-in", config.buy_in), ("fee", config.fee), ("bounty", config.bounty))
    return [_Draft(category=c, side=IN, amount=a, entry=entry) for c, a in parts if a]


def _bounty(event: BountyPaid) -> list[_Draft]:
    drafts = [
        _Draft(category="bounty", side=OUT, amount=amount, entry=winner, note=event.eliminated)
        for winner, amount in event.shares
        if amount
    ]
    if event.forfeited:
        note = f"{event.eliminated}'s bounty, forfeited"
        drafts.append(_Draft(category="bounty", side=HOUSE, amount=event.forfeited, note=note))
    return drafts


def _prize(entry: str, prize: int, *, forfeited: int) -> list[_Draft]:
    drafts = [_Draft(category="payout", side=OUT, amount=prize, entry=entry)] if prize else []
    if forfeited:
        note = f"{entry}'s prize, forfeited"
        drafts.append(_Draft(category="payout", side=HOUSE, amount=forfeited, note=note))
    return drafts


def _recorded(event: MoneyRecorded) -> _Draft:
    return _Draft(
        category=event.category,
        side=event.side,
        amount=event.amount,
        entry=event.entry,
        note=event.note,
        corrects=event.corrects,
    )
