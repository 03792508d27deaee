"""What the online tables' routes answer, whichever process took the request: the routes call
these where the tables are dealt, and the owner calls them for a request forwarded to it
(:mod:`~floorman.service.api.online_forwarding`)."""

from __future__ import annotations

from typing import Any

from floorman.engine.views import director_view, public_view, seat_view
from floorman.service.api.errors import NotFound
from floorman.service.api.online import OnlineTables
from floorman.service.api.online_codec import action_from_dict
from floorman.service.api.online_hand import LiveHand
from floorman.service.api.roles import Grant, Role


def hand_for(grant: Grant, live: LiveHand) -> dict[str, Any]:
    """The hand as this caller may see it: staff everything, a dealer the face-up cards, a
    player his own cards too."""
    if grant.role in (Role.DIRECTOR, Role.FLOOR):
        view = director_view(live.hand)
    elif grant.role is Role.PLAYER and (seat := live.seat_of(grant.entry or "")) is not None:
        view = seat_view(live.hand, seat)
    else:
        view = public_view(live.hand)
    seats = [{"seat": s, "entry": e} for s, e in enumerate(live.setup.seats)]
    return {
        "table": live.table,
        "hand": live.stream,
        "seats": seats,
        "view": view.as_dict(),
        "commitment": live.committed,  # the deck's SHA-256, published from the first card
    }


def dealt(online: OnlineTables, grant: Grant, tournament: str, table: int) -> dict[str, Any]:
    """Deal the next hand at ``table``; the hand as ``grant`` sees it."""
    live = online.deal(tournament, table, actor=grant.role.value)
    with online.holding():
        return hand_for(grant, live)


def looked_at(online: OnlineTables, grant: Grant, tournament: str, table: int) -> dict[str, Any]:
    """The hand being dealt at ``table`` as ``grant`` sees it."""
    with online.holding():
        live = online.live(tournament, table)
        if live is None:
            raise NotFound(f"a hand at table {table}")
        return hand_for(grant, live)


def acted(
    online: OnlineTables,
    grant: Grant,
    tournament: str,
    table: int,
    fields: dict[str, Any],
    idempotency_key: str | None,
) -> dict[str, Any]:
    """The player's action (``fields``: the checked body); the kinds of the events it led to
    and the hand as he sees it next."""
    assert grant.entry is not None
    events = online.act(
        tournament,
        table,
        grant.entry,
        action_from_dict(fields),
        payload=fields,  # what the schema holds, nothing else the body carried
        idempotency_key=idempotency_key,
    )
    with online.holding():
        live = online.live(tournament, table)
        hand = None if live is None else hand_for(grant, live)
    # Only the kinds: the events themselves hold cards (burns, other players' stud and draw
    # cards) that only the director may read; the player reads the hand through his view.
    return {"events": [e.kind for e in events], "next": hand}
