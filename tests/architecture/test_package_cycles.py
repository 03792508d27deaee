"""No two of floorman's top-level packages import each other (issue 19).

``make lint`` holds the whole order of the layers with import-linter (``pyproject.toml``,
``docs/architecture.md``); this test keeps the weakest form of it in every pytest run, with
nothing but :mod:`ast`: the graph of runtime imports between the top-level packages has no
cycle. Imports under ``if TYPE_CHECKING:`` name types only and are left out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SOURCE / "floorman"


def top(module: str) -> str:
    """``floorman.service.api.app`` -> ``service``; the root package itself -> ``floorman``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            yield from (n for child in node.orelse for n in [child, *runtime_nodes(child)])
            continue
        yield node
        yield from runtime_nodes(node)


def imports_of(path: Path) -> Iterator[str]:
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    package = parts[-1] == "__init__"
    module = parts[:-1] if package else parts
    for node in runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module[: len(module) - node.level + (1 if package else 0)]
                yield ".".join([*base, *([node.module] if node.module else [])])
            else:
                yield node.module or ""


def package_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(SOURCE).with_suffix("").parts
        source = top(".".join(parts))
        for target in imports_of(path):
            if target.startswith("floorman") and top(target) not in (source, "floorman"):
                graph.setdefault(source, set()).add(top(target))
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (a path that comes back to its start), or ``None``."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        for after in sorted(graph.get(node, ())):
            found = visit(after, [*path, node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return None


def test_no_cycle_between_the_top_level_packages() -> None:
    graph = package_graph()
    assert {"service", "tournament", "engine", "cards"} <= graph.keys()  # the scan sees them
    assert cycle(graph) is None


def test_the_cycle_finder_finds_a_cycle_and_type_only_imports_are_left_out() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}}) is None
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x\nimport y\n"
    tree = ast.parse(source)
    names = [a.name for n in runtime_nodes(tree) if isinstance(n, ast.Import) for a in n.names]
    assert names == ["y"]
