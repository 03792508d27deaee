"""The results the console downloads name a penalty in words (issue 17 item 7): the offence
by its title, the step of the scale and the official, not the catalogue's ids."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tests.web.service import Server
from tests.web.test_director_console import answered, open_console


def test_a_penalty_given_at_the_console_is_in_words_in_the_results(
    page: Page, server: Server
) -> None:
    event = server.create("Wording", players=4)
    open_console(page, event)
    entry = event.director_view()["entries"][0]
    page.click(f"#entries tr[data-entry='{entry['entry']}'] [data-action=penalty]")
    dialog = page.locator("dialog[data-dialog=penalty]")
    dialog.locator("#penalty-offence").select_option("device")
    dialog.locator("#penalty-step").select_option("1-round")
    answered(page, lambda: dialog.locator("[data-action='director.give-penalty']").click())

    page.click("[data-tab=results]")
    html = page.locator("#downloads a[data-download=results][data-format=html]")
    expect(html).to_have_attribute("href", re.compile("format=html"))
    answer = page.request.get(  # the API takes the token in a header, never in the address
        html.evaluate("a => a.href"), headers={"Authorization": f"Bearer {event.director}"}
    )
    assert answer.status == 200
    penalties = answer.text().split("Penalties", 1)[1]
    assert "Phone call or a playing aid at the table" in penalties
    assert "1 round(s)" in penalties
    assert ">device<" not in penalties
    assert ">1-round<" not in penalties
