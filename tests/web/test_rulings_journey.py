"""The director's override in real browsers: a dealer's tablet records an action out of turn
that binds by itself (TDA R53-A) and calls the director; the director sees the table's
rulings in his console's Rulings tab, overrides the ruling with his reason (TDA R1); the
tablet shows the override in the hand's rulings, the hand is recorded, and the results'
rulings list it."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from tests.web.service import Event, Server
from tests.web.test_dealer_tablet import act, now, open_tablet, tap
from tests.web.test_director_console import open_console, shoot

PLAYERS = 6


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    return server.create("Rulings", players=PLAYERS, seats_per_table=PLAYERS)


def seat_after(setup: dict[str, Any], seat: int, places: int) -> int:
    seats = len(setup["seats"])
    return (seat + places) % seats


@pytest.mark.rules("tda-2022 R1", "tda-2022 R53-A")
def test_tda_r1_the_director_overrides_a_ruling_of_the_tablet_from_his_console(
    page: Page, context: BrowserContext, event: Event
) -> None:
    tablet = open_tablet(page, event)
    tap(tablet, "[data-act=new-hand]")
    setup = tablet.evaluate("window.floormanDealer.hand.setup")
    first = now(tablet)["hand"]["actor"]
    early = seat_after(setup, first, 2)

    # Two seats early, a player calls out of turn: held until his turn (R53-A).
    tablet.click("#irregularities summary")
    tablet.click(f"[data-for=early] [data-seat='{early + 1}']")
    tap(tablet, "[data-early=call]")
    act(tablet, "fold")
    act(tablet, "fold")  # the action to him did not change: the call binds by itself
    assert now(tablet)["hand"]["seats"][early]["folded"] is False
    assert [t["subject"] for t in now(tablet)["overridable"]] == ["out-of-turn"]
    tablet.click("#hand-rulings summary")
    expect(tablet.locator("#hand-rulings li")).not_to_have_count(0)
    tablet.fill("#call-reason", "seat says he meant to fold")
    tap(tablet, "[data-act=call-director]")
    expect(tablet.locator("#hand-rulings [data-called]")).to_be_visible()

    # The director's console: the call counted on the Rulings tab, seen from another tab;
    # the table's rulings, the call, the override with a reason.
    console = open_console(context.new_page(), event, tab="players")
    expect(console.locator("[data-tab=rulings]")).to_have_attribute("data-calls", "1")
    console.click("[data-tab=rulings]")
    block = console.locator(".rulings-table[data-table='1']")
    expect(block.locator("[data-called]")).to_contain_text("seat says he meant to fold")
    expect(block.locator(".hand-rulings-list li[data-kind=out-of-turn]")).not_to_have_count(0)
    form = block.locator(".override-form[data-subject=out-of-turn]")
    expect(form).to_contain_text("tda-2022")
    form.locator(".override-reason").fill("the call was not binding: he acted before his turn")
    form.locator(".override-action").select_option("fold")
    shoot(console, "director-rulings")
    form.locator("[data-choice=release]").click()
    expect(block.locator(".hand-rulings-list li[data-kind=override]")).to_have_count(1)
    expect(block.locator(".override-form")).to_have_count(0)
    expect(block.locator("[data-called]")).to_have_count(0)
    expect(console.locator("[data-tab=rulings]")).not_to_have_attribute("data-calls", "1")

    # The tablet learns it from its table feed: the override stands in the hand's rulings.
    overridden = tablet.locator("#hand-rulings li[data-kind=override]")
    expect(overridden).to_have_count(1)
    expect(overridden).to_contain_text("the call was not binding")
    assert now(tablet)["hand"]["seats"][early]["folded"] is True
    shoot(tablet, "dealer-override")

    while not now(tablet)["over"]:
        act(tablet, "fold")
    tap(tablet, "#award [data-act=record]")
    expect(tablet.locator("#hand-rulings")).to_be_hidden()

    # The console lists it with the recorded hand, and so does the results' rulings export.
    row = console.locator("#recorded-rulings tr[data-kind=override]")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("the call was not binding")
    with event.server.client(event.director) as client:
        exported = client.get(f"/tournaments/{event.id}/records/results?format=rulings-csv")
    assert exported.status_code == 200, exported.text
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    reasons = [
        r for r in rows if "the call was not binding: he acted before his turn" in r.values()
    ]
    assert len(reasons) == 1


@pytest.mark.rules("tda-2022 R59-A")
def test_tda_r59a_the_tablet_refers_a_conditional_statement_counts_and_shows_the_history(
    page: Page, event: Event
) -> None:
    tablet = open_tablet(page, event)
    tap(tablet, "[data-act=new-hand]")
    actor = now(tablet)["hand"]["actor"]
    tablet.click("#irregularities summary")
    tablet.select_option("#referral-seat", str(actor))
    tablet.fill("#referral-words", "if you bet, I raise")
    tap(tablet, "[data-act=refer-conditional]")
    call = tablet.locator("#rulings .director-call")
    expect(call).to_contain_text("tda-2022 R59-A")
    expect(call.locator("[data-option=not-binding]")).to_have_text("Not binding")
    tap(tablet, "#rulings [data-option=not-binding]")
    assert now(tablet)["pending"] == []

    tablet.click("[data-act=count-pot]")
    expect(tablet.locator("#count-answer")).to_contain_text("An estimate only")
    expect(tablet.locator("#count-answer .ruling")).to_contain_text("R54-A")
    tablet.click("[data-act=show-phh]")
    history = tablet.locator("#hand-phh")
    expect(history).to_contain_text("variant = ")
    expect(history).to_contain_text("if you bet, I raise")


@pytest.mark.rules("tda-2022 R1")
def test_tda_r1_the_director_at_the_table_overrides_on_the_tablet(page: Page, event: Event) -> None:
    page.goto(event.page_url("dealer", event.director) + "&table=1")
    page.wait_for_function("window.floormanDealer?.drawn > 0")
    tap(page, "[data-act=new-hand]")
    setup = page.evaluate("window.floormanDealer.hand.setup")
    early = seat_after(setup, now(page)["hand"]["actor"], 2)
    page.click("#irregularities summary")
    page.click(f"[data-for=early] [data-seat='{early + 1}']")
    tap(page, "[data-early=call]")
    act(page, "fold")
    act(page, "fold")
    page.click("#hand-rulings summary")
    expect(page.locator("[data-act=call-director]")).to_have_count(0)  # he is here
    form = page.locator("#hand-rulings .override-form[data-subject=out-of-turn]")
    form.locator(".override-reason").fill("he had not seen the bet")
    form.locator(".override-action").select_option("fold")
    tap(page, "#hand-rulings [data-choice=release]")
    expect(page.locator("#hand-rulings li[data-kind=override]")).to_contain_text(
        "he had not seen the bet"
    )
    assert now(page)["hand"]["seats"][early]["folded"] is True
    seen = event.get("/rulings")["tables"][0]
    assert [o["reason"] for o in seen["overrides"]] == ["he had not seen the bet"]
    while not now(page)["over"]:
        act(page, "fold")
    tap(page, "#award [data-act=record]")
