"""Who may record what, and whom the record names as its author (issue 20, item 1).

A hand's result and a ruling are records others rely on: the places, the prizes, the
protocols. So:

- at a tournament the server deals, only the server records its hands
  (:func:`refuse_at_server_dealt`): a dealer's made-up result would bust players whose hand
  the server is still dealing;
- a ruling's author is the token that sends it, never a field of the body: a hand result's
  decisions and overrides (:func:`authored`) and a command naming its official
  (:func:`signed_by_role`) are signed by the caller's role.
"""

from __future__ import annotations

import dataclasses

from floorman.service.api.context import ApiContext
from floorman.service.api.errors import Conflict
from floorman.service.api.roles import Grant, Role
from floorman.service.commands import COMMANDS
from floorman.tournament.officials.hand_rulings import RulingKind

SERVER_RECORDED = frozenset({"record-hand"})
"""Commands that record a hand's result: at a server-dealt tournament only the server itself
sends them (:mod:`~floorman.service.api.online` records each hand it deals), so no token
records a hand there, and no one can bust the players of a hand still being dealt."""


def refuse_at_server_dealt(ctx: ApiContext, tournament_id: str, name: str) -> None:
    """409 (constraint ``server-dealt``) for a result sent by a client where the server deals."""
    online = ctx.online
    if name in SERVER_RECORDED and online is not None and online.is_online(tournament_id):
        raise Conflict(
            "the server deals this tournament's hands and records their results itself",
            constraint="server-dealt",
        )


def authored(grant: Grant, payload: object) -> object:
    """A hand result sent in a body, its rulings' authors put right: a decision or override
    is the caller's (its token's role), never what the body says it is (``decided_by``)."""
    if not isinstance(payload, dict):
        return payload
    result = payload.get("result")
    rulings = result.get("rulings") if isinstance(result, dict) else None
    if not isinstance(result, dict) or not isinstance(rulings, list):
        return payload
    decisions = {RulingKind.DECISION.value, RulingKind.OVERRIDE.value}
    signed = [
        {**r, "decided_by": grant.role.value}
        if isinstance(r, dict) and r.get("kind") in decisions
        else r
        for r in rulings
    ]
    return {**payload, "result": {**result, "rulings": signed}}


def signed_by_role(grant: Grant, name: str, payload: object) -> object:
    """A command naming the official who acts (``by_role``: a penalty, a ruling, chips
    confiscated) is signed by the caller's role, whatever the body says, unless the caller is
    the director: he records the floor's rulings too, as the console lets him."""
    fields = {f.name for f in dataclasses.fields(COMMANDS[name].type)}
    if grant.role is Role.DIRECTOR or not isinstance(payload, dict) or "by_role" not in fields:
        return payload
    return {**payload, "by_role": grant.role.value}
