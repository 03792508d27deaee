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
from datetime import UTC, date, datetime
from typing import Any, TypeVar

from floorman.errors import MalformedInputError
from floorman.service import desk_commands as desk
from floorman.service import director_commands as director
from floorman.service import floor_commands as floor
from floorman.service import money_commands as money
from floorman.service import official_commands as officials
from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import TournamentEvent
from floorman.tournament.floor.table_hand import HandResult

C = TypeVar("C")
TE = TournamentEvent
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
    """A buy-in (a late entry once the event has started, seated by draw). ``birth_date``
    (ISO, ``YYYY-MM-DD``) is checked against the profile's minimum age on the day of ``at``."""

    player: str
    name: str
    birth_date: str | None = None


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
class NextLevel:
    """End the level or break in progress now: the next item of the structure starts."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTimeLeft:
    """The time left in the level or break in progress, in seconds."""

    seconds: float


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordHand:
    """A finished hand at one table, summed up (``table_hand.result_of``)."""

    result: HandResult
    rebuys: tuple[str, ...] = ()
    """Players this hand busted who buy back in before the next hand (Poland §18.2)."""


def _register(t: Tournament, c: Register, at: float, rng: random.Random) -> Sequence[TE]:
    born = None if c.birth_date is None else _iso_date(c.birth_date, "birth_date")
    on = datetime.fromtimestamp(at, tz=UTC).date() if born is not None else None
    return t.register(player=c.player, name=c.name, at=at, rng=rng, birth_date=born, on=on)


def _iso_date(text: str, field: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise MalformedInputError(
            f"{field} must be a date as YYYY-MM-DD, not {text!r}", constraint=field
        ) from None


register("register", Register, _register)
register("start", Start, lambda t, c, at, rng: t.start(at=at, rng=rng))
register("pause", Pause, lambda t, c, at, rng: t.pause(at=at))
register("resume", Resume, lambda t, c, at, rng: t.resume(at=at))
register("add-time", AddTime, lambda t, c, at, rng: t.add_time(seconds=c.seconds, at=at))
register("next-level", NextLevel, lambda t, c, at, rng: t.next_level(at=at))
register(
    "set-time-left", SetTimeLeft, lambda t, c, at, rng: t.set_time_left(seconds=c.seconds, at=at)
)
register(
    "record-hand",
    RecordHand,
    lambda t, c, at, rng: t.record_hand(c.result, at=at, rng=rng, rebuys=c.rebuys),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rebuy:
    entry: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AddOn:
    entry: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkAbsent:
    entry: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkPresent:
    entry: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Penalty:
    """A penalty from the profile's catalogue; ``step`` names one instead of the next."""

    entry: str
    offence: str
    by_role: str
    step: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Misdeal:
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StartHand:
    """A hand is dealt at ``table`` now (its re-deal after a misdeal, R35-C)."""

    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ProposeDeal:
    method: str
    keep_for_winner: int = 0
    amounts: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Consent:
    entry: str
    agree: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class RaceChips:
    """The chip race of the colour-up break the clock has reached."""


register("rebuy", Rebuy, lambda t, c, at, rng: t.rebuy(entry=c.entry, at=at))
register("add-on", AddOn, lambda t, c, at, rng: t.add_on(entry=c.entry, at=at))
register("mark-absent", MarkAbsent, lambda t, c, at, rng: t.mark_absent(entry=c.entry, at=at))
register(
    "mark-present",
    MarkPresent,
    lambda t, c, at, rng: t.mark_present(entry=c.entry, at=at, rng=rng),
)
register(
    "penalty",
    Penalty,
    lambda t, c, at, rng: t.give_penalty(
        entry=c.entry, offence=c.offence, by_role=c.by_role, at=at, step=c.step, rng=rng
    ),
)
register("misdeal", Misdeal, lambda t, c, at, rng: t.record_misdeal(table=c.table, at=at))
register("start-hand", StartHand, lambda t, c, at, rng: t.start_hand(c.table, at=at))
register("confiscate-chips", officials.ConfiscateChips, officials.confiscate_chips)
register("record-ruling", officials.RecordRuling, officials.record_ruling)
register("call-director", officials.CallDirector, officials.call_director)
register("override-table-ruling", officials.OverrideTableRuling, officials.override_table_ruling)
register(
    "propose-deal",
    ProposeDeal,
    lambda t, c, at, rng: t.propose_deal(
        method=c.method, at=at, keep_for_winner=c.keep_for_winner, amounts=c.amounts, rng=rng
    ),
)
register("consent", Consent, lambda t, c, at, rng: t.consent(entry=c.entry, at=at, agree=c.agree))
register("race-chips", RaceChips, lambda t, c, at, rng: t.race_chips(at=at, rng=rng))

# The director's console (a live event without dealer tablets): service/director_commands.py.
register("bust", director.Bust, director.bust)
register("hand-done", director.HandDone, director.hand_done)
register("chip-count", director.ChipCount, director.chip_count)
register("move-player", director.MovePlayer, director.move_player)
register("open-table", director.OpenTable, director.open_table)
register("close-table", director.CloseTable, director.close_table)
register("confirm-move", director.ConfirmMove, director.confirm_move)
register("end-day", director.EndDay, director.end_day)

# The director's floor decisions (hand-for-hand, balancing, table size): service/floor_commands.py.
for _name, _type, _handler in floor.FLOOR_COMMANDS:
    register(_name, _type, _handler)

# The entry desk and the organiser (withdrawals, IDs, changes): service/desk_commands.py.
for _name, _type, _handler in desk.DESK_COMMANDS:
    register(_name, _type, _handler)

# The payout plan, the ledger's lines and the books closed (issue 18): service/money_commands.py.
for _name, _type, _handler in money.MONEY_COMMANDS:
    register(_name, _type, _handler)
