"""The console's reads of the floor and the desk (``/console/floor``) and of the rulebook's
catalogue (``/console/rules``), following the director's new commands through the API."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import Event, client_for, event


@pytest.fixture(scope="module")
def two_tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Event]:
    path: Path = tmp_path_factory.mktemp("console-floor")
    with client_for(path) as client:
        yield event(client, 12, seats=6)


def floor(made: Event, role: str = "director") -> dict[str, Any]:
    answer = made.get("/console/floor", role)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def command(made: Event, name: str, **fields: Any) -> None:
    answer = made.post(f"/commands/{name}", json=fields)
    assert answer.status_code == 200, answer.text


@pytest.mark.rules("tda-2022 R11-C")
def test_tda_r11c_the_console_reads_the_balancing_mode_it_set(two_tables: Event) -> None:
    assert floor(two_tables)["balancing"] == "automatic"
    command(two_tables, "set-balancing", mode="director")
    assert floor(two_tables, "floor")["balancing"] == "director"
    command(two_tables, "set-balancing", mode="automatic")
    assert floor(two_tables)["balancing"] == "automatic"


def test_the_console_reads_hand_for_hand_called_street_by_street(two_tables: Event) -> None:
    command(two_tables, "call-hand-for-hand", street_by_street=True)
    called = floor(two_tables)
    assert called["hand_for_hand"] is True
    assert called["called"] is True
    assert called["street_by_street"] is True
    assert called["held"] == []
    command(two_tables, "end-hand-for-hand")
    assert floor(two_tables)["hand_for_hand"] is False


def test_the_console_reads_the_desk(two_tables: Event) -> None:
    before = floor(two_tables)
    assert before["registration_open"] is True
    assert before["table_size"] == 6
    assert before["reentry"] is True  # TDA allows re-entry
    command(two_tables, "set-registration", open=False)
    command(two_tables, "check-id", player="p3", document="passport")
    after = floor(two_tables)
    assert after["registration_open"] is False
    assert after["id_checked"] == ["p3"]


def test_a_dealer_may_not_read_the_console(two_tables: Event) -> None:
    assert two_tables.get("/console/floor", "dealer").status_code == 403
    assert two_tables.get("/console/rules", "player").status_code == 403


@pytest.mark.rules("tda-2022 R29")
def test_the_rule_picker_lists_the_rulebook_catalogue_in_the_language(two_tables: Event) -> None:
    english = two_tables.get("/console/rules?lang=en").json()
    russian = two_tables.get("/console/rules?lang=ru").json()
    assert english["profile"] == "tda-2022"
    ids = [rule["id"] for rule in english["rules"]]
    assert "R29" in ids
    clock = next(rule for rule in russian["rules"] if rule["id"] == "R29")
    assert clock["summary"] != next(r for r in english["rules"] if r["id"] == "R29")["summary"]
    assert two_tables.get("/console/rules?lang=xx").status_code == 422
