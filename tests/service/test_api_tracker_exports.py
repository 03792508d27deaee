"""A server-dealt event's hands, fetched from the records route, read by hand trackers'
parsers: PokerStars text by pokerdf and poker 0.30, Open Hand History checked by ohh-pydantic
and the spec's JSON schema; every hand as floorman recorded it."""

from __future__ import annotations

import json
from collections.abc import Iterator

import jsonschema
import pytest
from tests.records.test_ohh_export import _SCHEMA, _valid_for_ohh_pydantic
from tests.records.test_pokerstars_readers import check_poker_reads, check_pokerdf_reads
from tests.records.test_tournament_summaries import _SCHEMA as _OTS_SCHEMA
from tests.service.api_fixtures import SERVER, STRUCTURE, Event, bearer, client_for
from tests.service.test_api_records import play_to_the_end, service_of

from floorman.records.pokerstars_text import StarsHeader
from floorman.service.log_readers.stored_log import online_hands, read_log

NAMES = ("Ada", "Bruno", "Chen", "Dana", "Emil", "Fatou", "Gus", "Hana")
"""Plain names: poker 0.30 cuts a name at its first space on a "collected" line."""


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Event]:
    """Eight players on two tables, a $10+$1 buy-in, played online by bots to the end."""
    folder = tmp_path_factory.mktemp("tracker-api")
    with client_for(folder, url=f"sqlite:///{folder / 'floorman.db'}") as client:
        body = {
            "name": "Tracker test",
            "structure": STRUCTURE,
            "seats_per_table": 6,
            "buy_in": 1_000,
            "fee": 100,
        }
        created = client.post("/tournaments", json=body, headers=bearer(SERVER))
        assert created.status_code == 201, created.text
        made = Event(client=client, id=created.json()["tournament"])
        made.tokens["director"] = created.json()["director"]["token"]
        for number, name in enumerate(NAMES, 1):
            entry = {"player": f"p{number}", "name": name}
            assert made.post("/entries", json=entry).status_code == 200
        assert made.post("/start").status_code == 200
        made.tokens["display"] = made.token("display")
        play_to_the_end(made)
        yield made


def test_a_server_dealt_event_as_pokerstars_text_is_read_by_pokerdf_and_poker(
    played: Event,
) -> None:
    answer = played.get(
        "/records/hands",
        params={
            "format": "pokerstars",
            "tournament": 42,
            "zone": "Europe/Paris",
            "currency": "USD",
        },
    )
    assert answer.status_code == 200, answer.text
    service = service_of(played)
    hands = online_hands(service.store, read_log(service.store, played.id))
    assert len(hands.hands) >= 10
    header = StarsHeader(
        tournament=42, buy_in="$10.00+$1.00 USD", currency="USD", zone="Europe/Paris"
    )
    assert any(h.finishes for h in hands.hands)
    first = answer.text.splitlines()[0]
    assert first.startswith("PokerStars Hand #1: Tournament #42, $10.00+$1.00 USD Hold'em")
    assert " CET [" in first
    check_pokerdf_reads(hands, answer.text, header)
    check_poker_reads(hands, answer.text, header, ("10.00", "1.00", "USD"))


def test_a_server_dealt_event_as_open_hand_history_passes_the_schema_and_ohh_pydantic(
    played: Event,
) -> None:
    answer = played.get("/records/hands", params={"format": "ohh", "currency": "USD"})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/json"
    assert 'filename="tracker-test-hands.ohh"' in answer.headers["content-disposition"]
    objects = [json.loads(chunk) for chunk in answer.text.strip().split("\n\n")]
    service = service_of(played)
    hands = online_hands(service.store, read_log(service.store, played.id))
    assert len(objects) == len(hands.hands)
    for obj, hand in zip(objects, hands.hands, strict=True):
        jsonschema.validate(obj, _SCHEMA)
        model = _valid_for_ohh_pydantic(obj["ohh"])
        assert model.game_number == f"1-{hand.number}"
        assert model.tournament_info is not None
        assert str(model.tournament_info.buyin_amount) == "10.0"
        assert model.tournament_info.currency == "USD"
        assert [p.name for p in model.players] == [hand.players[s] for s in hand.config.occupied]


def test_the_hands_route_refuses_an_unknown_time_zone(played: Event) -> None:
    answer = played.get("/records/hands", params={"format": "pokerstars", "zone": "Nowhere/X"})
    assert answer.status_code == 422
    assert answer.json()["constraint"] == "time-zone"


def test_the_summary_route_answers_ots_and_pokerstars_for_staff_only(played: Event) -> None:
    ots = played.get("/records/summary", params={"format": "ots", "currency": "USD"})
    assert ots.status_code == 200, ots.text
    document = json.loads(ots.content)
    jsonschema.validate(document, _OTS_SCHEMA)
    finishes = document["ots"]["tournament_finishes_and_winnings"]
    assert sorted(f["player_name"] for f in finishes) == sorted(NAMES)
    assert finishes[0]["finish_position"] == 1
    assert document["ots"]["buyin_amount"] == 10.0
    stars = played.get(
        "/records/summary", params={"format": "pokerstars", "tournament": 42, "currency": "USD"}
    )
    assert stars.status_code == 200
    assert stars.text.startswith("PokerStars Tournament #42, No Limit Hold'em\n")
    assert "Buy-In: $10.00/$1.00 USD" in stars.text
    assert played.get("/records/summary", "display").status_code == 403
