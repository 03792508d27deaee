"""What the pages need beyond the service's API: the server's time, the ruling catalogue of
a language, the clock's history and QR code.

- ``GET /web/time``: the service's clock. A screen counts a level down from the view's
  ``remaining`` and ``at``; a cached view may be older than the moment it is sent, so the
  screen measures its offset from the server's clock here (at connect and at every
  reconnect) rather than trusting its own clock or the view's age.
- ``GET /web/rulings?lang=ru``: every ruling key with its English templates and their
  translations. The service's rulings carry ``key``, English ``message`` and ``params``; a
  page renders them in its language the way :func:`floorman.rules.messages.render` does (the
  template whose English fill gives the message, filled in the translation), so one download
  serves every refusal and every ``no_raise`` reason without a round trip per ruling.
- ``GET /tournaments/{id}/views/history``: the field and the average stack over time and the
  chip leaders, for the clock's charts (:mod:`floorman.web.history`); any token of the
  tournament. Computed once per log version and kept, so a room of screens costs one fold.
- ``GET /tournaments/{id}/clock/qr.png`` (the display token in the header): the QR code of
  this clock's own link, for a phone in the room. Only a display token is put in it (a
  director who opened the clock with his own token gets a refusal, and the page shows no QR
  code): a QR code on a wall is public.
"""

from __future__ import annotations

import threading
from dataclasses import asdict
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, FastAPI, Query, Request, Response

from floorman.rules.message_templates import TEMPLATES
from floorman.rules.messages import LANGUAGES, check_language, translations
from floorman.service.api.context import ApiContext, context, guard, presented_token, reading
from floorman.service.api.roles import Grant
from floorman.service.api.tokens import qr_png
from floorman.service.loading import rebuild
from floorman.web.history import FieldPoint, chip_leaders, field_history

router = APIRouter(tags=["web"])

Lang = Annotated[str, Query(max_length=8, description=f"One of {', '.join(LANGUAGES)}.")]


@router.get("/web/time", name="web_time")
def server_time(request: Request) -> dict[str, float]:
    """The service's clock now (seconds since the epoch)."""
    return {"now": context(request).clock()}


@router.get("/web/rulings", name="web_rulings")
def ruling_catalogue(lang: Lang = "en") -> dict[str, Any]:
    """``{"lang", "templates": {key: [[english, translated], ...]}}``; a template without a
    translation is given in English, as the server's own rendering falls back."""
    check_language(lang)
    translated = translations(lang)
    return {
        "lang": lang,
        "templates": {
            key: [[english, translated.get((key, english), english)] for english in wordings]
            for key, wordings in TEMPLATES.items()
        },
    }


@router.get("/tournaments/{tournament_id}/views/history", name="history_view")
def history_view(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("history_view"))],
) -> dict[str, Any]:
    """``{"version", "field": [{at, players_left, entries, average_stack}], "leaders":
    [{entry, name, stack, table}]}``: the clock's charts."""
    ctx = context(request)
    with reading(ctx, tournament_id) as loaded:
        version = loaded.version
        leaders = chip_leaders(loaded.tournament.state)
    field = _history_cache(request.app).field(ctx, tournament_id, version)
    return {
        "version": version,
        "field": [asdict(p) for p in field],
        "leaders": [asdict(leader) for leader in leaders],
    }


@router.get("/tournaments/{tournament_id}/clock/qr.png", name="clock_qr", response_class=Response)
def clock_qr(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("clock_qr"))],
) -> Response:
    """The QR code of ``/clock`` with this display token, for a phone to open the clock."""
    ctx = context(request)
    token = quote(presented_token(request) or "", safe="")
    url = f"{ctx.base_url}/clock?t={quote(tournament_id, safe='')}&token={token}"
    return Response(qr_png(url), media_type="image/png", headers={"Cache-Control": "no-cache"})


class HistoryCache:
    """The field history of each tournament at its latest version asked for."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[str, tuple[int, tuple[FieldPoint, ...]]] = {}

    def field(self, ctx: ApiContext, tournament: str, version: int) -> tuple[FieldPoint, ...]:
        with self._lock:
            kept = self._kept.get(tournament)
        if kept is not None and kept[0] == version:
            return kept[1]
        loaded = rebuild(ctx.service.store, tournament, use_snapshots=False)
        points = field_history(loaded.tournament.events)
        with self._lock:
            self._kept[tournament] = (loaded.version, points)
        return points


def _history_cache(app: FastAPI) -> HistoryCache:
    cache: HistoryCache | None = getattr(app.state, "web_history", None)
    if cache is None:
        cache = app.state.web_history = HistoryCache()
    return cache
