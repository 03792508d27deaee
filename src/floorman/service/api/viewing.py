"""One audience's view of a tournament, taken from the core's view functions, for the HTTP view
routes and the WebSocket feeds alike.

The tournament and its online hands are read while held still (the online tables' lock, then
the tournament's). Views every subscriber of an audience shares (public, director) are cached
under the tournament's change count, so a thousand screens cost one view per change.
"""

from __future__ import annotations

import threading
from enum import StrEnum
from typing import Any

from floorman.errors import MalformedInputError
from floorman.service.api.context import ApiContext, reading
from floorman.service.api.errors import NotFound
from floorman.tournament.aggregate import Tournament
from floorman.tournament.views import (
    director_view,
    hand_director_dict,
    player_view,
    public_view,
    table_view,
)


class Audience(StrEnum):
    PUBLIC = "public"
    DIRECTOR = "director"
    TABLE = "table"
    PLAYER = "player"


SHARED = frozenset({Audience.PUBLIC, Audience.DIRECTOR})


class ViewCache:
    """The latest shared view of each tournament and audience, keyed by its change count."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._views: dict[tuple[str, Audience], tuple[int, int, float, dict[str, Any]]] = {}

    def get(
        self, tournament: str, audience: Audience, sequence: int
    ) -> tuple[int, float, dict[str, Any]] | None:
        with self._lock:
            found = self._views.get((tournament, audience))
        if found is None or found[0] != sequence:
            return None
        return found[1], found[2], found[3]

    def put(
        self,
        tournament: str,
        audience: Audience,
        sequence: int,
        taken: tuple[int, float, dict[str, Any]],
    ) -> None:
        with self._lock:
            self._views[(tournament, audience)] = (sequence, *taken)


def take_view(
    ctx: ApiContext,
    cache: ViewCache,
    audience: Audience,
    tournament: str,
    *,
    table: int | None = None,
    entry: str | None = None,
) -> tuple[int, float, dict[str, Any]]:
    """``(version, at, view)``: the audience's view now, and the log version it shows."""
    sequence = ctx.publisher.sequence(tournament)
    if audience in SHARED:
        cached = cache.get(tournament, audience, sequence)
        if cached is not None:
            return cached
    taken = _take(ctx, audience, tournament, table, entry)
    if audience in SHARED:
        cache.put(tournament, audience, sequence, taken)
    return taken


def _take(
    ctx: ApiContext, audience: Audience, tournament: str, table: int | None, entry: str | None
) -> tuple[int, float, dict[str, Any]]:
    online = ctx.online
    assert online is not None
    with online.holding(), reading(ctx, tournament) as loaded:
        at = ctx.clock()
        view = _view(ctx, audience, loaded.tournament, tournament, at, table, entry)
        return loaded.version, at, view


def _view(
    ctx: ApiContext,
    audience: Audience,
    tournament: Tournament,
    tournament_id: str,
    at: float,
    table: int | None,
    entry: str | None,
) -> dict[str, Any]:
    online = ctx.online
    assert online is not None
    if audience is Audience.PUBLIC:
        return public_view(tournament, at).as_dict()
    if audience is Audience.DIRECTOR:
        view = director_view(tournament, at).as_dict()
        hands = {}
        for number in online.tables(tournament_id):
            live = online.live(tournament_id, number)
            hands[str(number)] = None if live is None else hand_director_dict(live.hand)
        return {**view, "hands": hands}
    if audience is Audience.TABLE:
        if table is None or table not in tournament.state.tables:
            raise NotFound(f"table {table}")
        live = online.live(tournament_id, table)
        return table_view(tournament, table, at, None if live is None else live.hand).as_dict()
    if entry is None:
        raise MalformedInputError("a player's view names his entry", constraint="entry")
    if entry not in tournament.state.entries:
        raise NotFound(f"entry {entry}")
    live = online.hand_of(tournament_id, entry)
    if live is None:
        return player_view(tournament, entry, at).as_dict()
    seat = live.seat_of(entry)
    return player_view(tournament, entry, at, live.hand, seat, live.table).as_dict()
