"""The commands a client sends to a tournament, as typed values, and the registry that runs them.

Each command is a frozen dataclass of plain values (the same kinds the codec writes), so the
API turns a JSON body into one with :func:`command_from_dict` (every field checked, a wrong one
named in the refusal) and the command log stores it with :func:`command_to_dict`. The registry
maps a command's name to its class and to the handler that calls the aggregate with the
service's moment ``at`` and random source ``rng``.

Adding a command is a few lines next to the aggregate method it calls::

    @dataclass(frozen=True, slots=True, kw_only=True)
    class Rebuy:
        entry: str

    register("rebuy", Rebuy, lambda t, c, at, rng: t.rebuy(entry=c.entry, at=at))

Creating a tournament is not a registered command: it makes the stream (see ``core.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from floorman.errors import MalformedInputError
from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import TournamentEvent
from floorman.tournament.table_hand import HandResult

C = TypeVar("C")
Handler = Callable[[Tournament, Any, float, random.Random], Sequence[TournamentEvent]]


@dataclass(frozen=True, slots=True)
class CommandSpec:
    name: str
    type: type[Any]
    handler: Handler


COMMANDS: dict[str, CommandSpec] = {}
"""Every command by name."""
_BY_TYPE: dict[type[Any], CommandSpec] = {}


def register(
    name: str,
    command_type: type[C],
    handler: Callable[[Tournament, C, float, random.Random], Sequence[TournamentEvent]],
) -> None:
    """Make ``command_type`` a command called ``name``, run by ``handler(tournament, command,
    at, rng)``, which returns the events the aggregate decided."""
    if name in COMMANDS or command_type in _BY_TYPE:
        raise ValueError(f"command {name!r} ({command_type.__name__}) is registered already")
    spec = CommandSpec(name, command_type, handler)
    COMMANDS[name] = spec
    _BY_TYPE[command_type] = spec


def spec_of(command: object) -> CommandSpec:
    """The registry entry of a command value."""
    spec = _BY_TYPE.get(type(command))
    if spec is None:
        raise MalformedInputError(
            f"{type(command).__name__} is not a command; commands: {', '.join(COMMANDS)}",
            constraint="command",
        )
    return spec


def command_from_dict(name: str, payload: object) -> Any:
    """The command ``name`` built from a JSON object; refuses an unknown name, and a missing,
    unknown or ill-typed field naming it (:class:`~floorman.service.codec.FieldError`)."""
    spec = COMMANDS.get(name)
    if spec is None:
        raise MalformedInputError(
            f"unknown command {name!r}; commands: {', '.join(sorted(COMMANDS))}",
            constraint="command",
        )
    return decode_dataclass(spec.type, {} if payload is None else payload)


def command_to_dict(command: object) -> tuple[str, dict[str, Any]]:
    """The command's name and its JSON object, as :func:`command_from_dict` reads them."""
    return spec_of(command).name, encode_dataclass(command)


def run(
    tournament: Tournament, command: object, *, at: float, rng: random.Random
) -> tuple[TournamentEvent, ...]:
    """Decide ``command`` on ``tournament`` (applying the events to it)."""
    return tuple(spec_of(command).handler(tournament, command, at, rng))


# --- the tournament's commands ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Register:
    """A buy-in (a late entry once the event has started, seated by draw)."""

    player: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Start:
    """Seat draw, buttons, payouts, and the clock running."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Pause:
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Resume:
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class AddTime:
    """More (or, negative, less) time for the item of the structure in progress."""

    seconds: float


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordHand:
    """A finished hand at one table, summed up (``table_hand.result_of``)."""

    result: HandResult


register(
    "register",
    Register,
    lambda t, c, at, rng: t.register(player=c.player, name=c.name, at=at, rng=rng),
)
register("start", Start, lambda t, c, at, rng: t.start(at=at, rng=rng))
register("pause", Pause, lambda t, c, at, rng: t.pause(at=at))
register("resume", Resume, lambda t, c, at, rng: t.resume(at=at))
register("add-time", AddTime, lambda t, c, at, rng: t.add_time(seconds=c.seconds, at=at))
register("record-hand", RecordHand, lambda t, c, at, rng: t.record_hand(c.result, at=at, rng=rng))
