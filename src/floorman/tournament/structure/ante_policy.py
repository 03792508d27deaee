"""A structure's antes held to the profile's ante policy (RedCactus "Big Blind Ante").

Some rulebooks say which antes an event may have: RedCactus plays its weekly events without
antes and its regional and national finals with the big-blind ante. The policy is a parameter
of the profile or preset (``TournamentRules.ante_policy``), so a structure that contradicts it
is refused when the event is configured, citing the rule the profile gives the value, before
any hand is dealt with the wrong forced bets. Stud levels are left alone: their antes are the
game's own forced bet, not a blind game's option.
"""

from __future__ import annotations

from floorman.engine.config import AnteMode
from floorman.rules.ruleset import Ruleset
from floorman.rules.tournament_rules import AntePolicy
from floorman.tournament.refusals import refuse, source
from floorman.tournament.structure.levels import Level, Structure

_ALLOWED: dict[AntePolicy, frozenset[AnteMode]] = {
    AntePolicy.ANY: frozenset(AnteMode),
    AntePolicy.NONE: frozenset({AnteMode.NONE}),
    AntePolicy.BIG_BLIND: frozenset({AnteMode.NONE, AnteMode.BIG_BLIND}),
}


def check_ante_policy(structure: Structure, ruleset: Ruleset) -> None:
    """Refuse ``structure`` if a blind level's ante is one the ruleset's policy forbids.

    The big-blind policy allows levels without an ante (the ante usually starts a few levels
    in); it forbids antes paid by every player.
    """
    policy = ruleset.tournament.ante_policy
    allowed = _ALLOWED[policy]
    for number, level in enumerate(structure.levels, start=1):
        if _is_blind_level(level) and level.ante_mode not in allowed:
            refuse(
                ruleset,
                source(ruleset, "ante_policy"),
                "ante-policy",
                f"level {number} has a {level.ante_mode} ante, which the ante policy "
                f"'{policy}' of this event does not allow",
                level=number,
                ante_mode=str(level.ante_mode),
                policy=str(policy),
            )


def _is_blind_level(level: Level) -> bool:
    return level.big_blind > 0


def ante_mode_for(ruleset: Ruleset, wanted: AnteMode = AnteMode.BIG_BLIND) -> AnteMode:
    """The ante a generated structure should use under ``ruleset``: ``wanted`` where the
    profile leaves it to the event, otherwise the one its policy names."""
    policy = ruleset.tournament.ante_policy
    if policy is AntePolicy.NONE:
        return AnteMode.NONE
    if policy is AntePolicy.BIG_BLIND:
        return AnteMode.BIG_BLIND
    return wanted
