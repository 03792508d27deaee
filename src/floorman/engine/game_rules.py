"""Whether a rulebook covers a game at all (RedCactus «Prérequis»: No-Limit Hold'em only).

A profile lists the games it has rules for in ``allowed_games`` (empty: every game the engine
plays). A hand set up under a ruleset for another game would be ruled by rules that were never
written for it, so it is refused, citing the rule; the tournament's structure check can call the
same function for each level's game.
"""

from __future__ import annotations

from floorman.engine.games import Game
from floorman.errors import IllegalActionError
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import RuleRef, Ruling


def check_game(ruleset: Ruleset, game: Game) -> None:
    """Refuse ``game`` where the ruleset lists the games it allows and this is not one."""
    allowed = ruleset.allowed_games
    if not allowed or game.code in allowed:
        return
    source = ruleset.sources.get("allowed_games", ruleset.refs.get("general", "?"))
    ruling = Ruling(
        RuleRef(ruleset.profile, source),
        "game-not-allowed",
        f"{ruleset.name} covers {', '.join(allowed)} only, not {game.code}",
        (("rulebook", ruleset.name), ("game", game.code), ("allowed", ", ".join(allowed))),
    )
    raise IllegalActionError(ruling)
