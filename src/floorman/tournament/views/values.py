"""Views as values: frozen dataclasses whose ``as_dict()`` gives plain JSON-ready data, for
the tournament's views of each audience (:mod:`floorman.tournament.views.audiences`)."""

from __future__ import annotations

import dataclasses
from typing import Any

_SCALARS = frozenset({int, str, float, bool, type(None)})


_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _field_names(kind: type) -> tuple[str, ...] | None:
    """The fields of a dataclass (read once per class: a director's view of a thousand
    tables holds a hundred thousand values); ``None`` for any other type."""
    if kind not in _FIELDS:
        is_class = dataclasses.is_dataclass(kind)
        _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind)) if is_class else None
    return _FIELDS[kind]


def plain(value: object) -> Any:
    """A view as JSON-ready data: dataclasses to dicts, tuples to lists, enums to text."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    names = _field_names(kind)
    if names is not None:
        data = {}
        for name in names:  # scalars, most values, are taken as they are, without a call
            field = getattr(value, name)
            data[name] = field if type(field) in _SCALARS else plain(field)
        return data
    if isinstance(value, tuple | list):
        return [v if type(v) in _SCALARS else plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


class ViewValue:
    """``as_dict`` for every view."""

    __slots__ = ()

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = plain(self)
        return data
