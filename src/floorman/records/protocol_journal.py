"""The journal of a competition: what happened, when, and by which rule, one line each.

It is the body of the running protocol (Belarus 2.3.2): the levels in play, the players moved,
the tables broken, the final table, hand-for-hand play, the eliminations in their order, the
penalties and rulings (the officials', and those made at the tables during a recorded hand,
a judge's decision saying who took it), and the end. Each line keeps its facts as data
(entries, numbers) and is worded in the reader's language only when printed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

from floorman.records.extra_events import ruling_record
from floorman.records.i18n import Words
from floorman.records.table_rulings import (
    TableRulingRecord,
    decided_by_text,
    rule_text,
    ruling_text,
    table_ruling_records,
)
from floorman.tournament.events import (
    ChipsRemoved,
    FinalTableFormed,
    HandForHandEnded,
    HandForHandStarted,
    HandPlayed,
    MisdealRecorded,
    PenaltyGiven,
    PlacesShifted,
    PlayerEliminated,
    PlayerMoved,
    PlayerSeated,
    RebuyMade,
    SeatsDrawn,
    TableBroken,
    TournamentFinished,
)
from floorman.tournament.money.deal_events import DealAccepted
from floorman.tournament.structure.race_events import ChipRaceRun


@dataclass(frozen=True, slots=True, kw_only=True)
class JournalLine:
    at: float | None
    text: str
    """An English msgid of the records catalogue, with named placeholders."""
    params: tuple[tuple[str, object], ...] = ()
    entries: tuple[tuple[str, str], ...] = ()
    """Placeholders that hold an entry, shown as the player's name; a placeholder given for
    several entries lists them all."""
    rule: str = ""
    ruling: TableRulingRecord | None = None
    """A ruling at a table: worded (``{ruling}``, ``{by}``) in the reader's language."""

    def row(self, names: Mapping[str, str], say: Words) -> tuple[str, str, str]:
        values = dict(self.params)
        for key in dict(self.entries):
            values[key] = ", ".join(names.get(e, e) for k, e in self.entries if k == key)
        if self.ruling is not None:
            values["ruling"] = ruling_text(self.ruling, say)
            values["by"] = decided_by_text(self.ruling, say)
        return (say.time(self.at), say(self.text, **values), self.rule)


def seat_draw(events: Iterable[object]) -> list[tuple[str, int, int]]:
    """Each entry's drawn table and seat (0-based): the start's draw, then late seat draws."""
    seats: list[tuple[str, int, int]] = []
    for event in events:
        if isinstance(event, SeatsDrawn):
            seats.extend(event.seats)
        elif isinstance(event, PlayerSeated):
            seats.append((event.entry, event.table, event.seat))
    return seats


def journal(events: Iterable[object]) -> Iterator[JournalLine]:
    """The lines of the journal, oldest first; an event that carries no time of its own (a
    move, a broken table) is dated by the hand that caused it."""
    level, now = 0, None
    for event in events:
        at = getattr(event, "at", None)
        now = at if isinstance(at, float | int) else now
        if isinstance(event, HandPlayed):
            if event.level != level:
                level = event.level
                yield JournalLine(at=now, text="Level {level} in play", params=_p(level=level))
            yield from (_table_ruling(r) for r in table_ruling_records(event))
            continue
        line = _line(event)
        if line is not None:
            yield line if line.at is not None else replace(line, at=now)


def _p(**params: object) -> tuple[tuple[str, object], ...]:
    return tuple(params.items())


def _table_ruling(record: TableRulingRecord) -> JournalLine:
    """A ruling at a table; a judge's decision says who took it (Belarus 2.2.3, 7.3.1)."""
    text = "Table {table}, hand {hand}: {ruling}"
    if record.by_judge:
        text = "Table {table}, hand {hand}: {ruling} ({by})"
    entries = (("player", record.entry),) if record.entry else ()
    if record.entry:
        text = text.replace(": {ruling}", ", {player}: {ruling}")
    return JournalLine(
        at=record.at,
        text=text,
        params=_p(table=record.table, hand=record.hand),
        entries=entries,
        rule=rule_text(record),
        ruling=record,
    )


def _line(event: object) -> JournalLine | None:
    if isinstance(event, PlayerEliminated):
        return _eliminated(event)
    if isinstance(event, PlayerMoved):
        return JournalLine(
            at=None,
            text="{player} moved from table {from_table} seat {from_seat} to table {to_table} "
            "seat {to_seat}",
            params=_p(
                from_table=event.from_table,
                from_seat=event.from_seat + 1,
                to_table=event.to_table,
                to_seat=event.to_seat + 1,
            ),
            entries=(("player", event.entry),),
            rule=event.rule,
        )
    if isinstance(event, TableBroken):
        return JournalLine(
            at=None, text="Table {table} broken", params=_p(table=event.table), rule=event.rule
        )
    if isinstance(event, FinalTableFormed):
        return JournalLine(
            at=None,
            text="Final table formed with {players} players",
            params=_p(players=len(event.seats)),
            rule=event.rule,
        )
    return _other(event)


def _eliminated(event: PlayerEliminated) -> JournalLine:
    text = "{player} eliminated in place {place} (level {level}, table {table})"
    if event.reason == "disqualified":
        text = "{player} disqualified, place {place}"
    elif event.by:
        text = "{player} eliminated in place {place} by {by} (level {level}, table {table})"
    return JournalLine(
        at=event.at,
        text=text,
        params=_p(place=event.place, level=event.level, table=event.table),
        entries=(("player", event.entry), *(("by", e) for e in event.by)),
        rule=event.rule,
    )


def _other(event: object) -> JournalLine | None:
    if isinstance(event, HandForHandStarted):
        return JournalLine(at=event.at, text="Hand-for-hand play started", rule=event.rule)
    if isinstance(event, HandForHandEnded):
        return JournalLine(at=event.at, text="Hand-for-hand play ended")
    if isinstance(event, TournamentFinished):
        return JournalLine(
            at=event.at, text="{player} won the tournament", entries=(("player", event.winner),)
        )
    return _extra(event)


def _extra(event: object) -> JournalLine | None:
    if isinstance(event, RebuyMade):
        text = "{player} added on" if event.add_on else "{player} rebought"
        return JournalLine(
            at=event.at, text=text, entries=(("player", event.entry),), rule=event.rule
        )
    if isinstance(event, PenaltyGiven):
        return JournalLine(
            at=event.at,
            text="{player}: penalty {penalty} for {offence} ({role})",
            params=_p(penalty=event.step, offence=event.offence, role=event.by_role),
            entries=(("player", event.entry),),
            rule=event.rule,
        )
    if isinstance(event, DealAccepted):
        return JournalLine(
            at=event.at,
            text="Deal among {players} players ({method})",
            params=_p(players=len(event.players), method=event.method),
            rule=event.rule,
        )
    return _extra_more(event)


def _extra_more(event: object) -> JournalLine | None:
    if isinstance(event, ChipsRemoved):
        return JournalLine(
            at=None,
            text="{player}'s {chips} chips removed from play",
            params=_p(chips=event.chips),
            entries=(("player", event.entry),),
            rule=event.rule,
        )
    if isinstance(event, PlacesShifted):
        return JournalLine(at=None, text="Places moved up", rule=event.rule)
    if isinstance(event, ChipRaceRun):
        return JournalLine(at=None, text="Chip race at the break", rule=event.rule)
    if isinstance(event, MisdealRecorded):
        return JournalLine(
            at=event.at,
            text="Misdeal at table {table}",
            params=_p(table=event.table),
            rule=event.rule,
        )
    ruling = ruling_record(event)
    if ruling is None:
        return None
    return JournalLine(
        at=ruling.at,
        text="Ruling: {decision}",
        params=_p(decision=ruling.decision),
        rule=ruling.rule,
    )
