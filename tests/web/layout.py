"""Layout checks the browser tests share: no text on a page overlaps another text, is cut off
by a box that hides its overflow or by the edge of the screen, and the page does not scroll
sideways. Texts are measured as the browser draws them (the boxes of their text nodes, and of
SVG ``<text>``), so a label laid over a bar or a figure under a button is caught. The
measuring is in ``layout.js``, added to the page when a check runs."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

_SCRIPT = Path(__file__).with_name("layout.js").read_text("utf-8")


def _load(page: Page) -> None:
    if not page.evaluate("Boolean(window.floormanLayoutProblems)"):
        page.add_script_tag(content=_SCRIPT)


def layout_problems(page: Page, scope: str = "body") -> list[str]:
    """Every overlap, cut text and sideways scroll of the texts under ``scope``."""
    _load(page)
    found: list[str] = page.evaluate("(scope) => window.floormanLayoutProblems(scope)", scope)
    return found


def text_count(page: Page, scope: str = "body") -> int:
    """How many texts the check measured (a check of nothing proves nothing)."""
    _load(page)
    count: int = page.evaluate("(scope) => window.floormanTexts(scope).length", scope)
    return count
