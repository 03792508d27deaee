"""The place formatter (``common/ordinal.js``), run in the browser: each language's ordinal
category of a place, and the catalogue's text for it (1st, 1er/1re, 1-во, 1-е, 1.)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page
from tests.web.service import Server

LOAD = "Promise.all([import('/static/common/ordinal.js'), import('/static/common/i18n.js')])"


@pytest.fixture
def places(page: Page, server: Server) -> Page:
    page.goto(f"{server.base}/?lang=en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    return page


def written(page: Page, lang: str, key: str, numbers: list[int]) -> Any:
    """``key``'s text for each number in ``lang`` (the page switched to that language)."""
    body = f"await i.setLanguage('{lang}'); return {numbers}.map(n => o.placeText('{key}', n));"
    return page.evaluate(f"{LOAD}.then(async ([o, i]) => {{ {body} }})")


PLACES = [1, 2, 3, 4, 11, 12, 13, 17, 21, 22, 23, 27, 101, 111]


def test_english_places_take_st_nd_rd_and_th(places: Page) -> None:
    texts = written(places, "en", "clock.place", PLACES)
    assert texts == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "17th",
        "21st", "22nd", "23rd", "27th", "101st", "111th",
    ]  # fmt: skip


def test_french_first_place_is_1er_standing_alone_and_1re_place(places: Page) -> None:
    assert written(places, "fr", "clock.place", [1, 2, 21]) == ["1er", "2e", "21e"]
    assert written(places, "fr", "director.place", [1, 2]) == ["1re place", "2e place"]


def test_bulgarian_places_take_the_neuter_ending_of_the_last_word(places: Page) -> None:
    texts = written(places, "bg", "director.place", PLACES)
    endings = [text.split(" ")[0].split("-")[1] for text in texts]
    assert endings == [
        "во", "ро", "то", "то", "то", "то", "то", "то",
        "во", "ро", "то", "мо", "во", "то",
    ]  # fmt: skip
    assert texts[0] == "1-во място"


def test_russian_and_polish_places(places: Page) -> None:
    assert written(places, "ru", "director.place", [1, 3]) == ["1-е место", "3-е место"]
    assert written(places, "pl", "director.place", [1, 12]) == ["1. miejsce", "12. miejsce"]
    assert written(places, "ru", "clock.place", [2]) == ["2."]
