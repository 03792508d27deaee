"""Rule catalogues: every rule of a rulebook floorman knows of, with its status and summary.

A catalogue (``floorman/rules/data/<profile>.rules.toml``, format in ``docs/dev/
rule-catalogue.md``) lists each rule its digest tags for the engine, the tournament or the
officials, says whether floorman implements it, records it, will build it or has nothing to do
with it, and summarises it in floorman's own words in English and in the rulebook's language.
The conformance documents are generated from it and from the tests that prove each rule.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any

from floorman.errors import MalformedInputError, refuse
from floorman.rules.loader import CATALOGUE_SUFFIX

TAGS = frozenset({"engine", "tournament", "officials", "human"})


class Status(StrEnum):
    IMPLEMENTED = "implemented"
    """floorman enforces it, and a test proves it."""
    RECORDED = "recorded"
    """floorman records the decision (a ruling, a penalty); people take it."""
    NOT_APPLICABLE = "not-applicable"
    """Nothing for software to do (etiquette, physical handling)."""
    NOT_YET = "not-yet"
    """In scope, not built yet; the note names the issue that builds it."""


@dataclass(frozen=True, slots=True)
class CatalogueRule:
    id: str
    title: str
    tags: tuple[str, ...]
    status: Status
    summary: Mapping[str, str]
    """Language code to a summary in floorman's words: ``en`` and the rulebook's language."""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Decision:
    """How floorman reads a passage the rulebook leaves open (the digest's ambiguity ``id``)."""

    id: str
    topic: str
    decision: str
    reason: str
    rules: tuple[str, ...] = ()
    """The rules of the catalogue the decision applies to."""


@dataclass(frozen=True, slots=True)
class Catalogue:
    profile: str
    rules: tuple[CatalogueRule, ...]
    decisions: tuple[Decision, ...] = ()

    def get(self, rule_id: str) -> CatalogueRule | None:
        return next((r for r in self.rules if r.id == rule_id), None)


RULE_KEYS = frozenset({"id", "title", "tags", "status", "summary", "note"})


def parse_catalogue(text: str, *, source: str, language: str) -> Catalogue:
    """A catalogue, checked: known keys, statuses and tags, unique ids, both summaries."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MalformedInputError(f"{source}: not TOML: {error}", constraint="toml") from None
    profile = table.get("profile")
    if not isinstance(profile, str) or set(table) - {"profile", "rule", "decision"}:
        refuse(
            f"{source}: a catalogue has `profile`, [[rule]] and [[decision]] only",
            "catalogue:catalogue",
        )
    rules = tuple(_rule(entry, source, language) for entry in table.get("rule", []))
    ids = [r.id for r in rules]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        refuse(f"{source}: rule {duplicates[0]} is listed twice", "catalogue:rule-id")
    decisions = tuple(_decision(entry, source, set(ids)) for entry in table.get("decision", []))
    return Catalogue(profile, rules, decisions)


DECISION_KEYS = frozenset({"id", "topic", "decision", "reason", "rules"})


def _decision(entry: Any, source: str, rule_ids: set[str]) -> Decision:
    if not isinstance(entry, dict) or set(entry) - DECISION_KEYS:
        refuse(
            f"{source}: a decision has only the keys {', '.join(sorted(DECISION_KEYS))}",
            "catalogue:decision",
        )
    where = f"{source}: decision {entry.get('id')!r}"
    texts = [entry.get(key) for key in ("id", "topic", "decision", "reason")]
    if not all(isinstance(t, str) and t for t in texts):
        refuse(
            f"{where}: id, topic, decision and reason must be non-empty strings",
            "catalogue:decision",
        )
    rules = entry.get("rules", [])
    unknown = [r for r in rules if r not in rule_ids] if isinstance(rules, list) else ["?"]
    if unknown:
        refuse(f"{where}: rules {unknown} are not in the catalogue", "catalogue:decision-rules")
    rule_id, topic, decision, reason = (str(t) for t in texts)
    return Decision(rule_id, topic, decision, reason, rules=tuple(rules))


def _rule(entry: Any, source: str, language: str) -> CatalogueRule:
    if not isinstance(entry, dict) or set(entry) - RULE_KEYS:
        refuse(
            f"{source}: a rule has only the keys {', '.join(sorted(RULE_KEYS))}", "catalogue:rule"
        )
    rule_id = entry.get("id")
    where = f"{source}: rule {rule_id!r}"
    if not isinstance(rule_id, str) or not rule_id:
        refuse(f"{where}: id must be a non-empty string", "catalogue:rule-id")
    tags = entry.get("tags")
    if not isinstance(tags, list) or not tags or not set(tags) <= TAGS:
        refuse(f"{where}: tags must be some of {', '.join(sorted(TAGS))}", "catalogue:rule-tags")
    status = entry.get("status")
    if status not in {s.value for s in Status}:
        refuse(
            f"{where}: status must be one of {', '.join(s.value for s in Status)}",
            "catalogue:status",
        )
    summary = entry.get("summary")
    if not isinstance(summary, dict) or not {"en", language} <= set(summary):
        refuse(f"{where}: summary needs en and {language}", "catalogue:summary")
    note = entry.get("note", "")
    if status != Status.IMPLEMENTED and not note:
        refuse(f"{where}: a rule that is not implemented needs a note saying why", "catalogue:note")
    return CatalogueRule(
        id=rule_id,
        title=str(entry.get("title", "")),
        tags=tuple(tags),
        status=Status(status),
        summary={str(k): str(v) for k, v in summary.items()},
        note=str(note),
    )


def builtin_catalogues(languages: Mapping[str, str]) -> dict[str, Catalogue]:
    """The catalogues shipped with floorman, by profile; ``languages`` maps profile to language."""
    folder = resources.files("floorman.rules") / "data"
    catalogues = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(CATALOGUE_SUFFIX):
            profile = entry.name.removesuffix(CATALOGUE_SUFFIX)
            text = entry.read_text(encoding="utf-8")
            catalogue = parse_catalogue(
                text, source=entry.name, language=languages.get(profile, "en")
            )
            catalogues[catalogue.profile] = catalogue
    return catalogues
