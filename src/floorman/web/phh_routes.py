"""A live table's hand as a PHH hand history, with its irregularities and the director's
rulings and overrides as comments where they happened (:mod:`floorman.io.phh_live`).

- ``POST /tournaments/{id}/tables/{t}/tablet/phh`` ``{setup, steps}`` (the table's dealer,
  director, floor): the tablet's hand so far.
- ``GET /tournaments/{id}/tables/{t}/rulings/phh`` (director, floor): the hand in play as
  the table's tablet last showed it (:mod:`floorman.web.hands_in_play`); 409
  ``no-hand-in-play`` when there is none.

The cards are the tablet's: unseen (``????``), but the stud up-cards the dealer entered.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from floorman.io.phh import dumps
from floorman.io.phh_live import export_live_hand
from floorman.service.api.context import guard
from floorman.service.api.errors import Conflict
from floorman.service.api.roles import Grant
from floorman.tournament.floor.table_hand import HandSetup
from floorman.web.dealer_steps import Step
from floorman.web.hands_in_play import in_play
from floorman.web.tablet_routes import HandBody, read_setup, read_steps, replay_hand, table_floor

router = APIRouter(tags=["web"])
TABLE = "/tournaments/{tournament_id}/tables/{table}"
PHH = "text/plain; charset=utf-8"


@router.post(f"{TABLE}/tablet/phh", name="tablet_phh", response_class=Response)
def tablet_phh(
    request: Request,
    tournament_id: str,
    table: int,
    body: HandBody,
    grant: Annotated[Grant, Depends(guard("tablet_phh"))],
) -> Response:
    """The tablet's hand as PHH text."""
    setup = read_setup(request, tournament_id, table, body.setup)
    return _phh(request, tournament_id, setup, read_steps(body.steps))


@router.get(f"{TABLE}/rulings/phh", name="table_phh", response_class=Response)
def table_phh(
    request: Request,
    tournament_id: str,
    table: int,
    grant: Annotated[Grant, Depends(guard("table_phh"))],
) -> Response:
    """The table's hand in play as PHH text."""
    hand = in_play(request, tournament_id, table)
    if hand is None:
        raise Conflict(f"no hand is in play at table {table}", constraint="no-hand-in-play")
    return _phh(request, tournament_id, hand.setup, list(hand.steps))


def _phh(request: Request, tournament_id: str, setup: HandSetup, steps: list[Step]) -> Response:
    replayed = replay_hand(setup, steps, table_floor(request, tournament_id, setup))
    return Response(dumps(export_live_hand(replayed.live)), media_type=PHH)
