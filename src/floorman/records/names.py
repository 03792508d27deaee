"""Games, rulebooks and event tiers by name, in the document's language.

The engine names its games in English and each profile names its rulebook in the rulebook's
own language (``Règles du jeu RedCactus Poker``), which suits neither a Russian protocol nor
an English results page. The records name them in English here, and the records' catalogue
translates those names like any other words of a document; the ruleset's id (with its preset,
``redcactus/weekly``) follows the name, so the reader can tell which rules were played even
where two presets share a rulebook.

A ruleset this module does not know (a venue's own profile) keeps the name it gave itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from floorman.engine.games import GAMES
from floorman.records.i18n import Words

RULEBOOKS: Final[Mapping[str, str]] = {
    "tda-2022": "Poker TDA Rules 2022",
    "belarus-sport": "Belarusian sport-poker federation rules",
    "redcactus": "RedCactus Poker rules",
    "pokerstars-live": "PokerStars Live tournament rules (Bulgaria)",
    "poland-pzp": "Tournament poker rules of the Polish Poker Association",
}
"""Each built-in profile's rulebook, named in English (the msgid its translations key on)."""

TIERS: Final[Mapping[str, str]] = {
    "weekly": "weekly tournament",
    "regional-final": "live Regional Final",
    "national-final": "National Final",
    "american": "American format",
    "olympic": "Olympic format",
}
"""Each built-in preset (an event tier or format), named in English."""


def game_name(code: str, say: Words) -> str:
    """The game of ``code`` (``NT``, ``PO``, ``F7S``...) in the document's language; an unknown
    code as it is."""
    game = GAMES.get(code)
    return code if game is None else say(game.name)


def tier_name(tier: str, say: Words) -> str:
    """A preset or league tier (``weekly``, ``regional-final``...) in the document's language."""
    english = TIERS.get(tier)
    return tier if english is None else say(english)


def rulebook_name(ruleset_id: str, say: Words, *, fallback: str = "") -> str:
    """The rules an event was played by, in the document's language, with the ruleset's id:
    ``Poker TDA Rules 2022 (tda-2022)``, ``RedCactus Poker rules: weekly tournament
    (redcactus/weekly)``. ``fallback`` is the name a ruleset unknown here gave itself."""
    profile, _, preset = ruleset_id.partition("/")
    english = RULEBOOKS.get(profile)
    if english is None:
        named = fallback or ruleset_id
        return f"{named} ({ruleset_id})" if ruleset_id and named != ruleset_id else named
    name = say(english)
    if preset:
        name = say("{rulebook}: {tier}", rulebook=name, tier=tier_name(preset, say))
    return f"{name} ({ruleset_id})"
