"""The director's console over HTTP: a bust-out, a chip count, a move and its confirmation sent
through the generic command route, and what the director's view then shows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.service.api_fixtures import TestClient, client_for, event


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as made:
        yield made


def _seated(view: dict[str, object], table: int) -> list[str]:
    tables = {t["table"]: t for t in view["tables"]}  # type: ignore[attr-defined]
    return [s["entry"] for s in tables[table]["seats"] if s["entry"]]


def test_a_bust_a_count_and_a_move_sent_by_the_director_over_http(client: TestClient) -> None:
    ours = event(client, 12)
    view = ours.state()["view"]
    loser, winner, counted = _seated(view, 1)[:3]
    out = ours.post("/commands/bust", json={"entry": loser, "by": [winner]})
    assert out.status_code == 200, out.text
    kinds = [e["kind"] for e in out.json()["events"]]
    assert kinds[:2] == ["player-busted", "player-eliminated"]
    wrong = ours.post("/commands/chip-count", json={"counts": {counted: 0}})
    assert wrong.status_code == 422
    assert wrong.json()["constraint"] == "count"
    count = ours.post("/commands/chip-count", json={"counts": {counted: 9_000}})
    assert [e["kind"] for e in count.json()["events"]] == ["chips-counted"]
    free = next(s["seat"] for s in view["tables"][1]["seats"] if not s["entry"])
    body = {"entry": counted, "to_table": 2, "to_seat": free, "reason": "wrong seat"}
    moved = ours.post("/commands/move-player", json=body)
    assert moved.json()["events"][0]["data"]["reason"] == "manual"
    after = ours.state()["view"]
    assert after["public"]["players_left"] == 11
    assert after["uncounted_chips"] == 1_000
    entries = {e["entry"]: e for e in after["entries"]}
    assert (entries[winner]["stack"], entries[loser]["stack"]) == (20_000, 0)
    (line,) = after["balancing"]["instructions"]
    assert line.endswith(f"-> table 2 seat {free + 1}")
    confirmed = ours.post("/commands/confirm-move", json={"entry": counted})
    assert [e["kind"] for e in confirmed.json()["events"]] == ["move-confirmed"]
    assert ours.state()["view"]["balancing"]["instructions"] == []


def test_end_day_is_the_directors_command_over_http(client: TestClient) -> None:
    ours = event(client, 12)
    floor = ours.post("/commands/end-day", role="floor", json={})
    assert floor.status_code == 403, floor.text
    drawn = ours.post("/commands/end-day", json={"hands": 3})
    assert drawn.status_code == 422, drawn.text
    assert drawn.json()["constraint"] == "hands"  # the TDA draws no number of last hands
    ended = ours.post("/commands/end-day", json={"in_progress": [1]})
    assert ended.status_code == 200, ended.text
    kinds = [e["kind"] for e in ended.json()["events"]]
    assert kinds[0] == "day-ending"
    assert "stacks-bagged" not in kinds  # table 1 still plays its hand
    done = ours.post("/commands/hand-done", json={"table": 1})
    assert "stacks-bagged" in [e["kind"] for e in done.json()["events"]], done.text
