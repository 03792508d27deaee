"""TDA 2022 scenarios of words and chips (T16-T32, T39-T57): one test each, on a real hand.

Lettered players sit in seats 0, 1, 2...; with the button on the last seat, seat 0 is the small
blind and the first to act after the flop. Amounts are street totals. ``ask`` (see
``assist_tables``) proves every reading legal in the hand and checks its chips.
"""

from __future__ import annotations

import pytest
from tests.live.assist_tables import BIG, ask, play, rules_cited, table, to_flop

from floorman.engine import Call, Check, Fold, Hand, Raise
from floorman.engine.dealer import deal_pending
from floorman.live.assist.types import Decider, FrontChips


def flop_bet(
    bet: int, *, players: int = 3, blinds: tuple[int, int] = (100, 200), **kw: int
) -> Hand:
    """A flop where seat 0 has opened for ``bet``; seat 1 is to act."""
    stacks = [BIG] * players
    for seat, stack in kw.items():
        stacks[int(seat.removeprefix("seat"))] = stack
    played, deck = table(stacks, button=players - 1, blinds=blinds)
    to_flop(played, deck)
    play(played, Raise(bet))
    return played


@pytest.mark.rules("tda-2022 R45-A")
def test_scenario_T16_two_1000_chips_facing_1200_are_a_call() -> None:
    ruling = ask(flop_bet(1200), "", (1000, 2))
    assert (ruling.action, ruling.change, ruling.add) == (Call(), 800, 0)
    assert "tda-2022 R45-A" in rules_cited(ruling)


def utg_raised_to_1100() -> Hand:
    """NLHE 250-500 pre-flop: under the gun raised to 1100 (by 600); the next player acts."""
    played, _ = table([BIG] * 5, button=4, blinds=(250, 500))
    play(played, Raise(1100))
    return played


@pytest.mark.rules("tda-2022 R45-A")
def test_scenario_T17_a_500_and_a_1000_facing_1100_are_a_call() -> None:
    ruling = ask(utg_raised_to_1100(), "", (1000, 1), (500, 1))
    assert (ruling.action, ruling.change) == (Call(), 400)


@pytest.mark.rules("tda-2022 R45-B", "tda-2022 R43-A")
def test_scenario_T18_1000_and_five_100s_reach_half_a_raise_and_complete_to_1700() -> None:
    ruling = ask(utg_raised_to_1100(), "", (1000, 1), (100, 5))
    assert (ruling.action, ruling.add, ruling.change) == (Raise(1700), 200, 0)
    assert rules_cited(ruling) == ["tda-2022 R45-B", "tda-2022 R43-A"]


@pytest.mark.rules("tda-2022 R45-B", "tda-2022 R43-A")
def test_scenario_T19_1000_and_three_100s_are_a_call_and_200_go_back() -> None:
    ruling = ask(utg_raised_to_1100(), "", (1000, 1), (100, 3))
    assert (ruling.action, ruling.change, ruling.add) == (Call(), 200, 0)
    assert "tda-2022 R43-A" in rules_cited(ruling)


@pytest.mark.rules("tda-2022 R45-B", "tda-2022 R43-A")
def test_scenario_T20_2500_over_an_opening_1400_is_a_raise_corrected_to_2800() -> None:
    ruling = ask(flop_bet(1400), "", (1000, 1), (500, 3))
    assert (ruling.action, ruling.add) == (Raise(2800), 300)


@pytest.mark.rules("tda-2022 R45-B", "tda-2022 R43-A")
def test_scenario_T21_2000_over_an_opening_1400_is_below_2100_and_a_call() -> None:
    ruling = ask(flop_bet(1400), "", (1000, 1), (500, 2))
    assert (ruling.action, ruling.change) == (Call(), 600)


@pytest.mark.rules("tda-2022 R45-B")
def test_scenario_T22_the_2500_as_all_his_chips_is_an_all_in_not_corrected() -> None:
    ruling = ask(flop_bet(1400, seat1=2700), "", (1000, 1), (500, 3))
    assert (ruling.action, ruling.add, ruling.change) == (Raise(2500), 0, 0)
    assert "tda-2022 R45-B" in rules_cited(ruling)


@pytest.mark.rules("tda-2022 R45-B")
def test_scenario_T23_the_2000_as_all_his_chips_is_all_in_below_the_threshold() -> None:
    ruling = ask(flop_bet(1400, seat1=2200), "", (1000, 1), (500, 2))
    assert (ruling.action, ruling.change) == (Raise(2000), 0)


def button_raised_to_600() -> Hand:
    """NLHE 25-50: the big blind (seat 2) has his blind in two 25s; the button (seat 0) raised
    to 600 and the small blind folded."""
    played, _ = table([BIG] * 3, button=0, blinds=(25, 50))
    play(played, Raise(600), Fold())
    return played


TWO_25S = FrontChips(chips=((25, 2),))


@pytest.mark.rules("tda-2022 R46-C", "tda-2022 R44")
def test_scenario_T24_one_1000_chip_beside_the_blind_is_a_call() -> None:
    ruling = ask(button_raised_to_600(), "", (1000, 1), front=TWO_25S)
    assert (ruling.action, ruling.change) == (Call(), 450)
    assert rules_cited(ruling) == ["tda-2022 R46-C"]


@pytest.mark.rules("tda-2022 R46-C", "tda-2022 R45-A")
def test_scenario_T25_two_500s_beside_the_blind_are_all_needed_so_a_call() -> None:
    ruling = ask(button_raised_to_600(), "", (500, 2), front=TWO_25S)
    assert (ruling.action, ruling.change) == (Call(), 450)


@pytest.mark.rules("tda-2022 R46-C", "tda-2022 R45-A")
def test_scenario_T26_a_100_and_a_500_beside_the_blind_are_a_call() -> None:
    ruling = ask(button_raised_to_600(), "", (500, 1), (100, 1), front=TWO_25S)
    assert (ruling.action, ruling.change) == (Call(), 50)


@pytest.mark.rules("tda-2022 R46-C", "tda-2022 R45-B")
def test_scenario_T27_a_1000_and_a_500_beside_the_blind_raise_to_1550() -> None:
    ruling = ask(button_raised_to_600(), "", (1000, 1), (500, 1), front=TWO_25S)
    assert (ruling.action, ruling.change, ruling.add) == (Raise(1550), 0, 0)


@pytest.mark.rules("tda-2022 R46-C")
def test_scenario_T28_a_blind_chip_covering_the_call_joins_the_new_chip_raise_to_1500() -> None:
    # NLHE 50-100: the big blind posted one 1000 chip (900 change still due); raise to 700.
    played, _ = table([BIG] * 3, button=0, blinds=(50, 100))
    play(played, Raise(700), Fold())
    ruling = ask(played, "", (500, 1), front=FrontChips(chips=((1000, 1),)))
    assert (ruling.action, ruling.change, ruling.add) == (Raise(1500), 0, 0)
    assert rules_cited(ruling)[0] == "tda-2022 R46-C"


@pytest.mark.rules("tda-2022 R46-C", "tda-2022 R44")
def test_scenario_T29_blind_pulled_back_and_one_1000_chip_is_a_call() -> None:
    ruling = ask(button_raised_to_600(), "", (1000, 1), front=FrontChips(pulled_back=50))
    assert (ruling.action, ruling.change) == (Call(), 400)


@pytest.mark.rules("tda-2022 R46-C", "tda-2022 R45-A", "tda-2022 R45-B")
def test_scenario_T30_blind_pulled_back_and_several_chips_go_by_the_multiple_chip_rule() -> None:
    pulled = FrontChips(pulled_back=50)
    needed = ask(button_raised_to_600(), "", (500, 2), front=pulled)
    assert (needed.action, needed.change) == (Call(), 400)
    spare = ask(button_raised_to_600(), "", (1000, 1), (500, 1), front=pulled)
    assert spare.action == Raise(1500)


@pytest.mark.rules("tda-2022 R46-C", "tda-2022 R43-A")
def test_scenario_T31_one_25_pulled_back_the_rest_is_judged_together() -> None:
    partly = FrontChips(chips=((25, 1),), pulled_back=25)
    over = ask(button_raised_to_600(), "", (1000, 1), front=partly)
    assert (over.action, over.add) == (Raise(1150), 125)
    short = ask(button_raised_to_600(), "", (500, 1), (100, 1), front=partly)
    assert (short.action, short.change) == (Call(), 25)


@pytest.mark.rules("tda-2022 R45-A", "tda-2022 R46-C")
def test_scenario_T32_all_chips_gathered_and_pushed_may_be_ruled_all_in() -> None:
    played, deck = table([BIG, 2050, BIG], button=2, blinds=(25, 50))
    to_flop(played, deck)
    play(played, Raise(1050))
    ruling = ask(played, "", (1000, 2), gathered_all=True)
    assert ruling.pending
    assert ruling.decided_by is Decider.DIRECTOR
    assert ruling.action == Call()  # the chips alone: every chip needed, a call
    assert ruling.choose("all-in").action == Raise(2000)
    assert ruling.choose("as-counted").change == 950


def flop_1000_2000(players: int = 4) -> Hand:
    played, deck = table([BIG] * players, button=players - 1, blinds=(1000, 2000))
    to_flop(played, deck)
    return played


@pytest.mark.rules("tda-2022 R51-B")
def test_scenario_T39_undercall_of_a_raise_multiway_is_the_directors_call_or_fold() -> None:
    played = flop_1000_2000()
    play(played, Raise(2000), Raise(8000))
    ruling = ask(played, "", (2000, 1))
    assert ruling.pending
    assert ruling.decided_by is Decider.DIRECTOR
    assert ruling.action is None
    full, fold = ruling.choose("call"), ruling.choose("fold-forfeit")
    assert (full.action, full.add) == (Call(), 6000)
    assert (fold.action, fold.forfeit, fold.change) == (Fold(), 2000, 0)


@pytest.mark.rules("tda-2022 R51-B")
def test_scenario_T40_undercall_of_the_opening_bet_must_become_a_full_call() -> None:
    played = flop_1000_2000()
    play(played, Raise(8000))
    ruling = ask(played, "", (2000, 1))
    assert not ruling.pending
    assert (ruling.action, ruling.add) == (Call(), 6000)
    assert rules_cited(ruling) == ["tda-2022 R51-B"]


@pytest.mark.rules("tda-2022 R51-A")
def test_scenario_T41_call_said_in_turn_binds_to_the_full_8000() -> None:
    played = flop_1000_2000()
    play(played, Raise(2000), Raise(8000))
    ruling = ask(played, "call")
    assert (ruling.action, ruling.add) == (Call(), 8000)
    assert rules_cited(ruling) == ["tda-2022 R51-A"]


@pytest.mark.rules("tda-2022 R41")
def test_scenario_T49_one_1000_chip_against_50000_is_the_directors_ruling() -> None:
    played, deck = table([BIG] * 3, button=2, blinds=(2000, 4000))
    to_flop(played, deck)
    play(played, Raise(50_000))
    ruling = ask(played, "", (1000, 1))
    assert ruling.pending
    assert ruling.decided_by is Decider.DIRECTOR
    assert rules_cited(ruling)[0] == "tda-2022 R41"
    assert ruling.choose("call").add == 49_000


@pytest.mark.rules("tda-2022 R43-A", "tda-2022 R40-C")
def test_scenario_T50_fourteen_hundred_said_or_pushed_over_1000_is_a_call() -> None:
    said = ask(flop_bet(1000), "fourteen hundred")
    assert (said.action, said.change) == (Call(), 0)
    assert "tda-2022 R40-C" in rules_cited(said)
    pushed = ask(flop_bet(1000), "", (1000, 1), (100, 4))
    assert (pushed.action, pushed.change) == (Call(), 400)
    raised = ask(flop_bet(1000), "raise fourteen hundred")
    assert (raised.action, raised.add) == (Raise(2000), 2000)  # nothing pushed yet


@pytest.mark.rules("tda-2022 R43-B")
def test_scenario_T51_raise_eight_thousand_is_a_total_of_8000() -> None:
    ruling = ask(flop_bet(2000), "raise eight thousand")
    assert ruling.action == Raise(8000)
    assert rules_cited(ruling) == ["tda-2022 R43-B"]


@pytest.mark.rules("tda-2022 R45-A")
def test_scenario_T52_a_500_and_a_1000_facing_1100_after_a_raise_are_a_call() -> None:
    played, deck = table([BIG] * 3, button=2, blinds=(100, 200))
    to_flop(played, deck)
    play(played, Raise(400), Raise(1100))
    ruling = ask(played, "", (500, 1), (1000, 1))
    assert (ruling.action, ruling.change) == (Call(), 400)


@pytest.mark.rules("tda-2022 R45-A")
def test_scenario_T53_his_last_two_1000s_facing_1050_are_a_call_not_all_in() -> None:
    ruling = ask(flop_bet(1050, blinds=(25, 50), seat1=2050), "", (1000, 2))
    assert (ruling.action, ruling.change) == (Call(), 950)


@pytest.mark.rules("tda-2022 R52-A")
def test_scenario_T54_a_raise_to_1000_where_1200_is_the_minimum_is_brought_up() -> None:
    ruling = ask(flop_bet(600), "raise 1000")
    assert ruling.action == Raise(1200)
    assert rules_cited(ruling) == ["tda-2022 R43-B", "tda-2022 R52-A"]


@pytest.mark.rules("tda-2022 R54-B")
def test_scenario_T55_pot_after_a_short_all_in_big_blind_counts_the_full_blind() -> None:
    played, _ = table([BIG, BIG, 75], button=0, blinds=(50, 100), game="PT")
    ruling = ask(played, "pot")
    assert ruling.action == Raise(350)


@pytest.mark.rules("tda-2022 R57")
def test_scenario_T56_i_bet_five_is_500_in_a_small_pot_and_5000_in_a_big_one() -> None:
    small, deck = table([BIG] * 3, button=2, blinds=(200, 400))
    to_flop(small, deck)  # pot 1200
    five = ask(small, "I bet five")
    assert five.action == Raise(500)
    assert rules_cited(five) == ["tda-2022 R57", "tda-2022 R43-B"]
    big, deck = table([BIG] * 3, button=2, blinds=(200, 400))
    play(big, Raise(2000), Call(), Call())
    deal_pending(big, deck)  # pot 6000
    five_thousand = ask(big, "I bet five")
    assert five_thousand.action == Raise(5000)
    assert rules_cited(five_thousand)[0] == "tda-2022 R57"
    # Both 500 and 5000 fit the pot: the rule reads 5000; the director may read 500 (R1).
    assert five_thousand.decided_by is Decider.DIRECTOR
    assert five_thousand.choose("500").action == Raise(500)


@pytest.mark.rules("tda-2022 R61", "tda-2022 R45-B")
def test_scenario_T57_525_pushed_for_change_over_325_is_a_raise_to_650() -> None:
    ruling = ask(flop_bet(325, blinds=(25, 50)), "", (500, 1), (25, 1))
    assert (ruling.action, ruling.add) == (Raise(650), 125)
    assert "tda-2022 R61" in rules_cited(ruling)


def test_check_is_offered_only_when_nothing_is_pushed() -> None:
    played, deck = table([BIG] * 3, button=2, blinds=(100, 200))
    to_flop(played, deck)
    assert ask(played, "check").action == Check()
