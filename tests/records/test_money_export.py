"""``floorman export money`` from a log file: the ledger's lines by the event's position,
then the totals (issue 18)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from tests.tournament.tournament_helpers import bust_down_to, event
from typer.testing import CliRunner

from floorman.cli.app import app as cli
from floorman.records.money_ledger import book_from_events, money_csv
from floorman.service.log_readers.event_file import write_event_list


def test_export_money_from_a_log_file_lists_every_line_and_the_totals(tmp_path: Path) -> None:
    tournament = event(4, bounty=20)
    bust_down_to(tournament, 1)
    log = tmp_path / "event.json"
    log.write_text(write_event_list(tournament.events), "utf-8")
    printed = CliRunner().invoke(cli, ["export", "money", str(log)])
    assert printed.exit_code == 0, printed.output
    assert printed.output == money_csv(book_from_events(tournament.events))
    rows = list(csv.DictReader(io.StringIO(printed.output)))
    lines = [r for r in rows if r["line"]]
    assert {r["category"] for r in lines} == {"buy-in", "fee", "bounty", "payout"}
    assert all(r["command"] == "" for r in lines)  # a file has no command log
    positions = [int(r["version"]) for r in lines]
    assert positions == sorted(positions)
    totals = {r["category"]: int(r["amount"]) for r in rows if not r["line"]}
    assert totals == {"money in": 520, "money out": 480, "house": 40, "difference": 0}
