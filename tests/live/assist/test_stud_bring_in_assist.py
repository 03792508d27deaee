"""The dealer assist at the stud bring-in decision: bring in or complete, read from words and
chips (TDA RP-10-E, R40-A, R43-A, R52-A, R56; Belarus 5.8.2, 4.14.3, 4.11; PokerStars Live
4.2.1, 4.13). Antes 5, bring-in 10, completion to 40: every reading is applied to a copy of
the hand and accounts for every chip (``tests.live.assist_tables.prove``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.live.assist_tables import ask, rules_cited
from tests.live.stud_tables import stud_hand

from floorman.engine import Fold, Hand, Raise
from floorman.engine.actions import BringIn
from floorman.live.assist.types import Timing

HOLES = ["Ah Kh 2c", "Ad Kd Qs", "As Ks Js"]  # the 2c brings in


def _bring_in(profile: str, stacks: tuple[int, ...] = (1000, 1000, 1000)) -> Hand:
    hand = stud_hand(stacks, HOLES, profile=profile).hand
    assert hand.legal_options().bring_in is not None
    return hand


@pytest.mark.rules("tda-2022 RP-10-E", "tda-2022 R43-A")
@pytest.mark.parametrize(
    ("chips", "action", "change", "add"),
    [
        (((10, 1),), BringIn(), 0, 0),
        (((5, 4),), BringIn(), 10, 0),  # 10 over the bring-in, short of half the gap of 30
        (((25, 1),), Raise(to=40), 0, 15),  # exactly half the gap completes
        (((100, 1),), Raise(to=40), 60, 0),
        (((5, 1),), BringIn(), 0, 5),  # short: brought up to the bring-in
    ],
)
def test_tda_rp10_silent_chips_at_the_bring_in(
    chips: tuple[tuple[int, int], ...], action: object, change: int, add: int
) -> None:
    ruling = ask(_bring_in("tda-2022"), "", *chips)
    assert (ruling.action, ruling.change, ruling.add) == (action, change, add)
    assert "tda-2022 RP-10-E" in rules_cited(ruling)


@pytest.mark.rules("tda-2022 RP-10-E", "tda-2022 R40-A", "tda-2022 R51-A")
@pytest.mark.parametrize(
    ("said", "chips", "action", "change", "add"),
    [
        ("complete", (), Raise(to=40), 0, 40),
        ("bring it in", ((25, 1),), BringIn(), 15, 0),
        ("call", (), BringIn(), 0, 10),
        ("check", ((10, 1),), BringIn(), 0, 0),
        ("raise", ((10, 1),), Raise(to=40), 0, 30),
        ("bet forty", (), Raise(to=40), 0, 40),
        ("twenty", (), BringIn(), 0, 10),  # said alone, read as chips: short of the standard
        ("all in", (), Raise(to=40), 0, 40),  # the most a limit completion allows
        ("fold", (), BringIn(), 0, 10),  # the lowest door card may not fold
    ],
)
def test_tda_rp10_words_at_the_bring_in(
    said: str, chips: tuple[tuple[int, int], ...], action: object, change: int, add: int
) -> None:
    ruling = ask(_bring_in("tda-2022"), said, *chips)
    assert (ruling.action, ruling.change, ruling.add) == (action, change, add)


@pytest.mark.rules("tda-2022 RP-10-E")
def test_tda_rp10_e_the_next_player_after_an_all_in_door_card_may_fold() -> None:
    hand = _bring_in("tda-2022", (5, 1000, 1000))
    assert hand.legal_options().actor == 1
    ruling = ask(hand, "fold", (10, 1))
    assert (ruling.action, ruling.change) == (Fold(), 10)
    assert ask(hand, "", (10, 1)).action == BringIn()


@pytest.mark.rules("tda-2022 R40-A")
def test_tda_r40_a_chips_first_decide_and_unclear_words_go_to_the_director() -> None:
    hand = _bring_in("tda-2022")
    late = ask(hand, "bring in", (25, 1), (5, 3), timing=Timing.AFTER)
    assert late.action == Raise(to=40)
    unclear = ask(hand, "bring in", (25, 1), (5, 3), clear=False)
    assert unclear.pending
    assert {c.key: c.action for c in unclear.choices} == {
        "as-said": BringIn(),
        "as-pushed": Raise(to=40),
    }


@pytest.mark.rules("tda-2022 R56")
def test_tda_r56_chips_in_two_motions_count_the_first_only() -> None:
    ruling = ask(_bring_in("tda-2022"), "", motions=[((10, 1),), ((10, 3),)])
    assert (ruling.action, ruling.change) == (BringIn(), 30)


@pytest.mark.rules("belarus-sport 5.8.2", "belarus-sport 4.14.3")
def test_belarus_5_8_2_any_evident_excess_over_the_bring_in_completes() -> None:
    hand = _bring_in("belarus-sport")
    ruling = ask(hand, "", (5, 3))
    assert (ruling.action, ruling.add) == (Raise(to=40), 25)
    assert rules_cited(ruling)[0] == "belarus-sport 5.8.2"
    assert "belarus-sport 4.14.3" in rules_cited(ruling)
    assert ask(hand, "бринг-ин", (25, 1), lang="ru").action == BringIn()
    assert ask(hand, "доставляю", lang="ru").action == Raise(to=40)


@pytest.mark.rules("belarus-sport 4.11")
def test_belarus_4_11_a_string_bet_at_the_bring_in_counts_the_first_motion() -> None:
    ruling = ask(_bring_in("belarus-sport"), "", motions=[((10, 1),), ((5, 6),)])
    assert (ruling.action, ruling.change) == (BringIn(), 30)


@pytest.mark.rules("pokerstars-live 4.2.1", "pokerstars-live 4.13")
def test_pokerstars_live_4_2_1_bring_in_and_completion_by_the_standard() -> None:
    hand = _bring_in("pokerstars-live")
    assert ask(hand, "", (20, 1)).action == BringIn()
    assert ask(hand, "", (25, 1)).action == Raise(to=40)
    ruling = ask(hand, "допълвам", lang="bg")
    assert ruling.action == Raise(to=40)
    assert rules_cited(ruling) == ["pokerstars-live 4.2.1"]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["tda-2022", "belarus-sport", "pokerstars-live"]),
    st.lists(st.sampled_from([1, 5, 10, 25, 100]), min_size=1, max_size=4),
)
def test_any_chips_at_the_bring_in_read_as_a_legal_bring_in_or_completion(
    profile: str, chips: list[int]
) -> None:
    hand = _bring_in(profile)
    ruling = ask(hand, "", *((c, 1) for c in chips))  # ask proves it legal and chip-exact
    total = sum(chips)
    assert ruling.action in (BringIn(), Raise(to=40))
    if total >= 40:
        assert ruling.action == Raise(to=40)
    if total <= 10:
        assert ruling.action == BringIn()
