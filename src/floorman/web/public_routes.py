"""What the public results page and the streaming overlay read.

- ``GET /public/tournaments/{id}/board``: no token. The event's name, clock, stakes, players
  left, prize pool and the standings so far (place, name, prize) with the latest players out:
  what the room's clock and the published results show anyway, shareable by a link and its
  QR code (``GET /public/tournaments/{id}/qr.png``, pointing at ``/results?t=<id>``). No
  stacks, no entry or player ids, no tokens.
- ``GET /tournaments/{id}/overlay``: the board plus the chip leaders (the five biggest stacks
  with their names), for an OBS browser source opened with a display token: single players'
  stacks are for a broadcast the director sets up, not for anyone holding the event's link.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response

from floorman.service.api.context import context, guard, moment, reading
from floorman.service.api.roles import Grant
from floorman.service.api.tokens import qr_png
from floorman.service.loading import Loaded
from floorman.tournament.views.audiences import public_view

router = APIRouter(tags=["public"])

LEADERS = 5


def _board(loaded: Loaded, at: float) -> dict[str, Any]:
    tournament = loaded.tournament
    view = public_view(tournament, at)
    clock = None if view.clock is None else view.clock.as_dict()
    placed = sorted(
        (e for e in tournament.state.entries.values() if e.place is not None),
        key=lambda e: (e.place or 0, e.name),
    )
    return {
        "name": view.name,
        "started": view.started,
        "finished": view.finished,
        "clock": clock,
        "entries": view.entries,
        "players_left": view.players_left,
        "pool": view.money.pool,
        "payouts": list(view.money.payouts),
        "standings": [{"place": e.place, "name": e.name, "prize": e.prize} for e in placed],
        "latest_out": [
            {"name": p.name, "place": p.place, "prize": p.prize} for p in view.latest_out
        ],
    }


@router.get("/public/tournaments/{tournament_id}/board", name="public_board")
def board(request: Request, tournament_id: str) -> dict[str, Any]:
    """The public results and leaderboard of one event (no token)."""
    ctx = context(request)
    with reading(ctx, tournament_id) as loaded:
        return _board(loaded, moment(ctx.clock(), loaded.tournament))


@router.get("/public/tournaments/{tournament_id}/qr.png", name="public_qr")
def board_qr(request: Request, tournament_id: str) -> Response:
    """The QR code of the public results page."""
    ctx = context(request)
    with reading(ctx, tournament_id):
        pass  # 404 for an unknown tournament
    return Response(qr_png(f"{ctx.base_url}/results?t={tournament_id}"), media_type="image/png")


@router.get("/tournaments/{tournament_id}/overlay", name="overlay_view")
def overlay(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("overlay_view"))],
) -> dict[str, Any]:
    """The streaming overlay's data: the board and the chip leaders."""
    ctx = context(request)
    with reading(ctx, tournament_id) as loaded:
        data = _board(loaded, moment(ctx.clock(), loaded.tournament))
        alive = [e for e in loaded.tournament.state.entries.values() if e.alive]
    leaders = sorted(alive, key=lambda e: (-e.stack, e.name))[:LEADERS]
    data["chip_leaders"] = [{"name": e.name, "stack": e.stack} for e in leaders]
    return data
