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
from operator import attrgetter
from typing import Any

_CONTAINERS = ("dict[", "list[", "set[")


@dataclass(frozen=True, slots=True)
class CopyPlan:
    """How to copy one dataclass: its fields split by what a copy does with them."""

    names: tuple[str, ...]
    """Every field copied, in the order of the values a snapshot holds."""
    shared: Callable[[Any], tuple[Any, ...]]
    containers: Callable[[Any], tuple[Any, ...]]
    parts: Callable[[Any], tuple[Any, ...]]
    part_plans: tuple[CopyPlan, ...]

    def snapshot(self, record: Any) -> tuple[Any, ...]:
        """The values of ``record``'s fields, containers copied; a part is kept as itself
        with its own snapshot (the handlers change a part in place, never replace it), so
        a checkpoint builds no new record."""
        copied = [None if c is None else c.copy() for c in self.containers(record)]
        if not self.part_plans:  # a part: no parts of its own
            return (*self.shared(record), *copied)
        parts = [
            (v, p.snapshot(v)) for p, v in zip(self.part_plans, self.parts(record), strict=True)
        ]
        return (*self.shared(record), *copied, *parts)

    def restore(self, record: Any, values: Sequence[Any]) -> None:
        """``record``'s fields set back to a :meth:`snapshot`'s values."""
        split = len(self.names) - len(self.part_plans)
        for name, value in zip(self.names[:split], values[:split], strict=True):
            setattr(record, name, value)
        kept = zip(self.names[split:], self.part_plans, values[split:], strict=True)
        for name, plan, (part, part_values) in kept:
            plan.restore(part, part_values)
            setattr(record, name, part)

    def copy_of(self, record: Any) -> Any:
        """A new record like ``record``: containers copied, parts copied the same way."""
        copied = object.__new__(type(record))
        split = len(self.names) - len(self.part_plans)
        values = self.snapshot(record)
        for name, value in zip(self.names[:split], values[:split], strict=True):
            setattr(copied, name, value)
        for name, plan, (part, _) in zip(
            self.names[split:], self.part_plans, values[split:], strict=True
        ):
            setattr(copied, name, plan.copy_of(part))
        return copied


def plan_for(kind: type, parts: Collection[type], *, leave_out: Collection[str] = ()) -> CopyPlan:
    """The copy plan of the dataclass ``kind`` whose fields of the types ``parts`` are parts,
    without the fields ``leave_out`` (kept another way)."""
    shared: list[str] = []
    containers: list[str] = []
    part_fields: list[tuple[str, type]] = []
    for f in fields(kind):
        if f.name in leave_out:
            continue
        factory: object = f.default_factory
        if isinstance(factory, type) and factory in parts:
            part_fields.append((f.name, factory))
        elif factory in (dict, list, set) or str(f.type).startswith(_CONTAINERS):
            containers.append(f.name)
        else:
            shared.append(f.name)
    part_names = [name for name, _ in part_fields]
    return CopyPlan(
        names=(*shared, *containers, *part_names),
        shared=_getter(shared),
        containers=_getter(containers),
        parts=_getter(part_names),
        part_plans=tuple(plan_for(part, ()) for _, part in part_fields),
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
