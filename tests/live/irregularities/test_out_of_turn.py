"""Action out of turn at a live table: held, bound, released; the skipped player (R53, and the
matching rules of every profile)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, dealt_table, limp_to_flop

from floorman.engine import Call, Check, Fold, Raise
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.irregularities.reports import ActionOutOfTurn
from floorman.live.live_events import OutOfTurnHeld, OutOfTurnSettled, RulingPending
from floorman.live.live_hand import LiveHand


def flop_table(profile: str = "tda-2022", *, blinds: tuple[int, int] = (50, 100)) -> LiveHand:
    """Seven players (seats 0-6), button on seat 2: on the flop seat 3 acts first."""
    live, deck = dealt_table(7, button=2, profile=profile, blinds=blinds)
    limp_to_flop(live, deck)
    assert live.hand.actor == 3
    return live


def settled(live: LiveHand) -> list[OutOfTurnSettled]:
    return [e for e in live.history if isinstance(e, OutOfTurnSettled)]


@pytest.mark.rules("tda-2022 R53-A")
def test_scenario_T45_raise_out_of_turn_binds_when_the_skipped_player_calls() -> None:
    live = flop_table()
    live.act(Raise(300))  # seat 3 bets 300
    live.act(Fold())  # seat 4
    result = live.act(Raise(800), seat=6)  # seat 5 is to act
    assert isinstance(result.events[0], OutOfTurnHeld)
    assert result.ruling is not None
    assert str(result.ruling.rule) == "tda-2022 R53-A"
    assert live.hand.actor == 5
    assert live.hand.bets[6] == 0  # nothing moves until the turn comes
    live.act(Call())  # seat 5 calls 300: the action to seat 6 did not change
    assert live.hand.bets[6] == 800
    assert settled(live)[-1].applied
    assert live.hand.actor == 0
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R53-A")
def test_scenario_T45_raise_out_of_turn_is_released_when_the_skipped_player_raises() -> None:
    live = flop_table()
    live.act(Raise(300))
    live.act(Fold())
    live.act(Raise(800), seat=6)
    live.act(Raise(600))  # seat 5 raises: the action to seat 6 changed
    assert not settled(live)[-1].applied
    assert live.hand.actor == 6
    options = live.hand.legal_options()
    assert options.call == 600
    assert options.min_to == 900
    assert live.hand.bets[6] == 0
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R53-A", "pokerstars-live 4.8", "poland-pzp §41.1a", "poland-pzp §41.3")
@pytest.mark.parametrize("profile", ["tda-2022", "pokerstars-live", "poland-pzp"])
def test_scenario_T46_check_out_of_turn_binds_unless_a_bet_comes_first(profile: str) -> None:
    live = flop_table(profile)
    live.act(Check())  # seat 3
    live.act(Check())  # seat 4
    live.act(Check(), seat=6)
    live.act(Check())  # seat 5 checks: seat 6's check binds
    assert live.hand.actor == 0
    assert settled(live)[-1].applied
    other = flop_table(profile)
    other.act(Check())
    other.act(Check())
    other.act(Check(), seat=6)
    other.act(Raise(300))  # seat 5 bets: seat 6 has every option
    assert other.hand.actor == 6
    assert other.hand.legal_options().min_to == 600
    assert_conserved(live)
    assert_conserved(other)


@pytest.mark.rules("pokerstars-live 4.8", "redcactus 44", "poland-pzp §30.4", "poland-pzp §42.4b")
@pytest.mark.parametrize("profile", ["pokerstars-live", "redcactus", "poland-pzp"])
def test_scenario_D07_D08_bet_out_of_turn_binds_after_checks_and_is_returned_after_a_bet(
    profile: str,
) -> None:
    """PokerStars Live D-07, D-08: seat 5 bets 1000 out of turn while seat 3 is to act."""
    live = flop_table(profile)
    live.act(Raise(1000), seat=5)
    live.act(Check())  # seat 3
    live.act(Check())  # seat 4: unchanged, seat 5's bet binds
    assert live.hand.bets[5] == 1000
    other = flop_table(profile)
    other.act(Raise(1000), seat=5)
    other.act(Raise(500))  # seat 3 bets: changed, the 1000 comes back
    other.act(Call())  # seat 4
    assert other.hand.actor == 5
    assert other.hand.stacks[5] == 9900  # only his preflop call is in
    assert_conserved(live)
    assert_conserved(other)


@pytest.mark.rules(
    "tda-2022 R53-A", "tda-2022 R58", "redcactus 58", "pokerstars-live 3.8.1", "poland-pzp §44.4"
)
@pytest.mark.parametrize(
    ("profile", "rule"),
    [
        ("tda-2022", "R58"),
        ("redcactus", "58"),
        ("pokerstars-live", "3.8.1"),
        ("poland-pzp", "§44.4"),
    ],
)
def test_a_fold_out_of_turn_binds_at_once(profile: str, rule: str) -> None:
    live = flop_table(profile)
    result = live.act(Fold(), seat=6)
    assert result.ruling is not None
    assert result.ruling.rule.rule == rule
    assert 6 not in live.hand.live
    assert live.hand.actor == 3
    live.act(Raise(300))
    for _ in range(2):
        live.act(Call())
    assert live.hand.actor == 0  # seat 6 is passed over
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 4.10")
def test_belarus_4_10_out_of_turn_chips_stay_in_the_pot_when_the_action_changed() -> None:
    live = flop_table("belarus-sport")
    live.act(Raise(1000), seat=5)
    live.act(Raise(500))  # seat 3 bets first: seat 5 may act anew, but his 1000 stays in
    live.act(Call())  # seat 4
    assert live.hand.actor == 5
    pot_before = live.hand.pot
    live.act(Fold())
    assert live.hand.stacks[5] == 9900 - 1000
    assert live.hand.pot == pot_before + 1000
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 4.10")
def test_belarus_4_10_a_call_after_the_change_counts_the_chips_already_committed() -> None:
    live = flop_table("belarus-sport")
    live.act(Raise(1000), seat=5)
    live.act(Raise(500))
    live.act(Call())
    live.act(Call())  # seat 5 calls 500: the other 500 of his bet stay in the pot
    assert live.hand.bets[5] == 500
    assert live.hand.stacks[5] == 9900 - 1000
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 4.10")
def test_belarus_4_10_a_check_out_of_turn_binds_if_everyone_before_checked() -> None:
    live = flop_table("belarus-sport")
    live.act(Check(), seat=5)
    live.act(Check())
    live.act(Check())
    assert live.hand.actor == 6
    assert settled(live)[-1].applied


@pytest.mark.rules("tda-2022 R53-B", "tda-2022 R36")
def test_scenario_T47_substantial_action_after_the_skipped_seat_goes_to_the_director() -> None:
    """Seat 3 bets 600, seat 4 thinks; seat 5 calls out of turn, seat 6 folds: SA."""
    live = flop_table(blinds=(100, 200))
    live.act(Raise(600))
    live.act(Call(), seat=5)
    assert not live.pending
    result = live.act(Fold(), seat=6)
    assert result.pending is not None
    assert result.pending.seat == 4
    assert set(result.pending.options) == {"dead", "passive"}
    assert [str(r) for r in result.pending.rules] == ["tda-2022 R53-B"]
    assert 6 not in live.hand.live  # the fold is final (R58)
    with pytest.raises(IllegalActionError) as waiting:
        live.act(Call())
    assert waiting.value.ruling.key == "ruling-pending"
    live.resolve(result.pending.id, "dead", by="TD Kowalski", reason="he had time to speak")
    assert 4 not in live.hand.live
    assert live.hand.bets[5] == 600  # seat 5's call stays in the pot
    assert live.hand.actor == 0
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R53-B")
def test_scenario_T48_check_and_call_out_of_turn_then_a_passive_skipped_seat() -> None:
    live = flop_table(blinds=(100, 200))
    live.act(Raise(600))
    live.act(Check(), seat=5)
    result = live.act(Call(), seat=6)
    assert result.pending is not None
    live.resolve(result.pending.id, "passive", by="TD", reason="limited to passive play")
    with pytest.raises(IllegalActionError) as refused:
        live.act(Raise(1200))
    assert refused.value.ruling.key == "passive-only"
    assert str(refused.value.ruling.rule) == "tda-2022 R53-B"
    live.act(Call())  # seat 4 calls; seat 5's "check" facing a bet cannot stand
    assert live.hand.actor == 5
    assert not settled(live)[-1].applied
    assert_conserved(live)


@pytest.mark.rules("pokerstars-live 4.8", "poland-pzp §30.4")
@pytest.mark.parametrize("profile", ["pokerstars-live", "poland-pzp", "belarus-sport"])
def test_without_a_skipped_player_rule_out_of_turn_actions_wait_for_their_turn(
    profile: str,
) -> None:
    live = flop_table(profile, blinds=(100, 200))
    live.act(Raise(600))
    live.act(Call(), seat=5)
    live.act(Fold(), seat=6)
    assert not live.pending
    live.act(Raise(1800))  # seat 4 raises: seat 5's call is released
    assert live.hand.actor == 5
    assert live.hand.legal_options().call == 1800


def test_out_of_turn_is_refused_for_a_seat_without_a_live_hand() -> None:
    live = flop_table()
    live.act(Fold())  # seat 3
    with pytest.raises(MalformedInputError) as refused:
        live.record(ActionOutOfTurn(seat=3, action=Call()))
    assert refused.value.constraint == "out-of-turn"
    assert not any(isinstance(e, RulingPending) for e in live.history)
