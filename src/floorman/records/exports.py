"""Results as data files: CSV (the standings, one row per entry) and JSON (everything)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from typing import Any

from floorman.records.results import Results

STANDING_COLUMNS = (
    "place",
    "tied",
    "entry",
    "player",
    "name",
    "prize",
    "knockouts",
    "rebuys",
    "add_ons",
    "eliminated_by",
    "level",
    "table",
    "at",
    "disqualified",
    "rule",
)


def results_csv(results: Results) -> str:
    """The standings as CSV with a header row; several eliminators are joined with ``; ``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDING_COLUMNS)
    for standing in results.standings:
        row = dataclasses.asdict(standing)
        row["eliminated_by"] = "; ".join(standing.eliminated_by)
        writer.writerow(["" if row[c] is None else row[c] for c in STANDING_COLUMNS])
    return out.getvalue()


def results_json(results: Results) -> str:
    """Every field of the results as one JSON object (a league reads this back)."""
    return json.dumps(results_as_dict(results), ensure_ascii=False, indent=2)


def results_as_dict(results: Results) -> dict[str, Any]:
    data = dataclasses.asdict(results)
    data["players"] = results.players
    return data
