"""What the dealer counts when a player asks, from the tablet: an opponent's stack (TDA R60,
RedCactus 60, PokerStars Live 3.5.1), a wager in front of a player (Poland §42.5, §49.5) and
the pot in pot-limit (TDA R54-A).

``POST /tournaments/{id}/tables/{t}/tablet/count`` ``{setup, steps, what, asker, of}``:
``what`` is ``stack``, ``bet`` or ``pot``; the answer is the exact count or ``null`` (an
estimate is all the rules give), with the ruling and its rule. A count refused by the rules
(a player out of the hand asking) is a 409 with its ruling; a seat not in the hand a 422.
Seats are numbered from 0, as in every step of the tablet.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field

from floorman.live.assist.bet_counts import bet_count
from floorman.live.assist.counts import Count, pot_count, stack_count
from floorman.service.api.context import guard
from floorman.service.api.errors import ruling_dict
from floorman.service.api.roles import Grant
from floorman.web.tablet_routes import StepBody, read_setup, read_steps, replay_hand, table_floor

router = APIRouter(tags=["web"])

Seat = Annotated[int, Field(ge=0, le=9)]


class CountBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    setup: dict[str, Any]
    steps: list[StepBody] = Field(default_factory=list, max_length=500)
    what: Literal["stack", "bet", "pot"]
    asker: Seat = 0
    of: Seat = 0


@router.post("/tournaments/{tournament_id}/tables/{table}/tablet/count", name="tablet_count")
def tablet_count(
    request: Request,
    tournament_id: str,
    table: int,
    body: CountBody,
    grant: Annotated[Grant, Depends(guard("tablet_count"))],
) -> dict[str, Any]:
    """``{what, exact, ruling}``: the dealer's count for the player who asked."""
    setup = read_setup(request, tournament_id, table, body.setup)
    floor = table_floor(request, tournament_id, setup)
    replayed = replay_hand(setup, read_steps(body.steps), floor)
    hand, rules = replayed.hand, setup.config.ruleset
    count: Count
    if body.what == "pot":
        count = pot_count(hand, rules)
    elif body.what == "bet":
        count = bet_count(hand, rules, asker=body.asker, of=body.of)
    else:
        count = stack_count(hand, rules, asker=body.asker, of=body.of)
    return {"what": body.what, "exact": count.exact, "ruling": ruling_dict(count.ruling)}
