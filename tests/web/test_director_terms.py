"""The creation form's rebuy, add-on and bounty terms in a real browser: an event created with
them carries them in its configuration, the console shows them on the Players tab, and a
rulebook without rebuys (RedCactus) leaves the rebuy fields off and says re-entry is not
allowed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Server
from tests.web.test_director_console import CONSOLE_READY

TERMS = {
    "#create-rebuy-price": "100",
    "#create-rebuy-chips": "10000",
    "#create-rebuy-last-level": "4",
    "#create-rebuy-max": "2",
    "#create-add-on-price": "100",
    "#create-add-on-chips": "15000",
    "#create-add-on-after": "4",
    "#create-bounty": "20",
}


def open_form(page: Page, server: Server) -> None:
    page.goto(f"{server.base}/director?token={server.director_token}&lang=en")
    page.wait_for_selector("#create-profile option[value='redcactus']", state="attached")


@pytest.mark.rules("tda-2022 R27")
def test_an_event_is_created_with_rebuy_add_on_and_bounty_terms(page: Page, server: Server) -> None:
    open_form(page, server)
    expect(page.locator("#create-reentry")).to_have_text("Re-entry: this rulebook allows it.")
    page.fill("#create-name", "Rebuy Madness")
    page.check("#create-rebuy")
    page.check("#create-add-on")
    page.check("#create-progressive")
    for selector, value in TERMS.items():
        page.fill(selector, value)
    page.click("#generate")
    expect(page.locator("#create-payouts li")).not_to_have_count(0)
    page.click("#create-event")
    page.wait_for_url(re.compile(r"/director\?t=t"))
    page.wait_for_function(CONSOLE_READY)
    lines = page.locator("#event-terms span")
    expect(lines).to_have_text(
        [
            "Rebuy 100 for 10,000 chips through level 4",
            "at most 2 rebuys",
            "Add-on 100 for 15,000 chips, after level 4 through level 5",
            "Progressive bounty 20",
        ]
    )
    config = page.evaluate(
        "window.floormanDirector.console.read('/events?limit=1').then(r => r[0].data.config)"
    )
    assert config["rebuy"] == {
        "price": 100,
        "chips": 10000,
        "last_level": 4,
        "max_stack": None,
        "max_rebuys": 2,
    }
    assert config["add_on"]["after_level"] == 4
    assert config["add_on"]["through_level"] is None
    assert config["bounty"] == 20
    assert config["progressive_bounty"] is True


def test_a_rulebook_without_rebuys_leaves_the_terms_off(page: Page, server: Server) -> None:
    open_form(page, server)
    page.select_option("#create-profile", "redcactus")
    expect(page.locator("#create-rebuy")).to_be_disabled()
    expect(page.locator("#create-add-on")).to_be_disabled()
    expect(page.locator("#create-reentry")).to_have_text(
        "Re-entry: this rulebook does not allow it."
    )
    page.select_option("#create-profile", "tda-2022")
    expect(page.locator("#create-rebuy")).to_be_enabled()
