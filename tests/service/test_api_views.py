"""Views over HTTP: the player's view names the table of the hand he is dealt in; a cached view
is taken again once its clock has run out; the answer is the JSON the feeds send."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import Event, bearer, client_for, event
from tests.service.play import FakeClock


@pytest.fixture
def two_tables(tmp_path: Path) -> Iterator[Event]:
    """Twelve players at two tables of six, table 1 dealt online."""
    with client_for(tmp_path) as client:
        ours = event(client, 12)
        assert ours.post("/tables/1/deal").status_code == 200
        yield ours


def bust(ours: Event, table: int) -> None:
    """The director's bust-out at a table the server does not deal (the server records the
    hands it deals itself, issue 20): the last player there loses his chips to the first."""
    seats = [e for e in ours.get(f"/tables/{table}/setup").json()["setup"]["seats"] if e]
    busted = ours.post("/commands/bust", json={"entry": seats[-1], "by": [seats[0]]})
    assert busted.status_code == 200, busted.text


def player_view(ours: Event, entry: str) -> dict[str, Any]:
    token = ours.token("player", entry=entry)
    answer = ours.client.get(f"/tournaments/{ours.id}/views/me", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()["view"]
    return view


@pytest.mark.rules("tda-2022 R11-A")
def test_a_balancing_move_from_a_table_mid_online_hand_waits_for_that_hand(
    two_tables: Event,
) -> None:
    dealt = {s["entry"] for s in two_tables.get("/tables/1/hand").json()["seats"] if s["entry"]}
    bust(two_tables, 2)
    bust(two_tables, 2)  # six against four: table 1 gives a player once its hand is over
    view = two_tables.state()["view"]
    assert not [e for e in view["entries"] if e["entry"] in dealt and e["table"] == 2]
    assert view["balancing"]["after_hand"] == [
        "after this hand at table 1: balancing: table 1 gives the player due the big blind "
        "next to table 2"
    ]
    line = next(t for t in view["tables"] if t["table"] == 1)
    assert line["in_hand"] is True
    assert line["after_hand"] == [
        "balancing: table 1 gives the player due the big blind next to table 2"
    ]


def test_a_player_moved_during_his_online_hand_is_told_the_table_of_that_hand(
    two_tables: Event,
) -> None:
    dealt = {s["entry"] for s in two_tables.get("/tables/1/hand").json()["seats"] if s["entry"]}
    mover = sorted(dealt)[0]
    free = next(
        seat
        for seat, entry in enumerate(two_tables.get("/tables/2/setup").json()["setup"]["seats"])
        if entry is None
    )
    body = {"entry": mover, "to_table": 2, "to_seat": free, "reason": "director"}
    moved = two_tables.post("/commands/move-player", json=body)  # the director's own move
    assert moved.status_code == 200, moved.text
    view = player_view(two_tables, mover)
    assert view["table"]["table"] == 2
    assert view["hand"] is not None
    assert view["hand_table"] == 1
    stayed = next(e for e in sorted(dealt) if e != mover)
    assert player_view(two_tables, stayed)["hand_table"] == 1


def test_a_player_without_a_hand_has_no_hand_table(two_tables: Event) -> None:
    seated = {s["entry"] for s in two_tables.get("/tables/1/hand").json()["seats"]}
    other = next(f"e{n}" for n in range(1, 13) if f"e{n}" not in seated)
    view = player_view(two_tables, other)
    assert (view["hand"], view["hand_table"]) == (None, None)


@pytest.fixture
def frozen(tmp_path: Path) -> Iterator[tuple[Event, FakeClock]]:
    """A started event over a clock that moves only when the test moves it."""
    clock = FakeClock(step=0.0)
    with client_for(tmp_path, clock=clock) as client:
        yield event(client, 6), clock


def test_a_cached_view_whose_level_has_ended_is_taken_again(
    frozen: tuple[Event, FakeClock],
) -> None:
    ours, clock = frozen
    first = ours.get("/views/public", "display").json()
    assert first["view"]["clock"]["level"]["level"] == 1
    clock.now += first["view"]["clock"]["remaining"] - 1
    assert ours.get("/views/public", "display").json()["at"] == first["at"]  # still cached
    clock.now += 2  # the level's time is up; no command was given
    second = ours.get("/views/public", "display").json()
    assert second["version"] == first["version"]
    assert second["view"]["clock"]["level"]["level"] == 2
    director = ours.get("/views/director").json()["view"]
    assert {t["next_hand_level"] for t in director["tables"]} == {2}


def test_a_paused_clock_keeps_its_cached_view(frozen: tuple[Event, FakeClock]) -> None:
    ours, clock = frozen
    assert ours.post("/clock/pause").status_code == 200
    first = ours.get("/views/public", "display").json()
    clock.now += 3 * 3600
    again = ours.get("/views/public", "display").json()
    assert again["at"] == first["at"]
    assert again["view"]["clock"]["status"] == "paused"


def test_the_http_view_is_the_json_the_feed_sends(frozen: tuple[Event, FakeClock]) -> None:
    ours, _ = frozen
    answer = ours.get("/views/public", "display")
    assert answer.headers["content-type"] == "application/json"
    with ours.client.websocket_connect(
        f"/ws/public/{ours.id}", headers=ours.headers("display")
    ) as screen:
        message = screen.receive_text()
    assert message == '{"type":"view",' + answer.text[1:]
