"""All-in hands face up is a ruleset parameter (issue 16 item 6).

TDA R16, RedCactus 16, PokerStars Live 5.2 and Poland §9.2 turn every live hand face up once an
all-in is called and no more betting can follow. Belarus has no such rule: 5.9.2 keeps the
showdown order and lets a player concede unseen, his cards never exposed. Each profile is played
through the engine's commands, and the public view shows only what the rule lets it show.
"""

from __future__ import annotations

import pytest
from tables import hand, stacked

from floorman.cards.card import Card
from floorman.engine import Call, Muck, Phase, Raise, Show
from floorman.engine.dealer import deal_pending
from floorman.engine.events import BoardDealt, HandsTabled, Mucked, PotAwarded, Shown
from floorman.engine.views import public_view
from floorman.errors import IllegalActionError
from floorman.rules.profiles import PROFILES

DECK = ("7c2d", "AhAd")  # in deal order: the big blind (seat 1) first
BOARD = "Ks9h4c3dJs"


def all_in_called(profile: str) -> tuple[object, object]:
    """Heads-up: the button (seat 0) moves all-in with aces, the big blind calls with 7-2."""
    played, deck = hand(
        [1000, 1000],
        button=0,
        blinds=(50, 100),
        rules=PROFILES[profile],
        deck=stacked(*DECK, board=BOARD),
    )
    played.act(Raise(1000), seat=0)
    played.act(Call(), seat=1)
    return played, deck


@pytest.mark.rules("tda-2022 R16", "redcactus 16", "pokerstars-live 5.2", "poland-pzp §9.2")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus", "pokerstars-live", "poland-pzp"])
def test_r16_called_all_in_hands_are_tabled_before_the_board_and_seen_by_all(profile: str) -> None:
    played, _ = all_in_called(profile)
    assert PROFILES[profile].all_in_hands_face_up
    tabled = [e for e in played.events if isinstance(e, HandsTabled)]
    assert [t.seats for t in tabled] == [(0, 1)]
    assert not any(isinstance(e, BoardDealt) for e in played.events)
    seats = public_view(played).seats
    assert seats[1].cards == (Card("7c"), Card("2d"))
    with pytest.raises(IllegalActionError):
        played.act(Muck(), seat=1)


@pytest.mark.rules("belarus-sport 5.9.2")
def test_belarus_5_9_2_no_all_in_face_up_the_caller_concedes_unseen() -> None:
    played, deck = all_in_called("belarus-sport")
    assert not PROFILES["belarus-sport"].all_in_hands_face_up
    assert not any(isinstance(e, HandsTabled) for e in played.events)
    assert public_view(played).seats[1].cards == (None, None)
    while played.phase is Phase.DEAL:  # the board runs out with both hands face down
        deal_pending(played, deck)
    assert played.phase is Phase.SHOW
    # The last round with any betting was the one of the all-in: its raiser shows first
    # (5.9.2), and the caller, beaten, concedes unseen.
    assert played.show_queue == [0, 1]
    played.act(Show(), seat=0)
    played.act(Muck(), seat=1)
    assert played.is_over
    assert [type(e) for e in played.events if isinstance(e, Shown | Mucked)] == [Shown, Mucked]
    view = public_view(played)
    assert view.seats[0].cards == (Card("Ah"), Card("Ad"))
    assert view.seats[1].cards == (None, None)  # his cards may not be exposed
    [award] = [e for e in played.events if isinstance(e, PotAwarded)]
    assert award.shares == ((0, 2000),)
    assert played.stacks == [2000, 0]
