"""TDA 2022 rules of words and chips beyond the numbered scenarios: R40-A (and T10), R44,
R46-B, R49, R54-C, R55, R56, R57, "raise by", all-in, limits, and refused input."""

from __future__ import annotations

import pytest
from tests.live.assist_tables import BIG, ask, play, rules_cited, table, to_flop

from floorman.engine import Call, Check, Fold, Hand, Raise
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.assist.pushing import rule_action
from floorman.live.assist.situation import situation_of
from floorman.live.assist.speech import parse_speech
from floorman.live.assist.types import (
    NO_CHIPS,
    SILENT,
    ChipPush,
    Decider,
    FrontChips,
    Timing,
)
from floorman.rules.profiles import TDA_2022


def flop(bet: int | None = None, *, stacks: tuple[int, ...] = (BIG,) * 3, game: str = "NT") -> Hand:
    """Blinds 100-200, everyone in to the flop; seat 0 has bet ``bet`` if given."""
    played, deck = table(list(stacks), button=len(stacks) - 1, blinds=(100, 200), game=game)
    to_flop(played, deck)
    if bet is not None:
        play(played, Raise(bet))
    return played


@pytest.mark.rules("tda-2022 R40-A")
def test_scenario_T10_unclear_words_against_a_chip_leave_it_to_the_director() -> None:
    played, deck = table([BIG, BIG], button=0, blinds=(1000, 2000))
    to_flop(played, deck)
    ruling = ask(played, "forty-two thousand", (5000, 1), clear=False)
    assert ruling.pending
    assert ruling.decided_by is Decider.DIRECTOR
    assert ruling.action is None
    assert rules_cited(ruling) == ["tda-2022 R40-A"]
    assert ruling.choose("as-said").action == Raise(42_000)
    assert ruling.choose("as-pushed").action == Raise(5000)


@pytest.mark.rules("tda-2022 R40-A", "tda-2022 R51-A")
def test_tda_r40_a_words_first_define_the_bet_and_the_chips_are_changed() -> None:
    ruling = ask(flop(1000), "call", (5000, 1))
    assert (ruling.action, ruling.change) == (Call(), 4000)


@pytest.mark.rules("tda-2022 R40-A")
def test_tda_r40_a_chips_first_define_the_bet_whatever_is_said_after() -> None:
    ruling = ask(flop(1200), "raise", (1000, 2), timing=Timing.AFTER)
    assert (ruling.action, ruling.change) == (Call(), 800)
    assert rules_cited(ruling)[0] == "tda-2022 R40-A"


@pytest.mark.rules("tda-2022 R40-A")
def test_tda_r40_a_words_after_the_chips_do_not_count_even_unclear_or_impossible() -> None:
    unclear = ask(flop(1200), "raise ten thousand", (1000, 2), timing=Timing.AFTER, clear=False)
    assert (unclear.pending, unclear.action) == (False, Call())
    played, _ = table([BIG] * 3, button=0, blinds=(25, 50))
    play(played, Raise(600), Fold())
    pulled = FrontChips(pulled_back=50)
    fold_after = ask(played, "fold", (1000, 1), front=pulled, timing=Timing.AFTER)
    assert (fold_after.action, fold_after.change) == (Call(), 400)


@pytest.mark.rules("tda-2022 R40-A", "tda-2022 R44")
def test_tda_r40_a_a_clear_raise_said_with_the_chip_prevails() -> None:
    ruling = ask(flop(1000), "raise", (5000, 1), timing=Timing.WITH)
    assert ruling.action == Raise(5000)
    assert rules_cited(ruling) == ["tda-2022 R44", "tda-2022 R40-A"]


@pytest.mark.rules("tda-2022 R40-A")
def test_tda_r40_a_unclear_words_that_agree_with_the_chips_stand() -> None:
    ruling = ask(flop(1000), "call", (1000, 1), clear=False)
    assert not ruling.pending
    assert ruling.action == Call()


@pytest.mark.rules("tda-2022 R44")
def test_tda_r44_raise_declared_with_one_chip_is_the_most_the_chip_allows() -> None:
    ruling = ask(flop(1000), "raise", (5000, 1))
    assert (ruling.action, ruling.change, ruling.add) == (Raise(5000), 0, 0)


@pytest.mark.rules("tda-2022 R44", "tda-2022 R52-A")
def test_tda_r44_raise_declared_with_a_chip_short_of_a_raise_is_made_the_minimum() -> None:
    ruling = ask(flop(400), "raise", (500, 1))
    assert (ruling.action, ruling.add) == (Raise(800), 300)
    assert "tda-2022 R52-A" in rules_cited(ruling)


@pytest.mark.rules("tda-2022 R44")
def test_tda_r44_one_chip_opening_the_round_bets_its_full_value() -> None:
    ruling = ask(flop(), "", (1000, 1))
    assert (ruling.action, ruling.change) == (Raise(1000), 0)
    assert rules_cited(ruling) == ["tda-2022 R44"]


@pytest.mark.rules("tda-2022 R44")
def test_tda_r44_one_oversized_chip_facing_the_blinds_is_a_call() -> None:
    played, _ = table([BIG] * 3, button=2, blinds=(100, 200))
    ruling = ask(played, "", (1000, 1))  # the button, first to act
    assert (ruling.action, ruling.change) == (Call(), 800)


@pytest.mark.rules("tda-2022 R46-B")
def test_tda_r46_b_pulling_back_the_blind_then_folding_is_refused() -> None:
    played, _ = table([BIG] * 3, button=0, blinds=(25, 50))
    play(played, Raise(600), Fold())
    situation = situation_of(played)
    with pytest.raises(IllegalActionError) as refused:
        rule_action(
            situation,
            parse_speech("fold", lang="en"),
            ChipPush(front=FrontChips(pulled_back=50)),
            ruleset=TDA_2022,
        )
    assert str(refused.value.ruling.rule) == "tda-2022 R46-B"


@pytest.mark.rules("tda-2022 R49")
def test_tda_r49_a_short_call_on_a_wrong_count_is_the_full_bet_unless_the_director_says() -> None:
    ruling = ask(flop(5000), "", (1000, 3), counted_wrong=True)
    assert ruling.pending
    assert ruling.decided_by is Decider.DIRECTOR
    assert (ruling.action, ruling.add) == (Call(), 2000)
    assert rules_cited(ruling)[0] == "tda-2022 R49"
    released = ruling.choose("fold-returned")
    assert (released.action, released.change, released.forfeit) == (Fold(), 3000, 0)


@pytest.mark.rules("tda-2022 R54-C")
def test_tda_r54_c_pot_in_no_limit_binds_to_at_least_the_minimum() -> None:
    facing = ask(flop(1000), "pot")
    assert facing.action == Raise(2000)
    assert rules_cited(facing) == ["tda-2022 R54-C"]
    opening = ask(flop(), "pot")
    assert opening.action == Raise(200)
    with_chips = ask(flop(1000), "pot", (1000, 3))
    assert (with_chips.action, with_chips.change) == (Raise(3000), 0)


@pytest.mark.rules("tda-2022 R55")
def test_tda_r55_check_facing_a_bet_leaves_the_player_call_or_fold() -> None:
    ruling = ask(flop(1000), "check")
    assert ruling.pending
    assert ruling.decided_by is Decider.PLAYER
    assert ruling.action is None
    assert {c.key for c in ruling.choices} == {"call", "fold"}
    assert rules_cited(ruling) == ["tda-2022 R55"]


@pytest.mark.rules("tda-2022 R55")
def test_tda_r55_call_with_nothing_to_call_is_a_check() -> None:
    ruling = ask(flop(), "call")
    assert ruling.action == Check()
    assert ruling.ruling.key == "call-is-check"


@pytest.mark.rules("tda-2022 R56", "tda-2022 R42")
def test_tda_r56_chips_in_two_motions_count_only_the_first() -> None:
    ruling = ask(flop(400), motions=(((100, 4),), ((400, 2),)))
    assert (ruling.action, ruling.change) == (Call(), 800)
    assert rules_cited(ruling)[0] == "tda-2022 R56"
    declared = ask(flop(400), "raise", motions=(((100, 4),), ((400, 2),)))
    assert declared.action == Raise(1200)  # said first: no string bet


@pytest.mark.rules("tda-2022 R57")
def test_tda_r57_a_bare_number_with_no_meaning_within_the_pot_goes_to_the_director() -> None:
    played, _ = table([BIG] * 3, button=2, blinds=(200, 400))  # pot 600 before the button
    ruling = ask(played, "raise five")
    assert ruling.pending
    assert ruling.decided_by is Decider.DIRECTOR
    assert [c.key for c in ruling.choices] == ["5000", "50000"]
    assert ruling.choose("5000").action == Raise(5000)


@pytest.mark.rules("tda-2022 R57")
def test_tda_r57_the_chips_pushed_settle_what_five_means() -> None:
    played, _ = table([BIG] * 3, button=2, blinds=(200, 400))
    ruling = ask(played, "raise five", (1000, 5))
    assert (ruling.action, ruling.change) == (Raise(5000), 0)


@pytest.mark.rules("redcactus 47-B")
def test_raise_by_an_amount_adds_it_to_the_bet_faced() -> None:
    ruling = ask(flop(1000, stacks=(BIG,) * 3), "raise by 3000")
    assert ruling.action == Raise(4000)
    russian = ask(flop(1000), "рейз на 3000", lang="ru")
    assert russian.action == Raise(4000)


@pytest.mark.rules("tda-2022 R3")
def test_all_in_said_is_the_whole_stack_or_a_call_when_short() -> None:
    assert ask(flop(1000, stacks=(BIG, 5200, BIG)), "all in").action == Raise(5000)
    short = ask(flop(1000, stacks=(BIG, 1000, BIG)), "all in")
    assert short.action == Call()  # 800 left: an all-in call


@pytest.mark.rules("tda-2022 R54-B")
def test_pot_limit_all_in_and_oversized_chips_stop_at_the_pot() -> None:
    played = flop(game="PT")  # pot 600
    ruling = ask(played, "all in")
    assert ruling.action == Raise(600)
    chip = ask(played, "", (5000, 1))
    assert (chip.action, chip.change) == (Raise(600), 4400)


@pytest.mark.rules("tda-2022 R47-A")
def test_a_raise_said_where_betting_is_not_reopened_is_a_call() -> None:
    # Seat 0 bets 1000, seat 1 goes all-in for 1400 (short of a raise), seat 2 calls.
    played = flop(1000, stacks=(BIG, 1600, BIG))
    play(played, Raise(1400), Call())
    ruling = ask(played, "raise 5000")
    assert (ruling.action, ruling.add) == (Call(), 400)
    assert "tda-2022 R47" in rules_cited(ruling)


@pytest.mark.rules("tda-2022 R43-A")
def test_limit_chips_over_a_bet_raise_only_to_the_fixed_size() -> None:
    played, deck = table([BIG] * 3, button=2, bets=(100, 200), game="FT")
    to_flop(played, deck)
    play(played, Raise(100))
    over = ask(played, "", (100, 3))
    assert (over.action, over.change) == (Raise(200), 100)
    short = ask(played, "", (100, 1), (25, 1))
    assert (short.action, short.change) == (Call(), 25)
    assert ask(played, "raise").action == Raise(200)


def test_refused_input_names_its_constraint() -> None:
    situation = situation_of(flop(1000))
    cases = [
        (SILENT, NO_CHIPS, "nothing"),
        (SILENT, ChipPush.of((1000, 200)), "chips"),
    ]
    for declaration, push, constraint in cases:
        with pytest.raises(MalformedInputError) as refused:
            rule_action(situation, declaration, push, ruleset=TDA_2022)
        assert refused.value.constraint == constraint
    played, _ = table([BIG] * 3, button=0, blinds=(25, 50))
    play(played, Raise(600), Fold())  # the big blind has 50 in front
    one_25_of_50 = ChipPush.of((1000, 1), front=FrontChips(chips=((25, 1),)))
    with pytest.raises(MalformedInputError) as missing:
        rule_action(situation_of(played), SILENT, one_25_of_50, ruleset=TDA_2022)
    assert missing.value.constraint == "front"
    from floorman.live.assist.speech import parse_speech

    with pytest.raises(MalformedInputError) as no_amount:
        rule_action(situation, parse_speech("raise", lang="en"), ruleset=TDA_2022)
    assert no_amount.value.constraint == "raise-amount"
    with pytest.raises(MalformedInputError) as not_pending:
        ask(flop(1000), "call").choose("fold")
    assert not_pending.value.constraint == "choice"


def test_bad_chips_and_amounts_are_refused_when_made() -> None:
    for make in (
        lambda: ChipPush.of((0, 1)),
        lambda: ChipPush.of((100, -1)),
        lambda: ChipPush(motions=((),)),
        lambda: FrontChips(pulled_back=-5),
    ):
        with pytest.raises(MalformedInputError) as refused:
            make()
        assert refused.value.constraint == "chips"
