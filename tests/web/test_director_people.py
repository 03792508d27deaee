"""The club's player database in the console, in a real browser (issue 18): the director finds
a known player as he types in the registration form and registers him, a new player whose
name looks like a known one is flagged and merged once the director confirms, the player's
page shows his events, places and prizes and takes his details, and an anonymised player
keeps his place as "Player N"."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_director_console import open_console


def add_person(server: Server, **fields: Any) -> dict[str, Any]:
    with server.client(server.director_token) as client:
        answer = client.post("/people", json=fields)
    assert answer.status_code == 201, answer.text
    person: dict[str, Any] = answer.json()
    return person


def person_page(server: Server, person: int) -> dict[str, Any]:
    with server.client(server.director_token) as client:
        page: dict[str, Any] = client.get(f"/people/{person}").json()
    return page


def entry_names(event: Event) -> list[str]:
    return sorted(e["name"] for e in event.director_view()["entries"])


def test_registration_finds_a_known_player_as_the_director_types(
    page: Page, server: Server
) -> None:
    anna = add_person(server, name="Anna Kowalska", number="PL-1207")
    event = server.create("Thursday club", players=0, start=False)
    open_console(page, event)
    page.fill("#register-name", "kowa")
    match = page.locator(f"#person-suggestions .person-match[data-person='{anna['id']}']")
    expect(match).to_have_text("Anna Kowalska · PL-1207")
    match.click()
    expect(page.locator("#entries")).to_contain_text("Anna Kowalska")
    expect(page.locator("#person-suggestions .person-match")).to_have_count(0)
    [played] = person_page(server, anna["id"])["events"]
    assert played["tournament"] == event.id
    assert [e["name"] for e in played["entries"]] == ["Anna Kowalska"]


def test_a_look_alike_new_player_is_flagged_and_merged_once_confirmed(
    page: Page, server: Server
) -> None:
    known = add_person(server, name="Marek Zieliński", contact="marek@example.org")
    event = server.create("Friday club", players=0, start=False)
    open_console(page, event)
    page.fill("#register-name", "Marek Zielinsky")
    page.click("#person-new")
    expect(page.locator(".notice")).to_contain_text("looks like Marek Zieliński")
    expect(page.locator("#entries")).to_contain_text("Marek Zielinsky")

    page.click("[data-tab=people]")
    page.click("#people-find-duplicates")
    pair = page.locator("#people-duplicates .duplicate", has_text="Marek Zielinsky")
    expect(pair).to_contain_text("Marek Zieliński")
    pair.locator(".people-merge").click()
    page.click("dialog[data-dialog=confirm] [data-action='director.confirm']")
    expect(page.locator("#person-name")).to_have_text("Marek Zieliński")
    expect(page.locator("#person-events tbody tr")).to_have_count(1)
    expect(page.locator("#person-events")).to_contain_text("Friday club")
    expect(pair).to_have_count(0)
    merged = person_page(server, known["id"])
    assert merged["person"]["contact"] == "marek@example.org"
    assert [e["tournament"] for e in merged["events"]] == [event.id]


def test_the_players_page_shows_his_finish_and_anonymising_keeps_his_place(
    page: Page, server: Server
) -> None:
    ewa = add_person(server, name="Ewa Lisowska", birth_date="1988-05-17")
    event = server.create("Saturday deepstack", players=2, start=False)
    with server.client(event.director) as client:
        done = client.post(f"/tournaments/{event.id}/people/{ewa['id']}/entries")
    assert done.status_code == 200, done.text
    event.command("start")
    entry = person_page(server, ewa["id"])["events"][0]["entries"][0]["entry"]
    event.command("bust", entry=entry, by=["e1"])
    assert person_page(server, ewa["id"])["events"][0]["entries"][0]["place"] == 3
    open_console(page, event, tab="people")
    page.fill("#people-search", "lisow")
    page.click(f"#people-list .person-link[data-person='{ewa['id']}']")
    expect(page.locator("#person-name")).to_have_text("Ewa Lisowska")
    expect(page.locator("#person-page dl")).to_contain_text("1988-05-17")
    row = page.locator("#person-events tbody tr")
    expect(row).to_contain_text("Saturday deepstack")
    expect(row.locator(".place")).to_contain_text("3")
    page.fill("#person-edit-number", "PL-0042")
    page.fill("#person-edit-contact", "ewa@example.org")
    page.click("#person-save")
    expect(page.locator("#person-page dl")).to_contain_text("PL-0042")
    saved = person_page(server, ewa["id"])["person"]
    assert (saved["number"], saved["contact"], saved["birth_date"]) == (
        "PL-0042",
        "ewa@example.org",
        "1988-05-17",
    )

    page.click("#person-anonymise")
    page.click("dialog[data-dialog=confirm] [data-action='director.confirm']")
    alias = f"Player {ewa['id']}"
    expect(page.locator("#person-name")).to_have_text(alias)
    expect(page.locator("#person-page dl")).not_to_contain_text("1988")
    expect(page.locator("#person-page dl")).not_to_contain_text("PL-0042")
    expect(page.locator("#person-edit")).to_have_count(0)
    expect(page.locator("#person-events")).to_contain_text("Saturday deepstack")
    assert alias in entry_names(event)
    assert "Ewa Lisowska" not in str(event.get("/events?limit=1000"))
    page.click("[data-tab=players]")
    expect(page.locator("#entries")).to_contain_text(alias)
    expect(page.locator("#entries")).not_to_contain_text("Ewa Lisowska")


@pytest.mark.rules("pokerstars-live 6.9.1")
def test_psl_6_9_1_the_console_refuses_a_player_banned_by_the_sponsor_citing_the_rule(
    page: Page, server: Server
) -> None:
    piotr = add_person(server, name="Piotr Banned")
    first = server.create("PSL day one", players=3, start=False, profile="pokerstars-live")
    with server.client(first.director) as client:
        done = client.post(f"/tournaments/{first.id}/people/{piotr['id']}/entries")
    assert done.status_code == 200, done.text
    first.command("start")
    entry = person_page(server, piotr["id"])["events"][0]["entries"][0]["entry"]
    first.post(f"/entries/{entry}/penalties", {"offence": "abuse", "step": "sponsor-ban"})

    second = server.create("PSL day two", players=0, start=False, profile="pokerstars-live")
    open_console(page, second)
    page.fill("#register-name", "piotr")
    page.click(f"#person-suggestions .person-match[data-person='{piotr['id']}']")
    expect(page.locator(".notice")).to_contain_text("6.9.1")
    expect(page.locator("#entries")).not_to_contain_text("Piotr Banned")
    assert second.get("")["entries"] == 0

    page.click("[data-tab=people]")
    page.fill("#people-search", "piotr")
    page.click(f"#people-list .person-link[data-person='{piotr['id']}']")
    expect(page.locator("#person-bans .ban.carries")).to_contain_text(
        "refuses him in every event of the organiser"
    )
