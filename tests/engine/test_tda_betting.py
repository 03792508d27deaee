"""TDA 2022 betting scenarios (Illustration Addendum and rule texts), one test each."""

from __future__ import annotations

import pytest
from tables import check_down, hand, limp_to_flop

from floorman.engine import Call, Check, Fold, Raise
from floorman.engine.dealer import deal_pending
from floorman.engine.events import Acted, PotAwarded
from floorman.errors import IllegalActionError, OutOfTurnError

BIG = 100_000


@pytest.mark.rules("tda-2022 R43-A", "redcactus 47-A", "belarus-sport 4.1-raise-size")
def test_scenario_T11_min_raise_is_the_last_full_increment() -> None:
    # A..E in seats 0..4, button on seat 4: A is first to act after the flop.
    played, deck = hand([BIG] * 5, button=4, blinds=(100, 200))
    limp_to_flop(played, deck)
    played.act(Raise(600), seat=0)
    played.act(Raise(1600), seat=1)
    played.act(Raise(3600), seat=2)
    options = played.legal_options()
    assert options.actor == 3
    assert options.call == 3600
    assert options.min_to == 5600


@pytest.mark.rules("tda-2022 R43-A")
def test_scenario_T12_short_all_in_preflop_keeps_the_big_blind_increment() -> None:
    # Seats 0 SB, 1 BB, 2 = UTG A all-in for 150, 3 = B.
    played, _ = hand([BIG, BIG, 150, BIG], button=3, blinds=(50, 100))
    played.act(Raise(150), seat=2)
    assert played.events[-1] == Acted(2, "raise", 150, True)
    assert played.legal_options().min_to == 250


@pytest.mark.rules("tda-2022 R43-A")
def test_scenario_T13_raise_over_a_short_all_in_sets_the_increment() -> None:
    played, _ = hand([BIG, BIG, 300, BIG, BIG], button=4, blinds=(100, 200))
    played.act(Raise(300), seat=2)
    played.act(Raise(1000), seat=3)
    options = played.legal_options()
    assert options.actor == 4
    assert options.call == 1000
    assert options.min_to == 1700


@pytest.mark.rules("tda-2022 R43-A")
def test_scenario_T14_each_full_raise_becomes_the_minimum() -> None:
    played, _ = hand([BIG] * 6, button=5, blinds=(25, 50))
    played.act(Raise(125), seat=2)
    played.act(Raise(200), seat=3)
    played.act(Raise(500), seat=4)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (5, 500, 800)


@pytest.mark.rules("tda-2022 R43-A")
def test_scenario_T15_one_big_raise_sets_the_increment() -> None:
    played, _ = hand([BIG] * 6, button=5, blinds=(25, 50))
    played.act(Raise(500), seat=2)
    played.act(Call(), seat=3)
    played.act(Call(), seat=4)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (5, 500, 950)


def t33_flop() -> object:
    """T33: flop, A bets 100, B all-in 125, C calls, D all-in 200, E calls (seats 0..4)."""
    played, deck = hand([BIG, 225, BIG, 300, BIG], button=4, blinds=(50, 100))
    limp_to_flop(played, deck)
    played.act(Raise(100), seat=0)
    played.act(Raise(125), seat=1)
    played.act(Call(), seat=2)
    played.act(Raise(200), seat=3)
    played.act(Call(), seat=4)
    return played


@pytest.mark.rules("tda-2022 R47-A", "pokerstars-live 4.14", "redcactus 48")
def test_scenario_T33_cumulative_short_all_ins_reopen_for_the_opener() -> None:
    played = t33_flop()
    options = played.legal_options()  # type: ignore[attr-defined]
    assert (options.actor, options.call, options.min_to) == (0, 100, 300)


@pytest.mark.rules(
    "tda-2022 R47-A", "pokerstars-live 4.14", "redcactus 48", "poland-pzp §10.3", "poland-pzp §43.4"
)
def test_scenario_T34_after_a_call_the_short_faced_player_may_not_raise() -> None:
    played = t33_flop()
    played.act(Call(), seat=0)  # type: ignore[attr-defined]
    options = played.legal_options()  # type: ignore[attr-defined]
    assert (options.actor, options.call) == (2, 75)
    assert not options.can_raise
    assert str(options.no_raise.rule) == "tda-2022 R47"
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(400), seat=2)  # type: ignore[attr-defined]
    assert str(refusal.value.ruling.rule) == "tda-2022 R47"


@pytest.mark.rules("tda-2022 R47-A")
def test_scenario_T35_a_full_raise_reopens_for_everyone() -> None:
    played = t33_flop()
    played.act(Raise(300), seat=0)  # type: ignore[attr-defined]
    options = played.legal_options()  # type: ignore[attr-defined]
    assert (options.actor, options.call) == (2, 175)
    assert options.min_to == 400


@pytest.mark.rules("tda-2022 R47-A")
def test_scenario_T36_several_short_all_ins_keep_the_opening_increment() -> None:
    stacks = [BIG, 600, 750, 900, BIG, BIG]
    played, deck = hand(stacks, button=5, blinds=(50, 100))
    limp_to_flop(played, deck)
    played.act(Raise(300), seat=0)
    played.act(Raise(500), seat=1)
    played.act(Raise(650), seat=2)
    played.act(Raise(800), seat=3)
    played.act(Call(), seat=4)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (5, 800, 1100)


def t37_preflop() -> object:
    """T37: 2000-4000; A (UTG) limps, B folds, C all-in 7500, others fold to the BB."""
    # Seats: 0 SB, 1 BB, 2 A, 3 B, 4 C, 5 button.
    played, _ = hand([BIG, BIG, BIG, BIG, 7500, BIG], button=5, blinds=(2000, 4000))
    played.act(Call(), seat=2)
    played.act(Fold(), seat=3)
    played.act(Raise(7500), seat=4)
    played.act(Fold(), seat=5)
    played.act(Fold(), seat=0)
    return played


@pytest.mark.rules("tda-2022 R47-A")
def test_scenario_T37_big_blind_may_raise_limper_may_not() -> None:
    played = t37_preflop()
    options = played.legal_options()  # type: ignore[attr-defined]
    assert (options.actor, options.call, options.min_to) == (1, 3500, 11_500)
    played.act(Call(), seat=1)  # type: ignore[attr-defined]
    options = played.legal_options()  # type: ignore[attr-defined]
    assert (options.actor, options.call, options.can_raise) == (2, 3500, False)


@pytest.mark.rules("tda-2022 R47-A")
def test_scenario_T38_big_blind_full_raise_reopens_for_the_limper() -> None:
    played = t37_preflop()
    played.act(Raise(11_500), seat=1)  # type: ignore[attr-defined]
    options = played.legal_options()  # type: ignore[attr-defined]
    assert (options.actor, options.call, options.can_raise) == (2, 7500, True)
    assert options.min_to == 15_500


@pytest.mark.rules("tda-2022 R43-A", "redcactus 47-A")
def test_tda_r43_a_raise_below_the_minimum_is_refused_and_changes_nothing() -> None:
    played, deck = hand([BIG] * 5, button=4, blinds=(100, 200))
    limp_to_flop(played, deck)
    played.act(Raise(600), seat=0)
    before = list(played.events)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(1000), seat=1)
    assert str(refusal.value.ruling.rule) == "tda-2022 R43"
    assert refusal.value.ruling.key == "below-min-raise"
    assert played.events == before
    assert played.legal_options().min_to == 1200


@pytest.mark.rules("tda-2022 R43-B", "redcactus 47-B")
def test_tda_r43b_raise_means_raise_to() -> None:
    played, _ = hand([BIG] * 3, button=2, blinds=(1000, 2000))
    played.act(Raise(8000), seat=2)
    assert played.events[-1] == Acted(2, "raise", 8000, False)
    assert played.bets[2] == 8000


@pytest.mark.rules("tda-2022 R50-A", "belarus-sport 4.8.2")
def test_tda_r50_acting_out_of_turn_is_refused() -> None:
    played, _ = hand([BIG] * 4, button=3, blinds=(50, 100))
    with pytest.raises(OutOfTurnError) as refusal:
        played.act(Call(), seat=0)
    assert str(refusal.value.ruling.rule) == "tda-2022 R50"


@pytest.mark.rules(
    "tda-2022 R55",
    "redcactus 55",
    "belarus-sport 4.1-check",
    "belarus-sport 4.9.2",
    "poland-pzp §41.2",
)
def test_tda_r55_check_facing_a_bet_is_refused_and_call_with_nothing_to_call_is_a_check() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100))
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Check(), seat=2)
    assert str(refusal.value.ruling.rule) == "tda-2022 R55"
    limp_to_flop(played, deck)
    played.act(Call(), seat=0)
    last = played.events[-1]
    assert isinstance(last, Acted)
    assert last.action == "check"
    assert last.ruling is not None
    assert last.ruling.key == "call-is-check"


@pytest.mark.rules("tda-2022 R54-B", "redcactus 54-B")
def test_tda_r54b_pot_limit_counts_a_short_big_blind_as_full() -> None:
    # T55: SB posts 50, BB all-in for 75: the next player's pot-size raise is to 350.
    played, _ = hand([BIG, 75, BIG, BIG], game="PT", button=3, blinds=(50, 100))
    options = played.legal_options()
    assert options.actor == 2
    assert (options.call, options.min_to, options.max_to) == (100, 200, 350)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(400), seat=2)
    assert str(refusal.value.ruling.rule) == "tda-2022 R54-B"


@pytest.mark.rules("tda-2022 R54-B", "redcactus 54-B")
def test_tda_r54b_after_the_flop_the_actual_bets_count() -> None:
    # T55 continued: everyone calls 100 over the big blind's 75, so the pot is 375, not 400.
    played, deck = hand([BIG, 75, BIG, BIG], game="PT", button=3, blinds=(50, 100))
    played.act(Call(), seat=2)
    played.act(Call(), seat=3)
    played.act(Call(), seat=0)
    assert played.paid == [100, 75, 100, 100]
    deal_pending(played, deck)
    assert played.street == 1
    options = played.legal_options()
    assert (options.actor, options.min_to, options.max_to) == (0, 100, 375)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(400), seat=0)
    assert str(refusal.value.ruling.rule) == "tda-2022 R54-B"


@pytest.mark.rules(
    "tda-2022 R16",
    "pokerstars-live 5.2",
    "redcactus 16",
    "poland-pzp §9.2",
    "poland-pzp §37.4",
    "poland-pzp §43.3",
)
def test_tda_r16_heads_up_all_in_on_the_turn_tables_both_hands_before_the_river() -> None:
    # T3: A (short) all-in on the turn, B calls: both hands face up, then the river.
    played, deck = hand([1000, BIG], button=1, blinds=(50, 100))
    limp_to_flop(played, deck)
    played.act(Check())
    played.act(Check())
    deal_pending(played, deck)
    played.act(Raise(900), seat=0)
    events = played.act(Call(), seat=1)
    kinds = [type(e).__name__ for e in events]
    assert "HandsTabled" in kinds
    assert len(played.board) == 4
    assert str(events[kinds.index("HandsTabled")].ruling.rule) == "tda-2022 R16"  # type: ignore[attr-defined]
    check_down(played, deck)
    assert played.is_over


@pytest.mark.rules(
    "tda-2022 R16", "pokerstars-live 5.2", "redcactus 16", "poland-pzp §9.2", "poland-pzp §43.3"
)
def test_scenario_T4_all_in_is_tabled_only_when_the_others_stop_betting() -> None:
    # A (seat 2, short) all-in preflop; B (seat 3) and C (seat 0) call; BB folds.
    played, deck = hand([BIG, BIG, 500, BIG], button=3, blinds=(50, 100))
    played.act(Raise(500), seat=2)
    played.act(Call(), seat=3)
    played.act(Call(), seat=0)
    played.act(Fold(), seat=1)
    deal_pending(played, deck)
    assert not played.tabled
    played.act(Check(), seat=0)
    played.act(Check(), seat=3)
    deal_pending(played, deck)
    assert not played.tabled
    played.act(Raise(BIG - 500), seat=0)
    played.act(Call(), seat=3)
    assert played.tabled
    assert len(played.board) == 4
    check_down(played, deck)
    assert played.is_over
    assert sum(played.stacks) == 3 * BIG + 500


@pytest.mark.rules(
    "tda-2022 R16",
    "pokerstars-live 5.2.1",
    "belarus-sport 4.1-side-pot",
    "poland-pzp §4.1",
    "poland-pzp §4.3",
    "poland-pzp §9.2",
)
def test_scenario_T5_showdown_with_an_all_in_tables_every_hand_and_builds_the_side_pot() -> None:
    # A (seat 2) all-in 700 preflop; B (seat 3) and C (seat 0) call with chips behind.
    played, deck = hand([5000, 5000, 700, 5000], button=3, blinds=(50, 100))
    played.act(Raise(700), seat=2)
    played.act(Call(), seat=3)
    played.act(Call(), seat=0)
    played.act(Fold(), seat=1)
    deal_pending(played, deck)
    played.act(Check(), seat=0)
    played.act(Check(), seat=3)
    deal_pending(played, deck)
    played.act(Raise(1000), seat=0)
    played.act(Call(), seat=3)
    assert not played.tabled
    deal_pending(played, deck)
    played.act(Check(), seat=0)
    events = played.act(Check(), seat=3)
    assert played.tabled
    awards = [e for e in events if isinstance(e, PotAwarded)]
    assert [(a.amount, a.eligible) for a in awards] == [(2000, (0, 3)), (2200, (0, 2, 3))]
