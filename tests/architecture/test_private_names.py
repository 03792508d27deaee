"""No module of floorman reaches into another module's private names (issue 19).

A leading underscore says "this module's own": a helper, a field, a method that another
module must not call, so that the owner may change it freely. The scan reads every module of
``src/floorman`` with :mod:`ast` and flags:

- ``from floorman.x import _name`` in any module but ``floorman.x``;
- ``alias._name`` where ``alias`` is a floorman module imported here;
- ``value._name`` on any other value (an object of a class defined elsewhere: a hand's
  ``_apply``), and ``self._name`` where no code of this module defines ``_name`` (a mixin
  calling its sibling's method), unless the module defines ``_name`` itself.

Names of the standard library and of dependencies (``os._exit``) are theirs to document, and
dunder names (``__version__``) are public. The sites still open are listed in
:data:`ALLOWED`, each with why; the list may only shrink: a site that is gone must leave it.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SOURCE / "floorman"

# Sites allowed, by module (a path under src/floorman) and the expression as written, with how
# many times it occurs there. None is left (issue 19); the list may only shrink, so it stays empty.
ALLOWED: dict[str, Counter[str]] = {}


@dataclass(frozen=True, slots=True)
class Site:
    module: str
    line: int
    text: str


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = frozenset(module_name(p) for p in PACKAGE.rglob("*.py"))


def imported_from(node: ast.ImportFrom, module: str, package: bool) -> str:
    """The absolute module of ``from ... import``, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = module.split(".")[: None if package else -1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def own_names(tree: ast.AST) -> set[str]:
    """Every name this module defines or sets: its functions, classes, assignments, fields
    set on ``self``, keyword arguments and strings (``__slots__``, ``object.__setattr__``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                names.add(node.attr)  # its own objects' fields (another's: flagged)
        elif (isinstance(node, ast.keyword) and node.arg) or isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)
    return names


def bindings(tree: ast.AST, module: str, package: bool) -> tuple[dict[str, str], set[str]]:
    """Names bound to floorman modules (alias -> module), and names bound by imports of
    anything else (the standard library, dependencies)."""
    floorman: dict[str, str] = {}
    foreign: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                bound = alias.asname or alias.name.split(".")[0]
                if alias.name.startswith("floorman"):
                    floorman[bound] = alias.name if alias.asname else bound
                else:
                    foreign.add(bound)
        elif isinstance(node, ast.ImportFrom):
            source = imported_from(node, module, package)
            for alias in node.names:
                bound = alias.asname or alias.name
                if not source.startswith("floorman"):
                    foreign.add(bound)
                elif f"{source}.{alias.name}" in MODULES:
                    floorman[bound] = f"{source}.{alias.name}"
    return floorman, foreign


def dotted(node: ast.expr) -> tuple[str, list[str]] | None:
    """``a.b.c`` as (``a``, [``b``, ``c``]); ``None`` for anything but names and attributes."""
    chain: list[str] = []
    while isinstance(node, ast.Attribute):
        chain.append(node.attr)
        node = node.value
    return (node.id, chain[::-1]) if isinstance(node, ast.Name) else None


def sites_in(path: Path) -> Iterator[Site]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = str(path.relative_to(PACKAGE))
    return sites_of(tree, module_name(path), path.name == "__init__.py", where)


def sites_of(tree: ast.AST, module: str, package: bool, where: str) -> Iterator[Site]:
    floorman, foreign = bindings(tree, module, package)
    own = own_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = imported_from(node, module, package)
            if source.startswith("floorman") and source != module:
                for alias in node.names:
                    if private(alias.name):
                        yield Site(where, node.lineno, f"from {source} import {alias.name}")
        elif isinstance(node, ast.Attribute) and private(node.attr):
            yield from _attribute(node, where, module, floorman, foreign, own)


def _attribute(
    node: ast.Attribute,
    where: str,
    module: str,
    floorman: dict[str, str],
    foreign: set[str],
    own: set[str],
) -> Iterator[Site]:
    chain = dotted(node.value)
    if chain is not None and chain[0] in floorman:
        target = ".".join([floorman[chain[0]], *chain[1]])
        if target in MODULES:  # a module's attribute: its own module may use it
            if target != module:
                yield Site(where, node.lineno, ast.unparse(node))
            return
    if chain is not None and chain[0] in foreign:
        return  # the standard library's or a dependency's, documented there
    if node.attr not in own:
        yield Site(where, node.lineno, ast.unparse(node))


def all_sites() -> list[Site]:
    return [site for path in sorted(PACKAGE.rglob("*.py")) for site in sites_in(path)]


def test_no_module_calls_another_modules_private_names() -> None:
    found: dict[str, Counter[str]] = {}
    lines: dict[tuple[str, str], list[int]] = {}
    for site in all_sites():
        found.setdefault(site.module, Counter())[site.text] += 1
        lines.setdefault((site.module, site.text), []).append(site.line)
    new = {
        f"{module}:{lines[module, text]}: {text}"
        for module, texts in found.items()
        for text, count in texts.items()
        if count > ALLOWED.get(module, Counter())[text]
    }
    assert not new, "private names of another module used (make them public, or move the code)"
    gone = {
        f"{module}: {text}"
        for module, texts in ALLOWED.items()
        for text, count in texts.items()
        if found.get(module, Counter())[text] < count
    }
    assert not gone, "fixed: take these sites off ALLOWED (the list only shrinks)"


def scan(source: str, module: str) -> list[str]:
    """The sites of one module's source (for the scanner's own test)."""
    return [site.text for site in sites_of(ast.parse(source), module, False, "probe.py")]


def test_the_scan_flags_each_kind_of_reach_and_nothing_else() -> None:
    source = """
import os
from floorman.engine import hand as hand_module
from floorman.engine.hand import _post, Hand
from . import _sibling
import floorman.cards.card

class Own:
    __slots__ = ("_mine",)
    def _helper(self) -> None:
        self._mine = 1

def f(h: Hand, o: Own) -> None:
    o._helper()                    # defined here: fine
    h._apply(1)                    # another module's method
    h._field = 2                   # another object's field, set
    hand_module._post              # another module's function
    floorman.cards.card._RANKS     # through a dotted import
    self._elsewhere()              # a mixin's sibling
    os._exit(0)                    # the standard library's own
    print(__version__, h.__class__)
"""
    assert sorted(scan(source, "floorman.engine.probe")) == sorted(
        [
            "from floorman.engine.hand import _post",
            "from floorman.engine import _sibling",
            "h._apply",
            "h._field",
            "hand_module._post",
            "floorman.cards.card._RANKS",
            "self._elsewhere",
        ]
    )
