"""Durability: the server is killed (SIGKILL) at random moments while bots play through the
API; after every restart play goes on, and at the end every acknowledged command is in the
log and the state is that of a clean replay."""

from __future__ import annotations

import random
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.service.server_process import ServerProcess, free_port

from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.service.core import TournamentService
from floorman.service.export import export_jsonl, read_jsonl
from floorman.service.replay import check_stream
from floorman.service.store import EventStore
from floorman.sim.tournament_sim import STYLE_MIX, play_hand
from floorman.tournament.floor.table_hand import HandSetup, result_of

KILLS = 50
TOKEN = "durability-director"


@dataclass(slots=True)
class Acknowledged:
    """What the bots were told was done: idempotency key to (tournament, version)."""

    commands: dict[str, tuple[str, int]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, key: str, tournament: str, version: int) -> None:
        with self.lock:
            self.commands[key] = (tournament, version)


class Api:
    """A client that retries a request, with the same idempotency key, until the server
    gives a definite answer: a crash between the commit and the answer is thereby seen."""

    def __init__(self, base: str, stop: threading.Event) -> None:
        self.client = httpx.Client(
            base_url=base, timeout=5.0, headers={"Authorization": f"Bearer {TOKEN}"}
        )
        self.stop = stop

    def call(self, method: str, path: str, **options: Any) -> httpx.Response | None:
        while True:
            try:
                return self.client.request(method, path, **options)
            except httpx.TransportError:
                if self.stop.is_set():
                    return None
                time.sleep(0.01)

    def command(
        self, path: str, body: object, version: int | None, acknowledged: Acknowledged, tid: str
    ) -> bool:
        key = uuid.uuid4().hex
        headers = {"Idempotency-Key": key}
        if version is not None:
            headers["If-Match"] = str(version)
        answer = self.call("POST", path, json=body, headers=headers)
        if answer is None or answer.status_code != 200:
            return False
        acknowledged.add(key, tid, answer.json()["version"])
        return True


def create_tournament(api: Api, acknowledged: Acknowledged, players: int) -> str:
    key = uuid.uuid4().hex
    body = {"name": "Durability", "expected_players": players, "seats_per_table": 6}
    answer = api.call("POST", "/tournaments", json=body, headers={"Idempotency-Key": key})
    assert answer is not None
    assert answer.status_code == 201, answer.text
    tid: str = answer.json()["tournament"]
    acknowledged.add(key, tid, answer.json()["version"])
    for number in range(1, players + 1):
        player = {"player": f"p{number}", "name": f"Player {number}"}
        while not api.command(f"/tournaments/{tid}/entries", player, None, acknowledged, tid):
            pass  # refused only if a retry found the entry already made under another key
    assert api.command(f"/tournaments/{tid}/start", None, None, acknowledged, tid)
    return tid


def bot(api: Api, tid: str, acknowledged: Acknowledged, seed: int) -> None:
    """Deal hands at the tournament's tables, taking the tables in turn, until stopped."""
    rng = random.Random(seed)
    turn = 0
    while not api.stop.is_set():
        info = api.call("GET", f"/tournaments/{tid}")
        if info is None or info.status_code != 200 or info.json()["finished"]:
            time.sleep(0.05)
            continue
        tables = info.json()["tables"]
        turn += 1
        table = tables[turn % len(tables)]
        answer = api.call("GET", f"/tournaments/{tid}/tables/{table}/setup")
        if answer is None or answer.status_code != 200 or answer.json()["setup"] is None:
            continue
        setup = decode_dataclass(HandSetup, answer.json()["setup"])
        styles = {e: rng.choice(STYLE_MIX) for e in setup.seats if e is not None}
        result = encode_dataclass(result_of(setup, play_hand(setup, styles, rng)))
        path = f"/tournaments/{tid}/tables/{table}/hands"
        api.command(path, result, answer.json()["version"], acknowledged, tid)


def director(api: Api, tid: str, acknowledged: Acknowledged, seed: int) -> None:
    """Pause and resume the clock now and then, deciding on the version it read."""
    rng = random.Random(seed)
    while not api.stop.is_set():
        time.sleep(rng.uniform(0.05, 0.3))
        info = api.call("GET", f"/tournaments/{tid}")
        if info is None or info.status_code != 200 or info.json()["finished"]:
            continue
        for step in ("pause", "resume"):
            api.command(
                f"/tournaments/{tid}/clock/{step}", None, info.json()["version"], acknowledged, tid
            )
            info = api.call("GET", f"/tournaments/{tid}")
            if info is None or info.status_code != 200:
                break


def check_log(url: str, data_dir: Path, acknowledged: Acknowledged, tmp_path: Path) -> int:
    """Every acknowledged command is in the log at the version it was answered with, and the
    state of every tournament equals a clean replay (and re-decides). Returns the count."""
    store = EventStore.open(url, data_dir=data_dir)
    service = TournamentService(store)
    try:
        tournaments = {t for t, _ in acknowledged.commands.values()}
        stored = {
            c.idempotency_key: (t, c.last_version)
            for t in tournaments
            for c in store.commands(t)
            if c.idempotency_key is not None
        }
        missing = {k: v for k, v in acknowledged.commands.items() if stored.get(k) != v}
        assert missing == {}
        for tid in tournaments:
            clean = service.rebuild(tid, use_snapshots=False)
            assert service.rebuild(tid).tournament.state == clean.tournament.state
            path = tmp_path / f"{tid}.jsonl"
            export_jsonl(service, tid, path)
            report = check_stream(read_jsonl(path))
            assert report.problems == []
        return len(acknowledged.commands)
    finally:
        store.close()


@pytest.mark.slow
def test_sigkill_at_random_points_loses_no_acknowledged_command(
    database_url: str, tmp_path: Path
) -> None:
    server = ServerProcess(database_url, tmp_path, free_port(), TOKEN)
    stop = threading.Event()
    acknowledged = Acknowledged()
    rng = random.Random(20240607)
    clients = [Api(server.base, stop) for _ in range(4)]
    try:
        server.start()
        tid = create_tournament(clients[0], acknowledged, 30)
        workers = [
            threading.Thread(target=bot, args=(clients[1], tid, acknowledged, 1)),
            threading.Thread(target=bot, args=(clients[2], tid, acknowledged, 2)),
            threading.Thread(target=director, args=(clients[3], tid, acknowledged, 3)),
        ]
        for worker in workers:
            worker.start()
        for _ in range(KILLS):
            time.sleep(rng.uniform(0.02, 0.3))
            server.kill()
            server.start()
        stop.set()
        for worker in workers:
            worker.join(timeout=30)
    finally:
        stop.set()
        server.close()
        for client in clients:
            client.client.close()
    assert check_log(database_url, tmp_path, acknowledged, tmp_path) > KILLS
