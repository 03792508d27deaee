"""The player database over HTTP (issue 18): search as you type, people, duplicates and their
merge, a player's page, registration of a person in an event, and his privacy (export,
anonymise, erase).

Every route is a director's (:data:`~floorman.service.api.roles.Reach.CLUB`: the server's
token or any event's director token), since the people are the club's, not one event's.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from pydantic import BaseModel, Field

from floorman.errors import MalformedInputError
from floorman.service.api.context import ApiContext, context, guard, reading
from floorman.service.api.errors import NotFound
from floorman.service.api.roles import Grant
from floorman.service.api.routes_commands import IdempotencyKey, outcome_dict, run_command
from floorman.service.core import UnknownStream
from floorman.service.name_erasure import erase_name
from floorman.service.people import Person, anonymous_name
from floorman.service.person_history import check_age_known, check_may_enter, history

router = APIRouter(tags=["people"])

PersonId = Annotated[int, Path(ge=1, le=2**31 - 1, description="A person's id.")]


class PersonBody(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    contact: str | None = Field(default=None, max_length=200)
    birth_date: str | None = Field(default=None, max_length=10, description="YYYY-MM-DD.")
    number: str | None = Field(default=None, max_length=64, description="Federation number.")
    notes: str | None = Field(default=None, max_length=2000)


class PersonChange(BaseModel):
    name: str | None = Field(default=None, min_length=1, max_length=200)
    contact: str | None = Field(default=None, max_length=200)
    birth_date: str | None = Field(default=None, max_length=10)
    number: str | None = Field(default=None, max_length=64)
    notes: str | None = Field(default=None, max_length=2000)


class MergeBody(BaseModel):
    other: int = Field(
        ge=1, le=2**31 - 1, description="The person folded into this one (then deleted)."
    )
    confirm: bool = Field(default=False, description="The director's confirmation.")


def _person(ctx: ApiContext, person_id: int) -> Person:
    person = ctx.service.store.people.get(person_id)
    if person is None:
        raise NotFound(f"person {person_id}")
    return person


@router.get("/people", name="people_search")
def search_people(
    request: Request,
    grant: Annotated[Grant, Depends(guard("people_search"))],
    q: Annotated[str, Query(min_length=1, max_length=100)],
) -> list[dict[str, Any]]:
    """People whose name (any word's start, any order, accents ignored) or number matches
    ``q``, then the nearest spellings: the registration form asks as the director types."""
    return [p.as_dict() for p in context(request).service.store.people.search(q)]


@router.post("/people", name="people_create", status_code=201)
def create_person(
    request: Request, body: PersonBody, grant: Annotated[Grant, Depends(guard("people_create"))]
) -> dict[str, Any]:
    """A new person; ``similar`` lists the people already known under a like name (possible
    duplicates, for the director to merge)."""
    ctx = context(request)
    people = ctx.service.store.people
    person = people.create(at=ctx.clock(), **body.model_dump())
    similar = people.similar_to(person.name, besides=person.id)
    return {**person.as_dict(), "similar": [p.as_dict() for p in similar]}


@router.get("/people/duplicates", name="people_duplicates")
def duplicates(
    request: Request, grant: Annotated[Grant, Depends(guard("people_duplicates"))]
) -> list[dict[str, Any]]:
    """Pairs of people whose names look like one spelt twice."""
    pairs = context(request).service.store.people.duplicates()
    return [{"first": a.as_dict(), "second": b.as_dict()} for a, b in pairs]


@router.get("/people/{person_id}", name="people_get")
def get_person(
    request: Request, person_id: PersonId, grant: Annotated[Grant, Depends(guard("people_get"))]
) -> dict[str, Any]:
    """His page: the person, his events with finishes, prizes and penalties, his bans."""
    ctx = context(request)
    person = _person(ctx, person_id)
    return history(ctx.service, person, ctx.service.store.people.links_of(person_id))


@router.patch("/people/{person_id}", name="people_update")
def update_person(
    request: Request,
    person_id: PersonId,
    body: PersonChange,
    grant: Annotated[Grant, Depends(guard("people_update"))],
) -> dict[str, Any]:
    ctx = context(request)
    _person(ctx, person_id)
    changed = ctx.service.store.people.update(person_id, **body.model_dump(exclude_unset=True))
    assert changed is not None
    return changed.as_dict()


@router.post("/people/{person_id}/merge", name="people_merge")
def merge_people(
    request: Request,
    person_id: PersonId,
    body: MergeBody,
    grant: Annotated[Grant, Depends(guard("people_merge"))],
) -> dict[str, Any]:
    """Fold ``other`` into this person, once the director confirms (``confirm``)."""
    ctx = context(request)
    if body.other == person_id:
        raise MalformedInputError("a person cannot be merged into himself", constraint="merge")
    _person(ctx, person_id)
    _person(ctx, body.other)
    if not body.confirm:
        raise MalformedInputError(
            "a merge needs the director's confirmation (confirm: true)", constraint="confirm"
        )
    merged = ctx.service.store.people.merge(person_id, body.other)
    assert merged is not None
    return history(ctx.service, merged, ctx.service.store.people.links_of(person_id))


@router.get("/people/{person_id}/export", name="people_export")
def export_person(
    request: Request, person_id: PersonId, grant: Annotated[Grant, Depends(guard("people_export"))]
) -> Response:
    """Everything the server keeps about him, as a JSON file (his right of access)."""
    ctx = context(request)
    person = _person(ctx, person_id)
    data = history(ctx.service, person, ctx.service.store.people.links_of(person_id))
    body = json.dumps(data, ensure_ascii=False, indent=2)
    disposition = f'attachment; filename="person-{person_id}.json"'
    return Response(
        body, media_type="application/json", headers={"Content-Disposition": disposition}
    )


def _forget_names(ctx: ApiContext, person: Person) -> None:
    """His names replaced by "Player N" in the logs of every event he played."""
    links = ctx.service.store.people.links_of(person.id)
    names = {person.name}
    for link in links:
        try:
            with ctx.service.reading(link.tournament_id) as loaded:
                state = loaded.tournament.state
                names |= {state.entries[e].name for e in state.entries_of.get(link.player, ())}
        except UnknownStream:
            continue
    streams = [link.tournament_id for link in links]
    for name in sorted(names, key=len, reverse=True):
        erase_name(ctx.service.store.engine, streams, name, anonymous_name(person.id))
    for stream in streams:
        ctx.service.forget(stream)
        ctx.publisher.publish(stream)


@router.post("/people/{person_id}/anonymise", name="people_anonymise")
def anonymise_person(
    request: Request,
    person_id: PersonId,
    grant: Annotated[Grant, Depends(guard("people_anonymise"))],
) -> dict[str, Any]:
    """He becomes "Player N" everywhere, his places and prizes kept; his contact, birth date,
    number and notes are gone."""
    ctx = context(request)
    person = _person(ctx, person_id)
    _forget_names(ctx, person)
    changed = ctx.service.store.people.anonymise(person_id)
    assert changed is not None
    return history(ctx.service, changed, ctx.service.store.people.links_of(person_id))


@router.delete("/people/{person_id}", name="people_erase", status_code=204)
def erase_person(
    request: Request, person_id: PersonId, grant: Annotated[Grant, Depends(guard("people_erase"))]
) -> Response:
    """Erase him: his names leave the logs (as "Player N") and his person row goes."""
    ctx = context(request)
    person = _person(ctx, person_id)
    _forget_names(ctx, person)
    ctx.service.store.people.erase(person_id)
    return Response(status_code=204)


@router.post("/tournaments/{tournament_id}/people/{person_id}/entries", name="people_register")
def register_person(
    request: Request,
    tournament_id: str,
    person_id: PersonId,
    grant: Annotated[Grant, Depends(guard("people_register"))],
    idempotency_key: IdempotencyKey = None,
) -> dict[str, Any]:
    """Register this person in the event under his person's player id (his link), unless a
    ban from another of the organiser's events keeps him out (409 citing the rule); his birth
    date goes with him, so a rulebook's minimum age (Belarus 1.1) is checked, and without one
    such a rulebook refuses him (422)."""
    ctx = context(request)
    person = _person(ctx, person_id)
    with reading(ctx, tournament_id):
        pass
    people = ctx.service.store.people
    check_may_enter(ctx.service, person, people.links_of(person_id), tournament_id)
    check_age_known(ctx.service, person, tournament_id)
    payload = {"player": person.player, "name": person.name, "birth_date": person.birth_date}
    outcome = run_command(
        ctx,
        grant,
        tournament_id,
        "register",
        payload,
        if_match=None,
        query_version=None,
        key=idempotency_key,
    )
    people.link(person_id, tournament_id, person.player, ctx.clock())
    return {**outcome_dict(outcome), "person": person.as_dict()}
