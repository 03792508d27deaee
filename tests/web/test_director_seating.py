"""The seating chart and the day's counts in a real browser: a player dragged to an empty seat
is moved there, a table opened and closed by hand, chip counts recorded, a bust-out undone
with the U key."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_director_console import answered, kinds, open_console


@pytest.fixture
def event(server: Server) -> Event:
    return server.create("Seating", players=12)


def entry_line(event: Event, entry: str) -> dict[str, Any]:
    line: dict[str, Any] = next(e for e in event.director_view()["entries"] if e["entry"] == entry)
    return line


def test_a_player_dragged_to_an_empty_seat_is_moved_there(page: Page, event: Event) -> None:
    open_console(page, event, tab="tables")
    tables = event.director_view()["tables"]
    mover = next(s["entry"] for s in tables[0]["seats"] if s["entry"])
    empty = next(s["seat"] for s in tables[1]["seats"] if not s["entry"])
    target = f"[data-table='{tables[1]['table']}'] li[data-seat='{empty + 1}']"
    answer = answered(page, lambda: page.drag_and_drop(f".seats [data-entry='{mover}']", target))
    assert "player-moved" in kinds(answer)
    line = entry_line(event, mover)
    assert (line["table"], line["seat"]) == (tables[1]["table"], empty)
    expect(page.locator(f"{target} [data-entry='{mover}']")).to_be_visible()


def test_a_table_opened_and_closed_by_hand(page: Page, event: Event) -> None:
    open_console(page, event, tab="tables")
    page.click("[data-action=open-table]")  # asked first
    confirm = page.locator("dialog[data-dialog=confirm]")
    expect(confirm).to_contain_text("Open table 3?")
    answered(page, lambda: confirm.locator("[data-action='director.confirm']").click())
    expect(page.locator(".table-card")).to_have_count(3)
    answer = answered(page, lambda: page.click("[data-table='2'] [data-action=close-table]"))
    assert "table-broken" in kinds(answer)
    expect(page.locator(".table-card")).to_have_count(2)
    moved = kinds(answer).count("player-moved")
    expect(page.locator("#todo [data-kind=move]")).to_have_count(moved)  # each told his seat
    page.click("[data-table='1'] [data-action=close-table]")  # twelve do not fit one table
    expect(page.locator(".notice")).to_be_visible()
    expect(page.locator(".table-card")).to_have_count(2)


def test_chip_counts_are_recorded(page: Page, event: Event) -> None:
    open_console(page, event, tab="day")
    first, second = event.director_view()["entries"][:2]
    page.fill(f"#counts input[data-count='{first['entry']}']", str(first["stack"] - 500))
    page.fill(f"#counts input[data-count='{second['entry']}']", str(second["stack"] + 500))
    answer = answered(page, lambda: page.click("[data-action=chip-count]"))
    assert "chips-counted" in kinds(answer)
    assert entry_line(event, first["entry"])["stack"] == first["stack"] - 500
    expect(page.locator(f"#counts tr[data-entry='{second['entry']}'] td.num")).to_have_text(
        f"{second['stack'] + 500:,}"
    )


def test_a_bust_out_undone_with_the_u_key(page: Page, event: Event) -> None:
    open_console(page, event)
    out = event.director_view()["entries"][0]
    page.click(f"#entries tr[data-entry='{out['entry']}'] [data-action=bust]")
    dialog = page.locator("dialog[data-dialog=bust]")
    answered(page, lambda: dialog.locator("[data-action='director.bust-confirm']").click())
    assert entry_line(event, out["entry"])["place"] == 12
    page.keyboard.press("u")
    confirm = page.locator("dialog[data-dialog=confirm] [data-action='director.confirm']")
    answer = answered(page, confirm.click)
    assert answer["undone"]
    assert entry_line(event, out["entry"])["place"] is None
    expect(
        page.locator(f"#entries tr[data-entry='{out['entry']}'] [data-action=bust]")
    ).to_be_enabled()
