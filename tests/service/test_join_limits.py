"""Issue 20 item 7: join codes could be guessed without limit (about 700 a second from one
client, never a 429). Failed tokens are limited per client address and over the whole code
space, an address is locked out after repeated failures, and the attempts are logged."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.service.api_fixtures import Event, TestClient, build_app, event

from floorman.service.api import guessing
from floorman.service.api.guessing import GuessGuard, TooManyAttempts


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def ours(tmp_path: Path, clock: Clock) -> Iterator[Event]:
    app, service = build_app(tmp_path)
    app.state.floorman.guesses = GuessGuard(clock=clock)
    try:
        with TestClient(app) as client:
            yield event(client, 4, start=False)
    finally:
        service.store.close()


def test_join_codes_are_rate_limited_per_address_with_retry_after(
    ours: Event, clock: Clock
) -> None:
    code = ours.tokens["player"]
    for number in range(int(guessing.ADDRESS_BURST)):
        assert ours.client.get(f"/join/WRONG{number:03d}").status_code == 404
    limited = ours.client.get("/join/WRONGXXX")
    assert limited.status_code == 429
    assert limited.json()["error"] == "too-many-attempts"
    assert 1 <= int(limited.headers["Retry-After"]) <= guessing.ADDRESS_REFILL
    # no oracle while limited: the right code gets the same answer
    assert ours.client.get(f"/join/{code}").status_code == 429
    clock.now += guessing.ADDRESS_REFILL
    assert ours.client.get(f"/join/{code}").status_code == 200


def test_a_valid_code_spends_nothing(ours: Event) -> None:
    code = ours.tokens["player"]
    for _ in range(3 * int(guessing.ADDRESS_BURST)):
        assert ours.client.get(f"/join/{code}").status_code == 200


def test_unknown_bearer_tokens_count_as_failed_guesses(ours: Event) -> None:
    headers = {"Authorization": "Bearer ABCDEFGH"}
    answers = [
        ours.client.get(f"/tournaments/{ours.id}/views/me", headers=headers).status_code
        for _ in range(int(guessing.ADDRESS_BURST) + 1)
    ]
    assert answers == [401] * int(guessing.ADDRESS_BURST) + [429]
    with ours.client.websocket_connect(f"/ws/public/{ours.id}", headers=headers) as refused:
        message = refused.receive_json()
        assert message["status"] == 429


def test_repeated_failures_lock_the_address_out(ours: Event, clock: Clock) -> None:
    for number in range(guessing.LOCKOUT_FAILURES):
        assert ours.client.get(f"/join/WRONG{number:03d}").status_code == 404
        clock.now += guessing.ADDRESS_REFILL  # slow enough for the bucket
    clock.now += 60
    locked = ours.client.get(f"/join/{ours.tokens['player']}")
    assert locked.status_code == 429
    assert "locked out" in locked.json()["message"]
    assert int(locked.headers["Retry-After"]) > guessing.LOCKOUT_SECONDS - 120
    other = TestClient(ours.client.app, client=("10.9.8.7", 5000))
    assert other.get(f"/join/{ours.tokens['player']}").status_code == 200
    clock.now += guessing.LOCKOUT_SECONDS
    assert ours.client.get(f"/join/{ours.tokens['player']}").status_code == 200


def test_the_code_space_is_limited_over_every_address(clock: Clock) -> None:
    guard = GuessGuard(clock=clock)
    for number in range(int(guessing.SPACE_BURST)):
        guard.admit(f"10.0.{number // 250}.{number % 250}")
        guard.failed(f"10.0.{number // 250}.{number % 250}")
    with pytest.raises(TooManyAttempts) as refused:
        guard.admit("192.168.1.1")
    assert refused.value.retry_after == 1
    clock.now += 1
    guard.admit("192.168.1.1")


def test_join_attempts_are_logged_without_the_code(
    ours: Event, caplog: pytest.LogCaptureFixture
) -> None:
    code = ours.tokens["player"]
    with caplog.at_level(logging.INFO, logger="floorman.security"):
        ours.client.get("/join/WRONGONE")
        ours.client.get(f"/join/{code}")
    logged = [r.getMessage() for r in caplog.records if r.name == "floorman.security"]
    assert any("unknown" in line and "testclient" in line for line in logged)
    assert any("entry:e1" in line for line in logged)
    assert not any(code in line or "WRONGONE" in line for line in logged)


def test_staff_tokens_are_never_limited_so_a_guesser_cannot_lock_the_staff_out(
    ours: Event, clock: Clock
) -> None:
    long_unknown = {"Authorization": "Bearer " + "x" * 43}
    for _ in range(3 * int(guessing.ADDRESS_BURST)):  # nothing to guess in 32 random bytes
        answer = ours.client.get(f"/tournaments/{ours.id}/views/public", headers=long_unknown)
        assert answer.status_code == 401
    for number in range(guessing.LOCKOUT_FAILURES):
        ours.client.get(f"/join/WRONG{number:03d}")
        clock.now += guessing.ADDRESS_REFILL
    assert ours.client.get(f"/join/{ours.tokens['player']}").status_code == 429  # locked out
    assert ours.get("/views/director").status_code == 200  # the director at the same address
    entry = {"player": "p99", "name": "Late"}
    assert ours.post("/entries", json=entry).status_code == 200  # and through the lean path
