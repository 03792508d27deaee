"""The director's print-outs in Chromium (issue 17 item 17), opened from the console's
downloads as a director clicks them and printed with the print stylesheet (print media
emulated, and a PDF made by Chromium): the seating list by table and by name, seat cards
with each player's join QR code, the payout sheet, and a receipt per buy-in."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from tests.web.service import Event, Server
from tests.web.test_director_console import open_console
from tests.web.test_i18n import outside_catalogue


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    started = server.create("Print Night", players=12, buy_in=100, fee=10)
    started.bust(1)
    return started


def open_sheet(
    page: Page, context: BrowserContext, event: Event, sheet: str, lang: str = "en"
) -> Page:
    """Click the sheet's link in the console's downloads; the print-out opens in a new tab,
    shown as it prints."""
    open_console(page, event, lang=lang, tab="results")
    with context.expect_page() as opened:
        page.click(f"#downloads a[data-print={sheet}]")
    printed = opened.value
    printed.wait_for_function("window.floormanPrint?.ready")
    printed.emulate_media(media="print")
    expect(printed.locator(".app-header")).to_be_hidden()  # paper: no header, no button
    expect(printed.locator("#toolbar")).to_be_hidden()
    return printed


def seated(event: Event) -> list[dict[str, object]]:
    view = event.director_view()
    return [e for e in view["entries"] if e["place"] is None and e["table"] is not None]


def test_the_seating_list_by_table_and_by_name(
    page: Page, context: BrowserContext, event: Event
) -> None:
    printed = open_sheet(page, context, event, "seating")
    tables = event.director_view()["tables"]
    expect(printed.locator("#by-table table.seating")).to_have_count(len(tables))
    first = tables[0]
    rows = printed.locator(f"#by-table table[data-table='{first['table']}'] tbody tr")
    expect(rows).to_have_count(len(first["seats"]))
    names = printed.locator("#by-name tbody td:first-child").all_text_contents()
    assert names == sorted(str(e["name"]) for e in seated(event))
    breaks = printed.eval_on_selector("#by-name", "s => getComputedStyle(s).breakBefore")
    assert breaks == "page"  # by name on a page of its own
    pdf = printed.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
    assert len(pdf) > 2000


def test_seat_cards_carry_each_players_join_qr_code(
    page: Page, context: BrowserContext, event: Event
) -> None:
    printed = open_sheet(page, context, event, "seat-cards")
    players = seated(event)
    cards = printed.locator("#seat-cards .seat-card")
    expect(cards).to_have_count(len(players))
    card = cards.first
    printed.wait_for_function(
        "[...document.querySelectorAll('.seat-card img.qr')].every(i => i.naturalWidth > 0)"
    )
    code = card.locator(".join-code").inner_text()
    joined = printed.request.get(f"{event.server.base}/join/{code}")
    assert joined.ok
    assert joined.json()["entry"] == card.get_attribute("data-entry")
    expect(card.locator(".where")).to_have_text(re.compile(r"^Table \d+, seat \d+$"))
    assert card.evaluate("c => getComputedStyle(c).breakInside") == "avoid"


def test_the_payout_sheet_and_a_receipt_per_buy_in(
    page: Page, context: BrowserContext, event: Event
) -> None:
    printed = open_sheet(page, context, event, "payouts")
    money = event.public()["money"]
    amounts = printed.locator("#payout-sheet tbody td.num").all_text_contents()
    assert amounts == [f"{prize:,}" for prize in money["payouts"]]
    expect(printed.locator("#print-pool")).to_contain_text(f"{money['pool']:,}")

    receipts = open_sheet(page, context, event, "receipts")
    found = receipts.locator("#receipts .receipt")
    expect(found).to_have_count(12)  # one per entry: no rebuy or add-on in this event
    expect(found.first.locator(".total dd")).to_have_text("110")
    expect(found.first.locator("h2")).to_have_text("Receipt 1")


@pytest.mark.parametrize("sheet", ["seating", "payouts", "receipts", "seat-cards"])
def test_the_print_outs_speak_the_consoles_language(
    page: Page, context: BrowserContext, event: Event, sheet: str
) -> None:
    printed = open_sheet(page, context, event, sheet, lang="pl")
    assert "lang=pl" in printed.url
    assert outside_catalogue(printed, "pl") == []
