"""Online tables: the server deals, players act with their tokens on the engine's legal options,
a finished hand is recorded through the tournament, and an open hand survives a restart."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import Event, bearer, client_for, event


@pytest.fixture
def online(tmp_path: Path) -> Iterator[Event]:
    with client_for(tmp_path) as client:
        ours = event(client, 6)
        dealt = ours.post("/tables/1/deal")
        assert dealt.status_code == 200, dealt.text
        yield ours


def seated(ours: Event, table: int = 1) -> dict[int, str]:
    """Seat -> entry of the hand at ``table``."""
    hand = ours.get(f"/tables/{table}/hand").json()
    return {s["seat"]: s["entry"] for s in hand["seats"] if s["entry"]}


def tokens_for(ours: Event, entries: list[str]) -> dict[str, str]:
    return {e: ours.token("player", entry=e) for e in entries}


def hand_view(ours: Event, token: str) -> dict[str, Any]:
    answer = ours.client.get(
        f"/tournaments/{ours.id}/tables/1/hand", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()["view"]
    return view


def act(ours: Event, token: str, body: dict[str, Any], **headers: str) -> Any:
    return ours.client.post(
        f"/tournaments/{ours.id}/tables/1/actions",
        json=body,
        headers={"Authorization": f"Bearer {token}", **headers},
    )


def passive(view: dict[str, Any]) -> dict[str, Any]:
    """Check when allowed, else call: a hand that always reaches the showdown."""
    options = view["options"]
    return {"action": "check"} if options["check"] else {"action": "call"}


def test_each_player_sees_his_own_cards_and_the_director_all(online: Event) -> None:
    seats = seated(online)
    tokens = tokens_for(online, list(seats.values()))
    for seat, entry in seats.items():
        view = hand_view(online, tokens[entry])
        for line in view["seats"]:
            cards = line["cards"]
            if line["seat"] == seat:
                assert len(cards) == 2
                assert None not in cards
            else:
                assert all(card is None for card in cards)
    everything = online.get("/tables/1/hand").json()["view"]
    assert all(None not in s["cards"] for s in everything["seats"] if s["in_hand"])
    dealer = online.get("/tables/1/hand", role="dealer").json()["view"]
    assert all(card is None for s in dealer["seats"] for card in s["cards"])


def test_acting_out_of_turn_is_refused_with_the_ruling(online: Event) -> None:
    seats = seated(online)
    view = online.get("/tables/1/hand").json()["view"]
    waiting = next(e for s, e in seats.items() if s != view["actor"])
    refused = act(online, online.token("player", entry=waiting), {"action": "fold"})
    assert refused.status_code == 409
    assert refused.json()["ruling"]["profile"] == "tda-2022"
    assert refused.json()["ruling"]["rule"]


def test_an_illegal_raise_is_refused_with_its_rule_and_a_bad_body_with_422(online: Event) -> None:
    seats = seated(online)
    view = online.get("/tables/1/hand").json()["view"]
    token = online.token("player", entry=seats[view["actor"]])
    too_small = act(online, token, {"action": "raise", "to": view["options"]["min_to"] - 1})
    assert too_small.status_code == 409
    assert too_small.json()["ruling"]["rule"]
    unreadable = act(online, token, {"action": "dance"})
    assert unreadable.status_code == 422
    assert unreadable.json()["constraint"] == "action"
    no_amount = act(online, token, {"action": "raise"})
    assert no_amount.status_code == 422
    assert no_amount.json()["constraint"] == "amount"


def play_out(ours: Event, tokens: dict[str, str]) -> int:
    """Every actor checks or calls until the hand at table 1 is recorded; returns actions."""
    seats = seated(ours)
    hand = ours.get("/tables/1/hand").json()["hand"]
    for count in range(1, 200):
        view = ours.get("/tables/1/hand").json()
        if view.get("hand") != hand:
            return count - 1
        actor = view["view"]["actor"]
        answer = act(ours, tokens[seats[actor]], passive(view["view"]))
        assert answer.status_code == 200, answer.text
    raise AssertionError("the hand never ended")


def test_a_finished_hand_is_recorded_and_the_next_one_dealt(online: Event) -> None:
    seats = seated(online)
    tokens = tokens_for(online, list(seats.values()))
    before = online.get("").json()["version"]
    actions = play_out(online, tokens)
    assert actions >= len(seats)
    log = online.get("/events", params={"after": before}).json()
    assert log[0]["kind"] == "hand-played"
    played = log[0]["data"]
    assert sum(s for _, s in played["stacks_after"]) == sum(s for _, s in played["stacks_before"])
    assert online.get("/tables/1/hand").status_code == 200  # the next hand is on


def test_a_retried_action_is_applied_once(online: Event) -> None:
    seats = seated(online)
    view = online.get("/tables/1/hand").json()["view"]
    token = online.token("player", entry=seats[view["actor"]])
    key = {"Idempotency-Key": "first-action"}
    first = act(online, token, passive(view), **key)
    again = act(online, token, passive(view), **key)
    assert first.status_code == again.status_code == 200
    assert again.json()["events"] == first.json()["events"]
    assert online.get("/tables/1/hand").json()["view"]["actor"] != view["actor"]


def test_an_open_hand_survives_a_restart(tmp_path: Path) -> None:
    with client_for(tmp_path) as client:
        ours = event(client, 6)
        ours.post("/tables/1/deal")
        seats = seated(ours)
        tokens = tokens_for(ours, list(seats.values()))
        first = ours.get("/tables/1/hand").json()
        act(ours, tokens[seats[first["view"]["actor"]]], passive(first["view"]))
        before = ours.get("/tables/1/hand").json()
    with client_for(tmp_path) as client:
        again = Event(client=client, id=ours.id, tokens=ours.tokens)
        after = again.get("/tables/1/hand").json()
        assert after["hand"] == before["hand"]
        assert after["view"] == before["view"]
        assert play_out(again, tokens) >= 1


def bot_action(options: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A loose bot: all in often, so that players go out and tables balance and break."""
    roll = rng.random()
    if options["min_to"] is not None and roll < 0.3:
        return {"action": "raise", "to": options["max_to"]}
    if options["check"]:
        return {"action": "check"}
    return {"action": "call"} if roll < 0.75 else {"action": "fold"}


def test_bots_play_a_three_table_event_to_the_end_through_the_api(tmp_path: Path) -> None:
    rng = random.Random(5)
    with client_for(tmp_path) as client:
        ours = event(client, 18, seats=6)
        tokens = tokens_for(ours, [f"e{n}" for n in range(1, 19)])
        ours.post("/tables/1/deal")
        for _ in range(2_000):
            view = ours.get("/views/director").json()["view"]
            if view["public"]["finished"]:
                break
            table, hand = next((t, h) for t, h in view["hands"].items() if h is not None)
            seats = {
                s["seat"]: s["entry"] for s in ours.get(f"/tables/{table}/hand").json()["seats"]
            }
            body = bot_action(hand["options"], rng)
            answer = client.post(
                f"/tournaments/{ours.id}/tables/{table}/actions",
                json=body,
                headers=bearer(tokens[seats[hand["actor"]]]),
            )
            assert answer.status_code == 200, answer.text
        final = ours.get("/views/director").json()["view"]
        service = client.app.state.floorman.service  # type: ignore[attr-defined]
        closings = [service.store.read(s.id)[-1] for s in service.store.streams("online-hand")]
    assert final["public"]["finished"]
    places = sorted(e["place"] for e in final["entries"])
    covered = [p + i for p, tied in itertools.groupby(places) for i, _ in enumerate(tied)]
    assert covered == list(range(1, 19))  # players out in the same hand may share a place
    assert sum(e["prize"] for e in final["entries"]) == final["public"]["money"]["pool"]
    assert all(c.data["outcome"] == "recorded" for c in closings)
    kinds = [e["kind"] for e in ours.get("/events", params={"limit": 10_000}).json()]
    assert kinds.count("hand-played") == len(closings)
    assert "player-moved" in kinds
    assert "table-broken" in kinds


def test_an_action_answers_event_kinds_and_the_players_view_never_the_burns(
    online: Event,
) -> None:
    seats = seated(online)
    tokens = tokens_for(online, list(seats.values()))
    for _ in range(20):
        view = online.get("/tables/1/hand").json()["view"]
        answer = act(online, tokens[seats[view["actor"]]], passive(view)).json()
        assert all(isinstance(kind, str) for kind in answer["events"])
        if "board-dealt" in answer["events"]:
            assert answer["next"]["view"]["burns"]
            assert all(card is None for card in answer["next"]["view"]["burns"])
            return
    raise AssertionError("no street was dealt in twenty actions")


@pytest.mark.rules("tda-2022 R30")
def test_tda_r30_an_absent_players_hand_is_killed_at_the_end_of_the_deal(tmp_path: Path) -> None:
    """A server-dealt table deals the absent player in, takes his forced bets, and kills his
    hand once the deal is complete: he never acts, and the hand is recorded without him."""
    with client_for(tmp_path) as client:
        ours = event(client, 6)
        absent = ours.post("/commands/mark-absent", json={"entry": "e3"})
        assert absent.status_code == 200, absent.text
        dealt = ours.post("/tables/1/deal")
        assert dealt.status_code == 200, dealt.text
        seats = seated(ours)
        dead_seat = next(s for s, e in seats.items() if e == "e3")
        view = ours.get("/tables/1/hand").json()["view"]
        line = next(s for s in view["seats"] if s["seat"] == dead_seat)
        assert (line["in_hand"], line["folded"], len(line["cards"])) == (True, True, 2)
        assert view["actor"] != dead_seat
        tokens = tokens_for(ours, [e for e in seats.values() if e != "e3"])
        assert play_out(ours, tokens) >= 1
