"""The tablet's routes over HTTP: a hand replayed from the setup the dealer was given, recorded
with the award, the assist's ruling on chips pushed, and the table's scope."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import Event, client_for, event


@pytest.fixture(scope="module")
def table_event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Event]:
    path: Path = tmp_path_factory.mktemp("tablet")
    with client_for(path) as client:
        yield event(client, 6)


def begin(made: Event) -> dict[str, Any]:
    answer = made.get("/tables/1/setup", "dealer")
    assert answer.status_code == 200, answer.text
    setup: dict[str, Any] = answer.json()["setup"]
    return setup


def hand(made: Event, setup: dict[str, Any], steps: list[dict[str, Any]]) -> Any:
    return made.post("/tables/1/tablet/hand", "dealer", json={"setup": setup, "steps": steps})


def fold_to_the_big_blind(made: Event, setup: dict[str, Any]) -> list[dict[str, Any]]:
    """Everyone folds to the big blind: the steps, the actor of each read from the answers."""
    steps: list[dict[str, Any]] = []
    while True:
        now = hand(made, setup, steps).json()
        if now["over"]:
            return steps
        steps.append({"seat": now["hand"]["actor"], "action": "fold"})


def test_the_tablet_shows_the_options_before_each_action(table_event: Event) -> None:
    setup = begin(table_event)
    answer = hand(table_event, setup, [])
    assert answer.status_code == 200, answer.text
    now = answer.json()
    options = now["hand"]["options"]
    big = setup["config"]["big_blind"]
    assert options["actor"] == now["hand"]["actor"]
    assert options["call"] == big
    assert options["min_to"] == 2 * big
    assert now["all_in"]["as"] == "raise"
    assert now["pots"] == []
    assert now["hand"]["pot"] == big + setup["config"]["small_blind"]
    names = [s["name"] for s in now["seats"] if s]
    assert all(name.startswith("Player ") for name in names)


def test_an_illegal_step_is_refused_with_its_rule(table_event: Event) -> None:
    setup = begin(table_event)
    actor = hand(table_event, setup, []).json()["hand"]["actor"]
    answer = hand(table_event, setup, [{"seat": actor, "action": "raise", "to": 150}])
    assert answer.status_code == 409
    assert answer.json()["ruling"]["profile"] == "tda-2022"


def test_the_award_records_the_hand(table_event: Event) -> None:
    setup = begin(table_event)
    steps = fold_to_the_big_blind(table_event, setup)
    before = table_event.state()["view"]["public"]["chips_in_play"]
    body = {"setup": setup, "steps": steps, "winners": []}
    key = {"Idempotency-Key": "tablet-award-1"}
    answer = table_event.post("/tables/1/tablet/award", "dealer", json=body, headers=key)
    assert answer.status_code == 200, answer.text
    assert "hand-played" in [e["kind"] for e in answer.json()["events"]]
    again = table_event.post("/tables/1/tablet/award", "dealer", json=body, headers=key)
    assert again.json()["replayed"] is True
    assert table_event.state()["view"]["public"]["chips_in_play"] == before
    assert begin(table_event)["positions"] != setup["positions"]  # the button moved on


def test_chips_pushed_are_read_by_the_assist_with_their_rule(table_event: Event) -> None:
    setup = begin(table_event)
    big = setup["config"]["big_blind"]
    body = {"setup": setup, "steps": [], "motions": [[[big * 5, 1]]], "lang": "en"}
    answer = table_event.post("/tables/1/tablet/chips", "dealer", json=body)
    assert answer.status_code == 200, answer.text
    ruling = answer.json()["ruling"]
    assert ruling["action"] == "call"  # one oversized chip facing a bet is a call
    assert ruling["rulings"][0]["rule"].startswith("R44")
    spoken = {**body, "speech": "raise 600", "motions": []}
    ruling = table_event.post("/tables/1/tablet/chips", "dealer", json=spoken).json()["ruling"]
    assert (ruling["action"], ruling["to"]) == ("raise", 600)


def test_a_dealer_reaches_his_own_table_only(table_event: Event) -> None:
    setup = begin(table_event)
    other = {**setup, "table": 2}
    answer = table_event.post("/tables/2/tablet/hand", "dealer", json={"setup": other})
    assert answer.status_code == 403
    answer = table_event.post("/tables/1/tablet/hand", "dealer", json={"setup": other})
    assert answer.status_code == 422
    assert answer.json()["constraint"] == "table"


def test_a_misdeal_voids_the_hand_which_is_not_recorded(table_event: Event) -> None:
    setup = begin(table_event)
    misdeal = [{"report": "misdeal", "reason": "wrong-first-seat"}]
    now = hand(table_event, setup, misdeal).json()
    assert now["voided"]
    assert now["ruling"]["key"] == "misdeal"
    body = {"setup": setup, "steps": misdeal, "winners": []}
    refused = table_event.post("/tables/1/tablet/award", "dealer", json=body)
    assert refused.status_code == 422
    assert refused.json()["constraint"] == "void"


def test_an_action_out_of_turn_is_held_with_its_rule(table_event: Event) -> None:
    setup = begin(table_event)
    actor = hand(table_event, setup, []).json()["hand"]["actor"]
    seated = [s for s, entry in enumerate(setup["seats"]) if entry and s != actor]
    now = hand(table_event, setup, [{"seat": seated[-1], "action": "call"}]).json()
    assert now["ruling"]["rule"].startswith("R53")
    assert now["hand"]["actor"] == actor
    unknown = hand(table_event, setup, [{"report": "misdeal", "reason": "no-such-reason"}])
    assert unknown.status_code == 422
