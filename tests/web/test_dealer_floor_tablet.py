"""The dealer's tablet hand-for-hand in a real browser: street by street it waits for the
floor's call before the flop; the action clock called and counting; an all-in called with
the betting over is held face down (TDA RP-8-F) until the floor releases it, then awarded."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_dealer_tablet import buttons, now, open_tablet, tap
from tests.web.test_director_console import shoot


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    return server.create("Floor tablet", players=12, seats_per_table=6)


def state(page: Page) -> str:
    found: str = page.eval_on_selector("#dealer", "node => node.dataset.state")
    return found


def record_unchanged_hand(event: Event, table: int) -> None:
    """Table ``table`` plays its hand of the round with no chip changing hands."""
    setup = event.get(f"/tables/{table}/setup")["setup"]
    stacks = setup["config"]["stacks"]
    before = [[entry, stacks[seat]] for seat, entry in enumerate(setup["seats"]) if entry]
    body = {"level": setup["level"], "positions": setup["positions"]}
    event.post(f"/tables/{table}/hands", {**body, "stacks_before": before, "stacks_after": before})


@pytest.mark.rules("tda-2022 RP-8-F", "tda-2022 R29", "poland-pzp §52.4")
def test_tda_rp8f_the_tablet_holds_the_all_in_until_the_floor_releases_it(
    page: Page, event: Event
) -> None:
    event.command("call-hand-for-hand", street_by_street=True)
    open_tablet(page, event)
    tap(page, "[data-act=new-hand]")
    assert page.evaluate("window.floormanDealer.hand.setup.street_by_street") is True
    while now(page)["hand"]["street"] == 0:
        action = "call" if "call" in buttons(page) else "check"
        tap(page, f"#big-buttons [data-act={action}]")
    assert state(page) == "floor-street"
    expect(page.locator("#floor-wait")).to_be_visible()
    assert buttons(page) == []
    page.click("[data-act=floor-go]")
    assert state(page) == "betting"
    tap(page, "[data-act=clock]")
    expect(page.locator("#action-clock")).to_be_visible()
    assert now(page)["clock"]["seat"] == now(page)["hand"]["actor"]
    assert int(page.text_content("#clock-left") or "0") > 0
    tap(page, "#big-buttons [data-act=all-in]")  # on the clock, in time
    assert now(page)["clock"] is None
    tap(page, "#big-buttons [data-act=call]")
    while "fold" in buttons(page):
        tap(page, "#big-buttons [data-act=fold]")
    page.wait_for_function("window.floormanDealer.hand.now.held === true")
    assert state(page) == "floor-held"
    expect(page.locator("#award")).to_be_hidden()
    shoot(page, "dealer-held")
    record_unchanged_hand(event, 2)
    event.command("release-all-in", table=1)
    page.wait_for_function("window.floormanDealer.hand.now.held === false", timeout=8000)
    expect(page.locator("#award")).to_be_visible()
    assert state(page) == "award"
