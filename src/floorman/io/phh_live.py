"""A live table's hand as PHH: the engine's actions, with the irregularities and the
director's rulings as commentary (``# ...``) where they happened."""

from __future__ import annotations

from floorman.io.phh import PhhHand
from floorman.io.phh_export import export_hand
from floorman.live.live_hand import LiveHand


def export_live_hand(live: LiveHand) -> PhhHand:
    """The hand as PHH; every live event is a comment before the engine action it preceded."""
    return export_hand(live.hand, comments=live.phh_comments())
