"""Every ruling of the dealer assist has a template, with exactly the params its call gives.

The keys are read from the source of ``floorman/live`` (calls of ``AssistRules.rule`` with a
literal key), so a new ruling without a template, or a template no ruling uses, fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from floorman.live.assist.messages import TEMPLATES
from floorman.rules.messages import TEMPLATES as CATALOGUE
from floorman.rules.messages import placeholders

ASSIST = Path(__file__).parents[3] / "src" / "floorman" / "live" / "assist"


def call_sites() -> list[tuple[str, frozenset[str], str]]:
    """(key, keyword params, where) of every ``.rule(concept, "key", ...)`` call."""
    found = []
    for path in sorted(ASSIST.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rule"
                and len(node.args) == 2
                and isinstance(node.args[1], ast.Constant)
            ):
                params = frozenset(k.arg for k in node.keywords if k.arg is not None)
                found.append((str(node.args[1].value), params, f"{path.name}:{node.lineno}"))
    return found


SITES = call_sites()


def test_every_key_used_has_a_template_and_every_template_is_used() -> None:
    assert len(SITES) >= 40
    assert {key for key, _, _ in SITES} == set(TEMPLATES)


@pytest.mark.parametrize(("key", "params", "where"), SITES, ids=[w for _, _, w in SITES])
def test_each_call_gives_exactly_the_params_of_its_template(
    key: str, params: frozenset[str], where: str
) -> None:
    assert placeholders(TEMPLATES[key]) == params, where


def test_keys_shared_with_the_translated_catalogue_have_the_same_wording_there() -> None:
    shared = set(TEMPLATES) & set(CATALOGUE)
    assert "call-is-check" in shared  # the engine's own ruling, reused
    for key in shared:
        assert TEMPLATES[key] in CATALOGUE[key], key
