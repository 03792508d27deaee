"""Tokens handed out by the director, a player's short code and QR link, revocation; the demo
tournament that ``make run`` opens."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from tests.service.api_fixtures import (
    SERVER,
    Event,
    TestClient,
    bearer,
    build_app,
    client_for,
    event,
)

from floorman.service.api.demo import DEMO_NAME, demo_tournament
from floorman.service.api.tokens import qr_png


@pytest.fixture
def ours(tmp_path: Path) -> Iterator[Event]:
    with client_for(tmp_path) as client:
        yield event(client, 6)


@pytest.mark.parametrize(
    ("body", "status", "constraint"),
    [
        ({"role": "dealer"}, 422, "scope"),
        ({"role": "player"}, 422, "scope"),
        ({"role": "floor", "table": 1}, 422, "scope"),
        ({"role": "display", "entry": "e1"}, 422, "scope"),
        ({"role": "player", "entry": "e99"}, 404, None),
        ({"role": "croupier"}, 422, "request"),
    ],
)
def test_a_token_needs_the_scope_of_its_role(
    ours: Event, body: dict[str, object], status: int, constraint: str | None
) -> None:
    refused = ours.post("/tokens", json=body)
    assert refused.status_code == status
    assert refused.json().get("constraint") == constraint


def test_tokens_are_listed_without_their_secret_and_revoked_ones_refused(ours: Event) -> None:
    made = ours.post("/tokens", json={"role": "floor", "label": "Anna"}).json()
    listed = ours.get("/tokens").json()
    mine = next(t for t in listed if t["id"] == made["id"])
    assert mine == {**mine, "role": "floor", "label": "Anna", "revoked": False}
    assert made["token"] not in str(listed)
    floor = bearer(made["token"])
    view = ours.client.get(f"/tournaments/{ours.id}/views/director", headers=floor)
    assert view.status_code == 200
    assert (
        ours.client.delete(
            f"/tournaments/{ours.id}/tokens/{made['id']}", headers=ours.headers("director")
        ).status_code
        == 204
    )
    after = ours.client.get(f"/tournaments/{ours.id}/views/director", headers=floor)
    assert after.status_code == 401
    assert (
        ours.client.delete(
            f"/tournaments/{ours.id}/tokens/999", headers=ours.headers("director")
        ).status_code
        == 404
    )


def test_a_player_joins_with_his_code_in_any_case(ours: Event) -> None:
    made = ours.post("/tokens", json={"role": "player", "entry": "e3"}).json()
    code = made["code"]
    assert len(code) == 8
    assert urlsplit(made["join_url"]).path == f"/join/{code}"
    joined = ours.client.get(f"/join/{code.lower()}")
    assert joined.status_code == 200
    answer = joined.json()
    assert (answer["tournament"], answer["entry"], answer["name"]) == (ours.id, "e3", "Player 3")
    assert answer["table"] is not None
    own = ours.client.get(urlsplit(answer["links"]["view"]).path, headers=bearer(answer["token"]))
    assert own.status_code == 200
    assert own.json()["view"]["entry"]["entry"] == "e3"
    assert ours.client.get("/join/ZZZZZZZZ").status_code == 404
    floor = ours.post("/tokens", json={"role": "floor"}).json()
    assert ours.client.get(f"/join/{floor['token']}").status_code == 404  # only players join


def test_the_qr_code_is_a_png_of_the_join_link(ours: Event) -> None:
    made = ours.post("/tokens", json={"role": "player", "entry": "e2"}).json()
    image = ours.client.get(urlsplit(made["qr_url"]).path)
    assert image.status_code == 200
    assert image.headers["content-type"] == "image/png"
    assert image.content.startswith(b"\x89PNG\r\n\x1a\n")
    assert image.content == qr_png(made["join_url"])
    ours.client.delete(
        f"/tournaments/{ours.id}/tokens/{made['id']}", headers=ours.headers("director")
    )
    assert ours.client.get(urlsplit(made["qr_url"]).path).status_code == 404


def test_the_demo_tournament_is_dealt_online_and_its_links_open(tmp_path: Path) -> None:
    app, service = build_app(tmp_path)
    with TestClient(app) as client:
        ctx = app.state.floorman
        demo = demo_tournament(ctx)
        again = demo_tournament(ctx)
        assert again.tournament == demo.tournament
        assert [t.name for t in service.list_tournaments()] == [DEMO_NAME]
        links = dict(demo.links)
        director = bearer(demo.director_token)
        for what in ("big-screen clock (page)", "director's console (page)"):
            url = urlsplit(links[what])  # a page's link carries its token
            assert "token=" in url.query
            assert client.get(f"{url.path}?{url.query}").status_code == 200
        for what in ("clock (public view)", "director's view", "dealer of table 1"):
            url = urlsplit(links[what])  # an API link never does: the token goes in the header
            assert not url.query
            assert client.get(url.path, headers=director).status_code == 200
        hand = client.get(f"/tournaments/{demo.tournament}/tables/1/hand", headers=director)
        assert hand.status_code == 200
        joined = next(v for k, v in links.items() if k.endswith("(join link)"))
        assert client.get(urlsplit(joined).path).status_code == 200
        assert client.get("/tournaments", headers=bearer(SERVER)).status_code == 200
    service.store.close()
