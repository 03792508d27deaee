"""The base of the engine's frozen values (events, actions, options, pots).

Each value is a frozen dataclass with its own ``__init__`` that sets every field with
``object.__setattr__``, which is what the generated one does; it is written out because mypyc
(:mod:`floorman.native`) compiles a written ``__init__`` into a native constructor, about ten
times faster, while a dataclass's generated one stays interpreted. A compiled class unpickles by
calling its class with no arguments, which a value with fields refuses, so :class:`Frozen`
pickles (and copies) a value as its class and its fields, the way it is built.
:func:`floorman.engine.values.finish` completes each value module for the build that runs.
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
