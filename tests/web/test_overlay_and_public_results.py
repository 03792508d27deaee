"""The streaming overlay (an OBS browser source) and the public results page, in Chromium:
the overlay's transparent background, level, time, blinds, players left, chip leaders and
latest player out; the results page without any token, its places, names and prizes, its QR
code, and no private data in what it reads."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    """Eight players, started, two of them out."""
    started = server.create("Stream Night", players=8, buy_in=100, fee=10)
    started.bust(1)
    started.bust(1)
    return started


def test_the_overlay_shows_the_clock_field_leaders_and_latest_out_on_a_transparent_page(
    page: Page, event: Event
) -> None:
    display = event.token("display")["token"]
    page.goto(f"{event.server.base}/overlay?t={event.id}&token={display}")
    overlay = page.locator("#overlay")
    expect(overlay).to_have_attribute("data-state", "live")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background in ("rgba(0, 0, 0, 0)", "transparent")
    expect(page.locator("#level")).to_have_text("Level 1")
    expect(page.locator("#blinds")).to_have_text(re.compile(r"^\d+/\d+"))
    expect(page.locator("#time")).to_have_text(re.compile(r"^\d\d:\d\d$"))
    expect(page.locator("#left")).to_have_text("6/8 left")
    leaders = event.get("/overlay", display)["chip_leaders"]
    expect(page.locator("#leaders li")).to_have_count(5)
    first = f"{leaders[0]['name']} {leaders[0]['stack']:,}"
    expect(page.locator("#leaders li").first).to_have_text(first)
    public = event.public()
    out = public["latest_out"][0]
    expect(page.locator("#out")).to_have_text(f"Out: {out['name']} ({out['place']})")


def test_the_overlay_and_the_results_page_speak_the_language_asked(
    page: Page, event: Event
) -> None:
    display = event.token("display")["token"]
    page.goto(f"{event.server.base}/overlay?t={event.id}&token={display}&lang=ru")
    expect(page.locator("#level")).to_have_text("Уровень 1")
    expect(page.locator("#left")).to_have_text("осталось 6/8")
    page.goto(f"{event.server.base}/results?t={event.id}&lang=fr")
    expect(page.locator("th").first).to_have_text("Place")
    expect(page.locator("#summary")).to_contain_text("6 joueurs sur 8 en jeu")
    expect(page.locator("#qr")).to_have_attribute("alt", "Code QR de cette page")


def test_the_overlay_data_needs_a_display_or_staff_token(event: Event) -> None:
    with event.server.client() as client:
        assert client.get(f"/tournaments/{event.id}/overlay").status_code == 401


def test_the_public_results_page_opens_without_a_token_and_shows_places_and_prizes(
    page: Page, event: Event
) -> None:
    page.goto(f"{event.server.base}/results?t={event.id}")
    expect(page.locator("#results")).to_have_attribute("data-state", "running")
    expect(page.locator("#event")).to_have_text("Stream Night")
    expect(page.locator("#summary")).to_contain_text("6 of 8 players left")
    rows = page.locator("#standings tr")
    expect(rows).to_have_count(2)
    placed = event.public()["latest_out"]
    expect(rows.first.locator("td").nth(1)).to_have_text(
        min(placed, key=lambda p: p["place"])["name"]
    )
    expect(rows.first.locator("td").first).to_have_text("7")
    link = page.locator("#link")
    expect(link).to_have_attribute("href", f"{event.server.base}/results?t={event.id}")
    qr = page.request.get(page.locator("#qr").evaluate("img => img.src"))
    assert qr.status == 200
    assert qr.body().startswith(b"\x89PNG")
    assert page.evaluate("document.querySelector('#qr').naturalWidth") > 0


def test_the_public_board_carries_no_private_data(event: Event) -> None:
    board = httpx.get(f"{event.server.base}/public/tournaments/{event.id}/board").json()
    text = str(board)
    assert "stack" not in text  # no single player's chips on a public page
    assert "token" not in text
    assert event.director not in text
    assert not re.search(r"'e\d+'|'p\d+'", text)  # no entry or player ids
    assert board["players_left"] == 6
    assert [s["place"] for s in board["standings"]] == [7, 8]
