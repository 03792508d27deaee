"""The service the browser tests run against, driven over HTTP as a director's console would:
create a tournament, register players, start it, hand out tokens, send commands."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

DIRECTOR_TOKEN = "web-tests-director-token"
START_TIMEOUT = 60.0

BB_ANTE = {"ante_mode": "big-blind"}
STRUCTURE: dict[str, Any] = {
    "starting_stack": 10_000,
    "chips": [25, 100, 500, 1000],
    "items": [
        {"minutes": 20, "small_blind": 50, "big_blind": 100},
        {"minutes": 20, "small_blind": 100, "big_blind": 200, "ante": 25, **BB_ANTE},
        {"kind": "break", "minutes": 10, "colour_up": [25]},
        {"minutes": 20, "small_blind": 200, "big_blind": 400, "ante": 100, **BB_ANTE},
        {"minutes": 20, "small_blind": 300, "big_blind": 600, "ante": 100, **BB_ANTE},
    ],
}
NAMES = (
    "Ivanov", "Dubois", "Petrova", "Nowak", "Georgiev", "Martin", "Kowalska", "Smirnov",
    "Bernard", "Dimitrova", "Wiśniewski", "Leroy", "Sokolov", "Moreau", "Zielińska",
    "Popov", "Lefebvre", "Wójcik", "Ionescu", "Horvat", "Kuznetsova", "Girard", "Todorov",
    "Kamińska", "Volkov", "Rousseau", "Stoyanova", "Lewandowski", "Fontaine", "Angelov",
)  # fmt: skip


class ServerFailed(Exception):
    """``floorman serve`` exited or did not answer; the message holds its output."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running_server(data: Path) -> Iterator[Server]:
    """``python -m floorman serve`` on a free port over a SQLite database in ``data`` (its
    output in ``data/serve.log``), stopped when the block ends."""
    port = free_port()
    command = [sys.executable, "-m", "floorman", "serve", "--port", str(port)]
    command += ["--data-dir", str(data), "--token", DIRECTOR_TOKEN, "--host", "127.0.0.1"]
    env = {**os.environ, "FLOORMAN_DATABASE_URL": f"sqlite:///{data / 'floorman.db'}"}
    log_path = data / "serve.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_until_up(base, process, log_path)
            yield Server(base=base, director_token=DIRECTOR_TOKEN, data=data)
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_until_up(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerFailed(f"floorman serve exited ({process.returncode}):\n{log.read_text()}")
        try:
            if httpx.get(f"{base}/health", timeout=1.0).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise ServerFailed(f"floorman serve did not answer in {START_TIMEOUT} s:\n{log.read_text()}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Server:
    """A running ``floorman serve``: its URL and the server's director token."""

    base: str
    director_token: str
    data: Path

    def client(self, token: str | None = None) -> httpx.Client:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        return httpx.Client(base_url=self.base, headers=headers, timeout=10.0)

    def create(self, name: str, *, players: int, start: bool = True, **body: Any) -> Event:
        """A tournament of ``players`` named players, started unless told otherwise."""
        with self.client(self.director_token) as client:
            answer = _ok(
                client.post("/tournaments", json={"name": name, "structure": STRUCTURE, **body})
            )
        event = Event(server=self, id=answer["tournament"], director=answer["director"]["token"])
        for number in range(1, players + 1):
            event.command("register", player=f"p{number}", name=NAMES[(number - 1) % len(NAMES)])
        if start:
            event.command("start")
        return event


@dataclass(slots=True, kw_only=True)
class Event:
    """One tournament, driven with its director's token."""

    server: Server
    id: str
    director: str
    tokens: dict[str, str] = field(default_factory=dict)

    def command(self, command: str, **fields: Any) -> dict[str, Any]:
        with self.server.client(self.director) as client:
            return _ok(client.post(f"/tournaments/{self.id}/commands/{command}", json=fields))

    def get(self, path: str, token: str | None = None) -> dict[str, Any]:
        with self.server.client(token or self.director) as client:
            return _ok(client.get(f"/tournaments/{self.id}{path}"))

    def post(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        with self.server.client(self.director) as client:
            return _ok(client.post(f"/tournaments/{self.id}{path}", json=body or {}))

    def bust(self, table: int, *, spare: str | None = None) -> str:
        """Record a hand at live ``table`` in which its last player dealt in (but ``spare``)
        loses his whole stack to the first: what a dealer's tablet posts. Returns the busted
        entry."""
        setup = self.get(f"/tables/{table}/setup")["setup"]
        stacks = setup["config"]["stacks"]
        dealt = [(seat, entry) for seat, entry in enumerate(setup["seats"]) if entry]
        before = [[entry, stacks[seat]] for seat, entry in dealt]
        loser, lost = [pair for pair in before if pair[0] != spare][-1]
        winner, won = next(pair for pair in before if pair[0] != loser)
        after = [[e, won + lost if e == winner else 0 if e == loser else s] for e, s in before]
        self.post(
            f"/tables/{table}/hands",
            {
                "level": setup["level"],
                "positions": setup["positions"],
                "stacks_before": before,
                "stacks_after": after,
                "eliminated_by": {loser: [winner]},
            },
        )
        busted: str = loser
        return busted

    def token(self, role: str, **scope: Any) -> dict[str, Any]:
        """A new token of ``role`` (``entry=`` for a player, ``table=`` for a dealer)."""
        return self.post("/tokens", {"role": role, **scope})

    def public(self) -> dict[str, Any]:
        view: dict[str, Any] = self.get("/views/public")["view"]
        return view

    def director_view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.get("/views/director")["view"]
        return view

    def page_url(self, page: str, token: str, **query: str) -> str:
        extra = "".join(f"&{k}={v}" for k, v in query.items())
        return f"{self.server.base}/{page}?t={self.id}&token={token}{extra}"


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code < 400, f"{response.request.url}: {response.text}"
    answer: dict[str, Any] = response.json()
    return answer
