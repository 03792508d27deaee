"""The player's page shows how he left and what he won: a withdrawal (TDA R8-B's treatment as
a disqualified player where the profile says so) with its place and no prize, written in the
player's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_player_page import entry_line, player_code


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    return server.create("Withdrawal night", players=12, buy_in=100)


def test_a_withdrawn_player_sees_how_he_left_his_place_and_no_prize(
    page: Page, event: Event
) -> None:
    event.command("withdraw", entry="e3")
    line = entry_line(event, "e3")
    assert line["finish"] == "withdrawn"
    assert line["prize"] == 0
    page.goto(f"{event.server.base}/player?code={player_code(event, 'e3')}&lang=ru")
    result = page.locator("#result")
    expect(result.locator("[data-finish=withdrawn]")).to_have_text("Снялся с турнира")
    expect(result).to_contain_text(str(line["place"]))
    expect(result.locator("[data-prize='0']")).to_contain_text("без приза")
