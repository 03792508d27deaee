"""The player's join page on a 390 px phone in Chromium (issue 17 item 8): nothing wider than
the screen, nothing cut or overlapping, a badge that says he has not joined yet (no feed is
connecting before he types his code), and the placeholder as written ("e.g.", not "E.G.")."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, expect
from tests.web.layout import layout_problems, text_count
from tests.web.service import Server
from tests.web.test_player_page import player_code


def test_the_join_page_fits_a_390px_phone(context: BrowserContext, server: Server) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server.base}/player?lang=en")
    expect(page.locator("#join")).to_be_visible()
    expect(page.locator(".status-badge")).to_have_text("not joined yet")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert text_count(page) >= 4
    assert layout_problems(page) == []
    code = page.locator("#code")
    assert code.get_attribute("placeholder") == "e.g. K7M2Q9XR"
    shown = code.evaluate("c => getComputedStyle(c, '::placeholder').textTransform")
    assert shown == "none"  # the placeholder is drawn as written
    box = code.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390

    event = server.create("Phone", players=3)
    code.fill(player_code(event, "e1"))
    page.click("#join button[type=submit]")
    expect(page.locator(".status-badge")).to_have_text("live")
    expect(page.locator("#name")).to_have_text("Ivanov")
    assert layout_problems(page) == []
