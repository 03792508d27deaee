"""A live hand recorded without its cards (floorman.live.unseen_cards): what it waits for next,
the unseen cards dealt, the stud up-cards and the draws entered, and the refusals that leave the
hand as it was."""

from __future__ import annotations

import pytest
from tests.live.live_tables import card, config

from floorman.engine import GAMES, Call, Check, Fold, HandConfig, Phase, Raise
from floorman.engine.config import AnteMode
from floorman.engine.events import Discarded, HoleDealt
from floorman.errors import MalformedInputError
from floorman.live.live_hand import LiveHand
from floorman.live.pot_award import awaiting_award
from floorman.live.unseen_cards import (
    Due,
    deal_unseen,
    deal_up_cards,
    draw,
    due,
    up_cards_due,
)
from floorman.rules.profiles import PROFILES


def _holdem(stacks: tuple[int, ...] = (5000, 5000, 5000)) -> LiveHand:
    live = LiveHand(config(stacks, button=0))
    deal_unseen(live)
    return live


def _stud() -> LiveHand:
    cfg = HandConfig(
        game=GAMES["F7S"],
        stacks=(2000, 2000, 2000),
        button=0,
        ante=5,
        ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=40,
        big_bet=80,
        bring_in=10,
        ruleset=PROFILES["tda-2022"],
    )
    return LiveHand(cfg)


def _draw() -> LiveHand:
    cfg = HandConfig(
        game=GAMES["F2L3D"],
        stacks=(5000, 5000, 5000),
        button=0,
        small_blind=50,
        big_blind=100,
        small_bet=100,
        big_bet=200,
        ruleset=PROFILES["tda-2022"],
    )
    live = LiveHand(cfg)
    deal_unseen(live)
    return live


def test_the_hole_cards_are_dealt_unseen_and_a_bet_is_due() -> None:
    live = _holdem()
    dealt = [e for e in live.hand.events if isinstance(e, HoleDealt)]
    assert len(dealt) == 3
    assert all(c is None for e in dealt for c in e.cards)
    assert due(live.hand) is Due.BET
    assert not awaiting_award(live.hand)


def test_the_board_is_dealt_unseen_when_a_street_closes() -> None:
    live = _holdem()
    for action in (Call(), Call(), Check()):
        live.act(action)
    deal_unseen(live)
    assert live.hand.street == 1
    assert live.hand.board == [None, None, None]
    assert due(live.hand) is Due.BET


def test_an_all_in_called_with_cards_to_come_waits_for_the_award_and_deals_nothing() -> None:
    live = _holdem((1000, 5000, 5000))
    live.act(Raise(1000))
    live.act(Call())
    live.act(Fold())
    deal_unseen(live)
    assert awaiting_award(live.hand)
    assert due(live.hand) is Due.AWARD
    assert live.hand.board == []  # the cards to come stay in the stub


def test_a_stud_street_waits_for_its_up_cards_and_they_decide_the_bring_in() -> None:
    live = _stud()
    assert up_cards_due(live.hand) == (0, 1, 2)
    assert due(live.hand) is Due.UP_CARDS
    deal_unseen(live)  # the recorder enters them: nothing is dealt blind
    assert live.hand.phase is Phase.DEAL
    assert up_cards_due(live.hand) == (0, 1, 2)
    deal_up_cards(live, (card("Kd"), card("2c"), card("9h")))
    assert live.hand.phase is Phase.BET
    assert live.hand.actor == 1  # the lowest door card brings in (TDA RP-10)
    assert live.hand.holes[1] == [None, None, card("2c")]


def test_up_cards_for_the_wrong_seats_are_refused_and_change_nothing() -> None:
    live = _stud()
    before = list(live.history)
    with pytest.raises(MalformedInputError) as refused:
        deal_up_cards(live, (card("Kd"), None, card("9h")))
    assert refused.value.constraint == "up-cards"
    assert "seat 2 needs its up-card" in str(refused.value)
    with pytest.raises(MalformedInputError):
        deal_up_cards(live, (card("Kd"), card("2c")))  # one card or none for each seat
    assert live.history == before


def test_up_cards_outside_stud_are_refused() -> None:
    live = _holdem()
    assert up_cards_due(live.hand) == ()
    with pytest.raises(MalformedInputError, match="no up-cards are to be dealt now"):
        deal_up_cards(live, (card("Kd"), card("2c"), card("9h")))


def test_a_draw_is_due_after_the_betting_and_records_the_cards_thrown() -> None:
    live = _draw()
    for action in (Call(), Call(), Check()):
        live.act(action)
    deal_unseen(live)
    assert due(live.hand) is Due.DRAW
    first = live.hand.draw_options().actor
    with pytest.raises(MalformedInputError, match="holds 5 cards and cannot throw 6"):
        draw(live, first, 6)
    draw(live, first, 2)
    thrown = [e for e in live.hand.events if isinstance(e, Discarded)]
    assert [(e.seat, len(e.cards)) for e in thrown] == [(first, 2)]


def test_a_draw_when_nobody_draws_is_refused() -> None:
    live = _holdem()
    with pytest.raises(MalformedInputError, match="nobody draws now"):
        draw(live, 0, 1)
    assert due(live.hand) is Due.BET
