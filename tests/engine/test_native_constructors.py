"""The build writes each compiled value class's ``__init__`` from its fields
(floorman.native_constructors): the signature the dataclass would generate, at the source's
line numbers, and nothing for a class it cannot copy faithfully."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

from floorman import native
from floorman.native_constructors import with_constructors

SAMPLE = '''
from dataclasses import dataclass, field
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Dealt:
    kind: ClassVar[str] = "dealt"
    seat: int
    """A docstring of the field."""
    cards: tuple[int | None,
                 ...]
    burn: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Named:
    code: str


@dataclass(frozen=True, slots=True)
class Written:
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat + 1)


@dataclass(slots=True)
class Mutable:
    seat: int
'''


def _generated(source: str) -> dict[str, ast.FunctionDef]:
    """The ``__init__`` of each class of ``source`` after the build's rewrite."""
    tree = ast.parse(with_constructors(source))
    return {
        node.name: stmt
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        for stmt in node.body
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__"
    }


def test_each_frozen_dataclass_gets_the_init_the_dataclass_would_generate() -> None:
    namespace: dict[str, object] = {}
    exec(compile(with_constructors(SAMPLE), "<sample>", "exec", dont_inherit=True), namespace)
    dealt = namespace["Dealt"](3, (1, None))  # type: ignore[operator]
    assert (dealt.seat, dealt.cards, dealt.burn) == (3, (1, None), None)  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        dealt.seat = 4  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        namespace["Named"]("NT")  # type: ignore[operator]
    assert namespace["Named"](code="NT").code == "NT"  # type: ignore[operator, attr-defined]
    inits = _generated(SAMPLE)
    assert ast.unparse(inits["Dealt"].args) == (
        "self, seat: int, cards: tuple[int | None, ...], burn: int | None=None"
    )
    assert [ast.unparse(s) for s in inits["Dealt"].body] == [
        "object.__setattr__(self, 'seat', seat)",
        "object.__setattr__(self, 'cards', cards)",
        "object.__setattr__(self, 'burn', burn)",
    ]


def test_a_written_init_and_a_mutable_dataclass_are_left_alone() -> None:
    inits = _generated(SAMPLE)
    assert ast.unparse(inits["Written"].body[0]) == "object.__setattr__(self, 'seat', seat + 1)"
    assert "Mutable" not in inits


def test_the_line_numbers_stay_those_of_the_source() -> None:
    rewritten = with_constructors(SAMPLE)
    pairs = list(zip(SAMPLE.splitlines(), rewritten.splitlines(), strict=True))
    changed = [(old, new) for old, new in pairs if old != new]
    assert len(changed) == 2  # Dealt and Named
    assert all(not old and new.startswith("    def __init__(self, ") for old, new in changed)


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("seats: list[int] = field(default_factory=list)", "field"),
        ("seat: int\n\n    def __post_init__(self) -> None:\n        pass", "__post_init__"),
    ],
)
def test_what_it_cannot_copy_faithfully_is_refused(body: str, why: str) -> None:
    source = f"@dataclass(frozen=True, slots=True)\nclass Bad:\n    {body}\n"
    with pytest.raises(ValueError, match=why):
        with_constructors(source)


def _compiled_value_classes() -> Iterator[tuple[type, ast.FunctionDef]]:
    for module_name in native.COMPILED:
        source = native.source_path(module_name).read_text(encoding="utf-8")
        module = importlib.import_module(module_name)
        for name, init in _generated(source).items():
            cls = getattr(module, name)
            if dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
                yield cls, init


def test_every_compiled_value_class_gets_its_dataclass_signature() -> None:
    """The engine's values have one source, their fields; the build's ``__init__`` takes the
    same arguments as the dataclass's own (names, kinds, defaults), class by class."""
    checked = []
    for cls, init in _compiled_value_classes():
        namespace: dict[str, object] = {}
        code = ast.Module(body=[_untyped(init)], type_ignores=[])
        exec(compile(ast.fix_missing_locations(code), "<init>", "exec"), namespace)
        written = inspect.signature(namespace["__init__"])  # type: ignore[arg-type]
        declared = [f for f in dataclasses.fields(cls) if f.init]
        expected = [
            (f.name, f.kw_only, None if f.default is dataclasses.MISSING else f.default)
            for f in declared
        ]
        got = [
            (
                p.name,
                p.kind is inspect.Parameter.KEYWORD_ONLY,
                None if p.default is inspect.Parameter.empty else p.default,
            )
            for p in list(written.parameters.values())[1:]
        ]
        assert got == expected, cls
        checked.append(cls.__name__)
    assert {"Acted", "HoleDealt", "LegalOptions", "Raise", "Pot", "Street", "Game"} <= set(checked)
    assert Path(native.source_path("floorman.engine.events")).exists()


def _untyped(init: ast.FunctionDef) -> ast.FunctionDef:
    """``init`` without annotations, so it runs outside its module."""
    args = init.args
    for arg in (*args.args, *args.kwonlyargs):
        arg.annotation = None
    return ast.FunctionDef(
        name=init.name,
        args=args,
        body=[ast.Pass()],
        decorator_list=[],
        returns=None,
        type_params=[],
    )
