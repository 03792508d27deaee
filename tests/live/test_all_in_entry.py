"""What "all-in" comes to for the player to act (floorman.live.all_in): a raise to his whole
stack, a call that takes all his chips, or nothing where the rules allow no all-in."""

from __future__ import annotations

import pytest
from tests.live.live_tables import config

from floorman.engine import Call, Raise
from floorman.live.all_in import AllIn, AllInKind, all_in_to
from floorman.live.live_hand import LiveHand
from floorman.live.unseen_cards import deal_unseen


def _dealt(stacks: tuple[int, ...], *, game: str = "NT") -> LiveHand:
    live = LiveHand(config(stacks, button=0, game=game))
    deal_unseen(live)
    return live


def test_a_deep_stack_goes_all_in_with_a_raise_to_all_his_chips() -> None:
    live = _dealt((5000, 5000, 5000))
    way = all_in_to(live.hand)
    assert way == AllIn(kind=AllInKind.RAISE, to=5000)
    assert way.action == Raise(5000)
    live.act(way.action)
    assert live.hand.stacks[0] == 0


def test_a_short_stack_facing_more_than_he_has_goes_all_in_with_a_call() -> None:
    live = _dealt((5000, 300, 5000))
    live.act(Raise(1000))
    way = all_in_to(live.hand)
    assert way == AllIn(kind=AllInKind.CALL, to=300)  # his 250 behind his 50 blind
    assert way.action == Call()


def test_pot_limit_allows_no_all_in_above_the_pot() -> None:
    live = _dealt((5000, 5000, 5000), game="PT")
    assert all_in_to(live.hand) is None


@pytest.mark.rules("tda-2022 R47-A")
def test_tda_r47_a_a_short_all_in_leaves_no_all_in_raise_to_the_player_who_acted() -> None:
    live = _dealt((5000, 500, 5000))
    live.act(Raise(400))
    live.act(Raise(500))  # seat 1's all-in: short of a full raise to 700
    live.act(Call())
    assert live.hand.actor == 0
    assert all_in_to(live.hand) is None


def test_nobody_goes_all_in_once_the_betting_is_over() -> None:
    live = _dealt((5000, 5000, 5000))
    live.act(Raise(5000))
    live.act(Call())
    live.act(Call())
    assert all_in_to(live.hand) is None
