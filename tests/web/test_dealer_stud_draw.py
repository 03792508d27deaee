"""The dealer's tablet in stud and draw games, without a browser: the up-cards entered street by
street name the bring-in and the first to act, a draw records how many cards each player throws,
and the award of a split stud pot follows the order the dealer names the winners in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards.card import Card
from floorman.engine.config import AnteMode, HandConfig
from floorman.engine.events import Discarded
from floorman.engine.games import get_game
from floorman.engine.phase import Phase
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.pot_award import PotWinners, awaiting_award
from floorman.live.unseen_cards import up_cards_due
from floorman.rules.profiles import get_ruleset
from floorman.tournament.floor.table_hand import HandSetup
from floorman.tournament.seating.tables import Positions
from floorman.web.dealer_cards import DealerDraw, UpCards
from floorman.web.dealer_hand import award, replay
from floorman.web.dealer_steps import DealerStep, Step


def stud_setup(seats: int = 3, *, game: str = "F7S", stack: int = 5000) -> HandSetup:
    """Antes 25, bring-in 50, bets 200/400; the button on seat 0 only orders the deal."""
    config = HandConfig(
        game=get_game(game),
        stacks=(stack,) * seats,
        button=0,
        ante=25,
        ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=200,
        big_bet=400,
        bring_in=50,
        smallest_chip=25,
        ruleset=get_ruleset("tda-2022"),
    )
    return _setup(config, seats)


def draw_setup(seats: int = 3) -> HandSetup:
    """2-7 triple draw, blinds 50/100 on seats 1 and 2, bets 100/200."""
    config = HandConfig(
        game=get_game("F2L3D"),
        stacks=(5000,) * seats,
        button=0,
        small_blind=50,
        big_blind=100,
        small_blind_seat=1,
        big_blind_seat=2,
        small_bet=100,
        big_bet=200,
        smallest_chip=25,
        ruleset=get_ruleset("tda-2022"),
    )
    return _setup(config, seats)


def _setup(config: HandConfig, seats: int) -> HandSetup:
    return HandSetup(
        table=1,
        level=1,
        positions=Positions(button=0, small_blind=1, big_blind=2),
        seats=tuple(f"e{s + 1}" for s in range(seats)),
        config=config,
    )


def up(*cards: str | None) -> UpCards:
    return UpCards(cards=tuple(None if c is None else int(Card.parse(c)) for c in cards))


def act(seat: int, action: str, to: int | None = None) -> DealerStep:
    return DealerStep(seat=seat, action=action, to=to)  # type: ignore[arg-type]


@pytest.mark.rules("belarus-sport 5.8.2")
def test_the_lowest_door_card_brings_in_once_the_up_cards_are_entered() -> None:
    setup = stud_setup()
    waiting = replay(setup, []).hand
    assert up_cards_due(waiting) == (0, 1, 2)  # nobody acts before the door cards
    assert waiting.actor is None
    hand = replay(setup, [up("Kh", "3c", "9d")]).hand
    options = hand.legal_options()
    assert hand.actor == 1  # the three of clubs
    assert options.bring_in == 50
    assert options.min_to == 200  # or he completes to the small bet


def test_the_bring_in_then_a_completion_then_calls_close_third_street() -> None:
    setup = stud_setup()
    steps: list[Step] = [up("Kh", "3c", "9d"), act(1, "bring-in"), act(2, "raise", 200)]
    hand = replay(setup, steps).hand
    assert hand.actor == 0
    assert hand.legal_options().call == 200
    hand = replay(setup, [*steps, act(0, "call"), act(1, "call")]).hand
    assert hand.street == 1
    assert up_cards_due(hand) == (0, 1, 2)
    assert hand.stacks == [5000 - 225] * 3


@pytest.mark.rules("tda-2022 RP-10-D")
def test_the_best_showing_hand_acts_first_on_fourth_street() -> None:
    setup = stud_setup()
    third: list[Step] = [up("Kh", "3c", "9d"), act(1, "bring-in"), act(2, "call"), act(0, "call")]
    hand = replay(setup, [*third, up("2s", "3d", "5h")]).hand
    assert hand.actor == 1  # a pair of threes showing
    hand = replay(setup, [*third, up("As", "4d", "5h")]).hand
    assert hand.actor == 0  # ace-king high
    hand = replay(setup, [*third, up("Ks", "4d", "9s")]).hand
    assert hand.actor == 0  # kings showing beat nines


def test_up_cards_are_checked_against_the_seats_due_and_the_cards_dealt() -> None:
    setup = stud_setup()
    for wrong in (up("Kh", "3c"), up("Kh", None, "9d"), up("Kh", "Kh", "9d")):
        with pytest.raises(MalformedInputError):
            replay(setup, [wrong])
    with pytest.raises(MalformedInputError) as early:
        replay(setup, [act(0, "fold")])
    assert early.value.constraint == "up-cards"
    third: list[Step] = [up("Kh", "3c", "9d"), act(1, "bring-in"), act(2, "fold"), act(0, "call")]
    with pytest.raises(MalformedInputError) as folded:
        replay(setup, [*third, up("2s", "3d", "5h")])  # seat 2 folded: no card for him
    assert folded.value.constraint == "up-cards"
    with pytest.raises(MalformedInputError) as repeated:
        replay(setup, [*third, up("Kh", "3d", None)])
    assert repeated.value.constraint == "duplicate-card"


def _to_the_river(setup: HandSetup) -> list[Step]:
    """Everyone checks down from fourth street after a bring-in called."""
    steps: list[Step] = [up("Kh", "3c", "9d"), act(1, "bring-in"), act(2, "call"), act(0, "call")]
    streets = [("As", "4d", "5h"), ("2c", "7d", "8h"), ("Jc", "6d", "Th")]
    for cards in streets:
        steps.append(up(*cards))
        hand = replay(setup, steps).hand
        for _ in range(3):
            assert hand.actor is not None
            steps.append(act(hand.actor, "check"))
            hand = replay(setup, steps).hand
    hand = replay(setup, steps).hand  # seventh street is dealt down, with no card entered
    assert hand.street == 4
    assert not up_cards_due(hand)
    for _ in range(3):
        assert hand.actor is not None
        steps.append(act(hand.actor, "check"))
        hand = replay(setup, steps).hand
    return steps


@pytest.mark.rules("tda-2022 R20-B")
def test_a_split_stud_pot_gives_the_odd_chip_to_the_winner_named_first() -> None:
    setup = stud_setup()
    steps = _to_the_river(setup)
    replayed = replay(setup, steps)
    assert awaiting_award(replayed.hand)
    # The pot, 3 x 25 antes and 3 x 50, splits into 100 each and one odd chip of 25.
    first = award(setup, replay(setup, steps), [PotWinners(high=(2, 0))])
    second = award(setup, replay(setup, steps), [PotWinners(high=(0, 2))])
    after_first, after_second = dict(first.stacks_after), dict(second.stacks_after)
    assert sum(after_first.values()) == sum(after_second.values()) == 15000
    assert after_first["e3"] == after_second["e3"] + 25  # the odd chip follows the order named
    assert after_first == {"e1": 5025, "e2": 4925, "e3": 5050}


def _draw_round(setup: HandSetup, steps: list[Step], counts: dict[int, int]) -> list[Step]:
    hand = replay(setup, steps).hand
    while hand.phase is Phase.DRAW:
        assert hand.actor is not None
        steps = [*steps, DealerDraw(seat=hand.actor, count=counts[hand.actor])]
        hand = replay(setup, steps).hand
    return steps


def test_a_draw_records_how_many_cards_each_player_throws() -> None:
    setup = draw_setup()
    steps: list[Step] = [act(0, "call"), act(1, "call"), act(2, "check")]
    hand = replay(setup, steps).hand
    assert hand.phase is Phase.DRAW
    assert hand.draw_options().actor == 1  # the draw goes round from the button's left
    steps = _draw_round(setup, steps, {0: 0, 1: 2, 2: 5})
    hand = replay(setup, steps).hand
    assert hand.phase is Phase.BET  # replacements dealt unseen, the second round begins
    discarded = [e for e in hand.events if isinstance(e, Discarded)]
    assert [(e.seat, len(e.cards)) for e in discarded] == [(1, 2), (2, 5), (0, 0)]
    assert all(len(hand.holes[s]) == 5 for s in range(3))


def test_a_draw_out_of_turn_or_too_large_is_refused() -> None:
    setup = draw_setup()
    steps: list[Step] = [act(0, "call"), act(1, "call"), act(2, "check")]
    with pytest.raises(IllegalActionError):
        replay(setup, [*steps, DealerDraw(seat=0, count=1)])
    with pytest.raises(MalformedInputError) as large:
        replay(setup, [*steps, DealerDraw(seat=1, count=6)])
    assert large.value.constraint == "draw"
    with pytest.raises(MalformedInputError) as betting:
        replay(setup, [*steps, act(1, "check")])
    assert betting.value.constraint == "draw-due"
    with pytest.raises(MalformedInputError) as early:
        replay(setup, [DealerDraw(seat=0, count=1)])
    assert early.value.constraint == "draw"


def test_triple_draw_reaches_the_award_after_three_draws() -> None:
    setup = draw_setup()
    steps: list[Step] = [act(0, "call"), act(1, "call"), act(2, "check")]
    for _ in range(3):
        steps = _draw_round(setup, steps, {0: 1, 1: 0, 2: 3})
        for seat in (1, 2, 0):
            steps.append(act(seat, "check"))
    replayed = replay(setup, steps)
    assert awaiting_award(replayed.hand)
    result = award(setup, replayed, [PotWinners(high=(2,))])
    assert dict(result.stacks_after) == {"e1": 4900, "e2": 4900, "e3": 5200}


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=3, max_size=3))
def test_any_draw_counts_keep_five_cards_and_the_chips(counts: list[int]) -> None:
    setup = draw_setup()
    steps = _draw_round(
        setup, [act(0, "call"), act(1, "call"), act(2, "check")], dict(enumerate(counts))
    )
    hand = replay(setup, steps).hand
    assert all(len(hand.holes[s]) == 5 for s in range(3))
    assert sum(hand.stacks) + hand.pot == 15000
