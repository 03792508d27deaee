"""The director's console in a real browser: an event created from a profile with a generated
structure and payouts; registration, search, late entry and re-entry; the keys for pause and
undo; a penalty from the profile's catalogue; the chip race assistant; the deal calculator to
the end of the event; every page in the chosen language."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_i18n import outside_catalogue

CONSOLE_READY = "window.floormanDirector?.console?.view"
SCREENSHOTS = os.environ.get("FLOORMAN_SCREENSHOTS")
"""Where :func:`shoot` writes (``docs/screenshots`` to renew the README's); unset: nowhere."""


def shoot(page: Page, name: str) -> bytes:
    """A screenshot of the page as the test left it, kept as ``<name>.png`` in
    :data:`SCREENSHOTS` when that is set: ``FLOORMAN_SCREENSHOTS=docs/screenshots pytest
    tests/web/test_director_console.py tests/web/test_dealer_tablet.py
    tests/web/test_event_end_to_end.py`` renews the console's and the tablet's."""
    image = page.screenshot(full_page=True)
    if SCREENSHOTS:
        Path(SCREENSHOTS, f"{name}.png").write_bytes(image)
    return image


def open_console(page: Page, event: Event, lang: str = "en", tab: str = "players") -> Page:
    page.goto(event.page_url("director", event.director, lang=lang) + f"#{tab}")
    page.wait_for_function(CONSOLE_READY)
    return page


def answered(page: Page, action: Any) -> dict[str, Any]:
    """Run ``action`` (a click) and wait for the console's command to be answered and the
    view it made to be on screen."""
    sent = page.evaluate("window.floormanDirector.console.sent")
    action()
    page.wait_for_function(f"window.floormanDirector.console.sent > {sent}")
    answer: dict[str, Any] = page.evaluate("window.floormanDirector.console.lastAnswer")
    shown = f"window.floormanDirector.console.viewVersion >= {answer['version']}"
    page.wait_for_function(shown)
    return answer


def kinds(answer: dict[str, Any]) -> list[str]:
    return [event["kind"] for event in answer["events"]]


def test_an_event_is_created_from_a_profile_with_a_generated_structure(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.base}/director?token={server.director_token}&lang=en")
    page.wait_for_selector("#create-profile option[value='poland-pzp']", state="attached")
    page.fill("#create-name", "Friday Freezeout")
    page.select_option("#create-profile", "poland-pzp")
    page.fill("input[name=expected_players]", "30")
    page.click("#generate")
    expect(page.locator("#create-payouts li")).to_have_count(5)  # 15% of 30 paid
    assert page.locator("#create-structure tbody tr").count() > 8
    expect(page.locator("#create-expected")).to_contain_text("h")
    shoot(page, "director-create")
    page.click("#create-event")
    page.wait_for_url(re.compile(r"/director\?t=t"))
    page.wait_for_function(CONSOLE_READY)
    expect(page.locator("#event-name")).to_have_text("Friday Freezeout")
    view = page.evaluate("window.floormanDirector.console.view")
    assert view["public"]["profile"] == "poland-pzp"


def test_registration_search_late_entry_and_re_entry(page: Page, server: Server) -> None:
    event = server.create("Registration", players=0, start=False)
    open_console(page, event)
    for name in ("Ivanov", "Ivanova", "Wiśniewski", "Dubois"):
        page.fill("#register-name", name)
        answered(page, lambda: page.click("#register button[type=submit]"))
    expect(page.locator("#entries tbody tr")).to_have_count(4)
    page.fill("#player-search", "ivan")
    expect(page.locator("#entries tbody tr")).to_have_count(2)
    page.fill("#player-search", "wisn")  # no accents needed
    expect(page.locator("#entries tbody tr")).to_have_text(re.compile("Wiśniewski"))
    page.fill("#player-search", "")
    answered(page, lambda: page.click("#topbar [data-action=start]"))
    page.fill("#register-name", "Late Larsen")  # a late entry, seated by draw
    answered(page, lambda: page.click("#register button[type=submit]"))
    late = page.locator("#entries tbody tr", has_text="Late Larsen")
    expect(late.locator("td").nth(2)).to_have_text(re.compile(r"T1 S\d"))
    expect(late.locator("[data-action=rebuy]")).to_have_count(0)  # this event offers none
    busted = event.bust(1)
    row = page.locator(f"#entries tr[data-entry='{busted}']")
    expect(row.locator("[data-action=register]")).to_be_visible()
    answer = answered(page, lambda: row.locator("[data-action=register]").click())
    assert "player-registered" in kinds(answer)
    expect(page.locator("#entries tbody tr")).to_have_count(6)


def test_keys_pause_resume_and_undo(page: Page, server: Server) -> None:
    event = server.create("Keys", players=4)
    open_console(page, event)
    answered(page, lambda: page.keyboard.press("p"))
    expect(page.locator("#topbar")).to_have_attribute("data-status", "paused")
    answered(page, lambda: page.keyboard.press("p"))
    expect(page.locator("#topbar")).to_have_attribute("data-status", "running")
    page.keyboard.press("u")
    dialog = page.locator("dialog[data-dialog=confirm]")
    expect(dialog).to_be_visible()
    answer = answered(page, lambda: dialog.locator("[data-action='director.confirm']").click())
    assert answer["undone"]
    expect(page.locator("#topbar")).to_have_attribute("data-status", "paused")
    page.keyboard.press("3")
    expect(page.locator("[data-panel=clock]")).to_be_visible()
    page.keyboard.press("b")  # the bust-out opens only once the service has the command
    has_bust = page.evaluate("window.floormanDirector.console.has('bust')")
    assert page.locator("dialog[data-dialog=bust]").count() == (1 if has_bust else 0)


@pytest.mark.rules("tda-2022 R70")
def test_tda_r70_a_penalty_from_the_profiles_catalogue(page: Page, server: Server) -> None:
    event = server.create("Penalties", players=4)
    open_console(page, event)
    entry = event.director_view()["entries"][0]["entry"]
    page.click(f"#entries tr[data-entry='{entry}'] [data-action=penalty]")
    dialog = page.locator("dialog[data-dialog=penalty]")
    expect(dialog.locator("#penalty-offence option[value=delay]")).to_have_text(
        "Delaying the game (tda-2022 R70)"
    )
    dialog.locator("#penalty-offence").select_option("delay")
    assert dialog.locator("#penalty-step option").all_text_contents()[1:] == [
        "Warning",
        "1 round(s)",
        "2 round(s)",
    ]
    answer = answered(page, lambda: dialog.locator("[data-action='director.give-penalty']").click())
    given = next(e for e in answer["events"] if e["kind"] == "penalty-given")
    assert given["data"]["entry"] == entry


def skip_to_the_break(event: Event) -> None:
    """Run the clock to the break after level 2, which colours up the 25 chips: each level's
    time is cut to a second, and the clock is watched until it has moved on."""
    for passed in (1, 2):
        left = event.public()["clock"]["remaining"]
        event.command("add-time", seconds=-(left - 1))
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            clock = event.public()["clock"]
            if clock["on_break"] or clock["level"]["level"] > passed:
                break
            time.sleep(0.2)


@pytest.mark.rules("tda-2022 R24-A")
def test_tda_r24_a_the_chip_race_assistant(page: Page, server: Server) -> None:
    event = server.create("Chip race", players=4)
    setup = event.get("/tables/1/setup")["setup"]
    before = [[e, setup["config"]["stacks"][s]] for s, e in enumerate(setup["seats"]) if e]
    after = [
        [e, chips + (25 if i == 0 else -25 if i == 1 else 0)] for i, (e, chips) in enumerate(before)
    ]
    body = {"level": setup["level"], "positions": setup["positions"]}
    event.post("/tables/1/hands", {**body, "stacks_before": before, "stacks_after": after})
    skip_to_the_break(event)
    open_console(page, event, tab="clock")
    expect(page.locator("#todo [data-kind=chip-race]")).to_be_visible()
    expect(page.locator("#chip-race")).to_contain_text("25")
    answer = answered(page, lambda: page.click("#chip-race [data-action=race-chips]"))
    assert "chip-race-run" in kinds(answer)
    rows = page.locator("#race-results tbody tr")
    expect(rows.first).to_be_visible()
    assert rows.count() >= 2
    expect(page.locator("#todo [data-kind=chip-race]")).to_have_count(0)


def amounts(page: Page, selector: str) -> list[int]:
    return [
        int(re.sub(r"\D", "", text) or 0) for text in page.locator(selector).all_text_contents()
    ]


def test_the_deal_calculator_to_the_end_of_the_event(page: Page, server: Server) -> None:
    event = server.create("Deal", players=4, buy_in=100)
    event.bust(1)
    open_console(page, event, tab="deal")
    expect(page.locator(".deal tbody tr")).to_have_count(3)
    chop, icm = (
        amounts(page, ".deal td[data-method=chip-chop]"),
        amounts(page, ".deal td[data-method=icm]"),
    )
    assert sum(chop) == sum(icm) == sum(event.public()["money"]["payouts"][:3])
    shoot(page, "director-deal")
    answered(page, lambda: page.click("[data-action=propose-deal] >> nth=1"))  # the ICM figures
    pending = page.locator("#deal-pending li")
    expect(pending).to_have_count(3)
    assert amounts(page, "#deal-pending li .num") == icm
    agree = page.locator("#deal-pending [data-action=consent]:text-is('Agrees')")
    for left in (3, 2, 1):
        expect(agree).to_have_count(left)  # each player agrees in turn
        answered(page, agree.first.click)
    expect(page.locator("#topbar")).to_have_attribute("data-status", "finished")
    page.keyboard.press("6")
    expect(page.locator("#results tbody tr")).to_have_count(4)
    expect(page.locator("#results-summary")).to_have_text("The event is over.")


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_the_console_speaks_the_chosen_language(page: Page, server: Server, lang: str) -> None:
    event = server.create("Язык", players=6)
    for tab in ("players", "tables", "clock", "deal", "day", "results", "commands"):
        open_console(page, event, lang=lang, tab=tab)
        page.wait_for_timeout(200)
        assert outside_catalogue(page, lang) == [], tab
    page.select_option("select.lang-switcher", "fr")
    expect(page.locator("[data-tab=players]")).to_have_text("Joueurs")
