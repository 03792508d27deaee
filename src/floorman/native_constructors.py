"""Constructors for the compiled value classes, written at build time from their fields.

The engine's values (events, actions, options, pots) are frozen dataclasses with slots, and
each class declares its fields once. Run as source, :func:`floorman.engine.values.finish` gives
each a fast ``__init__`` when the module loads. Compiled by mypyc (:mod:`floorman.native`), a
dataclass's generated ``__init__`` would stay interpreted Python, about ten times slower than a
native one, and mypyc only compiles the methods it reads in the source. So the build
(``setup.py``) compiles a copy of each compiled module in which :func:`with_constructors` has
written out, for every frozen dataclass without an ``__init__`` of its own, the ``__init__`` the
dataclass would generate: each field set with ``object.__setattr__``, in field order, with the
declared types and defaults.

The line goes in place of the blank line that follows the class (the class body goes on after
blank lines), so the compiled module's line numbers are those of the source. Only the standard
library is used here: ``setup.py`` loads this file by path to build.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    annotation: str
    default: str | None


def with_constructors(source: str) -> str:
    """``source`` with an ``__init__`` written into each frozen dataclass that lacks one."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    inits = [
        (node.end_lineno or node.lineno, _init_line(node, source))
        for node in tree.body
        if isinstance(node, ast.ClassDef) and _needs_init(node)
    ]
    for end, line in reversed(inits):
        if end < len(lines) and not lines[end].strip():
            lines[end] = line
        else:
            lines.insert(end, line)
    return "".join(lines)


def _needs_init(node: ast.ClassDef) -> bool:
    """A frozen dataclass with fields and no ``__init__`` written in its body."""
    options = _dataclass_options(node)
    if options is None or not options.get("frozen", False):
        return False
    if any(isinstance(s, ast.FunctionDef) and s.name == "__post_init__" for s in node.body):
        raise ValueError(f"{node.name}: a generated constructor does not call __post_init__")
    written = any(isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in node.body)
    return not written and bool(_field_nodes(node))


def _dataclass_options(node: ast.ClassDef) -> dict[str, object] | None:
    """The keyword options of the ``@dataclass(...)`` decorator, or ``None`` without one."""
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Name) and decorator.id == "dataclass":
            return {}
        if (
            isinstance(decorator, ast.Call)
            and isinstance(decorator.func, ast.Name)
            and decorator.func.id == "dataclass"
        ):
            return {
                k.arg: k.value.value
                for k in decorator.keywords
                if k.arg is not None and isinstance(k.value, ast.Constant)
            }
    return None


def _field_nodes(node: ast.ClassDef) -> list[ast.AnnAssign]:
    """The annotated names of the class body that are fields (not class variables)."""
    return [
        stmt
        for stmt in node.body
        if isinstance(stmt, ast.AnnAssign)
        and isinstance(stmt.target, ast.Name)
        and not ast.unparse(stmt.annotation).startswith(("ClassVar", "typing.ClassVar"))
    ]


def _fields(node: ast.ClassDef, source: str) -> list[_Field]:
    fields = []
    for stmt in _field_nodes(node):
        assert isinstance(stmt.target, ast.Name)
        name = stmt.target.id
        if isinstance(stmt.value, ast.Call):
            raise ValueError(f"{node.name}.{name}: only plain defaults, not field(...)")
        annotation = ast.get_source_segment(source, stmt.annotation) or ""
        default = None if stmt.value is None else ast.get_source_segment(source, stmt.value)
        if default is not None and "\n" in default:
            raise ValueError(f"{node.name}.{name}: a default written on one line only")
        fields.append(_Field(name, " ".join(annotation.split()), default))
    return fields


def _init_line(node: ast.ClassDef, source: str) -> str:
    """The ``__init__`` of ``node`` on one line, indented as its body."""
    fields = _fields(node, source)
    params = [
        f.name + ": " + f.annotation + ("" if f.default is None else " = " + f.default)
        for f in fields
    ]
    keyword_only = (_dataclass_options(node) or {}).get("kw_only", False)
    signature = ", ".join(["self", *(["*"] if keyword_only else []), *params])
    body = "; ".join(f'object.__setattr__(self, "{f.name}", {f.name})' for f in fields)
    indent = " " * node.body[0].col_offset
    return f"{indent}def __init__({signature}) -> None: {body}\n"
