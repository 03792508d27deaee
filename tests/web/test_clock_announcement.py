"""The clock's banner at a level change (Poland §17.1, §16.1): the new level with its limits
and the reminder to change the decks, in the page's language, from the view's
``announcement``; the clock's layout keeps the banner on a TV screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_director_console import shoot


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    return server.create("Level change", players=6)


def test_the_level_change_is_announced_with_its_limits_and_the_decks(
    page: Page, event: Event
) -> None:
    display: str = event.token("display")["token"]
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(event.page_url("clock", display, lang="fr"))
    expect(page.locator("main.clock")).not_to_have_attribute("data-status", "waiting")
    banner = page.locator("#announcement")
    expect(banner).to_be_hidden()  # the start of play is no level change
    event.command("pause")  # the time left is then exact, however slow the machine
    left = event.public()["clock"]["remaining"]
    event.command("add-time", seconds=-int(left - 2))
    event.command("resume")  # level 1 ends in two or three seconds
    expect(banner).to_be_visible(timeout=10_000)
    expect(banner).to_contain_text("Niveau 2")
    expect(banner).to_contain_text("100 / 200")
    expect(banner).to_contain_text("Changez les jeux de cartes")
    assert event.public()["clock"]["announcement"].startswith("Level 2")
    shoot(page, "clock-announcement")
