"""A whole event run from the director's console in a real browser, while a second browser
shows the big-screen clock and follows it: the event created from a rulebook with a generated
structure, thirty players registered, the start, bust-outs entered one by one with who
knocked each player out, the balancing instructions confirmed as the tables are balanced and
broken, hand-for-hand at the bubble, the final table, a deal, the end."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect
from tests.web.service import Server
from tests.web.test_director_console import CONSOLE_READY, answered, shoot

PLAYERS = (
    "Ivanov", "Dubois", "Petrova", "Nowak", "Georgiev", "Martin", "Kowalska", "Smirnov",
    "Bernard", "Dimitrova", "Wiśniewski", "Leroy", "Sokolov", "Moreau", "Zielińska", "Popov",
    "Lefebvre", "Wójcik", "Ionescu", "Horvat", "Kuznetsova", "Girard", "Todorov", "Kamińska",
    "Volkov", "Rousseau", "Stoyanova", "Lewandowski", "Fontaine", "Angelov",
)  # fmt: skip
SEATS = 5
"""Five a table: thirty players on six tables, five paid, so the bubble (six left) falls on
two tables, which play it hand-for-hand (TDA RP-8) before the final table of five."""
DEAL_AT = 3


def view(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("window.floormanDirector.console.view")
    return found


def create_event(page: Page, server: Server) -> None:
    page.goto(f"{server.base}/director?token={server.director_token}&lang=en")
    page.wait_for_selector("#create-profile option[value='tda-2022']", state="attached")
    page.fill("#create-name", "Sunday Main Event")
    page.fill("input[name=expected_players]", str(len(PLAYERS)))
    page.fill("input[name=seats_per_table]", str(SEATS))
    page.click("#generate")
    expect(page.locator("#create-payouts li")).to_have_count(5)
    page.click("#create-event")
    page.wait_for_url(re.compile(r"/director\?t="))
    page.wait_for_function(CONSOLE_READY)


def register_everyone(page: Page) -> None:
    for name in PLAYERS:
        page.fill("#register-name", name)
        answered(page, lambda: page.click("#register button[type=submit]"))
    expect(page.locator("#entries tbody tr")).to_have_count(len(PLAYERS))


def open_clock(browser: Browser, director: Page, errors: list[str]) -> Page:
    """The big screen in a browser of its own, opened from the console's clock link (a
    display token); its JavaScript errors go to ``errors``."""
    director.keyboard.press("3")
    director.click("[data-action=clock-link]")
    link = director.locator("#clock-link a")
    expect(link).to_be_visible()
    # bypass_csp: Playwright's string predicates run in the page (see conftest.context)
    screen = browser.new_context(
        viewport={"width": 1920, "height": 1080}, bypass_csp=True
    ).new_page()
    screen.on("pageerror", lambda error: errors.append(str(error)))
    screen.goto(link.get_attribute("href") or "")
    screen.wait_for_function("window.floormanClock && window.floormanClock.state.views > 0")
    director.keyboard.press("1")
    return screen


def carry_out_the_floors_work(page: Page, kinds: list[str]) -> None:
    """Confirm every move instruction, and mark the hand done at every table hand-for-hand
    waits for (once: the last one closes the round and the next round waits again)."""
    moves = page.locator("#todo [data-action=confirm-move]")
    while moves.count():
        kinds += kinds_of(answered(page, moves.first.click))
    hands = page.locator("#todo [data-action=hand-done]")
    for _ in range(hands.count()):
        kinds += kinds_of(answered(page, hands.first.click))


def kinds_of(answer: dict[str, Any]) -> list[str]:
    return [event["kind"] for event in answer["events"]]


def bust_one(page: Page) -> list[str]:
    """A bust-out from the keyboard: the last player listed, knocked out by a tablemate."""
    alive = [e for e in view(page)["entries"] if e["place"] is None and e["stack"] > 0]
    out = alive[-1]
    page.keyboard.press("b")
    dialog = page.locator("dialog[data-dialog=bust]")
    dialog.locator(".bust-search").fill(out["name"])
    dialog.locator(f".bust-list [data-entry={out['entry']}]").click()
    dialog.locator(".bust-by input").first.check()
    return kinds_of(answered(page, dialog.locator("[data-action='director.bust-confirm']").click))


def test_a_whole_event_from_the_console_with_the_clock_following(
    page: Page, browser: Browser, server: Server
) -> None:
    create_event(page, server)
    register_everyone(page)
    answered(page, lambda: page.click("#topbar [data-action=start]"))
    errors: list[str] = []
    screen = open_clock(browser, page, errors)
    expect(screen.locator("#players")).to_have_text("30 of 30")

    kinds: list[str] = []
    shot = b""
    tables_seen = {len(view(page)["tables"])}
    while view(page)["public"]["players_left"] > DEAL_AT:
        kinds += bust_one(page)
        if view(page)["balancing"]["instruction_moves"] and not shot:
            page.keyboard.press("2")  # the seating chart with the instructions to confirm
            shot = shoot(page, "director-tables")
            page.keyboard.press("1")
        carry_out_the_floors_work(page, kinds)
        left = view(page)["public"]["players_left"]
        expect(screen.locator("#players")).to_have_text(f"{left} of 30")  # the clock follows
        tables_seen.add(len(view(page)["tables"]))

    public = view(page)["public"]
    assert "table-broken" in kinds
    assert max(tables_seen) == 6
    assert "hand-for-hand-started" in kinds
    assert "final-table-formed" in kinds
    assert public["final_table"] is not None
    assert len(view(page)["tables"]) == 1
    assert "move-confirmed" in kinds
    assert not view(page)["balancing"]["instruction_moves"]
    page.keyboard.press("1")
    shoot(page, "director-players")

    page.keyboard.press("4")
    expect(page.locator(".deal tbody tr")).to_have_count(DEAL_AT)
    answered(page, lambda: page.click("[data-action=propose-deal] >> nth=1"))  # ICM
    agree = page.locator("#deal-pending [data-action=consent]:text-is('Agrees')")
    for left in range(DEAL_AT, 0, -1):
        expect(agree).to_have_count(left)
        answered(page, agree.first.click)
    expect(page.locator("#topbar")).to_have_attribute("data-status", "finished")
    expect(screen.locator("main.clock")).to_have_attribute("data-status", "finished")
    page.keyboard.press("6")
    expect(page.locator("#results tbody tr")).to_have_count(len(PLAYERS))
    places = [int(p) for p in page.locator("#results td:first-child").all_text_contents()]
    assert places == list(range(1, len(PLAYERS) + 1))
    shoot(page, "director-results")
    screen.context.close()
    assert not errors, f"JavaScript errors on the clock: {errors}"
