"""The Results tab's downloads in a real browser: links to the service's record routes in the
page's language (the director's token goes in the request's header, never in the link), a CSV
that downloads, and the final protocol offered only once the event is over and signed by both
officials (Belarus 2.3.3, 2.1.4)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Locator, Page, expect
from tests.web.service import Event, Server
from tests.web.test_director_console import open_console
from tests.web.test_i18n import outside_catalogue

from floorman.records.exports import STANDING_COLUMNS


def link(page: Page, what: str, fmt: str) -> tuple[str, dict[str, str]]:
    """The path and query of the ``what`` link in format ``fmt``."""
    href = page.locator(f"#downloads a[data-download={what}][data-format={fmt}]").get_attribute(
        "href"
    )
    assert href, f"{what} {fmt} has no address"
    parts = urlsplit(href)
    return parts.path, {k: v[-1] for k, v in parse_qs(parts.query).items()}


def downloaded(page: Page, locator: Locator) -> str:
    """Click a download link; the text of the file the browser saved."""
    with page.expect_download() as saving:
        locator.click()
    path = saving.value.path()
    assert path is not None
    return Path(path).read_text(encoding="utf-8")


def test_the_downloads_link_the_records_with_the_directors_token(
    page: Page, server: Server
) -> None:
    event = server.create("Downloads", players=4)
    open_console(page, event, lang="fr", tab="results")
    expect(page.locator("#downloads a[download]")).to_have_count(13)
    for fmt in ("csv", "json", "html", "pdf"):
        path, query = link(page, "results", fmt)
        assert path == f"/tournaments/{event.id}/records/results"
        assert query == {"format": fmt, "lang": "fr"}
    for fmt in ("pokerstars", "phhs-zip", "ohh"):
        assert link(page, "hands", fmt) == (
            f"/tournaments/{event.id}/records/hands",
            {"format": fmt},
        )
    for fmt in ("ots", "pokerstars"):
        assert link(page, "summary", fmt) == (
            f"/tournaments/{event.id}/records/summary",
            {"format": fmt},
        )
    page.fill("#downloads-secretary", "Anna Secretary")
    path, query = link(page, "protocol-running", "pdf")
    assert path == f"/tournaments/{event.id}/records/protocol"
    assert query == {
        "kind": "running",
        "format": "pdf",
        "lang": "fr",
        "secretary": "Anna Secretary",
    }
    expect(page.locator("[data-downloads=protocol-final]")).to_be_hidden()
    assert outside_catalogue(page, "fr") == []
    csv = downloaded(page, page.locator("#downloads a[data-format=csv]"))
    assert csv.splitlines()[0] == ",".join(STANDING_COLUMNS)


def test_belarus_2_3_3_the_final_protocol_once_the_event_is_over_and_signed(
    page: Page, server: Server
) -> None:
    event: Event = server.create("Final", players=2)
    event.bust(1)
    open_console(page, event, lang="ru", tab="results")
    final = page.locator("[data-downloads=protocol-final]")
    expect(final).to_be_visible()
    expect(final.locator("a[href]")).to_have_count(0)  # nobody signs it yet
    page.fill("#downloads-chief-judge", "Ivan Chief")
    page.fill("#downloads-secretary", "Anna Secretary")
    expect(final.locator("a[href]")).to_have_count(2)
    expect(page.locator("#downloads-final-needs")).to_be_hidden()
    _, query = link(page, "protocol-final", "html")
    assert query["kind"] == "final"
    assert query["chief_judge"] == "Ivan Chief"
    assert "Ivan Chief" in downloaded(page, final.locator("a[data-format=html]"))
