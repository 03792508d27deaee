"""Rulebooks as data: rule references, rulings, and the parameters of each profile.

The engine never asks *which* rulebook is in force; it reads a :class:`Ruleset` parameter and
cites the rule that the parameter came from.
"""

from floorman.rules.profiles import PROFILES, get_ruleset
from floorman.rules.ruleset import CapLift, ClockExpiry, OddChipRule, Ruleset
from floorman.rules.ruling import RuleRef, Ruling

__all__ = [
    "PROFILES",
    "CapLift",
    "ClockExpiry",
    "OddChipRule",
    "RuleRef",
    "Ruleset",
    "Ruling",
    "get_ruleset",
]
