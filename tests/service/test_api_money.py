"""Money and payouts over HTTP (issue 18): the director's payout plan, the ledger tied to the
commands that wrote it, a correction, closing refused with the difference then accepted, the
CSV from the records route and from ``floorman export money``."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.service.api_fixtures import Event, TestClient, client_for, event
from typer.testing import CliRunner

from floorman.cli.app import app as cli


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as made:
        yield made


def _bust_all_but_one(ours: Event) -> None:
    view = ours.state()["view"]
    seated = [s["entry"] for t in view["tables"] for s in t["seats"] if s["entry"]]
    winner = seated[0]
    for loser in seated[1:]:
        answer = ours.post("/commands/bust", json={"entry": loser, "by": [winner]})
        assert answer.status_code == 200, answer.text


def test_the_director_sets_the_payout_plan_and_the_floor_may_not(client: TestClient) -> None:
    ours = event(client, 3)  # pool 150
    plan = {"percentages": [70, 30], "unit": 5}
    assert ours.post("/commands/set-payout-plan", "floor", json=plan).status_code == 403
    answer = ours.post("/commands/set-payout-plan", json=plan)
    assert answer.status_code == 200, answer.text
    assert ours.state()["view"]["public"]["money"]["payouts"] == [105, 45]
    bad = ours.post("/commands/set-payout-plan", json={"percentages": [50, 30]})
    assert bad.status_code == 422
    assert bad.json()["constraint"] == "payout-plan"
    assert ours.state()["view"]["public"]["money"]["payouts"] == [105, 45]


def test_close_is_refused_with_the_difference_then_accepted_once_prizes_are_paid(
    client: TestClient,
) -> None:
    ours = event(client, 3)
    refused = ours.post("/commands/close-event")
    assert refused.status_code == 422
    assert refused.json()["constraint"] == "books-balance"
    assert "150 is unaccounted for" in refused.json()["message"]
    _bust_all_but_one(ours)
    closed = ours.post("/commands/close-event")
    assert closed.status_code == 200, closed.text
    assert closed.json()["events"][0]["kind"] == "event-closed"
    book = ours.get("/records/money", params={"format": "json"}).json()
    assert (book["money_in"], book["money_out"], book["difference"], book["closed"]) == (
        150,
        150,
        0,
        True,
    )
    commands = {line["command"] for line in book["lines"]}
    assert commands == {"register", "bust"}
    assert all(line["version"] > 1 and line["actor"] for line in book["lines"])


def test_a_correction_is_a_new_line_and_the_csv_and_the_cli_show_it(
    client: TestClient, tmp_path: Path
) -> None:
    ours = event(client, 2, start=False)
    dues = {"category": "league-dues", "side": "in", "amount": 30, "note": "season 2027"}
    assert ours.post("/commands/record-money", json=dues).status_code == 200
    fix = {"category": "correction", "side": "in", "amount": -10, "corrects": 3, "note": "typo"}
    assert ours.post("/commands/record-money", json=fix).status_code == 200
    assert ours.get("/records/money", "floor").status_code == 403
    answer = ours.get("/records/money")
    assert answer.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(answer.text)))
    lines = [r for r in rows if r["line"]]
    assert [r["category"] for r in lines] == ["buy-in", "buy-in", "league-dues", "correction"]
    assert (lines[3]["amount"], lines[3]["corrects"], lines[3]["command"]) == (
        "-10",
        "3",
        "record-money",
    )
    assert next(r["amount"] for r in rows if r["category"] == "money in") == "120"
    printed = CliRunner().invoke(
        cli, ["export", "money", ours.id, "--db", f"sqlite:///{tmp_path / 'api.db'}"]
    )
    assert printed.exit_code == 0, printed.output
    assert printed.output == answer.text


def test_an_undone_bust_pays_nothing_and_the_books_reopen_the_difference(
    client: TestClient,
) -> None:
    ours = event(client, 2)
    _bust_all_but_one(ours)
    before = ours.get("/records/money", params={"format": "json"}).json()
    assert before["difference"] == 0
    assert [line["category"] for line in before["lines"]][-1] == "payout"
    undone = ours.post("/undo", json={"count": 1, "reason": "wrong player"})
    assert undone.status_code == 200, undone.text
    after = ours.get("/records/money", params={"format": "json"}).json()
    assert "payout" not in [line["category"] for line in after["lines"]]
    assert after["difference"] == 100
    assert ours.post("/commands/close-event").json()["constraint"] == "books-balance"
