"""No text on the clock overlaps another or is cut off (issue 17 item 5), on a 1080p TV, a 4K
TV and a phone, for every panel, with the "Sound on" button shown, and once the event is
over; the payout curve writes each place under its bar and every amount that fits."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from tests.web.layout import layout_problems, text_count
from tests.web.service import Event, Server
from tests.web.test_clock_page import open_clock

SCREENS = {"1080p": (1920, 1080), "4k": (3840, 2160), "phone": (390, 844)}
PANELS = (
    "payouts",
    "leaders",
    "seat-changes",
    "latest-out",
    "field-chart",
    "average-chart",
    "payout-curve",
)


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    started = server.create("Sunday Deepstack Championship", players=20, buy_in=100, fee=10)
    for table in (1, 2, 1, 2, 1):
        started.bust(table)
    return started


def screen(context: BrowserContext, size: str) -> Page:
    width, height = SCREENS[size]
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    return page


@pytest.mark.parametrize("size", SCREENS)
def test_no_text_on_the_clock_overlaps_or_is_cut(
    context: BrowserContext, event: Event, size: str
) -> None:
    page = open_clock(screen(context, size), event, event.token("display")["token"], rotate="3600")
    page.wait_for_function("window.floormanClock.state.history !== null")
    page.evaluate("document.getElementById('sound').hidden = false")  # as when autoplay is refused
    for panel in PANELS:
        assert page.evaluate(f"window.floormanClock.panels.show('{panel}')"), panel
        expect(page.locator("#panels")).to_have_attribute("data-panel", panel)
        assert text_count(page) > 15, panel
        assert layout_problems(page) == [], panel


def test_the_payout_curve_names_each_place_and_its_amount_at_1080p(
    context: BrowserContext, event: Event
) -> None:
    page = open_clock(
        screen(context, "1080p"), event, event.token("display")["token"], rotate="3600"
    )
    assert page.evaluate("window.floormanClock.panels.show('payout-curve')")
    payouts = event.public()["money"]["payouts"]
    labels = page.locator("#panels .vertical text.label").all_text_contents()
    assert labels == [str(place) for place in range(1, len(payouts) + 1)]
    amounts = page.locator("#panels .vertical text.value").all_text_contents()
    assert amounts == [f"{prize:,}" for prize in payouts]
    bars = page.locator("#panels .vertical rect.bar").all()
    places = page.locator("#panels .vertical text.label").all()
    for label, bar in zip(places, bars, strict=True):
        under, box = label.bounding_box(), bar.bounding_box()
        assert under is not None
        assert box is not None
        assert under["y"] >= box["y"] + box["height"] - 1  # under its bar


@pytest.mark.parametrize("size", SCREENS)
def test_the_finished_clock_has_no_overlap_either(
    context: BrowserContext, server: Server, size: str
) -> None:
    event = server.create("Heads-up Final", players=2, buy_in=100)
    event.bust(1)
    page = open_clock(screen(context, size), event, event.token("display")["token"], rotate="3600")
    expect(page.locator("#final-places li")).to_have_count(2)
    assert layout_problems(page) == []


def test_nothing_is_cut_at_1080p_while_late_registration_counts_down(
    context: BrowserContext, server: Server
) -> None:
    """The side column's busiest evening: late registration counting down beside the figures,
    the QR code and the banner of the colour-up to come; the panels keep their rows."""
    busy = server.create("Late Night Turbo Championship", players=24, buy_in=50, fee=5)
    busy.command("set-late-registration", level=4)
    busy.bust(1)
    page = open_clock(screen(context, "1080p"), busy, busy.token("display")["token"], rotate="3600")
    page.wait_for_function("window.floormanClock.state.history !== null")
    expect(page.locator("#late-reg-figure")).to_be_visible()
    shown = []
    for panel in PANELS:  # the panels this evening has (no seat change yet, for one)
        if not page.evaluate(f"window.floormanClock.panels.show('{panel}')"):
            continue
        expect(page.locator("#panels")).to_have_attribute("data-panel", panel)
        assert layout_problems(page) == [], panel
        shown.append(panel)
    assert {"payouts", "payout-curve", "latest-out"} <= set(shown)
