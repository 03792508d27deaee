"""The dealer's tablet in a real browser: a hand with a short all-in played on the big buttons
and the keypad, the options shown before each action, the main and side pots awarded and the
hand recorded; the dealer assist's ruling on chips pushed, with a director's call; the tablet
in another language."""

from __future__ import annotations

from typing import Any, cast

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_director_console import shoot
from tests.web.test_i18n import outside_catalogue

SEATS = 9


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    return server.create("Tablet", players=SEATS)


def seat_after(button: int, places: int) -> int:
    """The seat ``places`` to the left of ``button`` at a full table."""
    return (button + places) % SEATS


def lose_chips(event: Event, loser: str, winner: str, chips: int) -> None:
    """Record a hand at table 1 in which ``loser`` loses ``chips`` to ``winner``."""
    setup = event.get("/tables/1/setup")["setup"]
    stacks = setup["config"]["stacks"]
    before = [[entry, stacks[seat]] for seat, entry in enumerate(setup["seats"]) if entry]
    change = {loser: -chips, winner: chips}
    after = [[entry, stack + change.get(entry, 0)] for entry, stack in before]
    body = {"level": setup["level"], "positions": setup["positions"]}
    event.post("/tables/1/hands", {**body, "stacks_before": before, "stacks_after": after})


def open_tablet(page: Page, event: Event, lang: str = "en") -> Page:
    token = event.token("dealer", table=1)["token"]
    page.goto(event.page_url("dealer", token, lang=lang))
    page.wait_for_function("window.floormanDealer?.drawn > 0")
    return page


def tap(page: Page, selector: str) -> None:
    """Tap a button and wait until the tablet has drawn the service's answer."""
    settled = page.evaluate("window.floormanDealer.settled")
    page.click(selector)
    page.wait_for_function(f"window.floormanDealer.settled > {settled}")


def act(page: Page, action: str, amount: int | None = None) -> None:
    if amount is None:
        tap(page, f"#big-buttons [data-act={action}]")
        return
    page.click(f"#big-buttons [data-act={action}]")
    for digit in str(amount):
        page.click(f"#keypad [data-key='{digit}']")
    tap(page, "#keypad [data-key=ok]")


def now(page: Page) -> dict[str, Any]:
    answer: dict[str, Any] = page.evaluate("window.floormanDealer.hand.now")
    return answer


def buttons(page: Page) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        "#big-buttons button", "nodes => nodes.map(n => n.dataset.act)"
    )
    return found


def seat_of(event: Event, entry: str) -> int:
    table = event.director_view()["tables"][0]
    seat: int = next(s["seat"] for s in table["seats"] if s["entry"] == entry)
    return seat


def read_chips(page: Page, *chips: int) -> None:
    page.click("#irregularity-menu [data-act=reset]")
    for chip in chips:
        page.click(f"#irregularity-menu [data-chip='{chip}']")
    page.click("#irregularity-menu [data-act=read]")
    page.wait_for_selector("#assist-answer .assist-action")


@pytest.mark.rules("tda-2022 R47-A", "tda-2022 R51-B")
def test_a_hand_with_a_short_all_in_shows_the_options_before_each_action(
    page: Page, event: Event
) -> None:
    setup = event.get("/tables/1/setup")["setup"]
    button, seats = setup["positions"]["button"], setup["seats"]
    # Next hand: the button moves one seat; under the gun is four seats from today's button.
    raiser, short, caller = (seats[seat_after(button, k)] for k in (4, 5, 6))
    lose_chips(event, short, seats[button], 9_000)  # the short stack: 1,000 left
    open_tablet(page, event)
    tap(page, "[data-act=new-hand]")
    assert now(page)["hand"]["actor"] == seat_of(event, raiser)
    choices = page.locator("#options .choices span")
    expect(choices).to_have_text(["Call 100", "raise to 200–10,000"])
    act(page, "raise", 600)

    # The short stack facing 600 with 1,000: call, or all-in for less than a full raise.
    assert now(page)["hand"]["actor"] == seat_of(event, short)
    assert buttons(page) == ["fold", "call", "all-in"]
    expect(page.locator("[data-act=all-in]")).to_have_text("All-in 1,000")
    act(page, "all-in")

    # The next player pushes half the call without a word: the director's call (R51-B).
    page.click("#irregularities summary")
    read_chips(page, 500)
    expect(page.locator("#assist-answer .director-call")).to_be_visible()
    shoot(page, "dealer-director-call")
    assert page.locator("#assist-answer [data-apply]").count() == 2  # the readings to pick
    read_chips(page, 1000)
    expect(page.locator("#assist-answer .ruling").first).to_contain_text("tda-2022")
    tap(page, "#assist-answer [data-apply]")  # one chip of the call is a call
    for _ in range(SEATS - 3):
        act(page, "fold")

    # Back to the raiser: the short all-in did not reopen the betting (R47).
    assert now(page)["hand"]["actor"] == seat_of(event, raiser)
    shoot(page, "dealer-options")
    assert buttons(page) == ["fold", "call"]
    expect(choices).to_have_text(["Call 400"])
    expect(page.locator("#options .no-raise")).to_contain_text("R47")
    act(page, "call")
    act(page, "raise", 1000)  # the flop: a bet makes a side pot
    act(page, "call")
    for _ in range(4):
        act(page, "check")  # turn and river

    expect(page.locator("#award")).to_be_visible()
    expect(page.locator("#award [data-pot='0'] .award-title")).to_contain_text("3,150")
    expect(page.locator("#award [data-pot='1'] .award-title")).to_contain_text("2,000")
    assert page.locator("#award [data-pot='1'] [data-seat]").count() == 2  # not the short
    page.click(f"#award [data-pot='0'] [data-seat='{seat_of(event, short) + 1}']")
    page.click(f"#award [data-pot='1'] [data-seat='{seat_of(event, caller) + 1}']")
    shoot(page, "dealer-award")
    tap(page, "#award [data-act=award]")
    expect(page.locator(".notice")).to_contain_text("The hand is recorded.")
    stacks = {e["entry"]: e["stack"] for e in event.director_view()["entries"]}
    assert (stacks[short], stacks[caller], stacks[raiser]) == (3_150, 10_000, 8_000)


def test_a_refused_step_is_taken_back_with_its_rule(page: Page, event: Event) -> None:
    open_tablet(page, event)
    tap(page, "[data-act=new-hand]")
    page.click("#big-buttons [data-act=raise]")
    for key in ("min", "back", "back"):  # the minimum raise, less its last two digits
        page.click(f"#keypad [data-key={key}]")
    tap(page, "#keypad [data-key=ok]")
    expect(page.locator(".notice")).to_contain_text("tda-2022")
    assert page.evaluate("window.floormanDealer.hand.steps.length") == 0
    page.reload()  # the hand in progress survives a reload
    page.wait_for_function("window.floormanDealer?.drawn > 0 && window.floormanDealer.hand.now")
    assert buttons(page)[0] == "fold"
    page.evaluate("window.floormanDealer.hand.clear()")


@pytest.mark.rules("tda-2022 R53-A", "tda-2022 R35-A")
def test_irregularities_are_ruled_with_their_rule(page: Page, event: Event) -> None:
    open_tablet(page, event)
    tap(page, "[data-act=new-hand]")
    before = now(page)
    actor = before["hand"]["actor"]
    early = next(s["seat"] for s in before["hand"]["seats"] if s["in_hand"] and s["seat"] != actor)
    page.click("#irregularities summary")
    page.click(f"#reports [data-for=early] [data-seat='{early + 1}']")
    tap(page, "#reports [data-early=call]")  # he calls before his turn
    expect(page.locator("#step-ruling")).to_contain_text("R53")
    assert now(page)["hand"]["actor"] == actor  # the player to act still acts
    page.select_option("#misdeal-reason", "wrong-first-seat")
    tap(page, "#reports [data-act=report-misdeal]")
    expect(page.locator("#rulings [data-act=redeal]")).to_be_visible()
    assert now(page)["voided"]
    tap(page, "#rulings [data-act=redeal]")
    expect(page.locator(".notice")).to_contain_text("Misdeal recorded")
    again = now(page)
    assert again["positions"] == before["positions"]  # the same button: an exact re-deal
    records = cast(list[dict[str, Any]], event.get("/events?limit=10000"))
    kinds = [record["kind"] for record in records]
    assert "misdeal-recorded" in kinds  # the tournament counts it (penalty hands, R35-C)
    page.evaluate("window.floormanDealer.hand.clear()")


def test_the_tablet_speaks_the_chosen_language(page: Page, event: Event) -> None:
    open_tablet(page, event, lang="ru")
    tap(page, "[data-act=new-hand]")
    expect(page.locator("[data-act=fold]")).to_have_text("Фолд")
    page.click("#irregularities summary")
    assert outside_catalogue(page, "ru") == []
    page.select_option("select.lang-switcher", "pl")
    expect(page.locator("[data-act=fold]")).to_have_text("Pas")
    expect(page.locator("#irregularities summary")).to_have_text("Nieprawidłowości")
    page.evaluate("window.floormanDealer.hand.clear()")
