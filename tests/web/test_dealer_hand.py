"""The dealer's tablet hand: replayed from its setup and the dealer's steps with unseen cards,
its legal options, its pots and side pots, and the dealer's award split by the engine's rules."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.engine.config import HandConfig
from floorman.engine.games import get_game
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.all_in import AllIn, AllInKind, all_in_to
from floorman.live.pot_award import PotWinners, awaiting_award, pots_of
from floorman.rules.profiles import get_ruleset
from floorman.tournament.floor.table_hand import HandSetup
from floorman.tournament.seating.tables import Positions
from floorman.web.dealer_hand import award
from floorman.web.dealer_hand import replay as replayed
from floorman.web.dealer_steps import DealerReport, DealerStep, DirectorDecision, Step


def setup_of(stacks: tuple[int | None, ...], *, game: str = "NT", unit: int = 25) -> HandSetup:
    """Button on seat 0, blinds 50/100 on the next two occupied seats."""
    occupied = [s for s, chips in enumerate(stacks) if chips]
    small, big = occupied[1], occupied[2 % len(occupied)]
    if len(occupied) == 2:
        small, big = occupied[0], occupied[1]
    config = HandConfig(
        game=get_game(game),
        stacks=stacks,
        button=occupied[0],
        small_blind=50,
        big_blind=100,
        small_blind_seat=small,
        big_blind_seat=big,
        smallest_chip=unit,
        ruleset=get_ruleset("tda-2022"),
    )
    entries = tuple(None if not chips else f"e{s + 1}" for s, chips in enumerate(stacks))
    return HandSetup(
        table=1,
        level=1,
        positions=Positions(button=occupied[0], small_blind=small, big_blind=big),
        seats=entries,
        config=config,
    )


def step(seat: int, action: str, to: int | None = None) -> DealerStep:
    return DealerStep(seat=seat, action=action, to=to)  # type: ignore[arg-type]


def replay(setup: HandSetup, steps: Sequence[Step]) -> Hand:
    """The engine's hand after ``steps``."""
    return replayed(setup, steps).hand


@pytest.mark.rules("tda-2022 R47-A")
def test_tda_r47_a_short_all_in_does_not_reopen_the_betting_on_the_tablet() -> None:
    # Seat 0 (button) raises to 400, seat 1 goes all-in for 500 (short of a full raise to
    # 700), seat 2 calls: the button may only call or fold.
    setup = setup_of((5000, 500, 5000))
    hand = replay(setup, [step(0, "raise", 400), step(1, "all-in"), step(2, "call")])
    options = hand.legal_options()
    assert hand.actor == 0
    assert options.call == 100
    assert options.min_to is None
    assert options.no_raise is not None
    assert options.no_raise.rule.rule == "R47"
    assert all_in_to(hand) is None  # no all-in raise when the betting is not reopened


def test_all_in_is_a_raise_to_the_whole_stack_or_a_call_that_takes_it() -> None:
    setup = setup_of((5000, 300, 5000))
    hand = replay(setup, [step(0, "raise", 1000)])
    assert all_in_to(hand) == AllIn(kind=AllInKind.CALL, to=300)  # seat 1's 250 behind his 50 blind
    hand = replay(setup, [])
    assert all_in_to(hand) == AllIn(kind=AllInKind.RAISE, to=5000)


def test_a_called_all_in_waits_for_the_award_with_a_side_pot() -> None:
    setup = setup_of((5000, 500, 5000))
    steps = [step(0, "raise", 1000), step(1, "all-in"), step(2, "call")]
    hand = replay(setup, steps)
    assert hand.phase is Phase.BET
    assert hand.actor == 2
    hand = replay(setup, [*steps, step(2, "all-in"), step(0, "call")])
    assert awaiting_award(hand)
    assert not hand.is_over
    pots = pots_of(hand)
    assert [(p.amount, p.eligible) for p in pots] == [(1500, (0, 1, 2)), (9000, (0, 2))]


def test_the_award_splits_each_pot_and_sums_the_hand_up() -> None:
    setup = setup_of((5000, 500, 5000))
    steps = [step(0, "raise", 1000), step(1, "all-in"), step(2, "call")]
    steps += [step(2, "all-in"), step(0, "call")]
    split = [PotWinners(high=(1,)), PotWinners(high=(0, 2))]
    result = award(setup, replayed(setup, steps), split)
    after = dict(result.stacks_after)
    assert after == {"e1": 4500, "e2": 1500, "e3": 4500}
    assert sum(after.values()) == sum(chips for _, chips in result.stacks_before)


@pytest.mark.rules("tda-2022 R20-A")
def test_tda_r20_a_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    # Blinds 50/100 and a 50 chip: seat 1 folds his small blind, seats 0 and 2 split 250.
    setup = setup_of((5000, 5000, 5000), unit=50)
    steps = [step(0, "call"), step(1, "fold"), step(2, "check")]
    steps += [step(2, "check"), step(0, "check")] * 3
    hand = replay(setup, steps)
    assert awaiting_award(hand)
    result = award(setup, replayed(setup, steps), [PotWinners(high=(0, 2))])
    after = dict(result.stacks_after)
    assert (after["e1"], after["e3"]) == (5000, 5050)  # seat 2 is left of the button


def test_a_busted_player_is_eliminated_by_the_winner_of_his_pot() -> None:
    setup = setup_of((5000, 500, 5000))
    steps = [step(0, "raise", 1000), step(1, "all-in"), step(2, "fold")]
    result = award(setup, replayed(setup, steps), [PotWinners(high=(0,))])
    assert dict(result.stacks_after)["e2"] == 0
    assert result.eliminated_by == {"e2": ("e1",)}


def test_a_hand_everyone_folded_is_over_without_an_award() -> None:
    setup = setup_of((5000, 5000, 5000))
    steps = [step(0, "fold"), step(1, "fold")]
    assert replay(setup, steps).is_over
    result = award(setup, replayed(setup, steps), [])
    assert dict(result.stacks_after) == {"e1": 5000, "e2": 4950, "e3": 5050}


def test_refusals_name_the_rule_or_the_constraint() -> None:
    setup = setup_of((5000, 5000, 5000))
    with pytest.raises(IllegalActionError) as short:
        replay(setup, [step(0, "raise", 150)])
    assert short.value.ruling.key
    with pytest.raises(MalformedInputError) as no_amount:
        replay(setup, [step(0, "raise")])
    assert no_amount.value.constraint == "amount"
    steps = [step(0, "call"), step(1, "call"), step(2, "check")]
    with pytest.raises(MalformedInputError) as early:
        award(setup, replayed(setup, steps), [PotWinners(high=(0,))])
    assert early.value.constraint == "award"


def test_an_award_names_eligible_winners_one_per_pot() -> None:
    setup = setup_of((5000, 500, 5000))
    steps = [step(0, "raise", 1000), step(1, "all-in"), step(2, "call")]
    steps += [step(2, "all-in"), step(0, "call")]
    for winners in ([PotWinners(high=(1,))], [PotWinners(high=(1,)), PotWinners(high=(1,))]):
        with pytest.raises(MalformedInputError) as refused:
            award(setup, replayed(setup, steps), winners)
        assert refused.value.constraint == "award"
    hi_lo = [PotWinners(high=(1,)), PotWinners(high=(0,), low=(2,))]
    with pytest.raises(MalformedInputError):
        award(setup, replayed(setup, steps), hi_lo)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_chips_are_conserved_whatever_the_dealer_records(data: st.DataObject) -> None:
    stacks = tuple(data.draw(st.sampled_from([None, 300, 2000, 7000])) for _ in range(4))
    if sum(1 for s in stacks if s) < 2:
        stacks = (3000, 3000, *stacks[2:])
    setup = setup_of(stacks)
    steps: list[DealerStep] = []
    hand = replay(setup, steps)
    while hand.phase is Phase.BET:
        options = hand.legal_options()
        choices = ["fold", "call" if options.call else "check"]
        if options.min_to is not None:
            choices.append("raise")
        if all_in_to(hand) is not None:
            choices.append("all-in")
        action = data.draw(st.sampled_from(choices))
        to = options.min_to if action == "raise" else None
        steps.append(step(options.actor, action, to))
        hand = replay(setup, steps)
    winners = [PotWinners(high=(pot.eligible[0],)) for pot in pots_of(hand)]
    result = award(setup, replayed(setup, steps), [] if hand.is_over else winners)
    assert sum(c for _, c in result.stacks_after) == sum(c for _, c in result.stacks_before)
    assert min(c for _, c in result.stacks_after) >= 0


# --- irregularities on the tablet (floorman.live) -------------------------------------------


@pytest.mark.rules("tda-2022 R53-A")
def test_tda_r53_a_an_action_out_of_turn_is_held_until_his_turn() -> None:
    setup = setup_of((5000, 5000, 5000, 5000))  # seat 3 is under the gun
    held = replayed(setup, [step(1, "call")])  # the small blind calls before him
    assert held.ruling is not None
    assert held.ruling.rule.rule.startswith("R53")
    assert held.hand.actor == 3
    after = replayed(setup, [step(1, "call"), step(3, "call"), step(0, "call")])
    assert after.hand.bets[1] == 100  # the action to him did not change: his call binds


@pytest.mark.rules("tda-2022 R35-A")
def test_tda_r35_a_a_misdeal_before_substantial_action_voids_the_hand() -> None:
    setup = setup_of((5000, 5000, 5000))
    misdeal = DealerReport(report="misdeal", reason="wrong-first-seat")
    voided = replayed(setup, [misdeal])
    assert voided.voided
    assert voided.ruling is not None
    assert voided.ruling.key == "misdeal"
    with pytest.raises(MalformedInputError) as refused:
        award(setup, voided, [])
    assert refused.value.constraint == "void"


@pytest.mark.rules("tda-2022 R36")
def test_tda_r36_after_substantial_action_the_hand_plays_on() -> None:
    setup = setup_of((5000, 5000, 5000, 5000))
    acted = [step(3, "call"), step(0, "call")]
    late = replayed(setup, [*acted, DealerReport(report="misdeal", reason="wrong-first-seat")])
    assert not late.voided
    assert late.ruling is not None
    assert late.ruling.key == "no-misdeal"


@pytest.mark.rules("tda-2022 R68")
def test_tda_r68_a_card_a_player_exposes_leaves_his_hand_live() -> None:
    setup = setup_of((5000, 5000, 5000))
    exposed = DealerReport(report="exposed-card", seat=0, deliberate=False)
    answer = replayed(setup, [exposed])
    assert answer.ruling is not None
    assert not answer.voided
    assert answer.hand.actor == 0


def test_a_point_for_the_director_holds_play_until_he_decides() -> None:
    setup = setup_of((5000, 5000, 5000, 5000))
    steps: list[Step] = [step(3, "raise", 300), step(1, "call")]  # seat 0 skipped
    waiting = replayed(setup, steps)
    if not waiting.live.pending:
        steps.append(step(2, "call"))
        waiting = replayed(setup, steps)
    pending = waiting.live.pending
    assert pending, "skipping a seat after later players acted goes to the director (R53-B)"
    with pytest.raises(IllegalActionError):
        replayed(setup, [*steps, step(0, "fold")])
    choice = DirectorDecision(ruling=pending[0].id, option=pending[0].options[0])
    decided = replayed(setup, [*steps, choice])
    assert not decided.live.pending
    assert decided.ruling is not None


@pytest.mark.rules("belarus-sport 5.9.2")
def test_belarus_5_9_2_the_tablet_awards_a_called_all_in_at_the_showdown_unseen() -> None:
    """No all-in face up under Belarus: the tablet's hand runs the board out unseen and waits
    for the award at the showdown, in the 5.9.2 order (the last raiser first), hands hidden."""
    setup = setup_of((5000, 500, 5000))
    belarus = dataclasses.replace(setup.config, ruleset=get_ruleset("belarus-sport"))
    setup = dataclasses.replace(setup, config=belarus)
    steps = [step(0, "raise", 1000), step(1, "all-in"), step(2, "call")]
    steps += [step(2, "all-in"), step(0, "call")]
    hand = replay(setup, steps)
    assert (hand.phase, hand.tabled, len(hand.board)) == (Phase.SHOW, False, 5)
    assert awaiting_award(hand)
    assert hand.show_queue == [2, 0, 1]  # seat 2 moved all-in last
    result = award(setup, replayed(setup, steps), [PotWinners(high=(1,)), PotWinners(high=(0, 2))])
    assert dict(result.stacks_after) == {"e1": 4500, "e2": 1500, "e3": 4500}
