"""The club's library of structures: shipped templates and the ones its directors saved.

A director who ran a good event wants its structure again next week; one starting out wants a
typical turbo, deepstack or daily to adapt. A :class:`Template` is a named
:class:`~floorman.tournament.structure.levels.Structure` with where its numbers come from. Shipped
templates are TOML files in ``floorman/tournament/structure/templates/`` (a ``[template]`` table
naming
the public source, then the ``[structure]`` in :meth:`Structure.from_toml`'s shape). None of
the five rulebooks gives a structure of its own (Belarus 3.3 and the TDA's R23 leave levels to
the event; RedCactus defers to a separate structure document that is not public), so no
profile ships one.

Saved templates live in the event log's database as streams of their own kind (the service's
:mod:`floorman.service.api.routes_structures`); this module only says what a template is and
reads the shipped files, so it stays free of storage.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources

from floorman.errors import MalformedInputError
from floorman.tournament.structure.levels import Structure

SHIPPED = ("floorman.tournament.structure", "templates")
"""Where the shipped templates are: a data folder of the tournament package (package data)."""
NAME_LIMIT = 100
SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True, slots=True, kw_only=True)
class Template:
    """A structure with a name, the source of its numbers, and whether floorman ships it."""

    id: str
    name: str
    structure: Structure
    source: str = ""
    note: str = ""
    shipped: bool = False

    def summary(self) -> dict[str, object]:
        """What a list shows: name, source, levels, stack and the first level's blinds."""
        levels = self.structure.levels
        return {
            "id": self.id,
            "name": self.name,
            "source": self.source,
            "note": self.note,
            "shipped": self.shipped,
            "levels": len(levels),
            "level_minutes": levels[0].minutes,
            "starting_stack": self.structure.starting_stack,
        }

    def as_dict(self) -> dict[str, object]:
        return {**self.summary(), "structure": self.structure.as_dict()}


def check_name(name: object) -> str:
    """A template's name: 1 to 100 printable characters once trimmed (no control characters,
    which a database column or a printed sheet would not keep)."""
    if (
        not isinstance(name, str)
        or not 0 < len(name.strip()) <= NAME_LIMIT
        or not name.isprintable()
    ):
        raise MalformedInputError(
            f"a template's name has 1 to {NAME_LIMIT} characters", constraint="template-name"
        )
    return name.strip()


def slug(name: str) -> str:
    """The id part of a name: lower case letters and digits joined by dashes."""
    return SLUG.sub("-", name.lower()).strip("-") or "structure"


def read_template(text: str, template_id: str, *, shipped: bool) -> Template:
    """A template file: ``[template]`` (``name``, ``source``, ``note``) and ``[structure]``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MalformedInputError(f"not valid TOML: {error}", constraint="toml") from None
    head = data.get("template", {})
    structure = data.get("structure")
    if not isinstance(head, dict) or not isinstance(structure, dict):
        raise MalformedInputError(
            "a template file has a [template] and a [structure] table", constraint="template"
        )
    return Template(
        id=template_id,
        name=check_name(head.get("name")),
        structure=Structure.from_dict(structure),
        source=str(head.get("source", "")),
        note=str(head.get("note", "")),
        shipped=shipped,
    )


def shipped_templates() -> tuple[Template, ...]:
    """Every structure floorman ships, by id (the file's name), sorted."""
    package, folder_name = SHIPPED
    folder = resources.files(package).joinpath(folder_name)
    found = sorted(
        (entry.name.removesuffix(".toml"), entry.read_text("utf-8"))
        for entry in folder.iterdir()
        if entry.name.endswith(".toml")
    )
    return tuple(read_template(text, f"shipped:{key}", shipped=True) for key, text in found)
