"""Refusals of tournament commands, each citing the rule of the profile in force.

The command modules decide on a :class:`~floorman.tournament.state.TournamentState` and refuse
through these helpers, so every refusal names its rule the same way: a concept the profile maps
in its ``[refs]`` (``late-entry``, ``balance``), or a parameter whose value the refusal applies
(``rebuys_allowed``), cited by the rule the profile gives that value.
"""

from __future__ import annotations

from typing import NoReturn

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import RuleRef, Ruling


def source(ruleset: Ruleset, parameter: str) -> str:
    """The rule a profile gives for one of its parameters (its general rule if none)."""
    return ruleset.sources.get(parameter) or ruleset.cite("general").rule


def refuse(ruleset: Ruleset, rule: str, key: str, message: str, **params: int | str) -> NoReturn:
    """An :class:`IllegalActionError` citing ``rule`` of the ruleset's profile; ``params`` are
    the values the message shows, so another language can word the same ruling."""
    raise IllegalActionError(
        Ruling(RuleRef(ruleset.profile, rule), key, message, tuple(params.items()))
    )


def refuse_if(
    condition: bool, ruleset: Ruleset, rule: str, key: str, message: str, **params: int | str
) -> None:
    if condition:
        refuse(ruleset, rule, key, message, **params)


def bad(message: str, constraint: str) -> NoReturn:
    """Input that names nothing the tournament knows (an unknown entry, a missing rng)."""
    raise MalformedInputError(message, constraint=constraint)
