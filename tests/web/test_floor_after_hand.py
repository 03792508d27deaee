"""The floor in real time in a real browser (issue 16): a tablet starts its hand, busts at the
other table make a balancing move due from it, the console shows the move as waiting "after
this hand", and when the dealer records the hand the tablet reads the move out (TDA R11-A:
the mover is judged between hands)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_dealer_tablet import act, now, open_tablet, tap
from tests.web.test_director_console import open_console


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    return server.create("Real time", players=18)


@pytest.mark.rules("tda-2022 R11-A")
def test_tda_r11a_the_move_waits_for_the_tablets_hand_and_is_read_out_at_its_end(
    page: Page, event: Event
) -> None:
    open_tablet(page, event)
    tap(page, "[data-act=new-hand]")
    big_blind = page.evaluate("window.floormanDealer.hand.setup.positions.big_blind")
    assert event.director_view()["tables"][0]["in_hand"] is True
    event.bust(2)
    event.bust(2)  # nine against seven: table 1 gives a player once its hand is over

    console = open_console(page.context.new_page(), event, tab="tables")
    waiting = console.locator("[data-kind=after-hand]")
    expect(waiting).to_contain_text("after this hand at table 1")
    assert event.director_view()["balancing"]["instruction_moves"] == []

    while not now(page)["over"]:
        act(page, "fold")
    tap(page, "#award [data-act=record]")  # folded to one player: no choice (R17-B)
    moves = event.director_view()["balancing"]["instruction_moves"]
    assert [(m["from_table"], m["to_table"]) for m in moves] == [(1, 2)]
    assert moves[0]["from_seat"] != big_blind  # not the player who just posted the big blind
    expect(page.locator(".notice")).to_contain_text("-> table 2 seat")
    expect(waiting).to_have_count(0)
    expect(console.locator("[data-kind=move]")).to_have_count(1)
