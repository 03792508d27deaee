"""The player database through the API, on SQLite and PostgreSQL (issue 18): search as you
type, duplicates and their confirmed merge, registration of a person, his page, the ban that
follows him (PokerStars Live 6.9.1), and his privacy (export, anonymise, erase)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import SERVER, STRUCTURE, Event, TestClient, client_for

from floorman.service.people import name_key, similar


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def client(database_url: str, tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path, url=database_url) as made:
        yield made


def new_event(client: TestClient, profile: str = "tda-2022", name: str = "Club night") -> Event:
    body = {"name": name, "structure": STRUCTURE, "buy_in": 50, "profile": profile}
    created = client.post("/tournaments", json=body, headers=bearer(SERVER))
    assert created.status_code == 201, created.text
    made = Event(client=client, id=created.json()["tournament"])
    made.tokens["director"] = created.json()["director"]["token"]
    made.tokens["floor"] = made.token("floor")
    return made


def add_person(client: TestClient, token: str = SERVER, **fields: Any) -> dict[str, Any]:
    answer = client.post("/people", json=fields, headers=bearer(token))
    assert answer.status_code == 201, answer.text
    person: dict[str, Any] = answer.json()
    return person


def register(made: Event, person: int) -> Any:
    return made.post(f"/people/{person}/entries")


def test_name_keys_ignore_accents_case_and_word_order() -> None:
    assert name_key("Kowalska, Anna") == name_key("anna KOWALSKA") == "anna kowalska"
    assert name_key("Łukasz Żółw") != name_key("Lukasz Zolw")  # Ł is a letter of its own
    assert name_key("José  Müller") == "jose muller"
    assert similar(name_key("Anna Kowalska"), name_key("Anna Kowalksa"))
    assert not similar(name_key("Anna Kowalska"), name_key("Jan Kowalski Senior"))


def test_search_as_you_type_finds_people_by_any_words_start(client: TestClient) -> None:
    anna = add_person(client, name="Anna Kowalska", number="PL-1207")
    add_person(client, name="Jan Nowak")
    for typed in ("ann", "kow", "kowalska an", "PL-12"):
        found = client.get("/people", params={"q": typed}, headers=bearer(SERVER))
        assert found.status_code == 200, found.text
        assert [p["id"] for p in found.json()][:1] == [anna["id"]], typed
    nothing = client.get("/people", params={"q": "zzz"}, headers=bearer(SERVER)).json()
    assert nothing == []
    typo = client.get("/people", params={"q": "Anna Kowalksa"}, headers=bearer(SERVER)).json()
    assert [p["id"] for p in typo] == [anna["id"]]  # nothing starts so: the nearest spelling


def test_a_new_person_like_a_known_one_is_spotted_and_merged_once_confirmed(
    client: TestClient,
) -> None:
    made = new_event(client)
    anna = add_person(client, name="Anna Kowalska", contact="anna@example.org")
    assert register(made, anna["id"]).status_code == 200
    twin = add_person(client, name="Anna Kowalksa", number="PL-1207")
    assert [p["id"] for p in twin["similar"]] == [anna["id"]]
    pairs = client.get("/people/duplicates", headers=bearer(SERVER)).json()
    assert [(p["first"]["id"], p["second"]["id"]) for p in pairs] == [(anna["id"], twin["id"])]

    path = f"/people/{anna['id']}/merge"
    unconfirmed = client.post(path, json={"other": twin["id"]}, headers=bearer(SERVER))
    assert unconfirmed.status_code == 422
    assert unconfirmed.json()["constraint"] == "confirm"
    assert client.get(f"/people/{twin['id']}", headers=bearer(SERVER)).status_code == 200

    body = {"other": twin["id"], "confirm": True}
    merged = client.post(path, json=body, headers=bearer(SERVER))
    assert merged.status_code == 200, merged.text
    page = merged.json()
    assert page["person"]["number"] == "PL-1207"  # taken from the duplicate
    assert page["person"]["contact"] == "anna@example.org"
    assert [e["tournament"] for e in page["events"]] == [made.id]
    assert client.get(f"/people/{twin['id']}", headers=bearer(SERVER)).status_code == 404


def test_registering_a_person_links_his_entry_and_his_page_shows_it(client: TestClient) -> None:
    made = new_event(client)
    anna = add_person(client, name="Anna Kowalska", birth_date="1990-04-02")
    done = register(made, anna["id"])
    assert done.status_code == 200, done.text
    page = client.get(f"/people/{anna['id']}", headers=made.headers("director")).json()
    assert page["person"]["name"] == "Anna Kowalska"
    [played] = page["events"]
    assert played["tournament"] == made.id
    assert played["name"] == "Club night"
    assert [e["name"] for e in played["entries"]] == ["Anna Kowalska"]
    assert made.get("").json()["entries"] == 1
    unknown = made.post("/people/999/entries")
    assert unknown.status_code == 404


def test_bad_person_fields_are_refused_naming_the_constraint(client: TestClient) -> None:
    bad_date = client.post(
        "/people", json={"name": "Jan", "birth_date": "1990-13-40"}, headers=bearer(SERVER)
    )
    assert bad_date.status_code == 422
    assert bad_date.json()["constraint"] == "birth-date"
    blank = client.post("/people", json={"name": " ,. "}, headers=bearer(SERVER))
    assert blank.status_code == 422
    assert blank.json()["constraint"] == "person-name"
    assert client.get("/people", params={"q": "x"}).status_code == 401


def test_only_directors_reach_the_people(client: TestClient) -> None:
    made = new_event(client)
    add_person(client, token=made.tokens["director"], name="Jan Nowak")
    found = client.get("/people", params={"q": "jan"}, headers=made.headers("floor"))
    assert found.status_code == 403


@pytest.mark.rules("pokerstars-live 6.9.1")
def test_psl_6_9_1_a_sponsor_ban_refuses_him_in_the_organisers_next_event(
    client: TestClient,
) -> None:
    first = new_event(client, profile="pokerstars-live", name="Day one")
    others = [add_person(client, name=f"Filler {n}") for n in range(1, 4)]
    piotr = add_person(client, name="Piotr Wiśniewski")
    for person in [*others, piotr]:
        assert register(first, person["id"]).status_code == 200
    assert first.post("/start").status_code == 200
    page = client.get(f"/people/{piotr['id']}", headers=bearer(SERVER)).json()
    entry = page["events"][0]["entries"][0]["entry"]
    body = {"offence": "abuse", "step": "sponsor-ban"}
    assert first.post(f"/entries/{entry}/penalties", json=body).status_code == 200

    page = client.get(f"/people/{piotr['id']}", headers=bearer(SERVER)).json()
    assert page["bans"] == [
        {
            "tournament": first.id,
            "profile": "pokerstars-live",
            "kind": "sponsor-ban",
            "rule": "6.9.1",
            "carries": True,
        }
    ]
    second = new_event(client, profile="pokerstars-live", name="Next week")
    before = second.get("").json()
    refused = register(second, piotr["id"])
    assert refused.status_code == 409, refused.text
    ruling = refused.json()["ruling"]
    assert (ruling["profile"], ruling["rule"], ruling["key"]) == (
        "pokerstars-live",
        "6.9.1",
        "banned-everywhere",
    )
    after = second.get("").json()
    assert (after["version"], after["entries"]) == (before["version"], 0)
    other_book = new_event(client, profile="tda-2022", name="Another organiser's rules")
    assert register(other_book, piotr["id"]).status_code == 200


@pytest.mark.rules("pokerstars-live 6.9.1")
def test_psl_6_9_1_an_event_ban_stays_in_its_event(client: TestClient) -> None:
    first = new_event(client, profile="pokerstars-live")
    people = [add_person(client, name=f"Filler {n}") for n in range(1, 5)]
    for person in people:
        assert register(first, person["id"]).status_code == 200
    assert first.post("/start").status_code == 200
    banned = people[0]
    page = client.get(f"/people/{banned['id']}", headers=bearer(SERVER)).json()
    entry = page["events"][0]["entries"][0]["entry"]
    body = {"offence": "abuse", "step": "event-ban"}
    assert first.post(f"/entries/{entry}/penalties", json=body).status_code == 200
    again = register(first, banned["id"])
    assert again.status_code == 409
    assert again.json()["ruling"]["rule"] == "6.9.1"
    second = new_event(client, profile="pokerstars-live")
    assert register(second, banned["id"]).status_code == 200


def test_export_anonymise_and_erase(client: TestClient) -> None:
    made = new_event(client)
    anna = add_person(client, name="Anna Kowalska", contact="+48 600 100 200", notes="regular")
    jan = add_person(client, name="Jan Nowak")
    for person in (anna, jan, add_person(client, name="Ewa Lis")):
        assert register(made, person["id"]).status_code == 200
    assert made.post("/start").status_code == 200
    bust = {"entry": "e1", "by": ["e2"]}  # Anna's entry, the first registered
    assert made.post("/commands/bust", json=bust).status_code == 200, "bust"

    exported = client.get(f"/people/{anna['id']}/export", headers=bearer(SERVER))
    assert exported.status_code == 200
    assert "attachment" in exported.headers["content-disposition"]
    data = exported.json()
    assert data["person"]["contact"] == "+48 600 100 200"
    assert data["events"][0]["tournament"] == made.id

    gone = client.post(f"/people/{anna['id']}/anonymise", headers=bearer(SERVER))
    assert gone.status_code == 200, gone.text
    alias = f"Player {anna['id']}"
    page = gone.json()
    assert page["person"]["name"] == alias
    assert page["person"]["contact"] is None
    assert page["person"]["notes"] is None
    assert [e["name"] for e in page["events"][0]["entries"]] == [alias]
    log = made.get("/events").text + made.get("/commands").text
    assert "Anna Kowalska" not in log
    assert "Kowalska" not in log
    assert alias in log
    assert "Jan Nowak" in log
    found = client.get("/people", params={"q": "anna"}, headers=bearer(SERVER)).json()
    assert found == []
    results = made.get("/records/results", params={"format": "csv"}).text
    assert "Kowalska" not in results
    [line] = [row for row in results.splitlines() if alias in row]
    assert line.startswith("3,")  # his place kept

    erased = client.delete(f"/people/{jan['id']}", headers=bearer(SERVER))
    assert erased.status_code == 204
    assert client.get(f"/people/{jan['id']}", headers=bearer(SERVER)).status_code == 404
    assert "Jan Nowak" not in made.get("/events").text


@pytest.mark.rules("belarus-sport 1.1")
def test_belarus_1_1_a_person_is_registered_only_with_a_birth_date_of_17_or_more(
    client: TestClient,
) -> None:
    made = new_event(client, profile="belarus-sport")
    # the test clock stands in January 1970
    young = add_person(client, name="Kiryl Young", birth_date="1960-06-01")
    unknown = add_person(client, name="Nobody Knows")
    grown = add_person(client, name="Alena Grown", birth_date="1945-01-01")
    before = made.get("").json()["version"]
    refused = register(made, young["id"])
    assert refused.status_code == 409, refused.text
    ruling = refused.json()["ruling"]
    assert (ruling["profile"], ruling["rule"], ruling["key"]) == (
        "belarus-sport",
        "1.1",
        "minimum-age",
    )
    no_date = register(made, unknown["id"])
    assert no_date.status_code == 422
    assert no_date.json()["constraint"] == "birth-date"
    assert "1.1" in no_date.json()["message"]
    assert made.get("").json()["version"] == before
    assert register(made, grown["id"]).status_code == 200
    elsewhere = new_event(client, profile="tda-2022")
    assert register(elsewhere, unknown["id"]).status_code == 200


def test_anonymising_leaves_a_longer_name_that_begins_with_his_alone(client: TestClient) -> None:
    made = new_event(client)
    jan = add_person(client, name="Jan Nowak")
    other = add_person(client, name="Jan Nowakowski")
    for person in (jan, other):
        assert register(made, person["id"]).status_code == 200
    assert client.post(f"/people/{jan['id']}/anonymise", headers=bearer(SERVER)).status_code == 200
    log = made.get("/events").text
    assert "Jan Nowakowski" in log
    assert f"Player {jan['id']}" in log
    assert 'Jan Nowak"' not in log
