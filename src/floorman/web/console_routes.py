"""What the director's console and the dealer's tablet ask the service beyond its API.

The console's calculators (:mod:`floorman.web.console_calc`), none of which changes anything:

- ``GET /web/profiles``: the rulebooks and presets an event can be created with (open: the
  rulebooks are public).
- ``POST /web/structure``: a structure generated for the field and the length wanted, and
  ``POST /web/payouts``: the pool and payout table of a field. Both take the server's
  director token, the one that creates tournaments.
- ``GET /tournaments/{id}/console/penalties``: the penalty catalogue of the event's rulebook.
- ``GET /tournaments/{id}/console/deal?keep=``: chip chop and ICM side by side for the
  players left, and the deal on the table with who has agreed.
- ``GET /tournaments/{id}/console/floor`` and ``.../console/rules``: the floor's and desk's
  state and the rulebook's catalogue (:mod:`floorman.web.console_floor`).

The dealer's tablet (:mod:`floorman.web.tablet_routes`) has its routes under
``/tournaments/{id}/tables/{table}/tablet/``. Every route names its scope in
:data:`floorman.service.api.roles.ACCESS`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field

from floorman.service.api.context import context, guard, reading
from floorman.service.api.roles import Grant
from floorman.web import console_calc, console_floor, tablet_routes

router = APIRouter(tags=["web"])

COUNT = Field(ge=1, le=100_000)


class StructureBody(BaseModel):
    starting_stack: int = Field(default=20_000, ge=100, le=10**9)
    chips: list[int] = Field(default=[25, 100, 500, 1000, 5000], min_length=1, max_length=12)
    players: int = Field(default=30, ge=2, le=100_000)
    target_hours: float = Field(default=6.0, ge=0.5, le=72)
    level_minutes: int = Field(default=20, ge=1, le=240)
    break_every: int = Field(default=4, ge=1, le=50)
    break_minutes: int = Field(default=10, ge=1, le=120)
    ante_mode: Literal["none", "every-player", "big-blind"] = "big-blind"
    game: str = Field(default="NT", max_length=8)


class PayoutsBody(BaseModel):
    entries: int = COUNT
    buy_in: int = Field(default=0, ge=0, le=10**9)
    guarantee: int = Field(default=0, ge=0, le=10**12)
    prize_unit: int = Field(default=1, ge=1, le=10**6)


@router.get("/web/profiles", name="web_profiles")
def profiles() -> list[dict[str, str | bool | None]]:
    """``[{id, profile, preset, name, reentry, rebuys}]``: every profile, then every preset."""
    return console_calc.profiles()


@router.post("/web/structure", name="console_structure")
def structure(
    body: StructureBody, grant: Annotated[Grant, Depends(guard("console_structure"))]
) -> dict[str, Any]:
    """``{structure, expected_hours}``: the structure to send with ``POST /tournaments``."""
    return console_calc.structure_preview(
        starting_stack=body.starting_stack,
        chips=tuple(body.chips),
        players=body.players,
        target_hours=body.target_hours,
        level_minutes=body.level_minutes,
        break_every=body.break_every,
        break_minutes=body.break_minutes,
        ante_mode=body.ante_mode,
        game=body.game,
    )


@router.post("/web/payouts", name="console_payouts")
def payouts(
    body: PayoutsBody, grant: Annotated[Grant, Depends(guard("console_payouts"))]
) -> dict[str, Any]:
    """``{pool, prizes}`` for a field of ``entries``."""
    return console_calc.payouts_preview(
        entries=body.entries,
        buy_in=body.buy_in,
        guarantee=body.guarantee,
        prize_unit=body.prize_unit,
    )


@router.get("/tournaments/{tournament_id}/console/penalties", name="console_penalties")
def penalties(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("console_penalties"))],
) -> dict[str, Any]:
    """``{profile, offences: [{id, rule, title, steps}], powers: [{role, kinds}]}``."""
    with reading(context(request), tournament_id) as loaded:
        config = loaded.tournament.config
        profile = config.penalty_profile or config.ruleset.profile
    return console_calc.penalty_catalogue(profile)


@router.get("/tournaments/{tournament_id}/console/deal", name="console_deal")
def deal(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("console_deal"))],
    keep: Annotated[int, Query(ge=0, le=10**12, description="Left to play for.")] = 0,
) -> dict[str, Any]:
    """``{players, prizes, chip-chop, icm, hybrid?, pending}``."""
    with reading(context(request), tournament_id) as loaded:
        return console_calc.deal_preview(loaded.tournament.state, keep_for_winner=keep)


router.routes.extend(tablet_routes.router.routes)  # one level, as the scope table walks routes
router.routes.extend(console_floor.router.routes)
