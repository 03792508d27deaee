"""Reading an event's records from files: the tournament's log and the hands dealt.

The log is the service's export of a tournament (:mod:`floorman.service.export`: JSON lines, a
header, then each command and the records it wrote); only the events of commands in force are
read, so an undone command leaves no trace in the results. A plain JSON list of encoded events
(``{"kind", "schema_version", "data"}``, :func:`floorman.service.codec.encode_event`) is read
too, for logs written without the service (:func:`write_event_list`).

The tournament's log sums hands up; the hands themselves (the engine's configuration and events
of each) come in a hands file, one JSON line per hand in the order they were recorded::

    {"setup": {...HandSetup...}, "events": [{"type": "HoleDealt", ...}, ...]}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from floorman.engine.events import Event
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.service.codec import (
    decode_dataclass,
    decode_event,
    decode_value,
    encode_dataclass,
    encode_event,
    encode_value,
)
from floorman.service.export import read_jsonl
from floorman.service.loading import event_of
from floorman.service.undo import UNDONE, in_force, read_undos
from floorman.tournament.events import TournamentEvent
from floorman.tournament.floor.table_hand import HandSetup


def read_event_log(path: str | Path) -> tuple[TournamentEvent, ...]:
    """The events in force of the tournament in ``path`` (an export, or a list of events).

    :raises MalformedInputError: unreadable, or not an event log (constraint ``event-log`` or
        the service reader's own).
    """
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise MalformedInputError(f"{file}: {error.strerror}", constraint="file") from None
    if text.lstrip().startswith("["):
        return _event_list(text, file)
    stream = read_jsonl(file)
    records = list(stream.records)
    commands = in_force([c.command for c in stream.commands], read_undos(records))
    kept = {c.id for c in commands}
    return tuple(
        event_of(record)
        for exported in stream.commands
        if exported.command.id in kept
        for record in exported.records
        if record.kind != UNDONE
    )


def _event_list(text: str, file: Path) -> tuple[TournamentEvent, ...]:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedInputError(f"{file}: not JSON ({error})", constraint="event-log") from None
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise MalformedInputError(f"{file}: expected a list of events", constraint="event-log")
    return tuple(decode_event(event) for event in raw)


def write_event_list(events: Iterable[object]) -> str:
    """A log as a JSON list of encoded events (what :func:`read_event_log` reads back)."""
    return json.dumps([encode_event(e) for e in events], ensure_ascii=False)


_EVENTS_HINT: Any = tuple[Event, ...]


def write_hands(played: Sequence[tuple[HandSetup, Hand]]) -> str:
    """The hands dealt, one JSON line each: the setup and the engine's events."""
    lines = (
        json.dumps(
            {
                "setup": encode_dataclass(setup),
                "events": encode_value(tuple(hand.events), _EVENTS_HINT),
            },
            ensure_ascii=False,
        )
        for setup, hand in played
    )
    return "".join(f"{line}\n" for line in lines)


def read_hands(path: str | Path) -> list[tuple[HandSetup, Hand]]:
    """The hands in a hands file, each rebuilt from its events.

    :raises MalformedInputError: unreadable, or a line that is not a hand (constraint
        ``hands-file``, naming the line).
    """
    file = Path(path)
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise MalformedInputError(f"{file}: {error.strerror}", constraint="file") from None
    return [_hand(line, number) for number, line in enumerate(lines, 1) if line.strip()]


def _hand(line: str, number: int) -> tuple[HandSetup, Hand]:
    try:
        raw = json.loads(line)
        setup = decode_dataclass(HandSetup, raw["setup"], path="setup")
        events = decode_value(raw["events"], _EVENTS_HINT, path="events")
    except (json.JSONDecodeError, KeyError, TypeError, MalformedInputError) as error:
        raise MalformedInputError(
            f"hands file line {number}: not a hand ({error})", constraint="hands-file"
        ) from None
    return setup, Hand.from_events(setup.config, events)
