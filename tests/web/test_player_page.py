"""The player's page in a real browser: a live player sees his table, seat, moves and the
clock; an online player joins with his code, sees his own cards and acts; a refusal shows
its ruling in his language."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server

from floorman.rules.messages import render
from floorman.rules.ruling import RuleRef, Ruling

FOLLOW_MS = 1000


def player_code(event: Event, entry: str) -> str:
    code: str = event.token("player", entry=entry)["code"]
    return code


def entry_line(event: Event, entry: str) -> dict[str, Any]:
    line: dict[str, Any] = event.get(f"/entries/{entry}/view")["view"]["entry"]
    return line


@pytest.fixture(scope="module")
def live(server: Server) -> Event:
    return server.create("Live Friday", players=20, buy_in=100)


def test_a_live_player_sees_his_table_seat_stack_and_the_clock(page: Page, live: Event) -> None:
    line = entry_line(live, "e5")
    page.goto(f"{live.server.base}/player?code={player_code(live, 'e5')}&lang=en")
    expect(page.locator("#name")).to_have_text(line["name"])
    expect(page.locator("#seat")).to_have_text(f"Table {line['table']}, seat {line['seat'] + 1}")
    expect(page.locator("#stack")).to_have_text(f"{line['stack']:,}")
    expect(page.locator("#level")).to_have_text("Level 1")
    expect(page.locator("#stakes")).to_contain_text("50 / 100")
    expect(page.locator("#seats li[data-me]")).to_contain_text(line["name"])
    expect(page.locator("#hand")).to_be_hidden()  # a live table: no cards on the page


def test_the_players_clock_moves_to_the_next_level_when_the_time_is_up(
    page: Page, server: Server
) -> None:
    event = server.create("Next level", players=4)
    page.goto(f"{server.base}/player?code={player_code(event, 'e1')}&lang=en")
    expect(page.locator("#level")).to_have_text("Level 1")
    remaining = event.public()["clock"]["remaining"]
    event.command("add-time", seconds=-(remaining - 0.5))
    expect(page.locator("#level")).to_have_text("Level 2", timeout=FOLLOW_MS + 500)
    expect(page.locator("#stakes")).to_contain_text("100 / 200")


def test_a_live_player_is_told_at_once_when_he_is_moved(page: Page, server: Server) -> None:
    event = server.create("Break my table", players=20, buy_in=100)
    # The highest-numbered table breaks first (TDA RP-19 fixed order), so a player there
    # is moved whatever the seat draw gave.
    tables = {e: entry_line(event, e)["table"] for e in (f"e{n}" for n in range(1, 21))}
    table = max(tables.values())
    watched = min(e for e, t in tables.items() if t == table)
    page.goto(f"{server.base}/player?code={player_code(event, watched)}&lang=en")
    expect(page.locator("#seat")).to_contain_text(f"Table {table},")
    while entry_line(event, watched)["table"] == table:
        event.bust(table, spare=watched)
    moved = entry_line(event, watched)
    where = f"table {moved['table']}, seat {moved['seat'] + 1}"
    expect(page.locator("#moved")).to_have_text(f"You have been moved: {where}", timeout=FOLLOW_MS)
    expect(page.locator("#seat")).to_have_text(f"Table {moved['table']}, seat {moved['seat'] + 1}")
    expect(page.locator("#move-list li").first).to_contain_text(
        f"T{moved['table']} S{moved['seat'] + 1}"
    )
    assert page.evaluate("window.floormanPlayer.moved") == 1


def test_the_join_link_of_the_seat_cards_qr_code_opens_the_players_page(
    page: Page, live: Event
) -> None:
    token = live.token("player", entry="e4")
    page.goto(token["join_url"])  # what a phone opens after scanning the QR code
    expect(page.locator("#name")).to_have_text(entry_line(live, "e4")["name"])
    assert urlsplit(page.url).path == "/player"
    assert token["code"] not in page.url  # his code is taken out of the address (issue 20)
    with live.server.client() as client:  # an API client still gets the JSON
        assert client.get(f"/join/{token['code']}").json()["entry"] == "e4"


def test_the_join_form_takes_a_code_and_refuses_a_wrong_one(page: Page, live: Event) -> None:
    page.goto(f"{live.server.base}/player?lang=en")
    form = page.locator("#join")
    expect(form).to_be_visible()
    page.fill("#code", "WRONGCDE")
    page.click("#join button")
    expect(page.locator(".notice")).to_have_text(
        "This code is not valid. Check it on your seat card or ask the floor."
    )
    page.fill("#code", player_code(live, "e3").lower())  # codes are read in any case
    page.click("#join button")
    expect(page.locator("#name")).to_have_text(entry_line(live, "e3")["name"])
    expect(form).to_be_hidden()


@pytest.fixture(scope="module")
def online(server: Server) -> Event:
    event = server.create("Online Turbo", players=6, buy_in=100)
    event.post("/tables/1/deal")
    return event


def online_hand(event: Event) -> dict[str, Any]:
    hand: dict[str, Any] = event.get("/tables/1/hand")
    return hand


def open_as_actor(page: Page, event: Event, lang: str) -> tuple[dict[str, Any], int]:
    """The player to act, on his page; the hand as the director sees it and his seat."""
    hand = online_hand(event)
    seat = hand["view"]["actor"]
    entry = hand["seats"][seat]["entry"]
    page.goto(f"{event.server.base}/player?code={player_code(event, entry)}&lang={lang}")
    expect(page.locator("#actions")).to_be_visible()
    return hand, seat


def test_an_online_player_sees_his_own_cards_only_and_acts(page: Page, online: Event) -> None:
    hand, seat = open_as_actor(page, online, "en")
    own = list(hand["view"]["seats"][seat]["cards"])
    shown = page.locator("#hand .mine .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert shown == own
    backs = page.locator("#hand .others .card.back").count()
    assert backs == sum(len(s["cards"]) for s in hand["view"]["seats"] if s["in_hand"]) - len(own)
    options = hand["view"]["options"]
    expect(page.locator("[data-action=call]")).to_have_text(f"Call {options['call']:,}")
    expect(page.locator("#amount")).to_have_value(str(options["min_to"]))

    page.click("[data-action=call]")
    after = online_hand(online)
    expect(page.locator("#turn")).to_have_text(f"Seat {after['view']['actor'] + 1} to act")
    assert after["view"]["actor"] != seat
    bet_before = hand["view"]["seats"][seat]["bet"]
    assert after["view"]["seats"][seat]["bet"] == bet_before + options["call"]
    expect(page.locator("#actions")).to_have_count(0)


def test_a_refused_raise_shows_the_ruling_in_the_players_language(
    page: Page, online: Event
) -> None:
    hand, _ = open_as_actor(page, online, "ru")
    min_to = hand["view"]["options"]["min_to"]
    page.fill("#amount", str(min_to - 1))
    page.click("[data-action=raise]")
    notice = page.locator(".notice")
    expect(notice).to_be_visible()
    text = notice.inner_text()
    assert "tda-2022" in text
    ruling = Ruling(
        RuleRef("tda-2022", text.rsplit("tda-2022 ", 1)[1].rstrip(")")),
        "below-min-raise",
        f"the smallest bet or raise here is to {min_to}",
        (("min_to", min_to),),
    )
    assert text.startswith(render(ruling, "ru"))
    assert render(ruling, "ru") != ruling.message  # really translated
    assert online_hand(online)["view"]["actor"] == hand["view"]["actor"]  # nothing changed
