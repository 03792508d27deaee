"""The pages' catalogues: the same keys and placeholders in the five languages, every key a
page uses present, and the language switch (the page re-written in the chosen language)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server

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


# --- no visible text outside the catalogue ------------------------------------------------------

VISIBLE_TEXTS = """() => {
  const texts = [];
  const shown = (el) => el && !el.closest('[data-raw], script, style, [hidden]')
    && el.getClientRects().length > 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    if (/\\p{L}/u.test(text) && shown(walker.currentNode.parentElement)) texts.push(text);
  }
  for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
    for (const attr of ['placeholder', 'title', 'aria-label']) {
      const text = el.getAttribute(attr);
      if (text && /\\p{L}/u.test(text) && shown(el)) texts.push(text);
    }
  }
  return texts;
}"""
WORDY = frozenset(
    {"text", "rule", "level", "stakes", "message", "name", "command", "penalty", "when"}
)
"""Placeholders whose values are words (other catalogue texts, a ruling, a message, a player's
name, a command or a penalty in words); every other placeholder holds a number, a card or a
symbol, and may hold no letter."""


def template_pattern(template: str) -> re.Pattern[str]:
    """A text the template can produce: numeric placeholders without letters."""
    parts = re.split(r"\{(\w+)\}", template)
    pattern = "".join(
        re.escape(part) if i % 2 == 0 else (".+" if part in WORDY else r"[\W\d_]+")
        for i, part in enumerate(parts)
    )
    return re.compile(pattern, re.DOTALL)


def outside_catalogue(page: Page, lang: str) -> list[str]:
    """The visible texts of the page that no template of ``lang``'s catalogue produces."""
    patterns = [template_pattern(text) for text in catalogue(lang).values()]
    texts: list[str] = page.evaluate(VISIBLE_TEXTS)
    assert len(texts) >= 5, f"the page shows almost no text: {texts}"
    return [text for text in texts if not any(p.fullmatch(text) for p in patterns)]


def player_code(event: Event, entry: str) -> str:
    code: str = event.token("player", entry=entry)["code"]
    return code


def switch(page: Page, lang: str) -> None:
    page.select_option("select.lang-switcher", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")


def test_the_template_patterns_tell_numbers_from_words() -> None:
    assert template_pattern("Level {level}").fullmatch("Level 3")
    assert template_pattern("{place}.").fullmatch("12.")
    assert not template_pattern("{place}.").fullmatch("Not found.")
    assert template_pattern("{left} of {entries}").fullmatch("1 234 of 2 000")


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    started = server.create("Multilingual Cup", players=20, buy_in=100)
    for table in (1, 2, 1, 2, 1):
        started.bust(table)
    started.post("/tables/1/deal")
    return started


PANELS = (
    "payouts",
    "leaders",
    "seat-changes",
    "latest-out",
    "field-chart",
    "average-chart",
    "payout-curve",
)


def test_every_visible_text_of_the_clock_is_in_the_catalogue_in_every_language(
    page: Page, event: Event
) -> None:
    page.goto(event.page_url("clock", event.token("display")["token"], lang="en"))
    page.wait_for_function("window.floormanClock?.state.history != null")
    for lang in LANGUAGES:
        switch(page, lang)
        for panel in PANELS:
            assert page.evaluate(f"window.floormanClock.panels.show('{panel}')"), panel
            assert outside_catalogue(page, lang) == [], (lang, panel)
    page.evaluate(
        "document.body.append(Object.assign(document.createElement('p'), "
        "{textContent: 'Players left: 12'}))"
    )
    assert outside_catalogue(page, LANGUAGES[-1]) == ["Players left: 12"]  # it can fail


def test_every_visible_text_of_the_players_page_is_in_the_catalogue(
    page: Page, event: Event
) -> None:
    hand = event.get("/tables/1/hand")
    actor = hand["seats"][hand["view"]["actor"]]["entry"]
    page.goto(f"{event.server.base}/player?code={player_code(event, actor)}&lang=en")
    expect(page.locator("#actions")).to_be_visible()
    for lang in LANGUAGES:
        switch(page, lang)
        assert outside_catalogue(page, lang) == [], lang
    out = next(e for e in event.director_view()["entries"] if e["place"] is not None)
    page.goto(f"{event.server.base}/player?code={player_code(event, out['entry'])}&lang=en")
    expect(page.locator("#result-line")).to_be_visible()
    for lang in LANGUAGES:
        switch(page, lang)
        assert outside_catalogue(page, lang) == [], ("out", lang)
    page.goto(f"{event.server.base}/player?code=NOSUCHCD&lang=pl")
    expect(page.locator(".notice")).to_have_text(catalogue("pl")["player.bad-code"])
    assert outside_catalogue(page, "pl") == []


def test_the_clock_switches_language_and_redraws_what_it_wrote(page: Page, event: Event) -> None:
    page.goto(event.page_url("clock", event.token("display")["token"], lang="en"))
    expect(page.locator("#level-line")).to_have_text("Level 1")
    view = event.public()
    switch(page, "fr")
    expect(page.locator("#level-line")).to_have_text("Niveau 1")
    expect(page.locator("#players")).to_have_text(f"{view['players_left']} sur {view['entries']}")
    switch(page, "bg")
    expect(page.locator("[data-i18n='clock.pool']")).to_have_text(catalogue("bg")["clock.pool"])
    assert page.evaluate("window.floormanClock.state.views") >= 1
    missing = page.evaluate("import('/static/common/i18n.js').then(m => m.missingKeys())")
    assert missing == []
