"""What a hand waits for, as frozen values: the actor's betting options, the drawing player's
choice, the cards the dealer must deal.

They live apart from the logic that computes them (:mod:`floorman.engine.betting`,
:mod:`floorman.engine.draw`, :mod:`floorman.engine.hand`) because that logic is compiled
(:mod:`floorman.native`) and these are read by every client, the service's codec included: as
plain Python dataclasses they keep their precise type hints and ``dataclasses`` behaviour
whichever build runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.frozen import Frozen
from floorman.engine.values import finish
from floorman.rules.ruling import Ruling


@dataclass(frozen=True, slots=True)
class LegalOptions(Frozen):
    """What the actor may do now. Amounts ``min_to``/``max_to`` are street totals."""

    actor: int
    fold: bool
    check: bool
    call: int | None
    """Chips the actor must add to call (all of them, if that is less than the bet)."""
    min_to: int | None
    max_to: int | None
    no_raise: Ruling | None = None
    """Why raising is not possible, when it is not (the cap, a short all-in...)."""
    bring_in: int | None = None
    """Stud: the chips the actor may post as the bring-in instead of completing."""

    @property
    def can_raise(self) -> bool:
        return self.min_to is not None

    def as_dict(self) -> dict[str, object]:
        options: dict[str, object] = {
            "actor": self.actor,
            "fold": self.fold,
            "check": self.check,
            "call": self.call,
            "min_to": self.min_to,
            "max_to": self.max_to,
        }
        if self.bring_in is not None:
            options["bring_in"] = self.bring_in
        return options


@dataclass(frozen=True, slots=True)
class DrawOptions(Frozen):
    """What the drawing player may do: stand pat, or discard any of the cards he holds.

    Like the betting options, these follow from public facts (how many cards he holds), so
    every audience may see them.
    """

    actor: int
    held: int
    """Cards in his hand: he may discard none (stand pat) up to all of them."""
    draw: int
    """Which draw this is, counted from 1."""
    draws: int
    """How many draws the game has."""

    def as_dict(self) -> dict[str, object]:
        return {
            "actor": self.actor,
            "draw": self.draw,
            "draws": self.draws,
            "held": self.held,
            "max_discard": self.held,
        }


@dataclass(frozen=True, slots=True)
class DealRequest(Frozen):
    """What the dealer must do next: hole cards for a seat, or board cards."""

    seat: int | None
    count: int


finish(globals())
