"""The tablet's "new hand" over HTTP (``POST .../hands/start``): the tournament knows the table
is mid-hand, a second ask gives the hand in progress, and after a misdeal the answer is the
exact re-deal even once the clock has reached the next level (TDA R35-C)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import SERVER, STRUCTURE, Event, bearer, client_for, event
from tests.service.play import FakeClock
from tests.service.test_api_records import bust


def start(made: Event) -> dict[str, Any]:
    answer = made.post("/tables/1/hands/start", "dealer")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def fold_to_the_big_blind(made: Event, setup: dict[str, Any]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    while True:
        body = {"setup": setup, "steps": steps}
        now = made.post("/tables/1/tablet/hand", "dealer", json=body).json()
        if now["over"]:
            return steps
        steps.append({"seat": now["hand"]["actor"], "action": "fold"})


def table_line(made: Event) -> dict[str, Any]:
    line: dict[str, Any] = made.get("/tables/1/view", "dealer").json()["view"]["table"]
    return line


@pytest.mark.rules("tda-2022 R35-C")
def test_tda_r35c_the_tablet_redeals_the_misdealt_hand_at_its_level(tmp_path: Path) -> None:
    clock = FakeClock()
    with client_for(tmp_path, clock=clock) as client:
        made = event(client, 12)
        first = start(made)
        setup = first["setup"]
        assert setup["level"] == 1
        assert table_line(made)["in_hand"] is True
        asked_again = start(made)  # a reloaded tablet: the hand in progress, nothing recorded
        assert asked_again["setup"] == setup
        assert asked_again["version"] == first["version"]
        twice = made.post("/commands/start-hand", "dealer", json={"table": 1})
        assert twice.status_code == 422
        assert twice.json()["constraint"] == "hand-in-progress"

        misdeal = made.post("/commands/misdeal", "dealer", json={"table": 1})
        assert misdeal.status_code == 200, misdeal.text
        clock.now += 20 * 60  # the clock has reached level 2
        redeal = start(made)["setup"]
        assert redeal["level"] == 1
        assert redeal["positions"] == setup["positions"]
        assert redeal["seats"] == setup["seats"]
        big_blinds = (redeal["config"]["big_blind"], setup["config"]["big_blind"])
        assert big_blinds == (100, 100)

        body = {"setup": redeal, "steps": fold_to_the_big_blind(made, redeal), "winners": []}
        award = made.post("/tables/1/tablet/award", "dealer", json=body)
        assert award.status_code == 200, award.text
        assert table_line(made)["in_hand"] is False
        following = start(made)["setup"]
        assert following["level"] == 2
        assert following["config"]["big_blind"] == 200


def test_a_dealer_starts_hands_at_his_own_table_only(tmp_path: Path) -> None:
    with client_for(tmp_path) as client:
        made = event(client, 12)
        other = made.post("/tables/2/hands/start", "dealer")
        assert other.status_code == 403
        player = made.post("/tables/1/hands/start", "player")
        assert player.status_code == 403


def test_an_undone_start_leaves_the_table_between_hands(tmp_path: Path) -> None:
    with client_for(tmp_path) as client:
        made = event(client, 12)
        start(made)
        assert table_line(made)["in_hand"] is True
        undone = made.post("/undo", json={"count": 1, "reason": "dealt by mistake"})
        assert undone.status_code == 200, undone.text
        assert table_line(made)["in_hand"] is False
        again = start(made)
        assert again["setup"] is not None
        assert table_line(made)["in_hand"] is True


@pytest.mark.rules("poland-pzp §25.3")
def test_poland_25_3_the_tablet_of_a_table_three_short_is_refused_its_deal(
    tmp_path: Path,
) -> None:
    with client_for(tmp_path) as client:
        body = {"name": "Halt", "structure": STRUCTURE, "buy_in": 50, "profile": "poland-pzp"}
        created = client.post("/tournaments", json=body, headers=bearer(SERVER))
        assert created.status_code == 201, created.text
        made = Event(client=client, id=created.json()["tournament"])
        made.tokens["director"] = created.json()["director"]["token"]
        for number in range(1, 19):
            entry = {"player": f"p{number}", "name": f"Player {number}"}
            assert made.post("/entries", json=entry).status_code == 200
        assert made.post("/start").status_code == 200
        made.tokens["dealer"] = made.token("dealer", table=1)
        mode = made.post("/commands/set-balancing", json={"mode": "director"})
        assert mode.status_code == 200, mode.text
        for _ in range(3):
            bust(made, 1)  # nine against six

        for refused in (
            made.get("/tables/1/setup", "dealer"),
            made.post("/tables/1/hands/start", "dealer"),
        ):
            assert refused.status_code == 409, refused.text
            assert refused.json()["ruling"]["rule"] == "§25.3"
        view = made.state()["view"]
        assert view["balancing"]["halted"] == [1]
        assert [t["halted"] for t in view["tables"]] == [True, False]
        assert table_line(made)["in_hand"] is False
