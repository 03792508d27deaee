"""Server-dealt stud and razz events through the records route as Open Hand History: stud
hands validated by ohh-pydantic and the spec's JSON schema and equal to the hands the server
recorded; a razz event refused with a 422 naming the constraint, and nothing changed."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
from tests.records.test_ohh_export import _SCHEMA, _valid_for_ohh_pydantic
from tests.service.api_fixtures import SERVER, Event, bearer, client_for

from floorman.records.ohh import ohh_hand
from floorman.service.log_readers.stored_log import online_hands, read_log


def _structure(game: str) -> dict[str, object]:
    level = {"minutes": 20, "game": game, "ante": 25, "ante_mode": "every-player",
             "small_bet": 100, "big_bet": 200, "bring_in": 50}  # fmt: skip
    return {"starting_stack": 2_000, "chips": [25, 100], "items": [level]}


def _stud_event(client: Any, game: str) -> Event:
    body = {"name": f"{game} online", "structure": _structure(game), "seats_per_table": 6}
    created = client.post("/tournaments", json=body, headers=bearer(SERVER))
    assert created.status_code == 201, created.text
    made = Event(client=client, id=created.json()["tournament"])
    made.tokens["director"] = created.json()["director"]["token"]
    for number in range(1, 6):
        entry = {"player": f"p{number}", "name": f"Player {number}"}
        assert made.post("/entries", json=entry).status_code == 200
    assert made.post("/start").status_code == 200
    return made


def _bot(options: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Posts the bring-in when due, else mostly calls, now and then completes or raises."""
    roll = rng.random()
    if options.get("bring_in"):  # the bring-in, or completing at once
        return (
            {"action": "bring-in"} if roll < 0.7 else {"action": "raise", "to": options["min_to"]}
        )
    if options["min_to"] is not None and roll < 0.25:
        return {"action": "raise", "to": options["min_to"]}
    if options["check"]:
        return {"action": "check"}
    return {"action": "call"} if roll < 0.8 else {"action": "fold"}


def _play(ours: Event, actions: int, seed: int = 5) -> None:
    """Bots act at the online table for ``actions`` actions (or until the event ends)."""
    rng = random.Random(seed)
    tokens = {f"e{n}": ours.token("player", entry=f"e{n}") for n in range(1, 6)}
    assert ours.post("/tables/1/deal").status_code == 200
    for _ in range(actions):
        view = ours.get("/views/director").json()["view"]
        if view["public"]["finished"]:
            return
        table, hand = next((t, h) for t, h in view["hands"].items() if h is not None)
        seats = {s["seat"]: s["entry"] for s in ours.get(f"/tables/{table}/hand").json()["seats"]}
        answer = ours.client.post(
            f"/tournaments/{ours.id}/tables/{table}/actions",
            json=_bot(hand["options"], rng),
            headers=bearer(tokens[seats[hand["actor"]]]),
        )
        assert answer.status_code == 200, answer.text


def test_a_server_dealt_stud_event_as_ohh_is_valid_and_is_the_servers_record(
    tmp_path: Path,
) -> None:
    with client_for(tmp_path) as client:
        ours = _stud_event(client, "F7S")
        _play(ours, 250)
        answer = ours.get("/records/hands", params={"format": "ohh", "tournament": 4})
        assert answer.status_code == 200, answer.text
        assert "Floorman-Skipped" not in answer.headers
        objects = [json.loads(c)["ohh"] for c in answer.text.strip().split("\n\n")]
        store = client.app.state.floorman.service.store  # type: ignore[attr-defined]
        recorded = online_hands(store, read_log(store, ours.id)).hands
        assert len(objects) == len(recorded) >= 5
        for ohh, hand in zip(objects, recorded, strict=True):
            jsonschema.validate({"ohh": ohh}, _SCHEMA)
            assert _valid_for_ohh_pydantic(ohh).game_type == "Stud"
            assert ohh["game_number"] == f"4-{hand.number}"
            mine = ohh_hand(hand)
            assert ohh["rounds"] == mine["rounds"]
            assert ohh["pots"] == mine["pots"]
            assert ohh["players"] == mine["players"]
        actions = [a["action"] for o in objects for r in o["rounds"] for a in r["actions"]]
        assert "Post Extra Blind" in actions  # the bring-in
        assert "Post Ante" in actions


def test_a_server_dealt_razz_event_as_ohh_is_refused_with_422(tmp_path: Path) -> None:
    with client_for(tmp_path) as client:
        ours = _stud_event(client, "FR")
        _play(ours, 40)
        version = ours.get("/views/director").json()["version"]
        answer = ours.get("/records/hands", params={"format": "ohh"})
        assert answer.status_code == 422, answer.text
        assert answer.json()["constraint"] == "ohh-game"
        assert "razz" in answer.json()["message"]
        assert ours.get("/views/director").json()["version"] == version
        assert ours.get("/records/hands", params={"format": "phh"}).status_code == 200
