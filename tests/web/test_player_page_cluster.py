"""An online player behind a load balancer (issue 21), in a real browser: two ``floorman serve``
processes share one PostgreSQL database, the first deals the event's tables, and the player's
page is opened on the second. He sees his own cards (the second process folds the hand from
its stream), clicks Call (his action is forwarded to the dealer), and his page moves on to
the next player's turn; the dealer's hand shows his call."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from tests.service.api_fixtures import STRUCTURE, bearer
from tests.service.conftest import postgres_database, postgres_server, postgres_url
from tests.service.test_cluster_forwarding import TOKEN, Server

__all__ = ["postgres_database", "postgres_server", "postgres_url"]  # the fixtures, shared


@pytest.fixture
def pair(postgres_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    first = Server(postgres_url, tmp_path)
    first.wait()
    second = Server(postgres_url, tmp_path)
    try:
        second.wait()
        yield first, second
    finally:
        for server in (second, first):
            server.stop()


def _hand(base: str, tid: str, director: dict[str, str]) -> dict[str, Any]:
    answer = httpx.get(f"{base}/tournaments/{tid}/tables/1/hand", headers=director, timeout=10)
    assert answer.status_code == 200, answer.text
    hand: dict[str, Any] = answer.json()
    return hand


def test_a_player_on_the_other_process_sees_his_cards_and_acts(
    page: Page, pair: tuple[Server, Server]
) -> None:
    dealer, other = pair
    body = {"name": "Online behind a proxy", "structure": STRUCTURE, "seats_per_table": 6}
    created = httpx.post(f"{dealer.base}/tournaments", json=body, headers=bearer(TOKEN))
    assert created.status_code == 201, created.text
    tid = created.json()["tournament"]
    director = bearer(created.json()["director"]["token"])
    root = f"{dealer.base}/tournaments/{tid}"
    for number in range(1, 7):
        entry = {"player": f"p{number}", "name": f"Player {number}"}
        assert httpx.post(f"{root}/entries", json=entry, headers=director).status_code == 200
    assert httpx.post(f"{root}/start", headers=director, timeout=10).status_code == 200
    assert httpx.post(f"{root}/tables/1/deal", headers=director, timeout=10).status_code == 200
    hand = _hand(dealer.base, tid, director)
    seat = hand["view"]["actor"]
    entry = hand["seats"][seat]["entry"]
    made = httpx.post(f"{root}/tokens", json={"role": "player", "entry": entry}, headers=director)
    assert made.status_code == 201, made.text

    page.goto(f"{other.base}/player?code={made.json()['code']}&lang=en")
    expect(page.locator("#actions")).to_be_visible(timeout=10_000)
    own = list(hand["view"]["seats"][seat]["cards"])
    shown = page.locator("#hand .mine .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert shown == own
    call = hand["view"]["options"]["call"]
    expect(page.locator("[data-action=call]")).to_have_text(f"Call {call:,}")

    page.click("[data-action=call]")
    after = _hand(dealer.base, tid, director)
    assert after["view"]["actor"] != seat
    assert after["view"]["seats"][seat]["bet"] == hand["view"]["seats"][seat]["bet"] + call
    expect(page.locator("#turn")).to_have_text(
        f"Seat {after['view']['actor'] + 1} to act", timeout=5_000
    )
    expect(page.locator("#actions")).to_have_count(0)
