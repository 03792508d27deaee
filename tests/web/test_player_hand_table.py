"""The player's page acts at the table of his hand: the director may seat him at another table
while the online hand he is dealt in goes on (balancing waits for the hand, TDA R11-A), and
his action belongs to that hand."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from tests.web.service import Event, Server


def hand_at(event: Event, table: int) -> dict[str, Any]:
    hand: dict[str, Any] = event.get(f"/tables/{table}/hand")
    return hand


def act_for(event: Event, entry: str, hand: dict[str, Any]) -> None:
    """``entry`` checks or calls through his own token, as his page would."""
    token = event.token("player", entry=entry)["token"]
    options = hand["view"]["options"]
    body = {"action": "check" if options["check"] else "call"}
    with event.server.client(token) as client:
        client.post(f"/tournaments/{event.id}/tables/1/actions", json=body).raise_for_status()


def director_bust(event: Event, table: int) -> None:
    """The director's bust-out at ``table``: the server records the hands it deals itself
    and refuses a recorded hand once it deals the event (issue 20)."""
    seats = [e for e in event.get(f"/tables/{table}/setup")["setup"]["seats"] if e]
    event.post("/commands/bust", {"entry": seats[-1], "by": [seats[0]]})


def test_a_player_moved_during_his_hand_acts_at_the_table_of_that_hand(
    page: Page, server: Server
) -> None:
    event = server.create("Moved mid-hand", players=12, buy_in=100)
    event.post("/tables/1/deal")
    hand = hand_at(event, 1)
    seats = {s["seat"]: s["entry"] for s in hand["seats"] if s["entry"]}
    director_bust(event, 2)  # a seat opens at table 2
    # balancing waits for the hand (TDA R11-A), so the director moves one of its players himself
    moved = seats[max(seats)]
    free = next(
        seat
        for seat, entry in enumerate(event.get("/tables/2/setup")["setup"]["seats"])
        if not entry
    )
    event.post(
        "/commands/move-player",
        {"entry": moved, "to_table": 2, "to_seat": free, "reason": "director"},
    )
    seats = {s["seat"]: s["entry"] for s in hand["seats"] if s["entry"]}
    while seats[hand["view"]["actor"]] != moved:
        act_for(event, seats[hand["view"]["actor"]], hand)
        hand = hand_at(event, 1)
    code = event.token("player", entry=moved)["code"]
    page.goto(f"{server.base}/player?code={code}&lang=en")
    expect(page.locator("#seat")).to_contain_text("Table 2,")
    action = "check" if hand["view"]["options"]["check"] else "call"
    page.click(f"[data-action={action}]")
    expect(page.locator("#actions")).to_have_count(0)
    after = hand_at(event, 1)
    assert after["view"]["actor"] != hand["view"]["actor"]
    assert page.locator(".notice").count() == 0
