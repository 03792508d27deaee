"""The director downloads Open Hand History from the Results tab in a real browser: a stud
event's hands download; a razz event's cannot be written without loss, and the console says
why in plain words instead of saving a wrong file."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_director_console import open_console
from tests.web.test_director_downloads import downloaded


def _structure(game: str) -> dict[str, object]:
    level = {"minutes": 30, "game": game, "ante": 25, "ante_mode": "every-player",
             "small_bet": 100, "big_bet": 200, "bring_in": 50}  # fmt: skip
    return {"starting_stack": 2_000, "chips": [25, 100], "items": [level]}


def _one_hand_played(event: Event) -> None:
    """The online table deals; the bring-in is posted and everyone else folds."""
    tokens = {f"e{n}": event.token("player", entry=f"e{n}")["token"] for n in range(1, 4)}
    event.post("/tables/1/deal")
    for _ in range(10):
        if _played(event):
            return
        view = event.director_view()
        table, hand = next((t, h) for t, h in view["hands"].items() if h is not None)
        seats = {s["seat"]: s["entry"] for s in event.get(f"/tables/{table}/hand")["seats"]}
        body: dict[str, Any] = (
            {"action": "bring-in"} if hand["options"].get("bring_in") else {"action": "fold"}
        )
        with event.server.client(tokens[seats[hand["actor"]]]) as client:
            answer = client.post(f"/tournaments/{event.id}/tables/{table}/actions", json=body)
            assert answer.status_code == 200, answer.text
    assert _played(event)


def _played(event: Event) -> bool:
    with event.server.client(event.director) as client:
        answer = client.get(f"/tournaments/{event.id}/records/hands", params={"format": "phh"})
    return answer.status_code == 200 and "actions" in answer.text


def test_a_stud_events_ohh_downloads_and_a_razz_events_is_refused_with_its_reason(
    page: Page, server: Server
) -> None:
    stud = server.create("Stud night", players=3, structure=_structure("F7S"), seats_per_table=8)
    _one_hand_played(stud)
    open_console(page, stud, tab="results")
    text = downloaded(page, page.locator("#downloads a[data-download=hands][data-format=ohh]"))
    ohh = json.loads(text.strip().split("\n\n")[0])["ohh"]
    assert ohh["game_type"] == "Stud"
    assert any(
        a["action"] == "Post Extra Blind" for r in ohh["rounds"] for a in r["actions"]
    )  # the bring-in

    razz = server.create("Razz night", players=3, structure=_structure("FR"), seats_per_table=8)
    _one_hand_played(razz)
    open_console(page, razz, tab="results")
    page.locator("#downloads a[data-download=hands][data-format=ohh]").click()
    notice = page.locator(".notice[role=alert]")
    expect(notice).to_contain_text("no hand of this event can be written as Open Hand History")
    expect(notice).to_contain_text("razz has no Open Hand History game type")
