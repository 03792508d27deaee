"""The tablet and the floor over HTTP: an all-in held face down hand-for-hand until the floor
releases it (TDA RP-8-F), and the action clock replayed as steps of the hand (TDA R29)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import Event, client_for, event


@pytest.fixture(scope="module")
def two_tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Event]:
    path: Path = tmp_path_factory.mktemp("tablet-floor")
    with client_for(path) as client:
        yield event(client, 12, seats=6)


def setup_of(made: Event, table: int) -> dict[str, Any]:
    answer = made.get(f"/tables/{table}/setup")
    assert answer.status_code == 200, answer.text
    setup: dict[str, Any] = answer.json()["setup"]
    return setup


def hand(made: Event, setup: dict[str, Any], steps: list[dict[str, Any]]) -> Any:
    table = setup["table"]
    body = {"setup": setup, "steps": steps}
    return made.post(f"/tables/{table}/tablet/hand", "director", json=body)


def all_in_and_call(made: Event, setup: dict[str, Any]) -> list[dict[str, Any]]:
    """The first to act goes all-in, the next calls, everyone else folds."""
    steps: list[dict[str, Any]] = []
    while not (now := hand(made, setup, steps).json())["awaiting_award"]:
        actor = now["hand"]["actor"]
        action = ("all-in", "call")[len(steps)] if len(steps) < 2 else "fold"
        steps.append({"seat": actor, "action": action})
    return steps


def fold_out(made: Event, setup: dict[str, Any]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    while not (now := hand(made, setup, steps).json())["over"]:
        steps.append({"seat": now["hand"]["actor"], "action": "fold"})
    return steps


def award(made: Event, setup: dict[str, Any], steps: list[dict[str, Any]], winners: Any) -> Any:
    body = {"setup": setup, "steps": steps, "winners": winners}
    return made.post(f"/tables/{setup['table']}/tablet/award", "director", json=body)


@pytest.mark.rules("tda-2022 RP-8-F")
def test_tda_rp8f_an_all_in_waits_face_down_until_the_floor_releases_it(
    two_tables: Event,
) -> None:
    called = two_tables.post("/commands/call-hand-for-hand", json={"street_by_street": False})
    assert called.status_code == 200, called.text
    setup = setup_of(two_tables, 1)
    assert setup["hand_for_hand"] is True
    steps = all_in_and_call(two_tables, setup)
    now = hand(two_tables, setup, steps).json()
    assert now["run_out"] is True
    assert now["held"] is False
    held = two_tables.post("/commands/hold-all-in", "dealer", json={"table": 1})
    assert held.status_code == 200, held.text
    assert hand(two_tables, setup, steps).json()["held"] is True
    winner = [{"high": [steps[0]["seat"]]}]
    assert award(two_tables, setup, steps, winner).status_code == 409  # waits for the floor
    early = two_tables.post("/commands/release-all-in", "floor", json={"table": 1})
    assert early.status_code == 409  # table 2 still plays the round's hand
    other = setup_of(two_tables, 2)
    assert award(two_tables, other, fold_out(two_tables, other), []).status_code == 200
    released = two_tables.post("/commands/release-all-in", "floor", json={"table": 1})
    assert released.status_code == 200, released.text
    assert hand(two_tables, setup, steps).json()["held"] is False
    recorded = award(two_tables, setup, steps, winner)
    assert recorded.status_code == 200, recorded.text


@pytest.mark.rules("tda-2022 R29")
def test_tda_r29_the_clock_called_counts_down_and_its_expiry_folds_the_hand(
    two_tables: Event,
) -> None:
    setup = setup_of(two_tables, 1)
    actor = hand(two_tables, setup, []).json()["hand"]["actor"]
    call = {"clock": "call", "at": 1000.0, "by": "official"}
    running = hand(two_tables, setup, [call]).json()["clock"]
    assert running["seat"] == actor
    assert running["deadline"] == 1000.0 + running["seconds"] + running["countdown"]
    assert running["rule"].startswith("tda-2022")
    early = hand(two_tables, setup, [call, {"clock": "expire", "at": running["deadline"] - 1}])
    assert early.status_code == 422
    assert "clock-not-run-out" in early.text
    expired = {"clock": "expire", "at": running["deadline"]}
    after = hand(two_tables, setup, [call, expired]).json()
    assert after["clock"] is None
    assert after["hand"]["actor"] != actor
    assert after["ruling"] is not None


@pytest.mark.rules("tda-2022 R29")
def test_tda_r29_an_action_in_time_plays_and_one_too_late_is_the_expiry(
    two_tables: Event,
) -> None:
    setup = setup_of(two_tables, 1)
    actor = hand(two_tables, setup, []).json()["hand"]["actor"]
    call = {"clock": "call", "at": 50.0}
    deadline = hand(two_tables, setup, [call]).json()["clock"]["deadline"]
    in_time = hand(two_tables, setup, [call, {"seat": actor, "action": "call", "at": deadline}])
    assert in_time.json()["ruling"] is None
    late = {"seat": actor, "action": "call", "at": deadline + 5}
    too_late = hand(two_tables, setup, [call, late]).json()
    assert too_late["ruling"] is not None
    assert too_late["hand"]["pot"] == in_time.json()["hand"]["pot"] - setup["config"]["big_blind"]
