"""The director's rulings at the tables: every table's rulings, his override of any of them,
and the dealer's call for him (TDA R1, Belarus 7.3.1, Poland §1.6).

- ``GET /tournaments/{id}/rulings?recorded=`` (director, floor): per table, the hand in
  play's rulings with their rules, the ones the director may override now and how, the
  dealer's call if it waits; then every ruling of the recorded hands (as the results list
  them), newest last, unless ``recorded=false``.
  The hands in play are those the tablets last showed (:mod:`floorman.web.hands_in_play`).
- ``POST /tournaments/{id}/tables/{t}/rulings/override`` (director, floor) ``{target,
  choice, action?, to?, reason, setup?, steps?}``: his ``choice`` in place of the ruling at
  ``target`` of the table's hand in play (the one the tablet sends, else the one it last
  showed). It is checked on the hand first (a typed 422 naming the constraint:
  ``override-target``, ``director-option``, ``override-action``, ``director-reason``; 409
  ``no-hand-in-play``), then recorded by the ``override-table-ruling`` command; the answer
  is the command's, with the hand as it now stands (``hand``).
- ``POST /tournaments/{id}/tables/{t}/rulings/call`` (dealer of the table, director, floor)
  ``{reason}``: the director is called to the table (``call-director``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from floorman.live.director import override_targets
from floorman.records.table_rulings import table_ruling_records
from floorman.rules.ruling import RuleRef
from floorman.service.api.context import context, guard, reading
from floorman.service.api.errors import Conflict, ruling_dict
from floorman.service.api.roles import Grant
from floorman.service.api.routes_commands import IdempotencyKey, execute
from floorman.service.log_readers.stored_log import read_log
from floorman.tournament.events import HandPlayed
from floorman.tournament.floor.table_hand import HandSetup
from floorman.tournament.structure.mixed_order import stud_back_to_back
from floorman.web.dealer_overrides import instead_of
from floorman.web.dealer_steps import Step
from floorman.web.hands_in_play import hands_in_play, in_play
from floorman.web.rulings_view import call_json, hand_rulings, overrides_json
from floorman.web.tablet_routes import (
    StepBody,
    entry_names,
    hand_answer,
    read_setup,
    read_steps,
    replay_hand,
    table_floor,
)

router = APIRouter(tags=["web"])
TABLE = "/tournaments/{tournament_id}/tables/{table}/rulings"


class OverrideBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: int = Field(ge=0, le=100_000)
    choice: str = Field(min_length=1, max_length=32)
    action: Literal["", "fold", "check", "call", "raise", "bring-in"] = ""
    to: int | None = Field(default=None, ge=1, le=10**12)
    reason: str = Field(max_length=500)
    setup: dict[str, Any] | None = None
    steps: list[StepBody] = Field(default_factory=list, max_length=500)


class CallBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: str = Field(default="", max_length=500)


@router.get("/tournaments/{tournament_id}/rulings", name="console_rulings")
def rulings(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("console_rulings"))],
    recorded: Annotated[
        bool, Query(description="With the recorded hands' rulings (read from the whole log).")
    ] = True,
) -> dict[str, Any]:
    """``{tables: [{table, steps, called, rulings, overridable, lapsed}], recorded: [...],
    stud_back_to_back}``: every table's rulings now, and those of the recorded hands
    (``recorded=false``: none, a light read for the console's other tabs)."""
    with reading(context(request), tournament_id) as loaded:
        state = loaded.tournament.state
        tables = sorted(state.tables)
        calls = state.calls
        done = dict(calls.done)
        names = {e.entry: e.name for e in state.entries.values()}
        advice = stud_back_to_back(loaded.tournament.config.structure)
        profile = loaded.tournament.config.ruleset.profile
    in_play = hands_in_play(request).of(tournament_id, done)
    listed = []
    for table in tables:
        row: dict[str, Any] = {
            "table": table,
            "steps": None,
            "called": call_json(calls.called.get(table)),
            "overrides": overrides_json(calls.overrides.get(table, ())),
            "rulings": [],
            "overridable": [],
            "lapsed": [],
        }
        hand = in_play.get(table)
        if hand is not None:
            floor = table_floor(request, tournament_id, hand.setup)
            replayed = replay_hand(hand.setup, list(hand.steps), floor)
            row.update(steps=len(hand.steps), **hand_rulings(hand.setup, replayed, names))
        listed.append(row)
    return {
        "tables": listed,
        "recorded": _recorded(request, tournament_id, names) if recorded else [],
        "stud_back_to_back": list(advice),
        "rule": str(RuleRef(profile, "RP-18")) if advice else None,
    }


def _recorded(request: Request, tournament_id: str, names: dict[str, str]) -> list[Any]:
    log = read_log(context(request).service.store, tournament_id)
    return [
        {
            "at": r.at,
            "hand": r.hand,
            "table": r.table,
            "kind": r.kind,
            "ruling": ruling_dict(r.ruling),
            "rule": f"{r.profile} {r.rule}",
            "decided_by": r.decided_by,
            "name": names.get(r.entry, r.entry) if r.entry else None,
            "outcome": r.outcome,
            "reason": r.reason,
        }
        for event in log.events
        if isinstance(event, HandPlayed)
        for r in table_ruling_records(event)
    ]


@router.post(f"{TABLE}/override", name="table_override")
def override(
    request: Request,
    response: Response,
    tournament_id: str,
    table: int,
    body: OverrideBody,
    grant: Annotated[Grant, Depends(guard("table_override"))],
    idempotency_key: IdempotencyKey = None,
) -> dict[str, Any]:
    """The director's override of a ruling of the table's hand in play, checked on the
    hand, then on the record."""
    setup, steps = _hand(request, tournament_id, table, body)
    floor = table_floor(request, tournament_id, setup)
    replayed = replay_hand(setup, steps, floor)
    by = grant.role.value
    instead = instead_of(body.action, body.to)
    override_targets.apply(
        replayed.live, body.target, body.choice, by=by, reason=body.reason, instead=instead
    )
    payload = {
        "table": table,
        "after_step": len(steps),
        "target": body.target,
        "choice": body.choice,
        "reason": body.reason,
        "action": body.action,
        "to": body.to,
        "by_role": by,
    }
    answer = execute(
        request,
        grant,
        tournament_id,
        "override-table-ruling",
        payload,
        if_match=None,
        query_version=None,
        key=idempotency_key,
    )
    response.headers["ETag"] = answer.headers["ETag"]
    recorded: dict[str, Any] = json.loads(bytes(answer.body))
    now = table_floor(request, tournament_id, setup)
    after = replay_hand(setup, steps, now)
    names = entry_names(request, tournament_id)
    hand = {**hand_answer(setup, after, names), **hand_rulings(setup, after, names)}
    return {**recorded, "hand": hand}


def _hand(
    request: Request, tournament_id: str, table: int, body: OverrideBody
) -> tuple[HandSetup, list[Step]]:
    """The hand the override is about: the one sent, else the one the tablet last showed."""
    if body.setup is not None:
        return read_setup(request, tournament_id, table, body.setup), read_steps(body.steps)
    hand = in_play(request, tournament_id, table)
    if hand is None:
        raise Conflict(f"no hand is in play at table {table}", constraint="no-hand-in-play")
    return hand.setup, list(hand.steps)


@router.post(f"{TABLE}/call", name="table_call")
def call(
    request: Request,
    response: Response,
    tournament_id: str,
    table: int,
    body: CallBody,
    grant: Annotated[Grant, Depends(guard("table_call"))],
    idempotency_key: IdempotencyKey = None,
) -> dict[str, Any]:
    """The director called to the table."""
    answer = execute(
        request,
        grant,
        tournament_id,
        "call-director",
        {"table": table, "reason": body.reason},
        if_match=None,
        query_version=None,
        key=idempotency_key,
    )
    response.headers["ETag"] = answer.headers["ETag"]
    called: dict[str, Any] = json.loads(bytes(answer.body))
    return called
