"""The pages' catalogues: the same keys and placeholders in the five languages, every key a
page uses present, and the language switch (the page re-written in the chosen language)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Server

from floorman.rules.messages import LANGUAGES
from floorman.web.pages import STATIC

CATALOGUES = STATIC / "common" / "i18n"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
USED_IN_HTML = re.compile(r'data-i18n(?:-[a-z-]+)?="([^"]+)"')
USED_IN_JS = re.compile(r"""\b(?:t|text)\(\s*['`]([a-z0-9.-]+)['`]""")


def catalogue(lang: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads((CATALOGUES / f"{lang}.json").read_text("utf-8"))
    return loaded


def used_keys() -> set[str]:
    """Every literal key the pages' HTML and modules ask the catalogue for."""
    keys: set[str] = set()
    for path in STATIC.rglob("*"):
        if path.suffix == ".html":
            keys |= set(USED_IN_HTML.findall(path.read_text("utf-8")))
        elif path.suffix == ".js":
            keys |= set(USED_IN_JS.findall(path.read_text("utf-8")))
    return keys


def test_there_is_a_catalogue_for_each_language_of_the_rules() -> None:
    assert sorted(p.stem for p in CATALOGUES.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_key_is_in_every_catalogue_with_the_same_placeholders(lang: str) -> None:
    english, other = catalogue("en"), catalogue(lang)
    assert sorted(other) == sorted(english)
    for key, text in english.items():
        assert set(PLACEHOLDER.findall(other[key])) == set(PLACEHOLDER.findall(text)), key
        assert other[key].strip(), key


def test_every_key_the_pages_use_is_in_the_catalogue() -> None:
    used = used_keys()
    assert used, "no keys found: the scan is broken"
    assert not used - set(catalogue("en")), sorted(used - set(catalogue("en")))


def test_the_start_page_switches_language(server: Server, page: Page) -> None:
    page.goto(f"{server.base}/?lang=en")
    expect(page.get_by_text(catalogue("en")["index.clock"])).to_be_visible()
    page.select_option("select.lang-switcher", "ru")
    expect(page.get_by_text(catalogue("ru")["index.clock"])).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert "lang=ru" in page.url
    page.goto(f"{server.base}/")  # the choice is remembered
    expect(page.get_by_text(catalogue("ru")["index.clock"])).to_be_visible()
