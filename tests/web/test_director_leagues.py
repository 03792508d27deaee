"""The Leagues tab in a real browser: a season created, two finished events added, the
standings with who qualifies, and the public standings page opened without a token."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from tests.web.service import Event, Server
from tests.web.test_director_console import open_console, shoot


def finished(server: Server, name: str, order: tuple[str, str, str]) -> Event:
    """Three players; the first two of ``order`` go out to the third, who wins."""
    event = server.create(name, players=3)
    first, second, winner = order
    for out in (first, second):
        event.command("bust", entry=out, by=[winner])
    assert event.public()["finished"]
    return event


def test_a_director_ranks_a_season_of_two_events_and_anyone_reads_it(
    page: Page, server: Server, browser: Browser, tmp_path: Path
) -> None:
    one = finished(server, "Week 1", ("e1", "e2", "e3"))
    two = finished(server, "Week 2", ("e2", "e1", "e3"))
    open_console(page, two, tab="leagues")
    page.fill("#league-name", "Autumn bar league")
    page.fill("#league-points", "linear")
    page.fill("#league-qualify", "1")
    page.fill("#league-final", "Regional final")
    page.click("#league-create button[type='submit']")
    expect(page.locator("#league-season option")).to_have_text(["Autumn bar league"])
    expect(page.locator("#league-tournament")).to_have_value(two.id)  # this event, by default
    page.select_option("#league-tier", "weekly")
    page.click("#league-add button[type='submit']")
    expect(page.locator("#league-events li")).to_have_count(1)
    page.fill("#league-tournament", one.id)
    page.click("#league-add button[type='submit']")
    expect(page.locator("#league-events li")).to_have_text(["Week 2 · weekly", "Week 1 · weekly"])
    rows = page.locator("#league-standings tbody tr")
    expect(rows).to_have_count(3)
    winner = page.locator("#league-standings tbody tr[data-qualified='true']")
    expect(winner).to_have_count(1)
    expect(winner.locator("td").nth(2)).to_have_text("6")  # linear: 3 points, twice
    three = finished(server, "Week 3 elsewhere", ("e1", "e3", "e2"))
    exported = tmp_path / "week3.json"
    with server.client(three.director) as client:
        answer = client.get(f"/tournaments/{three.id}/records/results?format=json")
    exported.write_bytes(answer.content)
    page.set_input_files("#league-file", str(exported))  # results brought as a file
    expect(page.locator("#league-events li")).to_have_count(3)
    expect(winner.locator("td").nth(2)).to_have_text("8")  # and 2 for second place there
    final = finished(server, "Regional final", ("e3", "e2", "e1"))
    page.fill("#league-tournament", final.id)
    page.uncheck("#league-counts")  # a final's own results do not count
    page.click("#league-add button[type='submit']")
    expect(page.locator("#league-events li[data-counts='false']")).to_have_count(1)
    expect(winner.locator("td").nth(2)).to_have_text("8")
    shoot(page, "director-leagues")
    address = page.locator("#league-public").get_attribute("href")
    assert address is not None
    assert "token" not in address
    stranger = browser.new_context()  # no token, no stored login
    try:
        public = stranger.new_page()
        public.goto(address)
        expect(public.locator("#season")).to_have_text("Autumn bar league")
        expect(public.locator("#standings tr")).to_have_count(3)
        expect(public.locator("#standings tr[data-qualified='true'] td").nth(2)).to_have_text("8")
        expect(public.locator("#summary")).to_contain_text("Regional final")
        assert public.locator("#qr").evaluate("img => img.naturalWidth") > 0
    finally:
        stranger.close()
