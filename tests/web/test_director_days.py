"""The console's End of day tab in a real browser: end-day is offered from the registry, and
Day 2 made from a flight whose day is over links to the new tournament's console."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from tests.web.service import Server
from tests.web.test_director_console import open_console


def test_console_opens_day_two_from_a_bagged_flight(page: Page, server: Server) -> None:
    flight = server.create("Flight A", players=6)
    open_console(page, flight, tab="day")
    expect(page.locator('#day-commands [data-command="end-day"]')).to_be_visible()
    assert not page.locator("#day-commands .muted").count()  # end-day is available now
    ended = flight.command("end-day")
    assert "stacks-bagged" in [e["kind"] for e in ended["events"]]
    page.fill('form.day-two input[name="name"]', "Day 2")
    page.click('form.day-two [data-action="day-two"]')
    link = page.locator("#day-two-result a")
    expect(link).to_be_visible()
    new_id = link.get_attribute("data-tournament")
    assert new_id is not None
    assert new_id != flight.id
    with server.client(server.director_token) as client:
        made = client.get(f"/tournaments/{new_id}").json()
    assert made["players_left"] == 6
