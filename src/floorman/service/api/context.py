"""What every route shares (the service, the publisher, the online tables) and the token check
that guards each route by its entry in the scope table (:data:`roles.ACCESS`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from starlette.requests import HTTPConnection

from floorman.errors import MalformedInputError
from floorman.service.api.errors import NotFound
from floorman.service.api.feeds import Publisher
from floorman.service.api.guessing import GuessGuard
from floorman.service.api.open_feeds import OpenFeeds
from floorman.service.api.roles import (
    ACCESS,
    AccessDenied,
    Grant,
    Reach,
    Role,
    Target,
    authorize,
    is_code,
    token_hash,
)
from floorman.service.core import Loaded, TournamentService, UnknownStream
from floorman.service.tokens import TokenRecord
from floorman.tournament.aggregate import Tournament

if TYPE_CHECKING:
    from floorman.service.api.online import OnlineTables


@dataclass(slots=True, kw_only=True)
class ApiContext:
    service: TournamentService
    publisher: Publisher
    server_token_hash: str
    """The hash of the server's director token, which reaches every tournament."""
    base_url: str = "http://127.0.0.1:8000"
    """Where clients reach this server: join links and QR codes point here."""
    clock: Callable[[], float] = time.time
    online: OnlineTables | None = field(default=None)
    feeds: OpenFeeds = field(init=False)
    """The open feeds by token, cut when their token ends."""

    guesses: GuessGuard = field(init=False)
    """The failed-token budgets (join codes above all)."""

    def __post_init__(self) -> None:
        self.feeds = OpenFeeds(self.clock)
        self.guesses = GuessGuard()


def context(connection: HTTPConnection) -> ApiContext:
    ctx: ApiContext = connection.app.state.floorman
    return ctx


URL_TOKEN = (
    "tokens are not accepted in URLs (they end up in logs, histories and referrers): send "
    'Authorization: Bearer, or a WebSocket\'s first message {"token": ...}'
)


def presented_token(connection: HTTPConnection) -> str | None:
    """The token of a request: ``Authorization: Bearer ...``. A ``token`` in the query is
    refused (401), never read: only the pages take one from a link or a QR code, and their
    scripts move it at once into this header or a WebSocket's first message (issue 20)."""
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    if "token" in connection.query_params:
        raise AccessDenied(401, URL_TOKEN)
    return None


def grant_of(ctx: ApiContext, token: str | None, client: str | None = None) -> Grant | None:
    """The grant of ``token`` presented from address ``client``; ``None`` without one; 401
    for an unknown, revoked or expired one, and for a player's once his event is over; 429
    when ``client`` (or the whole server) has failed too often (:mod:`.guessing`)."""
    if token is None:
        return None
    digest = token_hash(token)
    if digest == ctx.server_token_hash:
        return Grant(role=Role.DIRECTOR, tournament=None, label="server")
    code = is_code(token)  # only a code's space is small enough to guess (see guessing)
    if code:
        ctx.guesses.admit(client)
    record = ctx.service.store.tokens.find(digest)
    if record is None:
        ctx.guesses.failed(client, code=code)
        raise AccessDenied(401, "unknown or revoked token")
    if record.revoked:
        raise AccessDenied(401, "unknown or revoked token")
    if not record.valid_at(ctx.clock()):
        raise AccessDenied(401, "the token has expired")
    grant = grant_from_record(record)
    player = grant.role is Role.PLAYER and grant.tournament is not None
    if player and event_over(ctx, grant.tournament or ""):
        raise AccessDenied(401, "the event is over: so is this token")
    return grant


def event_over(ctx: ApiContext, tournament: str) -> bool:
    """Whether ``tournament`` has finished or was cancelled (a player's token ends with it)."""
    try:
        state = ctx.service.load(tournament).tournament.state
    except UnknownStream:
        return False
    return state.finished or state.desk.cancelled


def client_address(connection: HTTPConnection) -> str | None:
    """The address the request came from (the proxy's, behind one: run uvicorn with
    ``--proxy-headers`` there so that it is the client's)."""
    client = connection.client
    return None if client is None else client.host


def scope_text(grant: Grant) -> str | None:
    """How the store keeps a grant's narrowing: ``table:3``, ``entry:e7`` or nothing."""
    if grant.table is not None:
        return f"table:{grant.table}"
    if grant.entry is not None:
        return f"entry:{grant.entry}"
    return None


def grant_from_record(record: TokenRecord) -> Grant:
    table: int | None = None
    entry: str | None = None
    kind, _, value = (record.scope or "").partition(":")
    if kind == "table":
        table = int(value)
    elif kind == "entry":
        entry = value
    return Grant(
        role=Role(record.role),
        tournament=record.tournament_id,
        table=table,
        entry=entry,
        label=record.label,
        token_id=record.id,
        expires_at=record.expires_at,
    )


def target_of(ctx: ApiContext, connection: HTTPConnection, grant: Grant | None) -> Target:
    """What the request touches, from its path; for a player at a table, where he sits."""
    params = connection.path_params
    entry = params.get("entry") or connection.query_params.get("entry")
    return target_for(ctx, grant, params.get("tournament_id"), params.get("table"), entry)


def target_for(
    ctx: ApiContext,
    grant: Grant | None,
    tournament: str | None,
    table_param: object,
    entry: str | None,
) -> Target:
    """:func:`target_of` from the path's parts as read (the lean command path has no
    ``HTTPConnection``)."""
    table = _int_param(table_param)
    player_table = None
    if grant is not None and grant.role is Role.PLAYER and tournament and table is not None:
        player_table = player_table_of(ctx, tournament, grant.entry or "", table)
    return Target(tournament=tournament, table=table, entry=entry, player_table=player_table)


def player_table_of(ctx: ApiContext, tournament: str, entry: str, table: int) -> int | None:
    """Where a player plays now: ``table`` while he is dealt in its online hand (balancing
    may have given him a seat elsewhere, which he takes when that hand ends), else the table
    he sits at."""
    online = ctx.online
    if online is not None:
        with online.holding():
            live = online.live(tournament, table)
            if live is not None and entry in live.setup.seats:
                return table
    return entry_table(ctx, tournament, entry)


def entry_table(ctx: ApiContext, tournament: str, entry: str) -> int | None:
    """The table ``entry`` sits at now (``None`` when he does not, or is unknown)."""
    with reading(ctx, tournament) as loaded:
        state = loaded.tournament.state.entries.get(entry)
        return None if state is None else state.table


def _int_param(value: object) -> int | None:
    if value is None:
        return None
    try:
        return int(str(value))
    except ValueError:
        raise MalformedInputError(f"{value!r} is not a table number", constraint="table") from None


def check(connection: HTTPConnection, name: str, token: str | None = None) -> Grant:
    """The grant of this request (of ``token``, or the one it presents) if the scope table
    lets it call route ``name``."""
    ctx = context(connection)
    grant = grant_of(ctx, token or presented_token(connection), client_address(connection))
    target = target_of(ctx, connection, grant) if grant is not None else Target()
    return admit(ctx, name, grant, target)


def admit(ctx: ApiContext, name: str, grant: Grant | None, target: Target) -> Grant:
    """``grant`` if the scope table lets it call route ``name`` on ``target``; else
    :class:`AccessDenied` (401 without a grant)."""
    access = ACCESS[name]
    if access.reach is Reach.ENTRY and target.entry is None and grant is not None:
        target = Target(tournament=target.tournament, entry=grant.entry)
    authorize(grant, access, target)
    assert grant is not None
    return grant


def guard(name: str) -> Callable[[HTTPConnection], Grant]:
    """A dependency admitting the callers :data:`ACCESS` lets call route ``name``."""
    if name not in ACCESS:
        raise KeyError(f"route {name!r} has no entry in the scope table")

    def dependency(connection: HTTPConnection) -> Grant:
        return check(connection, name)

    return dependency


@contextmanager
def reading(ctx: ApiContext, tournament: str) -> Iterator[Loaded]:
    """The tournament held still while the block reads it; 404 when there is none."""
    try:
        with ctx.service.reading(tournament) as loaded:
            yield loaded
    except UnknownStream:
        raise NotFound(f"tournament {tournament}") from None


def moment(now: float, tournament: Tournament) -> float:
    """``now``, or the level clock's last moment if the wall clock is behind it (the clock
    refuses questions about moments before its last command)."""
    clock = tournament.state.clock
    last = None if clock is None else clock.updated_at
    return now if last is None else max(now, last)
