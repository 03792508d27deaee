"""Roles and scopes: every route of the app walked with every role; a role never acts outside its
scope (401 without a token, 403 outside the scope), and a route without a scope fails here."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocketDisconnect
from tests.service.api_fixtures import (
    SERVER,
    Event,
    TestClient,
    app_routes,
    bearer,
    client_for,
    event,
)

from floorman.errors import MalformedInputError
from floorman.service.api.guessing import GuessGuard
from floorman.service.api.roles import (
    ACCESS,
    COMMAND_ROLES,
    OPEN_ROUTES,
    AccessDenied,
    Grant,
    Reach,
    Role,
    Target,
    authorize,
    authorize_command,
    authorize_table,
    command_roles,
    new_token,
    token_hash,
)
from floorman.service.commands import COMMANDS

Route = APIRoute | WebSocketRoute


ROUTES = app_routes()
NARROW = (Reach.TABLE, Reach.ENTRY)
CALLERS = ("none", "server", "foreign", *(role.value for role in Role))


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Event, str]]:
    """One event for the whole walk (and a director token of another tournament)."""
    with client_for(tmp_path_factory.mktemp("walk")) as client:
        # the walk sends a hundred unknown codes from one address: time runs fast for the
        # guessing limits (test_join_limits tests them), so the route answers, not the limit
        client.app.state.floorman.guesses = GuessGuard(clock=itertools.count(0, 3600).__next__)
        ours = event(client, 12)
        other = event(client, 2, start=False)
        ours.post("/tables/1/deal")
        _player_table(ours)  # his table at the start, kept
        yield ours, other.tokens["director"]


def test_every_route_has_an_entry_in_the_scope_table() -> None:
    names = {r.name for r in ROUTES}
    missing = sorted(names - set(ACCESS) - OPEN_ROUTES)
    assert not missing, f"routes without a scope: {missing}"
    assert not set(ACCESS) - names, "scope entries for routes that do not exist"


def _path(route: Route, ours: Event, *, table: int, entry: str) -> str:
    values = {
        "tournament_id": ours.id,
        "table": table,
        "entry": entry,
        "name": "record-hand",  # one command of every role the route admits
        "token_id": 999_999,
        "code": "NOSUCHCD",
        "person_id": 999_999,
        "template_id": "shipped:daily",
        "hook": "nosuchhook",
        "season_id": "season-nothing",
    }
    path: str = route.path.format(**values)
    if route.name == "feed_player":
        path += f"?entry={entry}"  # staff name the player; a player's own is his token's
    return path


def _status(client: TestClient, route: Route, path: str, token: str | None) -> int:
    """The HTTP status (or the WebSocket refusal's) of calling ``route`` at ``path``."""
    if isinstance(route, WebSocketRoute):
        return _feed_status(client, path, token)
    assert isinstance(route, APIRoute)
    method = sorted((route.methods or set()) - {"HEAD"})[0]
    headers = {} if token is None else bearer(token)
    body: dict[str, object] | None = {} if method in ("POST", "PUT", "PATCH") else None
    response = client.request(method, path, headers=headers, json=body)
    assert response.status_code < 500, response.text
    status: int = response.status_code
    return status


def _feed_status(client: TestClient, path: str, token: str | None) -> int:
    with client.websocket_connect(path) as feed:
        feed.send_json({} if token is None else {"token": token})
        message = feed.receive_json()
        if message["type"] == "error":
            with pytest.raises(WebSocketDisconnect) as closed:
                feed.receive_json()
            assert closed.value.code == 4000 + message["status"]
            status: int = message["status"]
            return status
        assert message["type"] == "view"
        return 200


def _token(ours: Event, foreign: str, caller: str) -> str | None:
    if caller == "none":
        return None
    if caller == "foreign":
        return foreign
    return ours.tokens[caller]


def _player_table(ours: Event) -> tuple[int, bool]:
    """e1's table and whether he still sits there: once a route a director walked has busted
    him (the order depends on how pytest-xdist shares the routes out), his table when the walk
    began, where his token reaches nothing any more."""
    now = ours.get("/entries/e1/view").json()["view"]["entry"]["table"]
    if now is not None:
        PLAYER_TABLE.setdefault(ours.id, now)
        return int(now), True
    return PLAYER_TABLE[ours.id], False


PLAYER_TABLE: dict[str, int] = {}


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.name)
def test_route_refuses_every_caller_outside_its_scope(
    walked: tuple[Event, str], route: Route, caller: str
) -> None:
    ours, foreign = walked
    client = ours.client
    token = _token(ours, foreign, caller)
    own_table, seated = _player_table(ours) if caller == "player" else (1, True)
    status = _status(client, route, _path(route, ours, table=own_table, entry="e1"), token)
    if route.name in OPEN_ROUTES:
        assert status != 401
        return
    access = ACCESS[route.name]
    allowed = _allowed(caller, access.roles, access.reach)
    allowed = allowed and (seated or access.reach is not Reach.TABLE)
    if caller == "none":
        assert status == 401
    elif allowed:
        assert status not in (401, 403), f"{caller} refused its own scope"
    else:
        assert status == 403


def _allowed(caller: str, roles: frozenset[Role], reach: Reach) -> bool:
    if caller == "foreign":  # another event's director: he shares the club's players
        return reach is Reach.CLUB and Role.DIRECTOR in roles
    if caller == "none":
        return False
    if caller == "server":
        return Role.DIRECTOR in roles
    return reach is not Reach.SERVER and Role(caller) in roles


NARROWED = [r for r in ROUTES if r.name in ACCESS and ACCESS[r.name].reach in NARROW]


@pytest.mark.parametrize("route", NARROWED, ids=lambda r: r.name)
@pytest.mark.parametrize("caller", ["dealer", "player"])
def test_dealer_and_player_are_refused_at_another_table_or_entry(
    walked: tuple[Event, str], route: Route, caller: str
) -> None:
    ours, _ = walked
    access = ACCESS[route.name]
    if Role(caller) not in access.roles:
        return  # refused for the role already (the walk above)
    own = _player_table(ours)[0] if caller == "player" else 1
    other_table = 2 if own == 1 else 1
    path = _path(route, ours, table=other_table, entry="e2")
    assert _status(ours.client, route, path, ours.tokens[caller]) == 403


ELSEWHERE = {
    "table": 2,
    "level": 1,
    "positions": {"button": 0, "small_blind": 1, "big_blind": 2},
    "stacks_before": [],
    "stacks_after": [],
}
"""A hand result (well formed, whatever its numbers) at table 2, not the dealer's table 1."""


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("caller", ["director", "floor", "dealer", "player", "display"])
def test_generic_command_route_applies_each_commands_roles(
    walked: tuple[Event, str], name: str, caller: str
) -> None:
    ours, _ = walked
    body = {"result": ELSEWHERE} if name == "record-hand" else {}
    response = ours.post(f"/commands/{name}", role=caller, json=body)
    roles = ACCESS["execute_command"].roles & command_roles(name)
    if Role(caller) not in roles or (caller == "dealer" and name == "record-hand"):
        # a dealer may record hands only at his own table (1); the body names table 2
        assert response.status_code == 403, response.text
    else:
        assert response.status_code not in (401, 403), response.text


# --- the pure checks ---------------------------------------------------------------------------


def grant(role: Role, **scope: Any) -> Grant:
    return Grant(role=role, tournament="t1", **scope)


def test_authorize_without_a_grant_is_401_and_a_wrong_role_403() -> None:
    with pytest.raises(AccessDenied) as missing:
        authorize(None, ACCESS["public_view"], Target(tournament="t1"))
    assert missing.value.status == 401
    with pytest.raises(AccessDenied) as wrong:
        authorize(grant(Role.DISPLAY), ACCESS["director_view"], Target(tournament="t1"))
    assert wrong.value.status == 403


def test_a_token_of_one_tournament_does_not_reach_another() -> None:
    with pytest.raises(AccessDenied) as refused:
        authorize(grant(Role.DIRECTOR), ACCESS["director_view"], Target(tournament="t2"))
    assert refused.value.status == 403
    server = Grant(role=Role.DIRECTOR, tournament=None)
    authorize(server, ACCESS["director_view"], Target(tournament="t2"))


def test_a_dealer_reaches_only_his_table_and_a_player_only_his_entry() -> None:
    dealer = grant(Role.DEALER, table=3)
    authorize(dealer, ACCESS["table_view"], Target(tournament="t1", table=3))
    with pytest.raises(AccessDenied):
        authorize(dealer, ACCESS["table_view"], Target(tournament="t1", table=4))
    player = grant(Role.PLAYER, entry="e7")
    authorize(player, ACCESS["player_view"], Target(tournament="t1", entry="e7"))
    with pytest.raises(AccessDenied):
        authorize(player, ACCESS["player_view"], Target(tournament="t1", entry="e8"))
    at_his = Target(tournament="t1", table=5, player_table=5)
    authorize(player, ACCESS["online_action"], at_his)
    with pytest.raises(AccessDenied):
        authorize(player, ACCESS["online_action"], Target(tournament="t1", table=5, player_table=6))


def test_commands_not_listed_belong_to_the_director_alone() -> None:
    assert command_roles("a-command-added-tomorrow") == frozenset({Role.DIRECTOR})
    assert Role.DEALER in COMMAND_ROLES["record-hand"]
    dealer = grant(Role.DEALER, table=1)
    authorize_command(dealer, "record-hand")
    authorize_table(dealer, 1)
    with pytest.raises(AccessDenied):
        authorize_table(dealer, 2)
    with pytest.raises(AccessDenied):
        authorize_command(dealer, "pause")
    with pytest.raises(AccessDenied):
        authorize_command(grant(Role.FLOOR), "start")


@pytest.mark.parametrize(
    ("scope", "constraint"),
    [
        ({"role": Role.DEALER}, "scope"),
        ({"role": Role.PLAYER}, "scope"),
        ({"role": Role.FLOOR, "tournament": None}, "scope"),
    ],
)
def test_a_grant_without_its_scope_is_malformed(scope: dict[str, Any], constraint: str) -> None:
    with pytest.raises(MalformedInputError) as refused:
        Grant(**{"tournament": "t1", **scope})
    assert refused.value.constraint == constraint


def test_player_codes_are_short_unambiguous_and_read_in_any_case() -> None:
    code = new_token(Role.PLAYER)
    assert len(code) == 8
    assert not set(code) & set("01OI")
    assert token_hash(code.lower()) == token_hash(code)
    assert len(new_token(Role.DEALER)) >= 40
    assert token_hash(SERVER) != token_hash(SERVER.upper())


def test_server_token_creates_tournaments_and_a_tournament_director_cannot(
    tmp_path: Path,
) -> None:
    with client_for(tmp_path) as client:
        ours = event(client, 2, start=False)
        body = {"name": "another", "structure": None}
        refused = client.post("/tournaments", json=body, headers=ours.headers("director"))
        assert refused.status_code == 403
        assert client.post("/tournaments", json=body).status_code == 401
        listed = client.get("/tournaments", headers=bearer(SERVER))
        assert [t["id"] for t in listed.json()] == [ours.id]


@pytest.mark.parametrize("name", ["bust", "hand-done", "chip-count", "confirm-move"])
def test_floor_runs_the_directors_manual_table_commands(name: str) -> None:
    """The floor rules and moves players: busts, a hand's end, chip counts and confirmed
    moves are his as well as the director's; a dealer's and a display's they are not."""
    assert COMMAND_ROLES[name] == frozenset({Role.DIRECTOR, Role.FLOOR})
    authorize_command(grant(Role.FLOOR), name)
    for role, scope in ((Role.DEALER, {"table": 1}), (Role.DISPLAY, {})):
        with pytest.raises(AccessDenied):
            authorize_command(grant(role, **scope), name)


def test_floor_does_not_shape_the_event() -> None:
    for name in ("start", "move-player", "open-table", "close-table", "end-day", "propose-deal"):
        with pytest.raises(AccessDenied):
            authorize_command(grant(Role.FLOOR), name)
