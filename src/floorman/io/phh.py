"""PHH hand histories: whole hands read from and written to ``.phh`` and ``.phhs`` files.

PHH (https://github.com/uoftcprg/phh-std) is the open, TOML-based record of a poker hand that
pokerkit and the published hand datasets use. floorman reads it to replay real hands through its
engine and writes it so that other tools can check floorman's hands. This module is only the data
model and the text format: whether the actions are legal is the engine's call.

Choices made here:

* Chips are whole numbers in floorman. Integral floats (``500.0``) are read as ints; a fractional,
  infinite or negative chip amount is refused (``phh-chips``) instead of being rounded.
  :mod:`floorman.io.phh_units` reads decimal amounts (cents, half chips) by scaling them to
  whole units first; ``floorman hh replay`` uses it.
* The fields the engine needs are typed attributes of :class:`PhhHand`; every other field (the
  spec's optional fields, ``_user`` fields, fields of newer spec versions) is kept untouched in
  ``metadata``, so a hand reads and writes back the same.
* A known variant must carry the fields the spec requires for it (``phh-field``); an unknown
  variant code is kept as it is, and only needs ``variant``, ``starting_stacks`` and ``actions``.
* The standard library only reads TOML, so writing uses the small writer below.
"""

from __future__ import annotations

import datetime
import math
import os
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Final, TypeVar

from floorman.errors import MalformedInputError
from floorman.io.phh_actions import PhhAction, parse_action

__all__ = [
    "OPTIONAL_FIELDS",
    "REQUIRED_FIELDS",
    "PhhAction",
    "PhhHand",
    "dumps",
    "dumps_all",
    "hand_from_table",
    "load_path",
    "loads",
    "loads_all",
    "parse_action",
]

_T = TypeVar("_T")

_ALWAYS_REQUIRED: Final = ("variant", "starting_stacks", "actions")
_NO_LIMIT: Final = ("antes", "blinds_or_straddles", "min_bet")
_FIXED_LIMIT: Final = ("antes", "blinds_or_straddles", "small_bet", "big_bet")
_STUD: Final = ("antes", "bring_in", "small_bet", "big_bet")
REQUIRED_FIELDS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "FT": _FIXED_LIMIT,
        "NT": _NO_LIMIT,
        "NS": _NO_LIMIT,
        "PO": _NO_LIMIT,
        "FO/8": _FIXED_LIMIT,
        "F7S": _STUD,
        "F7S/8": _STUD,
        "FR": _STUD,
        "N2L1D": _NO_LIMIT,
        "F2L3D": _FIXED_LIMIT,
        "FB": _FIXED_LIMIT,
    }
)
"""The fields besides variant, stacks and actions that each known variant code requires."""

OPTIONAL_FIELDS: Final = (
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "ante_trimming_status",
    "time_limit",
    "time_banks",
)
"""The spec's optional fields, in the order the spec lists them and :func:`dumps` writes them."""

_TYPED_FIELDS: Final = frozenset(
    {
        *_ALWAYS_REQUIRED,
        *_FIXED_LIMIT,
        *_STUD,
        *_NO_LIMIT,
        "ante_trimming_status",
        "players",
        "finishing_stacks",
    }
)


def _no_metadata() -> Mapping[str, object]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class PhhHand:
    """One hand as PHH records it; player ``i`` is ``p{i + 1}`` in the actions.

    Per-player tuples follow the PHH player order (small blind first in button games), not the
    physical seats, which ``metadata["seats"]`` may give. Empty ``antes`` or
    ``blinds_or_straddles`` mean none; like pokerkit, the engine should read the entries missing
    from a shorter tuple as zeros.
    """

    variant: str
    starting_stacks: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    antes: tuple[int, ...] = ()
    blinds_or_straddles: tuple[int, ...] = ()
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    ante_trimming_status: bool = False
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int, ...] | None = None
    metadata: Mapping[str, object] = field(default_factory=_no_metadata, hash=False)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)


# --- reading ------------------------------------------------------------------------------------


def loads(text: str) -> PhhHand:
    """Read one hand from the text of a ``.phh`` file."""
    return _hand_from_table(_read_toml(text))


def loads_all(text: str) -> list[PhhHand]:
    """Read the hands of a ``.phhs`` file: one TOML table per hand, ``[1]``, ``[2]``, ..."""
    hands = []
    for key, table in _read_toml(text).items():
        if not isinstance(table, dict):
            raise _field_error(f"a .phhs file holds one table per hand, but {key!r} is not a table")
        try:
            hands.append(_hand_from_table(table))
        except MalformedInputError as exc:
            raise _located(f"hand [{key}]", exc) from exc
    return hands


def load_path(path: str | os.PathLike[str]) -> list[tuple[str, int, PhhHand]]:
    """Read a ``.phh`` or ``.phhs`` file, or every such file under a folder, in sorted order.

    Each hand comes as ``(file path, 0-based position in its file, hand)``; errors name the file.
    """
    root = Path(path)
    files = [root]
    if root.is_dir():
        files = sorted(p for p in root.rglob("*") if p.suffix in {".phh", ".phhs"} and p.is_file())
    return [(str(file), i, hand) for file in files for i, hand in enumerate(_load_file(file))]


def _load_file(file: Path) -> list[PhhHand]:
    try:
        text = file.read_text(encoding="utf-8")
        return loads_all(text) if file.suffix == ".phhs" else [loads(text)]
    except UnicodeDecodeError as exc:
        raise MalformedInputError(f"{file}: not UTF-8 text", constraint="phh-toml") from exc
    except MalformedInputError as exc:
        raise _located(str(file), exc) from exc


def _read_toml(text: str) -> dict[str, object]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MalformedInputError(f"not valid TOML: {exc}", constraint="phh-toml") from exc


def hand_from_table(table: Mapping[str, object]) -> PhhHand:
    """One hand from its TOML table as ``tomllib`` reads it (what :func:`loads` does after
    reading the text); :mod:`floorman.io.phh_units` hands it tables whose amounts it scaled."""
    return _hand_from_table(table)


def _hand_from_table(table: Mapping[str, object]) -> PhhHand:
    _require(table, _ALWAYS_REQUIRED)
    variant = _typed(table["variant"], str, "variant", "a string")
    _require(table, REQUIRED_FIELDS.get(variant, ()))
    hand = PhhHand(
        variant=variant,
        starting_stacks=_chip_tuple(table["starting_stacks"], "starting_stacks"),
        actions=_actions(table["actions"]),
        antes=_chip_tuple(table.get("antes", []), "antes"),
        blinds_or_straddles=_chip_tuple(
            table.get("blinds_or_straddles", []), "blinds_or_straddles"
        ),
        bring_in=_optional(table, "bring_in", _chips),
        small_bet=_optional(table, "small_bet", _chips),
        big_bet=_optional(table, "big_bet", _chips),
        min_bet=_optional(table, "min_bet", _chips),
        ante_trimming_status=_typed(
            table.get("ante_trimming_status", False), bool, "ante_trimming_status", "true or false"
        ),
        players=_optional(table, "players", _names),
        finishing_stacks=_optional(table, "finishing_stacks", _chip_tuple),
        metadata=MappingProxyType(
            {key: _frozen(value) for key, value in table.items() if key not in _TYPED_FIELDS}
        ),
    )
    _check_hand(hand)
    return hand


def _require(table: Mapping[str, object], names: Iterable[str]) -> None:
    for name in names:
        if name not in table:
            variant = table.get("variant")
            whose = f"{variant} hands" if name not in _ALWAYS_REQUIRED else "every hand"
            raise _field_error(f"missing field {name!r}, which {whose} must have")


def _optional(
    table: Mapping[str, object], name: str, read: Callable[[object, str], _T]
) -> _T | None:
    return read(table[name], name) if name in table else None


def _typed(value: object, kind: type[_T], name: str, expected: str) -> _T:
    if not isinstance(value, kind):
        raise _field_error(f"{name} must be {expected}, not {value!r}")
    return value


def _chips(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _field_error(f"{name} must be a number of chips, not {value!r}")
    if isinstance(value, float) and not value.is_integer():
        raise MalformedInputError(
            f"{name} is {value!r}, but floorman counts chips in whole units only",
            constraint="phh-chips",
        )
    if value < 0:
        raise MalformedInputError(f"{name} is negative ({value!r})", constraint="phh-chips")
    return int(value)


def _chip_tuple(value: object, name: str) -> tuple[int, ...]:
    items = _typed(value, list, name, "an array of chip amounts")
    return tuple(_chips(item, f"{name}[{i}]") for i, item in enumerate(items))


def _names(value: object, name: str) -> tuple[str, ...]:
    items = _typed(value, list, name, "an array of strings")
    return tuple(_typed(item, str, f"{name}[{i}]", "a string") for i, item in enumerate(items))


def _actions(value: object) -> tuple[PhhAction, ...]:
    texts = _names(value, "actions")
    actions = []
    for i, text in enumerate(texts):
        try:
            actions.append(parse_action(text))
        except MalformedInputError as exc:
            raise _located(f"actions[{i}]", exc) from exc
    return tuple(actions)


def _frozen(value: object) -> object:
    """An immutable copy of a TOML value: arrays become tuples and tables read-only mappings."""
    if isinstance(value, dict):
        return MappingProxyType({key: _frozen(item) for key, item in value.items()})
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value


def _check_hand(hand: PhhHand) -> None:
    """Check what PHH itself demands of a hand, whether it is being read or written."""
    count = hand.player_count
    if not count:
        raise _field_error("starting_stacks is empty, but a hand needs players")
    for name in REQUIRED_FIELDS.get(hand.variant, ()):
        if getattr(hand, name) is None:
            raise _field_error(f"{hand.variant} hands need {name!r}")
    for name, values in (("antes", hand.antes), ("blinds_or_straddles", hand.blinds_or_straddles)):
        if len(values) > count:
            raise _field_error(f"{name} has {len(values)} entries for {count} players")
    for name, given in (("players", hand.players), ("finishing_stacks", hand.finishing_stacks)):
        if given is not None and len(given) != count:
            raise _field_error(f"{name} has {len(given)} entries for {count} players")
    for i, action in enumerate(hand.actions):
        player = action.target if action.actor is None else action.actor
        if player is not None and player >= count:
            raise MalformedInputError(
                f"actions[{i}] {str(action)!r} names p{player + 1}, but there are {count} players",
                constraint="phh-action",
            )


def _located(where: str, exc: MalformedInputError) -> MalformedInputError:
    return MalformedInputError(f"{where}: {exc}", constraint=exc.constraint)


def _field_error(message: str) -> MalformedInputError:
    return MalformedInputError(message, constraint="phh-field")


# --- writing ------------------------------------------------------------------------------------


def dumps(hand: PhhHand) -> str:
    """Write one hand as the text of a ``.phh`` file that :func:`loads` and pokerkit read back."""
    _check_hand(hand)
    clashes = sorted(_TYPED_FIELDS & hand.metadata.keys())
    if clashes:
        raise _field_error(f"metadata must not hold the hand's own fields: {', '.join(clashes)}")
    return "".join(f"{_key(name)} = {text}\n" for name, text in _field_texts(hand))


def dumps_all(hands: Iterable[PhhHand]) -> str:
    """Write hands as the text of a ``.phhs`` file, one table per hand: ``[1]``, ``[2]``, ..."""
    return "\n".join(f"[{i}]\n{dumps(hand)}" for i, hand in enumerate(hands, 1))


def _field_texts(hand: PhhHand) -> Iterator[tuple[str, str]]:
    """Fields in pokerkit's order: game, stacks, actions, the spec's optional ones, the rest."""
    required = REQUIRED_FIELDS.get(hand.variant, ())
    yield "variant", _value(hand.variant)
    yield "ante_trimming_status", _value(hand.ante_trimming_status)
    for name, values in (("antes", hand.antes), ("blinds_or_straddles", hand.blinds_or_straddles)):
        if values or name in required:
            yield name, _value(values)
    bets = (hand.bring_in, hand.small_bet, hand.big_bet, hand.min_bet)
    for name, amount in zip(("bring_in", "small_bet", "big_bet", "min_bet"), bets, strict=True):
        if amount is not None:
            yield name, _value(amount)
    yield "starting_stacks", _value(hand.starting_stacks)
    yield "actions", _action_array(hand.actions)
    typed = {"players": hand.players, "finishing_stacks": hand.finishing_stacks}
    for name in OPTIONAL_FIELDS:
        value = typed[name] if name in typed else hand.metadata.get(name)
        if value is not None and name != "ante_trimming_status":
            yield name, _value(value)
    for name, value in hand.metadata.items():
        if name not in OPTIONAL_FIELDS:
            yield name, _value(value)


def _action_array(actions: tuple[PhhAction, ...]) -> str:
    """The actions one per line, as people write them."""
    if not actions:
        return "[]"
    return "[\n" + "".join(f"  {_string(str(action))},\n" for action in actions) + "]"


_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES: Final = {
    **{code: f"\\u{code:04X}" for code in [*range(0x20), 0x7F]},
    **{ord(char): "\\" + name for char, name in zip('"\\\b\t\n\f\r', '"\\btnfr', strict=True)},
}


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _string(name)


def _string(text: str) -> str:
    return '"' + text.translate(_ESCAPES) + '"'


def _value(value: object) -> str:
    """One TOML value written inline: the types that ``tomllib`` reads, arrays as tuples too."""
    match value:
        case bool():
            return "true" if value else "false"
        case int():
            return str(value)
        case float():
            return _float(value)
        case str():
            return _string(value)
        case datetime.date() | datetime.time():
            return value.isoformat()
        case Mapping():
            pairs = (f"{_key(str(key))} = {_value(item)}" for key, item in value.items())
            return "{" + ", ".join(pairs) + "}"
        case tuple() | list():
            return "[" + ", ".join(map(_value, value)) + "]"
    raise _field_error(f"PHH cannot hold the {type(value).__name__} value {value!r}")


def _float(value: float) -> str:
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return repr(value)
