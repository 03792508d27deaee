"""Events, commands and states as JSON values, read back to equal Python values.

The domain never imports JSON (DESIGN.md), so the translation lives here, and it is generic: a
dataclass is written field by field from its type hints, and read back the same way, checking
every value. An event kind or a command another engineer adds is stored and read without an
edit here, as long as its fields are built from what this module knows: ``None``, ``bool``,
``int``, ``float``, ``str``, enums, ``Fraction``, tuples, lists, sets, mappings, unions and
other dataclasses. A union of several dataclasses (``Level | Break``) is tagged with the class
name under ``"type"``.

A :class:`~floorman.rules.ruleset.Ruleset` is written as the built-in profile it is closest to
plus the fields a venue changed (an overlay), so a log says "TDA 2022 with a raise cap of 4"
rather than copying the whole rulebook, and reads back to an equal ruleset.

Every event is stored with its ``kind`` and its ``schema_version`` (the class's ``version``).
An event written by an older schema is brought up to date by the upcasters registered for its
kind (:func:`register_upcaster`) before it is read.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import types
import typing
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from floorman.errors import MalformedInputError
from floorman.rules.profiles import PROFILES, get_ruleset
from floorman.rules.ruleset import Ruleset
from floorman.tournament.events import TournamentEvent

T = TypeVar("T")
Encoder = Callable[[Any], Any]
Decoder = Callable[[Any, str], Any]

TAG = "type"
"""The key naming the class of a value in a union of several dataclasses."""


class FieldError(MalformedInputError):
    """A value that does not fit its field; ``field`` is its path (``result.stacks_after[0]``),
    so an API can point at the part of the request that was wrong."""

    def __init__(self, message: str, *, constraint: str, field: str) -> None:
        super().__init__(f"{field or 'value'}: {message}", constraint=constraint)
        self.field = field


def _fail(path: str, message: str, constraint: str = "field-type") -> typing.NoReturn:
    raise FieldError(message, constraint=constraint, field=path)


# --- the generic translation ----------------------------------------------------------------


def encode_value(value: Any, hint: Any) -> Any:
    """``value`` as JSON-ready data, written as its type ``hint`` says."""
    return _encoder(hint)(value)


def decode_value(raw: Any, hint: Any, *, path: str = "") -> Any:
    """The value of type ``hint`` that :func:`encode_value` wrote as ``raw``, checked."""
    return _decoder(hint)(raw, path)


def encode_dataclass(value: Any) -> dict[str, Any]:
    """A dataclass instance as a JSON object of its fields."""
    encoded: dict[str, Any] = _encoder(_hashable(type(value)))(value)
    return encoded


def decode_dataclass(cls: type[T], raw: Any, *, path: str = "") -> T:
    """An instance of the dataclass ``cls`` from :func:`encode_dataclass`'s object; a missing,
    unknown or ill-typed field raises :class:`FieldError` naming it."""
    decoded: T = _decoder(_hashable(cls))(raw, path)
    return decoded


def _hashable(cls: type[Any]) -> Any:
    """A class as the cache key it is (mypy sees classes as not always hashable)."""
    return cls


@functools.cache
def _hints(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """Each init field of ``cls``: its name, its resolved type, and whether it is required."""
    resolved = typing.get_type_hints(cls)
    return tuple(
        (
            f.name,
            resolved[f.name],
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
        if f.init
    )


@functools.cache
def _encoder(hint: Any) -> Encoder:
    custom = CUSTOM.get(hint)
    if custom is not None:
        return custom[0]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _union_encoder(args)
    if origin in (tuple, list, set, frozenset):
        return _sequence_encoder(origin, args)
    if origin in (dict, Mapping):
        key, item = _encoder(args[0]), _encoder(args[1])
        return lambda v: {str(key(k)): item(x) for k, x in v.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_encoder(hint)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return lambda v: v.value
    if hint is Fraction:
        return str
    if hint is float:
        return float
    return _identity


def _identity(value: Any) -> Any:
    return value


def _union_encoder(args: tuple[Any, ...]) -> Encoder:
    members = [a for a in args if a is not type(None)]
    if len(members) == 1:
        inner = _encoder(members[0])
        return lambda v: None if v is None else inner(v)

    def encode(value: Any) -> Any:
        if value is None:
            return None
        for member in members:
            if isinstance(member, type) and isinstance(value, member):
                encoded = _encoder(member)(value)
                if dataclasses.is_dataclass(member):
                    return {TAG: member.__name__, **encoded}
                return encoded
        return value

    return encode


def _sequence_encoder(origin: Any, args: tuple[Any, ...]) -> Encoder:
    if origin is tuple and args and args[-1] is not Ellipsis:
        parts = [_encoder(a) for a in args]
        return lambda v: [part(x) for part, x in zip(parts, v, strict=True)]
    item = _encoder(args[0] if args else Any)
    if origin in (set, frozenset):
        return lambda v: sorted((item(x) for x in v), key=repr)
    return lambda v: [item(x) for x in v]


def _dataclass_encoder(cls: type) -> Encoder:
    def encode(value: Any) -> dict[str, Any]:
        return {name: _encoder(hint)(getattr(value, name)) for name, hint, _ in _hints(cls)}

    return encode


@functools.cache
def _decoder(hint: Any) -> Decoder:
    custom = CUSTOM.get(hint)
    if custom is not None:
        return custom[1]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _union_decoder(args)
    if origin in (tuple, list, set, frozenset):
        return _sequence_decoder(origin, args)
    if origin in (dict, Mapping):
        return _mapping_decoder(args[0], args[1])
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_decoder(hint)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_decoder(hint)
    return _SCALARS.get(hint, _any)


def _any(raw: Any, path: str) -> Any:
    return raw


def _bool(raw: Any, path: str) -> bool:
    if not isinstance(raw, bool):
        _fail(path, f"expected true or false, got {raw!r}")
    return raw


def _int(raw: Any, path: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        _fail(path, f"expected a whole number, got {raw!r}")
    return raw


def _float(raw: Any, path: str) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        _fail(path, f"expected a number, got {raw!r}")
    try:
        value = float(raw)
    except OverflowError:  # a whole number beyond any float (10**400)
        _fail(path, "a number too large to hold", "number-range")
    if not math.isfinite(value):
        _fail(path, f"expected a finite number, got {raw!r}", "number-range")
    return value


def _str(raw: Any, path: str) -> str:
    if not isinstance(raw, str):
        _fail(path, f"expected a string, got {raw!r}")
    if not raw.isascii():
        try:
            raw.encode("utf-8")  # a lone surrogate ("\ud800" in JSON) cannot be stored
        except UnicodeEncodeError:
            _fail(path, "not valid Unicode text")
    return raw


def _fraction(raw: Any, path: str) -> Fraction:
    try:
        return Fraction(_str(raw, path))
    except (ValueError, ZeroDivisionError):
        _fail(path, f"expected a fraction such as '1/2', got {raw!r}")


def _none(raw: Any, path: str) -> None:
    if raw is not None:
        _fail(path, f"expected null, got {raw!r}")


_SCALARS: dict[Any, Decoder] = {
    bool: _bool,
    int: _int,
    float: _float,
    str: _str,
    Fraction: _fraction,
    type(None): _none,
    Any: _any,
    object: _any,
}


def _enum_decoder(cls: type[enum.Enum]) -> Decoder:
    def decode(raw: Any, path: str) -> Any:
        try:
            return cls(raw)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in cls)
            _fail(path, f"expected one of {choices}, got {raw!r}")

    return decode


def _union_decoder(args: tuple[Any, ...]) -> Decoder:
    members = [a for a in args if a is not type(None)]
    optional = len(members) < len(args)
    if len(members) == 1:
        inner = _decoder(members[0])
        return lambda raw, path: None if raw is None and optional else inner(raw, path)
    tagged: dict[str, Any] = {
        m.__name__: m for m in members if isinstance(m, type) and dataclasses.is_dataclass(m)
    }

    def decode(raw: Any, path: str) -> Any:
        if raw is None and optional:
            return None
        if tagged and isinstance(raw, dict):
            name = raw.get(TAG)
            if name not in tagged:
                _fail(path, f"{TAG} must be one of {', '.join(tagged)}, got {name!r}")
            body = {k: v for k, v in raw.items() if k != TAG}
            return _decoder(tagged[name])(body, path)
        for member in members:
            try:
                return _decoder(member)(raw, path)
            except FieldError:
                continue
        _fail(path, f"{raw!r} is none of {', '.join(map(_name, members))}")

    return decode


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", str(hint))


def _sequence_decoder(origin: Any, args: tuple[Any, ...]) -> Decoder:
    build: Callable[[Any], Any] = tuple if origin is tuple else origin
    if origin is tuple and args and args[-1] is not Ellipsis:
        parts = [_decoder(a) for a in args]

        def fixed(raw: Any, path: str) -> Any:
            if not isinstance(raw, list | tuple) or len(raw) != len(parts):
                _fail(path, f"expected a list of {len(parts)} values, got {raw!r}")
            pairs = enumerate(zip(parts, raw, strict=True))
            return tuple(part(x, f"{path}[{i}]") for i, (part, x) in pairs)

        return fixed
    item = _decoder(args[0] if args else Any)

    def decode(raw: Any, path: str) -> Any:
        if not isinstance(raw, list | tuple):
            _fail(path, f"expected a list, got {raw!r}")
        return build(item(x, f"{path}[{i}]") for i, x in enumerate(raw))

    return decode


def _mapping_decoder(key_hint: Any, value_hint: Any) -> Decoder:
    value = _decoder(value_hint)
    key = _decoder(key_hint)

    def decode_key(raw: str, path: str) -> Any:
        if key_hint is int:  # JSON object keys are strings
            try:
                return int(raw)
            except ValueError:
                _fail(path, f"expected a whole-number key, got {raw!r}")
        return key(raw, path)

    def decode(raw: Any, path: str) -> dict[Any, Any]:
        if not isinstance(raw, dict):
            _fail(path, f"expected an object, got {raw!r}")
        return {decode_key(k, f"{path}.{k}"): value(x, f"{path}.{k}") for k, x in raw.items()}

    return decode


def _dataclass_decoder(cls: type) -> Decoder:
    def decode(raw: Any, path: str) -> Any:
        if not isinstance(raw, dict):
            _fail(path, f"expected an object of {cls.__name__} fields, got {raw!r}")
        hints = _hints(cls)
        known = {name for name, _, _ in hints}
        unknown = sorted(set(raw) - known)
        if unknown:
            where = _join(path, unknown[0])
            _fail(where, f"{cls.__name__} has no field {unknown[0]!r}", "field-unknown")
        values = {}
        for name, hint, required in hints:
            where = _join(path, name)
            if name in raw:
                values[name] = _decoder(hint)(raw[name], where)
            elif required:
                _fail(where, f"{cls.__name__} needs {name!r}", "field-missing")
        try:
            return cls(**values)
        except FieldError:
            raise
        except MalformedInputError as error:
            raise FieldError(str(error), constraint=error.constraint, field=path) from None
        except (TypeError, ValueError) as error:
            _fail(path, f"not a valid {cls.__name__}: {error}")

    return decode


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


# --- the ruleset: a profile and an overlay ----------------------------------------------------

_RULESET_FIELDS = tuple(name for name, _, _ in _hints(Ruleset))


def _differences(ruleset: Ruleset, base: Ruleset) -> list[str]:
    return [n for n in _RULESET_FIELDS if getattr(ruleset, n) != getattr(base, n)]


def base_profile(ruleset: Ruleset) -> str:
    """The built-in profile a ruleset is written against: its own when it is one, otherwise
    the profile it differs least from (a venue overlay names a profile of its own)."""
    if ruleset.profile in PROFILES:
        return ruleset.profile
    return min(sorted(PROFILES), key=lambda p: len(_differences(ruleset, PROFILES[p])))


def encode_ruleset(ruleset: Ruleset) -> dict[str, Any]:
    """``{"profile": id, "overlay": {changed fields}}``; no overlay for a plain profile."""
    base_id = base_profile(ruleset)
    hints = {name: hint for name, hint, _ in _hints(Ruleset)}
    changed = _differences(ruleset, PROFILES[base_id])
    overlay = {name: encode_value(getattr(ruleset, name), hints[name]) for name in changed}
    return {"profile": base_id, "overlay": overlay} if overlay else {"profile": base_id}


def decode_ruleset(raw: Any, path: str = "") -> Ruleset:
    if not isinstance(raw, dict) or not isinstance(raw.get("profile"), str):
        _fail(path, f"expected {{'profile': id, 'overlay': {{...}}}}, got {raw!r}")
    unknown = sorted(set(raw) - {"profile", "overlay"})
    if unknown:
        _fail(_join(path, unknown[0]), "a ruleset has a profile and an overlay", "field-unknown")
    try:
        base = get_ruleset(raw["profile"])
    except MalformedInputError as error:
        _fail(_join(path, "profile"), str(error), error.constraint)
    overlay = raw.get("overlay", {})
    if not isinstance(overlay, dict):
        _fail(_join(path, "overlay"), f"expected an object, got {overlay!r}")
    hints = {name: hint for name, hint, _ in _hints(Ruleset)}
    changes = {}
    for name, value in overlay.items():
        where = _join(_join(path, "overlay"), name)
        if name not in hints:
            _fail(where, f"a ruleset has no field {name!r}", "field-unknown")
        changes[name] = decode_value(value, hints[name], path=where)
    return base.with_changes(**changes)


CUSTOM: dict[Any, tuple[Encoder, Decoder]] = {Ruleset: (encode_ruleset, decode_ruleset)}
"""Types written their own way instead of field by field."""


# --- events -----------------------------------------------------------------------------------

EVENT_TYPES: dict[str, type[Any]] = {}
"""Every event class by ``kind``: the members of ``TournamentEvent``, and any registered."""

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
_UPCASTERS: dict[tuple[str, int], Upcaster] = {}


def register_event_type(cls: type[Any]) -> type[Any]:
    """Make an event class readable by its ``kind`` (the union's members are registered
    already); usable as a class decorator."""
    kind = cls.kind
    if EVENT_TYPES.get(kind, cls) is not cls:
        raise ValueError(f"two event classes share the kind {kind!r}")
    EVENT_TYPES[kind] = cls
    return cls


def register_upcaster(kind: str, from_version: int, upcaster: Upcaster) -> None:
    """``upcaster`` turns the data of a ``kind`` event written at ``from_version`` into the
    data of ``from_version + 1``; chains run until the class's current version."""
    _UPCASTERS[kind, from_version] = upcaster


for _member in typing.get_args(TournamentEvent):
    register_event_type(_member)


def encode_event(event: Any) -> dict[str, Any]:
    """``{"kind", "schema_version", "data"}`` for one event."""
    return {
        "kind": event.kind,
        "schema_version": event.version,
        "data": encode_dataclass(event),
    }


def decode_event(raw: Mapping[str, Any]) -> TournamentEvent:
    """The event :func:`encode_event` wrote, brought up to its class's current version."""
    kind = raw.get("kind")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None or not isinstance(kind, str):
        _fail("kind", f"unknown event kind {kind!r}", "event-kind")
    version = raw.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        _fail("schema_version", f"expected a version number, got {version!r}")
    if version > cls.version:
        _fail(
            "schema_version",
            f"{kind} version {version} is newer than this floorman reads ({cls.version})",
            "event-version",
        )
    data: dict[str, Any] = raw.get("data", {})
    while version < cls.version:
        upcaster = _UPCASTERS.get((kind, version))
        if upcaster is None:
            _fail("schema_version", f"no upcaster for {kind} version {version}", "event-version")
        data, version = upcaster(data), version + 1
    event: TournamentEvent = decode_dataclass(cls, data, path=kind)
    return event
