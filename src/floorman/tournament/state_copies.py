"""Cheap copies of the tournament's state, for the checkpoint a command keeps (:mod:`.fold`).

A copy is made at almost every command (a simulation makes one per hand), so it copies one
level down only what the handlers change in place: the lists, sets and dicts, and the
concepts' parts of the state (mutable records of such containers), field by field. Everything
else is frozen or a number and is shared. Which field is which is read once per class from
its dataclass fields: a ``default_factory`` of ``dict``, ``list`` or ``set`` (or an annotation
saying one of them, possibly ``None``) is a container, a ``default_factory`` of a part is a
part.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, fields
from operator import attrgetter, methodcaller
from typing import Any

_CONTAINERS = ("dict[", "list[", "set[")


@dataclass(frozen=True, slots=True)
class CopyPlan:
    """How to copy one dataclass: its fields split by what a copy does with them."""

    shared_names: tuple[str, ...]
    container_names: tuple[str, ...]
    """Lists, sets and dicts, never ``None``."""
    optional_names: tuple[str, ...]
    """Lists, sets or dicts, or ``None``."""
    part_names: tuple[str, ...]
    part_plans: tuple[CopyPlan, ...]
    shared: Callable[[Any], tuple[Any, ...]]
    containers: Callable[[Any], tuple[Any, ...]]
    optional: Callable[[Any], tuple[Any, ...]]
    parts: Callable[[Any], tuple[Any, ...]]

    def snapshot(self, record: Any) -> Snapshot:
        """The values of ``record``'s fields, containers copied; a part is kept as itself
        with its own snapshot (the handlers change a part in place, never replace it), so
        a checkpoint builds no new record."""
        containers = tuple(map(_COPIED, self.containers(record)))
        optional = (
            [None if c is None else c.copy() for c in self.optional(record)]
            if self.optional_names
            else []
        )
        if not self.part_names:
            return (self.shared(record), containers, optional, [])
        pairs = zip(self.part_plans, self.parts(record), strict=True)
        return (
            self.shared(record),
            containers,
            optional,
            [(part, plan.snapshot(part)) for plan, part in pairs],
        )

    def restore(self, record: Any, values: Snapshot) -> None:
        """``record``'s fields set back to a :meth:`snapshot`'s values."""
        self._set_fields(record, values)
        for name, plan, (part, part_values) in zip(
            self.part_names, self.part_plans, values[3], strict=True
        ):
            plan.restore(part, part_values)
            setattr(record, name, part)

    def copy_of(self, record: Any) -> Any:
        """A new record like ``record``: containers copied, parts copied the same way."""
        copied = object.__new__(type(record))
        values = self.snapshot(record)
        self._set_fields(copied, values)
        for name, plan, (part, _) in zip(self.part_names, self.part_plans, values[3], strict=True):
            setattr(copied, name, plan.copy_of(part))
        return copied

    def _set_fields(self, record: Any, values: Snapshot) -> None:
        shared, containers, optional, _ = values
        for names, kept in (
            (self.shared_names, shared),
            (self.container_names, containers),
            (self.optional_names, optional),
        ):
            for name, value in zip(names, kept, strict=True):
                setattr(record, name, value)


Snapshot = tuple[tuple[Any, ...], tuple[Any, ...], list[Any], list[tuple[Any, Any]]]
"""A record's shared values, copied containers, copied optional containers, and parts."""
_COPIED = methodcaller("copy")


def plan_for(
    kind: type,
    parts: Collection[type],
    *,
    leave_out: Collection[str] = (),
    by_reference: Collection[str] = (),
) -> CopyPlan:
    """The copy plan of the dataclass ``kind`` whose fields of the types ``parts`` are parts,
    without the fields ``leave_out`` (kept another way). The containers ``by_reference``
    (``name`` or ``Part.name``) are kept as they are, not copied: the handlers copy them
    before their first change in a command (:meth:`TournamentState.to_change`)."""
    names: dict[str, list[str]] = {"shared": [], "containers": [], "optional": [], "parts": []}
    part_types: list[type] = []
    for f in fields(kind):
        if f.name in leave_out:
            continue
        if f.name in by_reference or f"{kind.__name__}.{f.name}" in by_reference:
            names["shared"].append(f.name)
            continue
        factory: object = f.default_factory
        if isinstance(factory, type) and factory in parts:
            names["parts"].append(f.name)
            part_types.append(factory)
        elif factory in (dict, list, set):
            names["containers"].append(f.name)
        elif str(f.type).startswith(_CONTAINERS):
            names["optional"].append(f.name)
        else:
            names["shared"].append(f.name)
    return CopyPlan(
        shared_names=tuple(names["shared"]),
        container_names=tuple(names["containers"]),
        optional_names=tuple(names["optional"]),
        part_names=tuple(names["parts"]),
        part_plans=tuple(plan_for(part, (), by_reference=by_reference) for part in part_types),
        shared=_getter(names["shared"]),
        containers=_getter(names["containers"]),
        optional=_getter(names["optional"]),
        parts=_getter(names["parts"]),
    )


def _getter(names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of the attributes ``names`` of a record, as a tuple (whatever their count)."""
    if not names:
        return lambda record: ()
    if len(names) == 1:
        name = names[0]
        return lambda record: (getattr(record, name),)
    return attrgetter(*names)


def undo(written: dict[str, Any], journal: dict[str, Any]) -> None:
    """``written`` back to what ``journal`` kept of the keys it changed (``None``: absent)."""
    for key, before in journal.items():
        if before is None:
            written.pop(key, None)
        else:
            written[key] = before
