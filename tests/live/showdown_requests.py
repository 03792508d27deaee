"""Live hands brought to a river showdown with known cards, for the show-request tests."""

from __future__ import annotations

from collections.abc import Sequence

from tests.engine.tables import stacked
from tests.live.live_tables import deal_board, deal_holes, table

from floorman.engine import Call, Check, Phase
from floorman.engine.actions import PlayerAction
from floorman.live.live_hand import LiveHand

BOARD = "Qc 7d 2s 9h 3c"


def to_river(profile: str, holes: Sequence[str], river: Sequence[PlayerAction]) -> LiveHand:
    """Seats 0.. in deal order (the button last), everyone in and checking to the river, where
    ``river`` is played; the cards are known to the tablet."""
    live = table(len(holes), profile=profile)
    deck = stacked(*holes, board=BOARD)
    deal_holes(live, deck)
    while not (live.hand.phase is Phase.BET and live.hand.street == 3):
        if live.hand.phase is Phase.DEAL:
            deal_board(live, deck)
        else:
            live.act(Check() if live.hand.legal_options().check else Call())
    for action in river:
        live.act(action)
    return live
