"""The Structure tab in a real browser: the forecast before the start, the library (save the
event's structure, load a shipped one), and the editor checked as the rulebook says."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Server
from tests.web.test_director_console import CONSOLE_READY, open_console, shoot

from floorman.tournament.structure.library import shipped_templates

HOURS = re.compile(r"^\d+:\d\d$")
PLAIN = {
    "starting_stack": 10_000,
    "chips": [25, 100, 500],
    "items": [
        {"minutes": 20, "small_blind": 50, "big_blind": 100},
        {"minutes": 20, "small_blind": 100, "big_blind": 200},
        {"minutes": 20, "small_blind": 200, "big_blind": 400},
    ],
}


def test_the_director_forecasts_saves_and_loads_structures(page: Page, server: Server) -> None:
    daily = next(t for t in shipped_templates() if t.id == "shipped:daily")
    body = {"structure": daily.structure.as_dict(), "buy_in": 100}
    event = server.create("Structure night", players=30, start=False, **body)
    open_console(page, event, tab="structures")
    end = page.locator("[data-forecast='end'] strong")
    expect(end).to_have_text(HOURS)
    expect(page.locator("#forecast-basis")).to_contain_text("200 simulated events of 30 players")
    expect(
        page.locator("#structure-library li[data-template='shipped:deepstack']")
    ).to_contain_text("livehandsapp.com")
    page.fill("#structure-save-name", "Thursday 20k")
    page.click("#structure-save")
    saved = page.locator("#structure-library li", has_text="Thursday 20k")
    expect(saved).to_have_count(1)
    page.click("#structure-library li[data-template='shipped:club-turbo'] .load-template")
    first_minutes = page.locator("#structure-rows tr").first.locator("[data-field='minutes']")
    expect(first_minutes).to_have_value("15")
    page.click("#structure-check")
    expect(page.locator("#structure-check-result")).to_contain_text(
        "accepts this structure (22 levels)"
    )
    shoot(page, "director-structures")


@pytest.mark.rules("belarus-sport 3.3")
def test_belarus_3_3_the_editor_refuses_a_level_that_does_not_grow(
    page: Page, server: Server
) -> None:
    event = server.create(
        "Minsk open", players=12, start=False, profile="belarus-sport", structure=PLAIN
    )
    open_console(page, event, tab="structures")
    rows = page.locator("#structure-rows tr[data-kind='level']")
    expect(rows).not_to_have_count(0)
    first, second = rows.nth(0), rows.nth(1)
    for field in ("small_blind", "big_blind"):
        value = first.locator(f"[data-field='{field}']").input_value()
        second.locator(f"[data-field='{field}']").fill(value)
    page.fill("#structure-reason", "slower start")
    page.click("#structure-apply")
    expect(page.locator(".notices")).to_contain_text("3.3")
    before = event.get("")["structure"]
    assert before["items"][1]["big_blind"] > before["items"][0]["big_blind"]  # nothing changed
    page.click("#structure-add-break")
    expect(page.locator("#structure-rows tr[data-kind='break']").last).to_be_visible()


def test_an_event_is_created_from_a_shipped_structure(page: Page, server: Server) -> None:
    page.goto(f"{server.base}/director?token={server.director_token}&lang=en")
    page.wait_for_selector("#create-template option[value='shipped:daily']", state="attached")
    page.fill("#create-name", "Daily from the library")
    page.select_option("#create-template", "shipped:daily")
    expect(page.locator("#create-expected")).to_have_text("Daily")
    page.click("#create-event")
    page.wait_for_url(re.compile(r"/director\?t=t"))
    page.wait_for_function(CONSOLE_READY)
    info = page.evaluate("window.floormanDirector.console.read('')")
    assert info["structure"]["starting_stack"] == 10_000
    assert info["structure"]["items"][1]["ante_mode"] == "big-blind"
    assert {item["minutes"] for item in info["structure"]["items"] if item["kind"] == "level"} == {
        20
    }


def test_the_forecast_live_counts_from_the_stacks_and_the_clock(page: Page, server: Server) -> None:
    event = server.create("Live forecast", players=20)
    open_console(page, event)  # the Players tab: nothing of the Structure tab read yet
    expect(page.locator("#forecast")).to_be_empty()
    page.click("[data-tab=structures]")
    expect(page.locator("[data-forecast='end'] .forecast-at")).to_contain_text("about ")
    page.click("#forecast-run")
    expect(page.locator("#forecast-basis")).to_contain_text("200 simulated events of 20 players")
    page.fill("#structure-late-level", "2")
    page.click("#structure-late-set")
    page.wait_for_function("window.floormanDirector.console.view.late_registration?.level === 2")
    live = event.get("/forecast")
    assert live["live"]
    assert live["end"]["median"] > live["elapsed"]
