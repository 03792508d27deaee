"""``quick_init`` gives frozen dataclasses a faster ``__init__`` that behaves the same."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle

import pytest

from floorman import native
from floorman.engine.actions import DealHole, Raise
from floorman.engine.betting import LegalOptions
from floorman.engine.events import Acted, HoleDealt
from floorman.engine.values import quick_init
from floorman.rules.profiles import TDA_2022


@dataclasses.dataclass(frozen=True, slots=True)
class _Plain:
    seat: int
    cards: tuple[int, ...]
    burn: int | None = None


@quick_init
@dataclasses.dataclass(frozen=True, slots=True)
class _Quick:
    seat: int
    cards: tuple[int, ...]
    burn: int | None = None


def test_the_quick_init_keeps_the_dataclass_signature_and_defaults() -> None:
    assert str(inspect.signature(_Quick)) == str(inspect.signature(_Plain))
    assert _Quick(1, (2, 3)).burn is None
    assert _Quick(seat=1, cards=(2, 3), burn=4) == _Quick(1, (2, 3), 4)
    assert repr(_Quick(1, (2,))) == repr(_Plain(1, (2,))).replace("_Plain", "_Quick")


def test_the_quick_init_refuses_what_the_generated_one_refuses() -> None:
    with pytest.raises(TypeError):
        _Quick(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Quick(1, (2,), 3, 4)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Quick(1, (2,), seat=1)  # type: ignore[misc]


def test_quick_values_stay_frozen_hashable_and_copyable() -> None:
    value = _Quick(1, (2, 3), 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.seat = 2  # type: ignore[misc]
    assert hash(value) == hash(_Quick(1, (2, 3), 4))
    assert dataclasses.replace(value, burn=None) == _Quick(1, (2, 3))
    assert copy.deepcopy(value) == value
    event = Acted(2, "raise", 300, False)
    assert pickle.loads(pickle.dumps(event)) == event


def test_the_engine_values_use_it_unless_compiled() -> None:
    """Compiled, the engine's values keep the native constructor the build wrote from their
    fields (floorman.native_constructors): no Python code runs to make one."""
    compiled = native.status().compiled
    for cls in (Acted, HoleDealt, LegalOptions, DealHole, Raise):
        assert dataclasses.is_dataclass(cls)
        if compiled:
            assert not hasattr(cls.__init__, "__code__"), cls
        else:
            assert cls.__init__.__code__.co_filename == "<string>", cls


def test_classes_it_cannot_copy_faithfully_are_refused() -> None:
    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class KeywordOnly:
        seat: int

    @dataclasses.dataclass(slots=True)
    class Mutable:
        seat: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        seat: int

        def __post_init__(self) -> None:
            pass

    for cls in (KeywordOnly, Mutable, Checked):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_a_ruleset_gives_the_same_ruling_each_time_and_a_changed_one_its_own() -> None:
    first = TDA_2022.ruling("min-raise", "no-chips-to-raise", "no chips left beyond a call")
    again = TDA_2022.ruling("min-raise", "no-chips-to-raise", "no chips left beyond a call")
    assert first is again
    assert first.rule == TDA_2022.cite("min-raise")
    venue = TDA_2022.with_changes(refs={**TDA_2022.refs, "min-raise": "house 7"})
    moved = venue.ruling("min-raise", "no-chips-to-raise", "no chips left beyond a call")
    assert moved.rule.rule == "house 7"
    assert (moved.key, moved.message) == (first.key, first.message)
    with_params = TDA_2022.ruling("limit-cap", "raise-cap", "the betting is capped", cap=3)
    assert with_params.params == (("cap", 3),)
