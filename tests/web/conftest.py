"""The browser tests' harness: a real ``floorman serve`` and a real Chromium.

- ``server`` (one per test module): ``python -m floorman serve`` on a free local port over a
  temporary SQLite database, with a known director token; the feeds' refresh is the
  service's own. Its output goes to ``serve.log`` beside the database (shown on failure).
- ``browser`` (one per session): Debian's Chromium (``/usr/bin/chromium``) driven by
  Playwright, headless, with the flags that keep it off the network (no background
  requests, no component updates, no sync). If Chromium is missing the tests FAIL: ``make
  test`` installs it (the Debian package ``chromium``).
- ``page``: a new browser context and page per test; a JavaScript error on the page fails
  the test.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from tests.web.browser import ChromiumMissing, launch_chromium
from tests.web.service import Server, ServerFailed, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``floorman serve`` on a fresh SQLite database, for one test module."""
    try:
        with running_server(tmp_path_factory.mktemp("serve")) as started:
            yield started
    except ServerFailed as failure:
        pytest.fail(str(failure))


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    try:
        launched = launch_chromium(playwright)
    except ChromiumMissing as missing:
        pytest.fail(str(missing))
    yield launched
    launched.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    # Playwright's string predicates (wait_for_function) are evaluated in the page, which the
    # pages' Content-Security-Policy forbids; test_page_policy runs the pages under it.
    opened = browser.new_context(viewport={"width": 1920, "height": 1080}, bypass_csp=True)
    yield opened
    opened.close()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    """A page that fails the test on any uncaught JavaScript error."""
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    assert not errors, f"JavaScript errors on the page: {errors}"
