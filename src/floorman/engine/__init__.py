"""One hand at one table, by the rulebook: betting, pots, showdown.

The public surface: :class:`Hand` built from a :class:`HandConfig`, driven with the actions of
:mod:`floorman.engine.actions`, offering :meth:`Hand.legal_options`; games in :data:`GAMES`.
"""

from floorman.engine.actions import (
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Raise,
    Show,
)
from floorman.engine.betting import LegalOptions
from floorman.engine.config import AnteMode, HandConfig
from floorman.engine.games import GAMES, Game, Structure, get_game
from floorman.engine.hand import DealRequest, Hand
from floorman.engine.phase import Phase

__all__ = [
    "GAMES",
    "AnteMode",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "DealRequest",
    "Fold",
    "Game",
    "Hand",
    "HandConfig",
    "LegalOptions",
    "Muck",
    "Phase",
    "Raise",
    "Show",
    "Structure",
    "get_game",
]
