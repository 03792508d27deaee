"""How fast each page opens: the clock, the director's console, the dealer's tablet, the
player's page and a join link, in Chromium against a real ``floorman serve``.

A load is timed from the navigation's start (``performance.now()`` is 0 there) to the first
frame that shows what the page is for (:data:`READY`: the clock's field, the console's event
and its players, the tablet's seats, the player's name), checked on every animation frame.
Each load opens a fresh browser context, so nothing is cached: the first look of a TV, a
tablet or a phone. On a shared two-core machine one load can be slowed by other work, so each
page is loaded :data:`RUNS` times and the median is what counts; the target is
:data:`TARGET_MS`. The event is a started 24-player event on three tables.

``python -m bench.pages`` runs this section alone; ``make bench`` runs it with the others, and
``tests/web/test_page_load.py`` asserts the target.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, sync_playwright
from rich.console import Console

from bench.config import FULL, QUICK, Config
from bench.report import Section, Target, print_section
from bench.service_server import TOKEN, load_average, running_server

TARGET_MS = 500.0
RUNS = 7
PLAYERS = 24
SEATS = 8
VIEWPORT = {"width": 1920, "height": 1080}
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-extensions"]  # fmt: skip

READY = {
    "clock": "document.querySelector('#players')?.textContent.trim()",
    "console": "document.querySelector('#event-name')?.textContent.trim()"
    " && document.querySelector('#entries tbody tr')",
    "tablet": "document.querySelector('#felt .seat:not(.empty)')",
    "player": "document.querySelector('#name')?.textContent.trim()",
    "join": "document.querySelector('#name')?.textContent.trim()",
}
"""A JavaScript condition per page: true once the page shows what it is for."""


@dataclass(frozen=True, slots=True)
class PageLoads:
    """One page's load times, in milliseconds."""

    page: str
    times: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.times)


def load_ms(browser: Browser, url: str, ready: str, *, timeout_ms: float = 30_000) -> float:
    """Milliseconds from the navigation's start to the first frame where ``ready`` holds, in a
    fresh context (no cache)."""
    context = browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        page.goto(url, wait_until="commit")
        shown = page.wait_for_function(
            f"() => ({ready}) ? performance.now() : false", polling="raf", timeout=timeout_ms
        )
        at: float = shown.json_value()
        return at
    finally:
        context.close()


def page_urls(base: str, server_token: str = TOKEN) -> dict[str, str]:
    """A started event of :data:`PLAYERS` players on 8-max tables, and the URL of each page
    with its token (``server_token``: the server's director token, which creates events)."""
    with httpx.Client(base_url=base, timeout=60.0) as api:
        director = {"Authorization": f"Bearer {server_token}"}
        body = {"name": "Page loads", "expected_players": PLAYERS, "seats_per_table": SEATS}
        made = _ok(api.post("/tournaments", json=body, headers=director))
        tid = made["tournament"]
        director = {"Authorization": f"Bearer {made['director']['token']}"}
        for number in range(1, PLAYERS + 1):
            player = {"player": f"p{number}", "name": f"Player {number}"}
            _ok(api.post(f"/tournaments/{tid}/entries", json=player, headers=director))
        _ok(api.post(f"/tournaments/{tid}/start", headers=director))

        def token(role: str, **scope: Any) -> dict[str, Any]:
            body = {"role": role, **scope}
            return _ok(api.post(f"/tournaments/{tid}/tokens", json=body, headers=director))

        display = token("display")["token"]
        dealer = token("dealer", table=1)["token"]
        code = token("player", entry="e1")["code"]
        second = token("player", entry="e2")["code"]
    page = f"{base}/{{}}?t={tid}&token={{}}&lang=en"
    return {
        "clock": page.format("clock", display),
        "console": page.format("director", made["director"]["token"]),
        "tablet": page.format("dealer", dealer),
        "player": f"{base}/player?code={code}&lang=en",
        "join": f"{base}/join/{second}",
    }


def _ok(response: httpx.Response) -> dict[str, Any]:
    response.raise_for_status()
    answer: dict[str, Any] = response.json()
    return answer


def measure(browser: Browser, urls: dict[str, str], runs: int = RUNS) -> list[PageLoads]:
    """Each page loaded ``runs`` times, the pages taking turns (so a burst of other work on
    the machine slows one load of several pages, not every load of one)."""
    times: dict[str, list[float]] = {page: [] for page in urls}
    for page, url in urls.items():
        load_ms(browser, url, READY[page])  # the server's first answers (its caches) not timed
    for _ in range(runs):
        for page, url in urls.items():
            times[page].append(load_ms(browser, url, READY[page]))
    return [PageLoads(page, tuple(found)) for page, found in times.items()]


@contextmanager
def chromium() -> Iterator[Browser]:
    with sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS
        )
        try:
            yield browser
        finally:
            browser.close()


def pages_benchmark(config: Config) -> Section:
    """The section of ``make bench``: every page's load times against the target."""
    runs = 3 if config.quick else RUNS
    with tempfile.TemporaryDirectory() as data, running_server(Path(data)) as server:
        urls = page_urls(server.base)
        load = load_average()
        with chromium() as browser:
            loads = measure(browser, urls, runs)
    section = Section(
        key="pages",
        title="Page load times",
        intro=(
            "Each page of a started 24-player event opened in a fresh Chromium context (no "
            "cache), from the navigation's start to the first frame showing what the page is "
            f"for; {runs} loads a page, taking turns, against a local `floorman serve`. "
            f"Load average at the start: {load:.1f}."
        ),
        columns=("page", "median", "fastest", "slowest"),
    )
    for found in loads:
        section.rows.append(
            (found.page, _ms(found.median), _ms(min(found.times)), _ms(max(found.times)))
        )
        section.targets.append(
            Target(
                f"{found.page} opens (median)",
                _ms(found.median),
                f"< {TARGET_MS:.0f} ms",
                found.median < TARGET_MS,
            )
        )
    return section


def _ms(value: float) -> str:
    return f"{value:.0f} ms"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pages", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="three loads a page")
    args = parser.parse_args(argv)
    print_section(Console(), pages_benchmark(QUICK if args.quick else FULL))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
