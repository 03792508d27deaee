"""The service the browser tests run against, driven over HTTP as a director's console would:
create a tournament, register players, start it, hand out tokens, send commands."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

STRUCTURE: dict[str, Any] = {
    "starting_stack": 10_000,
    "chips": [25, 100, 500, 1000],
    "items": [
        {"minutes": 20, "small_blind": 50, "big_blind": 100},
        {"minutes": 20, "small_blind": 100, "big_blind": 200, "ante": 25},
        {"kind": "break", "minutes": 10, "colour_up": [25]},
        {"minutes": 20, "small_blind": 200, "big_blind": 400, "ante": 50},
        {"minutes": 20, "small_blind": 300, "big_blind": 600, "ante": 75},
    ],
}
NAMES = (
    "Ivanov", "Dubois", "Petrova", "Nowak", "Georgiev", "Martin", "Kowalska", "Smirnov",
    "Bernard", "Dimitrova", "Wiśniewski", "Leroy", "Sokolov", "Moreau", "Zielińska",
    "Popov", "Lefebvre", "Wójcik", "Ionescu", "Horvat",
)  # fmt: skip


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

    def command(self, name: str, **fields: Any) -> dict[str, Any]:
        with self.server.client(self.director) as client:
            return _ok(client.post(f"/tournaments/{self.id}/commands/{name}", json=fields))

    def get(self, path: str, token: str | None = None) -> dict[str, Any]:
        with self.server.client(token or self.director) as client:
            return _ok(client.get(f"/tournaments/{self.id}{path}"))

    def post(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        with self.server.client(self.director) as client:
            return _ok(client.post(f"/tournaments/{self.id}{path}", json=body or {}))

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


def _ok(response: httpx.Response) -> Any:
    assert response.status_code < 400, f"{response.request.url}: {response.text}"
    return response.json()
