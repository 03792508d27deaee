"""Results as data files: CSV (the standings, one row per entry; the rulings at the tables, one
row per ruling) and JSON (everything, and read back: a league keeps the JSON of each of its
events)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from datetime import datetime
from typing import Any

from floorman.errors import MalformedInputError
from floorman.records.extra_events import DealRecord, PenaltyRecord, Purchase, RulingRecord
from floorman.records.results import EntryRecord, Results, Standing
from floorman.records.table_rulings import TableRulingRecord, record_from_dict, rule_text

STANDING_COLUMNS = (
    "place",
    "tied",
    "entry",
    "player",
    "name",
    "prize",
    "knockouts",
    "bounties",
    "rebuys",
    "add_ons",
    "eliminated_by",
    "level",
    "table",
    "at",
    "finish",
    "forfeited",
    "rule",
)


def local_time(at: float | None) -> str:
    """A moment as ISO 8601 local time with its offset (``2026-11-29T21:14:05+01:00``): what a
    spreadsheet reads as a date and a person reads as the hour; empty for no moment."""
    if at is None:
        return ""
    return datetime.fromtimestamp(at).astimezone().isoformat(timespec="seconds")


def results_csv(results: Results) -> str:
    """The standings as CSV with a header row; several eliminators are joined with ``; ``,
    times are local ISO 8601. Only an entry still in play leaves his place, level, table,
    time and finish empty."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDING_COLUMNS)
    for standing in results.standings:
        row = dataclasses.asdict(standing)
        row["eliminated_by"] = "; ".join(standing.eliminated_by)
        row["at"] = local_time(standing.at)
        writer.writerow(["" if row[c] is None else row[c] for c in STANDING_COLUMNS])
    return out.getvalue()


RULING_COLUMNS = (
    "at",
    "hand",
    "table",
    "level",
    "entry",
    "name",
    "kind",
    "rule",
    "key",
    "message",
    "params",
    "outcome",
    "options",
    "decided_by",
    "reason",
)


def rulings_csv(results: Results) -> str:
    """The rulings made at the tables as CSV, one row each: the hand and table, the player,
    the rule (``tda-2022 R53-B``), the message key, its English text and its parameters
    (``name=value`` joined with ``; ``), what was decided, by whom and why."""
    names = {e.entry: e.name for e in results.entries}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(RULING_COLUMNS)
    for record in results.table_rulings:
        writer.writerow(_ruling_row(record, names))
    return out.getvalue()


def _ruling_row(record: TableRulingRecord, names: dict[str, str]) -> list[object]:
    return [
        local_time(record.at),
        record.hand,
        record.table,
        record.level,
        record.entry,
        names.get(record.entry, ""),
        record.kind,
        rule_text(record),
        record.key,
        record.message,
        "; ".join(f"{k}={v}" for k, v in record.params),
        record.outcome,
        "; ".join(record.options),
        record.decided_by,
        record.reason,
    ]


def results_json(results: Results) -> str:
    """Every field of the results as one JSON object (a league reads this back)."""
    return json.dumps(results_as_dict(results), ensure_ascii=False, indent=2)


def results_as_dict(results: Results) -> dict[str, Any]:
    data = dataclasses.asdict(results)
    data["players"] = results.players
    return data


def results_from_json(text: str) -> Results:
    """Results read back from :func:`results_json`.

    :raises MalformedInputError: not JSON, or not results (constraint ``results-json``).
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedInputError(
            f"results: not JSON ({error})", constraint="results-json"
        ) from None
    return results_from_dict(data)


def results_from_dict(data: object) -> Results:
    """Results from :func:`results_as_dict`'s object (derived keys such as ``players`` are
    ignored); every part is checked by the values it builds."""
    if not isinstance(data, dict):
        raise MalformedInputError("results: expected a JSON object", constraint="results-json")
    try:
        fields = {k: v for k, v in data.items() if k in Results.__dataclass_fields__}
        parts = {
            "entries": tuple(EntryRecord(**e) for e in data.get("entries", ())),
            "standings": tuple(_standing(s) for s in data.get("standings", ())),
            "payouts": tuple(data.get("payouts", ())),
            "purchases": tuple(Purchase(**p) for p in data.get("purchases", ())),
            "deals": tuple(_deal(d) for d in data.get("deals", ())),
            "penalties": tuple(PenaltyRecord(**p) for p in data.get("penalties", ())),
            "rulings": tuple(RulingRecord(**r) for r in data.get("rulings", ())),
            "table_rulings": tuple(record_from_dict(r) for r in data.get("table_rulings", ())),
        }
        return Results(**{**fields, **parts})
    except TypeError as error:
        raise MalformedInputError(f"results: {error}", constraint="results-json") from None


def _standing(data: dict[str, Any]) -> Standing:
    return Standing(**{**data, "eliminated_by": tuple(data.get("eliminated_by", ()))})


def _deal(data: dict[str, Any]) -> DealRecord:
    return DealRecord(**{**data, "shares": tuple((e, p) for e, p in data.get("shares", ()))})
