"""The console's floor, desk and officials' controls in a real browser, in one flow: hand-for-
hand called street by street, balancing by the director with a move from a table he names,
a held all-in released (TDA RP-8-F); a player's ID checked and another withdrawn; the
registration closed and a ruling put on the record under a rule picked from the catalogue."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_director_console import answered, kinds, open_console, shoot

FLOOR_READ = "window.floormanDirector.console.floorRead > {}"


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    return server.create("Floor night", players=14, seats_per_table=8)


def floor_after(page: Page, action: Any) -> dict[str, Any]:
    """Run a console command and wait until the floor's state of its view is drawn."""
    read = page.evaluate("window.floormanDirector.console.floorRead")
    answer = answered(page, action)
    page.wait_for_function(FLOOR_READ.format(read))
    return answer


def unchanged_hand(event: Event, table: int) -> None:
    setup = event.get(f"/tables/{table}/setup")["setup"]
    stacks = setup["config"]["stacks"]
    before = [[entry, stacks[seat]] for seat, entry in enumerate(setup["seats"]) if entry]
    body = {"level": setup["level"], "positions": setup["positions"]}
    event.post(f"/tables/{table}/hands", {**body, "stacks_before": before, "stacks_after": before})


@pytest.mark.rules("tda-2022 RP-8-F", "tda-2022 R11-C")
def test_tda_the_floor_controls_on_the_tables_tab(page: Page, event: Event) -> None:
    open_console(page, event, tab="tables")
    page.wait_for_function(FLOOR_READ.format(0))
    page.check("#street-by-street")
    called = floor_after(page, lambda: page.click("[data-action=call-hand-for-hand]"))
    assert "hand-for-hand-called" in kinds(called)
    expect(page.locator("#hand-for-hand-state")).not_to_be_empty()
    expect(page.locator("[data-action=end-hand-for-hand]")).to_be_visible()
    mode = floor_after(page, lambda: page.select_option("#balancing-mode", "director"))
    assert "balancing-set" in kinds(mode)
    expect(page.locator("[data-table='1'] [data-action=balance-from]")).to_be_visible()
    event.command("hold-all-in", table=1)
    held = page.locator("[data-table='1'] [data-action=release-all-in]")
    expect(held).to_be_visible()
    shoot(page, "director-floor")
    unchanged_hand(event, 2)
    released = floor_after(page, lambda: held.click())
    assert "all-in-released" in kinds(released)
    expect(held).to_have_count(0)
    page.fill("#table-size", "7")
    size = floor_after(page, lambda: page.click("[data-action=set-table-size]"))
    assert "table-size-set" in kinds(size)


def test_the_desk_and_officials_controls(page: Page, event: Event) -> None:
    open_console(page, event, tab="players")
    page.wait_for_function(FLOOR_READ.format(0))
    first, second = [e for e in event.director_view()["entries"] if e["place"] is None][:2]
    row = page.locator(f"#entries tr[data-entry='{first['entry']}']")
    row.locator("details.more summary").click()
    row.locator("[data-action=check-id]").click()
    page.fill("#id-document", "passport 123")
    checked = floor_after(page, lambda: page.click("dialog [data-action='director.confirm']"))
    assert "id-checked" in kinds(checked)
    expect(row.locator("[data-state=id-checked]")).to_be_visible()
    other = page.locator(f"#entries tr[data-entry='{second['entry']}']")
    other.locator("details.more summary").click()
    other.locator("[data-action=withdraw]").click()
    gone = answered(page, lambda: page.click("dialog [data-action='director.confirm']"))
    assert "player-withdrew" in kinds(gone)
    page.click("[data-tab=event]")
    closed = floor_after(page, lambda: page.click("[data-action=set-registration]"))
    assert "registration-set" in kinds(closed)
    expect(page.locator("#registration-line [data-state=closed]")).to_be_visible()
    page.wait_for_selector("#ruling-rule option[value='R29']", state="attached")
    page.fill("#rule-filter", "R29")
    expect(page.locator("#rule-summary")).not_to_be_empty()
    page.fill("#ruling-decision", "Seat 4 put on the clock")
    page.fill("#ruling-reason", "thirty seconds of thinking on the river")
    ruled = answered(page, lambda: page.click("#ruling-form [data-action=record-ruling]"))
    assert "ruling-recorded" in kinds(ruled)
    shoot(page, "director-event")
