"""Conformance documents, generated from the rule catalogues and the tests that prove rules.

Tests declare what they prove with ``@pytest.mark.rules("tda-2022 R47", ...)`` (or a module's
``pytestmark``). The declarations are read from the test files' syntax trees, without running
them, so the documents can be rebuilt and checked in a second. A document cannot claim more
than the tests prove: an implemented rule with no proving test, or a test proving a rule the
catalogue does not list, is a problem, and ``floorman rules conformance --check`` fails on it as
it fails on a document that is out of date.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from floorman.rules.catalogue import Catalogue, CatalogueRule, Status
from floorman.rules.loader import (
    ALL_PARAMETERS,
    PARAMETERS,
    TOURNAMENT_PARAMETERS,
    parameter_value,
    written,
)
from floorman.rules.ruleset import Ruleset

Proofs = Mapping[str, list[str]]
"""``"tda-2022 R47"`` to the tests that prove it (``tests/engine/x.py::test_name``)."""


@dataclass(frozen=True, slots=True)
class Declaration:
    test: str
    rule: str


def collect_proofs(tests: Path) -> dict[str, list[str]]:
    """Every ``rules`` marker in the test files under ``tests``, by rule; tests are named by
    their path from the folder above ``tests`` (``tests/engine/x.py::test_y``)."""
    proofs: dict[str, list[str]] = defaultdict(list)
    root = tests.resolve().parent
    for path in sorted(tests.resolve().rglob("test_*.py")):
        name = path.relative_to(root).as_posix()
        for declaration in _declarations(ast.parse(path.read_text(encoding="utf-8")), name):
            proofs[declaration.rule].append(declaration.test)
    return dict(proofs)


def _declarations(tree: ast.Module, name: str) -> Iterator[Declaration]:
    module_rules: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            module_rules += _marker_rules(node.value)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            test = f"{name}::{node.name}"
            rules = [r for d in node.decorator_list for r in _marker_rules(d)]
            for rule in (*module_rules, *rules):
                yield Declaration(test, rule)


def _marker_rules(node: ast.expr) -> list[str]:
    """The string arguments of ``pytest.mark.rules(...)`` calls in ``node`` (lists too)."""
    if isinstance(node, ast.List | ast.Tuple):
        return [r for element in node.elts for r in _marker_rules(element)]
    if not isinstance(node, ast.Call) or not _is_rules_marker(node.func):
        return []
    return [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def _is_rules_marker(func: ast.expr) -> bool:
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "rules"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "mark"
    )


def problems(
    catalogues: Mapping[str, Catalogue], profiles: Mapping[str, Ruleset], proofs: Proofs
) -> list[str]:
    """What keeps the documents from being true: unproved claims and proofs of unknown rules."""
    found = []
    for profile, catalogue in catalogues.items():
        if profile not in profiles:
            found.append(f"catalogue for unknown profile {profile!r}")
        for rule in catalogue.rules:
            if rule.status is Status.IMPLEMENTED and not proofs.get(f"{profile} {rule.id}"):
                found.append(f"{profile} {rule.id} is marked implemented but no test proves it")
    for declared, tests in sorted(proofs.items()):
        profile, _, rule_id = declared.partition(" ")
        listed = catalogues.get(profile)
        if profile not in profiles:
            found.append(f"{tests[0]} proves {declared!r}, but {profile!r} is not a profile")
        elif listed is not None and listed.get(rule_id) is None:
            found.append(f"{tests[0]} proves {declared}, which the catalogue does not list")
    return found


def _parameter_table(ruleset: Ruleset, names: Iterable[str]) -> list[str]:
    return [
        "| Parameter | Value | Rule |",
        "| --- | --- | --- |",
        *(
            f"| `{name}` | `{written(parameter_value(ruleset, name))}` |"
            f" {ruleset.sources.get(name, '')} |"
            for name in names
        ),
    ]


def _preset_table(ruleset: Ruleset, presets: Sequence[Ruleset]) -> list[str]:
    """The parameters some preset sets apart from the profile, each value with its rule."""
    if not presets:
        return []
    names = [
        name
        for name in ALL_PARAMETERS
        if any(parameter_value(p, name) != parameter_value(ruleset, name) for p in presets)
    ]
    columns = (ruleset, *presets)
    return [
        "## Presets",
        "",
        "Named overlays of this profile (event tiers, formats), usable wherever a profile id is:",
        ", ".join(f"`{p.id}` ({p.name})" for p in presets) + ".",
        "",
        "| Parameter | " + " | ".join(f"`{p.id}`" for p in columns) + " |",
        "| --- |" + " --- |" * len(columns),
        *(
            f"| `{name}` | "
            + " | ".join(
                f"`{written(parameter_value(p, name))}` ({p.sources.get(name, '')})"
                for p in columns
            )
            + " |"
            for name in names
        ),
        "",
    ]


def render(
    ruleset: Ruleset, catalogue: Catalogue, proofs: Proofs, presets: Sequence[Ruleset] = ()
) -> str:
    """The conformance document of one profile, in Markdown, with its presets' differences."""
    counts = {s: sum(r.status is s for r in catalogue.rules) for s in Status}
    lines = [
        f"# {ruleset.profile}: {ruleset.name}",
        "",
        "Generated by `floorman rules conformance` from the rule catalogue",
        f"(`src/floorman/rules/data/{ruleset.profile}.rules.toml`) and the tests that declare",
        "the rules they prove; do not edit by hand.",
        "",
        ", ".join(f"{counts[s]} {s.value}" for s in Status) + ".",
        "",
        "## Parameters of a hand",
        "",
        *_parameter_table(ruleset, PARAMETERS),
        "",
        "## Parameters of the tournament",
        "",
        *_parameter_table(ruleset, TOURNAMENT_PARAMETERS),
        "",
        *_preset_table(ruleset, presets),
        "## Rules",
        "",
        "| Rule | Tags | Status | Summary | Tests |",
        "| --- | --- | --- | --- | --- |",
        *(_row(ruleset.profile, rule, proofs) for rule in catalogue.rules),
    ]
    if catalogue.decisions:
        lines += [
            "",
            "## Decisions on ambiguities",
            "",
            "Where the rulebook leaves a point open (an ambiguity of the digest), floorman reads:",
            "",
            "| Ambiguity | Topic | Decision | Reason | Rules |",
            "| --- | --- | --- | --- | --- |",
            *(
                "| "
                + " | ".join(
                    c.replace("|", "\\|")
                    for c in (d.id, d.topic, d.decision, d.reason, ", ".join(d.rules))
                )
                + " |"
                for d in catalogue.decisions
            ),
        ]
    return "\n".join(lines) + "\n"


def _row(profile: str, rule: CatalogueRule, proofs: Proofs) -> str:
    tests = proofs.get(f"{profile} {rule.id}", [])
    shown = "<br>".join(f"`{t.rsplit('::', 1)[-1]}`" for t in tests) if tests else ""
    summary = rule.summary.get("en", "")
    if rule.note:
        summary += f" *{rule.note}*"
    title = f"**{rule.title}**: " if rule.title else ""
    cells = (rule.id, ", ".join(rule.tags), rule.status.value, title + summary, shown)
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
