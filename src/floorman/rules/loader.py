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

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from importlib import resources
from typing import Any

from floorman.errors import MalformedInputError, refuse
from floorman.rules.ruleset import (
    BigBlindAnteOrder,
    BoardProcedure,
    CapLift,
    ClockCaller,
    ClockExpiry,
    Decider,
    DisputeWindow,
    ExactCounts,
    FoundChips,
    MisdealCutoff,
    MuckRetrieval,
    OddChipRule,
    Ruleset,
    ShowRequests,
    StringBet,
    StudShortStub,
)
from floorman.rules.tournament_rules import (
    AntePolicy,
    BalanceMover,
    BalanceSeat,
    BalanceTarget,
    ButtonDraw,
    ChipRace,
    CrossTableBusts,
    DisqualifiedPlace,
    FinalTableSize,
    LateEntryStack,
    SameHandBusts,
    TableBreakOrder,
    TournamentFormat,
    TournamentRules,
)

HOUSE_RULE = "house"
"""What a venue parameter given as a plain value cites."""
CATALOGUE_SUFFIX = ".rules.toml"
"""Rule catalogues live beside the profiles (``tda-2022.rules.toml``); they are not profiles."""
PENALTIES_SUFFIX = ".penalties.toml"
"""Penalty catalogues (``belarus-sport.penalties.toml``) live there too; not profiles either."""
PRESETS_SUFFIX = ".presets.toml"
"""A profile's presets (``redcactus.presets.toml``: its event tiers) are overlays of it."""


def _enum(kind: type[StrEnum]) -> Callable[[object, str], object]:
    def convert(value: object, key: str) -> object:
        choices = [member.value for member in kind]
        if value not in choices:
            refuse(
                f"{key} must be one of {', '.join(choices)}, not {value!r}", f"profile-key:{key}"
            )
        return kind(str(value))

    return convert


def _enum_or_none(kind: type[StrEnum]) -> Callable[[object, str], object]:
    """An enum value, or ``"none"`` where the parameter may defer to another one."""
    convert = _enum(kind)

    def convert_or_none(value: object, key: str) -> object:
        if value == "none":
            return None
        try:
            return convert(value, key)
        except MalformedInputError:
            choices = ", ".join([member.value for member in kind])
            refuse(f'{key} must be one of {choices} or "none", not {value!r}', f"profile-key:{key}")

    return convert_or_none


def _cap(value: object, key: str) -> object:
    """A raise count, or ``"none"`` for no cap at all."""
    if value == "none":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        refuse(f'{key} must be a number of raises of at least 1, or "none"', f"profile-key:{key}")
    return value


def _fraction(value: object, key: str) -> object:
    """A share such as ``"1/2"``, strictly between 0 and 1."""
    try:
        share = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        refuse(f'{key} must be a fraction such as "1/2", not {value!r}', f"profile-key:{key}")
    if not 0 < share <= 1:
        refuse(f"{key} must be above 0 and at most 1", f"profile-key:{key}")
    return share


def _share(value: object, key: str) -> object:
    """A share such as ``"1/2"`` from 0 to 1, both included (0: any amount at all)."""
    try:
        share = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        refuse(f'{key} must be a fraction such as "1/2", not {value!r}', f"profile-key:{key}")
    if not 0 <= share <= 1:
        refuse(f"{key} must be from 0 to 1", f"profile-key:{key}")
    return share


def _share_or_none(value: object, key: str) -> object:
    return None if value == "none" else _share(value, key)


def _games(value: object, key: str) -> object:
    """Game codes such as ``["NT"]``, or ``"any"`` (every game the engine plays)."""
    if value == "any":
        return ()
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        refuse(f'{key} must be "any" or a list of game codes such as ["NT"]', f"profile-key:{key}")
    return tuple(value)


def _bool(value: object, key: str) -> object:
    if not isinstance(value, bool):
        refuse(f"{key} must be true or false", f"profile-key:{key}")
    return value


def _count(value: object, key: str) -> object:
    """A whole number of at least 0 (seconds, minutes, players)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        refuse(f"{key} must be a whole number of at least 0", f"profile-key:{key}")
    return value


def _count_or_none(value: object, key: str) -> object:
    return None if value == "none" else _count(value, key)


def _hand_range(value: object, key: str) -> object:
    """``"none"`` or ``[low, high]``, the range a number of hands is drawn from."""
    if value == "none":
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or not 1 <= value[0] <= value[1]
    ):
        refuse(f'{key} must be "none" or [low, high] with 1 <= low <= high', f"profile-key:{key}")
    return (value[0], value[1])


def _players_by_table_size(value: object, key: str) -> object:
    """A table of table size (``"9"``) to a number of players: ``{ 9 = 5, 8 = 4 }``."""
    if not isinstance(value, dict):
        refuse(
            f"{key} must map table sizes to numbers of players, such as {{ 9 = 5 }}",
            f"profile-key:{key}",
        )
    result: dict[int, int] = {}
    for size, players in value.items():
        if not str(size).isdigit() or not 2 <= int(size) <= 10:
            refuse(f"{key}: {size!r} is not a table size from 2 to 10", f"profile-key:{key}")
        if isinstance(players, bool) or not isinstance(players, int) or players < 2:
            refuse(
                f"{key}: the number of players for {size}-max must be at least 2",
                f"profile-key:{key}",
            )
        result[int(size)] = players
    return result


PARAMETERS: dict[str, Callable[[object, str], object]] = {
    "limit_raise_cap": _cap,
    "cap_lift": _enum(CapLift),
    "limit_reopen_fraction": _fraction,
    "clock_expiry": _enum(ClockExpiry),
    "clock_called_by": _enum(ClockCaller),
    "clock_grace_seconds": _share,
    "allowed_games": _games,
    "stud_short_stub": _enum(StudShortStub),
    "pot_limit_counts_full_blind": _bool,
    "odd_chip_flop": _enum(OddChipRule),
    "odd_chip_stud": _enum(OddChipRule),
    "odd_chip_low": _enum_or_none(OddChipRule),
    "stud_open_pair_big_bet": _bool,
    "all_in_hands_face_up": _bool,
    "big_blind_ante_order": _enum(BigBlindAnteOrder),
    "misdeal_cutoff": _enum(MisdealCutoff),
    "first_cards_exposed_misdeal": _bool,
    "exposure_folds_hand": _bool,
    "out_of_turn_chips_stay": _bool,
    "skipped_seat_ruling": _bool,
    "absent_during_play_folds": _bool,
    "board_procedure": _enum(BoardProcedure),
    "any_deck_defect_voids": _bool,
    "one_extra_card_is_burn": _bool,
    "unseen_extra_cards_returned": _bool,
    "touching_muck_kills": _bool,
    "stud_exposed_card_misdeal": _bool,
    "under_raise_share": _share,
    "string_bet": _enum(StringBet),
    "undercall_binds_opening": _bool,
    "undercall_binds_heads_up": _bool,
    "undercall_decided_by": _enum(Decider),
    "short_bet_may_fold": _bool,
    "unclear_amount_within_pot": _bool,
    "odd_call_below": _share_or_none,
    "shown_out_of_turn_all_show": _bool,
    "showdown_muck_retrievable": _enum(MuckRetrieval),
    "device_kills_hand": _bool,
    "unclear_exposure_shows_hand": _bool,
    "folding_exposure_shows_all": _bool,
    "heads_up_exposure_options": _bool,
    "found_chips": _enum(FoundChips),
    "lone_wrong_count_loses_pot": _bool,
    "damaged_face_up_card_plays_on": _bool,
    "stud_second_up_card_burned": _bool,
    "stud_seventh_exposed_choice": _bool,
    "shown_to_out_of_hand_kept_back": _bool,
    "show_requests": _enum(ShowRequests),
    "dispute_window": _enum(DisputeWindow),
    "exact_counts": _enum(ExactCounts),
    "pot_counted_in_pot_limit": _bool,
}
"""Every parameter a profile sets, with the check that turns its TOML value into Python."""

TOURNAMENT_PARAMETERS: dict[str, Callable[[object, str], object]] = {
    "minimum_age": _count_or_none,
    "clock_seconds": _count,
    "clock_countdown_seconds": _count,
    "short_level_minutes": _count,
    "levels_strictly_grow": _bool,
    "short_level_clock_seconds": _count,
    "short_level_countdown_seconds": _count,
    "late_entry_stack": _enum(LateEntryStack),
    "late_entry_minutes": _count_or_none,
    "reentry_allowed": _bool,
    "absent_stack_in_play": _bool,
    "button_draw": _enum(ButtonDraw),
    "balance_mover": _enum(BalanceMover),
    "balance_target": _enum(BalanceTarget),
    "balance_seat": _enum(BalanceSeat),
    "halt_when_short_by": _count_or_none,
    "halt_at_once": _bool,
    "balance_within_one": _bool,
    "balance_waits_for_both_tables": _bool,
    "final_table_size": _enum(FinalTableSize),
    "big_blind_ante_reduced_at": _players_by_table_size,
    "chip_race": _enum(ChipRace),
    "hand_for_hand_seconds_per_hand": _count,
    "same_hand_busts": _enum(SameHandBusts),
    "cross_table_busts": _enum(CrossTableBusts),
    "disqualified_place": _enum(DisqualifiedPlace),
    "penalty_round_counts_offender": _bool,
    "end_of_day_drawn_hands": _hand_range,
    "rebuys_allowed": _bool,
    "alternate_stack": _enum(LateEntryStack),
    "disqualified_forfeits_prize": _bool,
    "format": _enum(TournamentFormat),
    "ante_policy": _enum(AntePolicy),
    "break_order": _enum(TableBreakOrder),
    "final_table_after_hands": _bool,
}
"""The ``[tournament]`` section: what a profile decides for the whole event."""

ALL_PARAMETERS = (*PARAMETERS, *TOURNAMENT_PARAMETERS)
"""Every parameter name, hand engine first; the names are unique across both sections."""


def parameter_value(ruleset: Ruleset, name: str) -> object:
    """The value of any parameter, from the ruleset or its tournament rules."""
    holder: object = ruleset.tournament if name in TOURNAMENT_PARAMETERS else ruleset
    return getattr(holder, name)


def written(value: object) -> str:
    """A parameter value spelled as the profile files write it: ``none``, ``true``, ``1/2``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {v}" for k, v in sorted(value.items())) + "}"
    if isinstance(value, tuple):
        return "[" + ", ".join(written(v) for v in value) + "]"
    return str(value)


PROFILE_KEYS = frozenset(
    {"profile", "name", "seed", "language", "parameters", "tournament", "refs"}
)
VENUE_KEYS = frozenset({"profile", "name", "base", "parameters", "tournament", "refs"})


def parse_profile(text: str, *, source: str) -> Ruleset:
    """A built-in profile: every parameter given, each with its rule."""
    table = _read(text, source)
    _only(table, PROFILE_KEYS, source)
    values, sources = _parameters(table, source, plain_rule=None)
    rules, rule_sources = _parameters(
        table, source, plain_rule=None, section="tournament", known=TOURNAMENT_PARAMETERS
    )
    missing = sorted(set(ALL_PARAMETERS) - set(values) - set(rules))
    if missing:
        refuse(f"{source}: parameters missing: {', '.join(missing)}", f"profile-key:{missing[0]}")
    bare = Ruleset(
        profile=_text(table, "profile", source),
        name=_text(table, "name", source),
        seed=_text(table, "seed", source),
        language=_text(table, "language", source),
        refs=_refs(table, source),
        sources={**sources, **rule_sources},
        tournament=TournamentRules(**rules),  # type: ignore[arg-type]
    )
    return bare.with_changes(**values)


def parse_venue(text: str, *, source: str, profiles: Mapping[str, Ruleset]) -> Ruleset:
    """A venue's house rules laid over the profile (or preset) named by its ``base``."""
    table = _read(text, source)
    _only(table, VENUE_KEYS, source)
    base_id = _text(table, "base", source)
    if base_id not in profiles:
        known = ", ".join(sorted(profiles))
        refuse(f"{source}: base {base_id!r} is not a profile; known: {known}", "profile-key:base")
    return _overlay(profiles[base_id], table, source, plain_rule=HOUSE_RULE).with_changes(
        profile=_text(table, "profile", source),
        name=_text(table, "name", source),
        preset="",
    )


PRESET_KEYS = frozenset({"name", "parameters", "tournament", "refs"})
PRESET_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def parse_presets(text: str, *, source: str, profiles: Mapping[str, Ruleset]) -> dict[str, Ruleset]:
    """The presets of one profile (its event tiers or formats), by id (``redcactus/weekly``).

    A preset is an overlay of its profile like a venue's, but shipped with floorman: every
    value it changes cites the rule of the base rulebook it comes from. It keeps the profile's
    id (its rulings cite that rulebook) and adds its name (:attr:`Ruleset.preset`).
    """
    table = _read(text, source)
    _only(table, frozenset({"base", "presets"}), source)
    base_id = _text(table, "base", source)
    if base_id not in profiles:
        refuse(f"{source}: base {base_id!r} is not a built-in profile", "profile-key:base")
    entries = table.get("presets")
    if not isinstance(entries, dict) or not entries:
        refuse(f"{source}: [presets.<name>] tables are missing", "profile-key:presets")
    presets = {}
    for name, entry in entries.items():
        where = f"{source} [presets.{name}]"
        if not PRESET_NAME.fullmatch(name):
            refuse(
                f"{where}: a preset name is lower-case words joined by '-'", "profile-key:preset"
            )
        if not isinstance(entry, dict):
            refuse(f"{where} must be a table", "profile-key:preset")
        _only(entry, PRESET_KEYS, where)
        preset = _overlay(profiles[base_id], entry, where, plain_rule=None).with_changes(
            preset=name, name=_text(entry, "name", where)
        )
        presets[preset.id] = preset
    return presets


def _overlay(
    base: Ruleset, table: Mapping[str, object], source: str, *, plain_rule: str | None
) -> Ruleset:
    """``base`` with the parameters and refs of ``table`` laid over it."""
    values, sources = _parameters(table, source, plain_rule=plain_rule)
    rules, rule_sources = _parameters(
        table, source, plain_rule=plain_rule, section="tournament", known=TOURNAMENT_PARAMETERS
    )
    return base.with_changes(
        refs={**base.refs, **_refs(table, source)},
        sources={**base.sources, **sources, **rule_sources},
        tournament=replace(base.tournament, **rules),  # type: ignore[arg-type]
        **values,
    )


def builtin_profiles() -> dict[str, Ruleset]:
    """The profiles shipped with floorman, by id, read from the package's TOML files."""
    profiles = {}
    for name, text in _data_files():
        if not name.endswith((CATALOGUE_SUFFIX, PENALTIES_SUFFIX, PRESETS_SUFFIX)):
            ruleset = parse_profile(text, source=name)
            profiles[ruleset.profile] = ruleset
    return profiles


def builtin_presets(profiles: Mapping[str, Ruleset]) -> dict[str, Ruleset]:
    """The presets shipped with floorman (``<profile>.presets.toml``), by id."""
    presets: dict[str, Ruleset] = {}
    for name, text in _data_files():
        if name.endswith(PRESETS_SUFFIX):
            presets.update(parse_presets(text, source=name, profiles=profiles))
    return presets


def _data_files() -> list[tuple[str, str]]:
    """The TOML files of ``floorman/rules/data`` as (name, text), in name order."""
    folder = resources.files("floorman.rules") / "data"
    entries = sorted(folder.iterdir(), key=lambda e: e.name)
    return [(e.name, e.read_text(encoding="utf-8")) for e in entries if e.name.endswith(".toml")]


def _read(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MalformedInputError(f"{source}: not TOML: {error}", constraint="toml") from None


def _only(table: Mapping[str, object], allowed: frozenset[str], source: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        refuse(
            f"{source}: unknown key {unknown[0]!r}; allowed: {', '.join(sorted(allowed))}",
            f"profile-key:{unknown[0]}",
        )


def _text(table: Mapping[str, object], key: str, source: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value:
        refuse(f"{source}: {key} must be a non-empty string", f"profile-key:{key}")
    return str(value)


def _parameters(
    table: Mapping[str, object],
    source: str,
    *,
    plain_rule: str | None,
    section: str = "parameters",
    known: Mapping[str, Callable[[object, str], object]] = PARAMETERS,
) -> tuple[dict[str, object], dict[str, str]]:
    """The parameters of one section as Python values, and the rule each comes from."""
    entries = table.get(section, {})
    if not isinstance(entries, dict):
        refuse(f"{source}: [{section}] must be a table", f"profile-key:{section}")
    values: dict[str, object] = {}
    sources: dict[str, str] = {}
    for key, entry in entries.items():
        if key not in known:
            refuse(
                f"{source}: unknown {section} key {key!r}; known: {', '.join(known)}",
                f"profile-key:{key}",
            )
        value, rule = _value_and_rule(entry, key, source, plain_rule)
        try:
            values[key] = known[key](value, key)
        except MalformedInputError as error:
            raise MalformedInputError(f"{source}: {error}", constraint=error.constraint) from None
        sources[key] = rule
    return values, sources


def _value_and_rule(
    entry: object, key: str, source: str, plain_rule: str | None
) -> tuple[object, str]:
    if isinstance(entry, dict):
        if set(entry) != {"value", "rule"} or not isinstance(entry["rule"], str):
            refuse(f'{source}: {key} must be {{ value = ..., rule = "..." }}', f"profile-key:{key}")
        return entry["value"], entry["rule"]
    if plain_rule is None:
        refuse(
            f'{source}: {key} must name its rule: {{ value = ..., rule = "..." }}',
            f"profile-key:{key}",
        )
    return entry, str(plain_rule)


def _refs(table: Mapping[str, object], source: str) -> dict[str, str]:
    refs = table.get("refs", {})
    if not isinstance(refs, dict) or not all(isinstance(v, str) for v in refs.values()):
        refuse(f"{source}: [refs] must map concepts to rule numbers (strings)", "profile-key:refs")
    return dict(refs)
