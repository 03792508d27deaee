"""An online hand as stored records, and a player's action as JSON.

A server-dealt hand keeps its own stream in the event store: first the hand's setup (the
tournament's :class:`~floorman.tournament.floor.table_hand.HandSetup`, which carries the engine's
``HandConfig``), then every engine event in order, then a closing record once the tournament
has recorded the hand (or voided it). The records use the service codec, so the hand reads
back as ``Hand.from_events(setup.config, events)``: a fold, checking nothing again.
"""

from __future__ import annotations

from typing import Any

from floorman.cards.card import parse_cards
from floorman.engine import events as engine_events
from floorman.engine.actions import (
    Action,
    BringIn,
    Call,
    Check,
    Discard,
    Fold,
    Muck,
    Raise,
    Show,
)
from floorman.engine.events import Event
from floorman.errors import MalformedInputError
from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.service.store import NewRecord, StoredRecord
from floorman.tournament.floor.table_hand import HandSetup

HAND_STREAM = "online-hand"
"""The kind of an online hand's stream in the event store."""
SETUP = "hand-setup"
CLOSED = "hand-closed"
RECORDING = "online-hand:"
"""Prefix of the idempotency key of the ``record-hand`` command that records an online hand,
followed by the hand's stream: a retry records the hand once, and the records find the hand
of each recorded ``HandPlayed`` through it (:mod:`floorman.service.log_readers.stored_log`)."""


def _event_types() -> dict[str, type[Any]]:
    found: dict[str, type[Any]] = {}
    for cls in vars(engine_events).values():
        kind = getattr(cls, "kind", None)
        if isinstance(cls, type) and isinstance(kind, str):
            found[kind] = cls
    return found


EVENT_TYPES = _event_types()
"""Every engine event class by its ``kind``."""


def setup_record(setup: HandSetup) -> NewRecord:
    return NewRecord(kind=SETUP, schema_version=1, data=encode_dataclass(setup))


def event_record(event: Event) -> NewRecord:
    return NewRecord(
        kind=f"hand:{type(event).kind}",
        schema_version=type(event).version,
        data=encode_dataclass(event),
    )


def closed_record(*, outcome: str, tournament_version: int | None, reason: str = "") -> NewRecord:
    """``outcome`` is ``recorded`` (the tournament has the hand) or ``void``."""
    data = {"outcome": outcome, "tournament_version": tournament_version, "reason": reason}
    return NewRecord(kind=CLOSED, schema_version=1, data=data)


def is_hand_event(record: StoredRecord) -> bool:
    """Whether ``record`` is one of the engine's events (not the setup, the deck's commitment
    or reveal, or the closing)."""
    return record.kind.startswith("hand:")


def read_setup(record: StoredRecord) -> HandSetup:
    if record.kind != SETUP:
        raise MalformedInputError(
            f"a hand stream starts with its setup, not {record.kind}", constraint="hand-stream"
        )
    return decode_dataclass(HandSetup, record.data)


def read_event(record: StoredRecord) -> Event:
    kind = record.kind.removeprefix("hand:")
    cls = EVENT_TYPES.get(kind)
    if cls is None or not record.kind.startswith("hand:"):
        raise MalformedInputError(f"{record.kind} is not a hand event", constraint="hand-stream")
    event: Event = decode_dataclass(cls, record.data)
    return event


# --- a player's action ---------------------------------------------------------------------------

SIMPLE: dict[str, Action] = {
    "fold": Fold(),
    "check": Check(),
    "call": Call(),
    "bring-in": BringIn(),
    "muck": Muck(),
    "show": Show(),
}
ACTIONS = (*SIMPLE, "raise", "bet", "discard")


def action_from_dict(body: dict[str, Any]) -> Action:
    """``{"action": "raise", "to": 600}``, ``{"action": "discard", "cards": ["Ah", "Kd"]}``,
    ``{"action": "fold"}``... "raise" and "bet" are both to a total for the street (R43-B)."""
    name = body.get("action")
    if not isinstance(name, str) or name not in ACTIONS:
        raise MalformedInputError(
            f"action must be one of {', '.join(ACTIONS)}", constraint="action"
        )
    if name in SIMPLE:
        return SIMPLE[name]
    if name == "discard":
        cards = body.get("cards", [])
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise MalformedInputError(
                "cards must be a list such as ['Ah', 'Kd']", constraint="cards"
            )
        return Discard(tuple(int(c) for c in parse_cards(cards)))
    to = body.get("to")
    if isinstance(to, bool) or not isinstance(to, int) or to <= 0:
        raise MalformedInputError(
            f"{name} needs 'to', a whole number of chips", constraint="amount"
        )
    return Raise(to)
