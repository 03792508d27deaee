"""The rulings made at the tables, as the records keep and print them.

A hand recorded from a live table carries the rulings made while it was played
(``HandPlayed.rulings``, :mod:`floorman.tournament.officials.hand_rulings`): irregularities,
actions out
of turn, the points referred to the director and his decisions and overrides. The records keep
each with the hand and table it was made at and its rule, message key and parameters, so a
document prints the ruling in its own language (:func:`floorman.rules.messages.render`, the
rulings' catalogues) whatever language the table used.

The judges' decisions (a decision on a referred point, an override of an automatic ruling) are
what the Belarus protocols list as the officials' record: a judge decides what happened at the
table (Belarus 2.2.3, which may be protested to the chief judge, 2.1.3) and the chief judge
may depart from the Rules for fairness (7.3.1); both are kept with who decided and why.

Printed, a ruling reads as people count: the live table numbers seats from 0, a document
from 1 ("seat 8" is the eighth seat), and a point referred to the director and his decision
on it are one line (the decision, which names the question's rule), not two.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from floorman.records.document import Section, Table
from floorman.records.i18n import Words
from floorman.records.record_words import role_text
from floorman.rules.messages import render
from floorman.rules.ruling import RuleRef, Ruling
from floorman.tournament.events import HandPlayed
from floorman.tournament.officials.hand_rulings import RulingKind, TableRuling

JUDGES = frozenset({RulingKind.DECISION.value, RulingKind.OVERRIDE.value})
"""The kinds of ruling an official took himself."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRulingRecord:
    """One ruling of a recorded hand, with the hand's number, table, level and time."""

    at: float
    hand: int
    table: int
    level: int
    kind: str
    """``ruling``, ``out-of-turn``, ``referred``, ``decision`` or ``override``."""
    profile: str
    rule: str
    """The rule's id in its rulebook (``R53-B``)."""
    key: str
    message: str
    """The ruling's English text; a document prints it in its own language from ``key``."""
    params: tuple[tuple[str, int | str], ...] = ()
    decided_by: str = ""
    entry: str = ""
    outcome: str = ""
    options: tuple[str, ...] = ()
    reason: str = ""
    id: str = ""

    @property
    def ruling(self) -> Ruling:
        return Ruling(RuleRef(self.profile, self.rule), self.key, self.message, self.params)

    @property
    def by_judge(self) -> bool:
        return self.kind in JUDGES


def table_ruling_records(event: HandPlayed) -> tuple[TableRulingRecord, ...]:
    """The rulings a recorded hand carries (none in logs older than them)."""
    return tuple(_record(event, ruling) for ruling in event.rulings)


def _record(event: HandPlayed, table_ruling: TableRuling) -> TableRulingRecord:
    ruling = table_ruling.ruling
    return TableRulingRecord(
        at=event.at,
        hand=event.number,
        table=event.table,
        level=event.level,
        kind=table_ruling.kind.value,
        profile=ruling.rule.profile,
        rule=ruling.rule.rule,
        key=ruling.key,
        message=ruling.message,
        params=ruling.params,
        decided_by=table_ruling.decided_by,
        entry=table_ruling.entry or "",
        outcome=table_ruling.outcome,
        options=table_ruling.options,
        reason=table_ruling.reason,
        id=table_ruling.id,
    )


def record_from_dict(data: dict[str, Any]) -> TableRulingRecord:
    """A record read back from the results' JSON (lists back to tuples)."""
    params = tuple((str(k), v) for k, v in data.get("params", ()))
    options = tuple(data.get("options", ()))
    return TableRulingRecord(**{**data, "params": params, "options": options})


# --- printed -----------------------------------------------------------------------------------


SEAT_PARAMS = frozenset({"seat", "actor", "opponent", "skipped", "asker", "of"})
"""A ruling's parameters that are seats, counted from 0 at the table."""
_SEAT_IN_TEXT = re.compile(r"\b([Ss]eats?) (\d+)\b")


def ruling_text(record: TableRulingRecord, say: Words) -> str:
    """The ruling in the document's language: a referred point by its options, any other by
    its message (English where the rulings' catalogue has no translation), its seats
    counted from 1."""
    if record.kind == RulingKind.REFERRED.value:
        options = ", ".join(option.replace("-", " ") for option in record.options)
        return say("Referred to the director: {options}", options=options)
    return render(seats_from_one(record.ruling), say.lang)


def seats_from_one(ruling: Ruling) -> Ruling:
    """The ruling with its seats as a person counts them: the seat parameters and every
    "seat N" of its English text one higher."""
    params = tuple(
        (name, value + 1 if name in SEAT_PARAMS and isinstance(value, int) else value)
        for name, value in ruling.params
    )
    message = _SEAT_IN_TEXT.sub(lambda m: f"{m[1]} {int(m[2]) + 1}", ruling.message)
    return replace(ruling, message=message, params=params)


def decided_by_text(record: TableRulingRecord, say: Words) -> str:
    """Who decided: the rules (floorman applied them) or the official named."""
    if record.decided_by == "rules":
        return say("the rules")
    if record.decided_by == "dealer":
        return say("dealer")
    return role_text(record.decided_by, say)


def one_line_each(records: Iterable[TableRulingRecord]) -> tuple[TableRulingRecord, ...]:
    """The rulings to print: a referred point answered by a decision of the same hand and id
    is left out (the decision's line says what was decided on it); an exact repeat too."""
    kept = tuple(records)
    decided = {
        (r.table, r.hand, r.id) for r in kept if r.kind == RulingKind.DECISION.value and r.id
    }
    shown: list[TableRulingRecord] = []
    for record in kept:
        answered = record.kind == RulingKind.REFERRED.value
        if answered and (record.table, record.hand, record.id) in decided:
            continue
        if record not in shown:
            shown.append(record)
    return tuple(shown)


def rule_text(record: TableRulingRecord) -> str:
    return f"{record.profile} {record.rule}"


def table_rulings_section(
    records: Iterable[TableRulingRecord], names: dict[str, str], say: Words, *, heading: str = ""
) -> Section:
    """Every ruling at the tables: when, which hand at which table, on whom, the ruling in
    the document's language, who decided, the rule and the reason."""
    rows = tuple(_row(record, names, say) for record in one_line_each(records))
    columns = (
        say("Time"),
        say("Hand"),
        say("Table"),
        say("Player"),
        say("Ruling"),
        say("Decided by"),
        say("Rule"),
        say("Reason"),
    )
    return Section(
        heading=heading or say("Rulings at the tables"),
        table=Table(columns=columns, rows=rows, numeric=frozenset({1, 2})),
        empty=say("No ruling was made at the tables."),
    )


def judges_decisions_section(
    records: Iterable[TableRulingRecord], names: dict[str, str], say: Words
) -> Section:
    """The officials' own decisions at the tables (Belarus 2.2.3, 7.3.1): the protocol's
    record of what the judges decided, by whom and why."""
    section = table_rulings_section(
        (r for r in records if r.by_judge), names, say, heading=say("Judges' decisions")
    )
    return Section(
        heading=section.heading, table=section.table, empty=say("No judge's decision was made.")
    )


def _row(record: TableRulingRecord, names: dict[str, str], say: Words) -> tuple[str, ...]:
    return (
        say.time(record.at),
        str(record.hand),
        str(record.table),
        names.get(record.entry, record.entry),
        ruling_text(record, say),
        decided_by_text(record, say),
        rule_text(record),
        say(record.reason) if record.reason else "",
    )
