"""Online tables behind a load balancer (issue 21): two ``floorman serve`` processes on one
PostgreSQL database, the first dealing an event's tables. Whatever reaches the other process
(a look at the hand, a player's action, a deal) is forwarded to the dealer and answered as the
dealer answers it, refusals included, so a player never gets a 409 for hitting the wrong
process; an action sent again with its key is applied once; a malformed one is refused where
it arrives; and an action reaching the survivor right after the dealer was killed is answered
once the survivor has taken the tables over. A table's feed on the other process shows the
hand as the dealer's actions leave it (folded there from the hand's stream)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.service.api_fixtures import STRUCTURE, bearer
from tests.service.server_process import free_port
from websockets.sync.client import ClientConnection, connect

TOKEN = "forwarding-token"
LEASE = 1.5


class Server:
    """One ``floorman serve`` process on its own port."""

    def __init__(self, url: str, data_dir: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = data_dir / f"server-{self.port}.log"
        command = [sys.executable, "-m", "floorman", "serve", "--db", url, "--host"]
        command += ["127.0.0.1", "--port", str(self.port), "--data-dir", str(data_dir)]
        command += ["--token", TOKEN, "--lease-seconds", str(LEASE), "--no-access-log"]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log)

    def wait(self, seconds: float = 90) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.base}/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError("the server did not answer in time")

    def stop(self, how: signal.Signals = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            self.process.send_signal(how)
        self.process.wait(timeout=30)


@pytest.fixture
def pair(postgres_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    first = Server(postgres_url, tmp_path)
    first.wait()  # migrated before the second opens the database
    second = Server(postgres_url, tmp_path)
    try:
        second.wait()
        yield first, second
    finally:
        for server in (second, first):
            server.stop()


def _event(base: str, players: int) -> tuple[str, dict[str, str], dict[str, dict[str, str]]]:
    """A started tournament: its id, the director's headers and each player's."""
    body = {"name": "Forwarding", "structure": STRUCTURE, "seats_per_table": 6}
    created = httpx.post(f"{base}/tournaments", json=body, headers=bearer(TOKEN), timeout=10)
    assert created.status_code == 201, created.text
    tid = created.json()["tournament"]
    director = bearer(created.json()["director"]["token"])
    root = f"{base}/tournaments/{tid}"
    for number in range(1, players + 1):
        entry = {"player": f"p{number}", "name": f"Player {number}"}
        assert httpx.post(f"{root}/entries", json=entry, headers=director).status_code == 200
    assert httpx.post(f"{root}/start", headers=director, timeout=10).status_code == 200
    tokens = {}
    for number in range(1, players + 1):
        scope = {"role": "player", "entry": f"e{number}"}
        made = httpx.post(f"{root}/tokens", json=scope, headers=director)
        assert made.status_code == 201, made.text
        tokens[f"e{number}"] = bearer(made.json()["token"])
    return tid, director, tokens


def _actor(hand: dict[str, Any]) -> str:
    seats = {s["seat"]: s["entry"] for s in hand["seats"]}
    entry: str = seats[hand["view"]["actor"]]
    return entry


def _passive(hand: dict[str, Any]) -> dict[str, str]:
    options = hand["view"]["options"] or {}
    return {"action": "check" if options.get("check") else "call"}


def test_the_other_process_forwards_a_players_action_to_the_dealer(
    pair: tuple[Server, Server],
) -> None:
    dealer, other = pair
    tid, director, players = _event(dealer.base, 6)
    at_dealer = f"{dealer.base}/tournaments/{tid}/tables/1"
    at_other = f"{other.base}/tournaments/{tid}/tables/1"
    dealt = httpx.post(f"{at_dealer}/deal", headers=director, timeout=10)
    assert dealt.status_code == 200, dealt.text
    hand = dealt.json()

    seen = httpx.get(f"{at_other}/hand", headers=director, timeout=10)
    assert seen.status_code == 200, seen.text
    assert seen.headers["Floorman-Forwarded"] == "owner"
    assert seen.json() == hand

    actor = _actor(hand)
    someone_else = next(e for e in players if e != actor and e in _seated(hand))
    out_of_turn = httpx.post(
        f"{at_other}/actions", json={"action": "fold"}, headers=players[someone_else], timeout=10
    )
    assert out_of_turn.status_code == 409  # the engine's refusal, with its ruling, unchanged
    assert out_of_turn.json()["error"] == "illegal-action"
    assert out_of_turn.json()["ruling"]["rule"]

    malformed = httpx.post(
        f"{at_other}/actions", json={"action": "dance"}, headers=players[actor], timeout=10
    )
    assert malformed.status_code == 422  # refused where it arrived
    assert "Floorman-Forwarded" not in malformed.headers

    headers = {**players[actor], "Idempotency-Key": "forwarded-once"}
    acted = httpx.post(f"{at_other}/actions", json=_passive(hand), headers=headers, timeout=10)
    assert acted.status_code == 200, acted.text
    assert acted.headers["Floorman-Forwarded"] == "owner"
    answer = acted.json()
    assert answer["events"]
    assert answer["next"] is None or answer["next"]["view"]["actor"] != hand["view"]["actor"]
    again = httpx.post(f"{at_other}/actions", json=_passive(hand), headers=headers, timeout=10)
    assert again.status_code == 200
    assert again.json()["events"] == answer["events"]  # the stored events: applied once
    now = httpx.get(f"{at_dealer}/hand", headers=director, timeout=10).json()
    assert now["view"]["actor"] != hand["view"]["actor"]
    assert now == httpx.get(f"{at_other}/hand", headers=director, timeout=10).json()

    busy = httpx.post(f"{at_other}/deal", headers=director, timeout=10)
    assert busy.status_code == 409  # the dealer's answer: its hand is on
    assert "in progress" in busy.json()["message"]


def _seated(hand: dict[str, Any]) -> set[str]:
    return {s["entry"] for s in hand["seats"] if s["entry"] is not None}


def test_an_action_reaching_the_survivor_is_answered_once_it_has_taken_over(
    pair: tuple[Server, Server],
) -> None:
    dealer, other = pair
    tid, director, players = _event(dealer.base, 6)
    dealt = httpx.post(f"{dealer.base}/tournaments/{tid}/tables/1/deal", headers=director)
    assert dealt.status_code == 200, dealt.text
    hand = dealt.json()
    dealer.stop(signal.SIGKILL)
    begun = time.monotonic()
    headers = {**players[_actor(hand)], "Idempotency-Key": "after-the-kill"}
    acted = httpx.post(
        f"{other.base}/tournaments/{tid}/tables/1/actions",
        json=_passive(hand),
        headers=headers,
        timeout=30,
    )
    assert acted.status_code == 200, acted.text  # waited for the takeover, never a 409
    assert time.monotonic() - begun < 4 * LEASE + 2
    taken = httpx.get(f"{other.base}/tournaments/{tid}/tables/1/hand", headers=director)
    assert taken.status_code == 200
    assert "Floorman-Forwarded" not in taken.headers  # the survivor deals now
    assert taken.json()["hand"] == hand["hand"]


def _hand_frame(feed: ClientConnection, wanted: dict[str, Any], seconds: float) -> dict[str, Any]:
    """The first frame whose hand shows ``wanted``'s street, pot and actor."""
    deadline = time.monotonic() + seconds
    keys = ("street", "pot", "actor")
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no frame showed {[wanted[k] for k in keys]}"
        view = json.loads(feed.recv(timeout=left))["view"]
        hand = view.get("hand")
        if hand is not None and all(hand[k] == wanted[k] for k in keys):
            return view


def test_the_other_process_shows_the_hand_on_its_table_feed(pair: tuple[Server, Server]) -> None:
    dealer, other = pair
    tid, director, players = _event(dealer.base, 6)
    dealt = httpx.post(f"{dealer.base}/tournaments/{tid}/tables/1/deal", headers=director)
    assert dealt.status_code == 200, dealt.text
    hand = dealt.json()
    ws = other.base.replace("http", "ws", 1)
    with connect(f"{ws}/ws/table/{tid}/1", additional_headers=director) as feed:
        actor = _actor(hand)
        path = f"{dealer.base}/tournaments/{tid}/tables/1/actions"  # acted at the dealer
        acted = httpx.post(path, json=_passive(hand), headers=players[actor], timeout=10)
        assert acted.status_code == 200, acted.text
        after = acted.json()["next"]["view"]
        view = _hand_frame(feed, after, 5.0)  # folded from the hand's stream over there
        assert view["hand"]["board"] == after["board"]
        seats = view["hand"]["seats"]
        assert all(card is None for seat in seats for card in seat["cards"] or [])
