"""The screenshots of the README and ``docs/web.md``: ``python -m tests.web.screenshots``
writes ``docs/screenshots/*.png`` from a real ``floorman serve`` and Debian's Chromium.

:func:`take` is also run by ``test_screenshots.py`` into a temporary folder, so the script
cannot rot unseen.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright
from tests.web.browser import launch_chromium
from tests.web.service import Event, Server, running_server

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
UHD = {"width": 3840, "height": 2160}
"""A 4K TV whose browser lays pages out at its full resolution: the clock's sizes are in
viewport units, so this is the 1080p picture at twice the pixels."""


def take(server: Server, browser: Browser, out: Path) -> list[Path]:
    """Every page's screenshot into ``out``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    live = server.create("Sunday Deepstack", players=20, buy_in=100, fee=10)
    moved = _moved_player(browser, live, out / "player-live.png")
    online = server.create("Online Turbo", players=6, buy_in=50)
    online.post("/tables/1/deal")
    return [
        _clock(browser, live, out / "clock-1080p.png", TV),
        _clock(browser, live, out / "clock-4k.png", UHD),
        _clock(browser, live, out / "clock-phone.png", PHONE),
        moved,
        _player(browser, online, _actor(online), out / "player-online.png", TV, "fr"),
    ]


def _moved_player(browser: Browser, event: Event, path: Path) -> Path:
    """A live player on his phone as his table breaks: the banner tells him his new seat."""
    tables = event.director_view()["tables"]
    last = tables[-1]  # the highest-numbered table, the first broken by the TDA's order
    entry = next(seat["entry"] for seat in last["seats"] if seat["entry"])
    page = _page(browser, event, entry, PHONE, "en")
    while event.get(f"/entries/{entry}/view")["view"]["entry"]["table"] == last["table"]:
        event.bust(last["table"], spare=entry)
    page.wait_for_selector("#moved:not([hidden])")
    page.screenshot(path=path, full_page=True)
    page.close()
    return path


def _actor(event: Event) -> str:
    hand = event.get("/tables/1/hand")
    entry: str = hand["seats"][hand["view"]["actor"]]["entry"]
    return entry


def _open(browser: Browser, url: str, size: dict[str, int]) -> Page:
    page = browser.new_page(viewport=size, bypass_csp=True)  # string predicates: conftest
    page.goto(url)
    page.wait_for_function("document.documentElement.lang !== ''")
    return page


def _clock(browser: Browser, event: Event, path: Path, size: dict[str, int]) -> Path:
    page = _open(browser, event.page_url("clock", event.token("display")["token"]), size)
    page.wait_for_function("window.floormanClock?.state.history != null")
    page.evaluate("window.floormanClock.panels.show('leaders')")
    page.screenshot(path=path, full_page=size is PHONE)
    page.close()
    return path


def _page(browser: Browser, event: Event, entry: str, size: dict[str, int], lang: str) -> Page:
    code = event.token("player", entry=entry)["code"]
    page = _open(browser, f"{event.server.base}/player?code={code}&lang={lang}", size)
    page.wait_for_selector("#me:not([hidden])")
    return page


def _player(
    browser: Browser, event: Event, entry: str, path: Path, size: dict[str, int], lang: str
) -> Path:
    page = _page(browser, event, entry, size, lang)
    page.screenshot(path=path, full_page=True)
    page.close()
    return path


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as data,
        running_server(Path(data)) as server,
        sync_playwright() as driver,
    ):
        browser = launch_chromium(driver)
        for path in take(server, browser, OUT):
            sys.stdout.write(f"{path}\n")
        browser.close()


if __name__ == "__main__":
    main()
