"""The default structure: what an event gets when nobody chose one (the server's new event
without a structure, the demo, the simulator).

A domain default, so it lives with the structures; the service and the simulator both import
it from here rather than one taking it from the other.
"""

from __future__ import annotations

from floorman.errors import MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.tournament.structure.ante_policy import ante_mode_for
from floorman.tournament.structure.generator import generate_structure
from floorman.tournament.structure.levels import Structure

STARTING_STACK = 20_000
CHIPS = (100, 500, 1_000, 5_000, 25_000)


def default_structure(players: int, profile: str = "tda-2022") -> Structure:
    """A no-limit hold'em structure for ``players`` (20-minute levels, big-blind ante unless
    the profile's ante policy says otherwise): the shortest event the generator's finishing
    model accepts for that field."""
    ante_mode = ante_mode_for(get_ruleset(profile))
    refusal: MalformedInputError | None = None
    for half_hours in range(2, 61):
        try:
            return generate_structure(
                starting_stack=STARTING_STACK,
                chips=CHIPS,
                players=max(players, 2),
                target_hours=half_hours / 2,
                ante_mode=ante_mode,
            )
        except MalformedInputError as error:
            refusal = error
    assert refusal is not None
    raise refusal
