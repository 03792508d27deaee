"""The base of the engine's frozen values (events, actions, options, pots).

Each value is a frozen dataclass with slots that declares its fields and nothing else: the
build writes its native constructor from them (:mod:`floorman.native_constructors`), and the
pure-Python build gives it a fast one at import (:func:`floorman.engine.values.finish`). A
compiled class unpickles by calling its class with no arguments, which a value with fields
refuses, so :class:`Frozen` pickles (and copies) a value as its class and its fields, the way
it is built.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


class Frozen:
    """A frozen value: rebuilt from its fields by pickling and copying."""

    __slots__ = ()

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        fields = dataclasses.fields(cast("DataclassInstance", self))
        return type(self), tuple([getattr(self, field.name) for field in fields])
