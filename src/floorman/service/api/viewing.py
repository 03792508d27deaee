"""One audience's view of a tournament, taken from the core's view functions, for the HTTP view
routes and the WebSocket feeds alike.

The tournament and its online hands are read while held still (the online tables' lock, then
the tournament's). A view is encoded to JSON once (:class:`Taken`): every subscriber and every
HTTP answer of it sends the same text.

Views several clients share (public, director, a table's) are cached under the tournament's
change count, so a thousand screens cost one view per change: one thread builds it while the
others wait for it (:meth:`ViewCache.building`). A cached view is also stale once its clock
has run out (:func:`~floorman.tournament.views.audiences.clock_changes_at`): the end of a level is
no
change anyone publishes, and a screen must not be shown the level that has just ended.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

import orjson

from floorman.errors import MalformedInputError
from floorman.service.api.context import ApiContext, moment, reading
from floorman.service.api.errors import NotFound
from floorman.service.api.table_lines import TableLines
from floorman.tournament.aggregate import Tournament
from floorman.tournament.views.audiences import (
    director_view,
    hand_director_dict,
    player_view,
    public_view,
    table_view,
)
from floorman.tournament.views.clock import clock_changes_at


class Audience(StrEnum):
    PUBLIC = "public"
    DIRECTOR = "director"
    TABLE = "table"
    PLAYER = "player"


SHARED = frozenset({Audience.PUBLIC, Audience.DIRECTOR})
CACHED = SHARED | {Audience.TABLE}
"""Audiences whose views are cached: a table's view is watched by its dealer and the floor;
a player's view is his alone, so caching it would only hold memory."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ViewKey:
    """Which view: an audience of a tournament, narrowed to a table or an entry."""

    tournament: str
    audience: Audience
    table: int | None = None
    entry: str | None = None


def encode(data: Any) -> str:
    """JSON as the API answers it (compact, UTF-8 text; integer keys written as strings, as
    ``json.dumps`` writes them). orjson: a whole view is encoded for every change, and the
    standard library took ten times as long (a 300-entrant state: 2.5 ms against 0.2 ms).
    Unlike ``json.dumps(allow_nan=False)`` it writes a NaN as ``null``; views hold none."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


class Taken:
    """One view as taken, with its JSON made once: the feed message and the HTTP answer wrap
    the same encoded view, so a view is never encoded again for each subscriber."""

    __slots__ = ("_body", "_message", "_view_text", "at", "audience", "expires", "version", "view")

    def __init__(
        self,
        *,
        audience: Audience,
        version: int,
        at: float,
        view: dict[str, Any],
        expires: float | None,
    ) -> None:
        self.audience, self.version, self.at, self.view = audience, version, at, view
        self.expires = expires
        """The clock's moment at which the view goes stale without any change."""
        self._view_text: str | None = None
        self._message: str | None = None
        self._body: bytes | None = None

    def triple(self) -> tuple[int, float, dict[str, Any]]:
        return self.version, self.at, self.view

    def fresh_at(self, now: float) -> bool:
        return self.expires is None or now < self.expires

    def message(self) -> str:
        """The feed's message: ``{"type": "view", "audience", "version", "at", "view"}``."""
        if self._message is None:
            self._message = '{"type":"view",' + self._head() + self._encoded() + "}"
        return self._message

    def body(self) -> bytes:
        """The HTTP answer: ``{"audience", "version", "at", "view"}``."""
        if self._body is None:
            self._body = ("{" + self._head() + self._encoded() + "}").encode()
        return self._body

    def _head(self) -> str:
        head = encode({"audience": self.audience.value, "version": self.version, "at": self.at})
        return head[1:-1] + ',"view":'

    def _encoded(self) -> str:
        if self._view_text is None:
            self._view_text = encode(self.view)
        return self._view_text


class ViewCache:
    """The latest cached view of each key, with the change count it was taken at."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._views: dict[ViewKey, tuple[int, Taken]] = {}
        self._builders: dict[ViewKey, threading.Lock] = {}
        self._lines: dict[str, TableLines] = {}

    def fresh(self, key: ViewKey, sequence: int, now: float) -> Taken | None:
        """The cached view of ``key`` if it shows change ``sequence`` (or a later one) and
        its clock has not run out at ``now``."""
        with self._lock:
            found = self._views.get(key)
        if found is None or found[0] < sequence or not found[1].fresh_at(now):
            return None
        return found[1]

    def store(self, key: ViewKey, sequence: int, taken: Taken) -> None:
        with self._lock:
            current = self._views.get(key)
            if current is None or current[0] <= sequence:
                self._views[key] = (sequence, taken)

    def table_lines(self, tournament: str) -> TableLines:
        """The director views' table lines of ``tournament``, kept from view to view."""
        with self._lock:
            return self._lines.setdefault(tournament, TableLines())

    @contextmanager
    def building(self, key: ViewKey) -> Iterator[None]:
        """Held while one thread builds ``key``'s view; the others wait, then find it."""
        with self._lock:
            builder = self._builders.setdefault(key, threading.Lock())
        with builder:
            yield

    def put(
        self,
        tournament: str,
        audience: Audience,
        sequence: int,
        taken: tuple[int, float, dict[str, Any]],
        *,
        expires: float | None = None,
    ) -> None:
        """Cache a view taken elsewhere, as ``(version, at, view)``."""
        version, at, view = taken
        made = Taken(audience=audience, version=version, at=at, view=view, expires=expires)
        self.store(ViewKey(tournament=tournament, audience=audience), sequence, made)


def take(ctx: ApiContext, cache: ViewCache, key: ViewKey) -> Taken:
    """``key``'s view now: the cached one while it holds, else a new one (built once however
    many threads ask for it at the same time)."""
    if key.audience not in CACHED:
        return _take(ctx, cache, key)
    sequence = ctx.publisher.sequence(key.tournament)
    now = ctx.clock()
    cached = cache.fresh(key, sequence, now)
    if cached is not None:
        return cached
    with cache.building(key):
        cached = cache.fresh(key, sequence, now)  # built while this thread waited
        if cached is not None:
            return cached
        taken = _take(ctx, cache, key)
        cache.store(key, sequence, taken)
        return taken


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
    key = ViewKey(tournament=tournament, audience=audience, table=table, entry=entry)
    return take(ctx, cache, key).triple()


def _take(ctx: ApiContext, cache: ViewCache, key: ViewKey) -> Taken:
    """A new view, encoded here (after the locks are let go) rather than by whoever sends it
    first: an event loop must not spend its time encoding."""
    online = ctx.online
    assert online is not None
    with online.holding(), reading(ctx, key.tournament) as loaded:
        tournament = loaded.tournament
        at = moment(ctx.clock(), tournament)
        taken = Taken(
            audience=key.audience,
            version=loaded.version,
            at=at,
            view=_view(ctx, cache, key, tournament, at),
            expires=clock_changes_at(tournament, at),
        )
    taken.message()
    return taken


def director_data(kept: TableLines, tournament: Tournament, at: float) -> dict[str, Any]:
    """The director's view as JSON-ready data, the table lines kept from the views before
    (most tables have not changed since the last one; TableLines)."""
    full = director_view(tournament, at, tables=kept.lines(tournament, at))
    return {**replace(full, tables=()).as_dict(), "tables": kept.data()}


def _view(
    ctx: ApiContext, cache: ViewCache, key: ViewKey, tournament: Tournament, at: float
) -> dict[str, Any]:
    online = ctx.online
    assert online is not None
    audience, table, entry = key.audience, key.table, key.entry
    if audience is Audience.PUBLIC:
        return public_view(tournament, at).as_dict()
    if audience is Audience.DIRECTOR:
        view = director_data(cache.table_lines(key.tournament), tournament, at)
        hands = {}
        for number in online.tables(key.tournament):
            live = online.live(key.tournament, number)
            hands[str(number)] = None if live is None else hand_director_dict(live.hand)
        return {**view, "hands": hands}
    if audience is Audience.TABLE:
        if table is None or table not in tournament.state.tables:
            raise NotFound(f"table {table}")
        live = online.live(key.tournament, table)
        return table_view(tournament, table, at, None if live is None else live.hand).as_dict()
    if entry is None:
        raise MalformedInputError("a player's view names his entry", constraint="entry")
    if entry not in tournament.state.entries:
        raise NotFound(f"entry {entry}")
    live = online.hand_of(key.tournament, entry, tournament.state.entries[entry].table)
    if live is None:
        return player_view(tournament, entry, at).as_dict()
    seat = live.seat_of(entry)
    return player_view(tournament, entry, at, live.hand, seat, live.table).as_dict()
