"""Board cards dealt wrongly: the TDA's R39 and RP-5, Poland's §27 II table (T21-T28), the
Belarus remedies of 6.6, RedCactus 39a and 39b."""

from __future__ import annotations

import random

import pytest
from tests.live.live_tables import assert_conserved, dealt_table

from floorman.engine import AnteMode, BringIn, Call, Check, DealBoard, DealHole, HandConfig, Raise
from floorman.engine.games import GAMES
from floorman.errors import MalformedInputError
from floorman.live.irregularities.reports import (
    ExtraBurn,
    MissingBurn,
    PrematureCards,
    TooManyBoardCards,
)
from floorman.live.live_hand import LiveHand
from floorman.rules.profiles import PROFILES

STUB = tuple(range(20, 28))
"""c1..c8 of the Polish digest: burn c1, flop c2-c4, burn c5, turn c6, burn c7, river c8."""
C1, C2, C3, C4, C5, C6, C7, C8 = STUB


def preflop(profile: str) -> LiveHand:
    """Six players dealt in; the preflop betting still open (the first player to act)."""
    live, _ = dealt_table(6, profile=profile)
    return live


def limp(live: LiveHand) -> None:
    """Finish the current betting round by calling and checking."""
    street = live.hand.street
    while live.hand.street == street and live.hand.deal_request() is None:
        live.act(Check() if live.hand.legal_options().check else Call())


def at_flop(profile: str) -> LiveHand:
    live = preflop(profile)
    limp(live)
    return live


def at_turn(profile: str) -> LiveHand:
    live = at_flop(profile)
    live.act(DealBoard((C2, C3, C4), C1))
    limp(live)
    return live


@pytest.mark.rules("poland-pzp §27 II.3", "poland-pzp §27 II.1")
def test_poland_T21_flop_without_a_burn_after_betting_burns_two_before_the_turn() -> None:
    live = at_flop("poland-pzp")
    live.act(DealBoard((C1, C2, C3)))  # no burn
    live.act(Raise(300))  # betting has started
    result = live.record(MissingBurn(street=1))
    assert result.ruling is not None
    assert result.ruling.key == "board-stands"
    assert str(result.ruling.rule) == "poland-pzp §27 II.3"
    limp(live)
    request = live.deal_request()
    assert request is not None
    assert request.burns == 2
    live.act(DealBoard((C6,), C5))  # c4 and c5 burned
    limp(live)
    river = live.deal_request()
    assert river is not None
    assert river.burns == 1
    live.act(DealBoard((C8,), C7))
    assert live.hand.board == [C1, C2, C3, C6, C8]
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §27 II.3")
def test_poland_T22_turn_without_a_burn_after_betting_burns_two_before_the_river() -> None:
    live = at_turn("poland-pzp")
    live.act(DealBoard((C5,)))
    live.act(Check())
    live.record(MissingBurn(street=2))
    limp(live)
    request = live.deal_request()
    assert request is not None
    assert request.burns == 2
    live.act(DealBoard((C8,), C7))
    assert live.hand.board == [C2, C3, C4, C5, C8]


@pytest.mark.rules("poland-pzp §27 II.3")
def test_poland_T23_turn_without_a_burn_before_betting_becomes_the_burn() -> None:
    live = at_turn("poland-pzp")
    live.act(DealBoard((C5,)))
    result = live.record(MissingBurn(street=2))
    assert live.hand.board == [C2, C3, C4]  # the card is taken back
    assert result.ruling is not None
    request = live.deal_request()
    assert request is not None
    assert request.burns == 0
    assert request.burned == C5
    live.act(DealBoard((C6,)))
    assert live.hand.board == [C2, C3, C4, C6]
    assert live.hand.burns[-1] == C5
    limp(live)
    river = live.deal_request()
    assert river is not None
    assert river.burns == 1
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §27 II.3")
def test_poland_T24_extra_burn_before_the_turn_then_the_river_comes_without_a_burn() -> None:
    live = at_turn("poland-pzp")
    live.act(DealBoard((C7,), C6))  # c5 and c6 burned
    live.record(ExtraBurn(street=2, card=C5))
    limp(live)
    river = live.deal_request()
    assert river is not None
    assert river.burns == 0
    live.act(DealBoard((C8,)))
    assert live.hand.board == [C2, C3, C4, C7, C8]
    with pytest.raises(MalformedInputError):
        LiveHand.from_events(live.config, live.history).act(DealBoard((C5,)))


@pytest.mark.rules("poland-pzp §27 II.3")
def test_poland_T25_premature_turn_is_set_aside_until_the_river() -> None:
    live = at_flop("poland-pzp")
    live.act(DealBoard((C2, C3, C4), C1))
    live.act(Raise(300))
    result = live.record(PrematureCards(street=2, cards=(C6,), burn=C5))
    assert result.ruling is not None
    assert result.ruling.key == "premature-cards"
    limp(live)
    with pytest.raises(MalformedInputError) as aside:
        live.act(DealBoard((C6,), C7))
    assert aside.value.constraint == "card-out-of-play"
    request = live.deal_request()
    assert request is not None
    assert request.burns == 1
    live.act(DealBoard((C8,), C7))
    limp(live)
    river = live.deal_request()
    assert river is not None
    assert river.burns == 0
    live.act(DealBoard((C6,)))  # back in the stub after the turn's betting
    assert live.hand.board == [C2, C3, C4, C8, C6]
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §27 II.3")
def test_poland_T26_two_turn_cards_both_set_aside_and_no_burns_after() -> None:
    live = at_turn("poland-pzp")
    live.record(TooManyBoardCards(cards=(C6, C7), burn=C5))
    request = live.deal_request()
    assert request is not None
    assert request.burns == 0
    with pytest.raises(MalformedInputError):
        live.act(DealBoard((C7,)))
    live.act(DealBoard((C8,)))
    limp(live)
    river = live.deal_request()
    assert river is not None
    assert river.burns == 0
    live.act(DealBoard((C6,)))
    assert live.hand.board == [C2, C3, C4, C8, C6]


@pytest.mark.rules("poland-pzp §27 II.3")
def test_poland_T27_four_card_flop_with_a_known_extra_card() -> None:
    live = at_flop("poland-pzp")
    result = live.record(TooManyBoardCards(cards=(C2, C3, C4, C5), burn=C1, extra=C5))
    assert result.ruling is not None
    assert result.ruling.key == "four-card-flop"
    assert live.hand.board == [C2, C3, C4]
    limp(live)
    request = live.deal_request()
    assert request is not None
    assert request.burned == C5
    live.act(DealBoard((C6,)))
    assert live.hand.burns == [C1, C5]


@pytest.mark.rules("poland-pzp §27 II.3")
def test_poland_T28_premature_flop_goes_back_with_its_burn() -> None:
    live = preflop("poland-pzp")
    live.record(PrematureCards(street=1, cards=(C2, C3, C4), burn=C1))
    limp(live)
    request = live.deal_request()
    assert request is not None
    assert request.burns == 1
    live.act(DealBoard((C3, C4, C6), C2))  # reshuffled: any card may come again
    assert live.hand.board == [C3, C4, C6]


@pytest.mark.rules("tda-2022 R39-A", "tda-2022 RP-14", "redcactus 39a")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus"])
def test_scenario_D12_four_card_flop_one_card_at_random_is_the_burn(profile: str) -> None:
    live = at_flop(profile)
    four = (C2, C3, C4, C5)
    with pytest.raises(MalformedInputError) as no_rng:
        live.record(TooManyBoardCards(cards=four, burn=C1))
    assert no_rng.value.constraint == "rng"
    live.record(TooManyBoardCards(cards=four, burn=C1), rng=random.Random(4))
    assert len(live.hand.board) == 3
    (chosen,) = set(four) - set(live.hand.board)
    limp(live)
    request = live.deal_request()
    assert request is not None
    assert request.burned == chosen
    replay = LiveHand.from_events(live.config, live.history)  # no randomness on replay
    assert replay.hand.board == live.hand.board
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R39-B", "tda-2022 RP-14")
def test_scenario_D13_flop_without_a_burn_before_any_action_is_scrambled() -> None:
    live = at_flop("tda-2022")
    live.act(DealBoard((C2, C3, C4)))
    live.record(MissingBurn(street=1), rng=random.Random(2))
    assert live.hand.board == []
    request = live.deal_request()
    assert request is not None
    assert request.count == 1
    assert request.burns == 0
    assert request.burned is not None
    assert len(request.chosen) == 2
    live.act(DealBoard((C5,)))
    assert live.hand.board == [*request.chosen, C5]
    assert live.hand.burns == [request.burned]
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R39-B")
def test_scenario_D13_flop_without_a_burn_stands_after_a_check() -> None:
    live = at_flop("tda-2022")
    live.act(DealBoard((C2, C3, C4)))
    live.act(Check())
    result = live.record(MissingBurn(street=1))
    assert result.ruling is not None
    assert result.ruling.key == "board-stands"
    limp(live)
    request = live.deal_request()
    assert request is not None
    assert request.burns == 1


@pytest.mark.rules(
    "tda-2022 RP-5-A", "tda-2022 RP-5-B", "tda-2022 RP-5-C", "tda-2022 R39-C", "redcactus 39b"
)
@pytest.mark.parametrize(
    ("profile", "street"), [("tda-2022", 1), ("tda-2022", 2), ("tda-2022", 3), ("redcactus", 2)]
)
def test_scenario_D14_premature_cards_keep_their_burn_and_come_again_without_one(
    profile: str, street: int
) -> None:
    live = preflop(profile)
    for _ in range(street - 1):
        limp(live)
        request = live.deal_request()
        assert request is not None
        burn, *cards = [c for c in range(30, 52) if c not in live.hand.dealt][: request.count + 1]
        live.act(DealBoard(tuple(cards), burn))
    early = (C2, C3, C4) if street == 1 else (C6,)
    live.record(PrematureCards(street=street, cards=early, burn=C5))
    limp(live)
    request = live.deal_request()
    assert request is not None
    assert request.burns == 0
    assert request.burned == C5
    live.act(DealBoard(early))  # reshuffled into the stub: the same cards may come
    assert live.hand.burns[-1] == C5
    assert_conserved(live)


@pytest.mark.rules("tda-2022 RP-5-D", "tda-2022 RP-10-G")
def test_premature_stud_cards_come_again_without_a_new_burn() -> None:
    cfg = HandConfig(
        game=GAMES["F7S"],
        stacks=(1000, 1000, 1000),
        button=2,
        ante=5,
        ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=40,
        big_bet=80,
        bring_in=10,
        ruleset=PROFILES["tda-2022"],
    )
    live = LiveHand(cfg)
    for seat, hole in enumerate(((0, 1, 40), (2, 3, 44), (4, 5, 48))):
        live.act(DealHole(seat, hole))
    live.record(PrematureCards(street=1, cards=(10, 11, 12), burn=9))
    while live.hand.street == 0:
        options = live.hand.legal_options()
        live.act(BringIn() if options.bring_in else Call() if options.call else Check())
    request = live.deal_request()
    assert request is not None
    assert request.burned == 9
    live.act(DealHole(request.seat or 0, (10,)))
    assert live.hand.burns == [9]


@pytest.mark.rules("belarus-sport 6.6.2", "belarus-sport 6.6.4", "belarus-sport 6.6.3")
def test_belarus_flop_errors_go_back_into_the_stub_and_are_dealt_again() -> None:
    unburned = at_flop("belarus-sport")
    unburned.act(DealBoard((C2, C3, C4)))
    result = unburned.record(MissingBurn(street=1))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "belarus-sport 6.6.2"
    assert unburned.hand.board == []
    request = unburned.deal_request()
    assert request is not None
    assert request.burns == 1
    early = preflop("belarus-sport")
    early_result = early.record(PrematureCards(street=1, cards=(C2, C3, C4), burn=C1))
    assert early_result.ruling is not None
    assert str(early_result.ruling.rule) == "belarus-sport 6.6.4"
    limp(early)
    again = early.deal_request()
    assert again is not None
    assert again.burns == 1
    four = at_flop("belarus-sport")
    four_result = four.record(TooManyBoardCards(cards=(C2, C3, C4, C5), burn=C1))
    assert four_result.ruling is not None
    assert str(four_result.ruling.rule) == "belarus-sport 6.6.3"
    assert four.hand.board == []


@pytest.mark.rules("belarus-sport 6.6.5", "belarus-sport 6.6.6")
def test_belarus_premature_turn_and_river() -> None:
    live = at_flop("belarus-sport")
    live.act(DealBoard((C2, C3, C4), C1))
    live.act(Raise(300))
    live.record(PrematureCards(street=2, cards=(C6,), burn=C5))
    limp(live)
    with pytest.raises(MalformedInputError):
        live.act(DealBoard((C6,), C7))
    live.act(DealBoard((C8,), C7))
    live.act(Raise(300))
    live.record(PrematureCards(street=3, cards=(30,), burn=29))
    limp(live)
    river = live.deal_request()
    assert river is not None
    assert river.burns == 0
    live.act(DealBoard((C6,)))
    assert live.hand.board == [C2, C3, C4, C8, C6]


@pytest.mark.rules("belarus-sport 6.6.7")
def test_belarus_6_6_7_an_extra_card_with_the_turn_becomes_the_river_burn() -> None:
    live = at_turn("belarus-sport")
    live.record(TooManyBoardCards(cards=(C6, C7), burn=C5))
    assert live.hand.board == [C2, C3, C4, C6]
    limp(live)
    river = live.deal_request()
    assert river is not None
    assert river.burned == C7
    live.act(DealBoard((C8,)))
    assert live.hand.burns == [C1, C5, C7]


@pytest.mark.rules("belarus-sport 6.4.6", "tda-2022 R38")
@pytest.mark.parametrize("profile", ["belarus-sport", "tda-2022"])
def test_an_extra_burn_after_betting_started_plays_on(profile: str) -> None:
    live = at_turn(profile)
    live.act(DealBoard((C7,), C6))
    live.act(Check())
    result = live.record(ExtraBurn(street=2, card=C5))
    assert result.ruling is not None
    assert result.ruling.key == "board-stands"
    limp(live)
    river = live.deal_request()
    assert river is not None
    assert river.burns == 1
