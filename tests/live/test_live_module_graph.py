"""The live layer's modules form no circle (issue 19): the deciders return decisions and the
live hand applies them, so no module imports inside a function, none calls another module's
private names, and the imports among ``floorman.live`` modules (those under
``TYPE_CHECKING`` included) have no cycle."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import floorman.live

LIVE = Path(floorman.live.__file__).parent
PACKAGE = "floorman.live"


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in sorted(LIVE.rglob("*.py")):
        parts = path.relative_to(LIVE).with_suffix("").parts
        name = ".".join((PACKAGE, *parts)).removesuffix(".__init__")
        found[name] = path
    return found


MODULES = _modules()


def _tree(name: str) -> ast.Module:
    return ast.parse(MODULES[name].read_text(encoding="utf-8"))


def _live_imports(tree: ast.Module) -> set[str]:
    """The live modules a module imports, wherever the import statement stands."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in MODULES:
                    found.add(full)
                elif node.module in MODULES:
                    found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in MODULES)
    return found


def _graph() -> dict[str, set[str]]:
    return {name: _live_imports(_tree(name)) - {name} for name in MODULES}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph``, if it has one (depth-first, colouring the modules)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def _function_imports(tree: ast.Module) -> Iterator[int]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    yield inner.lineno


def _own_names(tree: ast.Module) -> set[str]:
    """Names the module itself defines: its functions, classes and attributes."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return names


def _foreign_private(tree: ast.Module) -> Iterator[str]:
    """Private names of other modules the module reaches: imported, or called on an object
    that is not its own (``self``, ``cls``)."""
    own = _own_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            yield from (a.name for a in node.names if a.name.startswith("_"))
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            if node.attr.startswith("__") or node.attr in own:
                continue
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                yield f"{ast.unparse(node.value)}.{node.attr} (line {node.lineno})"


def test_live_modules_import_each_other_without_a_cycle() -> None:
    graph = _graph()
    assert len(graph) > 40  # the whole layer was read
    assert graph["floorman.live.live_hand"]  # and the imports among its modules were found
    assert _cycle(graph) is None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]


def test_no_live_module_imports_inside_a_function() -> None:
    found = {name: list(_function_imports(_tree(name))) for name in MODULES}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_no_live_module_reaches_another_modules_private_names() -> None:
    found = {name: list(_foreign_private(_tree(name))) for name in MODULES}
    assert {name: names for name, names in found.items() if names} == {}


def test_the_helpers_do_not_import_the_live_hand_they_decide_for() -> None:
    """The deciders below the live hand name its answer and entries, never the hand."""
    below = ("irregularities", "assist", "decision", "director.rulings", "director.show_requests")
    importers = {
        name
        for name, deps in _graph().items()
        if "floorman.live.live_hand" in deps
        and any(name.startswith(f"{PACKAGE}.{b}") for b in below)
    }
    assert importers == set()


def test_the_assist_and_the_irregularities_import_nothing_from_the_director() -> None:
    """The shape of a decision sits at the layer's root, so the deciders' sub-packages import
    in one direction: the director's modules use them, never the other way round."""
    graph = _graph()
    director = f"{PACKAGE}.director"
    reaching = {
        name: sorted(d for d in deps if d.startswith(director))
        for name, deps in graph.items()
        if name.startswith((f"{PACKAGE}.assist", f"{PACKAGE}.irregularities"))
    }
    assert any(reaching)  # both sub-packages were read
    assert {name: deps for name, deps in reaching.items() if deps} == {}
