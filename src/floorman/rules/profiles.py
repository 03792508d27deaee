"""The built-in rule profiles, as far as the hand engine needs them, loaded from data files.

Rule numbers are those of each seed rulebook (``shared/seeds``); the English digests in
``shared/rulebooks`` map them. Concepts without a rule of their own in a rulebook cite the rule
that rulebook falls back on: neither book has rules for draw games (TDA R35-A leaves them to
house rules), so ``draw`` and ``draw-stub`` cite the general rule (TDA R1, Belarus 2.1.1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from floorman.errors import MalformedInputError
from floorman.rules.loader import builtin_presets, builtin_profiles, parse_venue
from floorman.rules.ruleset import Ruleset

PROFILES: Final[dict[str, Ruleset]] = builtin_profiles()
"""The built-in profiles by id, read from ``floorman/rules/data/*.toml``."""

PRESETS: Final[dict[str, Ruleset]] = builtin_presets(PROFILES)
"""The built-in presets by id (``redcactus/weekly``, ``belarus-sport/olympic``): a profile's
event tiers and formats, read from ``floorman/rules/data/<profile>.presets.toml``."""

TDA_2022: Final = PROFILES["tda-2022"]
BELARUS_SPORT: Final = PROFILES["belarus-sport"]


def get_ruleset(profile: str) -> Ruleset:
    """The ruleset of a profile or preset id; an unknown id is refused with the known ones."""
    found = PROFILES.get(profile) or PRESETS.get(profile)
    if found is None:
        known = ", ".join([*sorted(PROFILES), *sorted(PRESETS)])
        raise MalformedInputError(
            f"unknown rule profile {profile!r}; known profiles: {known}", constraint="profile"
        )
    return found


def presets_of(profile: str) -> list[Ruleset]:
    """The presets laid over ``profile``, in id order."""
    return [preset for preset in PRESETS.values() if preset.profile == profile]


def resolve_ruleset(profile: str, venue: Path | None = None) -> Ruleset:
    """A profile or preset, or a venue's house rules (a TOML file) laid over the one it names.

    With a venue file, ``profile`` is ignored: the file's ``base`` says which profile it
    changes, so the file alone always means the same rules.
    """
    if venue is None:
        return get_ruleset(profile)
    try:
        text = venue.read_text(encoding="utf-8")
    except OSError as error:
        raise MalformedInputError(f"cannot read {venue}: {error}", constraint="venue") from None
    return parse_venue(text, source=venue.name, profiles={**PROFILES, **PRESETS})
