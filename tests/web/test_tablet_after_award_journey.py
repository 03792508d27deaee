"""The dealer's tablet after the award, in a real browser: a Belarusian table where everyone
folds to a raise; the dealer finds the last player holding three cards, reports it before
recording (Belarus 6.3.9), sees the ruling with its rule and records the hand, which gives
the pot back to the others."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_dealer_tablet import act, now, open_tablet, tap


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    return server.create("After the award", players=6, profile="belarus-sport")


@pytest.mark.rules("belarus-sport 6.3.9")
def test_belarus_6_3_9_the_dealer_reports_a_wrong_card_count_before_recording(
    page: Page, event: Event
) -> None:
    open_tablet(page, event)
    tap(page, "[data-act=new-hand]")
    raiser = now(page)["hand"]["actor"]
    big = page.evaluate("window.floormanDealer.hand.setup.config.big_blind")
    act(page, "raise", 3 * big)
    while not now(page)["over"]:
        act(page, "fold")
    award = page.locator("#award")
    expect(award).to_contain_text("Everyone else folded")
    page.click("#award details.after-award summary")
    line = award.locator("[data-item=wrong-count]")
    expect(line).to_contain_text(f"Seat {raiser + 1} holds this many cards")
    line.locator("input").fill("3")
    tap(page, "#award [data-act=report-wrong-count]")
    expect(page.locator("#step-ruling")).to_contain_text("belarus-sport 6.3.9")
    entry = page.evaluate(f"window.floormanDealer.hand.setup.seats[{raiser}]")
    before = next(e["stack"] for e in event.director_view()["entries"] if e["entry"] == entry)
    tap(page, "#award [data-act=record]")
    expect(page.locator("#dealer")).to_have_attribute("data-state", "between-hands")
    after = next(e["stack"] for e in event.director_view()["entries"] if e["entry"] == entry)
    assert after == before - big  # what the big blind matched went back to the others
