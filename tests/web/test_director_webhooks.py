"""The console's webhooks in a real browser: the director adds a hook with its events, reads
its secret once, and sees each hook's deliveries and failures; a receiver on 127.0.0.1
checks the signature."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tests.service.test_api_webhooks import Receiver, receiver  # noqa: F401 - the fixture
from tests.web.service import Server
from tests.web.test_director_console import open_console


def test_the_director_adds_a_webhook_and_sees_deliveries_and_failures(
    page: Page,
    server: Server,
    receiver: Receiver,  # noqa: F811 - the fixture imported above
) -> None:
    event = server.create("Hooked", players=4)
    open_console(page, event, tab="results")
    block = page.locator("#webhooks")
    block.locator("#webhook-url").fill(receiver.url)
    block.locator("input[data-kind='player.eliminated']").check()
    block.locator("#webhook-add").click()
    secret = page.locator("#webhook-secret")
    expect(secret).to_be_visible()
    receiver.secret = re.sub(r"^.*: ", "", secret.inner_text())
    block.locator("#webhook-url").fill("http://127.0.0.1:9/nobody")
    block.locator("#webhook-add").click()
    expect(block.locator("#webhook-list li")).to_have_count(2)
    event.bust(1)
    good = block.locator(f"#webhook-list li:has-text('{receiver.url}')")
    expect(good.locator(".webhook-status")).to_have_text("1 delivered, 0 failed", timeout=15_000)
    assert receiver.bad_signatures == 0
    assert [d["event"] for d in receiver.seen] == ["player.eliminated"]
    dead = block.locator("#webhook-list li:has-text('127.0.0.1:9')")
    expect(dead).to_have_attribute("data-failures", "1", timeout=30_000)  # five tries: ~15 s
    expect(dead.locator(".webhook-error")).not_to_be_empty()
    dead.locator(".webhook-remove").click()
    expect(block.locator("#webhook-list li")).to_have_count(1)
