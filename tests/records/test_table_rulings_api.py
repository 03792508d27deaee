"""End to end: a tablet hand with actions out of turn and the director's decision, awarded
through the API, then in the results (JSON, CSV, HTML in the reader's language) and the Belarus
protocols with its rule; an older export without rulings still loads."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import Event, TestClient, build_app, event

from floorman.records.results import results_from_events
from floorman.service.core import TournamentService
from floorman.service.export import export_jsonl, import_jsonl
from floorman.service.log_readers.event_file import read_event_log


@dataclass(slots=True)
class Played:
    made: Event
    service: TournamentService
    award: dict[str, Any]


def _hand(made: Event, setup: dict[str, Any], steps: list[dict[str, Any]]) -> dict[str, Any]:
    answer = made.post("/tables/1/tablet/hand", "dealer", json={"setup": setup, "steps": steps})
    assert answer.status_code == 200, answer.text
    now: dict[str, Any] = answer.json()
    return now


def _skipped_then_decided(made: Event, setup: dict[str, Any]) -> list[dict[str, Any]]:
    """The first to act is skipped by the next two players calling out of turn (substantial
    action, TDA R53-B); the director rules his hand dead; the others call or check on."""
    actor = _hand(made, setup, [])["hand"]["actor"]
    seated = [s for s, entry in enumerate(setup["seats"]) if entry]
    after = seated[seated.index(actor) + 1 :] + seated[: seated.index(actor)]
    steps: list[dict[str, Any]] = [{"seat": s, "action": "call"} for s in after[:2]]
    pending = _hand(made, setup, steps)["pending"]
    assert [p["options"] for p in pending] == [["dead", "passive"]]
    steps.append({"ruling": pending[0]["id"], "option": "dead"})
    while not (now := _hand(made, setup, steps))["awaiting_award"] and not now["over"]:
        options = now["hand"]["options"]
        action = "call" if options.get("call") else "check"
        steps.append({"seat": now["hand"]["actor"], "action": action})
    return steps


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    path: Path = tmp_path_factory.mktemp("table-rulings")
    app, service = build_app(path)
    try:
        with TestClient(app) as client:
            made = event(client, 6)
            setup = made.get("/tables/1/setup", "dealer").json()["setup"]
            steps = _skipped_then_decided(made, setup)
            pots = _hand(made, setup, steps)["pots"]
            winners = [{"high": [pot["eligible"][0]]} for pot in pots]
            body = {"setup": setup, "steps": steps, "winners": winners}
            key = {"Idempotency-Key": "tablet-rulings-1"}
            award = made.post("/tables/1/tablet/award", "dealer", json=body, headers=key)
            assert award.status_code == 200, award.text
            again = made.post("/tables/1/tablet/award", "dealer", json=body, headers=key)
            assert again.json()["replayed"] is True
            yield Played(made=made, service=service, award=award.json())
    finally:
        service.store.close()


def _results(played: Played, fmt: str, lang: str = "en") -> Any:
    answer = played.made.get(f"/records/results?format={fmt}&lang={lang}")
    assert answer.status_code == 200, answer.text
    return answer


@pytest.mark.rules("tda-2022 R53-B", "tda-2022 R1")
def test_tda_r53_b_the_awarded_hand_records_its_rulings_in_one_command(played: Played) -> None:
    hands = [e for e in played.award["events"] if e["kind"] == "hand-played"]
    assert len(hands) == 1
    rulings = hands[0]["data"]["rulings"]
    assert [r["kind"] for r in rulings][:5] == [
        "out-of-turn",
        "out-of-turn",
        "out-of-turn",
        "referred",
        "decision",
    ]
    decision = rulings[4]
    assert decision["ruling"]["rule"] == {"profile": "tda-2022", "rule": "R53-B"}
    assert decision["decided_by"] == "director"
    assert played.award["result"]["rulings"] == rulings


def test_the_results_json_and_rulings_csv_carry_the_rulings_with_their_rules(
    played: Played,
) -> None:
    data = json.loads(_results(played, "json").text)
    records = data["table_rulings"]
    decision = next(r for r in records if r["kind"] == "decision")
    assert (decision["profile"], decision["rule"], decision["key"]) == (
        "tda-2022",
        "R53-B",
        "director-ruling",
    )
    assert decision["hand"] == 1
    assert decision["table"] == 1
    assert decision["outcome"] == "dead"
    assert data["ruleset"] == "tda-2022"
    rows = list(csv.DictReader(io.StringIO(_results(played, "rulings-csv").text)))
    assert len(rows) == len(records)
    assert any(r["rule"] == "tda-2022 R53-B" and r["kind"] == "decision" for r in rows)


def test_the_results_page_lists_the_rulings_at_the_tables_in_its_language(
    played: Played,
) -> None:
    english = _results(played, "html").text
    assert "Rulings at the tables" in english
    assert "the director rules: dead" in english
    assert "tda-2022 R53-B" in english
    russian = _results(played, "html", "ru").text
    assert "Решения за столами" in russian
    assert "tda-2022 R53-B" in russian
    assert "the director rules: dead" not in russian  # the ruling is worded in Russian too
    assert "Правила Poker TDA 2022 (tda-2022)" in russian
    assert "Техасский холдем без лимита" in russian


@pytest.mark.rules("belarus-sport 2.3.2")
def test_belarus_2_3_2_the_running_protocol_journals_the_judges_decision(played: Played) -> None:
    answer = played.made.get("/records/protocol?kind=running&secretary=S&lang=ru")
    assert answer.status_code == 200, answer.text
    page = answer.text
    assert "Решения судей" in page
    assert "Стол 1, раздача 1" in page
    assert "(директор)" in page  # the judge's decision says who took it


def test_an_older_export_without_rulings_still_loads(played: Played, tmp_path: Path) -> None:
    exported = tmp_path / "now.jsonl"
    export_jsonl(played.service, played.made.id, exported)
    older = tmp_path / "older.jsonl"
    lines = [_without_rulings(json.loads(line)) for line in exported.read_text().splitlines()]
    older.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert '"rulings"' not in older.read_text()
    events = read_event_log(older)
    results = results_from_events(events)
    assert results.hands == 1
    assert results.table_rulings == ()
    copy = import_jsonl(played.service, older, tournament_id="older-copy")
    assert played.service.load(copy).tournament.state.hands == 1


def _without_rulings(value: Any) -> Any:
    """The JSON as a log written before hands kept their rulings."""
    if isinstance(value, dict):
        return {k: _without_rulings(v) for k, v in value.items() if k != "rulings"}
    if isinstance(value, list):
        return [_without_rulings(v) for v in value]
    return value
