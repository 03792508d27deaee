"""Records over HTTP, on SQLite and PostgreSQL: an event played online by bots through the API
to the end, exported as results, Belarus protocols, PHH and PokerStars text that PokerKit
reads; media types and file names; who may read what and when; refusals with their rule or
constraint; an undone bust-out in no result."""

from __future__ import annotations

import io
import itertools
import json
import random
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.records.test_hand_exports import _actions, _parsed, _same_actions, _short_big_blind
from tests.service.api_fixtures import Event, bearer, client_for, event

from floorman.io.phh import loads_all
from floorman.records.export_api import Exported
from floorman.records.hand_exports import phh_of
from floorman.service.api.routes_records import download
from floorman.service.core import TournamentService
from floorman.service.log_readers.stored_log import online_hands, read_log

PLAYERS = 8


def bot_action(options: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A steady bot: mostly checks and calls, raises the minimum now and then and seldom
    moves all in, so the event lasts some thirty hands over two tables."""
    roll = rng.random()
    if options["min_to"] is not None and roll < 0.04:
        return {"action": "raise", "to": options["max_to"]}
    if options["min_to"] is not None and roll < 0.2:
        return {"action": "raise", "to": options["min_to"]}
    if options["check"]:
        return {"action": "check"}
    return {"action": "call"} if roll < 0.6 else {"action": "fold"}


def play_to_the_end(ours: Event, seed: int = 2) -> None:
    """Bots act at the online tables until the event is over."""
    rng = random.Random(seed)
    tokens = {f"e{n}": ours.token("player", entry=f"e{n}") for n in range(1, PLAYERS + 1)}
    assert ours.post("/tables/1/deal").status_code == 200
    for _ in range(3_000):
        view = ours.get("/views/director").json()["view"]
        if view["public"]["finished"]:
            return
        table, hand = next((t, h) for t, h in view["hands"].items() if h is not None)
        seats = {s["seat"]: s["entry"] for s in ours.get(f"/tables/{table}/hand").json()["seats"]}
        answer = ours.client.post(
            f"/tournaments/{ours.id}/tables/{table}/actions",
            json=bot_action(hand["options"], rng),
            headers=bearer(tokens[seats[hand["actor"]]]),
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError("the event never ended")


@pytest.fixture
def finished(database_url: str, tmp_path: Path) -> Iterator[Event]:
    """An eight-player event on two tables played online through the API to its end, on
    each backend."""
    with client_for(tmp_path, url=database_url) as client:
        ours = event(client, PLAYERS, seats=6)
        play_to_the_end(ours)
        yield ours


def service_of(ours: Event) -> TournamentService:
    service: TournamentService = ours.client.app.state.floorman.service  # type: ignore[attr-defined]
    return service


def records(ours: Event, what: str, role: str = "director", **query: Any) -> Any:
    return ours.get(f"/records/{what}", role, params=query)


def test_scenario_an_event_played_online_is_exported_as_results_protocol_phh_and_pokerstars(
    finished: Event,
) -> None:
    standings = json.loads(records(finished, "results", format="json").content)["standings"]
    places = sorted(s["place"] for s in standings)
    covered = [p + i for p, tied in itertools.groupby(places) for i, _ in enumerate(tied)]
    assert covered == list(range(1, PLAYERS + 1))
    director = finished.get("/views/director").json()["view"]
    prizes = {e["entry"]: e["prize"] for e in director["entries"]}
    assert {s["entry"]: s["prize"] for s in standings} == prizes

    csv = records(finished, "results", role="display")  # published: the event is over
    assert csv.status_code == 200
    assert csv.headers["content-type"] == "text/csv; charset=utf-8"
    assert csv.headers["content-disposition"].startswith(
        'attachment; filename="api-test-results.csv"'
    )
    assert len(csv.text.splitlines()) == 1 + PLAYERS

    final = records(finished, "protocol", chief_judge="Иван Петров", secretary="Анна Смирнова")
    assert final.status_code == 200, final.text
    assert "Итоговый протокол" in final.text
    assert "Иван Петров" in final.text
    running = records(finished, "protocol", kind="running", secretary="A", format="pdf")
    assert running.headers["content-type"] == "application/pdf"
    assert running.content.startswith(b"%PDF")
    unsigned = records(finished, "protocol", secretary="A")
    assert unsigned.status_code == 422
    assert unsigned.json()["constraint"] == "officials"

    service = service_of(finished)
    log = read_log(service.store, finished.id)
    hands = online_hands(service.store, log)
    assert len(hands.hands) == log.hands_recorded >= 10  # every hand was dealt online
    phhs = records(finished, "hands", format="phh")
    assert phhs.headers["content-type"] == "application/toml"
    assert loads_all(phhs.text) == [phh_of(h, event=hands.event) for h in hands.hands]
    zipped = records(finished, "hands", format="phhs-zip")
    assert zipped.headers["content-type"] == "application/zip"
    assert 'filename="api-test-hands.phhs.zip"' in zipped.headers["content-disposition"]
    with zipfile.ZipFile(io.BytesIO(zipped.content)) as archive:
        assert archive.namelist() == [f"table-{n}.phhs" for n in hands.tables]
    assert len(hands.tables) == 2

    text = records(finished, "hands", format="pokerstars", tournament=7)
    assert text.headers["content-type"] == "text/plain; charset=utf-8"
    stars = text.text.split("\n\n\n")
    assert len(stars) == len(hands.hands)
    assert stars[0].startswith("PokerStars Hand #1: Tournament #7, 50+0 ")
    compared = [(t, h) for t, h in zip(stars, hands.hands, strict=True) if not _short_big_blind(h)]
    parsed = _parsed("\n\n\n".join(t for t, _ in compared))
    assert len(parsed) == len(compared)
    for history, (_, hand) in zip(parsed, compared, strict=True):
        ours = phh_of(hand)
        assert history.hand == hand.number
        assert list(history.players or ()) == list(ours.players or ())
        assert list(history.starting_stacks) == list(ours.starting_stacks)
        assert _same_actions(list(history.actions or ()), _actions(ours))
        final = list(history)[-1]  # PokerKit plays the hand and judges the showdown itself
        assert list(final.stacks) == list(ours.finishing_stacks or ())


def bust(ours: Event, table: int = 1) -> str:
    """Record a hand from a dealer's tablet in which the last player dealt in loses his stack
    to the first; returns the busted entry."""
    setup = ours.get(f"/tables/{table}/setup").json()["setup"]
    stacks = setup["config"]["stacks"]
    before = [[entry, stacks[seat]] for seat, entry in enumerate(setup["seats"]) if entry]
    (winner, won), (loser, lost) = before[0], before[-1]
    after = [[e, won + lost if e == winner else 0 if e == loser else s] for e, s in before]
    body = {
        "level": setup["level"],
        "positions": setup["positions"],
        "stacks_before": before,
        "stacks_after": after,
        "eliminated_by": {loser: [winner]},
    }
    answer = ours.post(f"/tables/{table}/hands", json=body)
    assert answer.status_code == 200, answer.text
    busted: str = loser
    return busted


@pytest.fixture
def running(database_url: str, tmp_path: Path) -> Iterator[Event]:
    """An eight-player event under way, on each backend."""
    with client_for(tmp_path, url=database_url) as client:
        yield event(client, PLAYERS, seats=PLAYERS)


def places(ours: Event) -> dict[str, int | None]:
    results = json.loads(records(ours, "results", format="json").content)
    return {s["entry"]: s["place"] for s in results["standings"]}


def test_an_undone_bust_out_is_in_no_result(running: Event) -> None:
    busted = bust(running)
    assert places(running)[busted] == PLAYERS
    undone = running.post("/undo", json={"count": 1, "reason": "wrong pot"})
    assert undone.status_code == 200, undone.text
    assert set(places(running).values()) == {None}


@pytest.mark.rules("belarus-sport 2.3.3")
def test_belarus_2_3_3_no_final_protocol_while_the_event_runs(running: Event) -> None:
    final = records(running, "protocol", chief_judge="A", secretary="B")
    assert final.status_code == 409
    ruling = final.json()["ruling"]
    assert (ruling["profile"], ruling["rule"], ruling["key"]) == (
        "belarus-sport",
        "2.3.3",
        "protocol-final",
    )
    running_protocol = records(running, "protocol", kind="running", secretary="B")
    assert running_protocol.status_code == 200
    assert "Протокол соревнований" in running_protocol.text


def test_results_are_the_staffs_until_the_event_is_over(running: Event) -> None:
    for role in ("display", "player", "dealer"):
        early = records(running, "results", role=role)
        assert early.status_code == 409
        assert early.json()["constraint"] == "results-unpublished"
    assert records(running, "results", role="floor").status_code == 200
    for role in ("display", "player", "dealer"):
        assert records(running, "hands", role=role).status_code == 403
        assert records(running, "protocol", role=role, kind="running").status_code == 403


def test_records_refusals_name_their_constraint(running: Event) -> None:
    refusals = {
        ("results", "format", "docx"): "format",
        ("results", "format", "phh"): "format",
        ("hands", "format", "csv"): "format",
        ("results", "lang", "de"): "lang",
        ("protocol", "lang", "xx"): "lang",
    }
    for (what, name, value), constraint in refusals.items():
        query = {name: value, "kind": "running"} if what == "protocol" else {name: value}
        answer = records(running, what, **query)
        assert answer.status_code == 422, (what, value)
        assert answer.json()["constraint"] == constraint
    unknown = running.client.get("/tournaments/t-nothing/records/results", headers=bearer("x"))
    assert unknown.status_code == 401
    server = running.client.get(
        "/tournaments/t-nothing/records/results", headers=running.headers("server")
    )
    assert server.status_code == 404


def test_a_non_ascii_event_name_is_a_utf8_file_name() -> None:
    exported = Exported(content=b"x", media_type="text/csv", filename="кубок-results.csv")
    disposition = download(exported).headers["content-disposition"]
    assert disposition == (
        'attachment; filename="_____-results.csv"; '
        "filename*=UTF-8''%D0%BA%D1%83%D0%B1%D0%BE%D0%BA-results.csv"
    )
