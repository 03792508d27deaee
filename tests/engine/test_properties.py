"""Properties of every hand, over random tables and random legal play (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.engine import GAMES, AnteMode, Hand, HandConfig, Phase
from floorman.engine.events import HandEnded
from floorman.sim.random_play import play_random_hand

GAME_CODES = ["NT", "PT", "FT", "PO", "FO/8"]
STUD_CODES = ["F7S", "F7S/8", "FR"]


@st.composite
def tables(draw: st.DrawFn) -> HandConfig:
    game = GAMES[draw(st.sampled_from(GAME_CODES))]
    seats = draw(st.integers(min_value=2, max_value=10))
    stacks = draw(
        st.lists(
            st.one_of(st.none(), st.integers(min_value=1, max_value=3000)),
            min_size=seats,
            max_size=seats,
        ).filter(lambda s: sum(1 for x in s if x) >= 2)
    )
    button = draw(st.integers(min_value=0, max_value=seats - 1))
    ante_mode = draw(st.sampled_from(list(AnteMode)))
    return HandConfig(
        game=game,
        stacks=tuple(stacks),
        button=button,
        small_blind=10,
        big_blind=20,
        ante=draw(st.sampled_from([0, 5, 20])) if ante_mode is not AnteMode.NONE else 0,
        ante_mode=ante_mode,
        small_bet=20,
        big_bet=40,
        smallest_chip=draw(st.sampled_from([1, 5])),
    )


@st.composite
def stud_tables(draw: st.DrawFn) -> HandConfig:
    seats = draw(st.integers(min_value=2, max_value=8))
    stacks = draw(st.lists(st.integers(min_value=1, max_value=600), min_size=seats, max_size=seats))
    return HandConfig(
        game=GAMES[draw(st.sampled_from(STUD_CODES))],
        stacks=tuple(stacks),
        button=draw(st.integers(min_value=0, max_value=seats - 1)),
        ante=draw(st.sampled_from([0, 2, 5])),
        ante_mode=AnteMode.EVERY_PLAYER,
        bring_in=5,
        small_bet=20,
        big_bet=40,
    )


any_table = st.one_of(tables(), stud_tables())


@pytest.mark.rules("belarus-sport 4.1-chip")
@settings(max_examples=300, deadline=None)
@given(config=any_table, seed=st.integers(min_value=0, max_value=2**32))
def test_random_hands_conserve_chips_use_each_card_once_and_replay_exactly(
    config: HandConfig, seed: int
) -> None:
    hand = play_random_hand(config, random.Random(seed))
    assert hand.phase is Phase.DONE
    start = sum(s or 0 for s in config.stacks)
    assert sum(hand.stacks) == start
    assert all(s >= 0 for s in hand.stacks)
    ended = hand.events[-1]
    assert isinstance(ended, HandEnded)
    assert sum(s or 0 for s in ended.stacks) == start
    burns = [] if hand.burns_back else hand.burns  # stud's short stub reuses the burns
    dealt = [c for h in hand.holes for c in h] + hand.board + burns
    assert len(dealt) == len(set(dealt))
    replayed = Hand.from_events(config, hand.events)
    assert replayed.stacks == hand.stacks
    assert replayed.board == hand.board
    assert replayed.phase is Phase.DONE


@settings(max_examples=200, deadline=None)
@given(config=any_table, seed=st.integers(min_value=0, max_value=2**32))
def test_the_actor_always_has_options_and_every_offered_action_is_accepted(
    config: HandConfig, seed: int
) -> None:
    from floorman.cards.deck import Deck
    from floorman.engine.actions import BringIn, Call, Check, Fold, PlayerAction, Raise
    from floorman.engine.dealer import auto_showdown, deal_pending

    rng = random.Random(seed)
    hand = Hand(config)
    deck = Deck.shuffled(rng)
    while hand.phase is not Phase.DONE:
        if hand.phase is Phase.DEAL:
            deal_pending(hand, deck)
            continue
        if hand.phase is Phase.SHOW:
            auto_showdown(hand)
            continue
        options = hand.legal_options()
        assert options.actor == hand.actor
        offered: list[PlayerAction]
        if options.bring_in is not None:
            assert not options.check
            offered = [BringIn(), *([Fold()] if options.fold else [])]
        else:
            assert options.fold
            assert options.check or options.call is not None
            offered = [Fold(), Check() if options.check else Call()]
        if options.min_to is not None and options.max_to is not None:
            assert options.min_to <= options.max_to
            offered += [Raise(options.min_to), Raise(options.max_to)]
        for action in offered:
            trial = Hand.from_events(config, hand.events)
            trial.act(action)
        hand.act(rng.choice(offered))
