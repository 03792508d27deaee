"""The end of the event on every screen (issue 17 item 4): a deal agreed at the console ends
the event; the TV then shows the winner, the deal and the final places with their prizes
(no zeros, no next level, no break countdown), and the console says the event is finished
and still shows the agreed deal on its Deal tab."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, expect
from tests.web.service import Server
from tests.web.test_clock_page import open_clock
from tests.web.test_director_console import amounts, answered, open_console


def test_a_deal_that_ends_the_event_shows_the_winner_everywhere(
    page: Page, context: BrowserContext, server: Server
) -> None:
    event = server.create("Deal Night", players=4, buy_in=100)
    event.bust(1)
    clock = open_clock(context.new_page(), event, event.token("display")["token"])
    phone = context.new_page()
    phone.goto(event.page_url("player", event.token("player", entry="e2")["token"], lang="en"))
    expect(phone.locator(".status-badge")).to_have_attribute("data-status", "live")
    expect(clock.locator("#next-level")).to_be_visible()  # a running event: the next level

    open_console(page, event, tab="deal")
    expect(page.locator(".deal tbody tr")).to_have_count(3)
    icm = amounts(page, ".deal td[data-method=icm]")
    answered(page, lambda: page.click("[data-action=propose-deal] >> nth=1"))
    agree = page.locator("#deal-pending [data-action=consent]:text-is('Agrees')")
    for left in (3, 2, 1):
        expect(agree).to_have_count(left)
        answered(page, agree.first.click)

    # The console: finished, and the deal that was agreed.
    expect(page.locator("#topbar #level")).to_have_text("The event is finished.")
    expect(page.locator("#deal-finished")).to_have_text("The event is finished.")
    expect(page.locator("#deal-agreed li")).to_have_count(3)
    expect(page.locator("#deal-agreed h3")).to_have_text("Deal agreed: ICM")
    assert sorted(amounts(page, "#deal-agreed li .num"), reverse=True) == sorted(icm, reverse=True)

    # The TV: the winner, the deal, the final places and prizes; nothing left to count.
    standings = {s["place"]: s for s in event.director_view()["entries"] if s["place"]}
    winner = standings[1]
    expect(clock.locator("main.clock")).to_have_attribute("data-status", "finished")
    expect(clock.locator("#winner-name")).to_have_text(winner["name"])
    expect(clock.locator("#deal-line")).to_contain_text("Deal (ICM): ")
    expect(clock.locator("#deal-line")).to_contain_text(winner["name"])
    places = clock.locator("#final-places li")
    expect(places).to_have_count(3)  # the places paid (the 4th, out unpaid, is not listed)
    expect(places.first).to_contain_text(winner["name"])
    assert amounts(clock, "#final-places li .amount") == sorted(icm, reverse=True)
    expect(clock.locator("#level-line")).to_have_text("Tournament over")
    expect(clock.locator("#players")).to_have_text("Entries: 4")
    expect(clock.locator("#next")).to_be_empty()
    expect(clock.locator("#stakes")).to_be_empty()
    expect(clock.locator("#time")).to_be_hidden()
    expect(clock.locator("#stat-average")).to_be_hidden()
    expect(clock.locator("#stat-money")).to_be_hidden()
    assert not re.search(r"\b0 of \d", clock.locator("main.clock").inner_text())

    # A player's phone: his link ended with the event (issue 20), and it says so and leads him
    # to the public results, where his place and prize stand.
    notice = phone.locator(".notice[data-kind=info]")
    expect(notice).to_contain_text("The event is over, and so is this link.")
    phone.click("[data-act=results]")
    expect(phone.locator("#results")).to_have_attribute("data-state", "finished")
    mine = next(s for s in standings.values() if s["entry"] == "e2")
    expect(phone.locator("#standings")).to_contain_text(mine["name"])
