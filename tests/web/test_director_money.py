"""The Money tab in a real browser (issue 18): the director edits the payouts and sees them on
the clock and on the printed sheet; records league dues and corrects them with a new line;
"Close the event" refused with the difference named, then accepted once the refunds balance
the books."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect
from tests.web.service import Server
from tests.web.test_clock_page import open_clock
from tests.web.test_director_console import answered, kinds, open_console
from tests.web.test_i18n import outside_catalogue

BOOK_READ = "window.floormanDirector.money?.read"


def _book_read(page: Page) -> int:
    read: int = page.evaluate(f"{BOOK_READ} || 0")
    return read


def _wait_for_book(page: Page, after: int) -> None:
    page.wait_for_function(f"({BOOK_READ} || 0) > {after}")


def test_the_director_edits_the_payouts_and_the_clock_and_sheet_show_them(
    page: Page, context: BrowserContext, server: Server
) -> None:
    event = server.create("Payouts", players=10, buy_in=1_000)  # pool 10,000
    open_console(page, event, tab="money")
    expect(page.locator("#payout-pool")).to_have_text("Prize pool: 10,000")
    page.select_option("#payout-method", "percentages")
    expect(page.locator("#payout-places")).to_be_hidden()
    page.fill("#payout-percentages", "62.5, 37.5")
    page.fill("#payout-unit", "500")
    answer = answered(page, lambda: page.click("#payout-apply"))
    assert kinds(answer) == ["payout-plan-set", "payouts-set"]
    # 62.5% is 6,250: rounded down to 6,000, and what rounding leaves goes to first place
    expect(page.locator("#payout-table li .amount")).to_have_text(["6,500", "3,500"])
    assert outside_catalogue(page, "en") == []

    page.select_option("#payout-method", "curve")
    page.select_option("#payout-paid-by", "share")
    page.fill("#payout-places", "30")
    answered(page, lambda: page.click("#payout-apply"))
    expect(page.locator("#payout-table li")).to_have_count(3)
    payouts = event.public()["money"]["payouts"]
    assert all(prize % 500 == 0 for prize in payouts)
    assert sum(payouts) == 10_000

    with context.expect_page() as opened:
        page.click("#payout-print")
    printed = opened.value
    printed.wait_for_function("window.floormanPrint?.ready")
    amounts = printed.locator("#payout-sheet tbody td.num").all_text_contents()
    assert amounts == [f"{prize:,}" for prize in payouts]

    clock = open_clock(context.new_page(), event, event.token("display")["token"], rotate="3600")
    assert clock.evaluate("window.floormanClock.panels.show('payouts')")
    expect(clock.locator("ol.payouts li .amount")).to_have_text([f"{p:,}" for p in payouts])


def test_a_correction_then_close_refused_with_the_difference_then_accepted(
    page: Page, server: Server
) -> None:
    event = server.create("Books", players=2, start=False, buy_in=100, fee=10)
    open_console(page, event, tab="players")
    assert _book_read(page) == 0  # the ledger is read only while its tab is on screen
    page.click("[data-tab=money]")
    page.wait_for_function(f"{BOOK_READ} > 0")
    expect(page.locator("[data-money=in]")).to_have_text("220")
    expect(page.locator("[data-money=house]")).to_have_text("20")

    page.select_option("#money-category", "league-dues")
    page.select_option("#money-side", "in")
    page.fill("#money-amount", "30")
    read = _book_read(page)
    answered(page, lambda: page.click("#money-add"))
    _wait_for_book(page, read)
    line = page.locator("#money-ledger tr[data-category=league-dues] td").first.text_content()
    assert line is not None

    page.select_option("#money-category", "correction")
    page.fill("#money-amount", "-30")
    page.fill("#money-note", "charged twice")
    page.fill("#money-corrects", line)
    read = _book_read(page)
    answered(page, lambda: page.click("#money-add"))
    _wait_for_book(page, read)
    expect(page.locator("#money-ledger tbody tr")).to_have_count(6)  # 2 x (buy-in, fee) + 2
    expect(page.locator("#money-ledger tr[data-category=correction]")).to_contain_text(
        f"→ {line} charged twice"
    )
    expect(page.locator("[data-money=in]")).to_have_text("220")
    expect(page.locator("[data-money=difference]")).to_have_text("200")

    page.click("#money-close")
    expect(page.locator(".notice")).to_contain_text(
        "money in 220 is not money out 0 plus the house's 20: 200 is unaccounted for"
    )
    expect(page.locator("#money-closed")).to_be_hidden()

    for entry in ("e1", "e2"):
        page.select_option("#money-category", "refund")
        page.select_option("#money-side", "out")
        page.fill("#money-amount", "100")
        page.fill("#money-entry", entry)
        read = _book_read(page)
        answered(page, lambda: page.click("#money-add"))
        _wait_for_book(page, read)
    expect(page.locator("[data-money=difference]")).to_have_text("0")
    expect(page.locator("[data-money=cash]")).to_have_text("20")
    answer = answered(page, lambda: page.click("#money-close"))
    assert kinds(answer) == ["event-closed"]
    expect(page.locator("#money-closed")).to_be_visible()
    expect(page.locator("#money-close")).to_be_disabled()
    with page.expect_download() as saved:
        page.click("#money-csv")
    path = saved.value.path()
    rows = path.read_text("utf-8").splitlines()
    assert rows[0].startswith("line,version,command_id,command,actor,category")
    assert sum(",record-money," in row for row in rows) == 4
    assert rows[-1].endswith(",difference,,0,,,")
