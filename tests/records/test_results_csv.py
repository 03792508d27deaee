"""The results CSV a director opens in a spreadsheet: local ISO 8601 times, and no column
left empty for a placed entry (the winner's finish, level and table included)."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime

import pytest
from tests.records.sim_data import simulated

from floorman.records.exports import STANDING_COLUMNS, local_time, results_csv, rulings_csv
from floorman.records.results import Results, results_from_events
from floorman.records.table_rulings import TableRulingRecord

PLACED = ("place", "tied", "prize", "level", "table", "at", "finish")


@pytest.fixture
def three_hours_east(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The machine's local time zone set to UTC+3 (a POSIX rule: no time-zone data needed)."""
    monkeypatch.setenv("TZ", "EAT-3")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _results() -> Results:
    return results_from_events(simulated().events)


def test_results_csv_times_are_local_iso_8601(three_hours_east: None) -> None:
    results = _results()
    rows = _rows(results_csv(results))
    assert [r["entry"] for r in rows] == [s.entry for s in results.standings]
    for row, standing in zip(rows, results.standings, strict=True):
        assert standing.at is not None
        moment = datetime.fromisoformat(row["at"])
        assert moment.utcoffset() is not None
        assert moment.utcoffset().total_seconds() == 3 * 3600  # type: ignore[union-attr]
        assert abs(moment.timestamp() - standing.at) < 1
        assert "." not in row["at"]  # whole seconds, never a raw Unix time
    assert local_time(0.0) == "1970-01-01T03:00:00+03:00"
    assert local_time(None) == ""


def test_results_csv_fills_every_column_of_a_placed_entry_the_winner_included() -> None:
    results = _results()
    assert results.finished
    rows = _rows(results_csv(results))
    assert list(rows[0]) == list(STANDING_COLUMNS)
    for row in rows:
        assert all(row[column] != "" for column in PLACED), row
    winner, runner_up = rows[0], rows[1]
    assert (winner["place"], winner["finish"]) == ("1", "winner")
    assert winner["level"] == runner_up["level"] == str(results.levels_reached)
    assert winner["table"] == runner_up["table"]
    assert results.standings[0].finish == "winner"


def test_in_play_entries_leave_only_what_has_not_happened_empty() -> None:
    events = simulated().events
    unfinished = results_from_events(events[: len(events) // 2])
    assert not unfinished.finished
    rows = _rows(results_csv(unfinished))
    alive = [r for r in rows if r["place"] == ""]
    assert alive
    for row in alive:
        assert (row["level"], row["table"], row["at"], row["finish"]) == ("", "", "", "")
        assert row["name"]
        assert row["prize"] == "0"


def test_rulings_csv_times_are_local_iso_8601(three_hours_east: None) -> None:
    record = TableRulingRecord(
        at=1_795_935_124.8175786,
        hand=3,
        table=2,
        level=1,
        entry="e1",
        kind="decision",
        profile="tda-2022",
        rule="R53-B",
        key="director-ruling",
        message="the director rules: dead",
    )
    results = replace(_results(), table_rulings=(record,))
    (row,) = _rows(rulings_csv(results))
    assert row["at"] == "2026-11-29T09:52:04+03:00"
