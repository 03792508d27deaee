"""What a hand reads from its ruleset again and again, read once when the hand begins.

A :class:`~floorman.rules.ruleset.Ruleset` is a plain Python dataclass: compiled code
(:mod:`floorman.native`) reads each of its fields by name, and asks it for a ruling through a
Python call. The betting of a hand consults the same few parameters at every option and cites
the same few rulings (a player with no chips to raise, R43; the cards tabled after a called
all-in, R16) many times a hand, so :class:`HandRules` keeps them: the parameters as plain
fields, the rulings without parameters as they were first given (a ruling is a frozen value,
so one serves every citation).
"""

from __future__ import annotations

from floorman.rules.ruleset import CapLift, Ruleset
from floorman.rules.ruling import Ruling


class HandRules:
    """One hand's view of its ruleset (see the module docstring); ``ruleset`` is the whole."""

    __slots__ = (
        "_fixed",
        "face_up",
        "lift_before_cap",
        "lift_in_round",
        "lift_in_tournament",
        "raise_cap",
        "reopen_denominator",
        "reopen_numerator",
        "ruleset",
    )

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.raise_cap = ruleset.limit_raise_cap
        """Limit: the most raises a round allows (TDA R48), ``None`` for no cap."""
        share = ruleset.limit_reopen_fraction
        self.reopen_numerator = share.numerator
        self.reopen_denominator = share.denominator
        lift = ruleset.cap_lift
        self.lift_in_tournament = lift is CapLift.TOURNAMENT_HEADS_UP
        self.lift_in_round = lift is CapLift.ROUND_HEADS_UP
        self.lift_before_cap = lift is CapLift.HEADS_UP_BEFORE_CAP
        self.face_up = ruleset.all_in_hands_face_up
        """Hands are tabled once an all-in is called and betting is over (TDA R16)."""
        self._fixed: dict[str, Ruling] = {}

    def fixed(self, concept: str, key: str, message: str, **params: int | str) -> Ruling:
        """The ruling ``key`` citing the rule of ``concept``, made once: for a ruling without
        parameters, or whose parameters are the ruleset's own (the raise cap)."""
        made = self._fixed.get(key)
        if made is None:
            made = self._fixed[key] = self.ruleset.ruling(concept, key, message, **params)
        return made

    def ruling(self, concept: str, key: str, message: str, **params: int | str) -> Ruling:
        """A ruling with parameters (:meth:`Ruleset.ruling`)."""
        return self.ruleset.ruling(concept, key, message, **params)
