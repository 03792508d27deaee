"""League seasons over HTTP: a season made, two finished events added, standings and who
qualifies; refusals (bad formula, unfinished event, unknown tier); roles; the public page's
data without a token and without private data."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from tests.cli.test_cli import run
from tests.records.sim_data import simulated
from tests.service.api_fixtures import SERVER, Event, TestClient, bearer, client_for, event

from floorman.records.exports import results_as_dict
from floorman.records.results import results_from_events


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as made:
        yield made


@pytest.fixture
def on_each_backend(database_url: str, tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path, url=database_url) as made:
        yield made


def finished_event(client: TestClient, order: tuple[int, int, int]) -> Event:
    """Three players; the first two of ``order`` bust in turn, the third wins."""
    made = event(client, 3)
    first, second, winner = (f"e{n}" for n in order)
    for out in (first, second):
        answer = made.post("/commands/bust", json={"entry": out, "by": [winner]})
        assert answer.status_code == 200, answer.text
    assert made.state()["view"]["public"]["finished"]
    return made


def post(client: TestClient, path: str, body: dict[str, object]) -> object:
    return client.post(path, json=body, headers=bearer(SERVER))


def test_a_season_with_two_finished_events_ranks_and_qualifies(
    on_each_backend: TestClient,
) -> None:
    client = on_each_backend
    made = client.post(
        "/leagues",
        json={"name": "Autumn 2026", "points": "linear", "qualify": 1, "final": "Regional final"},
        headers=bearer(SERVER),
    )
    assert made.status_code == 201, made.text
    season = made.json()["id"]
    one = finished_event(client, (1, 2, 3))  # Player 3 wins, Player 2 second
    two = finished_event(client, (2, 1, 3))  # Player 3 wins again, Player 1 second
    for ours in (one, two):
        added = client.post(
            f"/leagues/{season}/events",
            json={"tournament": ours.id, "venue": "Le Comptoir"},
            headers=bearer(SERVER),
        )
        assert added.status_code == 201, added.text
    page = client.get(f"/leagues/{season}", headers=bearer(SERVER)).json()
    assert [e["tournament"] for e in page["events"]] == [one.id, two.id]
    assert page["events"][0]["name"] == "API test"
    table = {row["player"]: row for row in page["standings"]}
    assert table["Player 3"]["points"] == 6  # linear: 3 - 1 + 1, twice
    assert table["Player 3"]["rank"] == 1
    assert table["Player 3"]["qualified"]
    assert table["Player 1"]["points"] == table["Player 2"]["points"] == 3
    assert not table["Player 1"]["qualified"]
    public = client.get(f"/public/leagues/{season}")  # no token
    assert public.status_code == 200
    data = public.json()
    assert data["final"] == "Regional final"
    assert data["standings"][0] == {
        "rank": 1,
        "name": "Player 3",
        "points": 6,
        "events": 2,
        "wins": 2,
        "qualified": True,
    }
    assert "player" not in str(data["standings"]).replace("Player", "")
    qr = client.get(f"/public/leagues/{season}/qr.png")
    assert qr.headers["content-type"] == "image/png"
    listed = client.get("/leagues", headers=one.headers("director")).json()
    assert [s["id"] for s in listed["seasons"]] == [season]
    assert "bar-league" in [p["name"] for p in listed["presets"]]


def test_refusals_name_their_constraint_and_change_nothing(client: TestClient) -> None:
    bad = client.post("/leagues", json={"name": "X", "points": "place +"}, headers=bearer(SERVER))
    assert bad.status_code == 422
    assert client.get("/leagues", headers=bearer(SERVER)).json()["seasons"] == []
    season = client.post("/leagues", json={"name": "Y"}, headers=bearer(SERVER)).json()["id"]
    running = event(client, 3)
    late = post(client, f"/leagues/{season}/events", {"tournament": running.id})
    assert late.status_code == 422  # type: ignore[attr-defined]
    assert late.json()["constraint"] == "event-unfinished"  # type: ignore[attr-defined]
    tier = post(client, f"/leagues/{season}/events", {"tournament": running.id, "tier": "x"})
    assert tier.json()["constraint"] == "league-tier"  # type: ignore[attr-defined]
    missing = post(client, f"/leagues/{season}/events", {"tournament": "nothing"})
    assert missing.status_code == 404  # type: ignore[attr-defined]
    assert client.get(f"/leagues/{season}", headers=bearer(SERVER)).json()["events"] == []
    assert client.get("/public/leagues/nothing").status_code == 404


def test_only_directors_manage_seasons(client: TestClient) -> None:
    ours = event(client, 3)
    for role in ("floor", "dealer", "player", "display"):
        assert client.get("/leagues", headers=ours.headers(role)).status_code == 403
        answer = client.post("/leagues", json={"name": "Z"}, headers=ours.headers(role))
        assert answer.status_code == 403
    assert client.get("/leagues").status_code == 401


def test_floorman_league_reads_the_stored_season_and_its_toml_export(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = {"name": "Winter", "points": "linear", "qualify": 1, "final": "National final"}
    season = client.post("/leagues", json=body, headers=bearer(SERVER)).json()["id"]
    ids = []
    for order in ((1, 2, 3), (2, 1, 3)):
        ours = finished_event(client, order)
        ids.append(ours.id)
        answer = post(client, f"/leagues/{season}/events", {"tournament": ours.id})
        assert answer.status_code == 201  # type: ignore[attr-defined]
    db = f"sqlite:///{tmp_path / 'api.db'}"
    code, out, _ = run(capsys, "league", "standings", "--db", db, season, "-f", "json")
    assert code == 0, out
    stored = json.loads(out)["standings"]
    assert (stored[0]["player"], stored[0]["points"]) == ("Player 3", 6)
    code, out, _ = run(capsys, "league", "qualified", "--db", db, season)
    assert out.split("\t")[1] == "Player 3"
    code, out, _ = run(capsys, "league", "player", "--db", db, season, "Player 1", "-f", "html")
    assert code == 0
    assert all(tournament in out for tournament in ids)  # his two events
    league = tmp_path / "export" / "league.toml"
    league.parent.mkdir()
    code, out, _ = run(capsys, "league", "export-toml", season, "--db", db, "-o", str(league))
    assert code == 0, out
    assert 'final = "National final"' in league.read_text(encoding="utf-8")
    code, out, _ = run(capsys, "league", "standings", str(league), "-f", "json")
    assert (
        json.loads(out)["standings"]
        == json.loads(run(capsys, "league", "standings", "--db", db, season, "-f", "json")[1])[
            "standings"
        ]
    )
    code, _, err = run(capsys, "league", "standings", "--db", db, "season-nothing")
    assert code == 2
    assert "season-nothing" in err


def test_a_results_file_joins_a_season_with_its_rules_tier(client: TestClient) -> None:
    """A regional final run elsewhere, brought as its exported results: its tier comes from
    its RedCactus preset, and it ranks the season that sends players to the National Final."""
    results = results_from_events(simulated(8, 1, antes=False).events)
    final = replace(results, profile="redcactus", ruleset="redcactus/regional-final")
    body = {"name": "Regional finals", "qualify": 2, "final": "National final"}
    season = client.post("/leagues", json=body, headers=bearer(SERVER)).json()["id"]
    added = post(client, f"/leagues/{season}/events", {"results": results_as_dict(final)})
    assert added.status_code == 201, added.text  # type: ignore[attr-defined]
    assert added.json()["tier"] == "regional-final"  # type: ignore[attr-defined]
    assert added.json()["id"] == final.name  # type: ignore[attr-defined]
    again = post(client, f"/leagues/{season}/events", {"results": results_as_dict(final)})
    assert again.json()["constraint"] == "league-event"  # type: ignore[attr-defined]
    broken = post(client, f"/leagues/{season}/events", {"id": "x", "results": {"name": 3}})
    assert broken.status_code == 422  # type: ignore[attr-defined]
    public = client.get(f"/public/leagues/{season}").json()
    assert public["events"] == 1
    assert [r["name"] for r in public["standings"] if r["qualified"]] == [
        s.name for s in final.standings[:2]
    ]


def test_results_of_the_wrong_shape_are_refused_before_they_are_kept(client: TestClient) -> None:
    season = client.post("/leagues", json={"name": "S"}, headers=bearer(SERVER)).json()["id"]
    results = results_as_dict(results_from_events(simulated(8, 1, antes=False).events))
    wrong = {**results, "standings": [{**results["standings"][0], "place": "first"}]}
    for body in (wrong, {**results, "name": 3}, {"name": "x", "standings": [1]}):
        answer = post(client, f"/leagues/{season}/events", {"id": "e", "results": body})
        assert answer.status_code == 422, answer.text  # type: ignore[attr-defined]
        assert answer.json()["constraint"] == "results-json"  # type: ignore[attr-defined]
    assert client.get(f"/leagues/{season}", headers=bearer(SERVER)).status_code == 200
    assert client.get(f"/public/leagues/{season}").json()["events"] == 0
