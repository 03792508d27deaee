"""Frozen dataclasses that are cheap to make in either build: the engine makes some fifty of
them a hand.

Compiled by mypyc (:mod:`floorman.native`), the value classes get native constructors from the
``__init__`` the build writes from their fields (:mod:`floorman.native_constructors`). Run as
Python source, :func:`finish` gives them :func:`quick_init`'s instead:

Events, the actions players and dealers send and the legal options are frozen dataclasses
with slots. A frozen dataclass's generated ``__init__`` must go round the class's own
``__setattr__`` (which refuses every change), so it sets each field with
``object.__setattr__``: a global look-up, an attribute look-up and a call per field. Put on top
of ``@dataclass(frozen=True, slots=True)``, :func:`quick_init` replaces that ``__init__`` with
one that sets each slot through the slot's own descriptor, found once when the class is made:
the same signature, defaults and result (and still no way to change a field afterwards) in
about 60% of the time.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


def quick_init(cls: type[T]) -> type[T]:
    """Give a frozen, slotted dataclass a faster ``__init__`` that does the same thing.

    Only plain fields are supported (positional or keyword, with or without a default value);
    a class with keyword-only fields, default factories or ``__post_init__`` is refused.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init is for frozen dataclasses with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init does not call __post_init__")
    names: list[str] = []
    signature: list[str] = []
    closure: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        if field.kw_only or not field.init or field.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{field.name}: quick_init takes plain fields only")
        names.append(field.name)
        closure[f"_set_{field.name}"] = getattr(cls, field.name).__set__
        if field.default is dataclasses.MISSING:
            signature.append(field.name)
        else:
            closure[f"_default_{field.name}"] = field.default
            signature.append(f"{field.name}=_default_{field.name}")
    if not names:
        return cls
    body = "".join(f"        _set_{name}(self, {name})\n" for name in names)
    source = (
        f"def make({', '.join(closure)}):\n"
        f"    def __init__(self, {', '.join(signature)}):\n{body}"
        "    return __init__\n"
    )
    namespace: dict[str, Any] = {}
    exec(source, {}, namespace)
    init = namespace["make"](**closure)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def finish(namespace: dict[str, Any]) -> None:
    """Complete the frozen value classes of a module (call it with its ``globals()``) for the
    build that runs.

    Run as source, each gets the faster :func:`quick_init`. Compiled, each keeps its native
    constructor, but its ``__annotations__`` are mypyc's approximations (a union becomes
    ``type``, ``tuple[int, ...]`` a bare ``tuple``), which would mislead whatever reads the type
    hints (the service's codec); they are replaced by the declared ones, read from the source
    beside the compiled module as Python keeps them (strings, under ``from __future__ import
    annotations``).
    """
    module, file = namespace["__name__"], Path(namespace["__file__"])
    classes = [
        value
        for value in namespace.values()
        if isinstance(value, type)
        and value.__module__ == module
        and dataclasses.is_dataclass(value)
    ]
    if file.suffix == ".py":
        for cls in classes:
            if not any(field.kw_only for field in dataclasses.fields(cls)):
                quick_init(cls)  # keyword-only values keep the dataclass's own __init__
        return
    declared = _declared_annotations(file.with_name(module.rpartition(".")[2] + ".py"))
    for cls in classes:
        cls.__annotations__ = declared[cls.__name__]


def _declared_annotations(source: Path) -> dict[str, dict[str, str]]:
    """Each class's annotated names and annotations, as written in ``source``."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    return {
        node.name: {
            stmt.target.id: ast.unparse(stmt.annotation)
            for stmt in node.body
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
        }
        for node in tree.body
        if isinstance(node, ast.ClassDef)
    }
