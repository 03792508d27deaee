"""One hand at one table, by the rulebook: betting, pots, showdown.

The public surface: :class:`Hand` built from a :class:`HandConfig`, driven with the actions of
:mod:`floorman.engine.actions`, offering :meth:`Hand.legal_options`; games in :data:`GAMES`;
what each audience may see of a hand from :func:`seat_view`, :func:`public_view` and
:func:`director_view`.
"""

from floorman.engine.actions import (
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Muck,
    Raise,
    Show,
)
from floorman.engine.config import AnteMode, HandConfig
from floorman.engine.games import GAMES, Game, Structure, get_game
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.engine.prompts import DealRequest, DrawOptions, LegalOptions
from floorman.engine.views import (
    Audience,
    HandView,
    SeatView,
    director_view,
    public_view,
    seat_view,
)

__all__ = [
    "GAMES",
    "AnteMode",
    "Audience",
    "BringIn",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "DealRequest",
    "Discard",
    "DrawOptions",
    "Fold",
    "Game",
    "Hand",
    "HandConfig",
    "HandView",
    "LegalOptions",
    "Muck",
    "Phase",
    "Raise",
    "SeatView",
    "Show",
    "Structure",
    "director_view",
    "get_game",
    "public_view",
    "seat_view",
]
