"""A tournament's folded state as JSON, so that opening a long event does not replay it all.

A snapshot is only an optimisation: the state at a version, written by the generic codec.
Its ``format`` names the shape of :class:`~floorman.tournament.state.TournamentState` (every
field and type hint, down to the last nested dataclass): when someone changes the state, old
snapshots no longer match the format and are ignored, and the state is replayed from the
events instead. :data:`FORMAT_REVISION` is bumped by hand when the *meaning* of the state
changes without its shape (a fold that computes a field differently).

Replaying a snapshot and the events after it gives exactly the state of a full replay
(``tests/service/test_core.py`` checks it over simulated tournaments).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import typing
from typing import Any

from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.tournament.aggregate import Tournament
from floorman.tournament.state import TournamentState

FORMAT_REVISION = 1


def _shape(hint: Any, seen: set[Any]) -> str:
    """A text naming the type ``hint`` and, for dataclasses and enums, what they hold."""
    args = typing.get_args(hint)
    if args:
        inner = ",".join(_shape(a, seen) for a in args)
        return f"{_shape(typing.get_origin(hint), seen)}[{inner}]"
    name = getattr(hint, "__qualname__", repr(hint))
    if hint in seen or not isinstance(hint, type):
        return name
    seen.add(hint)
    if dataclasses.is_dataclass(hint):
        resolved = typing.get_type_hints(hint)
        fields = ";".join(
            f"{f.name}:{_shape(resolved[f.name], seen)}" for f in dataclasses.fields(hint)
        )
        return f"{name}{{{fields}}}"
    if issubclass(hint, enum.Enum):
        return f"{name}({','.join(str(m.value) for m in hint)})"
    return name


@functools.cache
def snapshot_format() -> str:
    """The format of snapshots this code writes and reads."""
    digest = hashlib.sha256(_shape(TournamentState, set()).encode()).hexdigest()
    return f"state-{FORMAT_REVISION}-{digest[:24]}"


def state_to_dict(state: TournamentState) -> dict[str, Any]:
    return encode_dataclass(state)


def state_from_dict(data: dict[str, Any]) -> TournamentState:
    return decode_dataclass(TournamentState, data)


def tournament_from_snapshot(data: dict[str, Any]) -> Tournament:
    """A tournament whose state is the snapshot's; its ``events`` list starts empty (the
    events before the snapshot are in the log, not in memory)."""
    tournament = Tournament()
    tournament.state = state_from_dict(data)
    return tournament
