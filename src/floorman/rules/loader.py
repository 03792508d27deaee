"""Rule profiles as data: the TOML files shipped in ``floorman/rules/data``, and venue overlays.

A profile file names its rulebook (the seed and its language), gives every parameter with the
rule it comes from, and maps the engine's concepts to the rules its rulings cite. Keeping the
profiles as data, not code, means a rule difference is a value someone can read and check
against the rulebook, never a branch on a profile's name.

A venue file (house rules: the TDA rules themselves yield to them) starts from a profile and
changes some parameters. Everything read is checked: an unknown key or a bad value is refused
with the key named, and nothing is loaded.

Profile file::

    profile = "tda-2022"
    name = "Poker TDA Rules 2022"
    seed = "002"
    language = "ru"
    [parameters]
    limit_raise_cap = { value = 3, rule = "R48" }
    [refs]
    min-raise = "R43"

Venue file (a plain value is cited as a house rule)::

    profile = "club-7"
    name = "Club 7 house rules"
    base = "tda-2022"
    [parameters]
    limit_raise_cap = 4
    clock_expiry = { value = "fold", rule = "House 12" }
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from enum import StrEnum
from fractions import Fraction
from importlib import resources
from typing import Any, NoReturn

from floorman.errors import MalformedInputError
from floorman.rules.ruleset import BigBlindAnteOrder, CapLift, ClockExpiry, OddChipRule, Ruleset

HOUSE_RULE = "house"
"""What a venue parameter given as a plain value cites."""
CATALOGUE_SUFFIX = ".rules.toml"
"""Rule catalogues live beside the profiles (``tda-2022.rules.toml``); they are not profiles."""
PENALTIES_SUFFIX = ".penalties.toml"
"""Penalty catalogues (``belarus-sport.penalties.toml``) live there too; not profiles either."""


def _enum(kind: type[StrEnum]) -> Callable[[object, str], object]:
    def convert(value: object, key: str) -> object:
        choices = [member.value for member in kind]
        if value not in choices:
            _bad(f"{key} must be one of {', '.join(choices)}, not {value!r}", key)
        return kind(str(value))

    return convert


def _cap(value: object, key: str) -> object:
    """A raise count, or ``"none"`` for no cap at all."""
    if value == "none":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        _bad(f'{key} must be a number of raises of at least 1, or "none"', key)
    return value


def _fraction(value: object, key: str) -> object:
    """A share such as ``"1/2"``, strictly between 0 and 1."""
    try:
        share = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        _bad(f'{key} must be a fraction such as "1/2", not {value!r}', key)
    if not 0 < share <= 1:
        _bad(f"{key} must be above 0 and at most 1", key)
    return share


def _bool(value: object, key: str) -> object:
    if not isinstance(value, bool):
        _bad(f"{key} must be true or false", key)
    return value


PARAMETERS: dict[str, Callable[[object, str], object]] = {
    "limit_raise_cap": _cap,
    "cap_lift": _enum(CapLift),
    "limit_reopen_fraction": _fraction,
    "clock_expiry": _enum(ClockExpiry),
    "pot_limit_counts_full_blind": _bool,
    "odd_chip_flop": _enum(OddChipRule),
    "odd_chip_stud": _enum(OddChipRule),
    "stud_open_pair_big_bet": _bool,
    "big_blind_ante_order": _enum(BigBlindAnteOrder),
}
"""Every parameter a profile sets, with the check that turns its TOML value into Python."""


def written(value: object) -> str:
    """A parameter value spelled as the profile files write it: ``none``, ``true``, ``1/2``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


PROFILE_KEYS = frozenset({"profile", "name", "seed", "language", "parameters", "refs"})
VENUE_KEYS = frozenset({"profile", "name", "base", "parameters", "refs"})


def parse_profile(text: str, *, source: str) -> Ruleset:
    """A built-in profile: every parameter given, each with its rule."""
    table = _read(text, source)
    _only(table, PROFILE_KEYS, source)
    values, sources = _parameters(table, source, plain_rule=None)
    missing = sorted(set(PARAMETERS) - set(values))
    if missing:
        _bad(f"{source}: parameters missing: {', '.join(missing)}", missing[0])
    bare = Ruleset(
        profile=_text(table, "profile", source),
        name=_text(table, "name", source),
        seed=_text(table, "seed", source),
        language=_text(table, "language", source),
        refs=_refs(table, source),
        sources=sources,
    )
    return bare.with_changes(**values)


def parse_venue(text: str, *, source: str, profiles: Mapping[str, Ruleset]) -> Ruleset:
    """A venue's house rules laid over the profile named by its ``base``."""
    table = _read(text, source)
    _only(table, VENUE_KEYS, source)
    base_id = _text(table, "base", source)
    if base_id not in profiles:
        known = ", ".join(sorted(profiles))
        _bad(f"{source}: base {base_id!r} is not a profile; known: {known}", "base")
    base = profiles[base_id]
    values, sources = _parameters(table, source, plain_rule=HOUSE_RULE)
    return base.with_changes(
        profile=_text(table, "profile", source),
        name=_text(table, "name", source),
        refs={**base.refs, **_refs(table, source)},
        sources={**base.sources, **sources},
        **values,
    )


def builtin_profiles() -> dict[str, Ruleset]:
    """The profiles shipped with floorman, by id, read from the package's TOML files."""
    folder = resources.files("floorman.rules") / "data"
    profiles = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml") and not entry.name.endswith(
            (CATALOGUE_SUFFIX, PENALTIES_SUFFIX)
        ):
            ruleset = parse_profile(entry.read_text(encoding="utf-8"), source=entry.name)
            profiles[ruleset.profile] = ruleset
    return profiles


def _read(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MalformedInputError(f"{source}: not TOML: {error}", constraint="toml") from None


def _only(table: Mapping[str, object], allowed: frozenset[str], source: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        _bad(
            f"{source}: unknown key {unknown[0]!r}; allowed: {', '.join(sorted(allowed))}",
            unknown[0],
        )


def _text(table: Mapping[str, object], key: str, source: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value:
        _bad(f"{source}: {key} must be a non-empty string", key)
    return str(value)


def _parameters(
    table: Mapping[str, object], source: str, *, plain_rule: str | None
) -> tuple[dict[str, object], dict[str, str]]:
    """The parameters as Python values, and the rule each comes from."""
    section = table.get("parameters", {})
    if not isinstance(section, dict):
        _bad(f"{source}: [parameters] must be a table", "parameters")
    values: dict[str, object] = {}
    sources: dict[str, str] = {}
    for key, entry in section.items():
        if key not in PARAMETERS:
            _bad(f"{source}: unknown parameter {key!r}; known: {', '.join(PARAMETERS)}", key)
        value, rule = _value_and_rule(entry, key, source, plain_rule)
        try:
            values[key] = PARAMETERS[key](value, key)
        except MalformedInputError as error:
            raise MalformedInputError(f"{source}: {error}", constraint=error.constraint) from None
        sources[key] = rule
    return values, sources


def _value_and_rule(
    entry: object, key: str, source: str, plain_rule: str | None
) -> tuple[object, str]:
    if isinstance(entry, dict):
        if set(entry) != {"value", "rule"} or not isinstance(entry["rule"], str):
            _bad(f'{source}: {key} must be {{ value = ..., rule = "..." }}', key)
        return entry["value"], entry["rule"]
    if plain_rule is None:
        _bad(f'{source}: {key} must name its rule: {{ value = ..., rule = "..." }}', key)
    return entry, str(plain_rule)


def _refs(table: Mapping[str, object], source: str) -> dict[str, str]:
    refs = table.get("refs", {})
    if not isinstance(refs, dict) or not all(isinstance(v, str) for v in refs.values()):
        _bad(f"{source}: [refs] must map concepts to rule numbers (strings)", "refs")
    return dict(refs)


def _bad(message: str, key: str) -> NoReturn:
    raise MalformedInputError(message, constraint=f"profile-key:{key}")
