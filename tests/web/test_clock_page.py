"""The big-screen clock in a real browser: what it shows, how it follows the director's
commands, a network drop, its layouts, its panels and charts."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from tests.web.service import Event, Server

FOLLOW_MS = 1000
"""The clock shows a command's effect within a second."""


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    """An event of 20 players, started, five of them out (a table broken on the way)."""
    started = server.create("Sunday Deepstack", players=20, buy_in=100, fee=10)
    for table in (1, 2, 1, 2, 1):
        started.bust(table)
    return started


@pytest.fixture(scope="module")
def display(event: Event) -> str:
    token: str = event.token("display")["token"]
    return token


def open_clock(page: Page, event: Event, token: str, **query: str) -> Page:
    page.goto(event.page_url("clock", token, lang="en", **query))
    expect(page.locator("main.clock")).to_have_attribute("data-status", re.compile(r"^(?!waiting)"))
    return page


def time_left(page: Page) -> float:
    """The seconds the clock shows (m:ss or h:mm:ss)."""
    text = page.locator("#time").inner_text()
    seconds = 0
    for part in text.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds


def test_the_clock_shows_the_public_view(page: Page, event: Event, display: str) -> None:
    open_clock(page, event, display)
    view = event.public()
    clock = view["clock"]
    expect(page.locator("#event-name")).to_have_text("Sunday Deepstack")
    expect(page.locator("#level-line")).to_have_text(f"Level {clock['level']['level']}")
    expect(page.locator("#stakes")).to_contain_text("50 / 100")
    expect(page.locator("#next-level")).to_have_text("Next: Level 2, 100 / 200, big blind ante 25")
    expect(page.locator("#players")).to_have_text(f"{view['players_left']} of {view['entries']}")
    average = f"{view['average_stack']:,}"
    expect(page.locator("#average")).to_contain_text(average)
    expect(page.locator("#average")).to_contain_text(f"{view['average_big_blinds']} BB")
    expect(page.locator("#pool")).to_have_text(f"{view['money']['pool']:,}")
    to_money = view["money"]["players_to_money"]
    expect(page.locator("#bubble")).to_have_text(f"To the money: {to_money}")
    expect(page.locator("#colour-up")).to_contain_text("the 25 chips leave play")
    assert abs(time_left(page) - clock["remaining"]) <= 3


def test_the_qr_code_is_shown_for_a_display_token_only(
    page: Page, event: Event, display: str
) -> None:
    open_clock(page, event, display)
    expect(page.locator("#qr")).to_be_visible()
    natural = page.locator("#qr-image").evaluate("img => img.naturalWidth")
    assert natural > 0
    open_clock(page, event, event.director)
    expect(page.locator("#qr")).to_be_hidden()


def test_the_clock_follows_pause_resume_and_added_time_within_a_second(
    page: Page, server: Server
) -> None:
    event = server.create("Follow me", players=6, buy_in=50)
    token = event.token("display")["token"]
    open_clock(page, event, token)
    main = page.locator("main.clock")
    expect(main).to_have_attribute("data-status", "running")

    event.command("pause")
    expect(main).to_have_attribute("data-status", "paused", timeout=FOLLOW_MS)
    expect(page.locator("#status-line")).to_have_text("Clock paused")
    frozen = page.locator("#time").inner_text()
    page.wait_for_timeout(1200)
    assert page.locator("#time").inner_text() == frozen

    event.command("add-time", seconds=-300)
    expect(page.locator("#time")).not_to_have_text(frozen, timeout=FOLLOW_MS)
    assert abs(time_left(page) - event.public()["clock"]["remaining"]) <= 1

    event.command("resume")
    expect(main).to_have_attribute("data-status", "running", timeout=FOLLOW_MS)

    # The view's remaining time was counted at its moment, which may be a little old under
    # load: leave the level two seconds, so the cut never reaches past its end.
    remaining = event.public()["clock"]["remaining"]
    event.command("add-time", seconds=-(remaining - 2.0))
    expect(page.locator("#level-line")).to_have_text("Level 2", timeout=FOLLOW_MS + 2_000)
    expect(page.locator("#stakes")).to_contain_text("100 / 200")
    assert page.evaluate("window.floormanClock.alert.alerts") == 1
    assert page.evaluate("window.floormanClock.alert.beeps") == 1  # WebAudio, no file
    assert time_left(page) > 19 * 60


def test_the_clock_counts_through_a_network_drop_and_resyncs_on_reconnect(
    context: BrowserContext, page: Page, server: Server
) -> None:
    event = server.create("Drop the line", players=6)
    token = event.token("display")["token"]
    open_clock(page, event, token)
    badge = page.locator(".status-badge")
    expect(badge).to_have_attribute("data-status", "live")

    context.set_offline(True)
    expect(badge).to_have_attribute("data-status", "offline")
    before = time_left(page)
    page.wait_for_timeout(2100)
    assert time_left(page) < before, "the clock stopped counting while offline"
    event.command("pause")  # the clock cannot know yet
    page.wait_for_timeout(300)
    expect(page.locator("main.clock")).to_have_attribute("data-status", "running")

    context.set_offline(False)
    expect(badge).to_have_attribute("data-status", "live", timeout=3000)
    expect(page.locator("main.clock")).to_have_attribute("data-status", "paused")
    assert page.evaluate("window.floormanClock.feed.connections") >= 2
    assert abs(time_left(page) - event.public()["clock"]["remaining"]) <= 1


def overflow(page: Page) -> dict[str, Any]:
    size: dict[str, Any] = page.evaluate(
        """() => ({width: document.documentElement.scrollWidth,
                   height: document.documentElement.scrollHeight,
                   time: document.getElementById('time').getBoundingClientRect().height})"""
    )
    return size


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (3840, 2160)])
def test_the_clock_fills_a_tv_screen_without_scrolling(
    page: Page, event: Event, display: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_clock(page, event, display)
    size = overflow(page)
    assert size["width"] <= width
    assert size["height"] <= height
    assert size["time"] >= height * 0.2, "the time left is not in huge type"


SMALLEST_TEXT = """() => {
  const sizes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const parent = walker.currentNode.parentElement;
    const box = parent.getBoundingClientRect();
    if (!walker.currentNode.textContent.trim() || !box.width || !box.height) continue;
    sizes.push(parseFloat(getComputedStyle(parent).fontSize));
  }
  for (const select of document.querySelectorAll('select')) {
    sizes.push(parseFloat(getComputedStyle(select).fontSize));
  }
  return Math.min(...sizes);
}"""


def test_no_text_on_the_clock_is_tiny_on_a_4k_screen(
    page: Page, event: Event, display: str
) -> None:
    """Every size is in viewport units: the smallest text of a 4K screen (header, badge and
    language switcher included, every panel and its chart) is twice the 1080p one."""
    smallest = {}
    for width, height in ((1920, 1080), (3840, 2160)):
        page.set_viewport_size({"width": width, "height": height})
        open_clock(page, event, display)
        page.wait_for_function("window.floormanClock?.state.history != null")
        sizes = []
        for panel in ("payouts", "leaders", "field-chart", "payout-curve"):
            show_panel(page, panel)
            sizes.append(page.evaluate(SMALLEST_TEXT))
        smallest[height] = min(sizes)
    assert smallest[1080] >= 12
    assert smallest[2160] >= 1.9 * smallest[1080]
    assert smallest[2160] >= 2160 * 0.011  # about as tall as 1 % of the screen, or more


def test_the_clock_fits_a_phone(page: Page, event: Event, display: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_clock(page, event, display)
    size = overflow(page)
    assert size["width"] <= 390, "the page scrolls sideways on a phone"
    assert size["time"] >= 60
    expect(page.locator("#players")).to_be_visible()
    expect(page.locator("#qr")).to_be_hidden()


def show_panel(page: Page, panel: str) -> None:
    assert page.evaluate(f"window.floormanClock.panels.show('{panel}')"), panel
    expect(page.locator("#panels")).to_have_attribute("data-panel", panel)


def test_the_panels_show_payouts_leaders_seat_changes_and_the_latest_out(
    page: Page, event: Event, display: str
) -> None:
    open_clock(page, event, display)
    view = event.public()
    history = event.get("/views/history")
    show_panel(page, "payouts")
    payouts = page.locator("#panels ol.payouts li")
    expect(payouts).to_have_count(len(view["money"]["payouts"]))
    expect(payouts.first).to_contain_text(f"{view['money']['payouts'][0]:,}")

    page.wait_for_function("window.floormanClock?.state.history != null")
    show_panel(page, "leaders")
    bars = page.locator("#panels svg rect.bar")
    expect(bars.nth(2)).to_be_attached()  # as many leaders as the panel's height holds
    assert bars.count() <= len(history["leaders"])
    widths = [float(b.get_attribute("width") or 0) for b in bars.all()]
    assert widths == sorted(widths, reverse=True)
    top = history["leaders"][0]
    expect(page.locator("#panels svg text.label").first).to_have_text(top["name"])
    assert int(bars.first.get_attribute("data-value") or 0) == top["stack"]

    show_panel(page, "seat-changes")
    first = view["seat_changes"][0]
    line = f"{first['name']} → T{first['table']} S{first['seat'] + 1}"
    expect(page.locator("#panels li").first).to_contain_text(line)

    show_panel(page, "latest-out")
    out = view["latest_out"][0]
    expect(page.locator("#panels li").first).to_contain_text(out["name"])


def test_the_field_chart_draws_every_point_of_the_history(
    page: Page, event: Event, display: str
) -> None:
    open_clock(page, event, display)
    field = event.get("/views/history")["field"]
    assert [p["players_left"] for p in field][-1] == event.public()["players_left"]
    page.wait_for_function("window.floormanClock?.state.history != null")
    show_panel(page, "field-chart")
    path = page.locator("#panels svg path.line").get_attribute("d") or ""
    assert len(re.findall(r"[ML]", path)) == len(field)
    show_panel(page, "payout-curve")
    expect(page.locator("#panels svg rect.bar")).to_have_count(
        len(event.public()["money"]["payouts"])
    )


def test_the_panels_turn_by_themselves(page: Page, event: Event, display: str) -> None:
    open_clock(page, event, display, rotate="1")
    panels = page.locator("#panels")
    first = panels.get_attribute("data-panel")
    expect(panels).not_to_have_attribute("data-panel", first or "", timeout=2500)


def test_the_history_counts_entries_and_players_left(event: Event) -> None:
    field = event.get("/views/history")["field"]
    assert field[0]["players_left"] == 20
    assert field[-1]["players_left"] == 15
    assert all(p["entries"] == 20 for p in field)
    assert field[-1]["average_stack"] == 20 * 10_000 // 15
    assert [p["at"] for p in field] == sorted(p["at"] for p in field)
    _ = time  # the module's clock is the service's: points are in its order
