"""Views over HTTP: the player's view names the table of the hand he is dealt in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import Event, bearer, client_for, event
from tests.service.test_api_records import bust


@pytest.fixture
def two_tables(tmp_path: Path) -> Iterator[Event]:
    """Twelve players at two tables of six, table 1 dealt online."""
    with client_for(tmp_path) as client:
        ours = event(client, 12)
        assert ours.post("/tables/1/deal").status_code == 200
        yield ours


def player_view(ours: Event, entry: str) -> dict[str, Any]:
    token = ours.token("player", entry=entry)
    answer = ours.client.get(f"/tournaments/{ours.id}/views/me", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()["view"]
    return view


def test_a_player_moved_during_his_online_hand_is_told_the_table_of_that_hand(
    two_tables: Event,
) -> None:
    dealt = {s["entry"] for s in two_tables.get("/tables/1/hand").json()["seats"] if s["entry"]}
    bust(two_tables, 2)
    bust(two_tables, 2)  # six against four: balancing moves one player from table 1
    entries = two_tables.state()["view"]["entries"]
    moved = [e["entry"] for e in entries if e["entry"] in dealt and e["table"] == 2]
    assert len(moved) == 1
    view = player_view(two_tables, moved[0])
    assert view["table"]["table"] == 2
    assert view["hand"] is not None
    assert view["hand_table"] == 1
    stayed = next(e for e in sorted(dealt) if e != moved[0])
    assert player_view(two_tables, stayed)["hand_table"] == 1


def test_a_player_without_a_hand_has_no_hand_table(two_tables: Event) -> None:
    seated = {s["entry"] for s in two_tables.get("/tables/1/hand").json()["seats"]}
    other = next(f"e{n}" for n in range(1, 13) if f"e{n}" not in seated)
    view = player_view(two_tables, other)
    assert (view["hand"], view["hand_table"]) == (None, None)
