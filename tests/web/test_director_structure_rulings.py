"""The structure editor's refusals in the director's language, in a real browser: the ruling
comes back with the values its message shows, and the console words it from the catalogue."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Server
from tests.web.test_director_console import open_console
from tests.web.test_director_structures import PLAIN


@pytest.mark.rules("tda-2022 R23")
def test_a_level_smaller_than_an_earlier_one_is_refused_in_russian_citing_r23(
    page: Page, server: Server
) -> None:
    event = server.create("Вечерний турнир", players=12, start=False, structure=PLAIN)
    open_console(page, event, lang="ru", tab="structures")
    second = page.locator("#structure-rows tr[data-kind='level']").nth(1)
    second.locator("[data-field='small_blind']").fill("25")
    second.locator("[data-field='big_blind']").fill("50")
    page.click("#structure-check")
    notice = page.locator(".notices")
    expect(notice).to_contain_text("элемент 1: уровень не может быть меньше одного из предыдущих")
    expect(notice).to_contain_text("R23")
    expect(notice).not_to_contain_text("cannot be smaller")
    assert event.get("")["structure"]["items"][1]["big_blind"] == 200  # nothing changed
