"""Per-seat views: a player sees his own cards and what lies face up, the public display no hole
card until it is shown or tabled, the director everything (DESIGN principle 5). Blinds 5-10."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import PLAYED, check_down, hand, limp_to_flop, stacked

from floorman.cards.deck import Deck
from floorman.engine import (
    GAMES,
    AnteMode,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    Hand,
    HandConfig,
    HandView,
    Muck,
    Phase,
    Raise,
    Show,
    director_view,
    public_view,
    seat_view,
)
from floorman.engine.dealer import deal_pending
from floorman.engine.events import HandsTabled, Shown
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.sim.random_play import choose, play_random_hand


def all_views(played: Hand) -> list[HandView]:
    seats = range(played.config.seat_count)
    return [*(seat_view(played, s) for s in seats), public_view(played), director_view(played)]


def heads_up_all_in() -> Hand:
    """Seat 0 (button, small blind) moves all in preflop and seat 1 calls; the board is due."""
    played, _ = hand([1000, 1000], button=0, blinds=(5, 10))
    played.act(Raise(1000))
    played.act(Call())
    return played


def turn_up(played: Hand, seat: int, index: int) -> None:
    """Mark one hole card face up, as the engine does for stud up-cards (``Street.up``).

    Stud does not play end to end yet, so the flag is set on a hold'em hand: the views read only
    the flag, whatever game set it.
    """
    played.up[seat][index] = True


@pytest.mark.rules("redcactus Le jeu des joueurs")
def test_a_player_sees_his_own_hole_cards_and_nobody_elses() -> None:
    played, _ = hand([1000, 1000, 1000], button=0, blinds=(5, 10))
    view = seat_view(played, 1)
    assert view.seats[1].cards == tuple(played.holes[1])
    assert None not in view.seats[1].cards
    assert view.seats[0].cards == (None, None)
    assert view.seats[2].cards == (None, None)


@pytest.mark.rules("belarus-sport 4.1-board", "belarus-sport 4.1-flop")
def test_the_public_sees_the_board_but_no_hole_card_before_the_showdown() -> None:
    played, deck = hand([1000, 1000, 1000], button=0, blinds=(5, 10))
    limp_to_flop(played, deck)
    view = public_view(played)
    assert view.viewer is None
    assert view.board == tuple(played.board)
    assert len(view.board) == 3
    assert all(card is None for seat in view.seats for card in seat.cards)
    assert [len(seat.cards) for seat in view.seats] == [2, 2, 2]


@pytest.mark.rules(
    "tda-2022 R16", "tda-2022 R13-A", "poland-pzp §9.1", "poland-pzp §9.2", "poland-pzp §43.3"
)
def test_hands_are_public_as_soon_as_an_all_in_is_called_before_the_runout() -> None:
    played = heads_up_all_in()
    assert played.tabled
    assert played.phase is Phase.DEAL
    for view in (public_view(played), seat_view(played, 0), seat_view(played, 1)):
        assert [s.cards for s in view.seats] == [tuple(h) for h in played.holes]
        assert all(all(s.exposed) for s in view.seats)


@pytest.mark.rules("belarus-sport 4.1-muck", "poland-pzp §9.1", "poland-pzp §21.2")
def test_a_mucked_hand_is_hidden_from_players_and_public_but_not_from_the_director() -> None:
    played, deck = hand([1000, 1000], button=0, blinds=(5, 10))
    check_down(played, deck)
    assert played.actor == 1
    played.act(Show())
    played.act(Muck())
    assert played.is_over
    for view in (public_view(played), seat_view(played, 1)):
        assert view.seats[1].cards == tuple(played.holes[1])
        assert view.seats[0].cards == (None, None)
        assert view.seats[0].mucked
    assert director_view(played).seats[0].cards == tuple(played.holes[0])


def test_a_player_keeps_seeing_his_own_cards_after_he_folds() -> None:
    played, _ = hand([1000, 1000, 1000], button=0, blinds=(5, 10))
    folder = played.actor
    assert folder == 0
    played.act(Fold())
    assert seat_view(played, 0).seats[0].cards == tuple(played.holes[0])
    assert seat_view(played, 1).seats[0].cards == (None, None)
    assert director_view(played).seats[0].cards == tuple(played.holes[0])


def test_the_uncontested_winner_need_not_show_so_his_cards_stay_hidden() -> None:
    played, _ = hand([1000, 1000, 1000], button=0, blinds=(5, 10))
    played.act(Raise(30))
    played.act(Fold())
    played.act(Fold())
    assert played.is_over
    assert public_view(played).seats[0].cards == (None, None)
    assert seat_view(played, 2).seats[0].cards == (None, None)


@pytest.mark.rules("belarus-sport 4.1-burn", "poland-pzp §21.2")
def test_burns_are_counted_by_everyone_but_read_only_by_the_director() -> None:
    played, deck = hand([1000, 1000, 1000], button=0, blinds=(5, 10))
    limp_to_flop(played, deck)
    assert len(played.burns) == 1
    assert public_view(played).burns == (None,)
    assert seat_view(played, 2).burns == (None,)
    assert director_view(played).burns == (played.burns[0],)


@pytest.mark.rules("belarus-sport 4.1-muck", "belarus-sport 4.1-fold", "poland-pzp §9.1")
def test_up_cards_are_seen_by_everyone_and_turned_down_when_the_seat_folds() -> None:
    played, _ = hand([1000, 1000, 1000], button=0, blinds=(5, 10))
    down, up = played.holes[0]
    turn_up(played, 0, 1)
    for view in (public_view(played), seat_view(played, 1)):
        assert view.seats[0].cards == (None, up)
        assert view.seats[0].exposed == (False, True)
    assert seat_view(played, 0).seats[0].cards == (down, up)
    assert played.actor == 0
    played.act(Fold())
    assert public_view(played).seats[0].cards == (None, None)
    assert seat_view(played, 1).seats[0].exposed == (False, False)
    assert director_view(played).seats[0].cards == (down, up)


@pytest.mark.rules("belarus-sport 4.1-board", "belarus-sport 5.8.1")
def test_a_stud_door_card_is_public_and_the_down_cards_stay_private() -> None:
    config = HandConfig(
        game=GAMES["F7S"],
        stacks=(500, 500, 500),
        button=2,
        ante=5,
        ante_mode=AnteMode.EVERY_PLAYER,
        bring_in=10,
        small_bet=20,
        big_bet=40,
    )
    played = Hand(config)
    PLAYED.append(played)
    deal_pending(played, Deck.shuffled(random.Random(3)))
    first, second, door = played.holes[0]
    for view in (public_view(played), seat_view(played, 1)):
        assert view.seats[0].cards == (None, None, door)
        assert view.seats[0].exposed == (False, False, True)
    assert seat_view(played, 0).seats[0].cards == (first, second, door)
    assert public_view(played).options == played.legal_options()


def test_cards_the_engine_does_not_know_stay_unknown_for_everyone() -> None:
    config = HandConfig(
        game=GAMES["NT"], stacks=(1000, 1000), button=0, small_blind=5, big_blind=10
    )
    played = Hand(config)
    PLAYED.append(played)
    for seat in list(played.deal_queue):
        played.act(DealHole(seat, (None, None)))
    assert played.phase is Phase.BET
    for view in all_views(played):
        assert [s.cards for s in view.seats] == [(None, None), (None, None)]


def test_every_audience_sees_the_actor_and_his_options_but_none_while_dealing() -> None:
    played, _ = hand([1000, 1000, 1000], button=0, blinds=(5, 10))
    options = played.legal_options()
    for view in all_views(played):
        assert view.actor == played.actor == 0
        assert view.options == options
        assert [s.seat for s in view.seats if s.is_actor] == [0]
    played.act(Call())
    played.act(Call())
    played.act(Check())
    assert played.phase is Phase.DEAL
    assert all(view.options is None and view.actor is None for view in all_views(played))


def test_a_seat_not_at_the_table_has_no_view() -> None:
    played, _ = hand([1000, 1000], button=0, blinds=(5, 10))
    with pytest.raises(MalformedInputError):
        seat_view(played, 2)


def test_as_dict_writes_cards_as_text_and_the_reason_no_raise_is_possible() -> None:
    deck = stacked("2c 7d", "Ah Kh", board="Qh Jh Th 3s 4s")
    played, _ = hand([1000, 1000], button=0, blinds=(5, 10), deck=deck)
    played.act(Raise(1000))
    payload = json.loads(json.dumps(seat_view(played, 1).as_dict()))
    assert payload["audience"] == "seat"
    assert payload["phase"] == "bet"
    assert payload["seats"][0]["cards"] == [None, None]
    assert payload["seats"][0]["all_in"] is True
    assert sorted(payload["seats"][1]["cards"]) == ["2c", "7d"]
    assert payload["options"]["call"] == 990
    assert payload["options"]["no_raise"]["key"] == "no-chips-to-raise"
    played.act(Call())
    deal_pending(played, deck)
    public = json.loads(json.dumps(public_view(played).as_dict()))
    assert public["board"] == ["Qh", "Jh", "Th", "3s", "4s"]
    assert public["burns"] == [None, None, None]
    assert sorted(public["seats"][0]["cards"]) == ["Ah", "Kh"]


@pytest.mark.rules("tda-2022 R13-A", "poland-pzp §9.1")
def test_tda_r13_a_a_shown_hand_lies_face_up_in_every_view() -> None:
    played, deck = hand([1000, 1000, 1000], button=2, blinds=(5, 10))
    check_down(played, deck)
    assert played.actor == 0
    assert public_view(played).seats[0].cards == (None, None)
    played.act(Show(), seat=0)
    for view in all_views(played):
        assert view.seats[0].shown
        assert view.seats[0].cards == tuple(played.holes[0])
        assert view.seats[0].exposed == (True, True)


@pytest.mark.rules("tda-2022 R28", "poland-pzp §21.2")
def test_tda_r28_no_card_is_dealt_or_shown_once_the_hand_is_over() -> None:
    played, deck = hand([1000, 1000, 1000], button=2, blinds=(5, 10))
    limp_to_flop(played, deck)
    played.act(Raise(30), seat=0)
    played.act(Fold(), seat=1)
    played.act(Fold(), seat=2)
    assert played.is_over
    assert played.deal_request() is None
    before = (list(played.events), all_views(played))
    for cards in (DealBoard(tuple(deck.remaining[:1])), DealHole(1, tuple(deck.remaining[:2]))):
        with pytest.raises(IllegalActionError):
            played.act(cards)
    assert (list(played.events), all_views(played)) == before
    for view in all_views(played):
        assert view.board == tuple(played.board)
        assert len(view.board) == 3  # the flop only: the turn and the river were never dealt
        assert len(view.burns) == 1


@pytest.mark.rules("tda-2022 RP-1")
def test_tda_rp1_every_view_marks_a_seat_that_is_all_in() -> None:
    played, _ = hand([1000, 1000, 300], button=2, blinds=(5, 10))
    for view in all_views(played):
        assert [s.all_in for s in view.seats] == [False, False, False]
    played.act(Raise(300), seat=2)
    for view in all_views(played):
        assert [s.all_in for s in view.seats] == [False, False, True]


# --- over random hands -----------------------------------------------------------------------


@st.composite
def tables(draw: st.DrawFn) -> HandConfig:
    game = draw(st.sampled_from([GAMES["NT"], GAMES["PO"], GAMES["FO/8"]]))
    seats = draw(st.integers(min_value=2, max_value=10))
    stacks = draw(
        st.lists(
            st.one_of(st.none(), st.integers(min_value=1, max_value=2000)),
            min_size=seats,
            max_size=seats,
        ).filter(lambda s: sum(1 for x in s if x) >= 2)
    )
    return HandConfig(
        game=game,
        stacks=tuple(stacks),
        button=draw(st.integers(min_value=0, max_value=seats - 1)),
        small_blind=10,
        big_blind=20,
        small_bet=20,
        big_bet=40,
    )


def revealed(played: Hand) -> set[int]:
    """Cards the whole table may see, worked out from the events rather than from the views."""
    tabled = {s for e in played.events if isinstance(e, HandsTabled) for s in e.seats}
    cards = {c for e in played.events if isinstance(e, Shown) for c in e.cards}
    for seat in played.live:
        holes = played.holes[seat]
        cards |= {c for c, up in zip(holes, played.up[seat], strict=True) if up or seat in tabled}
    cards |= set(played.board)
    return {c for c in cards if c is not None}


def seen(view: HandView) -> set[int]:
    cards = [*view.board, *view.burns, *(c for s in view.seats for c in s.cards)]
    return {c for c in cards if c is not None}


def check_views(played: Hand) -> None:
    public = revealed(played)
    for seat in range(played.config.seat_count):
        view = seat_view(played, seat)
        own = {c for c in played.holes[seat] if c is not None}
        assert seen(view) <= public | own
        assert view.seats[seat].cards == tuple(played.holes[seat])
        assert all(c is None for c in view.burns)
        json.dumps(view.as_dict())
    assert seen(public_view(played)) == public
    truth = director_view(played)
    assert [s.cards for s in truth.seats] == [tuple(h) for h in played.holes]
    assert truth.burns == tuple(played.burns)
    assert truth.board == tuple(played.board)
    assert [(s.stack, s.bet, s.folded, s.mucked) for s in truth.seats] == list(
        zip(played.stacks, played.bets, played.folded, played.mucked, strict=True)
    )
    assert truth.pot == played.pot


def turn_up_at_random(played: Hand, rng: random.Random) -> None:
    """Some hole cards face up, as stud deals them (see :func:`turn_up`)."""
    for seat, flags in enumerate(played.up):
        for index in range(len(flags)):
            if rng.random() < 0.2:
                turn_up(played, seat, index)


@pytest.mark.rules("redcactus Le jeu des joueurs", "poland-pzp §21.2")
@settings(max_examples=150, deadline=None)
@given(config=tables(), seed=st.integers(min_value=0, max_value=2**32))
def test_no_player_ever_sees_a_face_down_card_of_another_seat_and_the_director_sees_all(
    config: HandConfig, seed: int
) -> None:
    rng = random.Random(seed)
    played = Hand(config)
    PLAYED.append(played)
    deck = Deck.shuffled(rng)
    check_views(played)
    while not played.is_over:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
            turn_up_at_random(played, rng)
        elif played.phase is Phase.BET:
            played.act(choose(played.legal_options(), rng))
        else:
            played.act(Muck() if rng.random() < 0.3 else Show())
        check_views(played)


@pytest.mark.parametrize("seed", range(20))
def test_views_are_a_function_of_the_recorded_events(seed: int) -> None:
    config = HandConfig(
        game=GAMES["NT"],
        stacks=(800, 1500, 300, 1200),
        button=seed % 4,
        small_blind=5,
        big_blind=10,
    )
    played = play_random_hand(config, random.Random(seed))
    PLAYED.append(played)
    replayed = Hand.from_events(config, played.events)
    assert all_views(replayed) == all_views(played)
