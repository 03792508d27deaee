"""The Belarus sport-poker profile (BELARUS_SPORT): bet sizes in no-limit and pot-limit (4.7.2,
4.9.3, 4.9.5, 4.9.6), cap lifting heads-up in limit (4.7.3) and the clock (4.9.1), with the TDA
clock (R29, D1) for contrast."""

from __future__ import annotations

import pytest
from tables import hand, limp_to_flop

from floorman.cards.deck import Deck
from floorman.engine import Call, Check, Fold, Hand, Phase, Raise
from floorman.engine.dealer import deal_pending
from floorman.engine.events import Acted, BetReturned, PotAwarded
from floorman.errors import IllegalActionError
from floorman.rules.profiles import BELARUS_SPORT, TDA_2022
from floorman.rules.ruleset import Ruleset

BIG = 100_000


def limit(
    stacks: list[int | None], *, button: int, rules: Ruleset = BELARUS_SPORT
) -> tuple[Hand, Deck]:
    return hand(stacks, game="FT", button=button, blinds=(5, 10), bets=(10, 20), rules=rules)


# --- 4.9.3 / 4.9.5 / 4.9.6: no-limit and pot-limit sizes -----------------------------------------


@pytest.mark.parametrize("game", ["NT", "PT"])
def test_belarus_4_9_3_min_bet_is_the_big_blind(game: str) -> None:
    played, deck = hand([BIG] * 3, game=game, button=2, blinds=(50, 100), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    options = played.legal_options()
    assert (options.actor, options.check, options.min_to) == (0, True, 100)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(99), seat=0)
    assert refusal.value.ruling.key == "below-min-raise"
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.5"


def test_belarus_4_9_3_no_limit_max_bet_is_the_stack() -> None:
    played, deck = hand([5000, BIG, BIG], button=2, blinds=(50, 100), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    options = played.legal_options()
    assert (options.actor, options.max_to) == (0, 4900)


def test_belarus_4_9_5_raise_to_300_over_blinds_50_100_min_reraise_is_500() -> None:
    played, _ = hand([BIG] * 4, button=3, blinds=(50, 100), rules=BELARUS_SPORT)
    assert played.legal_options().min_to == 200
    played.act(Raise(300), seat=2)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (3, 300, 500)
    before = list(played.events)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(499), seat=3)
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.5"
    assert played.events == before
    played.act(Raise(500), seat=3)
    assert played.legal_options().min_to == 700


def test_belarus_4_9_5_pot_50_bet_50_min_raise_is_100() -> None:
    # Five players limp at blinds 5-10: the flop pot is 50; P1 bets 50, the min raise is to 100.
    played, deck = hand([BIG] * 5, button=4, blinds=(5, 10), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    assert played.pot == 50
    played.act(Raise(50), seat=0)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (1, 50, 100)


def test_belarus_4_9_5_pot_1200_bet_900_min_raise_is_1800() -> None:
    # Four players limp at blinds 150-300: the flop pot is 1200; P1 bets 900.
    played, deck = hand([BIG] * 4, button=3, blinds=(150, 300), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    assert played.pot == 1200
    played.act(Raise(900), seat=0)
    assert played.legal_options().min_to == 1800


def test_belarus_4_7_2_pot_limit_pot_100_max_bet_100_max_raise_400() -> None:
    # Heads-up, blinds 25-50: the button completes, the big blind checks; the flop pot is 100.
    played, deck = hand([BIG, BIG], game="PT", button=0, blinds=(25, 50), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    assert played.pot == 100
    options = played.legal_options()
    assert (options.actor, options.min_to, options.max_to) == (1, 50, 100)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(101), seat=1)
    assert refusal.value.ruling.key == "above-max-raise"
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.6"
    played.act(Raise(100), seat=1)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to, options.max_to) == (0, 100, 200, 400)
    played.act(Raise(400), seat=0)
    assert played.events[-1] == Acted(0, "raise", 400, False)


def test_belarus_4_9_6_pot_limit_preflop_raise_counts_the_call_of_the_big_blind() -> None:
    # Blinds 10-20: pot 30, call 20, then raise the pot of 50: to 70.
    played, _ = hand([BIG] * 4, game="PT", button=3, blinds=(10, 20), rules=BELARUS_SPORT)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to, options.max_to) == (2, 20, 40, 70)


def test_belarus_4_9_6_pot_80_bet_50_raise_180_reraise_min_310_max_670() -> None:
    # Four players limp at blinds 10-20: the flop pot is 80.
    played, deck = hand([BIG] * 4, game="PT", button=3, blinds=(10, 20), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    assert played.pot == 80
    assert played.legal_options().max_to == 80
    played.act(Raise(50), seat=0)
    options = played.legal_options()
    assert (options.call, options.min_to, options.max_to) == (50, 100, 230)
    played.act(Raise(180), seat=1)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to, options.max_to) == (2, 180, 310, 670)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(671), seat=2)
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.6"
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(309), seat=2)
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.5"
    played.act(Raise(670), seat=2)
    assert played.bets[2] == 670


def test_belarus_4_9_8_pl_nl_all_in_below_a_full_raise_does_not_reopen() -> None:
    # Blinds 10-20: P1 bets 20, P2 raises to 60, P3 all-in 90 (60+30): P1 may raise; if P1
    # only calls, P2 may not raise.
    played, deck = hand([BIG, BIG, 110, BIG], button=3, blinds=(10, 20), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    played.act(Raise(20), seat=0)
    played.act(Raise(60), seat=1)
    played.act(Raise(90), seat=2)
    assert played.events[-1] == Acted(2, "raise", 90, True)
    played.act(Call(), seat=3)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise, options.min_to) == (0, 70, True, 130)
    played.act(Call(), seat=0)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (1, 30, False)
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == "belarus-sport 4.9.8"


def test_belarus_4_9_8_big_blind_short_all_in_next_player_puts_in_the_full_big_blind() -> None:
    played, _ = hand([BIG, BIG, 60, BIG], button=0, blinds=(50, 100), rules=BELARUS_SPORT)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (3, 100, 200)


# --- 4.7.3: the limit cap is lifted heads-up, unless the round began with three or more ----------


def test_belarus_4_7_3_two_players_from_the_start_of_the_round_raise_without_limit() -> None:
    played, _ = limit([BIG, BIG], button=0)
    seat = 0
    for to in range(20, 90, 10):
        assert played.legal_options().min_to == to
        played.act(Raise(to), seat=seat)
        seat = 1 - seat
    options = played.legal_options()
    assert options.can_raise
    assert options.min_to == 90
    played.act(Call(), seat=seat)
    assert played.paid == [80, 80]


def test_belarus_4_7_3_round_begun_with_three_stays_capped_after_a_fold() -> None:
    played, _ = limit([BIG] * 3, button=2)
    played.act(Raise(20), seat=2)
    played.act(Fold(), seat=0)
    assert played.live == [1, 2]
    played.act(Raise(30), seat=1)
    played.act(Raise(40), seat=2)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (1, 10, False)
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == "belarus-sport 4.7.3"
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(50), seat=1)
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.7.3"


def test_belarus_4_7_3_next_round_begins_heads_up_so_the_cap_is_lifted() -> None:
    played, deck = limit([BIG] * 3, button=2)
    played.act(Raise(20), seat=2)
    played.act(Fold(), seat=0)
    played.act(Call(), seat=1)
    deal_pending(played, deck)
    assert played.street == 1
    for to in range(10, 70, 10):
        played.act(Raise(to))
    options = played.legal_options()
    assert options.can_raise
    assert options.min_to == 70


def test_belarus_4_7_3_flop_begun_with_three_stays_capped_after_a_fold() -> None:
    played, deck = limit([BIG] * 3, button=2)
    limp_to_flop(played, deck)
    played.act(Raise(10), seat=0)
    played.act(Fold(), seat=1)
    played.act(Raise(20), seat=2)
    played.act(Raise(30), seat=0)
    played.act(Raise(40), seat=2)
    options = played.legal_options()
    assert (options.actor, options.can_raise) == (0, False)
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == "belarus-sport 4.7.3"


# --- the clock: Belarus 4.9.1 folds; TDA R29 (D1) checks when it can -----------------------------


def test_belarus_4_9_1_clock_expiry_folds_even_when_a_check_is_possible() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    assert played.legal_options().check
    stacks = list(played.stacks)
    events = played.expire_clock()
    acted = events[0]
    assert isinstance(acted, Acted)
    assert (acted.seat, acted.action) == (0, "fold")
    assert acted.ruling is not None
    assert str(acted.ruling.rule) == "belarus-sport 4.9.1"
    assert played.folded[0]
    assert played.live == [1, 2]
    assert played.stacks == stacks
    assert played.actor == 1


def test_belarus_4_9_1_clock_expiry_big_blind_with_the_option_folds() -> None:
    played, _ = hand([BIG] * 3, button=2, blinds=(50, 100), rules=BELARUS_SPORT)
    played.act(Call(), seat=2)
    played.act(Call(), seat=0)
    assert played.legal_options().check
    events = played.expire_clock()
    assert isinstance(events[0], Acted)
    assert (events[0].seat, events[0].action) == (1, "fold")
    # The round is over with two players left: the flop comes next.
    assert played.phase is Phase.DEAL
    assert played.street == 1


def test_belarus_4_9_1_clock_expiry_facing_a_bet_folds_and_ends_the_hand() -> None:
    played, _ = hand([BIG, BIG], button=0, blinds=(50, 100), rules=BELARUS_SPORT)
    played.act(Raise(300), seat=0)
    events = played.expire_clock()
    assert isinstance(events[0], Acted)
    assert (events[0].seat, events[0].action) == (1, "fold")
    assert BetReturned(0, 200) in events
    assert played.is_over
    awards = [e for e in events if isinstance(e, PotAwarded)]
    assert [a.shares for a in awards] == [((0, 200),)]
    assert played.stacks == [BIG + 100, BIG - 100]


@pytest.mark.rules("tda-2022 R29")
def test_tda_d1_r29_clock_expiry_not_facing_a_bet_checks() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), rules=TDA_2022)
    limp_to_flop(played, deck)
    events = played.expire_clock()
    acted = events[0]
    assert isinstance(acted, Acted)
    assert (acted.seat, acted.action) == (0, "check")
    assert acted.ruling is not None
    assert str(acted.ruling.rule) == "tda-2022 R29"
    assert not played.folded[0]
    assert played.live == [0, 1, 2]
    assert played.actor == 1


@pytest.mark.rules("tda-2022 R29")
def test_tda_d1_r29_clock_expiry_facing_a_bet_folds() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), rules=TDA_2022)
    limp_to_flop(played, deck)
    played.act(Raise(100), seat=0)
    stacks = list(played.stacks)
    events = played.expire_clock()
    acted = events[0]
    assert isinstance(acted, Acted)
    assert (acted.seat, acted.action) == (1, "fold")
    assert acted.ruling is not None
    assert str(acted.ruling.rule) == "tda-2022 R29"
    assert played.folded[1]
    assert played.stacks == stacks
    assert played.actor == 2


@pytest.mark.rules("tda-2022 R29")
def test_tda_r29_clock_expiry_preflop_big_blind_option_checks() -> None:
    played, _ = hand([BIG] * 3, button=2, blinds=(50, 100), rules=TDA_2022)
    played.act(Call(), seat=2)
    played.act(Call(), seat=0)
    events = played.expire_clock()
    assert isinstance(events[0], Acted)
    assert (events[0].seat, events[0].action) == (1, "check")
    assert played.live == [0, 1, 2]
    assert played.street == 1


def test_clock_expiry_with_nobody_to_act_is_refused() -> None:
    played, _ = hand([BIG] * 2, button=0, blinds=(50, 100), rules=BELARUS_SPORT)
    played.act(Fold(), seat=0)
    assert played.is_over
    before = list(played.events)
    with pytest.raises(IllegalActionError):
        played.expire_clock()
    assert played.events == before


@pytest.mark.parametrize("rules", [TDA_2022, BELARUS_SPORT], ids=["tda", "belarus"])
def test_clock_expiry_never_moves_chips(rules: Ruleset) -> None:
    played, deck = hand([BIG] * 4, button=3, blinds=(50, 100), rules=rules)
    limp_to_flop(played, deck)
    played.act(Raise(100), seat=0)
    paid = list(played.paid)
    stacks = list(played.stacks)
    played.expire_clock()
    played.expire_clock()
    assert played.paid == paid
    assert played.stacks == stacks
    assert played.actor == 3
    played.act(Check() if played.legal_options().check else Call(), seat=3)
