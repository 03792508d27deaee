"""What a person is typing survives every feed update (issue 17 item 3): the dealer's keypad
stays open with its digits while the console pauses and resumes the clock from another
device, and so do the console's own forms (a name being registered, a chip count being
typed) while a second console acts."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect
from tests.web.service import Server
from tests.web.test_dealer_tablet import open_tablet, tap
from tests.web.test_director_console import answered, open_console


def pause_elsewhere(page: Page, console: Page, probe: str) -> None:
    """Pause (or resume) the clock on ``console``, another device, and wait until ``probe``
    (a counter of ``page``'s draws) has grown: the feed's new view was drawn over what is
    being typed on ``page``."""
    before = page.evaluate(probe)
    answered(console, lambda: console.click("[data-action=pause] >> nth=0"))
    page.wait_for_function(f"{probe} > {before}")


def test_the_dealers_keypad_keeps_its_digits_through_console_actions(
    page: Page, context: BrowserContext, server: Server
) -> None:
    event = server.create("Keypad", players=6)
    open_tablet(page, event)
    tap(page, "[data-act=new-hand]")
    page.click("#big-buttons [data-act=raise]")
    for digit in "35":
        page.click(f"#keypad [data-key='{digit}']")
    console = open_console(context.new_page(), event, tab="clock")
    probe = "window.floormanDealer.drawn"
    for _ in ("pause", "resume"):  # two feed updates at the table
        pause_elsewhere(page, console, probe)
        expect(page.locator("#keypad")).to_be_visible()
        expect(page.locator("#keypad-amount")).to_have_text("35")
    page.click("#keypad [data-key='0']")
    expect(page.locator("#keypad-amount")).to_have_text("350")
    actor = page.evaluate("window.floormanDealer.hand.now.hand.actor")
    tap(page, "#keypad [data-key=ok]")
    assert page.evaluate("window.floormanDealer.hand.now.hand.actor") != actor
    expect(page.locator("#keypad")).to_be_hidden()


def test_the_consoles_forms_keep_what_is_typed_through_another_consoles_actions(
    page: Page, context: BrowserContext, server: Server
) -> None:
    event = server.create("Forms", players=6)
    open_console(page, event, tab="day")
    first = page.locator("#counts input[data-count]").first
    first.fill("12345")
    page.click("[data-tab=players]")  # the count left typed on the day tab
    page.fill("#register-name", "Yuri Volk")
    other = open_console(context.new_page(), event, tab="clock")
    probe = "window.floormanDirector.console.viewVersion"
    pause_elsewhere(page, other, probe)
    page.keyboard.type("ov")  # still focused: the typing goes on where it was
    expect(page.locator("#register-name")).to_have_value("Yuri Volkov")
    expect(page.locator("#register-name")).to_be_focused()
    expect(first).to_have_value("12345")
