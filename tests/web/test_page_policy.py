"""The pages under their own Content-Security-Policy in a real browser (the other browser tests
bypass it for Playwright's probes), with the token taken out of the address bar at once
(issue 20, item 9): each page opened from its link loads, goes live on its feed, and breaks no
rule of the policy."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.web.service import Event, Server

LIVE_MS = 5000


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    return server.create("Policy event", players=9)


@pytest.fixture
def strict(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    """A page whose context enforces the pages' policy, and what it reported."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    reported: list[str] = []
    page.on("pageerror", lambda error: reported.append(f"error: {error}"))
    page.on(
        "console",
        lambda message: (
            reported.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )
    yield page, reported
    context.close()


@pytest.mark.parametrize(
    ("page_name", "role", "scope"),
    [
        ("clock", "display", {}),
        ("director", "director", {}),
        ("dealer", "dealer", {"table": 1}),
        ("player", "player", {"entry": "e1"}),
    ],
)
def test_a_page_opened_from_its_link_runs_under_its_policy_and_drops_the_token(
    strict: tuple[Page, list[str]],
    event: Event,
    page_name: str,
    role: str,
    scope: dict[str, object],
) -> None:
    page, reported = strict
    token = event.director if role == "director" else event.token(role, **scope)["token"]
    page.goto(event.page_url(page_name, token, lang="en"))
    expect(page.locator(".status-badge")).to_have_attribute("data-status", "live", timeout=LIVE_MS)
    assert token not in page.url  # moved out of the address: history, copied links
    assert re.search(rf"/{page_name}\?t=", page.url)
    assert reported == []


def test_the_start_page_runs_under_its_policy(
    strict: tuple[Page, list[str]], server: Server
) -> None:
    page, reported = strict
    page.goto(f"{server.base}/?lang=en")
    expect(page.locator("a[href='/clock']")).to_be_visible()
    expect(page.locator(".status-badge")).to_be_hidden()  # its module ran
    assert reported == []
