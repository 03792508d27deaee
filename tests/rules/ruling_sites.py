"""Every place in ``src/floorman`` that makes a ruling, found by reading the source.

A ruling is made by ``Ruling(rule, key, message, params)`` or by a helper that passes its own
``key`` parameter on to one, with a message or wording it from a template of the key:
``Ruleset.ruling``, the engine's ``_illegal``, the tournament's ``refuse`` and ``_refuse``, the
live table's ``rule``... The helpers are found, not listed: any function with a ``key``
parameter that it hands to a known ruling maker is one too (repeated until nothing new turns
up), so a helper added by anyone is followed without touching this file. At each call, the key
and message are the arguments in the helper's ``key`` and ``message`` places, and the params
are the call's keywords (for ``Ruling``, the pairs of its params tuple).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).parents[2] / "src" / "floorman"

HOLE = "\x00"
"""Stands for a value filled in at run time, in the skeleton of a message."""


@dataclass(frozen=True, slots=True)
class Maker:
    """A function that makes a ruling: where its key and message go among the arguments."""

    key: int
    message: int | None
    """``None`` for a maker that words the message itself, from a template of the key."""


@dataclass(frozen=True, slots=True)
class Site:
    """One call that makes a ruling with a literal key."""

    key: str
    params: frozenset[str] | None
    """The params it passes; ``None`` when they are not written out at the call."""
    skeleton: str | None
    """The message with :data:`HOLE` for each value filled in; ``None`` when the call does not
    spell it out (a variable, a conditional)."""
    where: str
    templated: bool = False
    """The maker words the message from the key's template: there is none at the call."""

    @property
    def fixed(self) -> bool:
        """The message is one literal text."""
        return self.skeleton is not None and HOLE not in self.skeleton


def _trees() -> dict[str, ast.Module]:
    return {
        path.relative_to(SRC).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(SRC.rglob("*.py"))
    }


def _called(call: ast.Call) -> str | None:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)


def _argument(call: ast.Call, index: int, name: str) -> ast.expr | None:
    if index < len(call.args):
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == name), None)


def _parameters(function: ast.FunctionDef) -> list[str]:
    names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    return names[1:] if names and names[0] in ("self", "cls") else names


def makers(trees: dict[str, ast.Module]) -> dict[str, Maker]:
    """``Ruling`` and every helper that hands its ``key`` parameter on to a ruling maker."""
    found = {"Ruling": Maker(key=1, message=2)}
    functions = [
        node
        for tree in trees.values()
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and "key" in _parameters(node)
    ]
    grew = True
    while grew:
        grew = False
        for function in functions:
            if function.name not in found and _hands_key_on(function, found):
                names = _parameters(function)
                message = names.index("message") if "message" in names else None
                found[function.name] = Maker(names.index("key"), message)
                grew = True
    return found


def _hands_key_on(function: ast.FunctionDef, found: dict[str, Maker]) -> bool:
    """Whether ``function`` passes its own ``key`` as the key of a known ruling maker."""
    for call in ast.walk(function):
        if not isinstance(call, ast.Call):
            continue
        maker = found.get(_called(call) or "")
        passed = _argument(call, maker.key, "key") if maker is not None else None
        if isinstance(passed, ast.Name) and passed.id == "key":
            return True
    return False


def skeleton(node: ast.expr | None) -> str | None:
    """A message's text with :data:`HOLE` for what is filled in when it runs."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = [
            skeleton(value) if isinstance(value, ast.Constant) else HOLE for value in node.values
        ]
        return "".join(part or "" for part in parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = skeleton(node.left), skeleton(node.right)
        return None if left is None or right is None else left + right
    return None  # a name or an expression: the text is put together elsewhere


def template_skeleton(template: str) -> str:
    """A template with :data:`HOLE` for each placeholder, to compare with a message's."""
    return re.sub(r"\{[a-z_]+\}", HOLE, template)


def _params(call: ast.Call, name: str) -> frozenset[str] | None:
    if name != "Ruling":
        return frozenset(k.arg for k in call.keywords if k.arg not in (None, "key", "message"))
    given = _argument(call, 3, "params")
    if given is None:
        return frozenset()
    if not isinstance(given, ast.Tuple):
        return None
    pairs = [pair for pair in given.elts if isinstance(pair, ast.Tuple) and pair.elts]
    names = [pair.elts[0] for pair in pairs]
    if len(pairs) != len(given.elts) or not all(isinstance(n, ast.Constant) for n in names):
        return None
    return frozenset(str(n.value) for n in names if isinstance(n, ast.Constant))


def sites() -> Iterator[Site]:
    """Every call in ``src/floorman`` that makes a ruling with a literal key."""
    trees = _trees()
    known = makers(trees)
    for where, tree in trees.items():
        for call in ast.walk(tree):
            name = _called(call) if isinstance(call, ast.Call) else None
            if name is None or name not in known or not isinstance(call, ast.Call):
                continue
            maker = known[name]
            key = _argument(call, maker.key, "key")
            if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
                continue
            place = f"{where}:{call.lineno}"
            if maker.message is None:
                yield Site(key.value, _params(call, name), None, place, templated=True)
            else:
                message = skeleton(_argument(call, maker.message, "message"))
                yield Site(key.value, _params(call, name), message, place)


def template_tables() -> dict[str, dict[str, str]]:
    """Other layers' own tables of English templates (a module-level ``TEMPLATES`` dict, as the
    live table's dealer assist keeps), by file: their rulings are worded from these, so each
    must also be a template of :mod:`floorman.rules.message_templates` to be translated."""
    tables = {}
    for where, tree in _trees().items():
        if where.startswith("rules/"):
            continue
        for node in tree.body:
            if isinstance(node, ast.AnnAssign | ast.Assign) and _names_templates(node):
                value = node.value
                if isinstance(value, ast.Call) and value.args:
                    value = value.args[0]  # MappingProxyType({...})
                if isinstance(value, ast.Dict):
                    tables[where] = dict(ast.literal_eval(value))
    return tables


def _names_templates(node: ast.AnnAssign | ast.Assign) -> bool:
    targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
    return any(isinstance(t, ast.Name) and t.id == "TEMPLATES" for t in targets)
