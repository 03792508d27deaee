"""Outbound webhooks over a real socket: a receiver on 127.0.0.1 checks each delivery's
signature as docs/service.md describes it (HMAC-SHA256 of "<timestamp>.<body>" under the
hook's secret), drops repeats by delivery id, and sees no private data; failures retried with
growing waits and shown to the director."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import Event, client_for, event
from tests.service.play import FakeClock
from tests.service.test_api_records import bust


@dataclass
class Receiver:
    """A webhook receiver written from the documented scheme, not from floorman's code."""

    secret: str = ""
    fail_first: int = 0
    seen: list[dict[str, Any]] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    bad_signatures: int = 0
    calls: int = 0
    url: str = ""

    def verify(self, headers: Any, body: bytes) -> bool:
        stamp = headers["Floorman-Timestamp"]
        expected = hmac.new(
            self.secret.encode(), stamp.encode() + b"." + body, hashlib.sha256
        ).hexdigest()
        return hmac.compare_digest(headers["Floorman-Signature"], "sha256=" + expected)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    got = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            got.calls += 1
            if got.calls <= got.fail_first:
                self.send_response(503)
                self.end_headers()
                return
            if not got.verify(self.headers, body):
                got.bad_signatures += 1
                self.send_response(401)
                self.end_headers()
                return
            delivery = self.headers["Floorman-Delivery"]
            if delivery not in got.ids:
                got.ids.add(delivery)
                got.seen.append(json.loads(body))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    got.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield got
    finally:
        server.shutdown()
        server.server_close()


def _wait(condition: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def _fast(ours: Event) -> None:
    hooks = ours.client.app.state.webhooks  # type: ignore[attr-defined]
    hooks.backoff = 0.01


def test_webhooks_signed_deliveries_of_the_chosen_events_without_private_data(
    tmp_path: Path, receiver: Receiver
) -> None:
    with client_for(tmp_path) as client:
        ours = event(client, 3, start=False, seats=3)
        _fast(ours)
        made = ours.post(
            "/webhooks",
            json={"url": receiver.url, "events": ["event.started", "player.eliminated",
                                                  "event.finished", "results.published"]},
        )  # fmt: skip
        assert made.status_code == 201, made.text
        receiver.secret = made.json()["secret"]
        assert ours.post("/start").status_code == 200
        bust(ours)
        bust(ours)
        _wait(lambda: len(receiver.seen) >= 5)
        kinds = [d["event"] for d in receiver.seen]
        assert kinds == ["event.started", "player.eliminated", "player.eliminated",
                         "event.finished", "results.published"]  # fmt: skip
        assert receiver.bad_signatures == 0
        for delivery in receiver.seen:
            assert delivery["version"] == 1
            assert delivery["tournament"] == ours.id
            assert isinstance(delivery["timestamp"], int)
            assert len(delivery["id"]) == 24
        out = receiver.seen[1]["data"]
        assert out["place"] == 3
        assert out["name"].startswith("Player ")
        text = json.dumps(receiver.seen)
        for private in ("token", "cards", "hole", '"e1"', '"p1"', receiver.secret):
            assert private not in text
        listed = ours.get("/webhooks").json()["hooks"][0]
        assert listed["failures"] == 0
        assert "secret" not in listed
        assert {d["status"] for d in listed["deliveries"]} == {"delivered"}


def test_webhooks_retry_with_backoff_and_show_failures(tmp_path: Path, receiver: Receiver) -> None:
    with client_for(tmp_path) as client:
        ours = event(client, 3, start=False, seats=3)
        _fast(ours)
        made = ours.post("/webhooks", json={"url": receiver.url, "events": ["event.started"]})
        receiver.secret = made.json()["secret"]
        receiver.fail_first = 2  # two 503s, then accepted: one delivery, three tries
        assert ours.post("/start").status_code == 200
        _wait(lambda: len(receiver.seen) == 1)
        delivery = ours.get("/webhooks").json()["hooks"][0]["deliveries"][0]
        assert (delivery["status"], delivery["attempts"]) == ("delivered", 3)
        dead = ours.post(
            "/webhooks", json={"url": "http://127.0.0.1:9/nobody", "events": ["player.eliminated"]}
        )
        assert dead.status_code == 201
        bust(ours)

        def failed() -> bool:
            hooks = ours.get("/webhooks").json()["hooks"]
            return any(h["failures"] == 1 for h in hooks)

        _wait(failed)
        hook = next(h for h in ours.get("/webhooks").json()["hooks"] if h["failures"])
        assert hook["deliveries"][0]["attempts"] == 5
        assert hook["deliveries"][0]["error"]


def test_webhooks_refuse_bad_urls_and_unknown_events_and_other_roles(tmp_path: Path) -> None:
    with client_for(tmp_path) as client:
        ours = event(client, 3, seats=3)
        bad = ours.post("/webhooks", json={"url": "ftp://x", "events": ["event.started"]})
        assert bad.status_code == 422
        assert bad.json()["constraint"] == "webhook-url"
        unknown = ours.post("/webhooks", json={"url": "http://a.example", "events": ["hands"]})
        assert unknown.json()["constraint"] == "webhook-event"
        floor = ours.post(
            "/webhooks", "floor", json={"url": "http://a.example", "events": ["event.started"]}
        )
        assert floor.status_code == 403
        assert ours.get("/webhooks").json()["hooks"] == []


def test_webhooks_tell_a_level_change_read_from_the_clock(
    tmp_path: Path, receiver: Receiver
) -> None:
    clock = FakeClock(step=0.0)
    with client_for(tmp_path, clock=clock) as client:
        ours = event(client, 3, seats=3)
        hooks = ours.client.app.state.webhooks  # type: ignore[attr-defined]
        hooks.tick = 0.02
        made = ours.post("/webhooks", json={"url": receiver.url, "events": ["level.changed"]})
        receiver.secret = made.json()["secret"]
        time.sleep(0.2)  # read a few times in level 1: nothing to tell
        assert receiver.seen == []
        clock.now += 20 * 60 + 1  # level 1 is twenty minutes long
        _wait(lambda: len(receiver.seen) == 1)
        data = receiver.seen[0]["data"]
        assert (data["level"], data["small_blind"], data["big_blind"]) == (2, 100, 200)
        assert data["on_break"] is False
        time.sleep(0.2)
        assert len(receiver.seen) == 1  # told once


def test_a_dead_receiver_delays_no_other_hook(tmp_path: Path, receiver: Receiver) -> None:
    with client_for(tmp_path) as client:
        ours = event(client, 3, start=False, seats=3)
        hooks = ours.client.app.state.webhooks  # type: ignore[attr-defined]
        hooks.backoff = 2.0  # the dead hook's tries spread over thirty seconds
        dead = {"url": "http://127.0.0.1:9/nobody", "events": ["event.started"]}
        assert ours.post("/webhooks", json=dead).status_code == 201
        made = ours.post("/webhooks", json={"url": receiver.url, "events": ["event.started"]})
        receiver.secret = made.json()["secret"]
        started = time.monotonic()
        assert ours.post("/start").status_code == 200
        _wait(lambda: len(receiver.seen) == 1, seconds=5.0)
        assert time.monotonic() - started < 2.0
        listed = {h["url"]: h for h in ours.get("/webhooks").json()["hooks"]}
        waiting = listed[dead["url"]]["deliveries"][0]
        assert waiting["status"] == "pending"
        assert waiting["attempts"] >= 1
