"""A penalty being served when the day ends goes on into Day 2 (PokerStars Live 6.9.4; issue 16
item 5), through the API as the floor, the dealers' tablets and the director use it."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import SERVER, STRUCTURE, Event, TestClient, bearer, client_for

from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.service.export import export_jsonl, read_jsonl
from floorman.service.replay import check_stream
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.floor.table_hand import HandSetup, result_of


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as made:
        yield made


def flight(client: TestClient, prefix: str, profile: str) -> Event:
    body = {"name": f"Flight {prefix}", "structure": STRUCTURE, "buy_in": 50, "profile": profile}
    created = client.post("/tournaments", json=body, headers=bearer(SERVER))
    assert created.status_code == 201, created.text
    ours = Event(client=client, id=created.json()["tournament"])
    ours.tokens["director"] = created.json()["director"]["token"]
    for number in range(1, 9):
        player = {"player": f"{prefix}{number}", "name": f"{prefix.upper()} {number}"}
        assert ours.post("/entries", json=player).status_code == 200
    assert ours.post("/start").status_code == 200
    return ours


def setup_of(ours: Event, table: int) -> HandSetup:
    answer = ours.get(f"/tables/{table}/setup").json()
    setup: HandSetup = decode_dataclass(HandSetup, answer["setup"])
    return setup


def play(ours: Event, table: int, seed: int) -> HandSetup:
    """What the dealer's tablet does: read the setup, play the hand, post the result."""
    setup = setup_of(ours, table)
    result = encode_dataclass(result_of(setup, play_hand(setup, {}, random.Random(seed))))
    posted = ours.post(f"/tables/{table}/hands", json=result)
    assert posted.status_code == 200, posted.text
    return setup


def table_of(ours: Event, entry: str) -> int:
    found = next(e for e in ours.state()["view"]["entries"] if e["entry"] == entry)
    table: int = found["table"]
    return table


def carried(day: Event) -> list[dict[str, Any]]:
    return [e["data"] for e in day.get("/events").json() if e["kind"] == "penalties-carried"]


@pytest.mark.rules("pokerstars-live 6.9.4")
def test_psl_6_9_4_penalty_hands_not_served_by_the_end_of_day_one_are_served_on_day_two(
    client: TestClient,
) -> None:
    one, two = flight(client, "a", "pokerstars-live"), flight(client, "b", "pokerstars-live")
    penalty = {"offence": "delay", "by_role": "floor", "step": "2-rounds"}
    given = one.post("/entries/e1/penalties", json=penalty)
    assert given.status_code == 200, given.text
    [hands] = [e["data"]["hands"] for e in given.json()["events"] if e["kind"] == "penalty-given"]
    assert hands == 16  # two rounds of the eight players at his table (6.9.1)
    table = table_of(one, "e1")
    assert play(one, table, seed=0).serving == ("e1",)  # his seat is dealt dead
    served = 1
    for ended in (one, two):  # the day ends: the drawn last hands (3.12), then the bags
        assert ended.post("/commands/end-day", json={}).status_code == 200
        for number in [t["table"] for t in ended.state()["view"]["tables"]]:
            while ended.get(f"/tables/{number}/setup").json().get("setup") is not None:
                served += play(ended, number, seed=served).serving == ("e1",)
        assert ended.get(f"/tables/{number}/setup").status_code == 409  # the day is over
    assert 1 + 3 <= served <= 1 + 7
    body = {"name": "Day 2", "flights": [one.id, two.id], "tokens": [two.tokens["director"]]}
    made = client.post("/tournaments/day-two", json=body, headers=bearer(one.tokens["director"]))
    assert made.status_code == 201, made.text
    day = Event(client=client, id=made.json()["tournament"])
    day.tokens["director"] = made.json()["director"]["token"]
    [record] = carried(day)
    left = 16 - served
    assert (record["flight"], record["from_entry"]) == ("Flight a", "e1")
    assert record["hands_left"] == left
    assert record["rule"] == "6.9.4"
    entry = record["entry"]
    table = table_of(day, entry)
    for hand in range(left):  # the hands he still owes, at his new table
        setup = play(day, table, seed=hand)
        assert setup.serving == (entry,)
        assert setup.seats.index(entry) in setup.dead
    assert entry not in setup_of(day, table).serving  # served in full: he plays again
    exported = io.StringIO()
    export_jsonl(client.app.state.floorman.service, day.id, exported)  # type: ignore[attr-defined]
    exported.seek(0)
    assert check_stream(read_jsonl(exported)).problems == []  # the carry replays exactly


def test_a_day_two_of_players_never_penalised_carries_nothing(client: TestClient) -> None:
    one, two = flight(client, "a", "tda-2022"), flight(client, "b", "tda-2022")
    warning = {"offence": "disclosure", "by_role": "floor"}
    warned = one.post("/entries/e2/penalties", json=warning)
    assert warned.status_code == 200, warned.text
    for ended in (one, two):
        assert ended.post("/commands/end-day", json={}).status_code == 200
    body = {"name": "Day 2", "flights": [one.id, two.id], "tokens": [two.tokens["director"]]}
    made = client.post("/tournaments/day-two", json=body, headers=bearer(one.tokens["director"]))
    assert made.status_code == 201, made.text
    day = Event(client=client, id=made.json()["tournament"])
    day.tokens["director"] = made.json()["director"]["token"]
    # Only the warned player brings a record: his warning counts if he offends again (R71-A),
    # with no hands to serve; the TDA does not say, so floorman cites its general rule.
    [record] = carried(day)
    assert (record["from_entry"], record["hands_left"], record["rule"]) == ("e2", 0, "R1")
    assert [offence for offence, _, _ in record["penalties"]] == ["disclosure"]
    again = day.post(f"/entries/{record['entry']}/penalties", json=warning)
    assert again.status_code == 200, again.text
    [penalty] = [e["data"] for e in again.json()["events"] if e["kind"] == "penalty-given"]
    assert penalty["step"] != "warning"  # the second offence escalates past the first step
