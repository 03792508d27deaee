"""Debian's Chromium under Playwright, as the browser tests and the screenshot script run it:
headless, and kept off the network (no background requests, component updates or sync),
which this machine's closed network would otherwise refuse many times a second."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--autoplay-policy=no-user-gesture-required",  # the clock's beep at a level change
]


class ChromiumMissing(Exception):
    """``/usr/bin/chromium`` is not installed."""


def launch_chromium(playwright: Playwright) -> Browser:
    if not CHROMIUM.exists():
        raise ChromiumMissing(
            f"Chromium is not installed ({CHROMIUM} is missing): run `make test`, which "
            "installs the Debian package chromium, or `apt-get install chromium`"
        )
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS
    )
