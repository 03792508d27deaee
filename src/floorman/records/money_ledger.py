"""The money ledger as a record: each line with the version and the command that wrote it,
its totals, and the CSV a cashier or an accountant opens.

The lines themselves are the tournament's projection (:mod:`floorman.tournament.money.ledger`);
here they are tied to the log: the stream version of the event that made the line, and the
command (its number in the command log, its name, who sent it and when). The service reads
those origins from its store (:mod:`floorman.service.log_readers.money_book`) and hands them
over as plain values. A log read from a file has no command log: its lines carry the event's
position and no command.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from floorman.tournament.events import TournamentEvent
from floorman.tournament.money.events import EventClosed
from floorman.tournament.money.ledger import Balance, LedgerLine, balance, ledger


@dataclass(frozen=True, slots=True, kw_only=True)
class Origin:
    """Where a line comes from in the log."""

    version: int
    command_id: int | None = None
    command: str = ""
    actor: str = ""
    at: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MoneyRow:
    line: LedgerLine
    origin: Origin


@dataclass(frozen=True, slots=True, kw_only=True)
class MoneyBook:
    rows: tuple[MoneyRow, ...]
    totals: Balance
    closed: bool


def book_of(events: Sequence[TournamentEvent], origins: Sequence[Origin]) -> MoneyBook:
    """The ledger of ``events`` with each line's origin (``origins[i]``: the i-th event's)."""
    lines = ledger(events)
    rows = tuple(MoneyRow(line=line, origin=origins[line.source - 1]) for line in lines)
    closed = any(isinstance(e, EventClosed) for e in events)
    return MoneyBook(rows=rows, totals=balance(lines), closed=closed)


def book_from_events(events: Sequence[TournamentEvent]) -> MoneyBook:
    """A log read from a file: the origin is the event's position."""
    return book_of(events, [Origin(version=i) for i in range(1, len(events) + 1)])


HEADER = (
    "line",
    "version",
    "command_id",
    "command",
    "actor",
    "category",
    "side",
    "amount",
    "entry",
    "note",
    "corrects",
)


def money_csv(book: MoneyBook) -> str:
    """One row per ledger line, then the totals (money in, out, the house's, the difference)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for row in book.rows:
        line, origin = row.line, row.origin
        writer.writerow(
            (
                line.number,
                origin.version,
                "" if origin.command_id is None else origin.command_id,
                origin.command,
                origin.actor,
                line.category,
                line.side,
                line.amount,
                line.entry,
                line.note,
                "" if line.corrects is None else line.corrects,
            )
        )
    totals = book.totals
    for name, value in (
        ("money in", totals.money_in),
        ("money out", totals.money_out),
        ("house", totals.house),
        ("difference", totals.difference),
    ):
        writer.writerow(("", "", "", "", "", name, "", value, "", "", ""))
    return out.getvalue()


def book_json(book: MoneyBook) -> dict[str, object]:
    """The book as the console reads it."""
    totals = book.totals
    return {
        "lines": [
            {
                "number": r.line.number,
                "version": r.origin.version,
                "command_id": r.origin.command_id,
                "command": r.origin.command,
                "actor": r.origin.actor,
                "at": r.origin.at,
                "category": r.line.category,
                "side": r.line.side,
                "amount": r.line.amount,
                "entry": r.line.entry,
                "note": r.line.note,
                "corrects": r.line.corrects,
            }
            for r in book.rows
        ],
        "money_in": totals.money_in,
        "money_out": totals.money_out,
        "house": totals.house,
        "cash_in_box": totals.cash_in_box,
        "difference": totals.difference,
        "closed": book.closed,
    }
