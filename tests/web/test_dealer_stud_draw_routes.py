"""The tablet's routes in stud and draw tournaments over HTTP: the setup a stud table is given,
the up-cards entered street by street (the service names the bring-in and the first to act),
the draws counted, and both hands awarded and recorded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import SERVER, Event, bearer, client_for

STUD = {"game": "F7S", "ante": 25, "ante_mode": "every-player", "bring_in": 50}
DRAW = {"game": "F2L3D", "small_blind": 50, "big_blind": 100}


def structure(level: dict[str, Any]) -> dict[str, Any]:
    return {
        "starting_stack": 5_000,
        "chips": [25, 100, 500],
        "items": [
            {"minutes": 20, "small_bet": 200, "big_bet": 400, **level},
            {"minutes": 20, "small_bet": 400, "big_bet": 800, **level, **_doubled(level)},
        ],
    }


def _doubled(level: dict[str, Any]) -> dict[str, int]:
    amounts = ("ante", "bring_in", "small_blind", "big_blind")
    return {k: 2 * level[k] for k in amounts if k in level}


def made(client: Any, level: dict[str, Any], players: int) -> Event:
    body = {"name": "Stud and draw", "structure": structure(level), "seats_per_table": 8}
    created = client.post("/tournaments", json=body, headers=bearer(SERVER))
    assert created.status_code == 201, created.text
    event = Event(client=client, id=created.json()["tournament"])
    event.tokens["director"] = created.json()["director"]["token"]
    for number in range(1, players + 1):
        answer = event.post("/entries", json={"player": f"p{number}", "name": f"Player {number}"})
        assert answer.status_code == 200, answer.text
    assert event.post("/start").status_code == 200
    event.tokens["dealer"] = event.token("dealer", table=1)
    return event


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    path: Path = tmp_path_factory.mktemp("stud-draw")
    with client_for(path) as opened:
        yield opened


def begin(event: Event) -> dict[str, Any]:
    answer = event.get("/tables/1/setup", "dealer")
    assert answer.status_code == 200, answer.text
    setup: dict[str, Any] = answer.json()["setup"]
    return setup


def hand(event: Event, setup: dict[str, Any], steps: list[dict[str, Any]]) -> Any:
    answer = event.post("/tables/1/tablet/hand", "dealer", json={"setup": setup, "steps": steps})
    assert answer.status_code == 200, answer.text
    return answer.json()


def up_cards(setup: dict[str, Any], due: list[int], cards: list[str]) -> dict[str, Any]:
    """The street's up-cards: ``cards`` dealt to the seats due, in seat order."""
    up: list[str | None] = [None] * len(setup["config"]["stacks"])
    for seat, card in zip(due, cards, strict=False):
        up[seat] = card
    return {"up": up}


DOORS = ["Kh", "3c", "9d", "Qs", "Jh", "8c", "7s", "6d"]
FOURTH = ["2s", "4h", "9h", "Td", "Tc", "Ah", "As", "Ad"]


@pytest.mark.rules("belarus-sport 5.8.2", "tda-2022 RP-10-D")
def test_a_stud_hand_on_the_tablet_names_the_bring_in_and_the_first_to_act(client: Any) -> None:
    event = made(client, STUD, 4)
    setup = begin(event)
    assert setup["config"]["game"]["code"] == "F7S"
    now = hand(event, setup, [])
    due = now["up_due"]
    assert now["stud"] is True
    assert len(due) == 4
    assert now["hand"]["actor"] is None  # waiting for the door cards
    doors = up_cards(setup, due, DOORS)
    now = hand(event, setup, [doors])
    low = due[1]  # the three of clubs is the lowest door card
    assert now["hand"]["actor"] == low
    assert now["hand"]["options"]["bring_in"] == 50
    assert now["up_due"] == []
    shown = now["hand"]["seats"][low]["cards"]
    assert shown == [None, None, "3c"]  # down-cards stay unknown
    steps: list[dict[str, Any]] = [doors, {"seat": low, "action": "bring-in"}]
    now = hand(event, setup, steps)
    steps.append({"seat": now["hand"]["actor"], "action": "raise", "to": 200})  # completes
    while (now := hand(event, setup, steps))["up_due"] == []:
        steps.append({"seat": now["hand"]["actor"], "action": "call"})
    steps.append(up_cards(setup, now["up_due"], FOURTH))
    now = hand(event, setup, steps)
    assert now["hand"]["actor"] == due[2]  # the pair of nines showing acts first
    assert now["hand"]["street"] == 1


def test_a_stud_hand_is_awarded_and_recorded(client: Any) -> None:
    event = made(client, STUD, 3)
    setup = begin(event)
    due = hand(event, setup, [])["up_due"]
    steps: list[dict[str, Any]] = [up_cards(setup, due, DOORS)]
    now = hand(event, setup, steps)
    steps.append({"seat": now["hand"]["actor"], "action": "bring-in"})
    for street in (FOURTH, ["8d", "9s", "Jd"], ["Qd", "Kd", "Ks"]):
        while (now := hand(event, setup, steps))["up_due"] == []:
            steps.append(
                {
                    "seat": now["hand"]["actor"],
                    "action": "call" if now["hand"]["options"]["call"] else "check",
                }
            )
        steps.append(up_cards(setup, now["up_due"], street))
    while not (now := hand(event, setup, steps))["awaiting_award"]:
        steps.append({"seat": now["hand"]["actor"], "action": "check"})
    assert now["hand"]["street"] == 4  # seventh street dealt down without a step
    winner = due[0]
    body = {"setup": setup, "steps": steps, "winners": [{"high": [winner]}]}
    answer = event.post("/tables/1/tablet/award", "dealer", json=body)
    assert answer.status_code == 200, answer.text
    after = dict(answer.json()["result"]["stacks_after"])
    assert after[setup["seats"][winner]] == 5000 + 2 * 75


def test_a_bad_up_card_is_refused(client: Any) -> None:
    event = made(client, STUD, 3)
    setup = begin(event)
    due = hand(event, setup, [])["up_due"]
    body = {"setup": setup, "steps": [up_cards(setup, due, ["Kh", "Kh", "2c"])]}
    answer = event.post("/tables/1/tablet/hand", "dealer", json=body)
    assert answer.status_code == 422
    assert answer.json()["constraint"] == "duplicate-card"
    body = {"setup": setup, "steps": [up_cards(setup, due, ["Kh", "Zz", "2c"])]}
    assert event.post("/tables/1/tablet/hand", "dealer", json=body).status_code == 422


def test_a_draw_hand_counts_the_cards_thrown_and_is_recorded(client: Any) -> None:
    event = made(client, DRAW, 3)
    setup = begin(event)
    steps: list[dict[str, Any]] = []
    while (now := hand(event, setup, steps))["hand"]["phase"] == "bet":
        options = now["hand"]["options"]
        steps.append(
            {"seat": now["hand"]["actor"], "action": "call" if options["call"] else "check"}
        )
    assert now["hand"]["phase"] == "draw"
    assert now["hand"]["draw_options"]["held"] == 5
    drawn = []
    for count in (2, 0, 5):
        seat = now["hand"]["draw_options"]["actor"]
        drawn.append([seat, count])
        steps.append({"seat": seat, "draw": count})
        now = hand(event, setup, steps)
    assert now["draws"] == drawn
    assert now["hand"]["phase"] == "bet"  # the replacements went out unseen
    refused = event.post(
        "/tables/1/tablet/hand",
        "dealer",
        json={"setup": setup, "steps": [*steps, {"seat": 0, "draw": 6}]},
    )
    assert refused.status_code == 422
    while not (now := hand(event, setup, steps))["awaiting_award"]:
        if now["hand"]["phase"] == "draw":
            steps.append({"seat": now["hand"]["draw_options"]["actor"], "draw": 1})
        else:
            steps.append({"seat": now["hand"]["actor"], "action": "check"})
    winner = drawn[0][0]
    body = {"setup": setup, "steps": steps, "winners": [{"high": [winner]}]}
    answer = event.post("/tables/1/tablet/award", "dealer", json=body)
    assert answer.status_code == 200, answer.text
    after = dict(answer.json()["result"]["stacks_after"])
    assert after[setup["seats"][winner]] == 5000 + 2 * 100
