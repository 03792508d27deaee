"""What the director's console reads beside the director view: the floor's and the desk's
state, and the rulebook's catalogue of rules to cite in a ruling.

The director view says who sits where; it does not say whether a table's all-in waits for
the floor, who balances, how many players a table takes now, whether registration is open or
whose prize was paid, all of which the console's controls turn on and off. Two reads:

- ``GET /tournaments/{id}/console/floor``: ``{hand_for_hand, called, street_by_street, held,
  balancing, table_size, largest_table_size, no_button, registration_open, cancelled,
  reentry, id_checked, paid, withdrawn, chips}`` (see :func:`floor_state`).
- ``GET /tournaments/{id}/console/rules?lang=``: ``{profile, rules: [{id, title, summary}]}``,
  the event's rulebook catalogue, for the rule a ruling is recorded under (Poland §46.3).

Both change nothing; the staff's (``console_floor``, ``console_rules`` in
:data:`floorman.service.api.roles.ACCESS`).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from floorman.rules.catalogue import Catalogue, builtin_catalogues
from floorman.rules.messages import check_language
from floorman.service.api.context import context, guard, reading
from floorman.service.api.roles import Grant
from floorman.tournament.floor.state import seats_per_table
from floorman.tournament.state import TournamentState

router = APIRouter(tags=["web"])


@router.get("/tournaments/{tournament_id}/console/floor", name="console_floor")
def floor(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("console_floor"))],
) -> dict[str, Any]:
    """The floor's and the desk's state the console's controls depend on."""
    with reading(context(request), tournament_id) as loaded:
        return floor_state(loaded.tournament.state)


@router.get("/tournaments/{tournament_id}/console/rules", name="console_rules")
def rules(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("console_rules"))],
    lang: Annotated[str, Query(max_length=8)] = "en",
) -> dict[str, Any]:
    """The event's rulebook catalogue: each rule's id, title and summary (in ``lang`` where
    the catalogue has it, else English)."""
    check_language(lang)
    with reading(context(request), tournament_id) as loaded:
        profile = loaded.tournament.config.ruleset.profile
    catalogue = _catalogues().get(profile)
    found = [] if catalogue is None else catalogue.rules
    return {
        "profile": profile,
        "rules": [
            {
                "id": rule.id,
                "title": rule.title,
                "summary": rule.summary.get(lang) or rule.summary.get("en", ""),
            }
            for rule in found
        ],
    }


@cache
def _catalogues() -> dict[str, Catalogue]:
    """Read once: the catalogues ship with the package."""
    return builtin_catalogues({})


def floor_state(state: TournamentState) -> dict[str, Any]:
    """Hand-for-hand (called by the director, street by street, the tables whose all-in is
    held: TDA RP-8-F, Poland §52), the balancing mode (TDA R11-C), the table size (Poland
    §25.1), the tables still without a button, and the desk: registration (§55.2), the event
    cancelled, re-entry by the rulebook, IDs checked, prizes paid, players withdrawn."""
    floor_, desk = state.floor, state.desk
    tables = state.tables.values()
    return {
        "hand_for_hand": state.hand_for_hand,
        "called": floor_.called,
        "street_by_street": floor_.street_by_street,
        "held": sorted(floor_.held),
        "balancing": floor_.balancing,
        "table_size": seats_per_table(state),
        "largest_table_size": min((len(t.seats) for t in tables), default=0),
        "no_button": sorted(
            t.number for t in tables if t.last is None and t.number not in state.buttons
        ),
        "registration_open": not desk.registration_closed,
        "cancelled": desk.cancelled,
        "reentry": state.config_.ruleset.tournament.reentry_allowed,
        "id_checked": sorted(desk.id_checked),
        "paid": dict(desk.paid),
        "withdrawn": sorted(desk.withdrawn),
        "chips": list(state.config_.structure.chips),
    }
