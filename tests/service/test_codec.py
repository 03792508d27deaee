"""The codec: every event kind and every command through JSON and back, equal."""

from __future__ import annotations

import dataclasses
import enum
import json
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.engine.config import AnteMode
from floorman.errors import MalformedInputError
from floorman.rules.loader import parse_venue
from floorman.rules.profiles import PROFILES
from floorman.rules.ruleset import Ruleset
from floorman.rules.tournament_rules import ButtonDraw
from floorman.service import codec
from floorman.service.codec import (
    EVENT_TYPES,
    FieldError,
    decode_event,
    decode_ruleset,
    encode_event,
    encode_ruleset,
    register_event_type,
    register_upcaster,
)
from floorman.service.commands import COMMANDS, RecordHand, command_from_dict, command_to_dict
from floorman.sim.tournament_sim import simulate
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import TournamentCreated
from floorman.tournament.structure.ante_policy import ante_mode_for
from floorman.tournament.structure.default import default_structure
from floorman.tournament.structure.levels import Structure

STRUCTURES = [default_structure(n) for n in (6, 60, 600)]
STRUCTURES_WITHOUT_ANTES = [default_structure(n, "redcactus") for n in (6, 60)]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def through_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def rulesets() -> st.SearchStrategy[Ruleset]:
    """Built-in profiles, some with house changes (a venue overlay)."""
    base = st.sampled_from(sorted(PROFILES)).map(PROFILES.__getitem__)
    changed = st.builds(
        lambda r, cap, draw, reduced: r.with_changes(
            profile="club",
            limit_raise_cap=cap,
            tournament=dataclasses.replace(
                r.tournament, button_draw=draw, big_blind_ante_reduced_at=reduced
            ),
        ),
        base,
        st.none() | st.integers(1, 9),
        st.sampled_from(ButtonDraw),
        st.dictionaries(st.integers(2, 10), st.integers(2, 9), max_size=3),
    )
    return base | changed


def configs() -> st.SearchStrategy[TournamentConfig]:
    return rulesets().flatmap(_configs_under)


def _configs_under(ruleset: Ruleset) -> st.SearchStrategy[TournamentConfig]:
    no_antes = ante_mode_for(ruleset) is AnteMode.NONE  # RedCactus weekly events
    return st.builds(
        TournamentConfig,
        name=st.text(min_size=1, max_size=10).filter(str.strip),
        structure=st.sampled_from(STRUCTURES_WITHOUT_ANTES if no_antes else STRUCTURES),
        ruleset=st.just(ruleset),
        seats_per_table=st.integers(2, 10),
        buy_in=st.integers(0, 10_000),
    )


def values(hint: Any) -> st.SearchStrategy[Any]:
    """Values of any type the codec knows, built from the type hint alone."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is TournamentConfig:
        return configs()
    if hint is Structure:
        return st.sampled_from(STRUCTURES)
    if origin in (typing.Union, __import__("types").UnionType):
        return st.one_of(*map(values, args))
    if origin is tuple:
        if args and args[-1] is not Ellipsis:
            return st.tuples(*map(values, args))
        return st.lists(values(args[0]), max_size=3).map(tuple)
    if origin in (dict, Mapping):
        return st.dictionaries(values(args[0]), values(args[1]), max_size=3)
    if dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        fields = {f.name: values(hints[f.name]) for f in dataclasses.fields(hint) if f.init}
        return st.builds(_valid(typing.cast(type, hint)), **fields).filter(lambda v: v is not None)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(hint)
    scalars: dict[Any, st.SearchStrategy[Any]] = {
        str: st.text(max_size=6),
        int: st.integers(-(10**9), 10**9),
        float: st.floats(allow_nan=False, allow_infinity=False),
        bool: st.booleans(),
        type(None): st.none(),
        Fraction: st.fractions(),
    }
    return scalars[hint]


def _valid(cls: type) -> Any:
    """``cls``'s constructor, giving ``None`` for values its own checks refuse."""

    def build(**fields: Any) -> Any:
        try:
            return cls(**fields)
        except MalformedInputError:
            return None

    return build


@pytest.mark.parametrize("kind", sorted(EVENT_TYPES))
@SETTINGS
@given(data=st.data())
def test_every_event_kind_round_trips_through_json(kind: str, data: st.DataObject) -> None:
    event = data.draw(values(EVENT_TYPES[kind]))
    written = through_json(encode_event(event))
    assert written["kind"] == kind
    assert written["schema_version"] == type(event).version
    assert decode_event(written) == event


def test_every_member_of_the_event_union_is_registered() -> None:
    from floorman.tournament.events import TournamentEvent

    members = typing.get_args(TournamentEvent)
    assert {m.kind for m in members} <= set(EVENT_TYPES)
    assert all(EVENT_TYPES[m.kind] is m for m in members)


@SETTINGS
@given(ruleset=rulesets())
def test_a_ruleset_is_a_profile_and_an_overlay_and_reads_back_equal(ruleset: Ruleset) -> None:
    written = through_json(encode_ruleset(ruleset))
    assert written["profile"] in PROFILES
    assert decode_ruleset(written) == ruleset
    if ruleset in PROFILES.values():
        assert written == {"profile": ruleset.profile}


def test_a_venue_overlay_names_its_base_and_only_the_changed_fields() -> None:
    venue = parse_venue(
        'profile = "club-7"\nname = "Club 7"\nbase = "redcactus"\n'
        "[parameters]\nlimit_raise_cap = 5\n[tournament]\nclock_seconds = 40\n",
        source="club.toml",
        profiles=PROFILES,
    )
    written = encode_ruleset(venue)
    assert written["profile"] == "redcactus"
    assert set(written["overlay"]) == {
        "profile",
        "name",
        "limit_raise_cap",
        "tournament",
        "sources",
    }
    assert written["overlay"]["limit_raise_cap"] == 5
    assert decode_ruleset(through_json(written)) == venue


def test_every_event_of_a_simulated_tournament_round_trips() -> None:
    seen: list[Any] = []
    simulate(players=14, seed=5, seats_per_table=6, on_event=lambda e, _: seen.append(e))
    assert len({type(e) for e in seen}) >= 4
    for event in seen:
        assert decode_event(through_json(encode_event(event))) == event


class Colour(enum.StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True, kw_only=True)
class Inner:
    share: Fraction
    colour: Colour = Colour.RED


@dataclass(frozen=True, slots=True, kw_only=True)
class Other:
    note: str


@register_event_type
@dataclass(frozen=True, slots=True, kw_only=True)
class GadgetAwarded:
    """An event kind this codec has never heard of, with every shape of field."""

    kind: ClassVar[str] = "test-gadget-awarded"
    version: ClassVar[int] = 3
    entries: tuple[str, ...]
    by_table: Mapping[int, tuple[int, int]]
    part: Inner | Other
    maybe: Inner | None = None
    at: float


def test_a_new_event_kind_is_stored_and_read_without_a_codec_edit() -> None:
    event = GadgetAwarded(
        entries=("e1", "e2"),
        by_table={3: (1, 2)},
        part=Other(note="x"),
        maybe=Inner(share=Fraction(2, 3), colour=Colour.BLUE),
        at=12.5,
    )
    written = through_json(encode_event(event))
    assert written["data"]["part"] == {"type": "Other", "note": "x"}
    assert typing.cast(object, decode_event(written)) == event


def _version_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 moved the top-level ``note`` into ``part``."""
    rest = {k: v for k, v in data.items() if k != "note"}
    return {**rest, "part": {"type": "Other", "note": data["note"]}}


def test_an_old_event_is_upcast_step_by_step_to_the_current_version() -> None:
    old = {"kind": "test-gadget-awarded", "schema_version": 1,
           "data": {"entries": ["e9"], "at": 1}}  # fmt: skip
    with pytest.raises(MalformedInputError) as missing:
        decode_event(old)
    assert missing.value.constraint == "event-version"
    register_upcaster("test-gadget-awarded", 1, lambda d: {**d, "note": "v1"})
    register_upcaster("test-gadget-awarded", 2, lambda d: {**_version_2(d), "by_table": {}})
    event: object = decode_event(old)
    assert event == GadgetAwarded(entries=("e9",), by_table={}, part=Other(note="v1"), at=1.0)


def test_unknown_kinds_and_newer_versions_are_refused() -> None:
    with pytest.raises(MalformedInputError) as unknown:
        decode_event({"kind": "no-such-thing", "schema_version": 1, "data": {}})
    assert unknown.value.constraint == "event-kind"
    with pytest.raises(MalformedInputError) as newer:
        decode_event({"kind": "clock-paused", "schema_version": 2, "data": {"at": 1.0}})
    assert newer.value.constraint == "event-version"


@pytest.mark.parametrize("name", sorted(COMMANDS))
@SETTINGS
@given(data=st.data())
def test_every_command_round_trips_through_json(name: str, data: st.DataObject) -> None:
    command = data.draw(values(COMMANDS[name].type))
    written_name, payload = command_to_dict(command)
    assert written_name == name
    assert command_from_dict(name, through_json(payload)) == command


def hand_payload() -> dict[str, Any]:
    return {
        "result": {
            "table": 1,
            "level": 1,
            "positions": {"button": 0, "small_blind": 1, "big_blind": 2},
            "stacks_before": [["e1", 100], ["e2", 100], ["e3", 100]],
            "stacks_after": [["e1", 300], ["e2", 0], ["e3", 0]],
            "eliminated_by": {"e2": ["e1"], "e3": ["e1"]},
        }
    }


def test_a_command_is_built_from_json_with_every_field_checked() -> None:
    command = command_from_dict("record-hand", hand_payload())
    assert isinstance(command, RecordHand)
    assert command.result.stacks_after[0] == ("e1", 300)
    assert command.result.eliminated_by == {"e2": ("e1",), "e3": ("e1",)}


@pytest.mark.parametrize(
    ("change", "field", "constraint"),
    [
        (lambda p: p["result"]["stacks_before"][0].__setitem__(1, "many"),
         "result.stacks_before[0][1]", "field-type"),
        (lambda p: p["result"].pop("level"), "result.level", "field-missing"),
        (lambda p: p["result"].__setitem__("colour", "red"), "result.colour", "field-unknown"),
        (lambda p: p["result"]["positions"].__setitem__("small_blind", 2),
         "result.positions", "positions"),
        (lambda p: p["result"]["eliminated_by"].__setitem__("e2", "e1"),
         "result.eliminated_by.e2", "field-type"),
        (lambda p: p["result"].__setitem__("table", True), "result.table", "field-type"),
    ],
)  # fmt: skip
def test_a_wrong_field_is_named_in_the_refusal(change: Any, field: str, constraint: str) -> None:
    payload = hand_payload()
    change(payload)
    with pytest.raises(FieldError) as refused:
        command_from_dict("record-hand", payload)
    assert refused.value.field == field
    assert refused.value.constraint == constraint
    assert field in str(refused.value)


def test_an_unknown_command_or_invalid_text_is_refused() -> None:
    with pytest.raises(MalformedInputError) as unknown:
        command_from_dict("shuffle-up", {})
    assert unknown.value.constraint == "command"
    with pytest.raises(FieldError) as surrogate:
        command_from_dict("register", {"player": "p\ud800", "name": "x"})
    assert surrogate.value.field == "player"


def test_the_created_event_keeps_its_config_whole() -> None:
    config = TournamentConfig(name="Main", structure=default_structure(50), buy_in=250)
    event = TournamentCreated(config=config)
    written = through_json(encode_event(event))
    assert written["data"]["config"]["ruleset"] == {"profile": "tda-2022"}
    assert written["data"]["config"]["structure"]["items"][0]["type"] == "Level"
    assert decode_event(written) == event
    assert codec.decode_dataclass(TournamentConfig, written["data"]["config"]) == config
