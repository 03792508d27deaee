"""A structure from the editor, checked as the event's rulebook says, refusals citing its rule.

:class:`~floorman.tournament.structure.levels.Structure` already refuses what cannot be played (a
422 naming the broken constraint). The director editing a structure in the console deserves
more: a refusal that says which rule of *his* profile the structure breaks. This module
builds the structure from the editor's plain data and turns each rulebook-related refusal into
a ruling of the profile in force (409, ``illegal-action``):

- amounts not payable in the smallest chip in play: the odd-chip rule (TDA R20, Belarus 5.9.3:
  nothing smaller than the smallest denomination in play exists in a pot);
- a break colouring up chips not in play, or every chip: the colour-up rule (TDA R25-B,
  PokerStars Live 3.3, RedCactus 25; profiles without one cite their general rule);
- a level smaller than an earlier one: the levels rule (TDA R23, Belarus 3.3: each level's
  forced bets grow);
- where the profile says every level raises the forced bets (``levels_strictly_grow``,
  Belarus 3.3), a level repeating the one before.

Belarus 3.3 leaves the levels' lengths to each event's regulations: its one demand on them is
that levels are timed, which every :class:`Level` is (``minutes`` at least 1).

Everything else stays the structure's own 422. The rulings' English text is the structure's
own message, and their params the values it shows (:class:`StructureError`), so each is
worded in every language of the catalogues (``floorman.rules.message_templates``).
"""

from __future__ import annotations

from collections.abc import Mapping

from floorman.engine.games import get_game
from floorman.errors import MalformedInputError
from floorman.rules.ruleset import Ruleset
from floorman.tournament.refusals import refuse, source
from floorman.tournament.structure.levels import Structure, StructureError

CONCEPT_OF_CONSTRAINT: Mapping[str, tuple[str, str]] = {
    "chip-multiple": ("odd-chip", "structure-chip-multiple"),
    "starting-stack": ("odd-chip", "structure-chip-multiple"),
    "colour-up": ("colour-up", "structure-colour-up"),
    "level-order": ("levels", "structure-level-order"),
}
"""A structure refusal's constraint -> (the profile's concept cited, the ruling's key)."""


def checked_structure(data: Mapping[str, object], ruleset: Ruleset) -> Structure:
    """The editor's structure, or a refusal citing the profile's rule for what it breaks."""
    try:
        structure = Structure.from_dict(data)
    except MalformedInputError as error:
        cited = CONCEPT_OF_CONSTRAINT.get(error.constraint or "")
        if cited is None:
            raise
        concept, key = cited
        params = error.params if isinstance(error, StructureError) else {}
        refuse(ruleset, ruleset.cite(concept).rule, key, str(error), **params)
    check_levels(structure, ruleset)
    return structure


def check_levels(structure: Structure, ruleset: Ruleset) -> None:
    """What the profile adds to the structure's own checks: where ``levels_strictly_grow``
    (Belarus 3.3), each level's forced bets above the last level's of its kind (stud levels
    and blind levels of a mixed event grow each on their own, as in the structure's check)."""
    if not ruleset.tournament.levels_strictly_grow:
        return
    last: dict[bool, int] = {}
    for number, level in enumerate(structure.levels, 1):
        stud = get_game(level.game).is_stud
        if level.stake <= last.get(stud, 0):
            refuse(
                ruleset,
                source(ruleset, "levels_strictly_grow"),
                "structure-level-repeats",
                f"level {number} does not raise the forced bets of the level before",
                level=number,
            )
        last[stud] = level.stake
