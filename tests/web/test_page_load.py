"""Every page opens in under half a second on this machine: the clock, the director's console,
the dealer's tablet, the player's page and a join link, each loaded several times in a fresh
browser context (no cache) against a real ``floorman serve``; the median load counts
(:mod:`bench.pages`, which ``make bench`` reports)."""

from __future__ import annotations

import pytest
from bench.pages import READY, RUNS, TARGET_MS, measure, page_urls
from playwright.sync_api import Browser
from tests.web.service import Server


def test_every_page_opens_in_under_half_a_second(
    server: Server, browser: Browser, record_property: pytest.RecordProperty
) -> None:
    urls = page_urls(server.base, server.director_token)
    assert set(urls) == set(READY) == {"clock", "console", "tablet", "player", "join"}
    loads = measure(browser, urls, RUNS)
    report = {found.page: [round(t) for t in found.times] for found in loads}
    for found in loads:
        record_property(f"{found.page}_median_ms", round(found.median))
        assert len(found.times) == RUNS
        assert all(t > 0 for t in found.times)
    print(f"page load times (ms): {report}")
    slow = {f.page: round(f.median) for f in loads if f.median >= TARGET_MS}
    assert not slow, f"median load over {TARGET_MS:.0f} ms: {slow}; every load: {report}"
